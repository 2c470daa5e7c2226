// The outbox of the workspace on screen (changes kept while the service
// could not be reached, sent later by Rust exactly once:
// `workdesk_core::outbox`): its counts for the status bar's "Waiting to
// send (n)", as Rust pushes them (`outbox-changed`) for the shown
// workspace, and the changes for its screen. Nothing here decides what is
// kept, when it is sent or whether it conflicts.
import type {
  Change,
  Keep,
  Outbox,
  OutboxSummary,
  Pending,
  SaveDialog,
  SavedChanges,
} from "./bindings";
import { ipc } from "./ipc";

class OutboxStore {
  /** The shown workspace's counts; null until known. */
  summary = $state<OutboxSummary | null>(null);
  /** The workspace shown (`demo` for the demo): pushes for another are dropped. */
  #workspace: string | null = null;
  /** Counts every push taken: an answer asked for before a push is older than it. */
  #pushes = 0;

  /** The shown workspace is now `workspace`: its counts are asked for. */
  async show(workspace: string | null) {
    this.#workspace = workspace;
    this.summary = null;
    if (workspace === null) return;
    const pushes = this.#pushes;
    try {
      const outbox = await ipc.outbox();
      if (this.#workspace === workspace && this.#pushes === pushes) this.summary = outbox.summary;
    } catch {
      // No counts: the status bar shows no entry.
    }
  }

  /** Counts Rust pushed for `workspace`. */
  apply(workspace: string, summary: OutboxSummary) {
    if (workspace !== this.#workspace) return;
    this.#pushes += 1;
    if (!same(this.summary, summary)) this.summary = summary;
  }

  /** Every change, for the outbox's screen (its counts updated too, when they changed). */
  async load(): Promise<Outbox> {
    const pushes = this.#pushes;
    const outbox = await ipc.outbox();
    if (this.#pushes === pushes && !same(this.summary, outbox.summary)) this.summary = outbox.summary;
    return outbox;
  }

  sendNow(): Promise<null> {
    return ipc.sendOutboxNow();
  }

  edit(id: number, change: Change): Promise<Pending> {
    return ipc.editChange(id, change);
  }

  discard(id: number): Promise<null> {
    return ipc.discardChange(id);
  }

  clearSent(): Promise<number> {
    return ipc.clearSent();
  }

  resolve(id: number, keep: Record<string, Keep>): Promise<Pending | null> {
    return ipc.resolveConflict(id, keep);
  }

  /** "Save to a file…": the changes not sent yet, as JSON, where the user picks. */
  saveToFile(dialog: SaveDialog): Promise<SavedChanges | null> {
    return ipc.saveChanges(dialog);
  }

  release(id: number): Promise<Pending> {
    return ipc.releaseChange(id);
  }
}

function same(a: OutboxSummary | null, b: OutboxSummary): boolean {
  return a !== null && (Object.keys(b) as (keyof OutboxSummary)[]).every((key) => a[key] === b[key]);
}

export const outbox = new OutboxStore();

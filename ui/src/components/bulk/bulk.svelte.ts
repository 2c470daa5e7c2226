// Changes to many records (Rust's `writing::bulk`): "Change status…" and
// "Assign to…" over the leads selected, "Delete…" over the stakeholders
// selected. Rust keeps one change per record in the outbox and sends each
// once; this follows them: where they stand (`changes_progress`) is asked
// again whenever the outbox's counts change, a stale answer never
// replacing a newer one, and "Stop" withdraws those still waiting
// (`stop_changes`). Which lists offer which change is Rust's word
// (`ResourceSchema.bulk`).
import type { BulkChange, ChangesProgress, LeadPatch } from "../../lib/bindings";
import type { MessageKey } from "../../lib/i18n.svelte";
import { ipc, uiError, type UiError } from "../../lib/ipc";

/** What offers each change, on the bar over the rows selected and in their context menu. */
export const OFFERED: Record<BulkChange, MessageKey> = {
  change_status: "outbox.bulk.change_status",
  assign: "outbox.bulk.assign",
  delete: "outbox.bulk.delete",
};

/** What the user asked for: the change and the records (ids, in page order). */
export type BulkAsk = { change: BulkChange; ids: string[] };

/** The patch "Change status…" (`value`: the status) or "Assign to…" (`value`: the member's id) sends. */
export function leadPatch(change: BulkChange, value: string): LeadPatch {
  return change === "assign" ? { user_member: value } : { status: value };
}

/** One run of a change to many records, from keeping its changes to each one's outcome. */
export class BulkRun {
  /** Whether its changes are kept in the outbox. */
  kept = $state(false);
  /** Where its changes stand; null until first read. */
  progress = $state.raw<ChangesProgress | null>(null);
  /** Why its changes could not be kept (nothing was), or the progress could not be read. */
  error = $state.raw<UiError | null>(null);
  /** Whether "Stop" is under way. */
  stopping = $state(false);
  /** How many "Stop" withdrew (never sent), once it did. */
  withdrawn = $state<number | null>(null);
  #changeIds: number[] = [];
  /** Bumped by every read: an answer to an older one is dropped. */
  #reads = 0;

  /** Keeps one change per record of `ask` (`value`: the status or member; none for a deletion) in the outbox. Whether they were kept. */
  async start(ask: BulkAsk, value: string): Promise<boolean> {
    this.error = null;
    try {
      const kept =
        ask.change === "delete" ? await ipc.deleteStakeholders(ask.ids) : await ipc.changeLeads(ask.ids, leadPatch(ask.change, value));
      this.#changeIds = kept.map((change) => change.id);
      this.kept = true;
      return true;
    } catch (e) {
      this.error = uiError(e);
      return false;
    }
  }

  /** Reads where the changes stand (once kept, and again whenever the outbox's counts change). */
  async refresh(): Promise<void> {
    if (this.#changeIds.length === 0) return;
    const read = ++this.#reads;
    try {
      const progress = await ipc.changesProgress(this.#changeIds);
      if (read === this.#reads) this.progress = progress;
    } catch (e) {
      if (read === this.#reads) this.error = uiError(e);
    }
  }

  /** "Stop": withdraws the changes still waiting; one being sent finishes. */
  async stop(): Promise<void> {
    this.stopping = true;
    try {
      const withdrawn = await ipc.stopChanges(this.#changeIds);
      this.withdrawn = (this.withdrawn ?? 0) + withdrawn.length;
      await this.refresh();
    } catch (e) {
      this.error = uiError(e);
    } finally {
      this.stopping = false;
    }
  }
}

// Rust's word that records of the workspace on screen changed, so the
// screens showing them read again (the `records-changed` event: a write
// sent, changes sent from the outbox, a record found gone, the service
// reachable again, "Work offline" turned off, a new key or address;
// `workdesk_core::reading::changes` decides when, nothing here does). The
// list and the overview follow it and read again in place (their view,
// columns, search words and scroll stay); forms never do (they keep what
// was typed). Events for a workspace not shown are dropped.
import type { ChangedRecords, ResourceName } from "./bindings";

/** A screen that reads again: the resources it shows (null: it does not know yet, any), and how it reads. */
interface Follower {
  resources: () => readonly ResourceName[] | null;
  read: (change: ChangedRecords) => void;
}

/** Whether `change` concerns a screen showing `resources` (null: whatever it shows); no resources named: every screen. */
export function concerns(change: ChangedRecords, resources: readonly ResourceName[] | null): boolean {
  return change.resources.length === 0 || resources === null || change.resources.some((resource) => resources.includes(resource));
}

class RecordsChanged {
  /** The workspace shown (`demo` for the demo; null: none): events for another are dropped. */
  #workspace: string | null = null;
  readonly #followers = new Set<Follower>();

  /** The shown workspace is now `workspace`. */
  show(workspace: string | null) {
    this.#workspace = workspace;
  }

  /** What Rust pushed: each screen showing one of its resources reads again. */
  apply(change: ChangedRecords) {
    if (change.workspace !== this.#workspace) return;
    for (const follower of [...this.#followers]) {
      if (concerns(change, follower.resources())) follower.read(change);
    }
  }

  /**
   * `read` runs whenever Rust says records of one of `resources()` (asked
   * at each event) changed in the workspace shown; returns what stops it
   * (the screen is gone).
   */
  follow(resources: () => readonly ResourceName[] | null, read: (change: ChangedRecords) => void): () => void {
    const follower = { resources, read };
    this.#followers.add(follower);
    return () => void this.#followers.delete(follower);
  }
}

/** The one store of the window. */
export const recordsChanged = new RecordsChanged();

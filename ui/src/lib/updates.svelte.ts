// Workdesk's own updates as Rust decides them (`workdesk_core::updates`):
// the status it returns or pushes (`update-status-changed`, after the
// periodic check) is shown as it is; nothing here decides whether to look,
// what a newer version leads to, or whether a download can be trusted.
// Statuses arrive by three ways (a command's reply, the download's
// progress channel, the periodic check's event) in an order that is not
// always the order Rust sent them in: the newest revision is kept.
import { Channel } from "@tauri-apps/api/core";
import { events, type SaveDialog, type UpdateStatus } from "./bindings";
import { ipc, uiError, type UiError } from "./ipc";

class Updates {
  /** The status Rust gave last; null until it has. */
  status = $state<UpdateStatus | null>(null);
  /** Why the last "Check now", install or download failed (the dialog and Preferences show it). */
  error = $state<UiError | null>(null);
  /** Whether "Check now" is waiting for its answer. */
  checking = $state(false);
  /** Whether the update's dialog is open. */
  open = $state(false);
  #listening = false;

  /** Shows `status` unless one Rust sent later is already shown (its revision is larger). */
  #apply(status: UpdateStatus) {
    if (this.status === null || status.revision >= this.status.revision) this.status = status;
  }

  /** Asks for the status, and follows what Rust pushes from then on (once). */
  async load() {
    if (!this.#listening) {
      this.#listening = true;
      void events.updateStatusChanged.listen((event) => this.#apply(event.payload.status)).catch(() => {});
    }
    try {
      this.#apply(await ipc.updateStatus());
    } catch {
      // No status: nothing about updates is shown.
    }
  }

  /** "Check now". */
  async check() {
    this.error = null;
    this.checking = true;
    try {
      this.#apply(await ipc.checkForUpdate());
    } catch (e) {
      this.error = uiError(e);
    } finally {
      this.checking = false;
    }
  }

  /**
   * "Install and restart", or "Download the package…" (the save dialog
   * with `dialog`'s words): the status follows the download as it goes.
   */
  async install(dialog: SaveDialog) {
    this.error = null;
    const progress = new Channel<UpdateStatus>();
    progress.onmessage = (status) => this.#apply(status);
    try {
      const done = await ipc.installUpdate(dialog, progress);
      if (done) this.#apply(done);
    } catch (e) {
      const error = uiError(e);
      if (error.kind !== "cancelled") this.error = error;
      await this.load();
    }
  }

  /** Cancels the download under way. */
  async cancel() {
    await ipc.cancelUpdate().catch(() => {});
  }
}

/** The app's one view of its updates. */
export const updates = new Updates();

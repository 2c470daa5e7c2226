// The workspace the window shows, as Rust's status says (one of the user's,
// the demo, or none yet: the first-run setup): applying a new status (its
// language, density, zoom; another workspace starts at its last list), the
// notices about saved data and settings, the error of a command, "Work
// offline", and the setup form over the workspace ("Add workspace…",
// "Change connection", or a key the service refused). Switching away asks
// first when a form holds unsent input (lib/leave-question.svelte.ts).
import { untrack } from "svelte";
import type { Notice, ResourceSchema, SessionOnlyReason, SettingsNotice, WorkspaceStatus } from "./bindings";
import { downloads } from "./downloads.svelte";
import { i18n } from "./i18n.svelte";
import { ipc, uiError, type UiError } from "./ipc";
import type { LeaveQuestion } from "./leave-question.svelte";
import { markFirstScreenPainted } from "./marks";
import { outbox } from "./outbox.svelte";
import { pins } from "./pins.svelte";
import { recordsChanged } from "./records-changed";
import type { Router } from "./router.svelte";
import { session } from "./session.svelte";
import { afterPaint, firstStatus } from "./start";

export class Workspace {
  status: WorkspaceStatus | null;
  // The status `show` last applied (Rust's, never the prerendered one):
  // what a new one is compared with; null until Rust's first answer, which
  // a refusal lets the user ask for again.
  applied = $state.raw<WorkspaceStatus | null>(null);
  // Raw: schemas come whole from Rust and are never changed in place; read
  // through a deep proxy, every field a cell formats by would be a signal.
  schemas = $state.raw<ResourceSchema[]>([]);
  error = $state<UiError | null>(null);
  /** The settings file was unreadable at start and set aside: said once, until dismissed. */
  settingsNotice = $state<SettingsNotice | null>(null);
  /** What to tell the user about saved data, once, until dismissed: a file set aside, or nothing kept after quitting. */
  savedNotice = $state<{ notice: Notice | null; memoryOnly: SessionOnlyReason | null } | null>(null);
  /** "Change connection": the setup form over a working workspace, cancellable. */
  editing = $state(false);
  /** "Add workspace…": the setup form for a new workspace, cancellable. */
  adding = $state(false);
  /** The form over the workspace: "Add workspace…", "Change connection", or a key the service refused (401) in the workspace on screen. */
  prompt = $derived.by(() => {
    const status = this.status;
    if (status === null || status.mode === "setup") return null;
    if (this.adding) return { adding: true, refused: null };
    if (status.mode !== "service") return null;
    if (this.editing) return { adding: false, refused: null };
    return session.keyRefused ? { adding: false, refused: session.keyRefused } : null;
  });
  readonly #router: Router;
  readonly #question: LeaveQuestion;

  /** `first`: the prerendered first-run status shown until Rust's first answer (lib/first-screen.ts). */
  constructor(first: WorkspaceStatus | null, router: Router, question: LeaveQuestion) {
    this.status = $state(untrack(() => first));
    this.#router = router;
    this.#question = question;
  }

  /** Asks Rust for the status and the schemas, and shows them. */
  async refresh() {
    try {
      const [next, all] = await Promise.all(firstStatus());
      this.schemas = all;
      const firstAnswer = this.applied === null;
      this.show(next);
      if (firstAnswer) void markFirstScreenPainted();
    } catch (e) {
      this.error = uiError(e);
    }
  }

  /** Once the workspace's saved data is open: what to tell the user about it, once. */
  async checkSavedData() {
    try {
      const storage = await ipc.storage();
      const mine = storage.workspaces.find((w) => w.on_screen);
      const memoryOnly = this.status?.mode === "service" && mine?.kept?.kind === "session_only" ? mine.kept.reason : null;
      this.savedNotice = storage.notice || memoryOnly ? { notice: storage.notice, memoryOnly } : null;
    } catch {
      // Storage shows the reason when opened.
    }
  }

  /** "Work offline" on or off; turned off, Rust says the records changed and the screen on view reads again (lib/records-changed.ts). */
  async setWorkingOffline(on: boolean) {
    try {
      const now = await ipc.setWorkingOffline(on);
      session.setWorkingOffline(now);
      if (this.status) this.status = { ...this.status, working_offline: now };
    } catch (e) {
      this.error = uiError(e);
    }
  }

  /** Shows `next` workspace status, starting at its last list when the workspace changed. */
  show(next: WorkspaceStatus) {
    const applied = this.applied;
    const changed = applied?.mode !== next.mode || applied?.base_url !== next.base_url || applied?.workspace?.id !== next.workspace?.id;
    this.applied = next;
    this.status = next;
    this.error = null;
    if (next.mode === "setup") afterPaint(() => void this.#router.screens.list());
    else void this.#router.screens.list();
    if (next.settings_notice) this.settingsNotice = next.settings_notice;
    i18n.use(next.language);
    session.density = next.density;
    session.zoom = next.zoom_percent;
    session.setWorkingOffline(next.working_offline);
    if (changed) {
      session.reset();
      downloads.reset();
      this.savedNotice = null;
      this.#router.screen = next.opens_overview ? { kind: "overview" } : { kind: "list", resource: next.last_resource };
      // The service refused this key before: its saved records are hidden
      // until a key it accepts is entered, so ask for one at once.
      if (next.mode === "service" && next.key.refusal) session.keyRefused = next.key.refusal;
      const shown = next.mode === "demo" ? "demo" : next.mode === "service" ? (next.workspace?.id ?? null) : null;
      recordsChanged.show(shown);
      void outbox.show(shown);
      void pins.show(shown);
      if (next.mode !== "setup") {
        // Once the new screen is painted, so that the list's answer is
        // taken before theirs: the notice about saved data, and the budget
        // once (its changes are pushed from now on).
        afterPaint(() => {
          void this.checkSavedData();
          void session.refreshRateLimit();
        });
      }
    }
  }

  /**
   * "Add workspace…" from the menu: a workspace added is shown at once, which
   * replaces the screen, so a half-filled form under the add form asks first
   * (the form stays until the new workspace shows: Cancel keeps it).
   */
  addWorkspace() {
    void this.#question.leave(() => (this.adding = true));
  }

  leaveDemo() {
    void this.#question.leave(() => void this.change(ipc.stopDemo));
  }

  /**
   * The setup form's workspace is ready: shown. Same workspace, new key or
   * address: Rust says its records changed, and the list or overview on
   * screen reads again in place (lib/records-changed.ts); a form keeps
   * what was typed.
   */
  ready(next: WorkspaceStatus) {
    this.editing = false;
    this.adding = false;
    session.reset();
    this.show(next);
  }

  closePrompt() {
    this.editing = false;
    this.adding = false;
    session.keyRefused = null;
  }

  /** Shows the status a workspace command returned, or says why it failed. */
  async change(action: () => Promise<WorkspaceStatus>) {
    try {
      this.show(await action());
    } catch (e) {
      this.error = uiError(e);
    }
  }

  /** Opens workspace `id` (not the one on screen). */
  switchTo(id: string) {
    const status = this.status;
    if (status?.mode !== "demo" && status?.workspace?.id === id) return;
    void this.#question.leave(() => void this.change(() => ipc.switchWorkspace(id)));
  }

  openDemo() {
    if (this.status?.mode !== "demo") void this.#question.leave(() => void this.change(ipc.startDemo));
  }

  /** Whether a form or a question is over the workspace (or there is none): the menu bar and Ctrl+1…9 wait. */
  blocked(): boolean {
    return this.status === null || this.status.mode === "setup" || this.prompt !== null || this.#question.asking !== null;
  }
}

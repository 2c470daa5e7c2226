// `workdesk://` links (docs/links.md). "Copy link" puts on the clipboard
// the link Rust makes of a record or a saved view. A link that arrives
// (Rust's `link-arrived`, a second launch's; or the one Workdesk was
// started with, asked for once the first status is shown) opens where
// Rust says: the workspace it names first (asking, as any switch does,
// when a form holds what was typed), then the resource's list with the
// record's details or the saved view. A link that does not open is said
// in the window's error banner, and nothing else changes.
import type { LinkOpening, WorkspaceStatus } from "./bindings";
import { copyTextOf } from "./clipboard";
import { errorText } from "./errors";
import { t } from "./i18n.svelte";
import { ipc, uiError, type UiError } from "./ipc";
import type { LeaveQuestion } from "./leave-question.svelte";
import type { Router } from "./router.svelte";
import type { Screen } from "./sections";
import type { Workspace } from "./workspace.svelte";

/** The screen link `opening` shows: its resource's list, with the record's details or the saved view. */
export function linkScreen(opening: LinkOpening): Screen {
  const link = opening.record !== null ? { record: opening.record } : { view: opening.view ?? "" };
  return { kind: "list", resource: opening.resource, link };
}

/** What "Copy link" did: the link put on the clipboard (`copied`), the link to copy by hand (the clipboard refused it), or why there is none. */
export type Copied = { copied: boolean; link: string } | { copied: false; error: UiError };

/** Asks Rust for a link (`make`) and puts it on the clipboard: call it from the click itself, before anything is awaited. */
export async function copyLink(make: () => Promise<string>): Promise<Copied> {
  const made = make();
  const copying = copyTextOf(made).catch(() => false);
  let link: string;
  try {
    link = await made;
  } catch (e) {
    return { copied: false, error: uiError(e) };
  }
  return { copied: await copying, link };
}

/** What "Copy link" of a row's menu did, in words (for a status line): copied, or why not. */
export function copiedText(copied: Copied): string {
  if ("error" in copied) return errorText(copied.error);
  return copied.copied ? t("links.copied") : t("links.copy_failed_menu");
}

/** What opening a link needs of the window: the workspace shown and how it changes, and where the window goes. */
export interface LinkWindow {
  /** The status on screen. */
  readonly status: WorkspaceStatus | null;
  /** Says an error in the window's banner. */
  fail(error: UiError): void;
  /** Shows the status `action` returns (or says why it failed). */
  change(action: () => Promise<WorkspaceStatus>): Promise<void>;
  /** Does `proceed` once it may: after asking, when a form holds what was typed. */
  leave(proceed: () => void): void;
  /** Goes to `screen` (asking first when a form holds what was typed). */
  go(screen: Screen): void;
  /** Goes to `screen` at once. */
  goNow(screen: Screen): void;
}

/** The window's `app`, `router` and leave `question`, as opening a link needs them. */
export function linkWindow(app: Workspace, router: Router, question: LeaveQuestion): LinkWindow {
  return {
    get status() {
      return app.status;
    },
    fail: (error) => (app.error = error),
    change: (action) => app.change(action),
    leave: (proceed) => void question.leave(proceed),
    go: (screen) => router.go(screen),
    goNow: (screen) => router.goNow(screen),
  };
}

/** Opens the link that arrived, if one waits: where Rust says, or says why not. */
export async function openArrivedLink(window: LinkWindow): Promise<void> {
  let opening: LinkOpening | null;
  try {
    opening = await ipc.openLink();
  } catch (e) {
    window.fail(uiError(e));
    return;
  }
  if (!opening) return;
  const screen = linkScreen(opening);
  const to = opening.switch_to;
  if (to === null) {
    window.go(screen);
    return;
  }
  window.leave(() => {
    void window.change(() => ipc.switchWorkspace(to)).then(() => {
      const shown = window.status;
      if (shown?.mode === "service" && shown.workspace?.id === to) window.goNow(screen);
    });
  });
}

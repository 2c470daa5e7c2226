// The window's own keyboard shortcuts, as one table tried in order (the
// first that matches a key press handles it): F1 or `?` opens the list of
// shortcuts; Ctrl + / - / 0 (⌘ on macOS) zoom; Ctrl+1…Ctrl+9 open the first
// nine workspaces, unless a form or a question is over the workspace. The
// keys themselves are lib/shortcuts.ts's; a list's own (Ctrl+K, Ctrl+F,
// `/`) are the list's.
import { helpShortcut, workspaceShortcut, zoomShortcut } from "./shortcuts";

/** What the shortcuts need of the window. */
export type ShortcutTarget = {
  /** Whether the list of shortcuts is open. */
  helpOpen: boolean;
  /** The zoom, in percent, and the levels it steps through. */
  zoom: number;
  zoomSteps: readonly number[];
  /** The workspaces Ctrl+1…Ctrl+9 open, in order; null while they cannot be switched. */
  workspaces: readonly { id: string }[] | null;
  openHelp: () => void;
  /** Zooms as `event` asks (it has a zoom to go to). */
  zoomBy: (event: KeyboardEvent) => void;
  switchTo: (id: string) => void;
};

type Shortcut = {
  /** Whether `event` is this shortcut's. */
  matches: (event: KeyboardEvent, target: ShortcutTarget) => boolean;
  run: (event: KeyboardEvent, target: ShortcutTarget) => void;
};

/** The workspace Ctrl+1…Ctrl+9 in `event` opens, if there is one. */
const workspaceOf = (event: KeyboardEvent, target: ShortcutTarget) => {
  const position = target.workspaces === null ? null : workspaceShortcut(event);
  return position === null ? undefined : target.workspaces?.[position];
};

export const SHORTCUTS: Shortcut[] = [
  {
    matches: (event, target) => !target.helpOpen && helpShortcut(event),
    run: (event, target) => {
      event.preventDefault();
      target.openHelp();
    },
  },
  {
    matches: (event, target) => zoomShortcut(event, target.zoom, target.zoomSteps) !== null,
    run: (event, target) => target.zoomBy(event),
  },
  {
    matches: (event, target) => workspaceOf(event, target) !== undefined,
    run: (event, target) => {
      event.preventDefault();
      target.switchTo(workspaceOf(event, target)!.id);
    },
  },
];

/** Handles `event` with the first shortcut it is; whether one did. */
export function runShortcut(event: KeyboardEvent, target: ShortcutTarget): boolean {
  const shortcut = SHORTCUTS.find((s) => s.matches(event, target));
  shortcut?.run(event, target);
  return shortcut !== undefined;
}

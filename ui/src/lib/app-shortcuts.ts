// The window's own keyboard shortcuts, as one table tried in order (the
// first that matches a key press handles it): Ctrl+1…Ctrl+9 (⌘ on macOS)
// open the first nine workspaces, unless a form or a question is over the
// workspace; Ctrl + / - / 0 zoom; Ctrl+P prints what is on screen
// (lib/print.svelte.ts); Ctrl+K opens the command palette
// (components/palette/); F1 or `?` opens the list of shortcuts.
// The same table gives that list its "Everywhere" rows. The keys
// themselves are lib/shortcuts.ts's; a list's own (Ctrl+F, Ctrl+Shift+F, `/`)
// are the list's.
import type { MessageKey } from "./i18n.svelte";
import { helpShortcut, paletteShortcut, printShortcut, workspaceShortcut, zoomShortcut } from "./shortcuts";

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
  /** Prints what is on screen; null while a question or form is over the workspace. */
  print: (() => void) | null;
  /** Opens the command palette; null while it cannot open (a question, a dialog, the palette itself). */
  palette?: (() => void) | null;
};

/** A row of the list of shortcuts: the key combinations (each a list of keys) and what they do. */
export type SheetRow = { keys: string[][]; what: MessageKey };

type Shortcut = {
  /** Whether `event` is this shortcut's. */
  matches: (event: KeyboardEvent, target: ShortcutTarget) => boolean;
  run: (event: KeyboardEvent, target: ShortcutTarget) => void;
  /** Its rows in the list of shortcuts, written with the platform's modifier `mod` (Ctrl, ⌘). */
  rows: (mod: string) => SheetRow[];
};

/** The workspace Ctrl+1…Ctrl+9 in `event` opens, if there is one. */
const workspaceOf = (event: KeyboardEvent, target: ShortcutTarget) => {
  const position = target.workspaces === null ? null : workspaceShortcut(event);
  return position === null ? undefined : target.workspaces?.[position];
};

export const SHORTCUTS: Shortcut[] = [
  {
    matches: (event, target) => workspaceOf(event, target) !== undefined,
    run: (event, target) => {
      event.preventDefault();
      target.switchTo(workspaceOf(event, target)!.id);
    },
    rows: (mod) => [{ keys: [[mod, "1"], ["…"], [mod, "9"]], what: "shortcuts.workspace" }],
  },
  {
    matches: (event, target) => zoomShortcut(event, target.zoom, target.zoomSteps) !== null,
    run: (event, target) => target.zoomBy(event),
    rows: (mod) => [
      { keys: [[mod, "+"]], what: "shortcuts.zoom_in" },
      { keys: [[mod, "-"]], what: "shortcuts.zoom_out" },
      { keys: [[mod, "0"]], what: "shortcuts.zoom_reset" },
    ],
  },
  {
    matches: (event) => printShortcut(event),
    run: (event, target) => {
      // Also kept from the webview's own print (WebView2's Ctrl+P).
      event.preventDefault();
      target.print?.();
    },
    rows: (mod) => [{ keys: [[mod, "P"]], what: "print.shortcut" }],
  },
  {
    matches: (event) => paletteShortcut(event),
    run: (event, target) => {
      event.preventDefault();
      target.palette?.();
    },
    rows: (mod) => [{ keys: [[mod, "K"]], what: "palette.shortcut" }],
  },
  {
    matches: (event, target) => !target.helpOpen && helpShortcut(event),
    run: (event, target) => {
      event.preventDefault();
      target.openHelp();
    },
    rows: () => [{ keys: [["F1"], ["?"]], what: "shortcuts.help" }],
  },
];

/** The list of shortcuts' "Everywhere" rows: the window's own shortcuts, from the table above. */
export function windowRows(mod: string): SheetRow[] {
  return SHORTCUTS.flatMap((shortcut) => shortcut.rows(mod));
}

/** Handles `event` with the first shortcut it is; whether one did. */
export function runShortcut(event: KeyboardEvent, target: ShortcutTarget): boolean {
  const shortcut = SHORTCUTS.find((s) => s.matches(event, target));
  shortcut?.run(event, target);
  return shortcut !== undefined;
}

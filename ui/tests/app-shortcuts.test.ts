// The window's shortcuts as one table (lib/app-shortcuts.ts): F1 or `?`,
// Ctrl + / - / 0, Ctrl+1…Ctrl+9, tried in order; the list of shortcuts made from it.
import { describe, expect, test } from "vitest";
import { runShortcut, SHORTCUTS, windowRows, type ShortcutTarget } from "../src/lib/app-shortcuts";

const STEPS = [50, 75, 100, 110, 125, 150];

function target(over: Partial<ShortcutTarget> = {}) {
  const done: string[] = [];
  const t: ShortcutTarget = {
    helpOpen: false,
    zoom: 100,
    zoomSteps: STEPS,
    workspaces: [{ id: "a" }, { id: "b" }],
    openHelp: () => done.push("help"),
    zoomBy: () => done.push("zoom"),
    switchTo: (id) => done.push(`switch ${id}`),
    print: () => done.push("print"),
    palette: () => done.push("palette"),
    ...over,
  };
  return { t, done };
}

const key = (key: string, init: KeyboardEventInit = {}) => new KeyboardEvent("keydown", { key, cancelable: true, ...init });

describe("the window's shortcuts", () => {
  test("one table, tried in order", () => {
    expect(SHORTCUTS).toHaveLength(5);
  });

  test("Ctrl+K opens the command palette, on any screen, and only when it may open", () => {
    const { t, done } = target();
    const k = key("k", { ctrlKey: true });
    expect(runShortcut(k, t)).toBe(true);
    // Kept from the webview (a browser's own Ctrl+K).
    expect(k.defaultPrevented).toBe(true);
    expect(done).toEqual(["palette"]);
    const closed = target({ palette: null });
    runShortcut(key("k", { ctrlKey: true }), closed.t);
    expect(closed.done).toEqual([]);
    // Ctrl+Shift+K is not it.
    expect(runShortcut(key("K", { ctrlKey: true, shiftKey: true }), t)).toBe(false);
  });

  test("F1 and ? open the list of shortcuts, unless it is open", () => {
    const { t, done } = target();
    const f1 = key("F1");
    expect(runShortcut(f1, t)).toBe(true);
    expect(f1.defaultPrevented).toBe(true);
    expect(runShortcut(key("?"), t)).toBe(true);
    expect(done).toEqual(["help", "help"]);
    const open = target({ helpOpen: true });
    expect(runShortcut(key("F1"), open.t)).toBe(false);
    expect(open.done).toEqual([]);
  });

  test("Ctrl + / - / 0 zoom when there is a level to go to", () => {
    const { t, done } = target();
    expect(runShortcut(key("=", { ctrlKey: true }), t)).toBe(true);
    expect(runShortcut(key("-", { ctrlKey: true }), t)).toBe(true);
    // Already at 100 %.
    expect(runShortcut(key("0", { ctrlKey: true }), t)).toBe(false);
    expect(done).toEqual(["zoom", "zoom"]);
  });

  test("Ctrl+1…Ctrl+9 open the workspace at that place, if there is one and nothing is over the workspace", () => {
    const { t, done } = target();
    const second = key("2", { ctrlKey: true, code: "Digit2" });
    expect(runShortcut(second, t)).toBe(true);
    expect(second.defaultPrevented).toBe(true);
    expect(runShortcut(key("3", { ctrlKey: true, code: "Digit3" }), t)).toBe(false);
    expect(done).toEqual(["switch b"]);
    const blocked = target({ workspaces: null });
    expect(runShortcut(key("1", { ctrlKey: true, code: "Digit1" }), blocked.t)).toBe(false);
    expect(blocked.done).toEqual([]);
  });

  test("Ctrl+P prints what is on screen, kept from the webview's own print; not while something is over the workspace", () => {
    const { t, done } = target();
    const print = key("p", { ctrlKey: true });
    expect(runShortcut(print, t)).toBe(true);
    expect(print.defaultPrevented).toBe(true);
    expect(runShortcut(key("P", { ctrlKey: true, shiftKey: true }), t)).toBe(false);
    expect(runShortcut(key("p"), t)).toBe(false);
    expect(done).toEqual(["print"]);
    const blocked = target({ print: null });
    expect(runShortcut(key("p", { ctrlKey: true }), blocked.t)).toBe(true);
    expect(blocked.done).toEqual([]);
  });

  test("other keys are left alone", () => {
    const { t, done } = target();
    const a = key("a");
    expect(runShortcut(a, t)).toBe(false);
    expect(a.defaultPrevented).toBe(false);
    expect(done).toEqual([]);
  });
});

describe("the list of shortcuts", () => {
  test("its Everywhere rows are the window's table, each shortcut with its rows", () => {
    for (const shortcut of SHORTCUTS) expect(shortcut.rows("Ctrl").length).toBeGreaterThan(0);
    expect(windowRows("Ctrl").map((row) => row.what)).toEqual([
      "shortcuts.workspace",
      "shortcuts.zoom_in",
      "shortcuts.zoom_out",
      "shortcuts.zoom_reset",
      "print.shortcut",
      "palette.shortcut",
      "shortcuts.help",
    ]);
    expect(windowRows("⌘")[0].keys).toEqual([["⌘", "1"], ["…"], ["⌘", "9"]]);
  });
});

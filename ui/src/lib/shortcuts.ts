// Keyboard shortcuts: Ctrl+1…Ctrl+9 (⌘1…⌘9 on macOS) open the first nine
// workspaces, in the order they were added; Ctrl + / - / 0 zoom the window;
// Ctrl+K (⌘K) opens the command palette from every screen; in a list,
// Ctrl+F (⌘F) goes to the search box and Ctrl+Shift+F (⌘⇧F) or `/` opens
// the filters; the platform's command key (Ctrl, ⌘) for row selection and
// copying.

/** Whether the app runs on macOS (its shortcuts use ⌘ instead of Ctrl). */
function onMac(): boolean {
  return typeof navigator !== "undefined" && /Mac/i.test(navigator.platform || navigator.userAgent);
}

/** The modifier the shortcuts are written with: `Ctrl`, or `⌘` on macOS. */
export function shortcutModifier(): string {
  return onMac() ? "⌘" : "Ctrl";
}

/** The command key as `aria-keyshortcuts` names it: `Control`, or `Meta` on macOS. */
export function ariaModifier(): string {
  return onMac() ? "Meta" : "Control";
}

/** Whether the platform's command key (Ctrl, ⌘ on macOS) is held in `event`. */
export function commandKey(event: KeyboardEvent | MouseEvent): boolean {
  return onMac() ? event.metaKey : event.ctrlKey;
}

/** Whether `el` takes typed text (so `/` there is a character, not a shortcut). */
export function isTextField(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) {
    return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(el.type);
  }
  return el instanceof HTMLElement && el.isContentEditable === true;
}

/**
 * Whether `event` asks to open a list's filters: Ctrl+Shift+F (⌘⇧F), or
 * `/` when the focus is not in a text field.
 */
export function findShortcut(event: KeyboardEvent): boolean {
  const find = commandKey(event) && !event.altKey && event.shiftKey && event.key.toLowerCase() === "f";
  const slash =
    event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextField(document.activeElement);
  return find || slash;
}

/** Whether `event` asks to print what is on screen: Ctrl+P (⌘P on macOS). */
export function printShortcut(event: KeyboardEvent): boolean {
  return commandKey(event) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "p";
}

/** Whether `event` asks for a list's search box: Ctrl+F (⌘F on macOS), the "Find" every program has. */
export function searchShortcut(event: KeyboardEvent): boolean {
  return commandKey(event) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "f";
}

/** Whether `event` asks for the command palette: Ctrl+K (⌘K on macOS), on every screen. */
export function paletteShortcut(event: KeyboardEvent): boolean {
  return commandKey(event) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";
}

/**
 * The workspace position (0 to 8) `event` asks for with Ctrl+1…Ctrl+9
 * (⌘ on macOS; the digit row or the keypad), or null for any other key or
 * with Shift or Alt held.
 */
export function workspaceShortcut(event: KeyboardEvent): number | null {
  const modifier = onMac() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!modifier || event.shiftKey || event.altKey) return null;
  const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1] ?? (/^[1-9]$/.test(event.key) ? event.key : null);
  return digit === null ? null : Number(digit) - 1;
}

/** A change of zoom: a level up or down, or back to 100 %. */
export type ZoomChange = "in" | "out" | "reset";

/**
 * The zoom level `change` leads to from `current` percent through `steps`
 * (LIMITS.zoom_steps): the next level, the previous one, or 100; null when
 * already there. The keys and the menu bar both step with it.
 */
export function zoomStep(change: ZoomChange, current: number, steps: readonly number[]): number | null {
  const next =
    change === "reset" ? 100 : change === "in" ? steps.find((s) => s > current) : [...steps].reverse().find((s) => s < current);
  return next === undefined || next === current ? null : next;
}

/**
 * The zoom `event` asks for with Ctrl (⌘ on macOS) and `+` (or `=`), `-`
 * or `0`, from `current` percent through `steps` (`zoomStep`); null for
 * any other key, and when already at the end.
 */
export function zoomShortcut(event: KeyboardEvent, current: number, steps: readonly number[]): number | null {
  if (!commandKey(event) || event.altKey) return null;
  const key = event.key;
  if (key === "+" || key === "=" || event.code === "NumpadAdd") return zoomStep("in", current, steps);
  if (key === "-" || key === "_" || event.code === "NumpadSubtract") return zoomStep("out", current, steps);
  if ((key === "0" || event.code === "Numpad0") && !event.shiftKey) return zoomStep("reset", current, steps);
  return null;
}

/** Whether `event` asks for the list of shortcuts: F1, or `?` outside a text field. */
export function helpShortcut(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key === "F1" || (event.key === "?" && !isTextField(document.activeElement));
}

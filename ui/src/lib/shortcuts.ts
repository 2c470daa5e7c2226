// Keyboard shortcuts of the window: Ctrl+1…Ctrl+9 (⌘1…⌘9 on macOS) open
// the first nine workspaces, in the order they were added.

/** Whether the app runs on macOS (its shortcuts use ⌘ instead of Ctrl). */
function onMac(): boolean {
  return typeof navigator !== "undefined" && /Mac/i.test(navigator.platform || navigator.userAgent);
}

/** The modifier the shortcuts are written with: `Ctrl`, or `⌘` on macOS. */
export function shortcutModifier(): string {
  return onMac() ? "⌘" : "Ctrl";
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

// Copying for the user: the clipboard where the webview may use it, else
// the text shown in a box, selected, to copy by hand (Ctrl+C).
import { tick } from "svelte";

/** Puts `text` on the clipboard; false when the webview may not. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts the text `text` will be on the clipboard, asked for at once, within
 * the click that wants it: WebKit lets a page write the clipboard only
 * during the user's gesture, which a command's round trip outlasts, so the
 * text goes as a ClipboardItem's promise where the webview has them (else
 * it is written once it is here). False when the webview may not.
 */
export async function copyTextOf(text: Promise<string>): Promise<boolean> {
  if (typeof ClipboardItem !== "undefined" && typeof navigator.clipboard?.write === "function") {
    const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
    // No text (Rust refused): the caller says why; not an unhandled rejection too.
    blob.catch(() => {});
    try {
      await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
      return true;
    } catch {
      // Not from a promise here: written once the text is here, below.
    }
  }
  return copyText(await text);
}

/** Once the box `box` gives is on screen: focuses it and selects its text. */
export async function selectAll(box: () => HTMLTextAreaElement | undefined): Promise<void> {
  await tick();
  box()?.focus();
  box()?.select();
}

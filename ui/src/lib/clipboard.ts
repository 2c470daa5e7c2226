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

/** Once the box `box` gives is on screen: focuses it and selects its text. */
export async function selectAll(box: () => HTMLTextAreaElement | undefined): Promise<void> {
  await tick();
  box()?.focus();
  box()?.select();
}

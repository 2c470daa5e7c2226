// Moving the focus to a row of a table whose long pages are virtualised
// (virtual-rows.ts): the row is scrolled into view first, below the sticky
// header, and a row scrolled in from far away is rendered a frame or two
// later.
import { tick } from "svelte";

/** Row `index` of the table body `body`, if it is rendered. */
function rowAt(body: HTMLElement | undefined, index: number): HTMLTableRowElement | null {
  return body?.querySelector<HTMLTableRowElement>(`tr[data-index="${index}"]`) ?? null;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Scrolls row `index` of `count` into view (`scrollTo`) and focuses it, once rendered in `body`. */
export async function focusRowAt(body: HTMLElement | undefined, scrollTo: (index: number) => void, index: number, count: number) {
  if (index < 0 || index >= count) return;
  scrollTo(index);
  for (let frames = 0; frames < 10 && rowAt(body, index) === null; frames++) {
    await tick();
    if (rowAt(body, index) === null) await nextFrame();
  }
  rowAt(body, index)?.focus({ preventScroll: true });
}

// The cells of one table row, written straight into the DOM: one update
// per row, where a Svelte template costs a block, a derived value and an
// effect per cell (a screen of 6 to 10 columns holds 140 to 300 cells,
// all changed by every "Next page"). The first cell is the row's header
// (`<th scope="row">`), the rest data cells; a cell's element is kept
// from page to page and only what changed is written (its text, tooltip
// and classes), so a new page costs its texts, not new elements.
import type { Cell } from "./table-columns.svelte";

/** A cell as the row shows it: `pending` when its value is an edit not sent yet. */
export type RowCell = Cell & { pending: boolean };

/** The classes of a cell (the table's stylesheet styles them). */
function classes(cell: RowCell): string {
  let name = "";
  if (cell.numeric) name += " num";
  if (cell.unreadable) name += " unreadable";
  if (cell.pending) name += " pending-value";
  return name.slice(1);
}

/** Sets `element`'s text to `text`, followed by the mark `mark` (a `span.pending-mark`) when there is one. */
function writeText(element: HTMLElement, text: string, mark: string | null): void {
  let node = element.firstChild;
  if (node?.nodeType !== Node.TEXT_NODE) {
    node = document.createTextNode(text);
    element.prepend(node);
  } else if ((node as Text).data !== text) (node as Text).data = text;
  let span = node.nextSibling as HTMLElement | null;
  if (mark === null) {
    span?.remove();
    return;
  }
  if (!span) {
    span = document.createElement("span");
    span.className = "pending-mark";
    element.append(span);
  }
  if (span.textContent !== mark) span.textContent = mark;
}

/**
 * Writes `cells` into `row`, the first as the row's header; `mark` (a
 * change not sent yet, in words) follows the first cell's text. Cells
 * beyond `cells` are removed.
 */
export function writeCells(row: HTMLTableRowElement, cells: RowCell[], mark: string | null): void {
  while (row.cells.length > cells.length) row.lastElementChild!.remove();
  cells.forEach((cell, c) => {
    let element = row.cells[c];
    if (!element) {
      element = document.createElement(c === 0 ? "th" : "td");
      if (c === 0) (element as HTMLTableCellElement).scope = "row";
      row.append(element);
    }
    const name = classes(cell);
    if (element.className !== name) element.className = name;
    if (cell.title === undefined) element.removeAttribute("title");
    else if (element.title !== cell.title) element.title = cell.title;
    writeText(element, cell.text, c === 0 ? mark : null);
  });
}

// Rows as text for the clipboard: tab-separated cells of the columns shown,
// in screen order, one line per row, as the cells show them (a value cut on
// screen whole, an amount with every digit), so that it pastes into a
// spreadsheet as cells.
import type { FieldSchema } from "../../lib/bindings";
import { formatValue } from "../../lib/fields";
import type { JsonRecord } from "../../lib/ipc";

/** `records` as tab-separated lines of the `columns` shown. */
export function rowsText(records: JsonRecord[], columns: { name: string; field: FieldSchema | undefined }[]): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, " ");
  return records
    .map((record) =>
      columns
        .map((col) => {
          const shown = formatValue(col.field, col.name, record[col.name]);
          // A value cut on screen is copied whole, an amount with every digit.
          return clean(shown.exact ?? shown.full ?? shown.text);
        })
        .join("\t"),
    )
    .join("\n");
}

/**
 * Whether Ctrl+C copies rows of the table whose body is `body`: focus is
 * on one of its rows and no text is selected (a selected text is copied as
 * the user chose it).
 */
export function copiesRows(body: HTMLElement | undefined): boolean {
  const active = document.activeElement;
  if (!body || !active || !body.contains(active) || !active.matches("tr[data-id]")) return false;
  const text = window.getSelection();
  return !text || text.isCollapsed;
}

/**
 * Follows the document's Copy while focus is on a row of the table whose
 * body `body()` gives (Ctrl+C, Edit › Copy): `rows()` gives the rows as
 * text (null when none), `copied` is told how many were copied. WebKit
 * enables Copy without a text selection only when `beforecopy` is
 * cancelled; the `copy` event then carries the rows. Returns what stops
 * following.
 */
export function followCopy(
  body: () => HTMLElement | undefined,
  rows: () => { text: string; rows: number } | null,
  copied: (rows: number) => void,
): () => void {
  const onBeforeCopy = (event: Event) => {
    if (copiesRows(body()) && rows() !== null) event.preventDefault();
  };
  const onCopy = (event: ClipboardEvent) => {
    if (!copiesRows(body()) || !event.clipboardData) return;
    const chosen = rows();
    if (!chosen) return;
    event.clipboardData.setData("text/plain", chosen.text);
    event.preventDefault();
    copied(chosen.rows);
  };
  document.addEventListener("beforecopy", onBeforeCopy);
  document.addEventListener("copy", onCopy);
  return () => {
    document.removeEventListener("beforecopy", onBeforeCopy);
    document.removeEventListener("copy", onCopy);
  };
}

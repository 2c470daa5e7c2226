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

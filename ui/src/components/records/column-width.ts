// How wide a table column is drawn when the user set no width: its widest
// likely value on the page, measured in the table's font, or its label
// with the sort mark, whichever is wider, plus the cell padding; at most
// 24rem. A value too long for its column ends in "…" and shows whole in
// its tooltip.
import type { FieldSchema } from "../../lib/bindings";
import { formatValue } from "../../lib/fields";
import type { JsonRecord } from "../../lib/ipc";
import { textWidth } from "../../lib/measure";

/** The fonts cells and headers are drawn in, and the root font size in px. */
export type Fonts = { cell: string; head: string; rem: number };

/** A column as the width needs it: its field and its label. */
export type Measured = { name: string; field: FieldSchema | undefined; label: string };

/**
 * The fonts cells and headers are drawn in (the body's, which the table
 * inherits; headers at weight 600) and the root font size in px; null
 * without a document.
 */
export function readFonts(): Fonts | null {
  if (typeof document === "undefined" || !document.body) return null;
  const style = getComputedStyle(document.body);
  const font = (weight: string) => `${style.fontStyle} ${weight} ${style.fontSize} ${style.fontFamily}`;
  return {
    cell: font(style.fontWeight),
    head: font("600"),
    rem: parseFloat(getComputedStyle(document.documentElement).fontSize) || 16,
  };
}

/**
 * Readies the measuring of column widths in the table's fonts (the first
 * width measured in a font waits for the font to be looked up: several
 * milliseconds), so that a list's first page is laid out without that
 * wait. For a first screen that is idle until the user acts (the first-run
 * form, whose "Try the demo workspace" opens a list next).
 */
export function prepareColumnWidths(): void {
  const fonts = readFonts();
  if (fonts === null) return;
  textWidth("0", fonts.cell);
  textWidth("0", fonts.head);
}

/** A long date-time, to measure date-time columns by (besides the page's own values). */
const LONG_DATE_TIME = "2026-12-28T22:58:00Z";

/** How many of a column's longest values (as sent) are measured. */
const LONGEST = 5;

/**
 * The values of `col` most likely to be widest when shown: the five
 * longest as sent (all of them formatted would cost more than the rows
 * in view), its choices, and a long date-time for date-time columns.
 * Found in one pass over the page (it runs for every column of every
 * page): longest first, the earlier of equally long ones first.
 */
function candidates(col: Measured, records: JsonRecord[]): string[] {
  const raw = (value: unknown) =>
    typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
  const longest: JsonRecord[string][] = [];
  const lengths: number[] = [];
  for (const record of records) {
    const value = record[col.name];
    if (value === null || value === undefined) continue;
    const length = raw(value).length;
    let at = lengths.length;
    while (at > 0 && lengths[at - 1] < length) at -= 1;
    if (at >= LONGEST) continue;
    lengths.splice(at, 0, length);
    longest.splice(at, 0, value);
    if (lengths.length > LONGEST) {
      lengths.pop();
      longest.pop();
    }
  }
  const extra = col.field?.kind === "choice" ? col.field.choices : col.field?.kind === "date_time" ? [LONG_DATE_TIME] : [];
  return [...longest, ...extra].map((value) => formatValue(col.field, col.name, value).text);
}

/**
 * Width of `col` in CSS pixels over `records`: its widest likely value
 * (measured in `fonts`, else estimated by characters) or its label with
 * the sort mark, whichever is wider, plus the cell padding; at most 24rem.
 */
export function columnWidth(col: Measured, records: JsonRecord[], fonts: Fonts | null): number {
  const rem = fonts?.rem ?? 16;
  const measure = (text: string, font: string | undefined) =>
    (font ? textWidth(text, font) : null) ?? text.length * 0.62 * rem;
  const value = Math.max(0, ...candidates(col, records).map((text) => measure(text, fonts?.cell)));
  const head = measure(col.label, fonts?.head) + 1.6 * rem;
  const padding = 1.2 * rem + 4;
  return Math.ceil(Math.min(24 * rem, Math.max(value, head, 3 * rem) + padding));
}

/** A cell's tooltip: its own (the UTC instant, the code), else the text when it may be cut. */
export function tooltip(shown: { text: string; title: string }, widthPx: number, fonts: Fonts | null): string | undefined {
  if (shown.title) return shown.title;
  return widthPx >= 24 * (fonts?.rem ?? 16) && shown.text.length > 30 ? shown.text : undefined;
}

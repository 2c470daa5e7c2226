// Text widths for laying out columns without laying out the table: a 2D
// canvas measures a string in a CSS font (`measureText`), far cheaper than
// rendering every cell and reading its box.

let context: CanvasRenderingContext2D | null | undefined;

/**
 * Widths measured, by font and text: a column's labels, choices and
 * most values come again page after page. Emptied when it holds
 * `KEPT_WIDTHS`.
 */
const widths = new Map<string, number>();
const KEPT_WIDTHS = 4096;

/**
 * The width of `text` drawn in `font` (a CSS `font` shorthand, e.g. the
 * computed font of the table), in CSS pixels; `null` where no canvas can
 * measure (tests under jsdom).
 */
export function textWidth(text: string, font: string): number | null {
  if (context === undefined) {
    try {
      context = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
    } catch {
      context = null;
    }
  }
  if (context === null) return null;
  const key = `${font}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    context.font = font;
    width = context.measureText(text).width;
    if (widths.size >= KEPT_WIDTHS) widths.clear();
    widths.set(key, width);
  }
  return width;
}

// Text widths for laying out columns without laying out the table: a 2D
// canvas measures a string in a CSS font (`measureText`), far cheaper than
// rendering every cell and reading its box.

let context: CanvasRenderingContext2D | null | undefined;
/** The font `context` is set to: setting it again parses it again, at a cost like a measure's. */
let contextFont = "";

/**
 * Widths measured, by font, then by text: a column's labels, choices and
 * most values come again page after page. (Keyed by text alone within a
 * font: a key joining the long font string to each text cost more than
 * the lookup saved.) Emptied when it holds `KEPT_WIDTHS`.
 */
const widths = new Map<string, Map<string, number>>();
let kept = 0;
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
  let inFont = widths.get(font);
  if (inFont === undefined) {
    inFont = new Map();
    widths.set(font, inFont);
  }
  let width = inFont.get(text);
  if (width === undefined) {
    if (contextFont !== font) {
      context.font = font;
      contextFont = font;
    }
    width = context.measureText(text).width;
    if (kept >= KEPT_WIDTHS) {
      for (const texts of widths.values()) texts.clear();
      kept = 0;
    }
    inFont.set(text, width);
    kept += 1;
  }
  return width;
}

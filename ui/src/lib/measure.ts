// Text widths for laying out columns without laying out the table: a 2D
// canvas measures a string in a CSS font (`measureText`), far cheaper than
// rendering every cell and reading its box.

let context: CanvasRenderingContext2D | null | undefined;

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
  context.font = font;
  return context.measureText(text).width;
}

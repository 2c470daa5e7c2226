// Which rows of a page are in the DOM. Pages of up to 60 rows are all
// there. Longer ones (100 and 200 rows) are virtualised: only the rows in
// view (and a few either side) exist, between two spacer rows that keep
// the scroll height, so a 200-row page paints in about the time of 30.
import { elementScroll, type Virtualizer } from "@tanstack/svelte-virtual";
import type { Density } from "../../lib/bindings";

/**
 * Rows rendered beyond each edge of the scroll box: enough that a wheel's
 * notch or an arrow key finds its rows already there; every one more is a
 * row more to update and paint on each new page.
 */
export const OVERSCAN_ROWS = 4;
/** Pages up to this many rows are rendered whole. */
export const ALL_ROWS_UP_TO = 60;
/** Rows rendered of a long page before its scroll box is measured. */
export const FIRST_ROWS = 30;
/** Row height before one is measured, in CSS pixels, by density. */
export const ROW_PX: Record<Density, number> = { normal: 33, compact: 25 };

/** The rows in the DOM (indexes into the page) and the heights of the spacers before and after them, in CSS pixels. */
export type Rendered = { indexes: number[]; before: number; after: number };

/** What of the virtualiser the rows need. */
export type Virtual = {
  getVirtualItems(): { index: number; start: number; end: number }[];
  getTotalSize(): number;
  options: { scrollMargin: number };
};

/** The rows of a page of `count` rendered through `virtualizer`, rows being `rowPx` high. */
export function renderedRows(count: number, virtualizer: Virtual, rowPx: number): Rendered {
  const all = (n: number) => Array.from({ length: n }, (_, i) => i);
  if (count <= ALL_ROWS_UP_TO) return { indexes: all(count), before: 0, after: 0 };
  const items = virtualizer.getVirtualItems();
  if (items.length === 0) {
    // Not measured yet (first render, or hidden): the top of the page.
    const n = Math.min(count, FIRST_ROWS);
    return { indexes: all(n), before: 0, after: (count - n) * rowPx };
  }
  const margin = virtualizer.options.scrollMargin;
  return {
    indexes: items.map((item) => item.index),
    before: Math.max(0, items[0].start - margin),
    after: Math.max(0, virtualizer.getTotalSize() + margin - items[items.length - 1].end),
  };
}

/** Rows that fit in a scroll box `height` pixels high under a header `margin` high, for Page Up and Page Down. */
export function rowsPerScreen(height: number, margin: number, rowPx: number): number {
  return Math.max(1, Math.floor((height - margin) / rowPx) - 1);
}

/** What of the virtualiser `fitRows` sets. */
export type Fitted = {
  options: { scrollMargin: number };
  scrollElement: Element | null;
  setOptions(options: { estimateSize: (index: number) => number; scrollMargin: number; scrollPaddingStart: number }): void;
  measure(): void;
};

/**
 * Fits `virtualizer` to the rows and header as measured (`rowHeight`,
 * `headHeight`; rows are one line each: one height for all), unless it
 * already is, with `scroller` as its scroll box: the row height now.
 */
export function fitRows(virtualizer: Fitted, scroller: Element | undefined, rowHeight: number, headHeight: number, rowPx: number): number {
  if (rowHeight === rowPx && headHeight === virtualizer.options.scrollMargin && virtualizer.scrollElement === scroller) return rowPx;
  virtualizer.setOptions({ estimateSize: () => rowHeight, scrollMargin: headHeight, scrollPaddingStart: headHeight });
  virtualizer.measure();
  return rowHeight;
}

/** A size in CSS pixels, as the virtualiser takes it. */
type Rect = { width: number; height: number };

/**
 * Follows the scroll box's size for the virtualiser, from its
 * `ResizeObserver` notices only (the first comes with the frame that lays
 * the box out). The virtualiser's own way also reads the box's size at
 * once, which forces a layout of the whole window while the list is still
 * being created, and again at its frame; until the first notice, the
 * virtualiser keeps its `initialRect`. Without `ResizeObserver` (tests), the
 * size is read once.
 */
export function observeScrollBox(instance: { scrollElement: Element | null }, onsize: (rect: Rect) => void): (() => void) | undefined {
  const element = instance.scrollElement as HTMLElement | null;
  if (!element) return undefined;
  if (typeof ResizeObserver === "undefined") {
    onsize({ width: element.offsetWidth, height: element.offsetHeight });
    return undefined;
  }
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize?.[0];
    onsize(
      box
        ? { width: Math.round(box.inlineSize), height: Math.round(box.blockSize) }
        : { width: element.offsetWidth, height: element.offsetHeight },
    );
  });
  observer.observe(element, { box: "border-box" });
  return () => observer.disconnect();
}

/** Scroll boxes the virtualiser has scrolled (or been attached to) before. */
const attached = new WeakSet<Element>();

/**
 * Scrolls the scroll box for the virtualiser, as its own `elementScroll`
 * does, except the first time for a box: the virtualiser then scrolls the
 * box it was just attached to to its first offset, 0 for a new box, which
 * is where the box is already; scrolling there anyway forces a layout of
 * the whole window while the list is still being created.
 */
export function scrollScrollBox<T extends Element, I extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<T, I>,
): void {
  const element = instance.scrollElement;
  if (element && !attached.has(element)) {
    attached.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

// Which rows of a page are in the DOM (virtual-rows.ts): all of a short
// page; of a long one, the virtualiser's, between spacers that keep the
// scroll height; and how the virtualiser is fitted to the measured rows.
import { afterEach, describe, expect, test, vi } from "vitest";
import { ALL_ROWS_UP_TO, FIRST_ROWS, fitRows, observeScrollBox, renderedRows, scrollScrollBox, rowsPerScreen, type Fitted } from "../src/components/records/virtual-rows";

const virtual = (items: { index: number; start: number; end: number }[], total = 0, scrollMargin = 0) => ({
  getVirtualItems: () => items,
  getTotalSize: () => total,
  options: { scrollMargin },
});

describe("rendered rows", () => {
  test("a short page is rendered whole, without spacers", () => {
    const rendered = renderedRows(ALL_ROWS_UP_TO, virtual([]), 33);
    expect(rendered.indexes).toHaveLength(ALL_ROWS_UP_TO);
    expect(rendered).toMatchObject({ before: 0, after: 0 });
  });

  test("a long page not measured yet shows its first rows and keeps the rest's height", () => {
    const rendered = renderedRows(200, virtual([]), 33);
    expect(rendered.indexes).toEqual(Array.from({ length: FIRST_ROWS }, (_, i) => i));
    expect(rendered).toMatchObject({ before: 0, after: (200 - FIRST_ROWS) * 33 });
  });

  test("a long page shows the virtualiser's rows between spacers, below the header", () => {
    const items = [10, 11, 12].map((index) => ({ index, start: 40 + index * 30, end: 40 + (index + 1) * 30 }));
    const rendered = renderedRows(100, virtual(items, 3000, 40), 30);
    expect(rendered).toEqual({ indexes: [10, 11, 12], before: 300, after: 3000 + 40 - (40 + 13 * 30) });
  });

  test("Page Up and Down move by the rows that fit under the header, less one, at least one", () => {
    expect(rowsPerScreen(400, 40, 30)).toBe(11);
    expect(rowsPerScreen(0, 40, 30)).toBe(1);
  });
});

describe("fitting the virtualiser", () => {
  function fake(scrollMargin: number, scrollElement: Element | null) {
    const set: unknown[] = [];
    let measured = 0;
    const v: Fitted = {
      options: { scrollMargin },
      scrollElement,
      setOptions: (options) => set.push({ ...options, size: options.estimateSize(0) }),
      measure: () => (measured += 1),
    };
    return { v, set, measured: () => measured };
  }

  test("to the measured row and header heights, once", () => {
    const box = document.createElement("div");
    const { v, set, measured } = fake(0, box);
    expect(fitRows(v, box, 28, 36, 33)).toBe(28);
    expect(set).toEqual([{ estimateSize: expect.any(Function), scrollMargin: 36, scrollPaddingStart: 36, size: 28 }]);
    expect(measured()).toBe(1);
  });

  test("not again when nothing changed", () => {
    const box = document.createElement("div");
    const { v, set } = fake(36, box);
    expect(fitRows(v, box, 28, 36, 28)).toBe(28);
    expect(set).toEqual([]);
  });

  test("again when the scroll box is another", () => {
    const { v, set } = fake(36, null);
    fitRows(v, document.createElement("div"), 28, 36, 28);
    expect(set).toHaveLength(1);
  });
});

describe("the scroll box's size", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("comes from ResizeObserver's notices only: nothing is read (no layout forced) while the list is created", () => {
    const observers: { notify: (entries: unknown[]) => void; disconnected: boolean }[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        disconnected = false;
        constructor(readonly notify: (entries: unknown[]) => void) {
          observers.push(this);
        }
        observe() {}
        disconnect() {
          this.disconnected = true;
        }
      },
    );
    const box = document.createElement("div");
    const read = vi.spyOn(box, "offsetHeight", "get");
    const sizes: { width: number; height: number }[] = [];
    const stop = observeScrollBox({ scrollElement: box }, (rect) => sizes.push(rect));
    expect(sizes).toEqual([]);
    expect(read).not.toHaveBeenCalled();
    observers[0].notify([{ borderBoxSize: [{ inlineSize: 800.4, blockSize: 599.6 }] }]);
    expect(sizes).toEqual([{ width: 800, height: 600 }]);
    stop?.();
    expect(observers[0].disconnected).toBe(true);
  });

  test("is read once where there is no ResizeObserver", () => {
    vi.stubGlobal("ResizeObserver", undefined);
    const box = document.createElement("div");
    vi.spyOn(box, "offsetHeight", "get").mockReturnValue(420);
    const sizes: { width: number; height: number }[] = [];
    observeScrollBox({ scrollElement: box }, (rect) => sizes.push(rect));
    expect(sizes).toEqual([{ width: 0, height: 420 }]);
  });
});

describe("scrolling the scroll box", () => {
  type Instance = Parameters<typeof scrollScrollBox>[2];
  const boxOf = () => {
    const box = document.createElement("div");
    const scrollTo = vi.fn();
    box.scrollTo = scrollTo as unknown as typeof box.scrollTo;
    const instance = { scrollElement: box, options: { horizontal: false } } as unknown as Instance;
    return { scrollTo, instance };
  };

  test("a new box is left where it is (the top) when the virtualiser is attached to it: no layout forced", () => {
    const { scrollTo, instance } = boxOf();
    scrollScrollBox(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  test("every later scroll is made, to the top as anywhere (Home, a row brought into view)", () => {
    const { scrollTo, instance } = boxOf();
    scrollScrollBox(0, {}, instance);
    scrollScrollBox(660, {}, instance);
    scrollScrollBox(0, {}, instance);
    expect(scrollTo.mock.calls.map(([options]) => (options as ScrollToOptions).top)).toEqual([660, 0]);
  });

  test("a first offset other than the top is scrolled to", () => {
    const { scrollTo, instance } = boxOf();
    scrollScrollBox(330, {}, instance);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});

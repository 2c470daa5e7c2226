// The rows selected in a table (selection.svelte.ts): click, Shift-click,
// Ctrl-click, Shift+Up/Down, Ctrl+A, a new page; and where the row keys
// move the focus.
import { describe, expect, test } from "vitest";
import { RowSelection, rowId, rowTarget } from "../src/components/records/selection.svelte";

const rows = ["a", "b", "c", "d", "e", "f"];
const plain = { shift: false, toggle: false };
const shift = { shift: true, toggle: false };
const toggle = { shift: false, toggle: true };
const ids = (selection: RowSelection) => selection.chosen(rows);

describe("clicks", () => {
  test("a click selects one row and opens it; it becomes the anchor", () => {
    const selection = new RowSelection();
    expect(selection.click(rows, 1, plain)).toBe(true);
    expect(ids(selection)).toEqual(["b"]);
    expect(selection.anchor).toBe("b");
    expect(selection.click(rows, 3, plain)).toBe(true);
    expect(ids(selection)).toEqual(["d"]);
  });

  test("Shift-click selects the range from the anchor, either way, without opening or moving the anchor", () => {
    const selection = new RowSelection();
    selection.click(rows, 1, plain);
    expect(selection.click(rows, 4, shift)).toBe(false);
    expect(ids(selection)).toEqual(["b", "c", "d", "e"]);
    selection.click(rows, 0, shift);
    expect(ids(selection)).toEqual(["a", "b"]);
    expect(selection.anchor).toBe("b");
  });

  test("Shift-click with no anchor selects the row alone", () => {
    const selection = new RowSelection();
    selection.click(rows, 2, shift);
    expect(ids(selection)).toEqual(["c"]);
    expect(selection.anchor).toBeNull();
  });

  test("Ctrl-click adds or removes one row, which becomes the anchor, without opening", () => {
    const selection = new RowSelection();
    selection.click(rows, 1, plain);
    expect(selection.click(rows, 3, toggle)).toBe(false);
    selection.click(rows, 5, toggle);
    expect(ids(selection)).toEqual(["b", "d", "f"]);
    selection.click(rows, 3, toggle);
    expect(ids(selection)).toEqual(["b", "f"]);
    expect(selection.anchor).toBe("d");
    // A Shift-click then ranges from there.
    selection.click(rows, 1, shift);
    expect(ids(selection)).toEqual(["b", "c", "d"]);
  });

  test("Shift wins over the command key", () => {
    const selection = new RowSelection();
    selection.click(rows, 0, plain);
    selection.click(rows, 2, { shift: true, toggle: true });
    expect(ids(selection)).toEqual(["a", "b", "c"]);
  });
});

describe("keys", () => {
  test("Ctrl+A selects the page", () => {
    const selection = new RowSelection();
    selection.all(rows);
    expect(selection.size).toBe(rows.length);
    expect(ids(selection)).toEqual(rows);
  });

  test("Shift+Down and Shift+Up extend from the focused row when there is no anchor, else from the anchor", () => {
    const selection = new RowSelection();
    selection.extend(rows, 2, 3);
    expect(selection.anchor).toBe("c");
    expect(ids(selection)).toEqual(["c", "d"]);
    selection.extend(rows, 3, 4);
    expect(ids(selection)).toEqual(["c", "d", "e"]);
    selection.extend(rows, 4, 1);
    expect(ids(selection)).toEqual(["b", "c"]);
  });

  test("Enter (or a right-click outside the selection) selects the row alone", () => {
    const selection = new RowSelection();
    selection.all(rows);
    selection.only("e");
    expect(ids(selection)).toEqual(["e"]);
    expect(selection.anchor).toBe("e");
    expect(selection.has("e")).toBe(true);
    expect(selection.has("a")).toBe(false);
  });

  test("the row keys move the focus, within the page", () => {
    const screen = () => 3;
    expect(rowTarget("ArrowDown", 2, 5, screen)).toBe(3);
    expect(rowTarget("ArrowDown", 5, 5, screen)).toBe(5);
    expect(rowTarget("ArrowUp", 2, 5, screen)).toBe(1);
    expect(rowTarget("ArrowUp", 0, 5, screen)).toBe(0);
    expect(rowTarget("PageDown", 1, 5, screen)).toBe(4);
    expect(rowTarget("PageDown", 4, 5, screen)).toBe(5);
    expect(rowTarget("PageUp", 4, 5, screen)).toBe(1);
    expect(rowTarget("PageUp", 1, 5, screen)).toBe(0);
    expect(rowTarget("Home", 4, 5, screen)).toBe(0);
    expect(rowTarget("End", 1, 5, screen)).toBe(5);
    expect(rowTarget("Enter", 1, 5, screen)).toBeNull();
    expect(rowTarget("a", 1, 5, screen)).toBeNull();
  });

  test("Page Up and Down measure the screen only when pressed", () => {
    let measured = 0;
    const screen = () => (measured += 1, 2);
    rowTarget("ArrowDown", 0, 5, screen);
    expect(measured).toBe(0);
    rowTarget("PageDown", 0, 5, screen);
    expect(measured).toBe(1);
  });
});

describe("a new page", () => {
  test("keeps the selected rows still on it, in page order, and drops an anchor that is gone", () => {
    const selection = new RowSelection();
    selection.click(rows, 1, plain);
    selection.click(rows, 3, toggle);
    expect(selection.keep(["d", "b", "x"])).toBe(2);
    expect(selection.anchor).toBe("d");
    expect(selection.keep(["b", "x"])).toBe(1);
    expect(selection.anchor).toBeNull();
    expect(selection.keep(["x"])).toBe(0);
    expect(selection.size).toBe(0);
  });

  test("a refresh of the same rows keeps the same set", () => {
    const selection = new RowSelection();
    selection.all(rows);
    const before = selection.ids;
    selection.keep(rows);
    expect(selection.ids).toBe(before);
  });
});

describe("what is copied or exported", () => {
  test("the selected items in page order, else the focused one", () => {
    const selection = new RowSelection();
    const items = rows.map((id) => ({ id }));
    expect(selection.pick(items, rows, 2)).toEqual([{ id: "c" }]);
    selection.click(rows, 4, plain);
    selection.click(rows, 0, toggle);
    expect(selection.pick(items, rows, 2)).toEqual([{ id: "a" }, { id: "e" }]);
    expect(selection.chosen(rows)).toEqual(["a", "e"]);
    expect(selection.pick([], [], 0)).toEqual([]);
  });

  test("rows are known by their record's id, as text", () => {
    expect(rowId({ id: "x-1" })).toBe("x-1");
    expect(rowId({ id: 7 })).toBe("7");
    expect(rowId({ id: null })).toBe("");
    expect(rowId({})).toBe("");
  });
});

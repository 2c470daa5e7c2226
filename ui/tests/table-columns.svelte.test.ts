// A table's columns (table-columns.svelte.ts): fields and labels, widths
// (dragged, the user's, measured), resizing by keys and by dragging, moving
// a column by its header, sort keys, and cells as shown.
import { describe, expect, test } from "vitest";
import { flushSync } from "svelte";
import type { SortSpec } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";
import { MAX_WIDTH, MIN_WIDTH } from "../src/lib/columns";
import { RESIZE_STEP, TableColumns, type ColumnProps } from "../src/components/records/table-columns.svelte";
import { invoiceRecord, supplierInvoiceSchema } from "./fixtures/records";

function columnsOver(over: Partial<ColumnProps> = {}) {
  const props = $state({
    schema: supplierInvoiceSchema,
    columns: ["name", "operation_status", "total", "unknown"],
    records: [invoiceRecord(1), invoiceRecord(2, { total: "12.5" })] as JsonRecord[],
    sort: [] as SortSpec[],
    userWidths: {} as Partial<Record<string, number>>,
    ...over,
  });
  return { props, columns: new TableColumns(props, null) };
}

describe("columns", () => {
  test("each shown field with its label, kind and whether it sorts, in screen order", () => {
    const { columns } = columnsOver();
    expect(columns.list.map(({ name, label, numeric, sortable }) => ({ name, label, numeric, sortable }))).toEqual([
      { name: "name", label: "Name", numeric: false, sortable: true },
      { name: "operation_status", label: "Operation status", numeric: false, sortable: true },
      { name: "total", label: "Total", numeric: true, sortable: true },
      { name: "unknown", label: "Unknown", numeric: false, sortable: false },
    ]);
  });

  test("follow the table's columns as they change", () => {
    const { props, columns } = columnsOver();
    props.columns = ["total", "name"];
    flushSync();
    expect(columns.list.map((c) => c.name)).toEqual(["total", "name"]);
    expect(columns.widths).toHaveLength(2);
  });
});

describe("widths", () => {
  test("measured from the page, at least the label's, at most 24rem", () => {
    const { props, columns } = columnsOver();
    const [name, , total] = columns.widths;
    expect(name).toBeGreaterThan(total);
    props.records = [invoiceRecord(1, { name: "x".repeat(500) })];
    expect(columns.widths[0]).toBe(Math.ceil(24 * 16));
  });

  test("another page whose columns come out as wide keeps the same widths and fractions (what shows them is not run again); a wider one changes them", () => {
    const { props, columns } = columnsOver();
    const widths = columns.widths;
    const fractions = columns.widestFraction;
    let runs = 0;
    const stop = $effect.root(() => {
      $effect(() => {
        void columns.widths;
        runs += 1;
      });
    });
    flushSync();
    props.records = [invoiceRecord(3), invoiceRecord(4, { total: "13.5" })];
    flushSync();
    expect(columns.widths).toBe(widths);
    expect(columns.widestFraction).toBe(fractions);
    expect(runs).toBe(1);
    props.records = [invoiceRecord(5, { name: "x".repeat(60), total: "1.125" })];
    flushSync();
    expect(columns.widths).not.toBe(widths);
    expect(columns.widths[0]).toBeGreaterThan(widths[0]);
    expect(columns.widestFraction).not.toBe(fractions);
    expect(runs).toBe(2);
    stop();
  });

  test("the user's width wins over the measured one, and the one being dragged over both", () => {
    const { props, columns } = columnsOver();
    props.userWidths = { total: 222 };
    expect(columns.widths[2]).toBe(222);
    columns.startResize("total", 222);
    columns.resizeBy("total", 222, 40.4);
    expect(columns.widths[2]).toBe(262);
    expect(columns.endResize()).toBe(262);
    expect(columns.dragging).toBeNull();
    expect(columns.widths[2]).toBe(222);
  });

  test("a drag stays within the smallest and the largest width", () => {
    const { columns } = columnsOver();
    columns.startResize("name", 100);
    columns.resizeBy("name", 100, -1000);
    expect(columns.widths[0]).toBe(MIN_WIDTH);
    columns.resizeBy("name", 100, 5000);
    expect(columns.widths[0]).toBe(MAX_WIDTH);
    expect(columns.endResize()).toBe(MAX_WIDTH);
    expect(columns.endResize()).toBeUndefined();
  });

  test("Left and Right on a separator step the width, within bounds; other keys do nothing", () => {
    const { columns } = columnsOver();
    expect(columns.stepped("ArrowRight", 100)).toBe(100 + RESIZE_STEP);
    expect(columns.stepped("ArrowLeft", 100)).toBe(100 - RESIZE_STEP);
    expect(columns.stepped("ArrowLeft", MIN_WIDTH)).toBe(MIN_WIDTH);
    expect(columns.stepped("ArrowRight", MAX_WIDTH)).toBe(MAX_WIDTH);
    expect(columns.stepped("ArrowUp", 100)).toBeNull();
  });
});

describe("order", () => {
  test("a header dropped on another's left or right half moves its column there", () => {
    const { columns } = columnsOver();
    columns.startMove("name");
    expect(columns.moving).toBe(true);
    columns.moveOver(2, true);
    expect(columns.dropAt).toBe(3);
    expect(columns.drop()).toEqual({ field: "name", to: 2 });
    expect(columns.moving).toBe(false);
    expect(columns.dropAt).toBeNull();

    columns.startMove("total");
    columns.moveOver(0, false);
    expect(columns.drop()).toEqual({ field: "total", to: 0 });
  });

  test("dropped on itself or just beside it, nothing moves", () => {
    const { columns } = columnsOver();
    for (const [index, after] of [[1, false], [1, true], [2, false], [0, true]] as const) {
      columns.startMove("operation_status");
      columns.moveOver(index, after);
      expect(columns.drop()).toBeNull();
    }
  });

  test("a drag that is not a column's, or one ended without a drop, changes nothing", () => {
    const { columns } = columnsOver();
    columns.moveOver(1, false);
    expect(columns.dropAt).toBeNull();
    expect(columns.drop()).toBeNull();
    columns.startMove("name");
    columns.moveOver(3, true);
    columns.endMove();
    expect(columns.dropAt).toBeNull();
    expect(columns.drop()).toBeNull();
  });
});

describe("sort keys and cells", () => {
  test("a column's sort key: its position and direction", () => {
    const { columns } = columnsOver({ sort: [{ field: "total", descending: true }, { field: "name" }] });
    expect(columns.sortKey("total")).toEqual({ position: 1, descending: true });
    expect(columns.sortKey("name")).toEqual({ position: 2, descending: false });
    expect(columns.sortKey("operation_status")).toBeNull();
    expect(columns.ariaSort("total")).toBe("descending");
    expect(columns.ariaSort("name")).toBe("ascending");
    expect(columns.ariaSort("operation_status")).toBe("none");
  });

  test("cells as shown: amounts lined up on the page's widest fraction, choices with their code as tooltip, unreadable values said", () => {
    const { columns } = columnsOver({ records: [invoiceRecord(1, { total: "1190.505" }), invoiceRecord(2, { total: "12.5" })] });
    const second = invoiceRecord(2, { total: "12.5" });
    expect(columns.cell(second, 2)).toMatchObject({ numeric: true, unreadable: false });
    expect(columns.cell(second, 2).text).toMatch(/^12\.50\u2007$/);
    expect(columns.cell(second, 1)).toMatchObject({ text: "Complete", title: "CO", numeric: false });
    const unreadable = { ...invoiceRecord(3), __unreadable: { total: "not a number" } } as JsonRecord;
    expect(columns.cell(unreadable, 2)).toMatchObject({ text: "Unreadable value", title: "not a number", unreadable: true, numeric: true });
  });
});

import { describe, expect, test } from "vitest";
import { render } from "@testing-library/svelte";
import RecordTable from "../src/components/records/RecordTable.svelte";
import { recordPage, supplierInvoiceSchema } from "./fixtures/records";
import type { PendingRow } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";

const columns = ["name", "operation_status", "issue_date", "total"];

/** The table's props for `records`, with `pending` changes not sent yet. */
function tableProps(records: JsonRecord[], pending = new Map<string, PendingRow>()) {
  return {
    schema: supplierInvoiceSchema,
    columns,
    records,
    sort: [],
    busy: false,
    caption: "Supplier invoices",
    emptyText: "There are no supplier invoices yet.",
    pending,
    onsort: () => {},
    onopen: () => {},
  };
}

function renderTable(count: number, take: number) {
  return render(RecordTable, tableProps(recordPage(1, count, take).results));
}

/** An edit not sent yet of `record`'s name. */
const renamed = (record: JsonRecord): [string, PendingRow] => [
  String(record.id).toLowerCase(),
  { change_id: 7, mark: "edited", fields: ["name"], record: { ...record, name: "Renamed offline" } },
];

const dataRows = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLTableRowElement>("tbody tr[data-id]"));

describe("the records table", () => {
  test("a page of 50 has every row in the document, numbered for screen readers", () => {
    const { container } = renderTable(50, 50);
    const table = container.querySelector("table")!;
    expect(table.getAttribute("aria-rowcount")).toBe("51");
    const rows = dataRows(container);
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => r.getAttribute("aria-rowindex"))).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 2)));
    expect(container.querySelectorAll("tr.spacer")).toHaveLength(0);
  });

  test("a page of 200 renders its first rows and keeps the rest's height; it never says there are none", () => {
    const { container } = renderTable(200, 200);
    expect(container.querySelector("table")!.getAttribute("aria-rowcount")).toBe("201");
    const rows = dataRows(container);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(200);
    expect(rows[0].getAttribute("aria-rowindex")).toBe("2");
    expect(rows[0].querySelector("th")!.textContent).toBe("FP-2025-000001");
    // The rows not rendered still take their place, so the scroll bar is the page's.
    const after = container.querySelector<HTMLElement>("tr.spacer:last-child")!;
    expect(parseFloat(after.style.height)).toBeGreaterThan(0);
    expect(container.textContent).not.toContain("There are no supplier invoices");
    // One tab stop among the rows.
    expect(rows.filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });

  test("rows are measured with their cells in: the scroll height is the rows' own", async () => {
    // No layout under jsdom: a row is 40 px high once it has cells, as in the app.
    const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetHeight")!;
    Object.defineProperty(HTMLTableRowElement.prototype, "offsetHeight", {
      configurable: true,
      get(this: HTMLTableRowElement) {
        return this.cells.length > 0 ? 40 : 0;
      },
    });
    try {
      const spacer = (container: HTMLElement) => parseFloat(container.querySelector<HTMLElement>("tr.spacer:last-child")!.style.height);
      const { container } = renderTable(200, 200);
      expect(spacer(container) % 40).toBe(0);
      expect(spacer(container) % 33).not.toBe(0);
      // An empty page first, then rows: measured once they are there.
      const later = render(RecordTable, tableProps([]));
      await later.rerender(tableProps(recordPage(1, 200, 200).results));
      expect(spacer(later.container) % 40).toBe(0);
      expect(spacer(later.container) % 33).not.toBe(0);
    } finally {
      delete (HTMLTableRowElement.prototype as { offsetHeight?: number }).offsetHeight;
      expect(Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetHeight")).toEqual(height);
    }
  });

  test("an empty page says so", () => {
    const { container } = renderTable(0, 20);
    expect(dataRows(container)).toHaveLength(0);
    expect(container.textContent).toContain("There are no supplier invoices yet.");
  });
});

describe("changes not sent yet", () => {
  test("an edited row shows the values to be sent, marked, and a row to be deleted says so", () => {
    const records = recordPage(1, 3, 20).results;
    const pending = new Map<string, PendingRow>([
      renamed(records[0]),
      [String(records[1].id).toLowerCase(), { change_id: 8, mark: "deleting", record: records[1] }],
    ]);
    const { container } = render(RecordTable, tableProps(records, pending));
    const rows = Array.from(container.querySelectorAll<HTMLElement>("tbody tr[data-id]"));
    const first = rows[0].querySelector("th")!;
    expect(first).toHaveTextContent("Renamed offlineedited, not sent yet");
    expect(first).toHaveClass("pending-value");
    expect(rows[0]).toHaveClass("pending-edit");
    expect(rows[1]).toHaveClass("pending-delete");
    expect(rows[1].querySelector("th")).toHaveTextContent("to be deleted when sent");
    expect(rows[2].className).not.toMatch(/pending/);
    expect(rows[2].querySelector(".pending-mark")).toBeNull();
  });

  test("the next page, the change sent and a column taken away all show in the rows already there", async () => {
    const records = recordPage(1, 40, 20).results;
    const props = tableProps(records, new Map([renamed(records[0])]));
    const { container, rerender } = render(RecordTable, props);
    const firstCell = () => container.querySelector<HTMLElement>("tbody tr[data-id] th")!;
    expect(firstCell()).toHaveTextContent("Renamed offlineedited, not sent yet");

    // The change sent: the saved value, unmarked.
    await rerender({ ...props, pending: new Map() });
    expect(firstCell()).toHaveTextContent(/^FP-2025-000001$/);
    expect(firstCell()).not.toHaveClass("pending-value");
    expect(container.querySelector(".pending-mark")).toBeNull();

    // The next page: its records in the same rows, every cell with the new values.
    const next = recordPage(2, 40, 20).results;
    await rerender({ ...props, pending: new Map(), records: next });
    const rows = dataRows(container);
    expect(rows[0].getAttribute("data-id")).toBe(String(next[0].id));
    expect(firstCell()).toHaveTextContent(String(next[0].name));
    expect(firstCell().getAttribute("scope")).toBe("row");
    expect(rows[0].querySelectorAll("td")).toHaveLength(columns.length - 1);

    // A column taken away: one cell fewer in every row, the rest in order.
    await rerender({ ...props, pending: new Map(), records: next, columns: ["name", "total"] });
    for (const row of dataRows(container)) expect(row.cells).toHaveLength(2);
    expect(dataRows(container)[0].cells[1]).toHaveClass("num");
  });
});

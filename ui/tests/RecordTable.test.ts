import { describe, expect, test } from "vitest";
import { render } from "@testing-library/svelte";
import RecordTable from "../src/components/records/RecordTable.svelte";
import { recordPage, supplierInvoiceSchema } from "./fixtures/records";
import type { PendingRow } from "../src/lib/bindings";

const columns = ["name", "operation_status", "issue_date", "total"];

function renderTable(count: number, take: number) {
  return render(RecordTable, {
    schema: supplierInvoiceSchema,
    columns,
    records: recordPage(1, count, take).results,
    sort: [],
    busy: false,
    caption: "Supplier invoices",
    emptyText: "There are no supplier invoices yet.",
    onsort: () => {},
    onopen: () => {},
  });
}

const dataRows = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLElement>("tbody tr[data-id]"));

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

  test("an empty page says so", () => {
    const { container } = renderTable(0, 20);
    expect(dataRows(container)).toHaveLength(0);
    expect(container.textContent).toContain("There are no supplier invoices yet.");
  });
});

describe("changes not sent yet", () => {
  test("an edited row shows the values to be sent, marked, and a row to be deleted says so", () => {
    const records = recordPage(1, 3, 20).results;
    const [edited, deleting] = [String(records[0].id), String(records[1].id)];
    const pending = new Map<string, PendingRow>([
      [edited.toLowerCase(), { change_id: 7, mark: "edited", fields: ["name"], record: { ...records[0], name: "Renamed offline" } }],
      [deleting.toLowerCase(), { change_id: 8, mark: "deleting", record: records[1] }],
    ]);
    const { container } = render(RecordTable, {
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
    });
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
});

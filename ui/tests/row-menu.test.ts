// The rows' context menu (context-menu.svelte.ts, RowMenu.svelte): its
// items for a row, Up and Down through them, and what choosing one does.
import { describe, expect, test } from "vitest";
import { render, screen } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import RecordTable from "../src/components/records/RecordTable.svelte";
import { ContextMenu, menuItems, nextItem } from "../src/components/records/context-menu.svelte";
import { lead, leadSchema, uuid } from "./fixtures/forms";
import { invoiceRecord, recordPage, supplierInvoiceSchema } from "./fixtures/records";

describe("the menu's state", () => {
  test("opens where asked for a row, and closing it says which row to go back to", () => {
    const menu = new ContextMenu();
    expect(menu.open).toBeNull();
    expect(menu.close()).toBeUndefined();
    const record = invoiceRecord(4);
    menu.show(10, 20, 3, record);
    expect(menu.open).toEqual({ x: 10, y: 20, index: 3, record });
    expect(menu.close()).toBe(3);
    expect(menu.open).toBeNull();
  });

  test("a row's items: Open, Copy and Export for the selected rows (one at least), Copy link for the row; Export only when the list exports", () => {
    expect(menuItems(0, true)).toEqual([
      { action: "open", label: "Open" },
      { action: "copy", label: "Copy row" },
      { action: "link", label: "Copy link" },
      { action: "export", label: "Export this row…" },
    ]);
    expect(menuItems(3, true).map((i) => i.label)).toEqual(["Open", "Copy 3 rows", "Copy link", "Export these 3 rows…"]);
    expect(menuItems(2, false).map((i) => i.action)).toEqual(["open", "copy", "link"]);
    expect(menuItems(2, false, false, ["change_status", "assign"]).map((i) => i.label)).toEqual(["Open", "Copy 2 rows", "Copy link", "Change status…", "Assign to…"]);
  });

  test("Down and Up move through the items, wrapping around", () => {
    expect(nextItem("ArrowDown", 0, 3)).toBe(1);
    expect(nextItem("ArrowDown", 2, 3)).toBe(0);
    expect(nextItem("ArrowUp", 0, 3)).toBe(2);
    expect(nextItem("ArrowUp", 2, 3)).toBe(1);
    expect(nextItem("ArrowDown", -1, 3)).toBe(0);
    expect(nextItem("Enter", 0, 3)).toBeNull();
  });
});

describe("the menu on a table", () => {
  test("Open opens the row the menu is for, and the focus goes back to it", async () => {
    const opened: unknown[] = [];
    const records = recordPage(1, 5, 20).results;
    const { container } = render(RecordTable, {
      schema: supplierInvoiceSchema,
      columns: ["name", "total"],
      records,
      sort: [],
      busy: false,
      caption: "Supplier invoices",
      emptyText: "None.",
      onsort: () => {},
      onopen: (record: unknown) => opened.push(record),
    });
    const user = userEvent.setup();
    const row = container.querySelectorAll<HTMLElement>("tbody tr[data-id]")[2];
    await user.pointer({ keys: "[MouseRight]", target: row.querySelector("td")! });
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Open", "Copy row", "Copy link"]);
    expect(screen.getByRole("menuitem", { name: "Open" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(opened).toEqual([records[2]]);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(row).toHaveFocus();
  });

  test("a change to many records goes to the list with the rows selected, in page order", async () => {
    const chosen: [string, string[]][] = [];
    const records = [lead({ id: uuid(1) }), lead({ id: uuid(2) }), lead({ id: uuid(3) })];
    const { container } = render(RecordTable, {
      schema: leadSchema,
      columns: ["status"],
      records,
      sort: [],
      busy: false,
      caption: "Leads",
      emptyText: "None.",
      onsort: () => {},
      onopen: () => {},
      onbulk: (change: string, ids: string[]) => chosen.push([change, ids]),
    });
    const user = userEvent.setup();
    const row = (i: number) => container.querySelectorAll<HTMLElement>("tbody tr[data-id]")[i].querySelector("th")!;
    await user.click(row(2));
    await user.keyboard("{Shift>}{ArrowUp}{/Shift}");
    await user.pointer({ keys: "[MouseRight]", target: row(1) });
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Open", "Copy 2 rows", "Copy link", "Change status…", "Assign to…"]);
    await user.click(screen.getByRole("menuitem", { name: "Assign to…" }));
    expect(chosen).toEqual([["assign", [uuid(2), uuid(3)]]]);
  });
});

import { describe, expect, test, vi } from "vitest";
import { screen, within } from "@testing-library/svelte";
import { createRawSnippet } from "svelte";
import type { ListView } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";
import {
  byId,
  invoiceId,
  invoiceRecord,
  listCalls,
  recordPage,
  renderList,
  rowIds,
  uiError,
} from "./fixtures/records";

const DEFAULT_FIELDS = ["name", "operation_status", "invoice_number", "issue_date", "is_pay_authorized", "total", "id"];

describe("opening a list", () => {
  test("asks for the remembered view, then the first page with the default columns", async () => {
    const { calls, container } = await renderList({ count: 2437 });
    expect(calls.map((c) => c.cmd).slice(0, 2)).toEqual(["list_views", "list_records"]);
    expect(listCalls(calls)[0]).toEqual({ page: 1, take: 20, fields: DEFAULT_FIELDS, sort: [], filters: [] });
    // The list on screen is the one whose view is remembered (forms' lookups are not).
    expect(calls.find((c) => c.cmd === "list_records")?.args.remember).toBe(true);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Supplier invoices");
    expect(container.querySelector("p.count")).toHaveTextContent(/^2,?437 supplier invoices$/);
    expect(byId("page-status")).toHaveTextContent("Page 1 of 122");
    expect(rowIds(container)).toHaveLength(20);
    const headers = within(container.querySelector("thead")!).getAllByRole("columnheader").map((h) => h.textContent?.trim());
    expect(headers).toEqual(["Name", "Operation status", "Invoice number", "Issue date", "Payment authorized", "Total"]);
  });

  test("restores the remembered view", async () => {
    const current: ListView = {
      page: 2,
      take: 50,
      fields: ["name", "total", "id"],
      sort: [{ field: "total", descending: true }],
      filters: [{ or: false, not: false, field: "operation_status", operator: "exact", values: ["PR"] }],
    };
    const { calls } = await renderList({ current, count: 120 });
    expect(listCalls(calls)[0]).toEqual(current);
    expect(byId("page-status")).toHaveTextContent("Page 2 of 3");
    expect(screen.getByRole("button", { name: /^Filters/ })).toHaveTextContent("Filters (1)");
    expect(screen.getByRole("columnheader", { name: /Total/ })).toHaveAttribute("aria-sort", "descending");
  });

  test("decimals and integers are right-aligned, date-times carry the UTC instant", async () => {
    const { container } = await renderList({ count: 1 });
    const row = container.querySelector("tbody tr[data-id]")!;
    expect(row.querySelector("th[scope=row]")).toHaveTextContent("FP-2025-000001");
    const cells = row.querySelectorAll("td");
    const total = Array.from(cells).find((c) => /1,?190\.50/.test(c.textContent ?? ""));
    expect(total).toHaveClass("num");
    const when = Array.from(cells).find((c) => c.getAttribute("title") === "2025-03-14 10:00:00 UTC");
    expect(when).toBeDefined();
    expect(container.querySelector("p.count")).toHaveTextContent("1 supplier invoice");
  });

  test("records the page-load marks for the benchmark", async () => {
    performance.clearMarks?.();
    await renderList();
    await vi.waitFor(() => expect(performance.getEntriesByName("workdesk:page-painted").length).toBeGreaterThan(0));
    expect(performance.getEntriesByName("workdesk:page-requested").length).toBeGreaterThan(0);
    expect(performance.getEntriesByName("workdesk:page").length).toBeGreaterThan(0);
    expect(performance.getEntriesByName("workdesk:interactive")).toHaveLength(1);
  });
});

describe("sorting", () => {
  test("a header click sorts by that column, again flips it; shift-click adds a second key", async () => {
    const { calls, user } = await renderList();
    await user.click(screen.getByRole("button", { name: "Total" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toMatchObject({ page: 1, sort: [{ field: "total", descending: false }] });
    await vi.waitFor(() => expect(screen.getByRole("columnheader", { name: /Total/ })).toHaveAttribute("aria-sort", "ascending"));

    await user.click(screen.getByRole("button", { name: "Total" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2].sort).toEqual([{ field: "total", descending: true }]);

    await user.keyboard("{Shift>}");
    await user.click(screen.getByRole("button", { name: "Name" }));
    await user.keyboard("{/Shift}");
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(4));
    expect(listCalls(calls)[3].sort).toEqual([
      { field: "total", descending: true },
      { field: "name", descending: false },
    ]);
    const name = screen.getByRole("columnheader", { name: /Name/ });
    await vi.waitFor(() => expect(name).toHaveAttribute("aria-sort", "ascending"));
    expect(name).toHaveTextContent("▲2");
    expect(screen.getByRole("columnheader", { name: /Total/ })).toHaveTextContent("▼1");
  });
});

describe("pages", () => {
  test("next page, then 'All' rows per page sends take all from page 1", async () => {
    const { calls, user, container } = await renderList({ count: 45 });
    const first = rowIds(container);
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 2 of 3"));
    expect(listCalls(calls)[1]).toMatchObject({ page: 2, take: 20 });
    expect(rowIds(container)[0]).not.toBe(first[0]);

    await user.selectOptions(screen.getByLabelText("Rows per page"), "All");
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2]).toMatchObject({ page: 1, take: "all" });
    await vi.waitFor(() => expect(rowIds(container)).toHaveLength(45));
    expect(byId("page-status")).toHaveTextContent("Page 1 of 1");
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
  });

  test("an empty page while there are records offers the first page", async () => {
    const { calls, user, container } = await renderList({
      count: 45,
      list: (view) => (view.page === 3 ? { count: 45, next: null, previous: null, results: [] } : recordPage(view.page, 45)),
    });
    await user.click(screen.getByRole("button", { name: "Last page" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This page is empty");
    expect(rowIds(container)).toHaveLength(20); // the last good page stays
    await user.click(within(alert).getByRole("button", { name: "Go to the first page" }));
    await vi.waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: 1 }));
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});

describe("errors", () => {
  test("rate limited: says when the budget resets, keeps the page, and can try again", async () => {
    let limited = false;
    const { calls, user, container } = await renderList({
      list: (view) => {
        if (limited) throw uiError("rate_limited", "Too many requests for this API key.", { retry_after_s: 42 });
        return recordPage(view.page, 45);
      },
    });
    limited = true;
    await user.click(screen.getByRole("button", { name: "Next page" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/too many requests for now\. The request budget resets in 42 seconds \(at \d/);
    expect(rowIds(container)[0]).toBe(invoiceId(1));
    expect(byId("page-status")).toHaveTextContent("Page 1 of 3");

    limited = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 2 of 3"));
    expect(listCalls(calls).at(-1)).toMatchObject({ page: 2 });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("a refused key shows the message without buttons (the app asks for the key)", async () => {
    let refuse = false;
    const { user } = await renderList({
      list: (view) => {
        if (refuse) throw uiError("unauthorized", "The service did not accept the API key.");
        return recordPage(view.page, 45);
      },
    });
    refuse = true;
    await user.click(screen.getByRole("button", { name: "Next page" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("did not accept the API key");
    expect(within(alert).queryByRole("button")).toBeNull();
  });
});

describe("the detail panel", () => {
  test("a click opens the record with every field, unknown ones too; Escape returns to the row", async () => {
    const { calls, user, container } = await renderList();
    const row = container.querySelector<HTMLElement>(`tr[data-id="${invoiceId(3)}"]`)!;
    await user.click(row);
    const panel = await screen.findByRole("dialog");
    expect(panel).toHaveAttribute("aria-modal", "false");
    expect(within(panel).getByRole("heading", { name: "FP-2025-000003" })).toBeInTheDocument();
    await within(panel).findByText("legacy_code");
    expect(within(panel).getByText("LX-9")).toBeInTheDocument();
    expect(calls.find((c) => c.cmd === "get_record")?.args).toEqual({ resource: "supplier_invoice", id: invoiceId(3) });

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(container.querySelector(`tr[data-id="${invoiceId(3)}"]`));
  });

  test("rows are one tab stop: arrows, Home and End move, Enter opens", async () => {
    const { user, container } = await renderList();
    const rows = () => Array.from(container.querySelectorAll<HTMLElement>("tbody tr[data-id]"));
    expect(rows().filter((r) => r.tabIndex === 0)).toHaveLength(1);
    rows()[0].focus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(rows()[2]);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(rows()[19]);
    await user.keyboard("{Home}{ArrowDown}");
    expect(document.activeElement).toBe(rows()[1]);
    expect(rows()[1].tabIndex).toBe(0);
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog")).toHaveAccessibleName("FP-2025-000002");
    // Back in the table, Escape still closes the record.
    rows()[1].focus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(rows()[1]);
  });

  test("a record that failed to load says so inside the panel", async () => {
    const { user, container } = await renderList({
      get: () => {
        throw uiError("not_found", "This supplier invoice no longer exists.");
      },
    });
    await user.click(container.querySelector<HTMLElement>("tbody tr[data-id]")!);
    const panel = await screen.findByRole("dialog");
    expect(await within(panel).findByRole("alert")).toHaveTextContent("no longer exists");
    expect(within(panel).getByText("FP-2025-000001", { selector: "dd" })).toBeInTheDocument();
  });

  test("detail actions get the record and a way to close and reload", async () => {
    const seen: JsonRecord[] = [];
    const detailActions = createRawSnippet((record: () => JsonRecord, done: () => () => void) => ({
      render: () => `<button type="button">Approve</button>`,
      setup: (button: Element) => {
        button.addEventListener("click", () => {
          seen.push(record());
          done()();
        });
      },
    }));
    const { calls, user, container } = await renderList({ props: { detailActions } });
    await user.click(container.querySelector<HTMLElement>("tbody tr[data-id]")!);
    const panel = await screen.findByRole("dialog");
    await within(panel).findByText("legacy_code");
    await user.click(within(panel).getByRole("button", { name: "Approve" }));
    expect(seen[0]).toMatchObject({ id: invoiceId(1), legacy_code: "LX-9" });
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("saved views", () => {
  test("saves the current view under a name and applies a saved one from page 1", async () => {
    const weekly: ListView = {
      page: 4,
      take: 50,
      fields: ["name", "total", "id"],
      sort: [{ field: "issue_date", descending: true }],
      filters: [{ or: false, not: true, field: "is_pay_authorized", operator: "exact", values: ["true"] }],
    };
    const { calls, user, container } = await renderList({ saved: [{ name: "Unpaid", view: weekly }] });

    await user.click(screen.getByRole("button", { name: "Save view…" }));
    await user.type(screen.getByLabelText("View name"), "Mine");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "save_view")).toBe(true));
    expect(calls.find((c) => c.cmd === "save_view")?.args).toEqual({
      resource: "supplier_invoice",
      name: "Mine",
      view: { page: 1, take: 20, fields: DEFAULT_FIELDS, sort: [], filters: [] },
    });
    const select = screen.getByLabelText("Saved views") as HTMLSelectElement;
    await vi.waitFor(() => expect(select.value).toBe("Mine"));

    await user.selectOptions(select, "Unpaid");
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toEqual({ ...weekly, page: 1 });
    await vi.waitFor(() =>
      expect(within(container.querySelector("thead")!).getAllByRole("columnheader").map((h) => h.textContent?.trim())).toEqual([
        "Name",
        "Total",
      ]),
    );
    // The saved conditions are ready to edit.
    await user.click(screen.getByRole("button", { name: /^Filters/ }));
    expect(byId<HTMLInputElement>("filter-0-not").checked).toBe(true);
    expect(byId<HTMLSelectElement>("filter-0-field").value).toBe("is_pay_authorized");

    await user.click(screen.getByRole("button", { name: "Delete view" }));
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "delete_view")).toBe(true));
    expect(calls.find((c) => c.cmd === "delete_view")?.args).toEqual({ resource: "supplier_invoice", name: "Unpaid" });
  });

  test("a refused name is shown beside the input and kept", async () => {
    const { user } = await renderList({
      saveView: () => {
        throw uiError("invalid_input", "Give the view a name of 1 to 80 characters.", { field: "name" });
      },
    });
    await user.click(screen.getByRole("button", { name: "Save view…" }));
    const input = screen.getByLabelText("View name") as HTMLInputElement;
    await user.type(input, "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Give the view a name of 1 to 80 characters.")).toHaveAttribute("id", "view-name-error");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input.value).toBe("   ");
  });
});

test("rows come from whatever the service sends, including fields the schema lacks", async () => {
  const { container } = await renderList({
    list: () => ({ count: 1, next: null, previous: null, results: [invoiceRecord(7, { surprise: 1 })] }),
  });
  expect(rowIds(container)).toEqual([invoiceId(7)]);
});

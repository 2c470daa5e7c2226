import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { createRawSnippet, tick } from "svelte";
import ListViewComponent from "../src/components/records/ListView.svelte";
import type { ListView, Page } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";
import { recordsChanged } from "../src/lib/records-changed";
import {
  byId,
  deferred,
  invoiceId,
  invoiceRecord,
  listCalls,
  mockService,
  recordPage,
  renderList,
  rowIds,
  supplierInvoiceSchema,
  uiError,
} from "./fixtures/records";

const LEFT_OUT = "Some columns, sort keys or filters of the saved view no longer exist and were left out.";

/** Lets pending promises and the renders they cause run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * A detail action like the stakeholder delete: a button that opens an
 * alertdialog (aria-modal) inside the panel, closed by Escape from a window
 * listener; its "Delete" calls the panel's close function with `message`.
 */
function confirmingAction(message?: string) {
  return createRawSnippet((_record: () => JsonRecord, done: () => (message?: string) => void) => ({
    render: () => `<div class="confirm-host"><button type="button">Delete record…</button></div>`,
    setup: (host: Element) => {
      const trigger = host.querySelector("button")!;
      let dialog: HTMLElement | null = null;
      const close = () => {
        dialog?.remove();
        dialog = null;
        trigger.focus();
      };
      trigger.addEventListener("click", () => {
        dialog = document.createElement("div");
        dialog.setAttribute("role", "alertdialog");
        dialog.setAttribute("aria-modal", "true");
        dialog.setAttribute("aria-label", "Delete record");
        dialog.innerHTML = `<p>Delete it?</p><button type="button">Delete</button><button type="button">Cancel</button>`;
        const [remove, cancel] = dialog.querySelectorAll("button");
        remove.addEventListener("click", () => {
          dialog?.remove();
          dialog = null;
          done()(message);
        });
        cancel.addEventListener("click", close);
        host.appendChild(dialog);
        cancel.focus();
      });
      const onkeydown = (event: KeyboardEvent) => {
        if (dialog && event.key === "Escape") {
          event.preventDefault();
          close();
        }
      };
      window.addEventListener("keydown", onkeydown);
      return () => window.removeEventListener("keydown", onkeydown);
    },
  }));
}

const DEFAULT_FIELDS = ["name", "issue_date", "operation_status", "total", "invoice_number", "id"];

describe("opening a list", () => {
  test("opens with one call, sent while the list is created: the view Rust chose, then its first page", async () => {
    const calls = mockService({ count: 2437 });
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    const reads = () => calls.map((c) => c.cmd).filter((cmd) => cmd.endsWith("_list"));
    // Sent while the list was being created, before anything awaited.
    expect(reads()).toEqual(["open_list"]);
    expect(listCalls(calls)[0]).toEqual({ page: 1, take: 20, fields: DEFAULT_FIELDS, sort: [], filters: [] });
    await vi.waitFor(() => expect(container.querySelector("p.count")).toHaveTextContent(/^2,?437 supplier invoices$/));
    expect(reads()).toEqual(["open_list"]);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Supplier invoices");
    expect(byId("page-status")).toHaveTextContent("Page 1 of 122");
    expect(rowIds(container)).toHaveLength(20);
    const headers = within(container.querySelector("thead")!).getAllByRole("columnheader").map((h) => h.textContent?.trim());
    expect(headers).toEqual(["Name", "Issue date", "Operation status", "Total", "Invoice number"]);
  });

  test("the saved views come with it", async () => {
    const current: ListView = { page: 3, take: 50, fields: ["name", "total", "id"], sort: [], filters: [] };
    const { calls } = await renderList({ current, count: 200, saved: [{ name: "Big ones", view: { ...current, page: 1 }, left_out: false }] });
    expect(await screen.findByText("Page 3 of 4")).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Big ones" })).toBeInTheDocument();
    expect(calls.filter((c) => c.cmd === "open_list" || c.cmd === "read_list")).toHaveLength(1);
  });

  test("until the views arrive the table waits, then shows the remembered columns, never the default ones", async () => {
    const arrive = deferred<void>();
    const current: ListView = { page: 1, take: 50, fields: ["total", "name", "id"], sort: [], filters: [] };
    mockService({ current, count: 60, viewsSent: arrive.promise });
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    await tick();
    expect(container.querySelector(".records-wrap")).not.toBeVisible();
    arrive.resolve();
    await screen.findByText("Page 1 of 2");
    expect(container.querySelector(".records-wrap")).toBeVisible();
    const headers = within(container.querySelector("thead")!).getAllByRole("columnheader").map((h) => h.textContent?.trim());
    expect(headers).toEqual(["Total", "Name"]);
  });

  test("a view saved before the views arrive stays among the saved views", async () => {
    const arrive = deferred<void>();
    mockService({ count: 45, saved: [{ name: "Older", view: supplierInvoiceSchema.default_view, left_out: false }], viewsSent: arrive.promise });
    const user = userEvent.setup();
    render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    await user.click(screen.getByRole("button", { name: "Save view…" }));
    await user.type(screen.getByLabelText("View name"), "Mine");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("option", { name: "Mine" });
    // The views sent at the open (without "Mine") arrive after the save.
    arrive.resolve();
    await screen.findByText("Page 1 of 3");
    expect(within(screen.getByLabelText("Saved views")).getAllByRole("option").map((o) => o.textContent)).toEqual(["Choose a view…", "Older", "Mine"]);
  });

  test("when opening fails before the views arrive, Retry opens the list again", async () => {
    let refusals = 1;
    const current: ListView = { page: 2, take: 50, fields: ["name", "total", "id"], sort: [], filters: [] };
    const calls = mockService({
      current,
      count: 200,
      refuseOpen: () => (refusals-- > 0 ? uiError("internal", "The saved data could not be read.") : null),
    });
    render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    const alert = await screen.findByRole("alert");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Page 2 of 4")).toBeInTheDocument();
    // Opened again (the remembered view), not the default view read.
    expect(calls.map((c) => c.cmd).filter((cmd) => cmd.endsWith("_list"))).toEqual(["open_list", "open_list"]);
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

describe("the search box", () => {
  test("says what it looks in, and searches the words after a pause in typing, once, from page 1", async () => {
    const { calls, user, container } = await renderList({
      count: 120,
      list: (view) => recordPage(view.page, view.search ? 3 : 120, 20),
    });
    const box = screen.getByRole("searchbox", { name: "Search supplier invoices" });
    expect(box).toHaveAttribute("placeholder", "Search name, invoice number, or supplier");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await user.type(box, "acme sl");
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2]).toMatchObject({ page: 1, search: "acme sl" });
    // Out of the list the same filters showed without the words.
    await vi.waitFor(() => expect(container.querySelector("p.count")).toHaveTextContent("3 of 120 supplier invoices match “acme sl”"));
    // One read for the words typed, not one per key.
    expect(listCalls(calls).filter((view) => view.search)).toHaveLength(1);
    // Escape empties the box, and the whole list comes back.
    await user.keyboard("{Escape}");
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(4));
    expect(listCalls(calls)[3]).toMatchObject({ page: 1, search: "" });
    expect(box).toHaveValue("");
  });

  test("words typed while the list opens are searched for over the view it opens on", async () => {
    const arrive = deferred<void>();
    const current: ListView = { page: 3, take: 50, fields: ["name", "total", "id"], sort: [], filters: [] };
    const calls = mockService({ current, count: 200, viewsSent: arrive.promise });
    const user = userEvent.setup();
    render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    const box = screen.getByRole("searchbox", { name: "Search supplier invoices" });
    await user.type(box, "acme");
    arrive.resolve();
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toMatchObject({ page: 1, take: 50, fields: ["name", "total", "id"], search: "acme" });
    expect(box).toHaveValue("acme");
  });

  test("a saved view chosen shows its own words in the box", async () => {
    const withSearch: ListView = { ...supplierInvoiceSchema.default_view, search: "acme" };
    const { calls, user } = await renderList({ saved: [{ name: "Acme", view: withSearch, left_out: false }] });
    await user.selectOptions(screen.getByLabelText("Saved views"), "Acme");
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(screen.getByRole("searchbox", { name: "Search supplier invoices" })).toHaveValue("acme");
  });

  test("Ctrl+F goes to it (Ctrl+K is the command palette's); Enter searches at once", async () => {
    const { calls, user } = await renderList();
    await user.keyboard("{Control>}k{/Control}");
    expect(screen.getByRole("searchbox", { name: "Search supplier invoices" })).not.toHaveFocus();
    await user.keyboard("{Control>}f{/Control}");
    const box = screen.getByRole("searchbox", { name: "Search supplier invoices" });
    expect(box).toHaveFocus();
    await user.keyboard("FP-2025{Enter}");
    expect(listCalls(calls).at(-1)).toMatchObject({ search: "FP-2025" });
  });

  test("a search the service cannot be sent with the filters is said beside the box, and what was typed stays", async () => {
    const refusal = "The service cannot look for more than one number or code at a time: search one of them, or narrow the list with filters.";
    const { user, container } = await renderList({
      count: 45,
      list: (view) => {
        if (view.search === "2024 2025") {
          throw uiError("invalid_input", "The view cannot be read.", {
            field_errors: { search: [{ source: "check", code: "search_several_words", values: {} }] },
          });
        }
        return recordPage(view.page, 45, 20);
      },
    });
    const box = screen.getByRole("searchbox", { name: "Search supplier invoices" });
    await user.type(box, "2024 2025{Enter}");
    const said = await screen.findByText(refusal);
    expect(said).toHaveAttribute("id", "search-supplier_invoice-error");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAttribute("aria-describedby", "search-supplier_invoice-error");
    expect(box).toHaveValue("2024 2025");
    // Said once, beside the box: no alert above the list, no "reset the view".
    expect(container.querySelector(".list-error")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset to default view" })).toBeNull();
    // One number is fine.
    await user.clear(box);
    await user.type(box, "2025{Enter}");
    await vi.waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
    expect(box).not.toHaveAttribute("aria-invalid");
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

  test("a page past the last (Rust's page_gone, for a 404 or an empty page) offers the first page", async () => {
    const gone = "That page does not exist any more; the list may have become shorter.";
    const { calls, user, container } = await renderList({
      count: 45,
      list: (view) => {
        if (view.page === 3) throw uiError("not_found", gone);
        return recordPage(view.page, 45);
      },
    });
    await user.click(screen.getByRole("button", { name: "Last page" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(gone);
    expect(rowIds(container)).toHaveLength(20); // the last good page stays
    await user.click(within(alert).getByRole("button", { name: "Go to the first page" }));
    await vi.waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: 1 }));
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});

describe("busy", () => {
  test("a page that comes at once replaces the last without dimming it; one that takes long dims it until it comes", async () => {
    const slow = deferred<Page<JsonRecord>>();
    const { calls, user, container } = await renderList({
      count: 65,
      list: (view) => (view.page === 3 ? slow.promise : recordPage(view.page, 65)),
    });
    const table = container.querySelector("table.records")!;
    const busyStates: (string | null)[] = [];
    new MutationObserver(() => busyStates.push(table.getAttribute("aria-busy"))).observe(table, {
      attributes: true,
      attributeFilter: ["aria-busy"],
    });
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 2 of 4"));
    await settle();
    expect(busyStates).not.toContain("true");
    expect(table).not.toHaveAttribute("aria-busy", "true");

    await user.click(screen.getByRole("button", { name: "Next page" })); // page 3: slow
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(table).not.toHaveAttribute("aria-busy", "true");
    await vi.waitFor(() => expect(table).toHaveAttribute("aria-busy", "true"));
    slow.resolve(recordPage(3, 65));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 3 of 4"));
    expect(table).toHaveAttribute("aria-busy", "false");
  });
});

describe("answers out of order", () => {
  test("an earlier, slow answer that arrives after a later one does not replace it", async () => {
    const slow = deferred<Page<JsonRecord>>();
    const { calls, user, container } = await renderList({
      count: 45,
      list: (view) => (view.page === 2 ? slow.promise : recordPage(view.page, 45)),
    });
    await user.click(screen.getByRole("button", { name: "Next page" })); // page 2: slow
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Last page" })); // page 3: at once
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 3 of 3"));
    expect(rowIds(container)[0]).toBe(invoiceId(41));

    slow.resolve(recordPage(2, 45));
    await settle();
    expect(byId("page-status")).toHaveTextContent("Page 3 of 3");
    expect(rowIds(container)).toHaveLength(5);
    expect(rowIds(container)[0]).toBe(invoiceId(41));
    expect(container.querySelector("table.records")).not.toHaveAttribute("aria-busy", "true");
  });

  test("an earlier request that fails late leaves the later page and no error", async () => {
    const slow = deferred<Page<JsonRecord>>();
    const { user, container } = await renderList({
      count: 45,
      list: (view) => (view.page === 2 ? slow.promise : recordPage(view.page, 45)),
    });
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await user.click(screen.getByRole("button", { name: "Last page" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 3 of 3"));
    slow.reject(uiError("network", "The service could not be reached."));
    await settle();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(rowIds(container)[0]).toBe(invoiceId(41));
  });
});

/** Renders a list whose first load fails with `error`, and waits for the alert. */
async function renderFailing(error: ReturnType<typeof uiError>, current: ListView | null = null) {
  const calls = mockService({
    current,
    list: () => {
      throw error;
    },
  });
  const result = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
  const alert = await screen.findByRole("alert");
  return { calls, alert, ...result };
}

describe("a list that could not be loaded", () => {
  const onPage2: ListView = { page: 2, take: 20, fields: null, sort: [], filters: [] };

  test("shows no page numbers it does not know and claims no empty list", async () => {
    const { alert, container } = await renderFailing(
      uiError("network", "The service could not be reached. Check your internet connection."),
      onPage2,
    );
    expect(alert).toHaveTextContent("The service could not be reached.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeEnabled();
    const status = byId("page-status");
    expect(status).toHaveTextContent("No page shown");
    expect(status.textContent).not.toMatch(/\d/);
    for (const name of ["First page", "Previous page", "Next page", "Last page"]) {
      expect(screen.getByRole("button", { name })).toBeDisabled();
    }
    expect(container).not.toHaveTextContent(/There are no supplier invoices/);
    expect(container.querySelector("p.count")).toHaveTextContent(/^$/);
  });

  test("with a filter, does not say that nothing matches", async () => {
    const { container } = await renderFailing(uiError("network", "The service could not be reached."), {
      ...onPage2,
      filters: [{ or: false, not: false, field: "operation_status", operator: "exact", values: ["PR"] }],
    });
    expect(container).not.toHaveTextContent(/match these filters/);
    expect(byId("page-status")).toHaveTextContent("No page shown");
  });

  test("once it loads, the pager and the table speak of the page on screen", async () => {
    let down = true;
    const calls = mockService({
      current: onPage2,
      list: (view) => {
        if (down) throw uiError("network", "The service could not be reached.");
        return recordPage(view.page, 45);
      },
    });
    const user = userEvent.setup();
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    const alert = await screen.findByRole("alert");
    down = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 2 of 3"));
    expect(listCalls(calls).at(-1)).toMatchObject({ page: 2 });
    expect(rowIds(container)[0]).toBe(invoiceId(21));
    expect(screen.getByRole("button", { name: "Previous page" })).toBeEnabled();
  });

  test("a list the key's member may not read says so in its place", async () => {
    const { alert, container } = await renderFailing(
      uiError("forbidden", "Your API key's member is not allowed to see this."),
    );
    expect(alert).toHaveTextContent("Your key's member may not see supplier invoices.");
    expect(alert).toHaveTextContent("The other lists work as usual.");
    expect(container.querySelector("table.records")).not.toBeVisible();
    expect(byId("page-status")).toHaveTextContent("No page shown");
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

  test("a view the service refuses, not for a condition, offers the default view", async () => {
    const { calls, user, container } = await renderList({
      list: (view) => {
        if ((view.sort ?? []).length > 0) {
          throw uiError("invalid_input", "This view can't be listed.", {
            field_errors: { sort: [{ source: "check", code: "cannot_sort", values: { field: "total" } }] },
          });
        }
        return recordPage(view.page, 45);
      },
    });
    await user.click(screen.getByRole("button", { name: "Total" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cannot sort by Total");
    await user.click(within(alert).getByRole("button", { name: "Reset to default view" }));
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(listCalls(calls).at(-1)).toEqual({ page: 1, take: 20, fields: DEFAULT_FIELDS, sort: [], filters: [] });
    expect(rowIds(container)).toHaveLength(20);
  });

  test("a remembered view refused at start is not a dead end", async () => {
    // The service no longer takes something in the view this version cannot see.
    const calls = mockService({
      current: {
        page: 1,
        take: 20,
        fields: ["name", "total", "id"],
        sort: [{ field: "total", descending: true }],
        filters: [{ or: false, not: false, field: "name", operator: "icontains", values: ["acme"] }],
      },
      list: (view) => {
        if ((view.sort ?? []).length > 0) throw uiError("invalid_input", "This view can't be listed.");
        return recordPage(view.page, 45);
      },
    });
    const user = (await import("@testing-library/user-event")).default.setup();
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This view can't be listed.");
    await user.click(within(alert).getByRole("button", { name: "Reset to default view" }));
    await vi.waitFor(() => expect(rowIds(container)).toHaveLength(20));
    expect(listCalls(calls).at(-1)).toEqual({ page: 1, take: 20, fields: DEFAULT_FIELDS, sort: [], filters: [] });
    expect(screen.getByRole("button", { name: /^Filters/ })).toHaveTextContent(/^Filters$/);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("a refusal tied to a condition is fixed beside it, without a reset", async () => {
    const { user } = await renderList({
      list: (view) => {
        if ((view.filters ?? []).length > 0) {
          throw uiError("invalid_input", "Some conditions can't be used.", {
            field_errors: {
              "filters.0": [{ source: "check", code: "not_a_uuid", values: { value: "x" } }],
            },
          });
        }
        return recordPage(view.page, 45);
      },
    });
    await user.click(screen.getByRole("button", { name: /^Filters/ }));
    await user.type(byId("filter-0-value"), "x");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    const alert = await screen.findByRole("alert");
    expect(byId("filter-0-error")).toHaveTextContent("“x” is not a valid record ID.");
    expect(within(alert).queryByRole("button", { name: "Reset to default view" })).toBeNull();
  });
});

describe("views that no longer fit the schema", () => {
  test("a remembered view Rust had to fit loads as fitted, and says so once", async () => {
    // Rust fitted it (src-tauri/crates/core/src/reading/views.rs): what is gone is gone.
    const current: ListView = {
      page: 1,
      take: 20,
      fields: ["name", "total", "id"],
      sort: [{ field: "total", descending: true }],
      filters: [{ or: false, not: false, field: "name", operator: "icontains", values: ["acme"] }],
    };
    const { calls, user, container } = await renderList({ current, leftOut: true });
    expect(listCalls(calls)[0]).toEqual(current);
    const notices = container.querySelectorAll("p.list-notice");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveAttribute("role", "status");
    expect(notices[0]).toHaveTextContent(LEFT_OUT);
    expect(screen.getByRole("button", { name: /^Filters/ })).toHaveTextContent("Filters (1)");
    expect(screen.queryByRole("alert")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 2 of 3"));
    expect(container.querySelector("p.list-notice")).toBeNull();
  });

  test("so does a saved view", async () => {
    const fitted: ListView = { page: 1, take: 50, fields: ["name", "total", "id"], sort: [], filters: [] };
    const { calls, user, container } = await renderList({ saved: [{ name: "Old", view: fitted, left_out: true }] });
    expect(container.querySelector("p.list-notice")).toBeNull();
    await user.selectOptions(screen.getByLabelText("Saved views"), "Old");
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toEqual(fitted);
    expect(await screen.findByText(LEFT_OUT)).toHaveClass("list-notice");
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
    expect(calls.find((c) => c.cmd === "read_record")?.args).toEqual({ resource: "supplier_invoice", id: invoiceId(3) });

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

  test("detail actions get the record and a way to close the panel; the list reads again when Rust says so, once", async () => {
    const seen: JsonRecord[] = [];
    const detailActions = createRawSnippet((record: () => JsonRecord, done: () => (message?: string) => void) => ({
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
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(container.querySelector("p.list-notice")).toBeNull(); // no message, no notice
    await settle();
    expect(listCalls(calls)).toHaveLength(1); // not read again by the panel
    // Rust's word that the write was sent reads it again: one read, not two.
    recordsChanged.show("w1");
    recordsChanged.apply({ workspace: "w1", resources: ["supplier_invoice"], cause: "written" });
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await settle();
    expect(listCalls(calls)).toHaveLength(2);
  });

  test("a detail action's message shows above the table once the panel is closed, until the next change", async () => {
    const message = "The supplier invoice “FP-2025-000001” was deleted.";
    const { calls, user, container } = await renderList({ props: { detailActions: confirmingAction(message) } });
    await user.click(container.querySelector<HTMLElement>("tbody tr[data-id]")!);
    const panel = await screen.findByRole("dialog");
    await user.click(within(panel).getByRole("button", { name: "Delete record…" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));

    expect(screen.queryByRole("dialog")).toBeNull();
    const notice = await screen.findByText(message);
    expect(notice.tagName).toBe("P");
    expect(notice).toHaveClass("list-notice");
    expect(notice).toHaveAttribute("role", "status");
    const table = container.querySelector("table.records")!;
    expect(notice.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Rust's word that the record went reads the list again.
    recordsChanged.show("w1");
    recordsChanged.apply({ workspace: "w1", resources: ["supplier_invoice"], cause: "written" });
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await settle();
    expect(screen.getByText(message)).toBeInTheDocument(); // the reading again did not take it away

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 2 of 3"));
    expect(screen.queryByText(message)).toBeNull();
  });

  test("a close function handed to onclick (an event, not a message) shows no notice, and reads nothing", async () => {
    const detailActions = createRawSnippet((_record: () => JsonRecord, done: () => (message?: string) => void) => ({
      render: () => `<button type="button">Done</button>`,
      setup: (button: Element) => {
        button.addEventListener("click", done() as unknown as EventListener);
      },
    }));
    const { calls, user, container } = await renderList({ props: { detailActions } });
    await user.click(container.querySelector<HTMLElement>("tbody tr[data-id]")!);
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Done" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(container.querySelector("p.list-notice")).toBeNull();
    await settle();
    expect(listCalls(calls)).toHaveLength(1);
  });

  test("Escape in an alertdialog opened from the panel closes that dialog, not the panel", async () => {
    const { user, container } = await renderList({ props: { detailActions: confirmingAction() } });
    await user.click(container.querySelector<HTMLElement>(`tr[data-id="${invoiceId(2)}"]`)!);
    const panel = await screen.findByRole("dialog");
    const trigger = within(panel).getByRole("button", { name: "Delete record…" });
    await user.click(trigger);
    const confirm = screen.getByRole("alertdialog");
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("dialog")).toBe(panel);
    expect(trigger).toHaveFocus();

    // While it is open, the list's shortcuts stay quiet too, wherever focus is.
    await user.click(trigger);
    container.querySelector<HTMLElement>(`tr[data-id="${invoiceId(2)}"]`)!.focus();
    await user.keyboard("/");
    await user.keyboard("{Control>}f{/Control}");
    expect(document.getElementById("filter-0-field")).toBeNull();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("dialog")).toBe(panel);

    // With no dialog open, Escape closes the panel as before.
    trigger.focus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(container.querySelector(`tr[data-id="${invoiceId(2)}"]`));
  });

  test("while the full record loads, only the fields the list asked for show", async () => {
    const full = deferred<JsonRecord>();
    const { user, container } = await renderList({ get: () => full.promise });
    await user.click(container.querySelector<HTMLElement>("tbody tr[data-id]")!);
    const panel = await screen.findByRole("dialog");
    const shownFields = () => Array.from(panel.querySelectorAll<HTMLElement>("[data-field]")).map((el) => el.dataset.field);
    // The list's row has every field (this mock sends them all), but only these were asked for.
    expect(shownFields()).toEqual(["id", "name", "operation_status", "invoice_number", "issue_date", "total"]);
    expect(within(panel).queryByText("—")).toBeNull();
    const loading = within(panel).getByText("Loading all fields…");
    expect(loading).toHaveAttribute("role", "status");
    expect(loading).toHaveClass("loading");

    full.resolve(invoiceRecord(1, { created_at: null, legacy_code: "LX-9" }));
    await within(panel).findByText("legacy_code");
    expect(shownFields()).toContain("created_at");
    expect(shownFields()).toContain("member");
    expect(within(panel).queryByText("Loading all fields…")).toBeNull();
    // Now a field that is really empty shows as such.
    expect(panel.querySelector('[data-field="created_at"] dd')).toHaveTextContent("—");
  });

  test("when the full record fails, the listed fields stay and the error is shown", async () => {
    const { user, container } = await renderList({
      current: { page: 1, take: 20, fields: ["name", "total", "id"], sort: [], filters: [] },
      get: () => {
        throw uiError("network", "The service could not be reached.");
      },
    });
    await user.click(container.querySelector<HTMLElement>("tbody tr[data-id]")!);
    const panel = await screen.findByRole("dialog");
    expect(await within(panel).findByRole("alert")).toHaveTextContent("could not be reached");
    const shownFields = Array.from(panel.querySelectorAll<HTMLElement>("[data-field]")).map((el) => el.dataset.field);
    expect(shownFields).toEqual(["id", "name", "total"]);
    expect(within(panel).queryByText("—")).toBeNull();
    expect(within(panel).queryByText("Loading all fields…")).toBeNull();
    expect(within(panel).getByText("Only the fields shown in the list are here.")).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Try again" })).toBeInTheDocument();
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
    const { calls, user, container } = await renderList({ saved: [{ name: "Unpaid", view: weekly, left_out: false }] });

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

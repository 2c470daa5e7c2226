// A list's state and how it moves (list-state.svelte.ts), without a screen:
// opening with Rust's views, loads and their answers (saved, then the
// service's), slow loads, refusals, the user's changes of view and layout,
// the search box, saved views and the open record.
import { describe, expect, test, vi } from "vitest";
import { ListState, SLOW_LOAD_MS } from "../src/components/records/list-state.svelte";
import { session } from "../src/lib/session.svelte";
import type { ListView, SavedView } from "../src/lib/bindings";
import {
  deferred,
  invoiceRecord,
  listCalls,
  mockService,
  problem,
  recordPage,
  supplierInvoiceSchema,
  uiError,
  unanswered,
  type ServiceOptions,
} from "./fixtures/records";

const schema = supplierInvoiceSchema;
const base = schema.default_view;

/** A list over a mocked service, opened; `changes` counts the loads the user asked for. */
async function opened(options: ServiceOptions = {}, holder: { list?: ListState } = {}) {
  const calls = mockService(options);
  const changes = { count: 0 };
  const list = new ListState(() => schema, () => null, () => (changes.count += 1));
  holder.list = list;
  const ok = await list.load(null);
  return { list, calls, changes, ok };
}

const reads = (calls: ReturnType<typeof mockService>) => calls.filter((c) => c.cmd === "read_list").map((c) => c.args.view as ListView);
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("opening", () => {
  test("before Rust answers: the default view, nothing shown, the table waiting", () => {
    mockService();
    const list = new ListState(() => schema, () => null, () => {});
    expect(list.view).toEqual(base);
    expect(list.shown).toBeNull();
    expect(list.viewsArrived).toBe(false);
    expect(list.shownView()).toBeNull();
    expect(list.currentPage).toBeNull();
    expect(list.pageCount).toBeNull();
    expect(list.texts.countText).toBe("");
  });

  test("opens with one read: Rust's view and saved views, then its first page", async () => {
    const current: ListView = { ...base, take: 50, search: "acme", filters: [{ or: false, not: false, field: "name", operator: "icontains", values: ["FP"] }] };
    const saved: SavedView[] = [{ name: "Mine", view: current, left_out: false }];
    const { list, calls, ok } = await opened({ current, saved, count: 120 });
    expect(ok).toBe(true);
    expect(calls.map((c) => c.cmd)).toEqual(["open_list"]);
    expect(list.viewsArrived).toBe(true);
    expect(list.view).toEqual(current);
    expect(list.saved).toEqual(saved);
    expect(list.searchText).toBe("acme");
    expect(list.drafts).toHaveLength(1);
    expect(list.shown?.view).toEqual(current);
    expect(list.shown?.source).toBeNull();
    expect(list.currentPage).toBe(1);
    expect(list.pageCount).toBe(3);
    expect(list.activeFilters).toBe(1);
    expect(list.loading).toBe(false);
    expect(list.shownView()).toEqual(current);
  });

  test("a view Rust trimmed says so", async () => {
    const { list } = await opened({ leftOut: true });
    expect(list.notice).toMatch(/left out/);
  });

  test("a drill-down goes with the open", async () => {
    const calls = mockService();
    const drillDown = { filters: [], sort: [{ field: "total", descending: true }] };
    const list = new ListState(() => schema, () => drillDown, () => {});
    await list.load(null);
    expect(calls[0].args.drillDown).toEqual(drillDown);
  });

  test("an open that fails before the views arrive is retried by opening again", async () => {
    let refuse = true;
    const { list, calls, ok } = await opened({ refuseOpen: () => (refuse ? uiError("network", "down") : null) });
    expect(ok).toBe(false);
    expect(list.error?.ui.kind).toBe("network");
    refuse = false;
    list.retry();
    await vi.waitFor(() => expect(list.shown).not.toBeNull());
    expect(calls.map((c) => c.cmd)).toEqual(["open_list", "open_list"]);
    expect(list.error).toBeNull();
  });
});

describe("loads", () => {
  test("the saved answer first, then the service's; the same page keeps its rows", async () => {
    const page = recordPage(1, 45);
    const seen: (string | null)[] = [];
    const holder: { list?: ListState } = {};
    const { list } = await opened({
      savedAnswer: () => ({ value: page, source: { kind: "saved_page", saved_at: "2025-03-14T10:00:00Z", stale: false } as never }),
      list: () => {
        seen.push(holder.list?.shown?.source?.kind ?? null);
        return { value: recordPage(1, 45), changed: false };
      },
    }, holder);
    expect(seen).toEqual(["saved_page"]);
    expect(list.shown?.source).toBeNull();
    // Rust said it is the same page: the saved rows stay on screen.
    expect(list.shown?.page).toBe(page);
  });

  test("a load is marked slow only after a while, and settled by its answer", async () => {
    const { list } = await opened();
    const answer = deferred<ReturnType<typeof recordPage>>();
    mockService({ list: () => answer.promise });
    void list.load({ ...base, page: 2 });
    expect(list.loading).toBe(true);
    expect(list.slow).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, SLOW_LOAD_MS + 50));
    expect(list.slow).toBe(true);
    answer.resolve(recordPage(2, 45));
    await vi.waitFor(() => expect(list.loading).toBe(false));
    expect(list.slow).toBe(false);
    expect(list.currentPage).toBe(2);
  });

  test("an answer to a load overtaken by another is dropped", async () => {
    const { list } = await opened();
    const first = deferred<ReturnType<typeof recordPage>>();
    mockService({ list: (view) => (view.page === 2 ? first.promise : recordPage(view.page, 45)) });
    const overtaken = list.load({ ...base, page: 2 });
    await list.load({ ...base, page: 3 });
    first.resolve(recordPage(2, 45));
    expect(await overtaken).toBe(false);
    expect(list.currentPage).toBe(3);
    expect(list.view.page).toBe(3);
  });

  test("refused conditions go beside them, with the filters opened; the page on screen stays", async () => {
    const { list } = await opened();
    mockService({ list: () => { throw uiError("invalid_input", "bad", { field_errors: { "filters.0": [problem("no_value")] } }); } });
    expect(await list.load({ ...base, page: 2 })).toBe(false);
    expect(list.conditionErrors).toEqual({ 0: "Enter a value." });
    expect(list.filtersOpen).toBe(true);
    expect(list.texts.viewRefused).toBe(false);
    expect(list.currentPage).toBe(1);
  });

  test("a refused search is said beside the box alone; other problems refuse the view", async () => {
    const { list } = await opened();
    mockService({ list: () => { throw uiError("invalid_input", "bad", { field_errors: { search: [problem("search_several_words")] } }); } });
    await list.load({ ...base, search: "%" });
    expect(list.texts.searchError).toBe(
      "The service cannot look for more than one number or code at a time: search one of them, or narrow the list with filters.",
    );
    expect(list.texts.searchOnly).toBe(true);
    mockService({ list: () => { throw uiError("invalid_input", "bad", { field_errors: { sort: [problem("brand_new")] } }); } });
    await list.load({ ...base });
    expect(list.texts.searchOnly).toBe(false);
    expect(list.texts.otherProblems).toEqual(["This value cannot be used (reason: brand_new)."]);
    expect(list.texts.viewRefused).toBe(true);
  });

  test("a refused key hides what was shown", async () => {
    const { list } = await opened();
    list.openRecord(invoiceRecord(1));
    mockService({ list: () => { throw uiError("unauthorized", "key"); } });
    await list.load({ ...base, page: 2 });
    expect(list.shown).toBeNull();
    expect(list.opened).toBeNull();
    expect(list.error?.ui.kind).toBe("unauthorized");
  });

  test("a spent budget keeps the saved page and says so; nothing saved while working offline is said as offline", async () => {
    const { list } = await opened({
      savedAnswer: () => ({ value: recordPage(1, 45), source: { kind: "saved_page", saved_at: "2025-03-14T10:00:00Z", stale: true } as never }),
      list: unanswered("rate_limited", uiError("rate_limited", "spent", { retry_after_s: 30 })),
    });
    expect(list.shown?.source?.kind).toBe("saved_page");
    expect(list.error?.ui.kind).toBe("rate_limited");
    expect(list.texts.savedText).toMatch(/Saved/);

    const offline = await opened({ workingOffline: () => true });
    expect(offline.ok).toBe(false);
    expect(offline.list.error).toMatchObject({ nothingSaved: false, ui: { kind: "offline" } });
  });
});

describe("working offline", () => {
  const SAVED_AT = "2026-11-20T10:00:00Z";
  /** Saved pages of 95 invoices; `edition` marks their rows (what the saved records say now). */
  const savedPages = (edition: { total: string }) => (view: ListView) => ({
    value: recordPage(view.page, 95, view.take as number, (i) => invoiceRecord(i, { total: edition.total })),
    source: { kind: "saved_page" as const, saved_at: SAVED_AT, stale: false },
  });
  const readsAhead = (calls: ReturnType<typeof mockService>) => calls.filter((c) => c.cmd === "read_list" && c.args.remember === false).map((c) => (c.args.view as ListView).page);

  test("the saved page after the one on screen is read ahead: Next page shows it at once, and the read's same answer is not shown again", async () => {
    session.workingOffline = true;
    try {
      const edition = { total: "100.00" };
      const { list, calls } = await opened({ count: 95, workingOffline: () => true, savedAnswer: savedPages(edition) });
      expect(list.currentPage).toBe(1);
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2]));
      await settle();

      list.go(2);
      // Shown before the read answers.
      expect(list.currentPage).toBe(2);
      const ahead = list.shown;
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2, 3]));
      expect(reads(calls).filter((v) => v.page === 2)).toHaveLength(2);
      expect(list.shown).toBe(ahead);

      // The saved records changed (Rust said so): what was read ahead is read again.
      edition.total = "200.00";
      list.refresh();
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2, 3, 3]));
      await settle();
      list.go(3);
      expect(list.currentPage).toBe(3);
      expect(list.shown?.page.results[0].total).toBe("200.00");

      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2, 3, 3, 4]));

      // The last page: nothing after it to read.
      list.go(5);
      await settle();
      await settle();
      expect(list.currentPage).toBe(5);
      expect(readsAhead(calls)).toEqual([2, 3, 3, 4]);
    } finally {
      session.workingOffline = false;
    }
  });

  test("turning pages back, the saved page before the one on screen is read ahead: Previous page shows it at once", async () => {
    session.workingOffline = true;
    try {
      const { list, calls } = await opened({ count: 95, workingOffline: () => true, savedAnswer: savedPages({ total: "100.00" }) });
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2]));
      list.go(4);
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2, 5]));
      await settle();

      list.go(3);
      // Not read ahead (page 5 was): read as usual, then the page before it is read ahead.
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2, 5, 2]));
      await settle();
      const readsBefore = reads(calls).length;
      list.go(2);
      // Shown before its read answers.
      expect(list.currentPage).toBe(2);
      expect(reads(calls)).toHaveLength(readsBefore);
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2, 5, 2, 1]));
      await settle();

      // Forward again: the page after.
      list.go(3);
      await vi.waitFor(() => expect(readsAhead(calls)).toEqual([2, 5, 2, 1, 4]));
    } finally {
      session.workingOffline = false;
    }
  });

  test("connected, nothing is read ahead", async () => {
    const { list, calls } = await opened({ count: 95, savedAnswer: savedPages({ total: "1.00" }) });
    list.go(2);
    await settle();
    await settle();
    expect(list.currentPage).toBe(2);
    expect(readsAhead(calls)).toEqual([]);
  });
});

describe("the user's changes", () => {
  test("pages, page sizes, sort keys and filters load from the list's view, the table back at its top", async () => {
    const { list, calls, changes } = await opened({ count: 95 });
    list.notice = "Done.";
    list.go(3);
    expect(list.notice).toBeNull();
    list.setTake(50);
    list.sortBy("total", false);
    list.sortBy("name", true);
    list.applyFilters([{ or: false, not: false, field: "name", operator: "icontains", values: ["x"] }]);
    list.clearFilters();
    await settle();
    expect(changes.count).toBe(6);
    expect(reads(calls).map(({ page, take, sort, filters }) => ({ page, take, sort, filters: filters?.length }))).toEqual([
      { page: 3, take: 20, sort: [], filters: 0 },
      { page: 1, take: 50, sort: [], filters: 0 },
      { page: 1, take: 50, sort: [{ field: "total", descending: false }], filters: 0 },
      { page: 1, take: 50, sort: [{ field: "total", descending: false }, { field: "name", descending: false }], filters: 0 },
      { page: 1, take: 50, sort: [{ field: "total", descending: false }, { field: "name", descending: false }], filters: 1 },
      { page: 1, take: 50, sort: [{ field: "total", descending: false }, { field: "name", descending: false }], filters: 0 },
    ]);
  });

  test("columns: another set loads; only another order, or a width, is remembered without a read", async () => {
    const { list, calls } = await opened();
    const order = [...list.columns].reverse();
    list.setColumns(order);
    expect(list.columns).toEqual(order);
    expect(list.tableColumns).toEqual(order);
    list.resize("name", 300);
    expect(list.view.widths).toEqual({ name: 300 });
    expect(list.shown?.view.widths).toEqual({ name: 300 });
    list.reorder("name", 0);
    expect(list.tableColumns[0]).toBe("name");
    list.resize("name", null);
    expect(list.view.widths ?? null).toBeNull();
    await settle();
    expect(calls.map((c) => c.cmd)).toEqual(["open_list", "remember_view", "remember_view", "remember_view", "remember_view"]);

    list.setColumns(["name", "total"]);
    await settle();
    expect(reads(calls).at(-1)?.fields).toEqual(["name", "total", "id"]);
  });

  test("the widths the user set stay the same object while another page is asked for and shown: no column is measured again", async () => {
    const { list } = await opened({ count: 95 });
    list.resize("name", 300);
    const widths = list.userWidths;
    expect(widths).toEqual({ name: 300 });
    list.go(2);
    expect(list.userWidths).toBe(widths);
    await settle();
    expect(list.currentPage).toBe(2);
    expect(list.userWidths).toBe(widths);
    list.resize("total", 120);
    expect(list.userWidths).toEqual({ name: 300, total: 120 });
    list.resize("name", null);
    list.resize("total", null);
    expect(list.userWidths).toEqual({});
    const none = list.userWidths;
    list.go(3);
    await settle();
    expect(list.userWidths).toBe(none);
  });

  test("the table's columns and sort stay the same arrays while another page of them is shown (the headers are not run again), and follow a change", async () => {
    const { list } = await opened({ count: 95 });
    const columns = list.tableColumns;
    const sort = list.tableSort;
    list.go(2);
    await settle();
    expect(list.currentPage).toBe(2);
    expect(list.tableColumns).toBe(columns);
    expect(list.tableSort).toBe(sort);
    list.sortBy("total", false);
    await settle();
    expect(list.tableSort).not.toBe(sort);
    expect(list.tableSort).toEqual([{ field: "total", descending: false }]);
    expect(list.tableColumns).toBe(columns);
  });

  test("a layout arranged before Rust's views arrive is kept", async () => {
    const arrive = deferred<void>();
    mockService({ current: { ...base, take: 50 }, viewsSent: arrive.promise });
    const list = new ListState(() => schema, () => null, () => {});
    const opening = list.load(null);
    list.resize("name", 250);
    arrive.resolve();
    await opening;
    expect(list.viewsArrived).toBe(true);
    expect(list.view.take).toBe(20);
    expect(list.view.widths).toEqual({ name: 250 });
  });

  test("the search box: after a pause or at once, from page 1, not again for the same words", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { list, calls } = await opened();
      list.typed("ac");
      list.typed("acme");
      expect(reads(calls)).toHaveLength(0);
      await vi.runAllTimersAsync();
      expect(reads(calls).map((v) => v.search)).toEqual(["acme"]);
      list.search();
      expect(reads(calls)).toHaveLength(1);
      list.searchText = "";
      list.search();
      await vi.runAllTimersAsync();
      expect(reads(calls).map((v) => [v.search, v.page])).toEqual([["acme", 1], ["", 1]]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("words typed before the views arrive are searched for over the view Rust opens", async () => {
    const arrive = deferred<void>();
    const calls = mockService({ current: { ...base, take: 50 }, viewsSent: arrive.promise });
    const list = new ListState(() => schema, () => null, () => {});
    const opening = list.load(null);
    list.typed("acme");
    list.search();
    expect(reads(calls)).toHaveLength(0);
    arrive.resolve();
    await opening;
    await vi.waitFor(() => expect(reads(calls)).toHaveLength(1));
    expect(reads(calls)[0]).toMatchObject({ take: 50, search: "acme", page: 1 });
    expect(listCalls(calls)).toHaveLength(2);
  });

  test("a saved view chosen: its conditions to edit, its words in the box, from page 1; reset goes back to the default", async () => {
    const { list, calls } = await opened();
    const view: ListView = { ...base, page: 4, search: "big", filters: [{ or: false, not: false, field: "total", operator: "gt", values: ["100"] }] };
    list.conditionErrors = { 0: "x" };
    list.applySaved({ name: "Big", view, left_out: true });
    expect(list.drafts).toHaveLength(1);
    expect(list.searchText).toBe("big");
    expect(list.conditionErrors).toEqual({});
    expect(list.notice).toMatch(/left out/);
    list.resetView();
    expect(list.drafts).toEqual([]);
    expect(list.searchText).toBe("");
    await settle();
    expect(reads(calls).map((v) => [v.page, v.search ?? null])).toEqual([[1, "big"], [1, null]]);
  });

  test("a saved view applied is named while the page on screen answers it; other rows or columns forget it", async () => {
    const unpaid: SavedView = {
      name: "Unpaid this month",
      view: { ...base, sort: [{ field: "issue_date", descending: true }], filters: [{ or: false, not: true, field: "is_paid", operator: "exact", values: ["true"] }] },
      left_out: false,
    };
    const { list } = await opened({ saved: [unpaid] });
    const applied = async (change: () => void) => {
      change();
      await vi.waitFor(() => expect(list.loading).toBe(false));
      return list.savedViewName;
    };
    expect(list.savedViewName).toBeNull();
    // Named once its page is on screen (not while the last view's still is).
    list.applySaved(unpaid);
    expect(list.savedViewName).toBeNull();
    await vi.waitFor(() => expect(list.savedViewName).toBe("Unpaid this month"));
    // Another page, page size, column order or width: the same rows and columns.
    expect(await applied(() => list.go(2))).toBe("Unpaid this month");
    expect(await applied(() => list.setTake(50))).toBe("Unpaid this month");
    list.reorder(list.tableColumns[1], 0);
    list.resize(list.tableColumns[0], 240);
    expect(list.savedViewName).toBe("Unpaid this month");
    // Words searched for, another sort, a condition, a column more: forgotten, and not back when undone.
    list.typed("acme");
    expect(await applied(() => list.search())).toBeNull();
    list.typed("");
    expect(await applied(() => list.search())).toBeNull();
    expect(await applied(() => list.applySaved(unpaid))).toBe("Unpaid this month");
    expect(await applied(() => list.sortBy("total", false))).toBeNull();
    expect(await applied(() => list.applySaved(unpaid))).toBe("Unpaid this month");
    expect(await applied(() => list.applyFilters([]))).toBeNull();
    expect(await applied(() => list.applySaved(unpaid))).toBe("Unpaid this month");
    const more = schema.fields.map((f) => f.name).find((name) => !list.columns.includes(name))!;
    expect(await applied(() => list.setColumns([...list.columns, more]))).toBeNull();
    expect(await applied(() => list.applySaved(unpaid))).toBe("Unpaid this month");
    expect(await applied(() => list.resetView())).toBeNull();
    // A view deleted is no longer named.
    expect(await applied(() => list.applySaved(unpaid))).toBe("Unpaid this month");
    list.saved = [];
    expect(list.savedViewName).toBeNull();
  });

  test("opening a record clears the note above the table", async () => {
    const { list } = await opened();
    list.notice = "Deleted.";
    list.openRecord(invoiceRecord(2));
    expect(list.notice).toBeNull();
    expect(list.openedId).toBe(invoiceRecord(2).id);
  });
});

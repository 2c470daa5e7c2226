// Related records (issue 46): a customer's card lists its invoices and
// sales quotes (count, exact total, the newest first, each opening its
// details, the list of them all); a record's details offer "New task
// about this…" (the New task form with "About" filled) and an invoice's
// "Other invoices from this supplier/customer" (the list filtered by it).
// The schemas are Rust's (tests/fixtures/resource-schemas.json); the
// mocked service answers the views as the service would.
import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import SectionContent from "../src/components/app/SectionContent.svelte";
import CustomerView from "../src/components/forms/CustomerView.svelte";
import type { DrillDown, ListView, ResourceName, Totals } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";
import { Router } from "../src/lib/router.svelte";
import { otherInvoices, taskAbout } from "../src/components/records/related";
import type { Screen } from "../src/lib/sections";
import { serviceStatus } from "./fixtures";
import { customer, CUSTOMER_ID, page, uuid } from "./fixtures/forms";
import { RUST_SCHEMAS } from "./fixtures/operators";
import { answerRead, unanswered, type SavedAnswer } from "./fixtures/reads";
import { uiError } from "./fixtures/records";

const schemas = RUST_SCHEMAS;
const SUPPLIER = uuid(7, "88888888-8888-4888-8888");

/** The customer's invoices, newest first: totals whose exact sum a float would round. */
const TOTALS = ["123456789012345678.90", "0.01", "1000.5", "10.00", "20.00", "30.00", "40.25"];
const INVOICES: JsonRecord[] = TOTALS.map((total, i) => ({
  id: uuid(i + 1, "77777777-7777-4777-8777"),
  name: `FV-2026-${String(7 - i).padStart(6, "0")}`,
  operation_date: `2026-0${7 - i}-15T10:00:00Z`,
  operation_status: "CO",
  total,
  customer: CUSTOMER_ID,
}));
/** Another customer's invoice, which the card must not count. */
const ELSEWHERE: JsonRecord = { ...INVOICES[0], id: uuid(99, "77777777-7777-4777-8777"), name: "FV-2026-000099", customer: uuid(9) };
const SUPPLIER_INVOICES: JsonRecord[] = [1, 2].map((n) => ({
  id: uuid(n, "99999999-9999-4999-8999"),
  name: `FP-2026-00000${n}`,
  issue_date: "2026-03-14T10:00:00Z",
  operation_status: "CO",
  total: "1190.50",
  invoice_number: n,
  supplier: SUPPLIER,
}));
const RECORDS: Partial<Record<ResourceName, JsonRecord[]>> = {
  customer_invoice: [...INVOICES, ELSEWHERE],
  sales_quote: [],
  supplier_invoice: SUPPLIER_INVOICES,
  customer: [customer()],
};

/** `records` as the service answers `view`: its `exact` filters, its order (the records' own), its take. */
function answer(records: JsonRecord[], view: ListView) {
  const found = records.filter((r) => (view.filters ?? []).every((f) => f.operator !== "exact" || String(r[f.field]) === f.values[0]));
  const take = typeof view.take === "number" ? view.take : 200;
  return page(found.slice(0, take), found.length);
}

type Call = { cmd: string; args: Record<string, unknown> };
type Options = {
  /** The service's answer to a read_list (default: `answer` over RECORDS). */
  list?: (resource: ResourceName, view: ListView) => unknown;
  /** The saved answer a read_list sends first (default: none). */
  saved?: (resource: ResourceName, view: ListView) => SavedAnswer | null;
  totals?: () => Totals | null;
};

/** Mocks the service; returns every call but the status bar's, in order. */
function mockService(options: Options = {}): Call[] {
  const calls: Call[] = [];
  mockIPC((cmd, payload) => {
    const args = (payload ?? {}) as Record<string, unknown>;
    if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
    if (cmd === "offline_list") return { complete: false, saved: 0, refreshed_at: null };
    const { answers: _a, messages: _m, ...rest } = args;
    calls.push({ cmd, args: structuredClone(rest) });
    const resource = args.resource as ResourceName;
    const records = RECORDS[resource] ?? [];
    switch (cmd) {
      case "read_list": {
        const view = args.view as ListView;
        return answerRead(
          args.answers,
          () => options.saved?.(resource, view) ?? null,
          () => (options.list ? options.list(resource, view) : answer(records, view)),
        );
      }
      case "open_list": {
        const schema = schemas.find((s) => s.resource === resource)!;
        const drill = args.drillDown as DrillDown | null;
        const current: ListView = { ...schema.default_view, filters: drill?.filters ?? [], sort: drill?.sort ?? [] };
        const channel = args.messages as { onmessage: (m: unknown) => void };
        channel.onmessage({ opened: { current, left_out: false, saved: [] } });
        return answerRead(channel, () => null, () => answer(records, current)).then((done) => ({ ...done, answers: done.answers + 1 }));
      }
      case "read_record":
        return answerRead(args.answers, () => null, () => records.find((r) => r.id === args.id) ?? customer());
      case "saved_totals":
        return options.totals?.() ?? null;
      case "members_seen":
        return [];
      default:
        throw new Error(`unexpected command ${cmd}`);
    }
  });
  return calls;
}

const views = (calls: Call[], resource: ResourceName) =>
  calls.filter((c) => c.cmd === "read_list" && c.args.resource === resource).map((c) => c.args.view as ListView);
const section = (name: string) => screen.findByRole("region", { name });
const newest = (region: HTMLElement) =>
  within(within(region).getByRole("list", { name: "Newest first" }))
    .getAllByRole("button")
    .map((b) => b.querySelector(".name")?.textContent);

describe("a customer's card lists its invoices and sales quotes", () => {
  test("count, exact total and the newest five first, read by the customer's id exactly", async () => {
    const calls = mockService();
    render(CustomerView, { props: { schemas, customerId: CUSTOMER_ID } });
    const invoices = await section("Customer invoices");
    await vi.waitFor(() => expect(within(invoices).getByText("7 customer invoices")).toBeInTheDocument());
    // Every digit: summed as the list footer sums, never through a float (1.234567890123468e+17).
    expect(invoices.querySelector("[data-field='total']")).toHaveTextContent(/^123,456,789,012,346,779\.66$/);
    expect(newest(invoices)).toEqual(["FV-2026-000007", "FV-2026-000006", "FV-2026-000005", "FV-2026-000004", "FV-2026-000003"]);
    expect(views(calls, "customer_invoice")).toEqual([
      expect.objectContaining({
        filters: [{ or: false, not: false, field: "customer", operator: "exact", values: [CUSTOMER_ID] }],
        sort: [{ field: "operation_date", descending: true }],
      }),
    ]);

    const quotes = await section("Sales quotes");
    await vi.waitFor(() => expect(within(quotes).getByText("None yet.")).toBeInTheDocument());
    expect(within(quotes).getByText("0 sales quotes")).toBeInTheDocument();
    expect(views(calls, "sales_quote")[0]).toMatchObject({ sort: [{ field: "issue_date", descending: true }] });
    // The whole list was read: no sum asked of the saved records.
    expect(calls.some((c) => c.cmd === "saved_totals")).toBe(false);
  });

  test("one of them opens with its details, as from its list; closing goes back to it", async () => {
    const calls = mockService();
    render(CustomerView, { props: { schemas, customerId: CUSTOMER_ID } });
    const invoices = await section("Customer invoices");
    const user = userEvent.setup();
    const second = await within(invoices).findByRole("button", { name: /FV-2026-000006/ });
    await user.click(second);
    const panel = await screen.findByRole("dialog", { name: "FV-2026-000006" });
    await vi.waitFor(() => expect(panel).toHaveAttribute("aria-busy", "false"));
    expect(calls.filter((c) => c.cmd === "read_record").map((c) => c.args)).toContainEqual({ resource: "customer_invoice", id: INVOICES[1].id });
    expect(within(panel).getByText("0.01", { selector: "dd" })).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(second).toHaveFocus();
  });

  test("offline, the records saved on this computer answer, and say so", async () => {
    const saved = INVOICES.slice(0, 2);
    mockService({
      saved: (resource) => (resource === "customer_invoice" ? { value: page(saved), source: { kind: "saved_page", saved_at: "2026-11-27T09:00:00Z", stale: false } } : null),
      list: unanswered("offline", uiError("offline", "The service cannot be reached.")),
    });
    render(CustomerView, { props: { schemas, customerId: CUSTOMER_ID } });
    const invoices = await section("Customer invoices");
    await vi.waitFor(() => expect(within(invoices).getByText("2 customer invoices")).toBeInTheDocument());
    expect(invoices.querySelector("[data-field='total']")).toHaveTextContent(/^123,456,789,012,345,678\.91$/);
    expect(within(invoices).getByText(/^From the records saved on this computer \(/)).toBeInTheDocument();
    // Offline is the banner's to say, not an error here.
    expect(within(invoices).queryByRole("alert")).toBeNull();
    expect(newest(invoices)).toEqual(["FV-2026-000007", "FV-2026-000006"]);
  });

  test("more than one page of them: the saved list's exact sum when it is saved whole, else the newest ones' said so", async () => {
    const many = (resource: ResourceName) => (resource === "customer_invoice" ? page(INVOICES, 250) : page([]));
    const calls = mockService({ list: many, totals: () => ({ count: 250, sums: { total: "99999999999999999.99" }, refreshed_at: null }) });
    const { unmount } = render(CustomerView, { props: { schemas, customerId: CUSTOMER_ID } });
    let invoices = await section("Customer invoices");
    await vi.waitFor(() => expect(invoices.querySelector("[data-field='total']")).toHaveTextContent(/^99,999,999,999,999,999\.99$/));
    expect(within(invoices).getByText("250 customer invoices")).toBeInTheDocument();
    expect(calls.find((c) => c.cmd === "saved_totals")?.args).toMatchObject({ resource: "customer_invoice", fields: ["total"] });
    unmount();

    mockService({ list: many, totals: () => null });
    render(CustomerView, { props: { schemas, customerId: CUSTOMER_ID } });
    invoices = await section("Customer invoices");
    expect(await within(invoices).findByText("Total of the newest 7")).toBeInTheDocument();
    expect(invoices.querySelector("[data-field='total']")).toHaveTextContent(/^123,456,789,012,346,779\.66$/);
  });
});

/** The window's content on `screen`, over the mocked service, with a router as the app's. */
function renderWindow(start: Screen, options: Options = {}) {
  const calls = mockService(options);
  const router = new Router(() => null, (proceed) => proceed());
  router.screen = start;
  render(SectionContent, { props: { status: serviceStatus, schemas, router, onshow: () => {}, onadd: () => {} } });
  return { calls, router, user: userEvent.setup() };
}

describe("what a record's details lead to", () => {
  test("the card's “See all” opens the customer invoices list filtered by the customer exactly, newest first", async () => {
    const { calls, router, user } = renderWindow({ kind: "customer", id: CUSTOMER_ID });
    const invoices = await section("Customer invoices");
    await user.click(await within(invoices).findByRole("button", { name: "See all 7 in the list" }));
    const drillDown: DrillDown = {
      filters: [{ or: false, not: false, field: "customer", operator: "exact", values: [CUSTOMER_ID] }],
      sort: [{ field: "operation_date", descending: true }],
    };
    expect(router.screen).toEqual({ kind: "list", resource: "customer_invoice", drillDown });
    await vi.waitFor(() => expect(calls.find((c) => c.cmd === "open_list")?.args).toMatchObject({ resource: "customer_invoice", drillDown }));
    expect(await screen.findByText("7 customer invoices", { selector: "p.count" })).toBeInTheDocument();
  });

  test("a supplier invoice's details say the service gives no supplier name, and open its supplier's other invoices", async () => {
    const { calls, router, user } = renderWindow({ kind: "list", resource: "supplier_invoice" });
    await user.click(await screen.findByRole("row", { name: /FP-2026-000001/ }));
    const panel = await screen.findByRole("dialog", { name: "FP-2026-000001" });
    const supplier = await vi.waitFor(() => panel.querySelector<HTMLElement>("[data-field='supplier'] dd")!);
    expect(within(supplier).getByText("The service gives no supplier name, only this reference.")).toBeInTheDocument();
    await user.click(within(supplier).getByRole("button", { name: "Other invoices from this supplier" }));
    const drillDown: DrillDown = {
      filters: [{ or: false, not: false, field: "supplier", operator: "exact", values: [SUPPLIER] }],
      sort: [{ field: "issue_date", descending: true }],
    };
    expect(router.screen).toEqual({ kind: "list", resource: "supplier_invoice", drillDown });
    await vi.waitFor(() => expect(calls.filter((c) => c.cmd === "open_list").at(-1)?.args).toMatchObject({ drillDown }));
  });

  test("“New task about this…” opens the New task form with About filled with the record and its party", async () => {
    const { router, user } = renderWindow({ kind: "list", resource: "supplier_invoice" });
    await user.click(await screen.findByRole("row", { name: /FP-2026-000002/ }));
    const panel = await screen.findByRole("dialog", { name: "FP-2026-000002" });
    await user.click(within(panel).getByRole("button", { name: "New task about this…" }));
    expect(router.screen).toEqual({ kind: "task", about: { resource: "supplier_invoice", id: SUPPLIER_INVOICES[1].id, entity: SUPPLIER } });
    expect(await screen.findByRole("heading", { name: "New task" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Kind of record" })).toHaveValue("supplier_invoice");
    // The record's ID, shown by its name once found.
    expect(await screen.findByDisplayValue("FP-2026-000002")).toBe(screen.getByRole("combobox", { name: "About" }));
    // The party (the supplier, which no saved stakeholder names) is named after the record.
    await vi.waitFor(() => expect(screen.getByRole("combobox", { name: "Party" })).toHaveValue("The party of the record in About"));
  });

  test("a customer's card offers a new task about the customer (its stakeholder as the party)", async () => {
    const { router, user } = renderWindow({ kind: "customer", id: CUSTOMER_ID });
    await section("Customer invoices");
    await user.click(await screen.findByRole("button", { name: "New task about this…" }));
    expect(router.screen).toEqual({ kind: "task", about: { resource: "customer", id: CUSTOMER_ID, entity: customer().stakeholder } });
  });
});

describe("which records offer what", () => {
  test("a new task only about the kinds of record a task may be about (Rust's), other invoices only from an invoice's party", () => {
    const product: JsonRecord = { id: uuid(5), name: "Paper A4" };
    expect(taskAbout(schemas, "product", product)).toBeNull();
    expect(taskAbout(schemas, "sales_quote", { id: uuid(6), name: "COT-2026-00001", customer: CUSTOMER_ID })).toBeNull();
    expect(taskAbout(schemas, "customer_invoice", INVOICES[0])).toEqual({
      kind: "task",
      about: { resource: "customer_invoice", id: INVOICES[0].id, entity: CUSTOMER_ID },
    });
    expect(otherInvoices("sales_quote", { id: uuid(6), customer: CUSTOMER_ID })).toBeNull();
    expect(otherInvoices("supplier_invoice", { ...SUPPLIER_INVOICES[0], supplier: null })).toBeNull();
    expect(otherInvoices("customer_invoice", INVOICES[0])).toMatchObject({ kind: "list", resource: "customer_invoice" });
  });
});

// The overview over mocked IPC: Rust's figures laid out as they come (the
// figures themselves are tested against the sandbox in Rust), each number
// and each cell of a chart's table opening the list behind it, each part
// saying where its figures come from, the offer to make a counted list
// available offline, the table copied as TSV, in English and Spanish.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import OverviewView from "../src/components/overview/OverviewView.svelte";
import type { DrillDown, Figure, Measure, Overview, Part, ResourceName } from "../src/lib/bindings";
import type { UiError } from "../src/lib/errors";
import { i18n } from "../src/lib/i18n.svelte";
import { invoiceChart, monthName, summary, tsv } from "../src/lib/overview";

const AT = "2026-11-26T15:42:00Z";
const MONTHS = [
  "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05",
  "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11",
];

beforeAll(() => vi.setSystemTime(new Date("2026-11-26T16:00:00Z")));
afterAll(() => vi.useRealTimers());

function opens(label: string): DrillDown {
  return { filters: [{ or: false, not: false, field: "name", operator: "exact", values: [label] }], sort: [] };
}

function figure(measure: Measure, count: number, sum: string | null = null, oldest: string | null = null): Figure {
  return { measure, count, sum, oldest, opens: opens(JSON.stringify(measure)) };
}

/** Supplier invoices saved whole: every month and status, with sums. */
function savedInvoices(): Part<UiError> {
  const figures: Figure[] = [];
  MONTHS.forEach((month, index) => {
    figures.push(figure({ kind: "month", month, status: null }, 10 + index, `${1000 + index}.50`));
    figures.push(figure({ kind: "month", month, status: "CO" }, 6, "600.25"));
    figures.push(figure({ kind: "month", month, status: "PR" }, 3, "300.125"));
    figures.push(figure({ kind: "month", month, status: "ER" }, 1 + index, `${100 + index}.125`));
  });
  figures.push(figure({ kind: "status", status: "ER" }, 12, "1234567.891", "2024-11-04T13:00:00Z"));
  figures.push(figure({ kind: "status", status: "PR" }, 7, "88.10", "2025-01-07T09:30:00Z"));
  return { resource: "supplier_invoice", source: { kind: "saved_records", saved: 2437, refreshed_at: "2026-11-26T10:42:00Z" }, figures };
}

/** Customer invoices counted by the service: three months, errors and drafts, no sums. */
function countedInvoices(): Part<UiError> {
  return {
    resource: "customer_invoice",
    source: { kind: "service", at: AT, requests: 7, records: 2437, amounts: 1570, offline_requests: 13, amounts_requests: 8 },
    figures: [
      figure({ kind: "month", month: "2026-11", status: null }, 21),
      figure({ kind: "month", month: "2026-10", status: null }, 120),
      figure({ kind: "month", month: "2025-11", status: null }, 98),
      figure({ kind: "status", status: "ER" }, 4, null, "2025-02-03T10:00:00Z"),
      figure({ kind: "status", status: "PR" }, 9, null, "2025-03-03T10:00:00Z"),
    ],
  };
}

function overview(parts: Part<UiError>[] = [savedInvoices(), countedInvoices(), tasks(), leads()]): Overview<UiError> {
  return { at: AT, months: MONTHS, parts };
}

function tasks(): Part<UiError> {
  return {
    resource: "task",
    source: { kind: "service", at: AT, requests: 3, records: null, amounts: null, offline_requests: null, amounts_requests: null },
    figures: [figure({ kind: "overdue" }, 5), figure({ kind: "due_this_week" }, 2), figure({ kind: "done_this_month" }, 11)],
  };
}

function leads(): Part<UiError> {
  return {
    resource: "lead",
    source: { kind: "service", at: AT, requests: 9, records: 400, amounts: null, offline_requests: 2, amounts_requests: null },
    figures: [
      figure({ kind: "month", month: "2026-11", status: null }, 8),
      figure({ kind: "month", month: "2026-10", status: null }, 30),
      figure({ kind: "status", status: "new" }, 120),
      figure({ kind: "status", status: "won" }, 40),
      figure({ kind: "other_status" }, 3),
    ],
  };
}

function mock(answer: Overview<UiError>) {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === "overview") return answer;
    if (cmd === "offline_list") return { resource: "customer_invoice", saved: 0, complete: false, refreshed_at: null };
    if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
    return null;
  });
  return calls;
}

function renderOverview() {
  const opened: { resource: ResourceName; drillDown: DrillDown }[] = [];
  const user = userEvent.setup();
  const result = render(OverviewView, { props: { onopen: (resource: ResourceName, drillDown: DrillDown) => opened.push({ resource, drillDown }) } });
  return { user, opened, ...result };
}

describe("the overview", () => {
  test("says where each part's figures come from, and a number opens the list behind it", async () => {
    mock(overview());
    const { user, opened } = renderOverview();
    const payables = await screen.findByRole("article", { name: "Payables: supplier invoices" });
    expect(within(payables).getByText(/^From 2,437 saved records, refreshed \d{1,2}:42 [AP]M$/)).toBeInTheDocument();
    // This month, exact to the last digit, with its count.
    const thisMonth = within(payables).getByRole("button", { name: "This month (November 2026): 1,012.50. Open the list" });
    expect(within(payables).getByText("22 invoices")).toBeInTheDocument();
    await user.click(thisMonth);
    expect(opened).toEqual([{ resource: "supplier_invoice", drillDown: opens(JSON.stringify({ kind: "month", month: "2026-11", status: null })) }]);
    within(payables).getByRole("button", { name: "A year ago (November 2025): 1,000.50. Open the list" });

    const receivables = screen.getByRole("article", { name: "Receivables: customer invoices" });
    expect(within(receivables).getByText(/^From the service, \d{1,2}:42 [AP]M$/)).toBeInTheDocument();
    within(receivables).getByRole("button", { name: "Last month (October 2026): 120. Open the list" });
    // Amounts need the records: the offer says what each way costs (1,570
    // records to add up, 2,437 to save; 200 a request).
    expect(within(receivables).getByText(/add them up from the service \(8 requests, each time\), or make this list available offline \(13 requests now/)).toBeInTheDocument();
    within(receivables).getByRole("button", { name: "Make available offline" });
    within(receivables).getByRole("button", { name: "Add up from the service (8 requests)" });

    const attention = screen.getByRole("article", { name: "Invoices needing attention" });
    const error = within(attention).getByRole("row", { name: /Supplier invoices · Error/ });
    expect(error).toHaveTextContent("1,234,567.891");
    await user.click(within(error).getByRole("button", { name: "Supplier invoices · Error: 12. Open the list" }));
    expect(opened.at(-1)?.drillDown).toEqual(opens(JSON.stringify({ kind: "status", status: "ER" })));
    // Counted by the service: no total, the oldest date still.
    const counted = within(attention).getByRole("row", { name: /Customer invoices · Provisional/ });
    expect(within(counted).getAllByRole("cell")[1]).toHaveTextContent("—");
    expect(counted).toHaveTextContent("Mar 3, 2025");

    const taskCard = screen.getByRole("article", { name: "Tasks" });
    await user.click(within(taskCard).getByRole("button", { name: "Overdue: 5. Open the list" }));
    expect(opened.at(-1)).toEqual({ resource: "task", drillDown: opens(JSON.stringify({ kind: "overdue" })) });
  });

  test("a chart's table opens each figure's list and is copied as TSV with every digit", async () => {
    mock(overview());
    const { user, opened } = renderOverview();
    const payables = await screen.findByRole("article", { name: "Payables: supplier invoices" });
    await user.click(within(payables).getByText("Show as a table"));
    const table = within(payables).getByRole("table", { name: "Supplier invoices per month" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(13);
    expect(within(rows[0]).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Month", "Complete", "Provisional", "Error", "All",
    ]);
    await user.click(within(rows[12]).getByRole("button", { name: /^November 2026, Error: 112\.125\. Open the list$/ }));
    expect(opened).toEqual([{ resource: "supplier_invoice", drillDown: opens(JSON.stringify({ kind: "month", month: "2026-11", status: "ER" })) }]);

    await user.click(within(payables).getByRole("button", { name: "Copy as table" }));
    const copied = await navigator.clipboard.readText();
    const lines = copied.split("\n");
    expect(lines[0]).toBe("Month\tComplete\tProvisional\tError\tAll");
    expect(lines[12]).toBe("November 2026\t600.25\t300.125\t112.125\t1,012.50");
    expect(within(payables).getByRole("status")).toHaveTextContent("Copied.");
  });

  test("Add up from the service walks the records in Rust, with progress and Cancel, and puts the amounts in place", async () => {
    let finish: (part: Part<UiError>) => void = () => {};
    const calls: { cmd: string; resource?: unknown }[] = [];
    mockIPC((cmd, payload) => {
      const args = (payload ?? {}) as Record<string, unknown>;
      calls.push({ cmd, resource: args.resource });
      if (cmd === "overview") return overview();
      if (cmd === "offline_list") return { complete: false, saved: 0, refreshed_at: null };
      if (cmd === "overview_amounts") {
        const channel = args.progress as { onmessage?: (step: unknown) => void };
        channel.onmessage?.({
          phase: "summing", pages_done: 3, pages_total: 8, records: 600, records_total: 1570,
          budget: { limit: 1000, remaining: 900, reset: null }, paused_until: null,
        });
        return new Promise((resolve) => (finish = resolve));
      }
      return null;
    });
    const { user } = renderOverview();
    const receivables = await screen.findByRole("article", { name: "Receivables: customer invoices" });
    await user.click(within(receivables).getByRole("button", { name: "Add up from the service (8 requests)" }));
    expect(await within(receivables).findByText("Adding up: page 3 of 8 · 600 of 1,570 records · 900 requests left")).toBeInTheDocument();
    await user.click(within(receivables).getByRole("button", { name: "Cancel" }));
    expect(calls.filter((c) => c.cmd === "cancel_download")).toEqual([{ cmd: "cancel_download", resource: "customer_invoice" }]);
    // The walk ends (here, with the amounts): they replace the counts.
    finish({ ...savedInvoices(), resource: "customer_invoice", source: { kind: "service", at: AT, requests: 8, records: null, amounts: null, offline_requests: null, amounts_requests: null } });
    expect(await within(receivables).findByText("Show as a table")).toBeInTheDocument();
    within(receivables).getByRole("button", { name: "This month (November 2026): 1,012.50. Open the list" });
    expect(within(receivables).queryByRole("button", { name: /Add up from the service/ })).toBeNull();
  });

  test("a part without figures says why: working offline, the key's reserve, the service's error", async () => {
    const failed: Part<UiError> = {
      resource: "customer_invoice",
      source: {
        kind: "failed",
        because: null,
        error: { kind: "forbidden", code: "forbidden_read", message: "", params: { resource: "customer_invoice" }, field: null, field_errors: null, retry_after_s: null } as unknown as UiError,
      },
      figures: [],
    };
    mock(overview([
      { resource: "supplier_invoice", source: { kind: "not_saved" }, figures: [] },
      failed,
      { resource: "task", source: { kind: "keep_reserve", reset: "2026-11-26T17:00:00Z" }, figures: [] },
    ]));
    renderOverview();
    const payables = await screen.findByRole("article", { name: "Payables: supplier invoices" });
    expect(payables).toHaveTextContent("Not available while working offline: this list is not saved whole on this computer.");
    expect(within(screen.getByRole("article", { name: "Receivables: customer invoices" })).getByRole("alert")).toHaveTextContent(
      "Your key's member may not see customer invoices.",
    );
    expect(screen.getByRole("article", { name: "Tasks" })).toHaveTextContent(/keep the last 10 % of this key's requests; they come back at \d{1,2}:00 [AP]M/);
  });

  test("in Spanish: month names from Intl, the user's number format", async () => {
    i18n.use("es", ["es-CO"]);
    mock(overview());
    renderOverview();
    const payables = await screen.findByRole("article", { name: "Por pagar: facturas de proveedor" });
    within(payables).getByRole("button", { name: /^Este mes \(noviembre de 2026\): 1\.012,50\. Abrir la lista$/ });
    expect(screen.getByRole("article", { name: "Tareas" })).toHaveTextContent("Vencidas");
  });
});

describe("the overview's shaping", () => {
  test("months are named by Intl in the user's language", () => {
    expect(monthName("2026-01", false, "en-US")).toBe("Jan 2026");
    expect(monthName("2026-01", true, "es-CO")).toBe("enero de 2026");
    // The first of the month, whatever this computer's time zone.
    expect(monthName("2026-12", true, "en-US")).toBe("December 2026");
  });

  test("the chart says in one sentence what it shows, and its table copies tab-separated", () => {
    const data = invoiceChart(savedInvoices(), MONTHS.slice(1));
    expect(data.labels).toHaveLength(12);
    expect(data.series.map((s) => s.label)).toEqual(["Complete", "Provisional", "Error"]);
    expect(summary("Supplier invoices per month", data)).toBe(
      "Supplier invoices per month, Dec 2025 to Nov 2026: highest in Nov 2026 (1,012.50); Nov 2026: 1,012.50.",
    );
    expect(tsv({ columns: ["A\tB", "C"], rows: [[{ text: "x", exact: "1\n2", figure: null }, { text: "y", exact: "3", figure: null }]] })).toBe(
      "A B\tC\n1 2\t3",
    );
  });
});

// "Print" (Ctrl+P, File › Print…) over mocked IPC: a list asks whether to
// print all its rows or the page on screen, and puts the rows chosen in a
// print-only table (headers, numbers aligned right, a heading naming the
// workspace, the view and the time printed) before Rust opens the print
// dialog; all rows are read in Rust the way an export reads them, with
// progress and Cancel, up to Rust's limit; a record's details and the
// overview print as they are, under the same heading.
import { afterEach, describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import App from "../src/App.svelte";
import PrintTable from "../src/components/print/PrintTable.svelte";
import ListViewComponent from "../src/components/records/ListView.svelte";
import { LIMITS, type Overview, type Progress } from "../src/lib/bindings";
import type { UiError } from "../src/lib/errors";
import { exportColumns } from "../src/lib/export";
import { i18n } from "../src/lib/i18n.svelte";
import { printedAt, printedCell, printer } from "../src/lib/print.svelte";
import { session } from "../src/lib/session.svelte";
import { serviceStatus } from "./fixtures";
import { deferred, mockService, recordPage, supplierInvoiceSchema, type Call } from "./fixtures/records";
import { answerReadAndPush, opening } from "./fixtures/reads";

afterEach(() => {
  printer.done();
  vi.useRealTimers();
});

/** The print-only table's headers and rows, as text. */
function printed(container: ParentNode = document) {
  const table = container.querySelector<HTMLElement>("[data-testid='print-table']");
  if (!table) return null;
  const cells = (row: Element) => [...row.querySelectorAll("th, td")].map((c) => c.textContent?.trim() ?? "");
  const [heading, headers] = [...table.querySelectorAll("thead tr")];
  return {
    heading: heading.textContent?.replace(/\s+/g, " ").trim() ?? "",
    headers: cells(headers),
    numeric: [...headers.querySelectorAll("th")].map((th) => th.classList.contains("num")),
    rows: [...table.querySelectorAll("tbody tr")].map(cells),
  };
}

/** The window on a workspace named Acme S.A.S., its first screen `overview` or the supplier invoices (45). */
function serveWindow(overview: Overview<UiError> | null = null) {
  session.reset();
  const calls: string[] = [];
  const status = { ...serviceStatus, opens_overview: overview !== null };
  mockIPC(
    opening((cmd, payload) => {
      calls.push(cmd);
      const args = (payload ?? {}) as Record<string, unknown>;
      switch (cmd) {
        case "workspace_status":
          return status;
        case "resource_schemas":
          return [supplierInvoiceSchema];
        case "read_list":
          return answerReadAndPush(serviceStatus.workspace!.id, args.answers, () => null, () => recordPage(1, 45), {
            offline: false,
            budget: { limit: null, remaining: null, reset: null },
          });
        case "overview":
          return overview;
        case "offline_list":
          return { complete: false, saved: 0, refreshed_at: null };
        case "rate_limit":
          return { limit: null, remaining: null, reset: null };
        default:
          return null;
      }
    }),
    { shouldMockEvents: true },
  );
  return calls;
}

describe("printing a list", () => {
  test("Ctrl+P asks all rows or this page; this page's rows go to a print-only table, then the print dialog; they go when printing ends", async () => {
    const calls = serveWindow();
    const user = userEvent.setup();
    const { container } = render(App);
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    await user.keyboard("{Control>}p{/Control}");
    const question = await screen.findByRole("dialog", { name: "Print supplier invoices" });
    const which = within(question).getByRole("group", { name: "What to print" });
    expect(within(which).getByRole("radio", { name: "All 45 rows, every page" })).toBeEnabled();
    expect(within(which).getByRole("radio", { name: "This page (20 rows)" })).toBeChecked();
    expect(within(which).getByRole("radio", { name: "This page (20 rows)" })).toHaveFocus();
    expect(printed(container)).toBeNull();

    await user.click(within(question).getByRole("button", { name: "Print…" }));
    await vi.waitFor(() => expect(calls).toContain("print_window"));
    expect(screen.queryByRole("dialog", { name: "Print supplier invoices" })).toBeNull();
    expect(document.documentElement.dataset.printing).toBe("list");
    const table = printed(container)!;
    expect(table.headers).toEqual(["Name", "Issue date", "Operation status", "Total", "Invoice number"]);
    expect(table.numeric).toEqual([false, false, false, true, true]);
    expect(table.rows).toHaveLength(20);
    expect(table.rows[0]).toEqual(["FP-2025-000001", expect.stringMatching(/2025/), "Complete", "1,190.50", "1"]);
    expect(table.rows[19][0]).toBe("FP-2025-000020");
    expect(table.heading).toMatch(/^Acme S\.A\.S\. Supplier invoices — 45 supplier invoices, page 1 of 3 Printed \w{3} \d{1,2}, 2\d{3}, \d{1,2}:\d{2}/);

    window.dispatchEvent(new Event("afterprint"));
    await vi.waitFor(() => expect(printed(container)).toBeNull());
    expect(document.documentElement.dataset.printing).toBeUndefined();
  });

  test("all rows are read in Rust as the export reads them, with progress and Cancel, and printed as the screen shows them", async () => {
    const reading = deferred<unknown>();
    let send: ((step: Progress) => void) | null = null;
    const calls: Call[] = mockService({
      count: 45,
      other: (cmd, args) => {
        if (cmd === "print_rows") {
          send = (args.progress as { onmessage: (step: Progress) => void }).onmessage;
          return reading.promise;
        }
        return null;
      },
    });
    const user = userEvent.setup();
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    void printer.request();
    const question = await screen.findByRole("dialog", { name: "Print supplier invoices" });
    await user.click(within(question).getByRole("radio", { name: "All 45 rows, every page" }));
    await user.click(within(question).getByRole("button", { name: "Print…" }));

    const asked = await vi.waitFor(() => {
      const call = calls.find((c) => c.cmd === "print_rows");
      expect(call).toBeDefined();
      return call!;
    });
    expect(asked.args.resource).toBe("supplier_invoice");
    expect((asked.args.view as { fields: string[] }).fields).toEqual(supplierInvoiceSchema.default_view.fields);
    expect(asked.args.columns).toEqual(exportColumns(supplierInvoiceSchema, supplierInvoiceSchema.default_columns));
    send!({ phase: "exporting", pages_done: 1, pages_total: 1, records: 45, records_total: 45, budget: { limit: null, remaining: null, reset: null }, paused_until: null });
    expect(await within(question).findByRole("progressbar")).toBeInTheDocument();
    expect(within(question).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(calls.some((c) => c.cmd === "print_window")).toBe(false);

    const rows = Array.from({ length: 45 }, (_, i) => [`FP-${i + 1}`, "2025-03-14 11:00:00", "Complete", "45942.960000", String(i + 1)]);
    reading.resolve({ rows, cut: false, source: { kind: "service" } });
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "print_window")).toBe(true));
    const table = printed(container)!;
    expect(table.rows).toHaveLength(45);
    expect(table.rows[0]).toEqual(["FP-1", "Mar 14, 2025, 11:00 AM", "Complete", "45,942.96", "1"]);
    expect(table.heading).toContain("Supplier invoices — 45 supplier invoices");
    expect(table.heading).not.toContain("page 1 of");
  });

  test("Cancel stops the reading (Rust's cancel_export) and prints nothing", async () => {
    const calls: Call[] = mockService({
      count: 45,
      other: (cmd) => {
        if (cmd === "print_rows") return new Promise(() => {});
        return null;
      },
    });
    const user = userEvent.setup();
    render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    void printer.request();
    const question = await screen.findByRole("dialog", { name: "Print supplier invoices" });
    await user.click(within(question).getByRole("radio", { name: "All 45 rows, every page" }));
    await user.click(within(question).getByRole("button", { name: "Print…" }));
    await user.click(await within(question).findByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "cancel_export")).toBe(true));
    expect(calls.some((c) => c.cmd === "print_window")).toBe(false);
  });

  test("a print dialog closed without printing (no afterprint) leaves Ctrl+P asking again", async () => {
    const calls: Call[] = mockService({ count: 45 });
    const user = userEvent.setup();
    render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    void printer.request();
    await user.click(within(await screen.findByRole("dialog", { name: "Print supplier invoices" })).getByRole("button", { name: "Print…" }));
    await vi.waitFor(() => expect(calls.filter((c) => c.cmd === "print_window")).toHaveLength(1));
    void printer.request();
    await user.click(within(await screen.findByRole("dialog", { name: "Print supplier invoices" })).getByRole("button", { name: "Print…" }));
    await vi.waitFor(() => expect(calls.filter((c) => c.cmd === "print_window")).toHaveLength(2));
  });

  test("a list longer than Rust prints whole offers only this page, and says to export it", async () => {
    mockService({ count: LIMITS.print_rows + 1 });
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    await vi.waitFor(() => expect(container.querySelectorAll("tbody tr[data-id]").length).toBeGreaterThan(2));
    void printer.request();
    const question = await screen.findByRole("dialog", { name: "Print supplier invoices" });
    const all = within(question).getByRole("radio", { name: /^All 2,001 rows/ });
    expect(all).toBeDisabled();
    expect(all).toHaveAccessibleDescription("All rows is for lists of up to 2,000 rows: export this one instead (File › Export…).");
  });

  test("the heading names the saved view applied while the list still shows it, in English and Spanish", async () => {
    const unpaid = { ...supplierInvoiceSchema.default_view, sort: [{ field: "issue_date", descending: true }] };
    const calls: Call[] = mockService({ count: 45, saved: [{ name: "Unpaid this month", view: unpaid, left_out: false }] });
    const user = userEvent.setup();
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    printer.workspace = "Acme S.A.S.";
    const printedHeading = async () => {
      const before = calls.filter((c) => c.cmd === "print_window").length;
      void printer.request();
      const question = await screen.findByRole("dialog", { name: /^(Print supplier invoices|Imprimir facturas de proveedor)$/ });
      await user.click(within(question).getByRole("button", { name: /^(Print|Imprimir)…$/ }));
      await vi.waitFor(() => expect(calls.filter((c) => c.cmd === "print_window")).toHaveLength(before + 1));
      const heading = printed(container)!.heading;
      window.dispatchEvent(new Event("afterprint"));
      await vi.waitFor(() => expect(printed(container)).toBeNull());
      return heading;
    };

    await user.selectOptions(screen.getByLabelText("Saved views"), "Unpaid this month");
    await vi.waitFor(() => expect(calls.filter((c) => c.cmd === "read_list")).toHaveLength(1));
    expect(await printedHeading()).toMatch(/^Acme S\.A\.S\. Supplier invoices — Unpaid this month — 45 supplier invoices, page 1 of 3 Printed /);
    i18n.use("es", ["es-CO"]);
    expect(await printedHeading()).toMatch(/^Acme S\.A\.S\. Facturas de proveedor — Unpaid this month — 45 facturas de proveedor, página 1 de 3 Impreso el /);
    i18n.use("system", ["en-US"]);

    // Another sort: the list no longer shows the saved view, and the heading no longer names it.
    await user.click(screen.getByRole("button", { name: /^Total/ }));
    await vi.waitFor(() => expect(calls.filter((c) => c.cmd === "read_list")).toHaveLength(2));
    expect(await printedHeading()).toMatch(/^Acme S\.A\.S\. Supplier invoices — 45 supplier invoices, page 1 of 3 Printed /);

    // The view on screen saved under a name is the view applied; deleted, it is no longer named.
    await user.click(screen.getByRole("button", { name: "Save view…" }));
    await user.clear(screen.getByLabelText("View name"));
    await user.type(screen.getByLabelText("View name"), "By total");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "save_view")).toBe(true));
    expect(await printedHeading()).toMatch(/^Acme S\.A\.S\. Supplier invoices — By total — 45 supplier invoices, page 1 of 3 Printed /);
    await user.click(screen.getByRole("button", { name: "Delete view" }));
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "delete_view")).toBe(true));
    expect(await printedHeading()).toMatch(/^Acme S\.A\.S\. Supplier invoices — 45 supplier invoices, page 1 of 3 Printed /);
  });

  test("in Spanish, the question and the heading are in Spanish, the time in its format", async () => {
    i18n.use("es", ["es-CO"]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 28, 17, 20));
    const calls: Call[] = mockService({ count: 45 });
    const user = userEvent.setup();
    const { container } = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
    expect(await screen.findByText("45 facturas de proveedor")).toBeInTheDocument();
    printer.workspace = "Acme S.A.S.";
    void printer.request();
    const question = await screen.findByRole("dialog", { name: "Imprimir facturas de proveedor" });
    expect(within(question).getByRole("radio", { name: "Las 45 filas, todas las páginas" })).toBeEnabled();
    await user.click(within(question).getByRole("button", { name: "Imprimir…" }));
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "print_window")).toBe(true));
    const table = printed(container)!;
    expect(table.headers[3]).toBe("Total");
    expect(table.rows[0][3]).toBe("1.190,50");
    expect(table.heading).toBe(`Acme S.A.S. Facturas de proveedor — 45 facturas de proveedor, página 1 de 3 ${printedAt(new Date(2026, 10, 28, 17, 20), "es-CO")}`);
    expect(printedAt(new Date(2026, 10, 28, 17, 20), "es-CO")).toMatch(/^Impreso el 28\/11\/2026, 5:20\sp\.\sm\.$/);
  });
});

describe("the print table", () => {
  test("repeats its heading and headers on each page (thead), numbers right-aligned in tabular figures", () => {
    const { container } = render(PrintTable, {
      props: {
        heading: { workspace: "Acme S.A.S.", view: "Supplier invoices", at: "Printed Nov 28, 2026, 5:20 PM" },
        headers: ["Name", "Total"],
        numeric: [false, true],
        rows: [["FP-1", "1,190.50"], ["FP-2", "-12.00"]],
        note: "Only the first 2,000 rows: the list has grown past what a print holds.",
      },
    });
    const table = printed(container)!;
    expect(table.heading).toBe("Acme S.A.S. Supplier invoices Printed Nov 28, 2026, 5:20 PM Only the first 2,000 rows: the list has grown past what a print holds.");
    expect(table.headers).toEqual(["Name", "Total"]);
    expect(table.numeric).toEqual([false, true]);
    expect(table.rows).toEqual([["FP-1", "1,190.50"], ["FP-2", "-12.00"]]);
    expect(container.querySelector("thead th[colspan='2']")).not.toBeNull();
    expect([...container.querySelectorAll("tbody td.num")].map((td) => td.textContent)).toEqual(["1,190.50", "-12.00"]);
  });

  test("cells read from Rust (the export's CSV text) show as the list shows them", () => {
    expect(printedCell("decimal", "45942.960000")).toBe("45,942.96");
    expect(printedCell("decimal", "-0.125")).toBe("-0.125");
    expect(printedCell("date", "2025-03-14")).toBe("Mar 14, 2025");
    expect(printedCell("date_time", "2025-03-14 09:05:00")).toBe("Mar 14, 2025, 9:05 AM");
    expect(printedCell("string", "Acme, S.A.")).toBe("Acme, S.A.");
    expect(printedCell("decimal", "")).toBe("");
  });
});

describe("Ctrl+P elsewhere", () => {
  test("with a record open, Ctrl+P offers its details, printed alone under the heading", async () => {
    const calls = serveWindow();
    const user = userEvent.setup();
    const { container } = render(App);
    await vi.waitFor(() => expect(container.querySelectorAll("tbody tr[data-id]").length).toBeGreaterThan(2));
    await user.click(container.querySelector("tbody tr[data-id] td")!);
    expect(await screen.findByRole("dialog", { name: /FP-2025-000001/ })).toBeInTheDocument();
    await user.keyboard("{Control>}p{/Control}");
    const question = await screen.findByRole("dialog", { name: "Print supplier invoices" });
    await user.click(within(question).getByRole("radio", { name: "The details of “FP-2025-000001”" }));
    await user.click(within(question).getByRole("button", { name: "Print…" }));
    await vi.waitFor(() => expect(calls).toContain("print_window"));
    expect(document.documentElement.dataset.printing).toBe("details");
    expect(printer.heading?.view).toBe("FP-2025-000001");
    expect(printed(container)).toBeNull();
  });

  test("the overview prints as it is, charts and all, under the workspace, its name and the time", async () => {
    const overview: Overview<UiError> = { at: "2026-11-26T15:42:00Z", months: ["2026-11"], parts: [] };
    const calls = serveWindow(overview);
    const user = userEvent.setup();
    render(App);
    expect(await screen.findByRole("heading", { name: "Overview", level: 2 })).toBeInTheDocument();
    await user.keyboard("{Control>}p{/Control}");
    await vi.waitFor(() => expect(calls).toContain("print_window"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.documentElement.dataset.printing).toBe("screen");
    const heading = await screen.findByTestId("print-heading");
    expect(heading.textContent?.replace(/\s+/g, " ").trim()).toMatch(/^Acme S\.A\.S\. Overview Printed /);
    window.dispatchEvent(new Event("afterprint"));
    await vi.waitFor(() => expect(screen.queryByTestId("print-heading")).toBeNull());
  });

  test("a customer card prints as it is, its heading naming the screen and the customer", async () => {
    const calls: string[] = [];
    mockIPC((cmd) => void calls.push(cmd));
    const main = document.createElement("main");
    main.innerHTML = `<h2>Open a customer</h2><section class="customer-card"><h3>Acme Distribuciones S.A.S.</h3></section>`;
    document.body.append(main);
    try {
      printer.workspace = "Acme S.A.S.";
      await printer.request();
      expect(calls).toEqual(["print_window"]);
      expect(printer.heading?.view).toBe("Open a customer — Acme Distribuciones S.A.S.");
      expect(document.documentElement.dataset.printing).toBe("screen");
    } finally {
      main.remove();
    }
  });

  test("the list of shortcuts has Ctrl+P", async () => {
    serveWindow();
    const user = userEvent.setup();
    render(App);
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    await user.keyboard("{F1}");
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(sheet).getByRole("rowheader", { name: "Ctrl+P" })).toBeInTheDocument();
    expect(within(sheet).getByText("Print what is on screen")).toBeInTheDocument();
  });
});

// "Export…" and the totals under a list, on the list view over a mocked
// service: what the export command is sent, its progress and outcomes, and
// the sums (exact, whole list or page, labelled).
import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import ListViewComponent from "../src/components/records/ListView.svelte";
import type { ExportColumn, ExportLayout, Progress, SaveDialog } from "../src/lib/bindings";
import { defaultSeparator, excelFormats, exportColumns } from "../src/lib/export";
import { moneyColumns, sumOf } from "../src/lib/totals";
import { deferred, invoiceRecord, listCalls, mockService, recordPage, supplierInvoiceSchema, uiError, type Call } from "./fixtures/records";

function renderView() {
  const user = userEvent.setup();
  const result = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
  return { user, ...result };
}

function headers(container: HTMLElement): string[] {
  return [...container.querySelectorAll("table thead th")].map((th) => th.textContent?.replace(/[▲▼↑↓]/g, "").trim() ?? "");
}

describe("export", () => {
  test("the rows' context menu exports just the rows chosen: the list's view with their ids as its last condition", async () => {
    let exported: unknown = null;
    mockService({
      count: 2437,
      other: (cmd, args) => {
        if (cmd === "export_source") return { kind: "service" };
        if (cmd === "export_list") {
          exported = args.view;
          return new Promise(() => {});
        }
        return null;
      },
    });
    const { user, container } = renderView();
    await vi.waitFor(() => expect(container.querySelectorAll("tbody tr[data-id]").length).toBeGreaterThan(2));
    const rows = [...container.querySelectorAll<HTMLTableRowElement>("tbody tr[data-id]")];
    await user.click(rows[0].querySelector("td")!);
    await user.keyboard("{Shift>}");
    await user.click(rows[1].querySelector("td")!);
    await user.keyboard("{/Shift}");
    await user.pointer({ keys: "[MouseRight]", target: rows[1].querySelector("td")! });
    await user.click(await screen.findByRole("menuitem", { name: "Export these 2 rows…" }));
    const dialog = await screen.findByRole("dialog", { name: "Export supplier invoices" });
    expect(dialog).toHaveTextContent(/^.*2 records, every page/);
    await user.click(within(dialog).getByRole("button", { name: "Choose file and export…" }));
    await vi.waitFor(() => expect(exported).not.toBeNull());
    const filters = (exported as { filters: { field: string; operator: string; values: string[] }[] }).filters;
    expect(filters.at(-1)).toEqual({ or: false, not: false, field: "id", operator: "in", values: [rows[0].dataset.id, rows[1].dataset.id] });
  });

  test("sends the view on screen, the columns in screen order and the locale's formats; shows progress; cancels", async () => {
    const finish = deferred<unknown>();
    let send: ((step: Progress) => void) | null = null;
    const calls: Call[] = mockService({
      count: 2437,
      // Columns the user arranged: not the schema's order.
      current: { page: 1, take: 20, fields: ["total", "is_pay_authorized", "name", "operation_status", "id"], sort: [], filters: [] },
      other: (cmd, args) => {
        if (cmd === "export_source") return { kind: "service" };
        if (cmd === "export_list") {
          send = (args.progress as { onmessage: (step: Progress) => void }).onmessage;
          return finish.promise;
        }
        return null;
      },
    });
    const { user, container } = renderView();
    const open = await screen.findByRole("button", { name: "Export…" });
    await vi.waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Export supplier invoices" });
    expect(dialog).toHaveTextContent(/2,437 records, every page, with the current filters and sort/);
    expect(await within(dialog).findByText(/From the service: about 13 requests/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText("CSV text (.csv)"));
    expect(within(dialog).getByLabelText("Separator")).toHaveValue("comma");
    await user.click(within(dialog).getByRole("button", { name: "Choose file and export…" }));

    await vi.waitFor(() => expect(send).not.toBeNull());
    const call = calls.find((c) => c.cmd === "export_list")!;
    expect(call.args.resource).toBe("supplier_invoice");
    const listed = listCalls(calls).at(-1);
    expect(call.args.view).toEqual(listed);
    const columns = call.args.columns as ExportColumn[];
    expect(columns.map((c) => c.header)).toEqual(headers(container));
    expect(columns.map((c) => c.field)).toEqual(["total", "is_pay_authorized", "name", "operation_status"]);
    const status = columns.find((c) => c.field === "operation_status");
    expect(status?.labels?.CO).toBe("Complete");
    expect(columns.find((c) => c.field === "is_pay_authorized")?.labels).toEqual({ true: "Yes", false: "No" });
    expect(call.args.layout as ExportLayout).toMatchObject({ format: "csv", separator: "comma", sheet_name: "Supplier invoices" });
    const saveDialog = call.args.dialog as SaveDialog;
    expect(saveDialog.title).toBe("Export supplier invoices");
    expect(saveDialog.file_name).toMatch(/^Supplier invoices \d{4}-\d{2}-\d{2}\.csv$/);
    // Rust fills in {name} and {file}: the words around them are the user's language's.
    expect(saveDialog.replace_question).toBe("“{name}” already exists. Do you want to replace it?");
    expect([saveDialog.replace, saveDialog.keep]).toEqual(["Replace", "Cancel"]);
    expect(saveDialog.notice).toEqual({
      title: "Workdesk",
      done: "Export finished: {file}",
      failed: "The export did not finish. Open Workdesk to see why.",
    });

    send!({
      phase: "exporting",
      pages_done: 3,
      pages_total: 13,
      records: 600,
      records_total: 2437,
      budget: { limit: 1000, remaining: 840, reset: null },
      paused_until: null,
    });
    const bar = await within(dialog).findByRole("progressbar", { name: "Exporting supplier invoices" });
    expect(bar).toHaveAttribute("value", "3");
    expect(dialog).toHaveTextContent(/Exporting: page 3 of 13 · 600 of 2,437 records · 840 requests left/);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.cmd === "cancel_export")).toBe(true);
    finish.reject(uiError("cancelled", "Cancelled"));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Export cancelled. No file was written.");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(open).toHaveFocus();
  });

  test("from saved records says so; a closed save dialog goes back to the choices; done names the file", async () => {
    let answer: unknown = null;
    const opened: unknown[] = [];
    mockService({
      count: 45,
      other: (cmd, args) => {
        if (cmd === "export_source") return { kind: "saved_records", saved: 1204, complete: true, refreshed_at: "2026-11-23T10:42:00Z" };
        if (cmd === "export_list") return answer;
        if (cmd === "open_exported") {
          opened.push(args);
          if (opened.length === 3) throw { ...uiError("not_found", ""), code: "no_export" };
        }
        return null;
      },
    });
    const { user } = renderView();
    const open = await screen.findByRole("button", { name: "Export…" });
    await vi.waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/^From 1,204 saved records, saved at /)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Excel workbook (.xlsx)")).toBeChecked();
    const choose = within(dialog).getByRole("button", { name: "Choose file and export…" });
    await user.click(choose);
    // The save dialog was closed: the choices are back.
    expect(await within(dialog).findByRole("button", { name: "Choose file and export…" })).toBeEnabled();
    answer = {
      path: "/home/ana/Facturas.xlsx",
      file_name: "Facturas.xlsx",
      records: 1204,
      bytes: 90000,
      source: { kind: "saved_records", saved: 1204, complete: true, refreshed_at: null },
    };
    await user.click(within(dialog).getByRole("button", { name: "Choose file and export…" }));
    expect(await within(dialog).findByText("Exported 1,204 saved records to Facturas.xlsx.")).toBeInTheDocument();
    expect(within(dialog).getByText("/home/ana/Facturas.xlsx")).toBeInTheDocument();
    // Open it, or show it in its folder: Rust opens the file it wrote, the UI names none.
    await user.click(within(dialog).getByRole("button", { name: "Open" }));
    await user.click(within(dialog).getByRole("button", { name: "Show in folder" }));
    await vi.waitFor(() => expect(opened).toEqual([{ action: "open" }, { action: "show_in_folder" }]));
    // The file moved away meanwhile: said, and the dialog stays.
    await user.click(within(dialog).getByRole("button", { name: "Open" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The exported file is no longer there.");
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeInTheDocument();
  });

  test("a file that cannot be written is said with its path, and the choices come back", async () => {
    mockService({
      other: (cmd) => {
        if (cmd === "export_source") return { kind: "service" };
        if (cmd === "export_list")
          throw { ...uiError("internal", "x"), code: "export_failed", params: { path: "/media/usb/F.xlsx", detail: "Read-only file system" } };
        return null;
      },
    });
    const { user } = renderView();
    const open = await screen.findByRole("button", { name: "Export…" });
    await vi.waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Choose file and export…" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(
      "The file /media/usb/F.xlsx could not be written. Nothing was left under that name. Technical details: Read-only file system",
    );
    // The system's words apart from the sentence, as they came (English), not to be translated.
    const detail = within(alert).getByText("Read-only file system");
    expect(detail).toHaveAttribute("lang", "en");
    expect(detail).toHaveAttribute("translate", "no");
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(within(dialog).getByRole("button", { name: "Choose file and export…" })).toBeInTheDocument();
  });
});

describe("totals", () => {
  const totalCell = (container: HTMLElement) => container.querySelector('.totals dd[data-field="total"]');

  test("all matches on screen: the whole list's exact sum", async () => {
    mockService({
      list: (view) =>
        recordPage(view.page, 3, 20, (i) => invoiceRecord(i, { total: ["0.10", "0.20", "1234567890123.45"][i - 1] })),
    });
    const { container } = renderView();
    await vi.waitFor(() => expect(container.querySelector(".totals")).not.toBeNull());
    expect(container.querySelector(".totals")).toHaveAttribute("data-scope", "list");
    expect(container.querySelector(".totals .scope")).toHaveTextContent("Whole list: 3 records");
    expect(totalCell(container)).toHaveTextContent("1,234,567,890,123.75");
  });

  test("one page of many: the page's sum, labelled; the saved list's sum when it was made available offline", async () => {
    let savedTotals: unknown = null;
    const asked: unknown[] = [];
    mockService({
      count: 2437,
      other: (cmd, args) => {
        if (cmd === "saved_totals") {
          asked.push(args.fields);
          return savedTotals;
        }
        return null;
      },
    });
    const first = renderView();
    await vi.waitFor(() => expect(first.container.querySelector(".totals")).not.toBeNull());
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toContain("total");
    expect(first.container.querySelector(".totals .scope")).toHaveTextContent("This page only: 20 of 2,437 records");
    // 20 × 1190.50
    expect(totalCell(first.container)).toHaveTextContent("23,810.00");
    first.unmount();

    savedTotals = { count: 2437, sums: { total: "2901248.50" }, refreshed_at: "2026-11-23T10:42:00Z" };
    const second = renderView();
    await vi.waitFor(() => expect(second.container.querySelector(".totals")).toHaveAttribute("data-scope", "saved"));
    expect(second.container.querySelector(".totals .scope")).toHaveTextContent(/^Whole list, from saved records \(refreshed at .+\): 2,437 records$/);
    expect(totalCell(second.container)).toHaveTextContent("2,901,248.50");
    expect(asked).toHaveLength(2);

    // Another page selects the same records: the sums stay, nothing is asked.
    const status = second.container.querySelector("#page-status")!;
    await second.user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(status).toHaveTextContent(/^Page 2 of/));
    expect(second.container.querySelector(".totals")).toHaveAttribute("data-scope", "saved");
    expect(totalCell(second.container)).toHaveTextContent("2,901,248.50");
    expect(asked).toHaveLength(2);

    // Search words select other records: asked again.
    savedTotals = { count: 12, sums: { total: "14286.00" }, refreshed_at: "2026-11-23T10:42:00Z" };
    await second.user.type(screen.getByRole("searchbox"), "acme{Enter}");
    await vi.waitFor(() => expect(totalCell(second.container)).toHaveTextContent("14,286.00"));
    expect(asked).toHaveLength(3);
  });
});

describe("export and totals helpers", () => {
  test("sums are exact decimals with the largest scale", () => {
    const rows = [{ a: "0.1" }, { a: "0.2" }, { a: null }, { a: "99999999999999.999999" }, { a: "-0.300000" }];
    expect(sumOf(rows, "a")).toBe("99999999999999.999999");
    expect(sumOf([{ a: "0.1" }, { a: "0.2" }], "a")).toBe("0.3");
    expect(sumOf([{ a: "1234.50" }, { a: "0.5" }], "a")).toBe("1235.00");
    expect(sumOf([{ a: "-0.25" }, { a: "0.05" }], "a")).toBe("-0.20");
    expect(sumOf([{ a: "12345678901234567890.1" }, { a: "0.9" }], "a")).toBe("12345678901234567891.0");
    expect(sumOf([], "a")).toBe("0");
  });

  test("money columns leave out percentages and rates", () => {
    const schema = {
      ...supplierInvoiceSchema,
      fields: [
        ...supplierInvoiceSchema.fields,
        ...["discount_percentage", "subtotal"].map((name) => ({ ...supplierInvoiceSchema.fields.find((f) => f.name === "total")!, name })),
      ],
    };
    expect(moneyColumns(schema, ["name", "discount_percentage", "total", "subtotal"])).toEqual(["total", "subtotal"]);
  });

  test("spreadsheet formats follow the locale", () => {
    expect(excelFormats("en-US")).toEqual({ date: "mm/dd/yyyy", dateTime: "mm/dd/yyyy hh:mm AM/PM" });
    expect(excelFormats("en-GB")).toEqual({ date: "dd/mm/yyyy", dateTime: "dd/mm/yyyy hh:mm" });
    expect(excelFormats("es-CO").date).toBe("dd/mm/yyyy");
    expect(defaultSeparator("es-CO")).toBe("semicolon");
    expect(defaultSeparator("en-US")).toBe("comma");
    expect(exportColumns(supplierInvoiceSchema, ["total"])).toEqual([{ field: "total", header: "Total", labels: {} }]);
  });
});

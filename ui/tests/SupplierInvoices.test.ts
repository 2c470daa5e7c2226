import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import SupplierInvoices from "../src/components/SupplierInvoices.svelte";
import type { PageView } from "../src/lib/bindings";
import { invoice, page, uiError } from "./fixtures";

function serve(count: number, requests: PageView[] = []) {
  mockIPC((cmd, args) => {
    if (cmd !== "list_supplier_invoices") throw new Error(`unexpected ${cmd}`);
    const query = (args as { query: PageView }).query;
    requests.push(query);
    const take = query.take === "all" ? 200 : query.take;
    return page(query.page, count, take);
  });
  return requests;
}

describe("supplier invoice table", () => {
  test("shows the total count, the page position and one row per invoice", async () => {
    serve(45);
    render(SupplierInvoices, { props: { initialView: { page: 1, take: 20 } } });
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(21); // header + 20
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
  });

  test("goes to the next page and back", async () => {
    const requests = serve(45);
    render(SupplierInvoices, { props: { initialView: { page: 1, take: 20 } } });
    const user = userEvent.setup();
    await screen.findByText("Page 1 of 3");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "FP-2025-000021" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Last page" }));
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(6);
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "First page" }));
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(requests.map((r) => r.page)).toEqual([1, 2, 3, 2, 1]);
  });

  test("changing the page size starts again at page 1", async () => {
    const requests = serve(450);
    render(SupplierInvoices, { props: { initialView: { page: 3, take: 20 } } });
    await screen.findByText("Page 3 of 23");
    await userEvent.setup().selectOptions(screen.getByLabelText("Rows per page"), "50");
    expect(await screen.findByText("Page 1 of 9")).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ page: 1, take: 50 });
  });

  test("money is shown exactly as the decimal strings sent, right-aligned", async () => {
    mockIPC(() => ({
      count: 1,
      next: null,
      previous: null,
      results: [invoice(1, { total: "99999999999999.999999", subtotal: "-12.50" })],
    }));
    render(SupplierInvoices, { props: { initialView: { page: 1, take: 20 } } });
    const total = await screen.findByText("99,999,999,999,999.999999");
    expect(total).toHaveClass("num");
    const row = total.closest("tr")!;
    expect(within(row).getByText("-12.50")).toHaveClass("num");
  });

  test("a page that no longer exists offers the way back to page 1", async () => {
    const requests: PageView[] = [];
    mockIPC((_cmd, args) => {
      const query = (args as { query: PageView }).query;
      requests.push(query);
      if (query.page > 1) throw uiError("not_found", "That page does not exist any more.");
      return page(1, 5);
    });
    render(SupplierInvoices, { props: { initialView: { page: 9, take: 20 } } });
    expect(await screen.findByRole("alert")).toHaveTextContent("does not exist any more");
    await userEvent.setup().click(screen.getByRole("button", { name: "Go to the first page" }));
    expect(await screen.findByText("Page 1 of 1")).toBeInTheDocument();
  });

  test("an empty page past the last (a service may send one) offers the way back", async () => {
    mockIPC((_cmd, args) => {
      const query = (args as { query: PageView }).query;
      return query.page > 1 ? { count: 5, next: null, previous: null, results: [] } : page(1, 5);
    });
    render(SupplierInvoices, { props: { initialView: { page: 4, take: 20 } } });
    expect(await screen.findByRole("alert")).toHaveTextContent("does not exist any more");
    expect(screen.queryByText(/no supplier invoices in this workspace/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Go to the first page" }));
    expect(await screen.findByText("Page 1 of 1")).toBeInTheDocument();
  });

  test("a failed page-size change keeps showing the size in use", async () => {
    let fail = false;
    mockIPC((_cmd, args) => {
      if (fail) throw uiError("network", "The service could not be reached.");
      const query = (args as { query: PageView }).query;
      return page(query.page, 100, query.take === "all" ? 200 : query.take);
    });
    render(SupplierInvoices, { props: { initialView: { page: 1, take: 50 } } });
    await screen.findByText("Page 1 of 2");
    fail = true;
    const select = screen.getByLabelText("Rows per page") as HTMLSelectElement;
    await userEvent.setup().selectOptions(select, "20");
    expect(await screen.findByRole("alert")).toHaveTextContent("could not be reached");
    await vi.waitFor(() => expect(select.value).toBe("50"));
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
  });

  test("an offline error can be retried", async () => {
    let online = false;
    mockIPC(() => {
      if (!online) throw uiError("network", "The service could not be reached.");
      return page(1, 2);
    });
    render(SupplierInvoices, { props: { initialView: { page: 1, take: 20 } } });
    expect(await screen.findByRole("alert")).toHaveTextContent("could not be reached");
    online = true;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("2 supplier invoices")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

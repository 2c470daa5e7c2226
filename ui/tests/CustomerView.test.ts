import { describe, expect, test } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import CustomerView from "../src/components/forms/CustomerView.svelte";
import CustomerCard from "../src/components/forms/CustomerCard.svelte";
import { ACTIVE_STATUS, customer, CUSTOMER_ID, ipcHandler, notFound, schemas } from "./fixtures/forms";

const card = () => screen.getByRole("region", { name: "Customer" });
const summary = (field: string) => card().querySelector(`.summary [data-field="${field}"]`) as HTMLElement;

describe("customer card", () => {
  test("shows the credit limit exactly, right-aligned, with every digit", () => {
    render(CustomerCard, { props: { schemas, customer: customer() } });
    expect(within(card()).getByRole("heading", { name: "Acme Distribuciones S.A.S." })).toBeInTheDocument();
    // 14 integer digits and 2 decimals: a float would lose the last ones.
    expect(summary("credit_limit")).toHaveTextContent(/^12,345,678,901,234\.56$/);
    expect(summary("credit_limit")).toHaveClass("num");
    expect(summary("credit_limit")).toHaveAttribute("title", "12345678901234.56");
    expect(summary("document_number")).toHaveTextContent("900765432");
    expect(summary("is_active")).toHaveTextContent("Active");
    expect(summary("is_active")).toHaveTextContent(ACTIVE_STATUS);
    expect(summary("customer_since")).toHaveTextContent("Jul 1, 2019");
  });

  test("keeps the scale of the credit limit and says when a customer is inactive", () => {
    render(CustomerCard, { props: { schemas, customer: customer({ credit_limit: "1500.50", is_active: false }) } });
    expect(summary("credit_limit")).toHaveTextContent(/^1,500\.50$/);
    expect(summary("is_active")).toHaveTextContent("Inactive");
  });

  test("has every field under “All fields”", async () => {
    render(CustomerCard, { props: { schemas, customer: customer() } });
    const details = within(card()).getByText("All fields").closest("details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.setup().click(within(card()).getByText("All fields"));
    expect(details.open).toBe(true);
    expect(within(details).getByText("Credit limit")).toBeInTheDocument();
    expect(within(details).getByText("Customer status")).toBeInTheDocument();
  });
});

describe("customer view", () => {
  test("opens with its page heading first (the app focuses it) and a sentence saying what it does", () => {
    mockIPC(ipcHandler({}).handler);
    render(CustomerView, { props: { schemas } });
    expect(document.querySelector("h2, h3")).toBe(screen.getByRole("heading", { level: 2, name: "Open a customer" }));
    expect(screen.getByText(/Find a customer by a part of its name or document number/)).toBeInTheDocument();
  });

  test("after opening, the focus stays where it was: on the input (Enter) or on the button", async () => {
    let answer: () => void = () => {};
    const { handler } = ipcHandler({ read_record: () => new Promise((r) => (answer = () => r(customer()))) });
    mockIPC(handler);
    render(CustomerView, { props: { schemas } });
    const user = userEvent.setup();
    const input = screen.getByRole("combobox", { name: "Customer" });
    await user.type(input, `${CUSTOMER_ID}{Enter}`);
    await screen.findByRole("button", { name: "Opening…" });
    answer();
    expect(await screen.findByRole("region", { name: "Customer" })).toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.click(await screen.findByRole("button", { name: "Open customer" }));
    // While opening the button says so but keeps the focus.
    const busy = await screen.findByRole("button", { name: "Opening…" });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toHaveFocus();
    answer();
    expect(await screen.findByRole("button", { name: "Open customer" })).toHaveFocus();
  });

  test("opens the customer given and shows its card", async () => {
    const { handler, calls } = ipcHandler({ read_record: () => customer() });
    mockIPC(handler);
    render(CustomerView, { props: { schemas, customerId: CUSTOMER_ID } });
    expect(await screen.findByRole("region", { name: "Customer" })).toHaveTextContent("Acme Distribuciones S.A.S.");
    // One read: the input is titled with the customer read, not by a second
    // one (its references are named from the saved records, asking nothing).
    expect(calls.filter(([cmd]) => cmd !== "reference_names")).toEqual([["read_record", { resource: "customer", id: CUSTOMER_ID, answers: expect.anything() }]]);
    expect(await screen.findByDisplayValue("Acme Distribuciones S.A.S.")).toBe(screen.getByRole("combobox", { name: "Customer" }));
  });

  test("a name typed but not chosen, or an unknown id, is explained beside the input", async () => {
    const { handler, calls } = ipcHandler({
      read_record: () => {
        throw notFound;
      },
      read_list: () => ({ count: 0, page: 1, results: [] }),
    });
    mockIPC(handler);
    render(CustomerView, { props: { schemas } });
    const user = userEvent.setup();
    const input = screen.getByRole("combobox", { name: "Customer" });
    await user.type(input, "abc");
    await user.click(screen.getByRole("button", { name: "Open customer" }));
    expect(await screen.findByText(/^Customer: choose one of the matches, or paste its ID/)).toHaveAttribute("id", "customer-id-error");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter(([cmd]) => cmd === "read_record")).toEqual([]);

    await user.clear(input);
    await user.type(input, CUSTOMER_ID);
    await user.click(screen.getByRole("button", { name: "Open customer" }));
    expect(await screen.findByText(/No customer with that ID/)).toHaveAttribute("id", "customer-id-error");
    expect(input).toHaveValue(CUSTOMER_ID);
    expect(screen.queryByRole("region", { name: "Customer" })).toBeNull();
  });
});

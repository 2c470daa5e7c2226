// Record pickers instead of IDs: a customer opened by a part of its name, a
// lead's company chosen among company stakeholders (holding their
// person_or_company_id), a task's "About" and assignee. The views read are
// Rust's (tests/fixtures/resource-schemas.json, written by `npm run
// bindings`); the mocked service answers them.
import { describe, expect, test, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import CustomerView from "../src/components/forms/CustomerView.svelte";
import LeadEditor from "../src/components/forms/LeadEditor.svelte";
import TaskForm from "../src/components/forms/TaskForm.svelte";
import { LIMITS, type ListView, type SeenMember } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";
import { customer, ipcHandler, lead, LEAD_ID, MEMBER, OTHER_MEMBER, page, schemas, sent, stakeholder, task, uuid } from "./fixtures/forms";
import { invoiceRecord, supplierInvoiceSchema } from "./fixtures/records";
import { unanswered } from "./fixtures/reads";
import { uiError } from "./fixtures/forms";

type Call = [string, Record<string, unknown>];

/** The views `read_list` was asked for `resource`. */
const reads = (calls: Call[], resource: string) =>
  calls.filter(([cmd, a]) => cmd === "read_list" && a.resource === resource).map(([, a]) => a.view as ListView);

/** Where the mock looks for a search's words (each resource's own search fields, as Rust's schemas name them). */
const SEARCHED = ["name", "document_number", "title"];

/** `records` as a service answers `view`: its `exact` filters, its search (every word in some searched field), its take. */
function answer(records: JsonRecord[], view: ListView) {
  const words = (view.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const found = records.filter(
    (r) =>
      (view.filters ?? []).every((f) => f.operator !== "exact" || String(r[f.field]) === f.values[0]) &&
      words.every((w) => SEARCHED.some((f) => typeof r[f] === "string" && (r[f] as string).toLowerCase().includes(w))),
  );
  const take = typeof view.take === "number" ? view.take : 200;
  return page(found.slice(0, take), found.length);
}

const CUSTOMERS = [
  customer(),
  customer({ id: uuid(42, "66666666-6666-4666-8666"), name: "Acme Logística S.A.", document_number: "900111222" }),
  customer({ id: uuid(43, "66666666-6666-4666-8666"), name: "Bogotá Textiles Ltda.", document_number: "800333444" }),
];

/** Open a customer over a service holding CUSTOMERS: its calls, the user, and the picker's input. */
function openCustomerView() {
  const { handler, calls } = ipcHandler({
    read_list: ({ view }) => answer(CUSTOMERS, view as ListView),
    read_record: ({ id }) => CUSTOMERS.find((c) => c.id === id)!,
  });
  mockIPC(handler);
  render(CustomerView, { props: { schemas } });
  return { calls, user: userEvent.setup(), input: screen.getByRole("combobox", { name: "Customer" }) };
}

describe("open a customer by a part of its name", () => {
  test("one read per pause in typing; arrows and Enter choose; the customer opens and its name shows", async () => {
    const { calls, user, input } = openCustomerView();
    expect(input).toHaveAccessibleDescription(/Type a part of its name or document number, then choose it; or paste its ID/);
    await user.type(input, "acme");
    const list = await screen.findByRole("listbox", { name: "Matches: Customer" });
    expect(await within(list).findAllByRole("option")).toHaveLength(2);
    // Typed without a pause: one read, with every word typed.
    const views = reads(calls, "customer");
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ search: "acme", take: 8, sort: [{ field: "name", descending: false }] });
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("2 matches.")).toHaveAttribute("aria-live", "polite");
    const options = within(list).getAllByRole("option");
    expect(options[0]).toHaveTextContent("Acme Distribuciones S.A.S.");
    expect(options[0]).toHaveTextContent("Document number 900765432");
    expect(input).toHaveAttribute("aria-activedescendant", options[0].id);

    await user.keyboard("{ArrowDown}");
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    expect(input).toHaveAttribute("aria-activedescendant", options[1].id);
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("region", { name: "Customer" })).toHaveTextContent("Acme Logística S.A.");
    expect(calls.filter(([cmd]) => cmd === "read_record").map(([, a]) => a.id)).toEqual([CUSTOMERS[1].id]);
    expect(input).toHaveValue("Acme Logística S.A.");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).toHaveFocus();
  });

  test("the option under a still pointer does not take the keyboard's choice; a real move does", async () => {
    const { user, input } = openCustomerView();
    await user.type(input, "acme");
    const list = await screen.findByRole("listbox", { name: "Matches: Customer" });
    const options = await within(list).findAllByRole("option");
    await fireEvent.mouseMove(options[0], { screenX: 60, screenY: 200 });
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", options[1].id);
    // The list moved under the pointer, which stayed where it was (WebKit says so with a mousemove).
    await fireEvent.mouseMove(options[0], { screenX: 60, screenY: 200 });
    expect(input).toHaveAttribute("aria-activedescendant", options[1].id);
    await fireEvent.mouseMove(options[0], { screenX: 60, screenY: 204 });
    expect(input).toHaveAttribute("aria-activedescendant", options[0].id);
  });

  test("Escape closes the list and keeps what was typed; a pasted ID still opens", async () => {
    const { calls, user, input } = openCustomerView();
    await user.type(input, "800");
    expect(await screen.findByRole("option")).toHaveTextContent("Bogotá Textiles Ltda.");
    await user.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).toHaveValue("800");

    await user.clear(input);
    await user.type(input, `${CUSTOMERS[2].id}{Enter}`);
    expect(await screen.findByRole("region", { name: "Customer" })).toHaveTextContent("Bogotá Textiles Ltda.");
    // A pasted ID is no search.
    expect(reads(calls, "customer").map((v) => v.search)).toEqual(["800"]);
  });

  test("matches of older words stay in sight, dimmed, and are never chosen", async () => {
    const { calls, user, input } = openCustomerView();
    await user.type(input, "acme");
    expect(await screen.findAllByRole("option")).toHaveLength(2);
    // More words typed: the "acme" matches stay in sight, dimmed, until
    // the new ones come; Enter meanwhile chooses nothing.
    await user.type(input, " zzz{Enter}");
    expect(input).not.toHaveAttribute("aria-activedescendant");
    expect(calls.filter(([cmd]) => cmd === "read_record")).toEqual([]);
    expect(await screen.findByText("No match.")).toBeInTheDocument();
  });

  test("a pause in typing that ends after the input was left reads nothing and opens nothing", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { handler, calls } = ipcHandler({ read_list: ({ view }) => answer(CUSTOMERS, view as ListView) });
      mockIPC(handler);
      render(CustomerView, { props: { schemas } });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const input = screen.getByRole("combobox", { name: "Customer" });
      await user.type(input, "bog");
      await user.tab();
      vi.advanceTimersByTime(LIMITS.typing_pause_ms);
      expect(reads(calls, "customer")).toEqual([]);
      expect(input).toHaveAttribute("aria-expanded", "false");
      // Typed and left alone, the same pause reads once.
      await user.click(input);
      await user.type(input, "o");
      vi.advanceTimersByTime(LIMITS.typing_pause_ms);
      expect(reads(calls, "customer").map((v) => v.search)).toEqual(["bogo"]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("offline, the saved customers answer, and the list says so", async () => {
    const { handler } = ipcHandler({
      "saved:read_list": ({ view }) => ({
        value: answer(CUSTOMERS, view as ListView),
        source: { kind: "saved_records", saved_at: "2026-11-20T10:00:00Z", saved: 3, complete: false, searched_when_connected: [] },
      }),
      read_list: unanswered("offline", uiError("offline", "The service cannot be reached.")),
    });
    mockIPC(handler);
    render(CustomerView, { props: { schemas } });
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "Customer" }), "textiles");
    expect(await screen.findByRole("option")).toHaveTextContent("Bogotá Textiles Ltda.");
    expect(screen.getByText("From the records saved on this computer.")).toBeInTheDocument();
  });
});

describe("a lead's company and person", () => {
  const COMPANY = stakeholder({ name: "NIT 900123456 Acme", person_or_company_id: uuid(20, "22222222-2222-4222-8222") });
  const OTHER_COMPANY = stakeholder({
    id: uuid(33, "55555555-5555-4555-8555"),
    name: "NIT 900555666 Andes",
    document_number: "900555666",
    person_or_company_id: uuid(21, "22222222-2222-4222-8222"),
  });
  const PERSON = stakeholder({
    id: uuid(34, "55555555-5555-4555-8555"),
    name: "CC 52111222 Andrea",
    is_company: false,
    document_number: "52111222",
    person_or_company_id: uuid(22, "22222222-2222-4222-8222"),
  });

  test("show the stakeholder's name, search companies only, and hold its person_or_company_id", async () => {
    let current = lead();
    const { handler, calls } = ipcHandler({
      get_lead: () => current,
      patch_lead: ({ patch }) => sent((current = { ...current, ...(patch as object) })),
      read_list: ({ view }) => answer([COMPANY, OTHER_COMPANY, PERSON], view as ListView),
    });
    mockIPC(handler);
    render(LeadEditor, { props: { schemas, leadId: LEAD_ID } });
    const company = await screen.findByRole("combobox", { name: "Company" });
    // The lead holds the company's person_or_company_id; its name shows.
    await waitFor(() => expect(company).toHaveValue("NIT 900123456 Acme"));
    expect(reads(calls, "stakeholder")[0].filters).toEqual([
      { or: false, not: false, field: "is_company", operator: "exact", values: ["true"] },
      { or: false, not: false, field: "person_or_company_id", operator: "exact", values: [COMPANY.person_or_company_id] },
    ]);
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();

    const user = userEvent.setup();
    await user.clear(company);
    await user.type(company, "900");
    const options = await within(await screen.findByRole("listbox", { name: "Matches: Company" })).findAllByRole("option");
    // Companies only: the person is not offered.
    expect(options.map((o) => o.querySelector(".title")?.textContent)).toEqual(["NIT 900123456 Acme", "NIT 900555666 Andes"]);
    await user.click(options[1]);
    expect(company).toHaveValue("NIT 900555666 Andes");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(/Lead saved/);
    expect(calls.filter(([cmd]) => cmd === "patch_lead").map(([, a]) => a.patch)).toEqual([{ company: OTHER_COMPANY.person_or_company_id }]);

    // The person picker offers persons only.
    const person = screen.getByRole("combobox", { name: "Person" });
    await user.type(person, "52");
    const people = await within(await screen.findByRole("listbox", { name: "Matches: Person" })).findAllByRole("option");
    expect(people.map((o) => o.querySelector(".title")?.textContent)).toEqual(["CC 52111222 Andrea"]);
    await user.keyboard("{Enter}");
    expect(person).toHaveValue("CC 52111222 Andrea");
    expect(await screen.findByText(/1 change not saved yet: Person/)).toBeInTheDocument();
  });
});

describe("a new task's About and assignee", () => {
  const SUPPLIER = uuid(70, "77777777-7777-4777-8777");
  const INVOICES = [invoiceRecord(1, { supplier: SUPPLIER }), invoiceRecord(2, { name: "FP-2025-ACME-2" })];
  const MEMBERS: SeenMember[] = [
    { id: MEMBER, records: 12, newest: { resource: "task", id: uuid(5), title: "Call the bank", at: "2026-11-20T09:00:00Z" } },
    { id: OTHER_MEMBER, records: 3, newest: { resource: "lead", id: uuid(6), title: null, at: "2026-11-02T09:00:00Z" } },
  ];

  test("About fills record_id and entity_id from the record chosen; Assigned to offers the members seen", async () => {
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => answer(INVOICES, view as ListView),
      members_seen: () => MEMBERS,
      create_task: ({ task: typed }) => sent(task(typed as object)),
    });
    mockIPC(handler);
    render(TaskForm, { props: { schemas: [...schemas, supplierInvoiceSchema] } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title"), "Pay it");

    expect(screen.getByRole("combobox", { name: "Kind of record" })).toHaveValue("supplier_invoice");
    const about = screen.getByRole("combobox", { name: "About" });
    await user.type(about, "000001");
    await user.click(await screen.findByRole("option", { name: /FP-2025-000001/ }));
    expect(about).toHaveValue("FP-2025-000001");
    // The party the record concerns: the invoice's supplier, which no saved stakeholder names.
    const party = screen.getByRole("combobox", { name: "Party" });
    await waitFor(() => expect(party).toHaveValue("The party of “FP-2025-000001”"));
    expect(reads(calls, "stakeholder").at(-1)?.filters).toEqual([
      { or: false, not: false, field: "person_or_company_id", operator: "exact", values: [SUPPLIER] },
    ]);
    expect(reads(calls, "supplier_invoice")[0]).toMatchObject({ search: "000001", fields: expect.arrayContaining(["id", "name", "supplier"]) });

    const assignee = screen.getByRole("combobox", { name: "Assigned to" });
    await user.click(assignee);
    await user.keyboard("{ArrowDown}");
    const members = await within(await screen.findByRole("listbox", { name: "Matches: Assigned to" })).findAllByRole("option");
    expect(members[0]).toHaveTextContent(`Member ${MEMBER.slice(0, 8)}`);
    expect(members[0]).toHaveTextContent("named in 12 saved records");
    expect(members[0]).toHaveTextContent("newest: task “Call the bank”");
    expect(members[1]).toHaveTextContent("named in 3 saved records");
    expect(screen.getByText("Members named in the records saved on this computer.")).toBeInTheDocument();
    await user.keyboard("{ArrowDown}{Enter}");
    expect(assignee).toHaveValue(`Member ${OTHER_MEMBER.slice(0, 8)}`);

    await user.click(screen.getByRole("button", { name: "Create task" }));
    await screen.findByText(/Task created/);
    const created = calls.filter(([cmd]) => cmd === "create_task").map(([, a]) => a.task);
    expect(created).toEqual([
      expect.objectContaining({ title: "Pay it", record_id: INVOICES[0].id, entity_id: SUPPLIER, assigned_to_user: OTHER_MEMBER }),
    ]);
  });

  test("About changed by hand takes away the party the record chosen had filled in", async () => {
    const { handler } = ipcHandler({ read_list: ({ view }) => answer(INVOICES, view as ListView) });
    mockIPC(handler);
    render(TaskForm, { props: { schemas: [...schemas, supplierInvoiceSchema] } });
    const user = userEvent.setup();
    const about = screen.getByRole("combobox", { name: "About" });
    await user.type(about, "000001");
    await user.click(await screen.findByRole("option", { name: /FP-2025-000001/ }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Party" })).toHaveValue("The party of “FP-2025-000001”"));
    await user.clear(about);
    expect(screen.getByRole("combobox", { name: "Party" })).toHaveValue("");
  });

  test("another kind of record empties the record chosen", async () => {
    const { handler } = ipcHandler({ read_list: ({ view }) => answer(INVOICES, view as ListView) });
    mockIPC(handler);
    render(TaskForm, { props: { schemas: [...schemas, supplierInvoiceSchema] } });
    const user = userEvent.setup();
    const about = screen.getByRole("combobox", { name: "About" });
    await user.type(about, "000001");
    await user.click(await screen.findByRole("option", { name: /FP-2025-000001/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind of record" }), "customer");
    expect(screen.getByRole("combobox", { name: "About" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Party" })).toHaveValue("");
  });
});

// Names where IDs were (lib/names.ts over Rust's `ResourceSchema.named`):
// a customer invoice's customer shows by the name the saved records give
// it, in the table and the details, with the ID in the tooltip and Copy ID
// beside it; a member shows as "Member 3f2b6c1e"; a supplier, which the
// service names nowhere, and a customer nothing saved names show their ID
// shortened, saying why.
import { describe, expect, test } from "vitest";
import { mockIPC } from "@tauri-apps/api/mocks";
import { render, screen } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import RecordTable from "../src/components/records/RecordTable.svelte";
import RecordFields from "../src/components/records/RecordFields.svelte";
import { NO_NAMES, lookUpScreen, readNames, referenceShown, shortId } from "../src/lib/names";
import { exportColumns } from "../src/lib/export";
import type { ReferenceIds, ResourceSchema } from "../src/lib/bindings";
import { RUST_SCHEMAS } from "./fixtures/operators";

const schemaOf = (resource: string) => RUST_SCHEMAS.find((s) => s.resource === resource) as ResourceSchema;
const invoices = schemaOf("customer_invoice");
const KNOWN = "0f9c2a4e-1111-4aaa-8bbb-000000000001";
const UNKNOWN = "7d3e5b10-2222-4aaa-8bbb-000000000002";
const MEMBER = "3f2b6c1e-3333-4aaa-8bbb-000000000003";

/** The saved records name KNOWN "Óptica Álvarez"; returns the references asked for. */
function mockNames(): ReferenceIds[][] {
  const asked: ReferenceIds[][] = [];
  mockIPC((cmd, payload) => {
    if (cmd !== "reference_names") return undefined;
    const references = (payload as { references: ReferenceIds[] }).references;
    asked.push(references);
    return references.flatMap((r) => r.ids.filter((id) => id === KNOWN).map((id) => ({ field: r.field, id, name: "Óptica Álvarez" })));
  });
  return asked;
}

const invoice = (n: number, customer: string) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, name: `FV-2026-00${n}`, customer, created_by: MEMBER });

describe("names where IDs were", () => {
  test("Rust says which fields name what: customers from saved records, members by ID, suppliers not at all", async () => {
    const asked = mockNames();
    const names = await readNames(invoices, [invoice(1, KNOWN), invoice(2, UNKNOWN), invoice(3, KNOWN)]);
    expect(asked).toEqual([[{ field: "customer", ids: [KNOWN, UNKNOWN] }]]);
    expect(referenceShown(invoices, "customer", KNOWN, names)).toEqual({ text: "Óptica Álvarez", title: `Óptica Álvarez · ID ${KNOWN}`, named: true });
    expect(referenceShown(invoices, "customer", UNKNOWN, names)?.text).toBe(shortId(UNKNOWN));
    expect(referenceShown(invoices, "customer", UNKNOWN, names)?.title).toMatch(/Not among the records saved on this computer/);
    expect(referenceShown(invoices, "created_by", MEMBER, NO_NAMES)?.text).toBe("Member 3f2b6c1e");
    expect(referenceShown(schemaOf("supplier_invoice"), "supplier", KNOWN, names)?.title).toMatch(/The service gives no name/);
    expect(referenceShown(invoices, "name", "FV-1", names)).toBeNull();
    // Supplier invoices name nothing from saved records: nothing is asked.
    await readNames(schemaOf("supplier_invoice"), [{ id: "x", supplier: KNOWN }]);
    expect(asked).toHaveLength(1);
  });

  test("the table shows a customer's name, the ID in its tooltip, and the unknown one shortened", async () => {
    mockNames();
    const { container } = render(RecordTable, {
      schema: invoices,
      columns: ["name", "customer"],
      records: [invoice(1, KNOWN), invoice(2, UNKNOWN)],
      sort: [],
      busy: false,
      caption: "Customer invoices",
      emptyText: "None",
      onsort: () => {},
      onopen: () => {},
    });
    const cell = await screen.findByText("Óptica Álvarez");
    expect(cell).toHaveAttribute("title", `Óptica Álvarez · ID ${KNOWN}`);
    const rows = container.querySelectorAll("tbody tr[data-id]");
    expect(rows[1].querySelectorAll("td")[0]).toHaveTextContent(shortId(UNKNOWN));
  });

  test("the details show the name with Copy ID, which copies the ID", async () => {
    mockNames();
    const user = userEvent.setup();
    render(RecordFields, { schema: invoices, record: invoice(1, KNOWN) });
    expect(await screen.findByText("Óptica Álvarez")).toBeInTheDocument();
    expect(screen.getByText("Member 3f2b6c1e")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy ID of Customer" }));
    expect(await navigator.clipboard.readText()).toBe(KNOWN);
  });

  test("an export writes a customer's name beside its ID; members and suppliers keep their IDs", () => {
    expect(exportColumns(invoices, ["name", "customer", "created_by"])).toEqual([
      { field: "name", header: "Name", labels: {} },
      { field: "customer", header: "Customer", labels: {} },
      { field: "customer", header: "Customer (name)", labels: {}, named: true },
      { field: "created_by", header: "Created by", labels: {} },
    ]);
    expect(exportColumns(schemaOf("supplier_invoice"), ["supplier"]).map((c) => c.header)).toEqual(["Supplier"]);
  });

  test("a reference nothing saved names is looked up in its own list, narrowed to it", () => {
    expect(lookUpScreen(invoices, "customer", UNKNOWN)).toEqual({
      kind: "list",
      resource: "customer",
      drillDown: { filters: [{ or: false, not: false, field: "id", operator: "exact", values: [UNKNOWN] }], sort: [] },
    });
    const leads = schemaOf("lead");
    expect(lookUpScreen(leads, "company", UNKNOWN)).toMatchObject({ resource: "stakeholder", drillDown: { filters: [{ field: "person_or_company_id" }] } });
    expect(lookUpScreen(invoices, "created_by", MEMBER)).toBeNull();
    expect(lookUpScreen(schemaOf("supplier_invoice"), "supplier", KNOWN)).toBeNull();
  });
});

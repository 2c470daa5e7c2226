// Default columns: what a list shows before the user chooses.
import { expect, test } from "vitest";
import { defaultColumns } from "../src/lib/columns";
import { customerSchema, leadSchema, taskSchema } from "./fixtures/forms";
import { field, supplierInvoiceSchema } from "./fixtures/records";

test("leads, tasks and customers open on the columns people look for, no ids", () => {
  expect(defaultColumns(leadSchema)).toEqual(expect.arrayContaining(["source", "status"]));
  expect(defaultColumns(taskSchema)).toEqual(expect.arrayContaining(["title", "status", "priority"]));
  expect(defaultColumns(customerSchema)).toEqual(expect.arrayContaining(["name", "credit_limit", "customer_since"]));
  for (const schema of [leadSchema, taskSchema, customerSchema]) {
    expect(defaultColumns(schema)).not.toContain("id");
    expect(defaultColumns(schema).length).toBeLessThanOrEqual(6);
  }
});

test("invoices open on what an accountant reads first: name, date, document type, status, total", () => {
  const invoices = {
    ...supplierInvoiceSchema,
    fields: [
      ...supplierInvoiceSchema.fields,
      field("document_type", "choice", false, ["FA", "AN", "NC"]),
      field("subtotal", "decimal"),
      field("discount_value", "decimal"),
    ],
  };
  expect(defaultColumns(invoices).slice(0, 5)).toEqual(["name", "issue_date", "document_type", "operation_status", "total"]);
  expect(defaultColumns(invoices).length).toBeLessThanOrEqual(7);
});

// How the UI names and shows the resources and their fields: labels for
// resources, fields and choice codes (service-api.md §Enumerations), and one
// formatter per field kind. Values stay as the service sent them; decimals
// never pass through a float.
import type { FieldSchema, ResourceName, ResourceSchema, Value } from "./bindings";
import { formatDate, formatDateTime, formatDecimal } from "./format";

/** Plural and singular names of each resource. */
export const resourceLabel: Record<ResourceName, { plural: string; singular: string }> = {
  supplier_invoice: { plural: "Supplier invoices", singular: "supplier invoice" },
  customer_invoice: { plural: "Customer invoices", singular: "customer invoice" },
  sales_quote: { plural: "Sales quotes", singular: "sales quote" },
  product: { plural: "Products", singular: "product" },
  task: { plural: "Tasks", singular: "task" },
  lead: { plural: "Leads", singular: "lead" },
  stakeholder: { plural: "Stakeholders", singular: "stakeholder" },
  customer: { plural: "Customers", singular: "customer" },
};

const fieldNames: Record<string, string> = {
  id: "ID",
  vat_value_included: "VAT",
  discount_value: "Discount",
  other_discount_value: "Other discount",
  is_pay_authorized: "Payment authorized",
  is_active: "Active",
  custom_fields: "Custom fields",
  audit_status: "Audit status",
  document_type_name: "Document type name",
  verification_digit: "Verification digit",
  user_member: "Assigned member",
  assigned_to_user: "Assigned to",
  recurrence_rule: "Recurrence rule",
  completed_at: "Completed at",
  entity_id: "Entity ID",
  record_id: "Record ID",
};

/** A field's label: "issue_date" → "Issue date", "supplier__name" → "Supplier name". */
export function fieldLabel(name: string): string {
  if (fieldNames[name]) return fieldNames[name];
  const words = name.split("__").join("_").split("_").filter(Boolean).join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Labels of the spec's choice codes, by field name. */
export const choiceLabels: Record<string, Record<string, string>> = {
  operation_status: { PR: "Provisional", CO: "Complete", ER: "Error" },
  document_type: { ADV: "Advance", INV: "Invoice", CRN: "Credit note" },
  audit_status: { C: "Created", U: "Updated", D: "Deleted" },
};

/** The label of `code` in field `field` ("PR" → "Provisional"), or the code itself. */
export function choiceLabel(field: string, code: string): string {
  return choiceLabels[field]?.[code] ?? code;
}

/** A value ready to show: its text, a tooltip (UTC instant, full JSON) and alignment. */
export type Shown = { text: string; title: string; numeric: boolean };

/**
 * Formats `value` of `field` (undefined for a field the schema does not
 * list): decimals in the locale with their scale, date-times in local time
 * (UTC instant as title), dates as calendar dates, booleans as Yes/No,
 * choices by label, JSON compact; `null` as empty.
 */
export function formatValue(field: FieldSchema | undefined, name: string, value: Value | undefined): Shown {
  if (value === null || value === undefined) return { text: "", title: "", numeric: false };
  const plain = (text: string, numeric = false): Shown => ({ text, title: "", numeric });
  switch (field?.kind) {
    case "decimal":
      return plain(typeof value === "string" ? formatDecimal(value) : String(value), true);
    case "integer":
      return plain(String(value), true);
    case "date_time": {
      if (typeof value !== "string") return plain(JSON.stringify(value));
      const { text, utc } = formatDateTime(value);
      return { text, title: utc, numeric: false };
    }
    case "date":
      return typeof value === "string" ? { text: formatDate(value), title: value, numeric: false } : plain(String(value));
    case "boolean":
      return plain(value === true ? "Yes" : value === false ? "No" : String(value));
    case "choice":
      return typeof value === "string" ? { text: choiceLabel(name, value), title: value, numeric: false } : plain(String(value));
    default:
      if (typeof value === "string") return plain(value);
      if (typeof value === "number") return plain(String(value), true);
      if (typeof value === "boolean") return plain(value ? "Yes" : "No");
      {
        const json = JSON.stringify(value);
        return { text: json, title: json, numeric: false };
      }
  }
}

/** The field called `name` in `schema`, if listed. */
export function fieldOf(schema: ResourceSchema, name: string): FieldSchema | undefined {
  return schema.fields.find((f) => f.name === name);
}

/** A record's display name: its `name`, `title` or document number, else its id. */
export function recordName(record: { [key in string]: Value }): string {
  for (const key of ["name", "title", "document_number", "source", "id"]) {
    const v = record[key];
    if (typeof v === "string" && v.trim()) return v;
  }
  return "";
}

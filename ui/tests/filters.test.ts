import { describe, expect, test } from "vitest";
import {
  checkDraft,
  compareDecimal,
  draftFromSpec,
  filterFields,
  messages,
  newDraft,
  normaliseDecimal,
  operatorLabel,
  splitItems,
  withField,
  withOperator,
  type FilterDraft,
} from "../src/lib/filters";
import { defaultColumns, nextSort, normaliseView, requestedFields, shownColumns } from "../src/lib/columns";
import { supplierInvoiceSchema as schema } from "./fixtures/records";

const fields = filterFields(schema);
const target = (path: string) => fields.find((f) => f.path === path)!;
const draftOn = (path: string, patch: Partial<FilterDraft> = {}): FilterDraft => ({ ...newDraft(target(path)), ...patch });

describe("filter fields", () => {
  test("lists filterable fields by label, with the relation's name but not its id again", () => {
    const labels = fields.map((f) => f.label);
    expect(labels).toContain("Supplier name");
    expect(labels).not.toContain("Supplier ID");
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(target("supplier__name").field.kind).toBe("string");
  });

  test("every operator has words", () => {
    expect(target("total").field.operators.map((op) => operatorLabel[op])).toEqual([
      "is",
      "is one of",
      "greater than",
      "at least",
      "less than",
      "at most",
      "between",
      "is empty",
    ]);
  });

  test("a new condition starts with an operator and value that fit the field", () => {
    expect(newDraft(target("name"))).toMatchObject({ operator: "icontains", value: "" });
    expect(newDraft(target("operation_status"))).toMatchObject({ operator: "exact", value: "PR" });
    expect(newDraft(target("is_pay_authorized"))).toMatchObject({ operator: "exact", value: "true" });
    expect(newDraft(target("custom_fields"))).toMatchObject({ operator: "isnull", value: "true" });
    const moved = withField(draftOn("name", { value: "acme", not: true }), target("total"));
    expect(moved).toMatchObject({ field: "total", operator: "exact", value: "", not: true });
  });

  test("changing the operator keeps what still fits", () => {
    const status = withOperator(draftOn("operation_status", { value: "ER" }), target("operation_status"), "in");
    expect(status.items).toEqual(["ER"]);
    const total = withOperator(draftOn("total", { value: "100" }), target("total"), "range");
    expect(total).toMatchObject({ from: "100", to: "" });
    expect(withOperator(draftOn("name", { value: "x" }), target("name"), "isnull").value).toBe("true");
    const span = withOperator(draftOn("operation_status", { value: "CO" }), target("operation_status"), "range");
    expect(span).toMatchObject({ from: "CO", to: "ER" });
  });
});

describe("checking a condition", () => {
  test("decimals accept a dot or a comma and are sent with a dot", () => {
    expect(normaliseDecimal("1234,5")).toBe("1234.5");
    expect(normaliseDecimal("-0.25")).toBe("-0.25");
    expect(normaliseDecimal("1,234.50")).toBeNull();
    expect(normaliseDecimal("12a")).toBeNull();
    const checked = checkDraft(draftOn("total", { operator: "gte", value: "1234,5" }), target("total"), true);
    expect(checked).toEqual({
      ok: true,
      spec: { or: false, not: false, field: "total", operator: "gte", values: ["1234.5"] },
    });
  });

  test("compares decimals exactly", () => {
    expect(compareDecimal("10.5", "9")).toBe(1);
    expect(compareDecimal("-2", "1")).toBe(-1);
    expect(compareDecimal("1.50", "1.5")).toBe(0);
    expect(compareDecimal("99999999999999.999999", "99999999999999.999998")).toBe(1);
    expect(compareDecimal("-10", "-9")).toBe(-1);
  });

  test("empty, bad numbers and bad ranges are refused with a reason", () => {
    expect(checkDraft(draftOn("name", { value: "  " }), target("name"), true)).toEqual({ ok: false, message: messages.empty });
    expect(checkDraft(draftOn("invoice_number", { value: "1.5" }), target("invoice_number"), true)).toEqual({
      ok: false,
      message: messages.integer,
    });
    const range = (from: string, to: string) =>
      checkDraft(draftOn("total", { operator: "range", from, to }), target("total"), true);
    expect(range("10", "")).toEqual({ ok: false, message: messages.rangeEnds });
    expect(range("100", "99.5")).toEqual({ ok: false, message: messages.rangeOrder });
    expect(range("1.5x", "2")).toMatchObject({ ok: false, message: expect.stringContaining("From:") });
    expect(range("9", "10,25")).toMatchObject({ ok: true, spec: { values: ["9", "10.25"] } });
  });

  test("date-time values are sent as RFC 3339 instants", () => {
    const checked = checkDraft(
      draftOn("issue_date", { operator: "range", from: "2025-01-01T00:00", to: "2025-01-31T23:59" }),
      target("issue_date"),
      true,
    );
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.spec.values).toEqual([
        new Date("2025-01-01T00:00").toISOString(),
        new Date("2025-01-31T23:59").toISOString(),
      ]);
    }
    const backwards = checkDraft(
      draftOn("issue_date", { operator: "range", from: "2025-02-01T00:00", to: "2025-01-31T23:59" }),
      target("issue_date"),
      true,
    );
    expect(backwards).toEqual({ ok: false, message: messages.rangeOrder });
  });

  test("in lists split on new lines and ';', and refuse commas inside items", () => {
    expect(splitItems("acme\n beta ;gamma;;")).toEqual(["acme", "beta", "gamma"]);
    const list = (value: string) => checkDraft(draftOn("name", { operator: "in", value }), target("name"), true);
    expect(list("a\nb;c")).toMatchObject({ ok: true, spec: { values: ["a", "b", "c"] } });
    expect(list("Acme, Inc.")).toEqual({ ok: false, message: messages.comma });
    expect(list(" ; ")).toEqual({ ok: false, message: messages.noItems });
    const totals = checkDraft(draftOn("total", { operator: "in", value: "1,5\n2" }), target("total"), true);
    expect(totals).toMatchObject({ ok: true, spec: { values: ["1.5", "2"] } });
    const chips = checkDraft(draftOn("operation_status", { operator: "in", items: [] }), target("operation_status"), true);
    expect(chips).toEqual({ ok: false, message: messages.noChoice });
  });

  test("the first condition is never an 'or'", () => {
    const d = draftOn("name", { value: "x", or: true });
    expect(checkDraft(d, target("name"), true)).toMatchObject({ spec: { or: false } });
    expect(checkDraft(d, target("name"), false)).toMatchObject({ spec: { or: true } });
  });

  test("saved conditions come back as editable drafts", () => {
    const d = draftFromSpec({ or: true, not: true, field: "operation_status", operator: "in", values: ["PR", "ER"] }, fields);
    expect(d).toMatchObject({ or: true, not: true, items: ["PR", "ER"] });
    const text = draftFromSpec({ field: "name", operator: "in", values: ["a", "b"] }, fields);
    expect(text.value).toBe("a\nb");
    const when = draftFromSpec({ field: "issue_date", operator: "gte", values: ["2025-03-14T10:00:00.000Z"] }, fields);
    expect(checkDraft(when, target("issue_date"), true)).toMatchObject({
      spec: { values: ["2025-03-14T10:00:00.000Z"] },
    });
  });
});

describe("columns and sort keys", () => {
  test("default columns leave out ids and audit noise", () => {
    const columns = defaultColumns(schema);
    expect(columns).toEqual(["name", "operation_status", "invoice_number", "issue_date", "is_pay_authorized", "total"]);
    expect(requestedFields(schema, columns)).toEqual([...columns, "id"]);
  });

  test("an id the user chose is shown; the one added for opening rows is not", () => {
    expect(shownColumns(schema, ["name", "total", "id"])).toEqual(["name", "total"]);
    expect(shownColumns(schema, requestedFields(schema, ["total", "id"]))).toEqual(["id", "total"]);
    expect(shownColumns(schema, ["id"])).toEqual(["id"]);
    expect(shownColumns(schema, null)).toEqual(defaultColumns(schema));
    expect(shownColumns(schema, ["gone_field"])).toEqual(defaultColumns(schema));
  });

  test("click sorts by one column and flips it; shift-click adds or flips a key", () => {
    expect(nextSort([], "total", false)).toEqual([{ field: "total", descending: false }]);
    expect(nextSort([{ field: "total", descending: false }], "total", false)).toEqual([{ field: "total", descending: true }]);
    expect(nextSort([{ field: "total", descending: true }], "total", false)).toEqual([{ field: "total", descending: false }]);
    const two = nextSort([{ field: "total", descending: true }], "name", true);
    expect(two).toEqual([
      { field: "total", descending: true },
      { field: "name", descending: false },
    ]);
    expect(nextSort(two, "total", true)[0]).toEqual({ field: "total", descending: false });
    expect(nextSort(two, "name", false)).toEqual([{ field: "name", descending: false }]);
  });

  test("a remembered view is made safe", () => {
    const v = normaliseView(schema, { page: 0, take: 33, fields: null });
    expect(v).toEqual({ page: 1, take: 20, fields: requestedFields(schema, defaultColumns(schema)), sort: [], filters: [] });
  });
});

import { afterEach, describe, expect, test, vi } from "vitest";
import { i18n } from "../src/lib/i18n.svelte";
import {
  draftFromSpec,
  filterFields,
  newDraft,
  operatorLabel,
  shapeDraft,
  splitItems,
  withField,
  withOperator,
  type FilterDraft,
} from "../src/lib/filters";
import { messages, normaliseDecimal, numberSeparators, readDecimal } from "../src/lib/decimal-input";
import { describeFilters } from "../src/lib/filter-words";
import {
  defaultColumns,
  nextSort,
  requestedFields,
  shownColumns,
} from "../src/lib/columns";
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
    expect(target("total").field.operators.map((op) => operatorLabel(op))).toEqual([
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

afterEach(() => {
  vi.restoreAllMocks();
});

describe("shaping a condition for the engine", () => {
  const en = numberSeparators("en-US");
  const de = numberSeparators("de-DE");
  const fr = numberSeparators("fr-FR");

  test("the locale's separators come from Intl", () => {
    expect(en).toEqual({ decimal: ".", group: "," });
    expect(de).toEqual({ decimal: ",", group: "." });
    expect(fr.decimal).toBe(",");
    expect(fr.group).toMatch(/^[\s\u00a0\u202f]$/);
  });

  test("numbers are read the locale's way, thousands grouped or not, and sent with a dot", () => {
    const co = numberSeparators("es-CO");
    expect(co).toEqual({ decimal: ",", group: "." });
    // In Spanish (Colombia) "1.234,5" is one thousand two hundred and thirty-four and a half…
    expect(normaliseDecimal("1.234,5", co)).toBe("1234.5");
    expect(normaliseDecimal("1234,5", co)).toBe("1234.5");
    expect(normaliseDecimal("1.234.567,89", co)).toBe("1234567.89");
    expect(normaliseDecimal("1.234", co)).toBe("1234");
    // …and in English "1,234.5" is.
    expect(normaliseDecimal("1,234.5", en)).toBe("1234.5");
    expect(normaliseDecimal("1234.5", en)).toBe("1234.5");
    expect(normaliseDecimal("1,234", en)).toBe("1234");
    expect(normaliseDecimal("-0.25", en)).toBe("-0.25");
    expect(normaliseDecimal("−1.234,5", de)).toBe("-1234.5");
    expect(normaliseDecimal("1 234,5", fr)).toBe("1234.5");
    expect(normaliseDecimal(`1${fr.group}234,5`, fr)).toBe("1234.5");
    expect(normaliseDecimal("12a", en)).toBeNull();
    expect(readDecimal("12a", en)).toEqual({ ok: false, message: messages.decimal, separators: false });
  });

  test("what could be read two ways, or is written the other convention's way, is refused with how to write it", () => {
    const co = numberSeparators("es-CO");
    const refused = (separators: typeof en) => ({ ok: false, message: messages.separators(separators), separators: true });
    expect(messages.separators(co)).toBe("Write numbers as 1.234.567,89: “.” separates thousands, in groups of three, and “,” the decimals.");
    // Where "." groups thousands, a dot with one, two or four digits after it is no thousands group.
    expect(readDecimal("1234.5", co)).toEqual(refused(co));
    expect(readDecimal("1.23", co)).toEqual(refused(co));
    expect(readDecimal("1,234.5", co)).toEqual(refused(co));
    expect(readDecimal("1.2345", de)).toEqual(refused(de));
    // Where "," groups thousands, a comma must group three digits.
    expect(readDecimal("1,5", en)).toEqual(refused(en));
    expect(readDecimal("1234,5", en)).toEqual(refused(en));
    expect(readDecimal("1.234,50", en)).toEqual(refused(en));
    expect(readDecimal("1..5", en)).toEqual(refused(en));
    expect(readDecimal("1'234.5", en)).toEqual(refused(en));
    expect(readDecimal("12 34,5", fr)).toEqual(refused(fr));
  });

  test("how many digits a decimal may have is left to the engine (decimal_bounds)", () => {
    expect(readDecimal("100000000000000", en)).toEqual({ ok: true, value: "100000000000000" });
    expect(readDecimal("1,1234567", de)).toEqual({ ok: true, value: "1.1234567" });
  });

  test("conditions read decimals in the user's locale; what the locale cannot read is said beside it", () => {
    const shape = (value: string) => shapeDraft(draftOn("total", { operator: "gte", value }), target("total"), true);
    expect(i18n.locale).toBe("en-US");
    expect(shape("1234.5")).toEqual({
      spec: { or: false, not: false, field: "total", operator: "gte", values: ["1234.5"] },
      message: null,
    });
    expect(shape("1,234")).toMatchObject({ spec: { values: ["1234"] }, message: null });
    expect(shape("1,23")).toEqual({
      spec: { or: false, not: false, field: "total", operator: "gte", values: ["1,23"] },
      message: messages.separators(),
    });
    i18n.use("es", ["es-CO"]);
    expect(shape("1.234,5")).toMatchObject({ spec: { values: ["1234.5"] }, message: null });
    expect(shape("1234.5")).toMatchObject({ message: messages.separators() });
    expect(messages.separators()).toBe("Escriba los números como 1.234.567,89: “.” separa los miles, en grupos de tres, y “,” los decimales.");
  });

  test("what only the engine can judge goes to it as typed: it answers with the reason", () => {
    const shape = (path: string, patch: Partial<FilterDraft>) => shapeDraft(draftOn(path, patch), target(path), true);
    // Empty, not a number, a fraction for a whole number, a reversed range, a comma in an item.
    expect(shape("name", { value: "  " })).toMatchObject({ spec: { values: [""] }, message: null });
    expect(shape("total", { value: "lots" })).toMatchObject({ spec: { values: ["lots"] }, message: null });
    expect(shape("invoice_number", { value: "1.5" })).toMatchObject({ spec: { values: ["1.5"] }, message: null });
    expect(shape("invoice_number", { value: "1,234" })).toMatchObject({ spec: { values: ["1234"] }, message: null });
    const range = (from: string, to: string) => shape("total", { operator: "range", from, to });
    expect(range("10", "")).toMatchObject({ spec: { values: ["10", ""] }, message: null });
    expect(range("100", "99.5")).toMatchObject({ spec: { values: ["100", "99.5"] }, message: null });
    expect(range("9", "10,25")).toMatchObject({ spec: { values: ["9", "10,25"] }, message: `To: ${messages.separators()}` });
    expect(range("1,5", "2")).toMatchObject({ message: `From: ${messages.separators()}` });
    expect(shape("name", { operator: "in", value: "Acme, Inc." })).toMatchObject({ spec: { values: ["Acme, Inc."] }, message: null });
    expect(shape("operation_status", { operator: "in", items: [] })).toMatchObject({ spec: { values: [] }, message: null });
    // A field the resource no longer has keeps its name, for the engine to name.
    const gone = shapeDraft({ ...draftOn("name"), field: "colour", value: "red" }, undefined, true);
    expect(gone).toMatchObject({ spec: { field: "colour", values: ["red"] }, message: null });
  });

  test("the tests run in America/Bogota (UTC-5, set in vite.config.ts)", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("America/Bogota");
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(300);
    expect(new Date(2026, 6, 1).getTimezoneOffset()).toBe(300); // no daylight saving
  });

  test("date-time values are sent as RFC 3339 instants of the local time typed", () => {
    const at = shapeDraft(draftOn("issue_date", { operator: "gte", value: "2026-11-22T09:30" }), target("issue_date"), true);
    expect(at).toMatchObject({ spec: { values: ["2026-11-22T14:30:00.000Z"] }, message: null });
    const shaped = shapeDraft(
      draftOn("issue_date", { operator: "range", from: "2025-01-01T00:00", to: "2025-01-31T23:59" }),
      target("issue_date"),
      true,
    );
    // Local midnight in Bogotá is 05:00 UTC; 23:59 on the 31st is 04:59 UTC on 1 February.
    expect(shaped).toMatchObject({ spec: { values: ["2025-01-01T05:00:00.000Z", "2025-02-01T04:59:00.000Z"] } });
    // RFC 3339 text typed into a list goes as it is.
    const list = shapeDraft(draftOn("issue_date", { operator: "in", value: "2025-01-01T00:00:00Z;tomorrow" }), target("issue_date"), true);
    expect(list).toMatchObject({ spec: { values: ["2025-01-01T00:00:00Z", "tomorrow"] }, message: null });
  });

  test("in lists split on new lines and ';'", () => {
    expect(splitItems("acme\n beta ;gamma;;")).toEqual(["acme", "beta", "gamma"]);
    const list = (value: string) => shapeDraft(draftOn("name", { operator: "in", value }), target("name"), true);
    expect(list("a\nb;c")).toMatchObject({ spec: { values: ["a", "b", "c"] } });
    expect(list(" ; ")).toMatchObject({ spec: { values: [] } });
    const totals = shapeDraft(draftOn("total", { operator: "in", value: "1.5\n2" }), target("total"), true);
    expect(totals).toMatchObject({ spec: { values: ["1.5", "2"] } });
    const grouped = shapeDraft(draftOn("total", { operator: "in", value: "2\n1,500" }), target("total"), true);
    expect(grouped).toMatchObject({ spec: { values: ["2", "1500"] } });
    const misread = shapeDraft(draftOn("total", { operator: "in", value: "2\n1,50" }), target("total"), true);
    expect(misread).toMatchObject({ message: `${messages.separators()} (“1,50”)` });
    const chips = shapeDraft(draftOn("operation_status", { operator: "in", items: ["ER", "PR"] }), target("operation_status"), true);
    expect(chips).toMatchObject({ spec: { values: ["PR", "ER"] } }); // in the field's order
  });

  test("the first condition is never an 'or'", () => {
    const d = draftOn("name", { value: "x", or: true });
    expect(shapeDraft(d, target("name"), true)).toMatchObject({ spec: { or: false } });
    expect(shapeDraft(d, target("name"), false)).toMatchObject({ spec: { or: true } });
  });

  test("saved conditions come back as editable drafts", () => {
    const d = draftFromSpec({ or: true, not: true, field: "operation_status", operator: "in", values: ["PR", "ER"] }, fields);
    expect(d).toMatchObject({ or: true, not: true, items: ["PR", "ER"] });
    const text = draftFromSpec({ field: "name", operator: "in", values: ["a", "b"] }, fields);
    expect(text.value).toBe("a\nb");
    const when = draftFromSpec({ field: "issue_date", operator: "gte", values: ["2025-03-14T10:00:00.000Z"] }, fields);
    expect(when.value).toBe("2025-03-14T05:00");
    expect(shapeDraft(when, target("issue_date"), true)).toMatchObject({
      spec: { values: ["2025-03-14T10:00:00.000Z"] },
    });
  });
});

describe("reading conditions back", () => {
  test("the grouping the service applies is spelled out with labels, operator words and values as shown", () => {
    const status = draftOn("operation_status", { operator: "in", items: ["ER"] });
    const total = draftOn("total", { or: true, not: true, operator: "gte", value: "1000" });
    expect(describeFilters([status, total], fields)).toBe(
      "Shows rows where ((Operation status is one of Error) or not (Total at least 1000))",
    );
    const name = draftOn("supplier__name", { operator: "startswith", value: "Nor" });
    expect(describeFilters([status, total, name], fields)).toBe(
      "Shows rows where (((Operation status is one of Error) or not (Total at least 1000)) and (Supplier name starts with “Nor”))",
    );
  });

  test("every operator reads in words; a value not typed yet is “…”", () => {
    const one = (path: string, patch: Partial<FilterDraft>) => describeFilters([draftOn(path, patch)], fields);
    expect(describeFilters([], fields)).toBe("");
    expect(one("name", { value: "" })).toBe("Shows rows where (Name contains …)");
    expect(one("total", { operator: "range", from: "10", to: "20.5" })).toBe("Shows rows where (Total between 10 and 20.5)");
    expect(one("custom_fields", { operator: "isnull", value: "false" })).toBe("Shows rows where (Custom fields has a value)");
    expect(one("is_pay_authorized", { value: "false", not: true })).toBe("Shows rows where not (Payment authorized is No)");
    expect(one("name", { operator: "in", value: "a\nb;c" })).toBe("Shows rows where (Name is one of “a”, “b”, “c”)");
    expect(one("issue_date", { operator: "lt", value: "2026-11-22T09:30" })).toBe(
      "Shows rows where (Issue date less than 2026-11-22 09:30)",
    );
    expect(one("operation_status", { operator: "in", items: [] })).toBe("Shows rows where (Operation status is one of …)");
  });
});

describe("columns and sort keys", () => {
  test("the default columns are the schema's (Rust's choice), requested with the id rows open by", () => {
    const columns = defaultColumns({ ...schema, default_columns: ["total", "name"] });
    expect(columns).toEqual(["total", "name"]);
    expect(requestedFields(schema, columns)).toEqual(["total", "name", "id"]);
  });

  test("an id the user chose is shown; the one added for opening rows is not", () => {
    expect(shownColumns(schema, ["name", "total", "id"])).toEqual(["name", "total"]);
    expect(shownColumns(schema, requestedFields(schema, ["total", "id"]))).toEqual(["total", "id"]);
    expect(shownColumns(schema, requestedFields(schema, ["id", "total"]))).toEqual(["id", "total"]);
    // Screen order is kept.
    expect(shownColumns(schema, ["total", "name", "id"])).toEqual(["total", "name"]);
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
});

// Columns and sort keys of a list view: the default columns (Rust's), the
// `fields` a view requests for the chosen columns (always with `id`, so rows
// can be opened), and what a click on a column header does to the sort.
import { t } from "./i18n.svelte";
import { LIMITS, type FieldSchema, type ListView, type ResourceSchema, type SortSpec, type Take } from "./bindings";

/**
 * The columns `schema`'s list shows when the user chose none, in screen
 * order: Rust's choice (`ResourceSchema.default_columns`: the columns
 * accountants read first, no ids or audit fields).
 */
export function defaultColumns(schema: ResourceSchema): string[] {
  return schema.default_columns;
}

/** `names` that are fields of `schema`, in schema order, once each. */
export function inSchemaOrder(schema: ResourceSchema, names: Iterable<string>): string[] {
  const wanted = new Set(names);
  return schema.fields.filter((f) => wanted.has(f.name)).map((f) => f.name);
}

/** `names` that are fields of `schema`, in the order given, once each. */
export function knownInOrder(schema: ResourceSchema, names: Iterable<string>): string[] {
  const known = new Set(schema.fields.map((f) => f.name));
  return [...new Set(names)].filter((name) => known.has(name));
}

// `requestedFields` and `shownColumns` build the views the user changes on
// screen; Rust's `fit_view` (src-tauri/crates/core/src/reading/views.rs) applies the
// same rule (`id` requested after the columns) to the views it opens a
// list with. Change both together.

/**
 * The `fields` a view requests to show `columns`: the columns in screen
 * order, then `id` when it is not one of them (rows need it to open). The
 * backend sends them in schema order, once each, so the order is the
 * screen's alone.
 */
export function requestedFields(schema: ResourceSchema, columns: string[]): string[] {
  const shown = knownInOrder(schema, columns);
  // An `id` the user put last is followed by the one rows need, so that
  // `shownColumns` still shows it (the backend sends `id` once).
  if (shown.length > 1 && shown[shown.length - 1] === "id") return [...shown, "id"];
  return shown.includes("id") ? shown : [...shown, "id"];
}

/** `columns` with `field` moved `by` places (−1: one to the left), within bounds. */
export function moveColumn(columns: string[], field: string, by: number): string[] {
  const from = columns.indexOf(field);
  if (from < 0) return columns;
  return moveColumnTo(columns, field, Math.min(columns.length - 1, Math.max(0, from + by)));
}

/** `columns` with `field` at index `to`. */
export function moveColumnTo(columns: string[], field: string, to: number): string[] {
  const rest = columns.filter((name) => name !== field);
  if (rest.length === columns.length) return columns;
  rest.splice(Math.min(Math.max(0, to), rest.length), 0, field);
  return rest;
}

/** Column widths a view may keep: CSS pixels between these bounds (Rust's, `LIMITS`). */
export const [MIN_WIDTH, MAX_WIDTH] = LIMITS.column_width_px;

/** `widths` for `columns` only, each within [`MIN_WIDTH`, `MAX_WIDTH`]; `undefined` when none is left. */
export function keptWidths(
  widths: Partial<{ [key in string]: number }> | null | undefined,
  columns: string[],
): { [key in string]: number } | undefined {
  if (!widths) return undefined;
  const kept: { [key in string]: number } = Object.fromEntries(
    columns.flatMap((name) => {
      const px = widths[name];
      return typeof px === "number" && Number.isFinite(px) ? [[name, Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)))]] : [];
    }),
  );
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * The columns a view's `fields` show, in its order: its fields the schema
 * knows, minus the `id` that `requestedFields` appended at the end (an
 * `id` the user chose sits elsewhere). No `fields` (every field) or none
 * known: defaults.
 */
export function shownColumns(schema: ResourceSchema, fields: string[] | null | undefined): string[] {
  if (!fields || fields.length === 0) return defaultColumns(schema);
  let names = fields;
  const order = schema.fields.map((f) => f.name);
  const appendedId =
    names.length > 1 && names[names.length - 1] === "id" && order[order.length - 1] !== "id";
  if (appendedId) names = names.slice(0, -1);
  const shown = knownInOrder(schema, names);
  return shown.length > 0 ? shown : defaultColumns(schema);
}

/** The view a resource starts with when nothing was remembered (Rust's, `ResourceSchema.default_view`). */
export function defaultView(schema: ResourceSchema): ListView {
  return schema.default_view;
}

/** Rows per page of a `take` ("all" is one page of the largest size, 200). */
export function rowsOf(take: Take): number {
  return take === "all" ? LIMITS.page_rows : take;
}

/** The page sizes offered (Rust's, `LIMITS`). */
export const PAGE_SIZES: readonly Take[] = LIMITS.page_sizes;

/** The largest page number a list view holds (`ListView.page` is a 32-bit unsigned number). */
export const MAX_PAGE = LIMITS.page_max;

/**
 * The sort after a click on `field`'s header. A plain click sorts by that
 * column only: ascending, then descending on the next click. With `add`
 * (shift-click) the column becomes one more key, or flips if it is one.
 */
export function nextSort(sort: SortSpec[], field: string, add: boolean): SortSpec[] {
  const at = sort.findIndex((key) => key.field === field);
  if (add) {
    if (at < 0) return [...sort, { field, descending: false }];
    return sort.map((key, i) => (i === at ? { field, descending: !key.descending } : key));
  }
  if (sort.length === 1 && at === 0) return [{ field, descending: !sort[0].descending }];
  return [{ field, descending: false }];
}

/** What the list says when a restored or saved view had to be trimmed to fit the schema. */
export function viewLeftOut(): string {
  return t("list.view_left_out");
}

/** The field at `path` (`total`, or `supplier__name` on a relation), if the schema has it. */
export function fieldAt(schema: ResourceSchema, path: string): FieldSchema | undefined {
  const at = path.indexOf("__");
  if (at < 0) return schema.fields.find((f) => f.name === path);
  const relation = schema.relations.find((r) => r.name === path.slice(0, at));
  return relation?.fields.find((f) => f.name === path.slice(at + 2));
}

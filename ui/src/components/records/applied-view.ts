// The saved view a list shows, by name, for its printed heading
// ("Supplier invoices — Unpaid this month"): the one the user applied
// (chosen under Saved views, opened from a `workdesk://` link, or the view
// on screen just saved under a name), while it is not deleted and for as
// long as the page on screen still answers it: the same search words,
// conditions, sort and columns. Another page, page size, column order or
// column widths keep it (the same rows and columns, laid out otherwise);
// words typed, a condition applied or cleared, another sort, a column
// added or removed, or the view reset forget it.
import type { FilterSpec, ListView, ResourceSchema, SavedView, SortSpec } from "../../lib/bindings";
import { shownColumns } from "../../lib/columns";

const filterKey = (f: FilterSpec) => JSON.stringify([f.or ?? false, f.not ?? false, f.field, f.operator, f.values]);
const sortKey = (s: SortSpec) => JSON.stringify([s.field, s.descending ?? false]);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether `a` and `b` ask `schema`'s list for the same rows and columns (the order of the columns aside). */
export function sameRowsAndColumns(schema: ResourceSchema, a: ListView, b: ListView): boolean {
  const columns = (v: ListView) => [...shownColumns(schema, v.fields)].sort();
  return (
    (a.search ?? "").trim() === (b.search ?? "").trim() &&
    same((a.filters ?? []).map(filterKey), (b.filters ?? []).map(filterKey)) &&
    same((a.sort ?? []).map(sortKey), (b.sort ?? []).map(sortKey)) &&
    same(columns(a), columns(b))
  );
}

/** The name of the saved view `applied` while `shown` (the view of the page on screen) still answers it, else null. */
export function appliedName(schema: ResourceSchema, applied: SavedView | null, shown: ListView | null | undefined): string | null {
  return applied && shown && sameRowsAndColumns(schema, applied.view, shown) ? applied.name : null;
}

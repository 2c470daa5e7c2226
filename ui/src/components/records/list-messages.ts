// What a list says in words, from its state: its count ("3 of 2,437
// supplier invoices match “acme”"), "Saved at 10:42" over saved data, the
// problems of a view the service refused (beside their conditions, or
// above the list), when a spent budget comes back, how many pages the
// pager counts; and the view an export of chosen rows reads.
import { MAX_PAGE, rowsOf } from "../../lib/columns";
import { conditionProblems, isConditionKey, problemText, problemsText } from "../../lib/errors";
import type { FilterSpec, ListView, Page, ResourceName, Source } from "../../lib/bindings";
import { resourceCount } from "../../lib/fields";
import { formatSavedAt, userLocale } from "../../lib/format";
import { t } from "../../lib/i18n.svelte";
import type { JsonRecord, UiError } from "../../lib/ipc";

/** The page on screen, the view it answered and where it came from (`null`: the service, just now). */
export type Shown = { view: ListView; page: Page<JsonRecord>; source: Source | null };

/**
 * The count of the last page shown without search words, and its
 * conditions (JSON), so that a search can say what it searched in.
 */
export type Unsearched = { filters: string; count: number; saved: boolean };

/** A failed load: the reason; `nothingSaved` when the service did not answer and nothing of the view is saved (the read's `nothing_saved` end). */
export type ListError = { ui: UiError; nothingSaved: boolean };

/** What `shown` counts as the list without search words, when it has none (else null). */
export function unsearchedOf(shown: Shown | null): Unsearched | null {
  if (!shown || shown.view.search?.trim()) return null;
  return { filters: JSON.stringify(shown.view.filters ?? []), count: shown.page.count, saved: shown.source?.kind === "saved_records" };
}

/** The count of `resource`'s records `shown` says, a search's out of the list without it (`unsearched`) when known. */
export function countText(resource: ResourceName, shown: Shown | null, unsearched: Unsearched | null): string {
  if (!shown) return "";
  const n = shown.page.count;
  const counted =
    shown.source?.kind === "saved_records"
      ? t("list.count_saved", { count: n, saved: shown.source.saved })
      : resourceCount(resource, n);
  const search = shown.view.search?.trim();
  if (!search) return counted;
  // Out of the list the same conditions showed without the words, when
  // it is known and counted the same way (the service's, or saved).
  const of = unsearched;
  if (of && of.filters === JSON.stringify(shown.view.filters ?? []) && of.saved === (shown.source?.kind === "saved_records")) {
    return t("list.count_search_of", { count: n, of: resourceCount(resource, of.count), search });
  }
  return t("list.count_search", { counted, count: n, search });
}

/** "Saved at 10:42" while the page on screen is saved data. */
export function savedText(shown: Shown | null): string {
  const savedAt = shown?.source?.saved_at;
  if (!shown?.source || !savedAt) return "";
  const stale = shown.source.kind === "saved_page" && shown.source.stale;
  return t(stale ? "list.saved_at_stale" : "list.saved_at", { at: formatSavedAt(savedAt).at });
}

/**
 * What a saved answer's search left to the service, once per related
 * record ("Suppliers' names and document numbers are searched when
 * connected"): Rust's `searched_when_connected` (`supplier__name`, …).
 */
export function searchedWhenConnectedText(shown: Shown | null): string {
  const source = shown?.source;
  if (source?.kind !== "saved_records" || !shown?.view.search?.trim()) return "";
  const relations = [...new Set(source.searched_when_connected.map((path) => path.split("__")[0]))];
  return relations.map((relation) => t("list.searched_when_connected", { relation })).join(" ");
}

/** Why the search box's words could not be searched for with the filters (Rust's words). */
export function searchErrorText(error: ListError | null): string {
  return error && error.ui.kind === "invalid_input" ? (error.ui.field_errors?.search ?? []).map(problemText).join(" ") : "";
}

/** The problems of the conditions at fault in a refused view, worded, by the condition's index. */
export function conditionErrorsOf(ui: UiError): Record<number, string> {
  const beside: Record<number, string> = {};
  for (const [index, list] of conditionProblems(ui)) beside[index] = problemsText(list);
  return beside;
}

/**
 * How many pages `shown` has, for the pager: at most the largest page
 * number a request can carry (a 32-bit page), so that a service's absurd
 * count does not make the pager send one past it.
 */
export function pageCountOf(shown: Shown | null): number | null {
  return shown ? Math.min(MAX_PAGE, Math.max(1, Math.ceil(shown.page.count / rowsOf(shown.view.take)))) : null;
}

/** Backend problems not about one condition (`fields`, `sort`, `page`, `take`). */
export function otherProblems(error: ListError | null): string[] {
  return error && error.ui.kind === "invalid_input"
    ? Object.entries(error.ui.field_errors ?? {})
        .filter(([key]) => !isConditionKey(key) && key !== "search")
        .flatMap(([, list]) => (list ?? []).map(problemText))
    : [];
}

/** When a spent budget comes back, `seconds` from now: in words and as a clock time. */
export function resetText(seconds: number | null): string {
  if (seconds === null || seconds === undefined) return t("list.reset_shortly");
  const s = Math.max(1, Math.ceil(seconds));
  const span =
    s < 60
      ? t("time.seconds", { count: s })
      : s < 3600
        ? t("time.minutes", { count: Math.ceil(s / 60) })
        : t("time.hours", { count: Math.ceil(s / 3600) });
  const at = new Date(Date.now() + s * 1000).toLocaleTimeString(userLocale(), { hour: "2-digit", minute: "2-digit" });
  return t("list.reset_in", { span, at });
}

/**
 * `view` narrowed to the rows `ids`: their ids as one more condition,
 * joined by "and" last, so the list's own conditions (which the rows on
 * screen meet) keep their meaning and exactly those rows are exported.
 */
export function onlyRows(view: ListView, ids: string[]): ListView {
  const only: FilterSpec = { or: false, not: false, field: "id", operator: "in", values: ids };
  return { ...view, page: 1, filters: [...(view.filters ?? []), only] };
}

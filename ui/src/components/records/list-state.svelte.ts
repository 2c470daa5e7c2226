// The state of one resource's list and how it moves: the view asked for
// last (what the controls show), the page on screen and where it came from,
// a load under way (dimmed only when slow), its error, the conditions being
// written, the saved views, the open record, the note above the table and
// the search box's words. Each view is one read (`read_list`): the saved
// answer first, then the service's; the list opens with one read too
// (`open_list`), whose first message is the view to show and the saved
// views, fitted by Rust. The texts it shows are list-messages.ts's.
import { tick, untrack } from "svelte";
import { LIMITS, type Answer, type DrillDown, type FilterSpec, type ListView, type ListViews, type Page, type ResourceSchema, type SavedView, type SortSpec, type Take } from "../../lib/bindings";
import { defaultView, keptWidths, moveColumnTo, nextSort, requestedFields, shownColumns, viewLeftOut } from "../../lib/columns";
import { resourceGender, resourceLabel } from "../../lib/fields";
import { draftFromSpec, filterFields, type FilterDraft } from "../../lib/filters";
import { t } from "../../lib/i18n.svelte";
import { ipc, localError, uiError, type JsonRecord, type ReadEnd, type UiError } from "../../lib/ipc";
import { mark, markPainted, painted } from "../../lib/marks";
import { session } from "../../lib/session.svelte";
import type { LinkTarget } from "../../lib/sections";
import { followLink } from "./list-link.svelte";
import { appliedName, sameRowsAndColumns } from "./applied-view";
import { SavedAhead, sameSaved } from "./saved-ahead";
import { conditionErrorsOf, pageCountOf, type ListError, type Shown, type Unsearched } from "./list-messages";
import { ListTexts } from "./list-texts.svelte";

/** How long a load goes before the page on screen is dimmed and marked busy (ms). */
export const SLOW_LOAD_MS = 200;

export class ListState {
  readonly resource: ResourceSchema["resource"];
  readonly labels: { readonly plural: string; readonly singular: string };
  /** What messages about this resource need: its name in the plural, the singular, its gender. */
  named = $derived.by(() => ({ plural: this.labels.plural.toLowerCase(), one: this.labels.singular, gender: resourceGender(this.resource) }));

  /** The view asked for last (what the controls show). */
  view: ListView;
  /** The page on screen; kept when a later load fails. */
  shown = $state.raw<Shown | null>(null);
  /** The last page shown without search words (list-messages.ts). */
  unsearched = $state.raw<Unsearched | null>(null);
  loading = $state(false);
  /** A load still under way after {@link SLOW_LOAD_MS}: only then is the page on screen dimmed and marked busy (one that comes at once replaces the last without a flash). */
  slow = $state(false);
  error = $state<ListError | null>(null);
  drafts = $state<FilterDraft[]>([]);
  conditionErrors = $state<Record<number, string>>({});
  saved = $state<SavedView[]>([]);
  /** The saved view the user applied, until a change asks for other rows or columns (applied-view.ts). */
  applied = $state.raw<SavedView | null>(null);
  /** Its name while the page on screen answers it ("Unpaid this month") and it is not deleted: the printed list's heading says it. */
  savedViewName = $derived(appliedName(this.schema, this.saved.some((v) => v.name === this.applied?.name) ? this.applied : null, this.shown?.view));
  /**
   * Rust's views for this list arrived: until then the table waits (no
   * default columns shown for a moment), and a retry opens the list again.
   */
  viewsArrived = $state(false);
  filtersOpen = $state(false);
  exporting = $state(false);
  /** The rows the context menu's "Export selected rows…" chose (null: the whole list). */
  exportOnly = $state<string[] | null>(null);
  opened = $state.raw<JsonRecord | null>(null);
  /** A note above the table (what an action did, a view trimmed); cleared by the next change. */
  notice = $state<string | null>(null);
  /** The search box as typed (searched for after a pause, or at Enter). */
  searchText: string;

  columns = $derived.by(() => shownColumns(this.schema, this.view.fields));
  #columnsText = $derived.by(() => JSON.stringify(shownColumns(this.schema, this.shown?.view.fields ?? this.view.fields)));
  #sortText = $derived.by(() => JSON.stringify(this.shown?.view.sort ?? this.view.sort ?? []));
  /** The table's columns and sort, the shown page's else the view's: the same arrays while equal (another page leaves the headers as they are). */
  tableColumns: string[] = $derived(JSON.parse(this.#columnsText));
  tableSort: SortSpec[] = $derived(JSON.parse(this.#sortText));
  shownFields = $derived(this.shown?.view.fields ?? null);
  #widthsText = $derived.by(() => JSON.stringify(this.shown?.view.widths ?? this.view.widths ?? {}));
  /** Column widths the user set (CSS px by field), the shown page's else the view's: the same object while equal (another page measures no column again). */
  userWidths: Partial<Record<string, number>> = $derived(JSON.parse(this.#widthsText));
  // The pager and the table speak of the page on screen only: before one
  // has loaded (or when the first load failed) there is no page number or
  // count to show, and no "no records" to claim.
  currentPage = $derived(this.shown?.view.page ?? null);
  pageCount = $derived(pageCountOf(this.shown));
  activeFilters = $derived.by(() => this.view.filters?.length ?? 0);
  shownFilters = $derived(this.shown?.view.filters?.length ?? 0);
  openedId = $derived(this.opened && typeof this.opened.id === "string" ? this.opened.id : null);
  /** What the list says about its page, its search and its errors (list-texts.svelte.ts). */
  readonly texts = new ListTexts(this);
  readonly #fields;
  readonly #schemaOf: () => ResourceSchema;
  readonly #drillDown: () => DrillDown | null;
  /** Before every load the user asked for (the table back to its top). */
  readonly #onchange: () => void;
  /** Changes of the layout (columns moved, widths) made on screen; the views that open the list do not undo them. */
  #layoutEdits = 0;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;
  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** The box was typed in before the list's views arrived: searched for once they do. */
  #searchTyped = false;
  #ticket = 0;
  #ahead = new SavedAhead();

  /**
   * `schema`: the list's resource (another resource is another list);
   * `drillDown`: the conditions it opens with, if any; `onchange`: before
   * every load the user asks for; `link`: what a `workdesk://` link opens.
   */
  constructor(schema: () => ResourceSchema, drillDown: () => DrillDown | null, onchange: () => void, link: () => LinkTarget | null = () => null) {
    const first = untrack(schema);
    this.#schemaOf = schema;
    this.resource = first.resource;
    this.labels = resourceLabel[first.resource];
    this.#fields = filterFields(first);
    this.#drillDown = drillDown;
    this.#onchange = onchange;
    this.view = $state(defaultView(first));
    this.searchText = $state(this.view.search ?? "");
    followLink(this, untrack(link));
  }

  #snapshot = () => $state.snapshot(this.view) as ListView;

  /**
   * A failed load: the reason, and the conditions at fault opened beside
   * them; `nothingSaved` when the service did not answer and nothing of
   * the view is saved (said under the reason).
   */
  fail(ui: UiError, nothingSaved = false) {
    this.error = { ui, nothingSaved };
    if (ui.kind === "unauthorized") {
      // The key was refused: Rust hides the saved records from now on, so
      // nothing read before stays on screen either.
      this.shown = null;
      this.opened = null;
      session.showing(null);
    }
    this.conditionErrors = conditionErrorsOf(ui);
    if (Object.keys(this.conditionErrors).length > 0) this.filtersOpen = true;
  }

  /**
   * Loads `next` with one read (`read_list`), or opens the list (`null`:
   * `open_list`, whose first message is the view to show, fitted by Rust):
   * Rust sends the saved answer at once, then the service's, and says how
   * the read ended. A fresh answer replaces the saved one (the rows kept as
   * they are when Rust says it is the same page); when the service was not
   * asked or did not answer, the saved answer stays (the app's banner says
   * why). With nothing to show, the last page stays and the reason is
   * shown.
   */
  async load(next: ListView | null): Promise<boolean> {
    const mine = ++this.#ticket;
    if (next) this.view = next;
    this.loading = true;
    clearTimeout(this.#slowTimer);
    this.#slowTimer = setTimeout(() => (this.slow = true), SLOW_LOAD_MS);
    mark("workdesk:page-requested");
    let request = this.#snapshot();
    // What the user did before the views arrived stays: a view loaded or
    // arranged, a view saved or deleted (a new list of saved views), a
    // condition being written.
    const before = { saved: this.saved, layoutEdits: this.#layoutEdits, drafts: this.drafts };
    const onopened = (views: ListViews) => {
      this.viewsArrived = true;
      if (this.saved === before.saved) this.saved = views.saved;
      const current = mine === this.#ticket && this.#layoutEdits === before.layoutEdits;
      if (current) {
        request = views.current;
        this.view = views.current;
        if (this.drafts === before.drafts) this.drafts = (views.current.filters ?? []).map((spec) => draftFromSpec(spec, this.#fields));
        if (views.left_out) this.notice = viewLeftOut();
      }
      // Typed while the list opened: searched for over the view it shows.
      if (this.#searchTyped) void tick().then(() => this.search());
      else if (current) this.searchText = views.current.search ?? "";
    };
    let sawSaved = false;
    // Working offline, the saved page read ahead is shown at once, and painted before the read
    // (which answers the same) is asked: its answer does not hold up the paint.
    const ahead = this.#ahead.take(next && request);
    const onanswer = (answer: Answer<Page<JsonRecord>>) => {
      if (mine !== this.#ticket) return;
      if (answer.kind === "saved") {
        if (ahead !== null && answer !== ahead && sameSaved(ahead, answer)) return;
        sawSaved = true;
        mark("workdesk:saved-page-received");
        this.shown = { view: request, page: answer.value, source: answer.source };
        session.showing(answer.source.saved_at ?? null);
        void markPainted("saved-page");
      } else {
        mark("workdesk:page-received");
        this.#settled();
        // The saved page on screen is the service's: its rows stay as they
        // are (no re-render, focus kept).
        const same = sawSaved && answer.changed === false && this.shown !== null;
        this.shown = same && this.shown ? { ...this.shown, source: null } : { view: request, page: answer.value, source: null };
        session.showing(null);
        void markPainted("page");
      }
      this.error = null;
      this.conditionErrors = {};
    };
    if (ahead) {
      onanswer(ahead);
      await painted();
      if (mine !== this.#ticket) return false;
    }
    let end: ReadEnd;
    try {
      end = next
        ? await ipc.readList(this.resource, request, true, onanswer)
        : await ipc.openList(this.resource, onopened, onanswer, untrack(() => $state.snapshot(this.#drillDown())) as DrillDown | null);
    } catch (e) {
      if (mine !== this.#ticket) return false;
      this.#settled();
      this.fail(uiError(e));
      return false;
    }
    if (mine !== this.#ticket) return false;
    this.#settled();
    this.#ahead.readAfter(this.resource, () => (mine === this.#ticket && this.shown ? { view: this.shown.view, pageCount: this.pageCount ?? 0 } : null));
    switch (end.end) {
      case "fresh":
        return true;
      case "kept_saved":
        // The saved answer stays. Unreachable or working offline: the
        // banner says so. The service's own error, or a spent budget (with
        // when it comes back): said above the saved page.
        if (end.because === "rate_limited" || end.because === "service_error") this.fail(end.error);
        return true;
      case "nothing_saved":
        this.fail(
          end.because === "working_offline"
            ? localError("offline", t("list.offline_nothing_saved", this.named))
            : end.error,
          end.because !== "working_offline",
        );
        return false;
    }
  }

  /** The load on screen has its answer (or its error): nothing is busy. */
  #settled() {
    this.loading = false;
    this.slow = false;
    clearTimeout(this.#slowTimer);
  }

  /** The list is gone: no timer left running. */
  stop() {
    clearTimeout(this.#slowTimer);
    clearTimeout(this.#searchTimer);
  }

  /** The view on screen to load again; `null` (open the list) before Rust's views arrived. */
  shownView(): ListView | null {
    return this.viewsArrived ? this.#snapshot() : null;
  }

  /** A load the user asked for: the notice of the last one goes. */
  change(next: ListView | null) {
    this.notice = null;
    if (next && this.applied && !sameRowsAndColumns(this.schema, this.applied.view, next)) this.applied = null;
    this.#onchange();
    void this.load(next);
  }

  retry() {
    this.change(this.shownView());
  }

  /**
   * Rust said this list's records changed (lib/records-changed.ts): the
   * view on screen is read again in place. Unlike a change the user asks
   * for, the table keeps its scroll, and the note above it stays.
   */
  refresh() {
    void this.load(this.shownView());
  }

  go(page: number) {
    this.change({ ...this.#snapshot(), page });
  }

  setTake(take: Take) {
    this.change({ ...this.#snapshot(), page: 1, take });
  }

  sortBy(field: string, add: boolean) {
    const current = this.#snapshot();
    this.change({ ...current, page: 1, sort: nextSort(current.sort ?? [], field, add) });
  }

  setColumns(next: string[]) {
    const columns = this.columns;
    const same = next.length === columns.length && next.every((name) => columns.includes(name));
    // Only the order changed: the page on screen shows it, nothing to load.
    if (same) this.#setLayout({ fields: requestedFields(this.schema, next) });
    else
      this.change({
        ...this.#snapshot(),
        page: 1,
        fields: requestedFields(this.schema, next),
        widths: keptWidths(this.view.widths, next) ?? null,
      });
  }

  /**
   * A change of how the list looks, not of what it holds (column order,
   * widths): applied to the view and the page on screen, and remembered
   * without a request.
   */
  #setLayout(layout: Partial<ListView>) {
    this.#layoutEdits += 1;
    const next = { ...this.#snapshot(), ...layout };
    if (layout.fields) next.widths = keptWidths(next.widths, shownColumns(this.schema, layout.fields));
    this.view = next;
    if (this.shown) this.shown = { ...this.shown, view: { ...this.shown.view, ...layout, widths: next.widths } };
    ipc.rememberView(this.resource, next).catch(() => {
      // Not kept for the next start; the screen shows it all the same.
    });
  }

  reorder(field: string, to: number) {
    this.setColumns(moveColumnTo(this.tableColumns, field, to));
  }

  resize(field: string, px: number | null) {
    const widths = { ...(this.view.widths ?? {}) };
    if (px === null) delete widths[field];
    else widths[field] = px;
    this.#setLayout({ widths: keptWidths(widths, this.tableColumns) ?? null });
  }

  /** The box shows `words` (a view chosen or reset), with no search pending. */
  #showSearch(words: string | undefined) {
    clearTimeout(this.#searchTimer);
    this.searchText = words ?? "";
  }

  /** The search box changed: searched for after a pause in typing. */
  typed(text: string) {
    this.searchText = text;
    if (!this.viewsArrived) this.#searchTyped = true;
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => this.search(), LIMITS.typing_pause_ms);
  }

  /** Searches for the words in the box now (from page 1), unless they are searched for already. */
  search() {
    clearTimeout(this.#searchTimer);
    // Before the views arrive, the view to search in is not known yet.
    if (!this.viewsArrived) return;
    this.#searchTyped = false;
    const current = this.#snapshot();
    const words = this.searchText.trim();
    if ((current.search ?? "").trim() === words && !this.texts.searchError) return;
    this.change({ ...current, page: 1, search: words });
  }

  applyFilters(filters: FilterSpec[]) {
    this.change({ ...this.#snapshot(), page: 1, filters });
  }

  clearFilters() {
    this.change({ ...this.#snapshot(), page: 1, filters: [] });
  }

  /** A saved view chosen (as Rust fitted it), from its first page. */
  applySaved(chosen: SavedView) {
    const restored = { ...chosen.view, page: 1 };
    this.applied = chosen;
    this.drafts = (restored.filters ?? []).map((spec) => draftFromSpec(spec, this.#fields));
    this.#showSearch(restored.search);
    this.conditionErrors = {};
    this.change(restored);
    if (chosen.left_out) this.notice = viewLeftOut();
  }

  /** After a view the service refuses: back to the resource's default view. */
  resetView() {
    this.drafts = [];
    this.#showSearch("");
    this.conditionErrors = {};
    this.change(defaultView(this.schema));
  }

  openRecord(record: JsonRecord) {
    this.notice = null;
    this.opened = record;
  }

  /** The list's resource schema, as the list was given it. */
  get schema(): ResourceSchema {
    return this.#schemaOf();
  }

  /** The view the list's Export reads: the page on screen's, narrowed to the rows chosen, if any. */
  current(): ListView {
    return this.#snapshot();
  }
}

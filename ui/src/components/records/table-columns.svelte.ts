// A table's columns: each field with its label, kind and sort key, their
// widths (the one being dragged, else the user's, else measured from the
// page: column-width.ts), the cells as shown (amounts lined up on their
// decimal points), and the ways of changing them: a header's separator
// (dragged, or Left/Right on it) sets a width, a header dragged before
// another moves its column. The widths are fixed (`table-layout: fixed`),
// so columns do not shift as rows scroll in and out.
import type { FieldSchema, ResourceSchema, SortSpec } from "../../lib/bindings";
import { MAX_WIDTH, MIN_WIDTH } from "../../lib/columns";
import { fieldLabel, formatValue, unreadableReason } from "../../lib/fields";
import { amountScale, fractionDigits, padFraction } from "../../lib/format";
import { t } from "../../lib/i18n.svelte";
import type { JsonRecord } from "../../lib/ipc";
import { columnWidth, readFonts, tooltip, type Fonts } from "./column-width";
import { NO_NAMES, referenceShown, type Names } from "../../lib/names";

/** A column of the table. */
export type Column = { name: string; field: FieldSchema | undefined; label: string; numeric: boolean; sortable: boolean };

/** What the columns follow: the table's props. */
export type ColumnProps = {
  readonly schema: ResourceSchema;
  /** The fields shown, in screen order. */
  readonly columns: string[];
  readonly records: JsonRecord[];
  readonly sort: SortSpec[];
  /** Widths the user set, CSS pixels by field. */
  readonly userWidths: Partial<{ [key in string]: number }>;
  /** The names of the page's references (none: their IDs show, shortened). */
  readonly names?: Names;
};

/** What Left/Right on a column's separator changes its width by, in CSS pixels. */
export const RESIZE_STEP = 16;

/** A cell as shown: its text, tooltip, alignment and whether its value could not be read. */
export type Cell = { text: string; title: string | undefined; numeric: boolean; unreadable: boolean };

/**
 * How many digits follow the decimal point in amount `value` as its cell
 * shows it (-1: none), without formatting it when it is a plain decimal
 * (a page asks this of every amount it holds).
 */
function shownFraction(field: FieldSchema | undefined, name: string, value: JsonRecord[string]): number {
  if (typeof value === "string" && value !== "") {
    const scale = amountScale(value);
    if (scale !== null) return scale;
  }
  return fractionDigits(formatValue(field, name, value).text);
}

/** `before` when `next` holds the same items in the same order, else `next`. */
function sameItems<T>(before: T[], next: T[]): T[] {
  return before.length === next.length && next.every((item, i) => item === before[i]) ? before : next;
}

const clamp = (px: number) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px));

export class TableColumns {
  /** A width being dragged (not yet set): field and CSS pixels. */
  dragging = $state<{ field: string; px: number } | null>(null);
  /** The header a dragged column would land before (index), while dragging one. */
  dropAt = $state<number | null>(null);
  /** The column being dragged by its header. */
  #moving: string | null = null;
  readonly #props: ColumnProps;
  /** The fonts the widths are measured in (read once). */
  readonly fonts: Fonts | null;

  /** The columns, in screen order. */
  list: Column[];
  /** Column widths in CSS pixels: the one being dragged, the user's, or computed. */
  widths: number[];
  /**
   * The widest fraction of each amount column on the page (null for other
   * columns): its amounts are padded to it so that their decimal points
   * line up.
   */
  widestFraction: (number | null)[];

  constructor(props: ColumnProps, fonts: Fonts | null = readFonts()) {
    this.#props = props;
    this.fonts = fonts;
    // The fields by name, as one string: another page of the same columns
    // (a new array) leaves the list, the headers and the row measure as
    // they are.
    const names = $derived(props.columns.join("\n"));
    this.list = $derived(
      (names === "" ? [] : names.split("\n")).map((name) => {
        const field = props.schema.fields.find((f) => f.name === name);
        return {
          name,
          field,
          label: fieldLabel(name),
          numeric: field?.kind === "decimal" || field?.kind === "integer",
          sortable: field?.sortable ?? false,
        };
      }),
    );
    // Both the same arrays while their numbers are: another page whose
    // columns come out as wide leaves the headers and the rows' widths as
    // they are (a derived that returns the same array changes nothing).
    let widths: number[] = [];
    this.widths = $derived.by(
      () =>
        (widths = sameItems(
          widths,
          this.list.map((col) =>
            this.dragging?.field === col.name
              ? this.dragging.px
              : (props.userWidths[col.name] ?? columnWidth(col, props.records, fonts)),
          ),
        )),
    );
    let fractions: (number | null)[] = [];
    this.widestFraction = $derived.by(
      () =>
        (fractions = sameItems(
          fractions,
          this.list.map((col) =>
            col.field?.kind === "decimal"
              ? Math.max(-1, ...props.records.map((r) => shownFraction(col.field, col.name, r[col.name])))
              : null,
          ),
        )),
    );
  }

  /** Column `field`'s sort key: its position among the keys and its direction; null when the list is not sorted by it. */
  sortKey(field: string): { position: number; descending: boolean } | null {
    const sort = this.#props.sort;
    const at = sort.findIndex((k) => k.field === field);
    return at < 0 ? null : { position: at + 1, descending: sort[at].descending ?? false };
  }

  /** `aria-sort` of column `field`. */
  ariaSort(field: string): "ascending" | "descending" | "none" {
    const key = this.sortKey(field);
    return key === null ? "none" : key.descending ? "descending" : "ascending";
  }

  /** The cell of column `c` in `record`: amounts padded to line up on the decimal point with the page's others. */
  cell(record: JsonRecord, c: number): Cell {
    const col = this.list[c];
    const unreadable = unreadableReason(record, col.name);
    const reference = unreadable === null ? referenceShown(this.#props.schema, col.name, record[col.name], this.#props.names ?? NO_NAMES) : null;
    const shown =
      unreadable !== null
        ? { text: t("detail.unreadable"), title: unreadable, numeric: false }
        : reference
          ? { text: reference.text, title: reference.title, numeric: false }
          : formatValue(col.field, col.name, record[col.name]);
    const widest = this.widestFraction[c];
    const text =
      col.field?.kind === "decimal" && unreadable === null && widest !== null && widest !== undefined
        ? padFraction(shown.text, widest)
        : shown.text;
    return { text, title: tooltip(shown, this.widths[c], this.fonts), numeric: shown.numeric || col.numeric, unreadable: unreadable !== null };
  }

  /** The width Left or Right (`key`) on a separator sets from `px`; null for other keys. */
  stepped(key: string, px: number): number | null {
    const by = key === "ArrowRight" ? RESIZE_STEP : key === "ArrowLeft" ? -RESIZE_STEP : 0;
    return by === 0 ? null : clamp(px + by);
  }

  /** A separator grabbed: column `field`, `px` wide, is being dragged. */
  startResize(field: string, px: number) {
    this.dragging = { field, px };
  }

  /** The separator moved `dx` pixels from where it was grabbed (the column was `px` wide). */
  resizeBy(field: string, px: number, dx: number) {
    this.dragging = { field, px: Math.round(clamp(px + dx)) };
  }

  /** The separator let go: the width it was dragged to, if any. */
  endResize(): number | undefined {
    const set = this.dragging?.px;
    this.dragging = null;
    return set;
  }

  /** Whether a column of this table is being dragged by its header. */
  get moving(): boolean {
    return this.#moving !== null;
  }

  /** A header picked up: its column is being moved. */
  startMove(field: string) {
    this.#moving = field;
  }

  /** The column dragged over header `index`, on its right half (`after`) or left: it would land after or before it. */
  moveOver(index: number, after: boolean) {
    if (this.#moving !== null) this.dropAt = after ? index + 1 : index;
  }

  /** The column dropped: the field and the index it moves to (screen order); null when nothing moves. */
  drop(): { field: string; to: number } | null {
    const field = this.#moving;
    const at = this.dropAt;
    this.endMove();
    if (field === null || at === null) return null;
    const from = this.#props.columns.indexOf(field);
    // Dropped after itself, or just before: nothing moves.
    const to = at > from ? at - 1 : at;
    return to === from ? null : { field, to };
  }

  /** The drag ended (dropped or not). */
  endMove() {
    this.#moving = null;
    this.dropAt = null;
  }
}

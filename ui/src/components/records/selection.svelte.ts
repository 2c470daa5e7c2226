// The rows selected in a table, by record id, and the anchor a Shift range
// starts from: a click selects one, Shift-click and Shift+Up/Down select a
// range, Ctrl-click (⌘ on macOS) adds or removes one, Ctrl+A the page.
// Being by id, it holds across virtualised rows; `keep` drops the rows a
// new page no longer has. Also where the row keys move the focus.

import type { JsonRecord } from "../../lib/ipc";

/** The id a row is selected by: its record's `id`, as text. */
export function rowId(record: JsonRecord): string {
  const id = record.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : "";
}

/** How a row was clicked: with Shift (a range), or with the command key (one more or one less). */
export type ClickKind = { shift: boolean; toggle: boolean };

export class RowSelection {
  /** The selected rows' ids (replaced whole on every change). */
  ids = $state<Set<string>>(new Set());
  /** Where a Shift range starts. */
  anchor = $state<string | null>(null);

  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Only row `id` is selected, and a range starts from it (a plain click, Enter). */
  only(id: string) {
    this.ids = new Set([id]);
    this.anchor = id;
  }

  /** Every row of the page (Ctrl+A). */
  all(rows: string[]) {
    this.ids = new Set(rows);
  }

  /**
   * A click on row `index` of `rows` (the page's ids, in order): Shift
   * selects from the anchor to it, the command key adds or removes it,
   * else it alone is selected. Whether the click opens the row (a plain
   * click does).
   */
  click(rows: string[], index: number, how: ClickKind): boolean {
    const id = rows[index];
    if (how.shift) {
      const from = this.anchor === null ? index : Math.max(0, rows.indexOf(this.anchor));
      this.ids = range(rows, from, index);
      return false;
    }
    if (how.toggle) {
      const next = new Set(this.ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      this.ids = next;
      this.anchor = id;
      return false;
    }
    this.only(id);
    return true;
  }

  /** Shift+Up/Down from row `index` to `to`: the range from the anchor (or from `index` when there is none on the page). */
  extend(rows: string[], index: number, to: number) {
    if (this.anchor === null || !rows.includes(this.anchor)) this.anchor = rows[index];
    this.ids = range(rows, rows.indexOf(this.anchor), to);
  }

  /** A new page of `rows`: the selected rows still on it stay. How many stay. */
  keep(rows: string[]): number {
    const present = new Set(rows);
    const kept = [...this.ids].filter((id) => present.has(id));
    if (kept.length !== this.ids.size) this.ids = new Set(kept);
    if (this.anchor !== null && !present.has(this.anchor)) this.anchor = null;
    return kept.length;
  }

  /** The selected ids, in the order of `rows`. */
  chosen(rows: string[]): string[] {
    return rows.filter((id) => this.ids.has(id));
  }

  /** The selected items of `items` (whose ids are `rows`), or the one at `active` when none is selected. */
  pick<T>(items: T[], rows: string[], active: number): T[] {
    return this.ids.size > 0 ? items.filter((_, i) => this.ids.has(rows[i])) : items.slice(active, active + 1);
  }
}

/** The ids of `rows` from index `from` to `to` (either order). */
function range(rows: string[], from: number, to: number): Set<string> {
  const [a, b] = from <= to ? [from, to] : [to, from];
  return new Set(rows.slice(a, b + 1));
}

/**
 * Where `key` moves the focus from row `index` (of rows 0 to `last`;
 * Page Up/Down by `perScreen` rows), or null for a key that does not move.
 */
export function rowTarget(key: string, index: number, last: number, perScreen: () => number): number | null {
  switch (key) {
    case "ArrowDown":
      return Math.min(index + 1, last);
    case "ArrowUp":
      return Math.max(index - 1, 0);
    case "PageDown":
      return Math.min(index + perScreen(), last);
    case "PageUp":
      return Math.max(index - perScreen(), 0);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

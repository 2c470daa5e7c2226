// The rows' context menu (right-click, the context menu key, Shift+F10):
// whether it is open, where and for which row, and its items for that row:
// Open, Edit (a lead's, opening Edit a lead on it), Copy (the selected rows), Copy link (the row's `workdesk://` link,
// lib/links.ts), "Export selected rows…" when the list exports, and the
// changes to many records the list offers (../bulk: "Change status…"). Up and
// Down move through the items, wrapping around.
import { t } from "../../lib/i18n.svelte";
import type { BulkChange, ResourceName } from "../../lib/bindings";
import { OFFERED } from "../bulk/bulk.svelte";
import type { JsonRecord } from "../../lib/ipc";
import type { Screen } from "../../lib/sections";

/** The menu open at (`x`, `y`) for row `index`, `record`. */
export type OpenMenu = { x: number; y: number; index: number; record: JsonRecord };

/** What an item does. */
export type MenuAction = "open" | "edit" | "copy" | "link" | "export" | BulkChange;

export class ContextMenu {
  /** The menu on screen, or null when closed. */
  open = $state<OpenMenu | null>(null);

  show(x: number, y: number, index: number, record: JsonRecord) {
    this.open = { x, y, index, record };
  }

  /** Closes it: the index of its row (for the focus to go back to), if it was open. */
  close(): number | undefined {
    const index = this.open?.index;
    this.open = null;
    return index;
  }
}

/** The screen that edits `record` of `resource` (a lead's: Edit a lead on it); null when none does. */
export function editScreen(resource: ResourceName, record: JsonRecord): Screen | null {
  return resource === "lead" && typeof record.id === "string" && record.id !== "" ? { kind: "lead", id: record.id } : null;
}

/** The items of the menu over `selected` rows (a row alone counts as one); Export only when `exports`, Edit only when `edits`, then the `bulk` changes. */
export function menuItems(selected: number, exports: boolean, edits = false, bulk: BulkChange[] = []): { action: MenuAction; label: string }[] {
  const count = Math.max(1, selected);
  return [
    { action: "open", label: t("table.menu_open") },
    ...(edits ? [{ action: "edit" as const, label: t("table.menu_edit") }] : []),
    { action: "copy", label: t("table.menu_copy", { count }) },
    { action: "link", label: t("links.copy") },
    ...(exports ? [{ action: "export" as const, label: t("table.menu_export", { count }) }] : []),
    ...bulk.map((change) => ({ action: change, label: t(OFFERED[change]) })),
  ];
}

/** The item Down or Up (`key`) moves to from item `at` of `count`, wrapping around; null for other keys. */
export function nextItem(key: string, at: number, count: number): number | null {
  if (key !== "ArrowDown" && key !== "ArrowUp") return null;
  return (at + (key === "ArrowDown" ? 1 : count - 1)) % count;
}

// The rows' context menu (right-click, the context menu key, Shift+F10):
// whether it is open, where and for which row, and its items for that row:
// Open, Copy (the selected rows), and "Export selected rows…" when the list
// exports. Up and Down move through the items, wrapping around.
import { t } from "../../lib/i18n.svelte";
import type { JsonRecord } from "../../lib/ipc";

/** The menu open at (`x`, `y`) for row `index`, `record`. */
export type OpenMenu = { x: number; y: number; index: number; record: JsonRecord };

/** What an item does. */
export type MenuAction = "open" | "copy" | "export";

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

/** The items of the menu over `selected` rows (a row alone counts as one); Export only when `exports`. */
export function menuItems(selected: number, exports: boolean): { action: MenuAction; label: string }[] {
  const count = Math.max(1, selected);
  return [
    { action: "open", label: t("table.menu_open") },
    { action: "copy", label: t("table.menu_copy", { count }) },
    ...(exports ? [{ action: "export" as const, label: t("table.menu_export", { count }) }] : []),
  ];
}

/** The item Down or Up (`key`) moves to from item `at` of `count`, wrapping around; null for other keys. */
export function nextItem(key: string, at: number, count: number): number | null {
  if (key !== "ArrowDown" && key !== "ArrowUp") return null;
  return (at + (key === "ArrowDown" ? 1 : count - 1)) % count;
}

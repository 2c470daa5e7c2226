// Selecting rows and copying them: click, Shift-click, Ctrl-click,
// Shift+arrows, Ctrl+A, and Ctrl+C as tab-separated text of the columns
// shown, as the cells show them.
import { describe, expect, test, vi } from "vitest";
import { screen } from "@testing-library/svelte";
import { renderList, rowIds } from "./fixtures/records";

/** Fires a copy event as Ctrl+C does; the text put on the clipboard, or null. */
function copy(): string | null {
  const data = new Map<string, string>();
  const event = new Event("copy", { bubbles: true, cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, "clipboardData", {
    value: { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? "" },
  });
  document.activeElement?.dispatchEvent(event);
  return event.defaultPrevented ? (data.get("text/plain") ?? null) : null;
}

function rows(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLTableRowElement>("tbody tr[data-id]")];
}

function selected(container: HTMLElement): number[] {
  return rows(container).flatMap((row, i) => (row.getAttribute("aria-selected") === "true" ? [i] : []));
}

function cellsOf(row: HTMLTableRowElement): string {
  return [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "").join("\t");
}

describe("selection and copy", () => {
  test("click, Shift-click, Ctrl-click and Ctrl+C copy the rows as shown, tab-separated", async () => {
    const { user, container } = await renderList();
    const all = rows(container);
    await user.click(all[1].querySelector("td")!);
    expect(selected(container)).toEqual([1]);
    // A plain click also opens the record.
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    await user.keyboard("{Shift>}");
    await user.click(all[3].querySelector("td")!);
    await user.keyboard("{/Shift}");
    expect(selected(container)).toEqual([1, 2, 3]);
    await user.keyboard("{Control>}");
    await user.click(all[2].querySelector("td")!);
    await user.click(all[5].querySelector("td")!);
    await user.keyboard("{/Control}");
    expect(selected(container)).toEqual([1, 3, 5]);

    all[5].focus();
    const text = copy();
    expect(text).toBe([all[1], all[3], all[5]].map(cellsOf).join("\n"));
    // Amounts and dates as the cells show them, the columns in screen order.
    expect(text!.split("\n")[0].split("\t")).toHaveLength(all[1].querySelectorAll("th, td").length);
    expect(text).toContain("1,190.50");
    expect(await screen.findByText("3 rows copied")).toBeInTheDocument();
  });

  test("Shift+arrows extend from the focused row; Ctrl+A selects the page; nothing selected copies the focused row", async () => {
    const { user, container } = await renderList();
    const all = rows(container);
    all[0].focus();
    expect(copy()).toBe(cellsOf(all[0]));
    await user.keyboard("{Shift>}{ArrowDown}{ArrowDown}{/Shift}");
    expect(selected(container)).toEqual([0, 1, 2]);
    await user.keyboard("{Shift>}{ArrowUp}{/Shift}");
    expect(selected(container)).toEqual([0, 1]);
    await user.keyboard("{Control>}a{/Control}");
    expect(selected(container)).toHaveLength(rowIds(container).length);
    expect(copy()!.split("\n")).toHaveLength(20);
  });

  test("copy outside the table is left alone, and a new page starts a new selection", async () => {
    const { user, container } = await renderList({ count: 45 });
    await user.click(rows(container)[0].querySelector("td")!);
    screen.getByRole("button", { name: "Columns" }).focus();
    expect(copy()).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(rowIds(container)[0]).not.toBe(undefined));
    await vi.waitFor(() => expect(selected(container)).toEqual([]));
  });

  test("moving a column keeps the selection; copy follows the new column order", async () => {
    const { user, container } = await renderList();
    const all = rows(container);
    await user.click(all[0].querySelector("td")!);
    await user.keyboard("{Shift>}");
    await user.click(all[2].querySelector("td")!);
    await user.keyboard("{/Shift}");
    expect(selected(container)).toEqual([0, 1, 2]);
    await user.click(screen.getByRole("button", { name: "Columns" }));
    const first = container.querySelector("thead th")!.textContent!.trim();
    await user.click(screen.getByRole("button", { name: `Move ${first} right` }));
    await vi.waitFor(() => expect(container.querySelectorAll("thead th")[1].textContent!.trim()).toBe(first));
    expect(selected(container)).toEqual([0, 1, 2]);
    rows(container)[2].focus();
    const text = copy()!;
    expect(text.split("\n")).toHaveLength(3);
    expect(text).toBe(rows(container).slice(0, 3).map(cellsOf).join("\n"));
  });

  test("a text the user selected is copied as it is, not the rows", async () => {
    const { user, container } = await renderList();
    const all = rows(container);
    await user.click(all[0].querySelector("td")!);
    all[0].focus();
    const cell = all[0].querySelector("td")!;
    const range = document.createRange();
    range.selectNodeContents(cell);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    expect(copy()).toBeNull();
    window.getSelection()!.removeAllRanges();
    expect(copy()).toBe(cellsOf(all[0]));
  });
});

describe("the rows' context menu", () => {
  test("a right-click on a selected row offers Open and Copy for the whole selection; Escape gives the focus back", async () => {
    // user-event stands in for the system clipboard.
    const { user, container } = await renderList();
    const all = rows(container);
    await user.click(all[1].querySelector("td")!);
    await user.keyboard("{Control>}");
    await user.click(all[2].querySelector("td")!);
    await user.keyboard("{/Control}");
    expect(selected(container)).toEqual([1, 2]);

    await user.pointer({ keys: "[MouseRight]", target: all[2].querySelector("td")! });
    const menu = await screen.findByRole("menu", { name: "Row" });
    const items = screen.getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Open", "Copy 2 rows", "Copy link", "Export these 2 rows…"]);
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}{Enter}");
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe(`${cellsOf(all[1])}\n${cellsOf(all[2])}`));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(await screen.findByText("2 rows copied")).toBeInTheDocument();
    expect(menu.isConnected).toBe(false);

    // Shift+F10 on the focused row, then Escape: back on the row, nothing done.
    all[0].focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    expect(await screen.findByRole("menu")).toBeInTheDocument();
    // A row outside the selection becomes the selection.
    expect(selected(container)).toEqual([0]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(all[0]).toHaveFocus();
  });
});

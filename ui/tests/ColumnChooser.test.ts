import { describe, expect, test, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import PreferencesView from "../src/components/PreferencesView.svelte";
import type { ListView } from "../src/lib/bindings";
import { session } from "../src/lib/session.svelte";
import { byId, listCalls, renderList } from "./fixtures/records";

const headers = (container: HTMLElement) =>
  within(container.querySelector("thead")!)
    .getAllByRole("columnheader")
    .map((h) => h.textContent?.trim());

describe("choosing columns", () => {
  test("one checkbox per field; a change reloads page 1 with the columns in screen order plus id, a new one at the right end", async () => {
    const { calls, user, container } = await renderList({
      current: { page: 2, take: 20, fields: null, sort: [], filters: [] },
    });
    const toggle = screen.getByRole("button", { name: "Columns" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    expect(screen.getByLabelText("Total")).toHaveAttribute("id", "column-total");
    expect(screen.getByLabelText("Total")).toBeChecked();
    expect(screen.getByLabelText("Created at")).not.toBeChecked();
    expect(screen.getByLabelText("Supplier")).toHaveAttribute("id", "column-supplier");

    await user.click(byId("column-total"));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toMatchObject({
      page: 1,
      fields: ["name", "issue_date", "operation_status", "invoice_number", "id"],
    });
    await vi.waitFor(() => expect(headers(container)).not.toContain("Total"));

    await user.click(byId("column-created_at"));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2].fields).toEqual([
      "name",
      "issue_date",
      "operation_status",
      "invoice_number",
      "created_at",
      "id",
    ]);
    await vi.waitFor(() => expect(headers(container)).toContain("Created at"));
    // Still open: changes apply as they are made.
    expect(byId("column-created_at")).toBeChecked();
  });

  test("showing the ID column puts it at the right end, and it stays shown there", async () => {
    const { calls, user, container } = await renderList();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(screen.getByLabelText("ID"));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    // The user's id, then the one rows need (the backend asks for it once).
    expect(listCalls(calls)[1].fields).toEqual([
      "name",
      "issue_date",
      "operation_status",
      "total",
      "invoice_number",
      "id",
      "id",
    ]);
    await vi.waitFor(() => expect(headers(container).at(-1)).toBe("ID"));
  });

  test("the last column cannot be unticked, and Default columns restores the defaults", async () => {
    const { calls, user } = await renderList({
      current: { page: 1, take: 20, fields: ["total", "id"], sort: [], filters: [] },
    });
    await user.click(screen.getByRole("button", { name: "Columns" }));
    expect(byId("column-total")).toBeChecked();
    expect(byId("column-total")).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Default columns" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].fields).toEqual([
      "name",
      "issue_date",
      "operation_status",
      "total",
      "invoice_number",
      "id",
    ]);
    await vi.waitFor(() => expect(byId("column-total")).toBeEnabled());
  });

  test("a remembered view Rust fitted (a column the schema no longer has left out) shows as fitted, and the list says so", async () => {
    const { calls, user, container } = await renderList({
      current: { page: 1, take: 20, fields: ["name", "total", "id"], sort: [], filters: [] },
      leftOut: true,
    });
    expect(listCalls(calls)[0].fields).toEqual(["name", "total", "id"]);
    expect(headers(container)).toEqual(["Name", "Total"]);
    expect(container.querySelector("p.list-notice")).toHaveTextContent(
      "Some columns, sort keys or filters of the saved view no longer exist and were left out.",
    );
    await user.click(screen.getByRole("button", { name: "Columns" }));
    expect(byId("column-name")).toBeChecked();
    expect(byId("column-total")).toBeChecked();
    expect(document.getElementById("column-retired_column")).toBeNull();
    // A change is the user's: the note goes.
    await user.click(byId("column-created_at"));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(container.querySelector("p.list-notice")).toBeNull();
  });

  test("Escape closes the chooser and returns to its button", async () => {
    const { user } = await renderList();
    const toggle = screen.getByRole("button", { name: "Columns" });
    await user.click(toggle);
    byId("column-name").focus();
    await user.keyboard("{Escape}");
    expect(document.getElementById("column-name")).toBeNull();
    expect(toggle).toHaveFocus();
  });
});

describe("column order", () => {
  test("Move left and Move right reorder the columns on screen without a request, and the view is remembered", async () => {
    const { calls, user, container } = await renderList();
    const before = headers(container);
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(screen.getByRole("button", { name: `Move ${before[1]} left` }));
    await vi.waitFor(() => expect(headers(container).slice(0, 2)).toEqual([before[1], before[0]]));
    expect(screen.getByRole("button", { name: `Move ${before[1]} left` })).toBeDisabled();
    expect(listCalls(calls)).toHaveLength(1);
    const remembered = calls.filter((c) => c.cmd === "remember_view").at(-1)!.args.view as { fields: string[] };
    expect(remembered.fields.slice(0, 2)).toEqual(["issue_date", "name"]);
    await user.click(screen.getByRole("button", { name: `Move ${before[1]} right` }));
    await vi.waitFor(() => expect(headers(container)).toEqual(before));
  });

  test("a header dragged onto another lands before it", async () => {
    const { calls, container } = await renderList();
    const before = headers(container);
    const cells = [...container.querySelectorAll<HTMLElement>("table thead th")];
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? "",
      effectAllowed: "all",
      dropEffect: "move",
    };
    cells[3].getBoundingClientRect = () => ({ left: 300, width: 100, right: 400, top: 0, bottom: 20, height: 20, x: 300, y: 0, toJSON: () => ({}) });
    await fireEvent.dragStart(cells[0], { dataTransfer });
    await fireEvent.dragOver(cells[3], { dataTransfer, clientX: 310 });
    expect(cells[3]).toHaveClass("drop-before");
    await fireEvent.drop(cells[3], { dataTransfer, clientX: 310 });
    await vi.waitFor(() => expect(headers(container)).toEqual([before[1], before[2], before[0], ...before.slice(3)]));
    expect(calls.some((c) => c.cmd === "remember_view")).toBe(true);
    expect(listCalls(calls)).toHaveLength(1);
  });

  test("a column's separator sets its width from the keyboard; double-click resets it", async () => {
    const { calls, user, container } = await renderList();
    const separator = screen.getByRole("separator", { name: "Width of Name" });
    const start = Number(separator.getAttribute("aria-valuenow"));
    separator.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    await vi.waitFor(() => expect(Number(separator.getAttribute("aria-valuenow"))).toBe(start + 32));
    const col = container.querySelector<HTMLElement>("table colgroup col")!;
    expect(col.style.width).toBe(`${start + 32}px`);
    const remembered = calls.filter((c) => c.cmd === "remember_view").at(-1)!.args.view as { widths: Record<string, number> };
    expect(remembered.widths).toEqual({ name: start + 32 });
    await user.dblClick(separator);
    await vi.waitFor(() => expect(Number(separator.getAttribute("aria-valuenow"))).toBe(start));
    expect((calls.filter((c) => c.cmd === "remember_view").at(-1)!.args.view as { widths?: unknown }).widths ?? null).toBeNull();
  });

  test("a remembered view brings its order and widths back", async () => {
    const { container } = await renderList({
      current: { page: 1, take: 20, fields: ["total", "name", "id"], sort: [], filters: [], widths: { total: 200, gone: 90 } },
    });
    expect(headers(container)).toEqual(["Total", "Name"]);
    expect(container.querySelector<HTMLElement>("table colgroup col")!.style.width).toBe("200px");
  });

  test("a named saved view keeps the order and widths it was saved with, and brings them back", async () => {
    const arranged: ListView = {
      page: 1,
      take: 20,
      fields: ["total", "issue_date", "name", "id"],
      sort: [],
      filters: [],
      widths: { name: 260, total: 150 },
    };
    const { calls, user, container } = await renderList({ saved: [{ name: "Totals first", view: arranged, left_out: false }] });
    await user.selectOptions(screen.getByLabelText("Saved views"), "Totals first");
    await vi.waitFor(() => expect(headers(container)).toEqual(["Total", "Issue date", "Name"]));
    const cols = [...container.querySelectorAll<HTMLElement>("table colgroup col")].map((col) => col.style.width);
    expect([cols[0], cols[2]]).toEqual(["150px", "260px"]);
    expect(listCalls(calls).at(-1)).toMatchObject({ fields: ["total", "issue_date", "name", "id"], widths: { name: 260, total: 150 } });

    // Saving the view on screen keeps its layout too.
    const separator = screen.getByRole("separator", { name: "Width of Issue date" });
    separator.focus();
    await user.keyboard("{ArrowLeft}");
    await user.click(screen.getByRole("button", { name: "Save view…" }));
    await user.type(screen.getByLabelText("View name"), "Mine");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls.some((c) => c.cmd === "save_view")).toBe(true));
    const saved = calls.find((c) => c.cmd === "save_view")!.args.view as ListView;
    expect(saved.fields).toEqual(["total", "issue_date", "name", "id"]);
    expect(Object.keys(saved.widths ?? {}).sort()).toEqual(["issue_date", "name", "total"]);
  });
});

describe("density", () => {
  test("Compact in Preferences sets closer rows at once and keeps the choice", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return args && typeof args === "object" && "density" in args ? args.density : null;
    });
    const user = userEvent.setup();
    render(PreferencesView);
    await user.selectOptions(screen.getByLabelText("List density"), "Compact");
    expect(session.density).toBe("compact");
    expect(calls).toContainEqual(["set_density", { density: "compact" }]);
    const { container } = await renderList();
    expect(container.querySelector("table")).toHaveClass("compact");
    session.density = "normal";
  });
});

import { describe, expect, test, vi } from "vitest";
import { screen, within } from "@testing-library/svelte";
import { byId, listCalls, renderList } from "./fixtures/records";

const headers = (container: HTMLElement) =>
  within(container.querySelector("thead")!)
    .getAllByRole("columnheader")
    .map((h) => h.textContent?.trim());

describe("choosing columns", () => {
  test("one checkbox per field; a change reloads page 1 with the columns in schema order plus id", async () => {
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
      fields: ["name", "operation_status", "invoice_number", "issue_date", "is_pay_authorized", "id"],
    });
    await vi.waitFor(() => expect(headers(container)).not.toContain("Total"));

    await user.click(byId("column-created_at"));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2].fields).toEqual([
      "name",
      "operation_status",
      "created_at",
      "invoice_number",
      "issue_date",
      "is_pay_authorized",
      "id",
    ]);
    await vi.waitFor(() => expect(headers(container)).toContain("Created at"));
    // Still open: changes apply as they are made.
    expect(byId("column-created_at")).toBeChecked();
  });

  test("showing the ID column asks for id once, in its place", async () => {
    const { calls, user, container } = await renderList();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(screen.getByLabelText("ID"));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].fields).toEqual([
      "id",
      "name",
      "operation_status",
      "invoice_number",
      "issue_date",
      "is_pay_authorized",
      "total",
    ]);
    await vi.waitFor(() => expect(headers(container)[0]).toBe("ID"));
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
      "operation_status",
      "invoice_number",
      "issue_date",
      "is_pay_authorized",
      "total",
      "id",
    ]);
    await vi.waitFor(() => expect(byId("column-total")).toBeEnabled());
  });

  test("a remembered column the schema no longer has is left out, and the list says so", async () => {
    const { calls, user, container } = await renderList({
      current: { page: 1, take: 20, fields: ["name", "retired_column", "total", "id"], sort: [], filters: [] },
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

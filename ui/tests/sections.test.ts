// The window's sections, from one list (lib/sections.ts), and the
// navigation drawn from it (AppNav.svelte).
import { describe, expect, test } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import AppNav from "../src/components/app/AppNav.svelte";
import { isCurrent, sectionsOf, type Screen } from "../src/lib/sections";
import { customerSchema, supplierInvoiceSchema } from "./fixtures/records";

const schemas = [supplierInvoiceSchema, customerSchema];

describe("the sections", () => {
  test("every section once, in the navigation's order and groups, by the menu bar's ids", () => {
    expect(sectionsOf(schemas).map(({ id, label, group }) => [id, label, group])).toEqual([
      ["overview", "Overview", "start"],
      ["list:supplier_invoice", "Supplier invoices", "lists"],
      ["list:customer", "Customers", "lists"],
      ["task", "New task", "do"],
      ["lead", "Edit a lead", "do"],
      ["stakeholder", "New stakeholder", "do"],
      ["customer", "Open a customer", "do"],
      ["outbox", "Waiting to send", "do"],
      ["storage", "Storage", "computer"],
      ["preferences", "Preferences", "computer"],
      ["workspaces", "Workspaces", "computer"],
    ]);
  });

  test("a list section is current for its own resource only; a form for any record it has open", () => {
    const invoices: Screen = { kind: "list", resource: "supplier_invoice" };
    expect(isCurrent(invoices, { kind: "list", resource: "supplier_invoice" })).toBe(true);
    expect(isCurrent(invoices, { kind: "list", resource: "customer" })).toBe(false);
    expect(isCurrent(invoices, { kind: "overview" })).toBe(false);
    expect(isCurrent({ kind: "lead" }, { kind: "lead", id: "L-1" })).toBe(true);
    expect(isCurrent({ kind: "storage" }, { kind: "storage" })).toBe(true);
  });
});

describe("the navigation", () => {
  test("a button per section, in its groups under their headings, the current one marked", async () => {
    const went: Screen[] = [];
    render(AppNav, { sections: sectionsOf(schemas), screen: { kind: "list", resource: "customer" }, ongo: (s: Screen) => went.push(s) });
    const nav = screen.getByRole("navigation", { name: "Sections" });
    expect(within(nav).getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Lists", "Do", "This computer"]);
    const lists = within(nav).getAllByRole("list");
    expect(lists.map((l) => within(l).getAllByRole("button").map((b) => b.textContent?.trim()))).toEqual([
      ["Overview"],
      ["Supplier invoices", "Customers"],
      ["New task", "Edit a lead", "New stakeholder", "Open a customer", "Waiting to send"],
      ["Storage", "Preferences", "Workspaces"],
    ]);
    const current = within(nav).getAllByRole("button").filter((b) => b.getAttribute("aria-current") === "page");
    expect(current.map((b) => b.textContent?.trim())).toEqual(["Customers"]);
    await userEvent.setup().click(within(nav).getByRole("button", { name: "Storage" }));
    expect(went).toEqual([{ kind: "storage" }]);
  });
});

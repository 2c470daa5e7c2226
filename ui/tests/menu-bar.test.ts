// The menu bar's words and what its items do (lib/menu-bar.ts).
import { describe, expect, test, vi } from "vitest";
import { fromMenu, menuWords, type MenuActions } from "../src/lib/menu-bar";
import { sectionsOf } from "../src/lib/sections";
import { supplierInvoiceSchema } from "./fixtures/records";

const sections = sectionsOf([supplierInvoiceSchema]);

function actions() {
  const done: unknown[] = [];
  const a: MenuActions = {
    go: (screen) => void done.push(["go", screen]),
    zoom: async (change) => void done.push(["zoom", change]),
    toggleOffline: async () => void done.push(["offline"]),
    showShortcuts: () => void done.push(["shortcuts"]),
    print: () => void done.push(["print"]),
  };
  return { a, done };
}

describe("the menu bar", () => {
  test("its words, with the navigation's sections in order", () => {
    const words = menuWords(sections);
    expect(words).toMatchObject({ file: "File", new_task: "New task", print: "Print…", view: "View", zoom_in: "Zoom in", shortcuts: "Keyboard shortcuts" });
    expect(words.sections).toEqual(sections.map(({ id, label }) => ({ id, label })));
  });

  test("each item does what it stands for", async () => {
    const { a, done } = actions();
    const exported = vi.fn();
    window.addEventListener("workdesk:export", exported);
    for (const id of ["section:list:supplier_invoice", "section:storage", "new_task", "export", "print", "zoom_in", "zoom_reset", "work_offline", "shortcuts", "diagnostics", "section:nothing", "about"]) {
      await fromMenu(id, sections, a);
    }
    window.removeEventListener("workdesk:export", exported);
    expect(exported).toHaveBeenCalledTimes(1);
    expect(done).toEqual([
      ["go", { kind: "list", resource: "supplier_invoice" }],
      ["go", { kind: "storage" }],
      ["go", { kind: "task" }],
      ["print"],
      ["zoom", "in"],
      ["zoom", "reset"],
      ["offline"],
      ["shortcuts"],
      ["go", { kind: "preferences" }],
    ]);
  });
});

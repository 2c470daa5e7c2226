// Windows High Contrast (`forced-colors: active`), rendered for real: in
// Chromium (the engine of WebView2, Workdesk's webview on Windows) with
// forced colours emulated, the window on a list of supplier invoices. Forced
// colours drop the backgrounds and box shadows that mark the selected rows,
// the opened row and the focused row elsewhere; each must stay visible in
// system colours. So must the print question ("All rows or this page") and
// the printed list (print media emulated): their text, edges and focus in
// system colours, what is chosen or bold told apart by more than colour.
// Screenshots in both system themes are saved with the end-to-end tests'
// ones.
import { afterEach, expect, test } from "vitest";
import { commands, userEvent } from "vitest/browser";
import { cleanup, render, screen, within } from "@testing-library/svelte";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { emit } from "@tauri-apps/api/event";
import App from "../../src/App.svelte";
import "../../src/app.css";
import { printer } from "../../src/lib/print.svelte";
import { session } from "../../src/lib/session.svelte";
import { acme, serviceStatus } from "../fixtures";
import { answerRead, serviceState } from "../fixtures/reads";
import { recordPage } from "../fixtures/records";
import { windowOn } from "../fixtures/window";

afterEach(async () => {
  cleanup();
  clearMocks();
  session.reset();
  printer.done();
  await commands.emulateColours("none", "light", "screen");
});

/** The computed value of `property` set to the system colour `name`. */
function systemColour(name: string, property = "background-color"): string {
  const probe = document.createElement("div");
  probe.style.setProperty(property, name);
  document.body.append(probe);
  const value = getComputedStyle(probe).getPropertyValue(property);
  probe.remove();
  return value;
}

/** The window on 3 supplier invoices, connected; resolves with the table's body rows. */
async function windowOnInvoices(): Promise<HTMLTableRowElement[]> {
  const invoices = recordPage(1, 3).results;
  const handler = windowOn(serviceStatus, (cmd, payload) => {
    if (cmd !== "read_record") return null;
    const args = payload as { id: string; answers: unknown };
    return answerRead(args.answers, () => null, () => invoices.find((invoice) => invoice.id === args.id));
  });
  mockIPC(handler, { shouldMockEvents: true });
  render(App);
  await screen.findByText("3 supplier invoices");
  await emit("service-state", serviceState("online", acme.id));
  await screen.findByText("Connected");
  const table = screen.getByRole("grid");
  return Array.from(table.querySelectorAll<HTMLTableRowElement>("tbody tr"));
}

const cells = (row: HTMLTableRowElement) => Array.from(row.querySelectorAll<HTMLElement>(":scope > th, :scope > td"));

for (const scheme of ["light", "dark"] as const) {
  test(`in forced colours (${scheme} system theme) the selected, opened and focused rows keep a system-coloured mark`, async () => {
    await commands.emulateColours("active", scheme);
    expect(matchMedia("(forced-colors: active)").matches).toBe(true);
    const rows = await windowOnInvoices();
    const [first, second, third] = rows;

    // Click opens the first invoice; Ctrl+click adds the third to the selection.
    await userEvent.click(cells(first)[1]);
    await userEvent.keyboard("{Control>}");
    await userEvent.click(cells(third)[1]);
    await userEvent.keyboard("{/Control}");
    expect(first).toHaveClass("opened");
    expect(third).toHaveClass("selected");
    expect(second).not.toHaveClass("selected");

    const highlight = systemColour("Highlight");
    const canvas = systemColour("Canvas");
    expect(highlight).not.toBe(canvas);
    for (const cell of cells(third)) {
      expect(getComputedStyle(cell).backgroundColor).toBe(highlight);
      expect(getComputedStyle(cell).color).toBe(systemColour("HighlightText", "color"));
    }
    // A row not selected keeps the window's background: the selection is told apart.
    expect(getComputedStyle(cells(second)[1]).backgroundColor).not.toBe(highlight);

    // The opened row: a bar in the text colour at its start (its shadow is gone).
    const start = getComputedStyle(cells(first)[0]);
    expect(start.borderLeftStyle).toBe("solid");
    expect(start.borderLeftWidth).toBe("4px");
    expect(start.borderLeftColor).toBe(systemColour("CanvasText", "color"));
    expect(getComputedStyle(cells(second)[0]).borderLeftStyle).toBe("none");

    // The row with the keyboard focus: an outline in the highlight colour.
    await userEvent.keyboard("{ArrowDown}");
    const focused = document.activeElement as HTMLTableRowElement;
    expect(focused.tagName).toBe("TR");
    const outline = getComputedStyle(cells(focused)[1]);
    expect(outline.outlineStyle).toBe("solid");
    expect(outline.outlineColor).toBe(systemColour("Highlight", "color"));

    await commands.saveScreenshot(`forced-colors-${scheme}`);
  });
}

test("without forced colours the same marks are the theme's own (the check above is about forced colours)", async () => {
  await commands.emulateColours("none", "light");
  const rows = await windowOnInvoices();
  await userEvent.click(cells(rows[0])[1]);
  expect(rows[0]).toHaveClass("opened");
  expect(getComputedStyle(cells(rows[0])[0]).borderLeftStyle).toBe("none");
  expect(getComputedStyle(rows[0]).boxShadow).not.toBe("none");
});

/** Whether `element` and its ancestors are displayed (not `display: none`). */
const displayed = (element: Element | null): boolean =>
  element === null || (getComputedStyle(element).display !== "none" && displayed(element.parentElement));

/** Asserts `element`'s `side` border is a solid line, `width` wide, in the system colour `colour`. */
function expectEdge(element: Element, colour: string, side: "top" | "bottom" = "top", width = "1px") {
  const style = getComputedStyle(element);
  const at = (property: string) => style.getPropertyValue(`border-${side}-${property}`);
  expect(at("style")).toBe("solid");
  expect(at("width")).toBe(width);
  expect(at("color")).toBe(systemColour(colour, "color"));
}

/** The window on 3 supplier invoices with the print question open (as Ctrl+P opens it). */
async function printQuestion(): Promise<HTMLElement> {
  await windowOnInvoices();
  void printer.request();
  return screen.findByRole("dialog", { name: "Print supplier invoices" });
}

for (const scheme of ["light", "dark"] as const) {
  test(`in forced colours (${scheme} system theme) the print question keeps its edges, text, choice and focus`, async () => {
    await commands.emulateColours("active", scheme);
    const dialog = await printQuestion();
    const text = systemColour("CanvasText", "color");
    const canvas = systemColour("Canvas");
    expect(text).not.toBe(canvas);

    // Its shadow is gone: an edge in the text colour marks the dialog off the list behind.
    expect(getComputedStyle(dialog).boxShadow).toBe("none");
    expectEdge(dialog, "CanvasText");
    expect(getComputedStyle(dialog).backgroundColor).toBe(canvas);
    expect(getComputedStyle(dialog).color).toBe(text);
    const which = screen.getByRole("group", { name: "What to print" });
    expectEdge(which, "CanvasText");
    for (const label of which.querySelectorAll("label")) expect(getComputedStyle(label).color).toBe(text);

    // The choice is the radio's own mark, drawn by the system, not a colour of Workdesk's.
    const page = screen.getByRole("radio", { name: "This page (3 rows)" });
    const all = screen.getByRole("radio", { name: "All 3 rows, every page" });
    expect(page).toBeChecked();
    expect(all).not.toBeChecked();
    for (const radio of [page, all]) {
      expect(getComputedStyle(radio).appearance).toBe("auto");
      expect(getComputedStyle(radio).forcedColorAdjust).not.toBe("none");
    }

    // Both buttons keep an edge in the button text colour, their words unlike their background.
    const print = screen.getByRole("button", { name: "Print…" });
    const cancel = screen.getByRole("button", { name: "Cancel" });
    for (const button of [print, cancel]) {
      expectEdge(button, "ButtonText");
      expect(getComputedStyle(button).color).toBe(systemColour("ButtonText", "color"));
      expect(getComputedStyle(button).color).not.toBe(getComputedStyle(button).backgroundColor);
    }

    // The keyboard focus: an outline in the highlight colour, on the button and back on the choice.
    await userEvent.keyboard("{Tab}");
    expect(print).toHaveFocus();
    for (const focused of [print, page]) {
      const outline = getComputedStyle(focused);
      expect(outline.outlineStyle).toBe("solid");
      expect(outline.outlineWidth).toBe("2px");
      expect(outline.outlineColor).toBe(systemColour("Highlight", "color"));
      if (focused === print) await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
    }
    expect(page).toHaveFocus();

    await commands.saveScreenshot(`forced-colors-print-question-${scheme}`);
  });

  test(`in forced colours (${scheme} system theme) the printed list shows its heading, headers and rows in system colours`, async () => {
    const dialog = await printQuestion();
    await userEvent.click(within(dialog).getByRole("button", { name: "Print…" }));
    const table = await screen.findByTestId("print-table");
    await commands.emulateColours("active", scheme, "print");
    expect(matchMedia("print").matches).toBe(true);
    expect(matchMedia("(forced-colors: active)").matches).toBe(true);
    const text = systemColour("CanvasText", "color");

    // Only the printed table is shown: not the list's tools, its screen table or its pager.
    expect(displayed(table)).toBe(true);
    expect(displayed(screen.getByRole("grid", { hidden: true }))).toBe(false);
    expect(displayed(document.querySelector(".list-tools"))).toBe(false);
    expect(displayed(document.querySelector(".pager"))).toBe(false);

    // The heading: the workspace and the list in bold (not a colour), all of it in the text colour.
    const heading = table.querySelector<HTMLElement>(".print-heading th")!;
    expect(heading.textContent?.replace(/\s+/g, " ").trim()).toMatch(/^Acme S\.A\.S\. Supplier invoices — 3 supplier invoices Printed /);
    for (const part of heading.querySelectorAll("span")) expect(getComputedStyle(part).color).toBe(text);
    for (const part of heading.querySelectorAll(".workspace, .view")) expect(getComputedStyle(part).fontWeight).toBe("700");

    // The column headers: bold, over a line twice the rows' width; every row ruled off in the text colour.
    const [headers, ...rows] = [...table.querySelectorAll("tr")].slice(1);
    expect(rows).toHaveLength(3);
    for (const header of headers.querySelectorAll("th")) {
      expect(getComputedStyle(header).fontWeight).toBe("700");
      expect(getComputedStyle(header).color).toBe(text);
      expectEdge(header, "CanvasText", "bottom", "2px");
    }
    for (const row of rows)
      for (const cell of row.querySelectorAll("td")) {
        expect(getComputedStyle(cell).color).toBe(text);
        expect(getComputedStyle(cell).color).not.toBe(getComputedStyle(cell).backgroundColor);
        expectEdge(cell, "CanvasText", "bottom");
      }
    // Amounts are told apart by their place (right-aligned), not by a colour.
    const total = [...headers.querySelectorAll("th")].findIndex((th) => th.textContent === "Total");
    expect(getComputedStyle(rows[0].querySelectorAll("td")[total]).textAlign).toBe("right");

    await commands.saveScreenshot(`forced-colors-printed-list-${scheme}`);
  });
}

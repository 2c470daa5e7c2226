// Windows High Contrast (`forced-colors: active`), rendered for real: in
// Chromium (the engine of WebView2, Workdesk's webview on Windows) with
// forced colours emulated, the window on a list of supplier invoices. Forced
// colours drop the backgrounds and box shadows that mark the selected rows,
// the opened row and the focused row elsewhere; each must stay visible in
// system colours. Screenshots in both system themes are saved with the
// end-to-end tests' ones.
import { afterEach, expect, test } from "vitest";
import { commands, userEvent } from "vitest/browser";
import { cleanup, render, screen } from "@testing-library/svelte";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { emit } from "@tauri-apps/api/event";
import App from "../../src/App.svelte";
import "../../src/app.css";
import { session } from "../../src/lib/session.svelte";
import { acme, serviceStatus } from "../fixtures";
import { answerRead, serviceState } from "../fixtures/reads";
import { recordPage } from "../fixtures/records";
import { windowOn } from "../fixtures/window";

declare module "vitest/browser" {
  interface BrowserCommands {
    emulateColours: (forced: "active" | "none", scheme: "light" | "dark") => Promise<void>;
    saveScreenshot: (name: string) => Promise<void>;
  }
}

afterEach(async () => {
  cleanup();
  clearMocks();
  session.reset();
  await commands.emulateColours("none", "light");
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

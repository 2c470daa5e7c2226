// One huge value (megabytes of text in a field) must not stall the window:
// cells, tooltips and the details show its first characters; the details
// offer the whole value (Show all) and copy it whole; the table copies it
// whole too.
import { describe, expect, test, vi } from "vitest";
import { screen, within } from "@testing-library/svelte";
import { SHOWN_CHARS, formatValue } from "../src/lib/fields";
import { invoiceRecord, recordPage, renderList } from "./fixtures/records";

const HUGE = "Ñandú ".repeat(1_000_000); // 6,000,000 characters

describe("a value of millions of characters", () => {
  test("is cut for the screen, and kept whole beside", () => {
    const shown = formatValue(undefined, "notes", HUGE);
    expect(shown.text.length).toBe(SHOWN_CHARS + 1);
    expect(shown.text.endsWith("…")).toBe(true);
    expect(shown.title.length).toBeLessThanOrEqual(SHOWN_CHARS + 1);
    expect(shown.full).toBe(HUGE);
    const json = formatValue(undefined, "custom_fields", { notes: HUGE });
    expect(json.text.length).toBe(SHOWN_CHARS + 1);
    expect(json.full).toBe(JSON.stringify({ notes: HUGE }));
    // Short values are untouched.
    expect(formatValue(undefined, "name", "Peña").full).toBeUndefined();
  });

  test("shows its start in the table and the details, whole on Show all, copied whole", async () => {
    const { user, container } = await renderList({
      list: (view) => recordPage(view.page, 45, 20, (n) => invoiceRecord(n, n === 1 ? { name: HUGE } : {})),
      get: () => invoiceRecord(1, { name: HUGE, legacy_notes: HUGE }),
    });
    const cell = container.querySelector("tbody tr[data-id] th")!;
    expect(cell.textContent!.length).toBeLessThanOrEqual(SHOWN_CHARS + 1);
    expect((cell.getAttribute("title") ?? "").length).toBeLessThanOrEqual(SHOWN_CHARS + 1);

    await user.click(cell);
    const panel = await screen.findByRole("dialog");
    await vi.waitFor(() => expect(within(panel).getAllByRole("button", { name: "Show all" })).toHaveLength(2));
    const name = panel.querySelector("[data-field='name'] dd")!;
    expect(name.textContent).toContain("First 2,000 of 6,000,000 characters.");
    expect(name.textContent!.length).toBeLessThan(SHOWN_CHARS + 200);

    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(within(name as HTMLElement).getByRole("button", { name: "Copy whole value" }));
    expect(writeText).toHaveBeenCalledWith(HUGE);
    expect(within(name as HTMLElement).getByRole("status")).toHaveTextContent("Copied.");

    await user.click(within(name as HTMLElement).getByRole("button", { name: "Show all" }));
    expect(within(name as HTMLElement).getByRole("textbox", { name: "Whole value" })).toHaveValue(HUGE);
  });
});

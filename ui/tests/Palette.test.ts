// The command palette (components/palette/): what it offers empty and as
// the user types, in groups under headings; the records Rust finds, each
// list saying whether the service or the saved records answered; the
// keyboard alone moves and opens; an older answer that arrives late never
// replaces a newer one.
import { describe, expect, test, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import CommandPalette from "../src/components/palette/CommandPalette.svelte";
import { RecordSearch, matchesText } from "../src/components/palette/palette.svelte";
import type { PaletteAnswer, PaletteGroup, PaletteView, RecentRecord } from "../src/lib/bindings";
import { sectionsOf, type Screen } from "../src/lib/sections";
import { schemas } from "./fixtures/forms";

const ACME = "11111111-1111-4111-8111-111111111111";
const OPTICA = "22222222-2222-4222-8222-222222222222";

function customers(results: [string, string][], source: PaletteGroup["source"] = { kind: "service" }, count = results.length): PaletteGroup {
  return {
    resource: "customer",
    source,
    count,
    results: results.map(([id, title]) => ({ id, title, detail: [{ field: "document_number", value: "900111222" }] })),
    error: null,
  };
}

function answer(sequence: number, groups: PaletteGroup[]): PaletteAnswer {
  return { sequence, superseded: false, too_short: false, min_chars: 2, groups };
}

type Search = (text: string) => PaletteAnswer | Promise<PaletteAnswer>;

/** The palette over a mocked Rust: `search` answers `palette_search`; what it opened and ran. */
function open(search: Search, views: PaletteView[] = [], recent: RecentRecord[] = []) {
  const asked: string[] = [];
  mockIPC((cmd, args) => {
    if (cmd === "palette_views") return views;
    if (cmd === "recent_records") return recent;
    if (cmd === "palette_search") {
      const text = (args as { text: string }).text;
      asked.push(text);
      return search(text);
    }
    throw new Error(`unexpected command ${cmd}`);
  });
  const went: Screen[] = [];
  const ran: string[] = [];
  const onclose = vi.fn();
  render(CommandPalette, {
    props: { schemas, sections: sectionsOf(schemas), listShown: false, go: (s: Screen) => went.push(s), onmenu: (id: string) => ran.push(id), onclose },
  });
  const input = screen.getByRole("combobox", { name: "Name, number, section or command" });
  return { asked, went, ran, onclose, input, user: userEvent.setup() };
}

const groupNames = () => screen.queryAllByRole("group").map((g) => g.getAttribute("aria-label"));
const active = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-activedescendant") ?? "")?.textContent?.trim();

describe("the command palette", () => {
  test("opens on its input; empty, it offers the sections and the commands, in groups", async () => {
    const { input, asked } = open(() => answer(1, []));
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole("dialog", { name: "Find a record, a section or a command" })).toBeInTheDocument();
    expect(groupNames()).toEqual(["Sections", "Commands"]);
    const sections = within(screen.getByRole("group", { name: "Sections" })).getAllByRole("option");
    expect(sections.map((o) => o.textContent?.trim())).toContain("Preferences");
    // Export… only over a list.
    const commands = within(screen.getByRole("group", { name: "Commands" })).getAllByRole("option").map((o) => o.textContent);
    expect(commands.some((c) => c?.includes("New task"))).toBe(true);
    expect(commands.some((c) => c?.includes("Export"))).toBe(false);
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(asked).toEqual([]);
  });

  test("empty, the records opened last come first, newest first; typing hides them", async () => {
    const recent: RecentRecord[] = [
      { resource: "customer", result: { id: OPTICA, title: "Acme Óptica", detail: [] }, opened_at: "2026-11-28T10:00:00Z" },
      { resource: "task", result: { id: ACME, title: "Call Acme", detail: [{ field: "status", value: "Pending" }] }, opened_at: "2026-11-28T09:00:00Z" },
    ];
    const { input, user, went } = open(() => answer(1, []), [], recent);
    const group = await screen.findByRole("group", { name: "Opened recently" });
    expect(groupNames()).toEqual(["Opened recently", "Sections", "Commands"]);
    expect(within(group).getAllByRole("option").map((o) => o.textContent?.trim())).toEqual(["Acme Óptica customer", "Call Acme task · Pending"]);
    await user.keyboard("{Enter}");
    expect(went).toEqual([{ kind: "list", resource: "customer", link: { record: OPTICA } }]);
    await user.type(input, "pref");
    await waitFor(() => expect(groupNames()).toEqual(["Sections", "Commands"]));
  });

  test("typed words narrow the sections, views and commands, accents aside", async () => {
    const views: PaletteView[] = [{ resource: "task", name: "Overdue" }];
    const { input, user } = open(() => answer(1, []), views);
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, "overd");
    await waitFor(() => expect(groupNames()).toEqual(["Saved views"]));
    expect(screen.getByRole("option", { name: /Overdue/ })).toHaveTextContent("Tasks");
    expect(matchesText("Óptica Álvarez", "optica alv")).toBe(true);
    expect(matchesText("Óptica Álvarez", "optica zz")).toBe(false);
  });

  test("records come in a group per list, each saying where they come from; arrows and Enter open one", async () => {
    const { input, user, asked, went, onclose } = open(() =>
      answer(1, [customers([[ACME, "Acme Logística S.A."], [OPTICA, "Acme Óptica"]], { kind: "service" }, 7)]),
    );
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, "acme");
    const group = await screen.findByRole("group", { name: "Customers, found by the service" });
    // One search per pause in typing, never one per key.
    expect(asked).toEqual(["acme"]);
    expect(within(group).getAllByRole("option").map((o) => o.textContent?.trim())).toEqual([
      "Acme Logística S.A. 900111222",
      "Acme Óptica 900111222",
    ]);
    expect(screen.getByText("service")).toBeInTheDocument();
    expect(screen.getByText("2 of 7")).toBeInTheDocument();
    expect(active(input)).toBe("Acme Logística S.A. 900111222");
    await user.keyboard("{ArrowDown}");
    expect(active(input)).toBe("Acme Óptica 900111222");
    await user.keyboard("{ArrowDown}{ArrowUp}");
    expect(active(input)).toBe("Acme Óptica 900111222");
    await user.keyboard("{Enter}");
    expect(onclose).toHaveBeenCalledOnce();
    expect(went).toEqual([{ kind: "list", resource: "customer", link: { record: OPTICA } }]);
  });

  test("the option under a still pointer does not take the keyboard's choice; a real move of the pointer does", async () => {
    const { input, user, went } = open(() => answer(1, [customers([[ACME, "Acme Logística S.A."], [OPTICA, "Acme Óptica"]])]));
    await user.type(input, "acme");
    await screen.findByRole("group", { name: "Customers, found by the service" });
    const [first, second] = screen.getAllByRole("option");
    // The pointer rests over the first option.
    await fireEvent.mouseMove(first, { screenX: 40, screenY: 300 });
    expect(active(input)).toBe("Acme Logística S.A. 900111222");
    await user.keyboard("{ArrowDown}");
    expect(active(input)).toBe("Acme Óptica 900111222");
    // WebKit's mousemove when the list scrolls under the pointer, which stayed where it was.
    await fireEvent.mouseMove(first, { screenX: 40, screenY: 300 });
    expect(active(input)).toBe("Acme Óptica 900111222");
    await user.keyboard("{Enter}");
    expect(went).toEqual([{ kind: "list", resource: "customer", link: { record: OPTICA } }]);
    // The pointer moved: the option under it is the active one.
    await fireEvent.mouseMove(second, { screenX: 40, screenY: 330 });
    await fireEvent.mouseMove(first, { screenX: 40, screenY: 300 });
    expect(active(input)).toBe("Acme Logística S.A. 900111222");
  });

  test("a list answered from the saved records says so, and why", async () => {
    const { input, user } = open(() =>
      answer(1, [customers([[ACME, "Acme Logística S.A."]], { kind: "saved", because: "keep_reserve", saved_at: null })]),
    );
    await user.type(input, "acme");
    await screen.findByRole("group", { name: "Customers, found in the records saved on this computer" });
    expect(screen.getByText("saved")).toHaveAttribute("title", expect.stringContaining("last 10 %"));
    expect(screen.getByText(/Some lists were searched in the saved records only/)).toBeInTheDocument();
  });

  test("Enter on a command runs the menu bar's action", async () => {
    const { input, user, ran } = open(() => answer(1, []));
    await user.type(input, "work off");
    await waitFor(() => expect(active(input)).toMatch(/^Work offline/));
    await user.keyboard("{Enter}");
    expect(ran).toEqual(["work_offline"]);
  });

  test("Escape closes it", async () => {
    const { input, user, onclose } = open(() => answer(1, []));
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(onclose).toHaveBeenCalledOnce();
  });

  test("an older answer arriving after a newer one is not shown", async () => {
    let releaseFirst: (a: PaletteAnswer) => void = () => {};
    let settled = false;
    const first = new Promise<PaletteAnswer>((resolve) => (releaseFirst = resolve)).then((a) => {
      settled = true;
      return a;
    });
    const { input, user, asked } = open((text) =>
      text === "ac" ? first : answer(2, [customers([[OPTICA, "Acme Óptica"]])]),
    );
    await user.type(input, "ac");
    await waitFor(() => expect(asked).toEqual(["ac"]));
    await user.type(input, "me");
    await screen.findByRole("option", { name: /Acme Óptica/ });
    // The first search answers last (Rust did not mark it superseded): ignored.
    releaseFirst(answer(1, [customers([[ACME, "Acme Logística S.A."]])]));
    // Checked again once its answer has gone through (waitFor checks on a later task).
    await waitFor(() => expect(settled).toBe(true));
    expect(screen.queryByRole("option", { name: /Logística/ })).toBeNull();
    expect(screen.getByRole("option", { name: /Acme Óptica/ })).toBeInTheDocument();
  });

  test("a search shows only the newest answer, and none Rust superseded", () => {
    const search = new RecordSearch(async () => answer(0, []), 0);
    search.take(answer(3, [customers([[ACME, "Newer"]])]));
    search.take(answer(2, [customers([[OPTICA, "Older"]])]));
    search.take({ ...answer(4, [customers([[OPTICA, "Superseded"]])]), superseded: true });
    expect(search.answer?.groups[0].results[0].title).toBe("Newer");
  });
});

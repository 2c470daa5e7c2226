// The leads board of 2,000 leads rendered for real, in Chromium (the
// engine of WebView2): its columns and first cards painted, the time from
// the board asked for to painted printed for BENCHMARKS.md (the measure
// `workdesk:board`; nothing here asserts a time), and its cards and their
// Move to… buttons seen in forced colours (a screenshot in each theme).
import { afterEach, expect, test } from "vitest";
import { commands } from "vitest/browser";
import { cleanup, render, screen, within } from "@testing-library/svelte";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import BoardView from "../../src/components/board/BoardView.svelte";
import "../../src/app.css";
import type { Board, BoardCard } from "../../src/lib/bindings";

afterEach(async () => {
  cleanup();
  clearMocks();
  await commands.emulateColours("none", "light");
});

const STATUSES = ["prospecto", "contactado", "en negociación", "propuesta enviada", "ganado", "perdido", "en pausa"];

/** A board of `leads` leads, as Rust groups them (newest first, a column per status seen). */
function board(leads: number): Board {
  const columns = STATUSES.map((status) => ({ status, cards: [] as BoardCard[] }));
  for (let n = 0; n < leads; n++) {
    columns[n % STATUSES.length].cards.push({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      name: n % 3 === 0 ? `Compañía ${n} S.A.S.` : null,
      named_by: n % 3 === 0 ? "company" : null,
      source: `Feria ${n % 40}`,
      user_member: "22222222-2222-4222-8222-222222222222",
      created_at: "2026-11-02T10:00:00Z",
      updated_at: null,
      change: n === 7 ? { id: 1, state: "needs_you", conflict: true } : n === 8 ? { id: 2, state: "waiting", conflict: false } : null,
    });
  }
  return { columns, statuses: STATUSES, shown: leads, leads, cut: null, source: { kind: "service" }, at: "2026-11-28T10:00:00Z", cards_shown: 30 };
}

test("2,000 leads: a column per status, its first 30 cards painted, the time printed", async () => {
  performance.clearMeasures();
  const answer = board(2_000);
  mockIPC((cmd) => {
    if (cmd === "lead_board") return answer;
    if (cmd === "lead_board_changes") return [];
    throw new Error(`unexpected ${cmd}`);
  });
  render(BoardView, { props: { onlist: () => {}, onoutbox: () => {} } });
  await screen.findByText("Compañía 0 S.A.S.");
  const first = screen.getByRole("region", { name: /^prospecto/ });
  const step = answer.cards_shown;
  expect(first.querySelectorAll("li.card")).toHaveLength(step);
  expect(within(first).getByRole("button", { name: `Show ${step} more` })).toBeInTheDocument();
  await expect.poll(() => performance.getEntriesByName("workdesk:board").length).toBe(1);
  const [measure] = performance.getEntriesByName("workdesk:board");
  console.log(`board of 2,000 leads painted in ${measure.duration.toFixed(1)} ms (request to painted, mocked IPC, Chromium)`);
  for (const scheme of ["light", "dark"] as const) {
    await commands.emulateColours("active", scheme);
    const card = document.querySelector<HTMLElement>("li.card")!;
    expect(getComputedStyle(card).borderTopStyle).toBe("solid");
    await commands.saveScreenshot(`board-forced-colours-${scheme}`);
  }
});

// The leads board (BoardView): columns as Rust gives them, with their
// counts; a card moved from the keyboard with its "Move to…" button is one
// lead edit (`patch_lead` with the new status), sent once even when asked
// twice, the card in its new column saying whether it was sent or waits in
// the outbox; a refused move puts the card back, saying why.
import { describe, expect, test } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import BoardView from "../src/components/board/BoardView.svelte";
import type { Board, BoardCard, LeadPatch } from "../src/lib/bindings";
import { recordsChanged } from "../src/lib/records-changed";
import { ipcHandler, queued, sent, throws, uiError } from "./fixtures/forms";

const ACME = "11111111-1111-4111-8111-000000000001";
const ANDREA = "11111111-1111-4111-8111-000000000002";
const FAIR = "11111111-1111-4111-8111-000000000003";

function card(id: string, fields: Partial<BoardCard> = {}): BoardCard {
  return { id, name: null, named_by: null, source: null, user_member: null, created_at: "2026-11-02T10:00:00Z", updated_at: null, change: null, ...fields };
}

function board(): Board {
  return {
    columns: [
      { status: "en negociación", cards: [card(ACME, { name: "Acme S.A.", named_by: "company", source: "Web" }), card(ANDREA, { name: "Andrea Gómez", named_by: "person" })] },
      { status: "ganado", cards: [] },
      { status: null, cards: [card(FAIR, { source: "Feria" })] },
    ],
    statuses: ["en negociación", "ganado"],
    shown: 3,
    leads: 3,
    cut: null,
    source: { kind: "service" },
    at: "2026-11-28T10:00:00Z",
    cards_shown: 100,
  };
}

/** The cards' names in the column headed `status`. */
function column(status: string): HTMLElement {
  return screen.getByRole("region", { name: new RegExp(`^${status}`) });
}

function cardNames(status: string): string[] {
  return [...column(status).querySelectorAll(".card .name")].map((n) => n.textContent ?? "");
}

function serve(patch: (args: Record<string, unknown>) => unknown, answer: Board = board()) {
  const { handler, calls } = ipcHandler({ lead_board: () => answer, lead_board_changes: () => [], patch_lead: patch });
  mockIPC(handler);
  return { patches: () => calls.filter(([cmd]) => cmd === "patch_lead").map(([, a]) => a as { id: string; patch: LeadPatch }) };
}

async function shown() {
  render(BoardView, { props: { onlist: () => {}, onoutbox: () => {} } });
  await screen.findByText("Acme S.A.");
}

/** Moves `name` to `to` from the keyboard: Tab to its Move to…, Enter, arrows, Enter. */
async function moveByKeyboard(user: ReturnType<typeof userEvent.setup>, name: string, to: string) {
  const toggle = screen.getByRole("button", { name: `Move to… (${name})` });
  toggle.focus();
  await user.keyboard("{Enter}");
  const choices = screen.getByRole("list", { name: `Move ${name} to` });
  const buttons = within(choices).getAllByRole("button");
  expect(buttons[0]).toHaveFocus();
  while (document.activeElement?.textContent !== to) await user.keyboard("{ArrowDown}");
  await user.keyboard("{Enter}");
}

describe("the leads board", () => {
  test("shows a column per status Rust gives, with its count, and names each lead as its list does", async () => {
    serve(() => sent({}));
    await shown();
    expect(cardNames("en negociación")).toEqual(["Acme S.A.", "Andrea Gómez"]);
    expect(within(column("en negociación")).getByRole("heading").textContent).toContain("2 leads");
    expect(within(column("ganado")).getByText("No leads here.")).toBeInTheDocument();
    // A lead nothing names shows its source.
    expect(cardNames("No status")).toEqual(["Feria"]);
    expect(screen.getByText(/^From the service/)).toBeInTheDocument();
  });

  test("a column shows Rust's first cards, and Show more adds as many", async () => {
    serve(() => sent({}), { ...board(), cards_shown: 1 });
    await shown();
    expect(cardNames("en negociación")).toEqual(["Acme S.A."]);
    expect(within(column("en negociación")).getByRole("heading").textContent).toContain("2 leads");
    await userEvent.setup().click(within(column("en negociación")).getByRole("button", { name: "Show 1 more" }));
    expect(cardNames("en negociación")).toEqual(["Acme S.A.", "Andrea Gómez"]);
    expect(within(column("en negociación")).queryByRole("button", { name: /^Show/ })).toBeNull();
  });

  test("a card moved from the keyboard is patched once and lands in its column, said sent", async () => {
    const { patches } = serve(() => sent({}));
    await shown();
    const user = userEvent.setup();
    await moveByKeyboard(user, "Acme S.A.", "ganado");
    await waitFor(() => expect(cardNames("ganado")).toEqual(["Acme S.A."]));
    expect(cardNames("en negociación")).toEqual(["Andrea Gómez"]);
    expect(patches()).toEqual([{ id: ACME, patch: { status: "ganado" } }]);
    expect(await within(column("ganado")).findByText("Moved")).toBeInTheDocument();
    expect(screen.getByRole("status").textContent).toBe("Acme S.A. moved to ganado.");
    // The focus follows the card.
    expect(screen.getByRole("button", { name: "Move to… (Acme S.A.)" })).toHaveFocus();
  });

  test("to “No status” clears the status; offline the move waits in the outbox", async () => {
    const { patches } = serve(({ id }) => queued({ kind: "patch_lead", id: id as string, patch: { status: null }, based_on: {}, label: null }));
    await shown();
    const user = userEvent.setup();
    await moveByKeyboard(user, "Andrea Gómez", "No status");
    await waitFor(() => expect(cardNames("No status")).toEqual(["Andrea Gómez", "Feria"]));
    expect(patches()).toEqual([{ id: ANDREA, patch: { status: null } }]);
    expect(await within(column("No status")).findByText("Waiting to send")).toBeInTheDocument();
  });

  test("a move not yet answered is not sent again", async () => {
    let answer: (value: unknown) => void = () => {};
    const { patches } = serve(() => new Promise((resolve) => (answer = resolve)));
    await shown();
    const user = userEvent.setup();
    await moveByKeyboard(user, "Acme S.A.", "ganado");
    await waitFor(() => expect(cardNames("ganado")).toEqual(["Acme S.A."]));
    expect(within(column("ganado")).getByText("Moving…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move to… (Acme S.A.)" })).toBeDisabled();
    answer(sent({}));
    expect(await within(column("ganado")).findByText("Moved")).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
  });

  test("a refused move puts the card back and says why", async () => {
    serve(throws(uiError("invalid_input", "Status: too long.")));
    await shown();
    const user = userEvent.setup();
    await moveByKeyboard(user, "Acme S.A.", "ganado");
    expect(await within(column("en negociación")).findByText(/Not moved: Status: too long/)).toBeInTheDocument();
    expect(cardNames("en negociación")).toEqual(["Acme S.A.", "Andrea Gómez"]);
    expect(cardNames("ganado")).toEqual([]);
  });

  test("reads again when leads changed elsewhere, not for its own moves sent or delivered", async () => {
    const { handler, calls } = ipcHandler({ lead_board: () => board(), lead_board_changes: () => [] });
    mockIPC(handler);
    recordsChanged.show("demo");
    await shown();
    const reads = () => calls.filter(([cmd]) => cmd === "lead_board").length;
    expect(reads()).toBe(1);
    recordsChanged.apply({ workspace: "demo", resources: ["lead"], cause: "written" });
    recordsChanged.apply({ workspace: "demo", resources: ["lead"], cause: "sent_from_outbox" });
    expect(reads()).toBe(1);
    recordsChanged.apply({ workspace: "demo", resources: ["lead"], cause: "service_back" });
    await waitFor(() => expect(reads()).toBe(2));
  });

  test("Escape closes the menu and gives the focus back to its button, nothing sent", async () => {
    const { patches } = serve(() => sent({}));
    await shown();
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: "Move to… (Acme S.A.)" });
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
    expect(patches()).toEqual([]);
  });
});

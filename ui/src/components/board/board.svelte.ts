// The leads board's state: the board as Rust reads it (`lead_board`:
// columns, their order, the statuses seen, the limit, where the leads come
// from, all decided there), and the moves made on it. A move is a lead
// edit (`patch_lead` with the new status), the same one the lead form
// sends: Rust sends it at once when the service answers, or keeps it in the
// outbox when not, and the outbox sends it later exactly once. Each card
// says where its move stands (sending, sent, waiting to send, conflict);
// a card being moved cannot be moved again until its answer is in, so one
// action never sends twice.
import type { Board, BoardCard, CardChange, LeadChange } from "../../lib/bindings";
import { ipc, uiError, type UiError } from "../../lib/ipc";

/** Where a card's move stands, as the card says it. */
export type Mark =
  | { kind: "moving" }
  | { kind: "sent" }
  | { kind: "queued" }
  | { kind: "conflict"; change: number }
  | { kind: "needs_you"; change: number }
  | { kind: "failed"; error: UiError };

/** What a move did, for the window to announce. */
export type Moved = { outcome: "sent" | "queued"; card: BoardCard; to: string | null } | null;

/** A card's mark from its edit in the outbox (Rust's `CardChange`). */
export function markOf(change: CardChange | null): Mark | null {
  if (!change) return null;
  switch (change.state) {
    case "waiting":
    case "sending":
      return { kind: "queued" };
    case "sent":
      return { kind: "sent" };
    case "needs_you":
      return change.conflict ? { kind: "conflict", change: change.id } : { kind: "needs_you", change: change.id };
  }
}

export class LeadBoard {
  board = $state.raw<Board | null>(null);
  loading = $state(false);
  failure = $state<UiError | null>(null);
  /** Marks of this session's moves, by lead id (over those of the outbox). */
  marks = $state<Record<string, Mark>>({});
  /** Counts the reads: only the latest one's answer is shown. */
  #reads = 0;

  /** Reads the board (again). */
  async load() {
    const mine = ++this.#reads;
    this.loading = true;
    this.failure = null;
    try {
      const board = await ipc.leadBoard();
      if (mine !== this.#reads) return;
      this.board = board;
      // A move kept in the outbox is marked by the outbox's own word now (a
      // conflict met since shows); those sent, failed or unanswered stay.
      const kept: Record<string, Mark> = {};
      for (const [id, mark] of Object.entries(this.marks)) if (mark.kind !== "queued") kept[id] = mark;
      this.marks = kept;
    } catch (e) {
      if (mine === this.#reads) this.failure = uiError(e);
    } finally {
      if (mine === this.#reads) this.loading = false;
    }
  }

  /** The mark a card shows: this session's move, else its edit in the outbox. */
  mark(card: BoardCard): Mark | null {
    return this.marks[card.id] ?? markOf(card.change);
  }

  /** The outbox's counts changed: each card's edit is asked again (saved data only, no request). */
  async refreshChanges() {
    const board = this.board;
    if (!board) return;
    let changes: LeadChange[];
    try {
      changes = await ipc.leadBoardChanges();
    } catch {
      return;
    }
    if (this.board !== board) return;
    const byLead = new Map(changes.map((c) => [c.lead, c]));
    const marks = { ...this.marks };
    let changed = false;
    const columns = board.columns.map((column) => ({
      ...column,
      cards: column.cards.map((card) => {
        const now = byLead.get(card.id.toLowerCase())?.change ?? null;
        if (JSON.stringify(now) === JSON.stringify(card.change)) return card;
        changed = true;
        if (marks[card.id]?.kind !== "moving") delete marks[card.id];
        return { ...card, change: now };
      }),
    }));
    if (changed) {
      this.marks = marks;
      this.board = { ...board, columns };
    }
  }

  /** The column holding lead `id`, and its card. */
  #find(board: Board, id: string): { column: number; card: BoardCard } | null {
    for (const [index, column] of board.columns.entries()) {
      const card = column.cards.find((c) => c.id === id);
      if (card) return { column: index, card };
    }
    return null;
  }

  /** `board` with lead `id`'s card at the top of the column of `to`. */
  #placed(board: Board, id: string, to: string | null): Board {
    const found = this.#find(board, id);
    if (!found) return board;
    let columns = board.columns.map((column) => ({ ...column, cards: column.cards.filter((c) => c.id !== id) }));
    const target = columns.findIndex((c) => c.status === to);
    if (target === -1) columns = [...columns, { status: to, cards: [found.card] }];
    else columns[target] = { ...columns[target], cards: [found.card, ...columns[target].cards] };
    return { ...board, columns };
  }

  /**
   * Moves lead `id` to the column of status `to` (null: no status): the
   * card moves at once and says "Moving…"; Rust's answer says whether it
   * was sent or waits in the outbox. An error puts the card back, saying
   * why. Nothing is sent while the card's previous move is unanswered.
   */
  async move(id: string, to: string | null): Promise<Moved> {
    const board = this.board;
    if (!board || this.marks[id]?.kind === "moving") return null;
    const found = this.#find(board, id);
    if (!found || board.columns[found.column].status === to) return null;
    const from = board.columns[found.column].status;
    this.board = this.#placed(board, id, to);
    this.marks = { ...this.marks, [id]: { kind: "moving" } };
    try {
      const written = await ipc.patchLead(id, { status: to });
      const mark: Mark = written.outcome === "sent" ? { kind: "sent" } : { kind: "queued" };
      this.marks = { ...this.marks, [id]: mark };
      return { outcome: written.outcome, card: found.card, to };
    } catch (e) {
      if (this.board) this.board = this.#placed(this.board, id, from);
      this.marks = { ...this.marks, [id]: { kind: "failed", error: uiError(e) } };
      return null;
    }
  }
}

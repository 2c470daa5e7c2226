// The saved page the user is likely to turn to next, read ahead while
// "Work offline" is on: the one after the page on screen, or the one
// before it once the user turns pages back. "Next page" (or "Previous
// page") then shows it at once (nothing to wait for but the paint), and
// reads the page as every page is read. Working offline, Rust
// sends nothing to the service, so reading ahead costs only this computer's
// saved data; a read ahead that finds nothing saved keeps nothing.
import type { Answer, ListView, Page, ResourceName } from "../../lib/bindings";
import { ipc, type JsonRecord } from "../../lib/ipc";
import { painted } from "../../lib/marks";
import { session } from "../../lib/session.svelte";

/** A saved answer to a page of a list. */
export type SavedAnswer = Extract<Answer<Page<JsonRecord>>, { kind: "saved" }>;

/** The view a read ahead is for, as one string (its page included). */
const keyOf = (view: ListView) => JSON.stringify(view);

export class SavedAhead {
  #key: string | null = null;
  #answer: SavedAnswer | null = null;
  /** The list's view read ahead from last (its page left out, as one string), that page, and which way pages were last turned (1 forward, -1 back). */
  #turning: { list: string; page: number; by: 1 | -1 } | null = null;

  /**
   * Reads ahead (without remembering it) the page of `resource` after
   * `view.page`, or the one before it when the pages of this view were
   * last turned back; nothing past the first or the last (`pageCount`).
   */
  read(resource: ResourceName, view: ListView, pageCount: number) {
    this.drop();
    const list = keyOf({ ...view, page: 0 });
    const last = this.#turning?.list === list ? this.#turning : null;
    const by = last === null || view.page > last.page ? 1 : view.page < last.page ? -1 : last.by;
    this.#turning = { list, page: view.page, by };
    const page = view.page + by;
    if (page < 1 || page > pageCount) return;
    const next = { ...view, page };
    const key = keyOf(next);
    this.#key = key;
    ipc
      .readList(resource, next, false, (answer) => {
        if (answer.kind === "saved" && this.#key === key) this.#answer = answer;
      })
      .catch(() => {
        // Nothing read ahead: "Next page" reads as usual.
      });
  }

  /**
   * Working offline, once the page on screen is painted, reads the page
   * after it (or before it, turning back) ahead; `shown()`: that page's
   * view and the list's page count, or null when another load has begun
   * meanwhile.
   */
  readAfter(resource: ResourceName, shown: () => { view: ListView; pageCount: number } | null) {
    if (!session.workingOffline) return;
    void painted().then(() => {
      const now = shown();
      if (now && session.workingOffline) this.read(resource, now.view, now.pageCount);
    });
  }

  /** The saved answer read ahead for exactly `view`, once, working offline; null when there is none (or no view: the list opens). */
  take(view: ListView | null): SavedAnswer | null {
    const answer = view !== null && session.workingOffline && this.#key === keyOf(view) ? this.#answer : null;
    this.drop();
    return answer;
  }

  /** Forgets what was read ahead (the records changed, or the list is gone). */
  drop() {
    this.#key = null;
    this.#answer = null;
  }
}

/** Whether `a` and `b` are the same saved answer (the read's own after the one read ahead adds nothing to show). */
export const sameSaved = (a: SavedAnswer, b: SavedAnswer): boolean => JSON.stringify(a) === JSON.stringify(b);

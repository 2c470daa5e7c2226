// The saved page after the one on screen, read ahead while "Work offline"
// is on: "Next page" then shows it at once (nothing to wait for but the
// paint), and reads the page as every page is read. Working offline, Rust
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

  /** Reads page `view.page + 1` of `resource` ahead (without remembering it), unless `view` is the last of `pageCount` pages. */
  read(resource: ResourceName, view: ListView, pageCount: number) {
    this.drop();
    if (view.page >= pageCount) return;
    const next = { ...view, page: view.page + 1 };
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
   * after it ahead; `shown()`: that page's view and the list's page count,
   * or null when another load has begun meanwhile.
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

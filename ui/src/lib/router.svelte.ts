// Which section the window shows, and going to another: asking first when
// a form holds unsent input (`guard`, lib/unsaved.svelte.ts), each
// section's scroll position kept, and the focus moved into the new section
// (its heading, else its first control) once its screen has loaded. The
// screens not shown at start load when first opened, each its own chunk.
import { tick } from "svelte";
import { isCurrent, type Screen } from "./sections";

/** `load` once: one promise, shared by every caller. */
const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | null = null;
  return () => (loading ??= load());
};

/** The lazily loaded screens, one promise each. */
export function screenLoaders() {
  return {
    // The lists (the largest part of the UI) load in a chunk of their own.
    list: once(() => import("../components/records/ListView.svelte")),
    task: once(() => import("../components/forms/TaskForm.svelte")),
    lead: once(() => import("../components/forms/LeadEditor.svelte")),
    stakeholder: once(() => import("../components/forms/StakeholderForm.svelte")),
    customer: once(() => import("../components/forms/CustomerView.svelte")),
    storage: once(() => import("../components/StorageView.svelte")),
    preferences: once(() => import("../components/PreferencesView.svelte")),
    workspaces: once(() => import("../components/WorkspacesView.svelte")),
    overview: once(() => import("../components/overview/OverviewView.svelte")),
    outbox: once(() => import("../components/OutboxView.svelte")),
    board: once(() => import("../components/board/BoardView.svelte")),
  };
}

export type ScreenLoaders = ReturnType<typeof screenLoaders>;

export class Router {
  /** The section on screen. */
  screen = $state<Screen>({ kind: "list", resource: "supplier_invoice" });
  readonly screens: ScreenLoaders;
  /** The content pane's scroll position in each section left (by the section's JSON). */
  readonly #scrolled = new Map<string, number>();
  readonly #main: () => HTMLElement | null;
  readonly #guard: (proceed: () => void) => void;

  /** `main`: the content pane; `guard`: does `proceed` once it may (after asking, if a form holds input). */
  constructor(main: () => HTMLElement | null, guard: (proceed: () => void) => void, screens: ScreenLoaders = screenLoaders()) {
    this.#main = main;
    this.#guard = guard;
    this.screens = screens;
  }

  /** Whether section `s` is on screen. */
  isCurrent(s: Screen): boolean {
    return isCurrent(s, this.screen);
  }

  /** Shows section `next`, asking first when a form on screen holds unsent input. */
  go(next: Screen) {
    // The section on screen again: nothing is replaced, only the focus moves.
    if (JSON.stringify(next) === JSON.stringify(this.screen)) this.goNow(next);
    else this.#guard(() => this.goNow(next));
  }

  /** Shows section `next` at once. */
  goNow(next: Screen) {
    const main = this.#main();
    if (main) this.#scrolled.set(JSON.stringify(this.screen), main.scrollTop);
    this.screen = next;
    // Move focus into the new section (its heading, else its first
    // control), for keyboard and screen-reader users: the button that was
    // clicked may be gone with the section it was in.
    // A screen loaded when first opened is awaited first.
    void this.screens[next.kind]()
      .catch(() => {})
      .then(tick)
      .then(() => {
        const main = this.#main();
        // Back where this section was left.
        if (main) main.scrollTop = this.#scrolled.get(JSON.stringify(next)) ?? 0;
        const heading = main?.querySelector<HTMLElement>("h2, h3");
        if (heading) {
          heading.tabIndex = -1;
          heading.focus();
        } else {
          main?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
        }
      });
  }
}

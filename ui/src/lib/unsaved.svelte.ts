// Forms holding what the user typed and has not sent yet (a create form
// with any input changed and nothing created; LeadEditor with unsaved
// changes). A form calls `holdUnsaved` while it initialises: it is listed
// while `holding()` is true and taken off when that turns false (emptied,
// sent) or the form is unmounted. Before leaving the screen (another
// section, another workspace, the demo), App asks whether to discard what
// `unsaved.first` holds, naming it, and "Keep editing" gives the focus back
// to the input the user was last in.
import { untrack } from "svelte";

/** A form holding typed-but-unsent input. */
export type HeldForm = {
  /** What the question calls it, in the language in use: "New task", "the lead you are editing". */
  name: () => string;
  /** Puts the focus back in the form: the input last focused, else its first control. */
  focus: () => void;
};

let held = $state.raw<HeldForm[]>([]);

/** The forms holding unsent input, in the order they started holding it. */
export const unsaved = {
  get forms(): readonly HeldForm[] {
    return held;
  },
  /** The form to ask about, if any. */
  get first(): HeldForm | null {
    return held[0] ?? null;
  },
};

const CONTROLS = "input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])";

/**
 * Lists the calling component's form while `holding()` is true (call it
 * while the component initialises: it uses effects, undone on unmount).
 * `root` is the form's element, where the focus goes back to.
 */
export function holdUnsaved(options: { name: () => string; holding: () => boolean; root: () => HTMLElement | null }) {
  let last: HTMLElement | null = null;
  const form: HeldForm = {
    name: options.name,
    focus: () => {
      const root = options.root();
      if (!root?.isConnected) return;
      if (last && last.isConnected && root.contains(last) && !last.matches(":disabled")) last.focus();
      else root.querySelector<HTMLElement>(CONTROLS)?.focus();
    },
  };

  // The input the user was last in.
  $effect(() => {
    const root = options.root();
    if (!root) return;
    const onfocusin = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) last = event.target;
    };
    root.addEventListener("focusin", onfocusin);
    return () => root.removeEventListener("focusin", onfocusin);
  });

  $effect(() => {
    if (!options.holding()) return;
    untrack(() => (held = [...held, form]));
    return () => untrack(() => (held = held.filter((f) => f !== form)));
  });
}

// Asking before leaving the screen (a section, a workspace, the demo) while
// a form holds what was typed and not sent (lib/unsaved.svelte.ts): the
// form, where the user was going, and the answer: discard and go on, or
// keep editing (the focus back in the form). LeaveDialog.svelte asks it.
import { tick } from "svelte";
import { unsaved, type HeldForm } from "./unsaved.svelte";

/** The question on screen: the form, its name, and what leaving does. */
export type Asking = { form: HeldForm; name: string; proceed: () => void };

export class LeaveQuestion {
  /** The question being asked, or null. */
  asking = $state<Asking | null>(null);
  readonly #focusKeep: () => void;

  /** `focusKeep`: focuses the question's "Keep editing", once drawn. */
  constructor(focusKeep: () => void) {
    this.#focusKeep = focusKeep;
  }

  /** Does `proceed` (which replaces the screen), after asking whether to discard what a form holds, if one does. */
  async leave(proceed: () => void) {
    const form = unsaved.first;
    if (!form) {
      proceed();
      return;
    }
    this.asking = { form, name: form.name(), proceed };
    await tick();
    this.#focusKeep();
  }

  /** The answer: discard and go on, or keep editing (the focus back in the form). */
  async answer(discard: boolean) {
    const question = this.asking;
    if (!question) return;
    this.asking = null;
    if (discard) {
      question.proceed();
    } else {
      await tick();
      question.form.focus();
    }
  }
}

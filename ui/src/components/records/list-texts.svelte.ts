// What a list says about itself, worked out from its state with
// list-messages.ts's rules: the count above the table, where its saved page
// came from, what its search could not cover, and why a view was refused.
import type { ResourceName } from "../../lib/bindings";
import { countText, otherProblems, savedText, searchErrorText, searchedWhenConnectedText, type ListError, type Shown, type Unsearched } from "./list-messages";

/** The part of a list's state its texts are made of (list-state.svelte.ts's `ListState`). */
export interface Said {
  readonly resource: ResourceName;
  readonly shown: Shown | null;
  readonly unsearched: Unsearched | null;
  readonly error: ListError | null;
  readonly conditionErrors: Record<number, string>;
}

export class ListTexts {
  readonly #list: Said;

  constructor(list: Said) {
    this.#list = list;
  }

  countText = $derived.by(() => countText(this.#list.resource, this.#list.shown, this.#list.unsearched));
  searchError = $derived.by(() => searchErrorText(this.#list.error));
  /** The search alone was refused: said beside the box, not above the list. */
  searchOnly = $derived.by(() => this.searchError !== "" && Object.keys(this.#list.error?.ui.field_errors ?? {}).every((key) => key === "search"));
  savedText = $derived.by(() => savedText(this.#list.shown));
  /** Over saved records: the related names only the service searches. */
  searchNote = $derived.by(() => searchedWhenConnectedText(this.#list.shown));
  otherProblems = $derived.by(() => otherProblems(this.#list.error));
  /** The view was refused, and not (only) for a condition the user can fix beside it. */
  viewRefused = $derived.by(
    () =>
      this.#list.error !== null &&
      this.#list.error.ui.kind === "invalid_input" &&
      (this.otherProblems.length > 0 || Object.keys(this.#list.conditionErrors).length === 0),
  );
}

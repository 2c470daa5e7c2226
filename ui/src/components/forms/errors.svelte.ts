// The messages of one form (TaskForm, StakeholderForm, LeadEditor): those
// beside its inputs (`errors`, shown by Field / FieldError) and those at its
// top (`problem` and `others`, shown by FormAlert). Checks inputs on blur
// (once the click that moved the focus is done) and while typing, checks
// them all before sending (so nothing invalid is sent), puts the service's
// 400 messages beside the inputs they name, and focuses the first marked
// input.
import { tick } from "svelte";
import { localError, type UiError } from "../../lib/ipc";
import { afterPress } from "../../lib/pointer";
import { splitFieldErrors } from "../../lib/validate";

export type FormInputs<K extends string> = {
  /** The form's inputs, in the order they are shown. */
  keys: readonly K[];
  /**
   * The message for input `key` as it stands, or null; a promise when the
   * check asks Rust (an answer about input that changed since is dropped).
   */
  check: (key: K) => string | null | Promise<string | null>;
  /** The element that gets the focus for `key`. */
  inputOf: (key: K) => HTMLElement | null | undefined;
};

export class FormErrors<K extends string> {
  errors = $state<Partial<Record<K, string>>>({});
  /** A problem of the whole form (top alert), and messages of no input. */
  problem = $state<UiError | null>(null);
  others = $state<string[]>([]);

  readonly #inputs: FormInputs<K>;
  /** Bumped whenever every message is set at once (a submit's check, the service's answer, clear). */
  #round = 0;
  /** Per input, the number of its latest check: an earlier one that answers late is dropped. */
  readonly #asked = new Map<K, number>();

  constructor(inputs: FormInputs<K>) {
    this.#inputs = inputs;
  }

  /** Marks `key` with `message`, or unmarks it when null. */
  set(key: K, message: string | null) {
    if (message) this.errors[key] = message;
    else delete this.errors[key];
  }

  /** Checks `key` again and marks it (or not) with the result, unless a later check or round came first. */
  async recheck(key: K) {
    const round = this.#round;
    const mine = (this.#asked.get(key) ?? 0) + 1;
    this.#asked.set(key, mine);
    const message = await this.#inputs.check(key);
    if (round === this.#round && this.#asked.get(key) === mine) this.set(key, message);
  }

  /**
   * The user left input `key`: checks it again, after the press that moved
   * the focus has ended. A message appearing at once would push the button
   * being clicked from under the pointer and lose the click; this way the
   * click lands (a submit then checks everything and says why it refuses).
   */
  blurred(key: K) {
    const round = this.#round;
    // When that click submitted the form, its check (or the service's
    // answer) has the last word.
    afterPress(() => {
      if (round === this.#round) void this.recheck(key);
    });
  }

  /** Once marked, the message follows the typing so it goes as soon as it is fixed. */
  follow(key: K) {
    if (this.errors[key]) void this.recheck(key);
  }

  /** Forgets every message. */
  clear() {
    this.#round++;
    this.errors = {};
    this.problem = null;
    this.others = [];
  }

  /**
   * Before sending: checks `keys` (all inputs unless given) and marks every
   * one that is wrong. When any is, says `nothingSent` at the top, focuses
   * the first and returns false.
   */
  async checkAll(nothingSent: string, keys: readonly K[] = this.#inputs.keys): Promise<boolean> {
    const round = ++this.#round;
    this.problem = null;
    this.others = [];
    const found: Partial<Record<K, string>> = {};
    const messages = await Promise.all(keys.map((key) => this.#inputs.check(key)));
    // Cleared or answered meanwhile: that has the last word.
    if (round !== this.#round) return false;
    keys.forEach((key, i) => {
      const message = messages[i];
      if (message) found[key] = message;
    });
    this.errors = found;
    if (Object.keys(found).length === 0) return true;
    this.problem = localError("invalid_input", nothingSent);
    await this.focusFirst();
    return false;
  }

  /** A service's invalid_input: its field messages beside the inputs, the rest at the top. */
  async showInvalid(error: UiError, label: (name: string) => string) {
    const split = splitFieldErrors(error.field_errors, this.#inputs.keys, label);
    this.#round++;
    this.errors = split.byField as Partial<Record<K, string>>;
    this.others = split.other;
    this.problem = error;
    await this.focusFirst();
  }

  async focusFirst() {
    await tick();
    const first = this.#inputs.keys.find((k) => this.errors[k]);
    if (first) this.#inputs.inputOf(first)?.focus();
  }
}

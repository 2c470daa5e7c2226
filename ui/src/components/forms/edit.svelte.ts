// Saving changes to an existing record from an edit form (LeadEditor), the
// companion of the create flow (create.svelte.ts): only the changed fields
// are sent, after every one of them is checked; the service's field errors
// go beside their inputs; a save whose outcome is unknown (timeout, a
// gateway's answer) offers "Check", which reloads the record and says which
// of the sent values it now holds. An answer about a record the form no
// longer shows (another was opened meanwhile) changes nothing. While the
// service cannot be reached Rust keeps the edit in the outbox instead
// (`queued`: sent later, compared with the service's copy first). Nothing
// typed is lost on any error.
import type { Pending, Written } from "../../lib/bindings";
import { localError, uiError, type UiError } from "../../lib/ipc";
import { FormErrors, type FormInputs } from "./errors.svelte";

/** What a save of `Made` (the record) sent: the changed keys and the patch. */
export type Sent<K extends string, Patch> = { id: string; keys: K[]; patch: Patch };

export type EditSpec<K extends string, Patch, Made> = FormInputs<K> & {
  /** The keys changed from the record as loaded (what a save sends; a promise when Rust says). */
  changed: () => K[] | Promise<K[]>;
  /** The patch of `keys` and the record's id, from the checked inputs (a promise when Rust builds it). */
  build: (keys: K[]) => { id: string; patch: Patch } | Promise<{ id: string; patch: Patch }>;
  /** Sends it, or has Rust keep it in the outbox while the service cannot be reached. */
  send: (id: string, patch: Patch) => Promise<Written<Made>>;
  /** The record as the service has it now (for "Check"). */
  reload: (id: string) => Promise<Made>;
  /** The keys of `sent` whose values `made` (the record read again) holds. */
  held: (made: Made, sent: Sent<K, Patch>) => K[] | Promise<K[]>;
  /** A key as the user reads it ("Status"). */
  label: (key: string) => string;
  /** The sentence for a record that no longer exists, after a save or a check. */
  gone: { afterSave: () => string; afterCheck: () => string };
  /** The sentence saying nothing was sent while inputs are marked. */
  nothingSent: () => string;
};

/** What "Check" found: every sent value saved, none, or some. */
export type Checked<K extends string, Made> =
  | { kind: "saved"; made: Made; keys: K[] }
  | { kind: "not_saved"; made: Made }
  | { kind: "some"; made: Made; held: K[]; notHeld: K[] };

export class EditFlow<K extends string, Patch, Made> extends FormErrors<K> {
  /** A save is being sent: the inputs are locked until its answer fills them. */
  saving = $state(false);
  /** A save whose outcome is unknown: its error and what it sent. */
  unknown = $state<{ error: UiError; sent: Sent<K, Patch> } | null>(null);
  checking = $state(false);
  /** A check that itself failed. */
  checkError = $state<UiError | null>(null);

  readonly #spec: EditSpec<K, Patch, Made>;
  /** Bumped whenever another record is opened: an answer about the one before changes nothing. */
  #opened = 0;

  constructor(spec: EditSpec<K, Patch, Made>) {
    super(spec);
    this.#spec = spec;
  }

  /** Another record is shown: what was pending about the one before is dropped. */
  opened() {
    this.#opened += 1;
    this.unknown = null;
    this.checkError = null;
    this.clear();
  }

  /**
   * Sends the changed fields: the saved record with the keys it changed;
   * or the edit Rust queued in the outbox, with what it sent; or null when
   * nothing was saved (the reason is on the form: marked inputs, an
   * unknown outcome to check, or a problem at the top) or the answer is
   * about a record no longer shown.
   */
  async save(): Promise<{ made: Made; keys: K[] } | { queued: Pending; keys: K[]; patch: Patch } | null> {
    const spec = this.#spec;
    if (this.saving) return null;
    const keys = await spec.changed();
    if (this.saving || keys.length === 0) return null;
    if (!(await this.checkAll(spec.nothingSent(), keys))) return null;
    const { id, patch } = await spec.build(keys);
    const ticket = this.#opened;
    this.saving = true;
    this.unknown = null;
    this.checkError = null;
    let written: Written<Made> | null = null;
    let error: UiError | null = null;
    try {
      written = await spec.send(id, patch);
    } catch (e) {
      error = uiError(e);
    } finally {
      this.saving = false;
    }
    if (ticket !== this.#opened) return null;
    if (written?.outcome === "sent") return { made: written.record, keys };
    if (written?.outcome === "queued") return { queued: written.change, keys, patch };
    if (error?.kind === "unknown_outcome") {
      this.unknown = { error, sent: { id, keys, patch } };
    } else if (error?.kind === "invalid_input") {
      await this.showInvalid(error, spec.label);
    } else if (error?.kind === "not_found") {
      this.problem = localError("not_found", spec.gone.afterSave());
    } else if (error) {
      this.problem = error;
    }
    return null;
  }

  /** After an unknown outcome: reloads the record and says which sent values it holds (null: see the form). */
  async checkOutcome(): Promise<Checked<K, Made> | null> {
    if (!this.unknown || this.checking) return null;
    const sent = this.unknown.sent;
    const { id, keys } = sent;
    const spec = this.#spec;
    const ticket = this.#opened;
    this.checking = true;
    this.checkError = null;
    try {
      const made = await spec.reload(id);
      if (ticket !== this.#opened) return null;
      const holds = await spec.held(made, sent);
      if (ticket !== this.#opened) return null;
      this.unknown = null;
      const held = keys.filter((key) => holds.includes(key));
      const notHeld = keys.filter((key) => !held.includes(key));
      if (notHeld.length === 0) return { kind: "saved", made, keys };
      return held.length === 0 ? { kind: "not_saved", made } : { kind: "some", made, held, notHeld };
    } catch (e) {
      const error = uiError(e);
      if (error.kind === "not_found") {
        this.unknown = null;
        this.problem = localError("not_found", spec.gone.afterCheck());
      } else {
        this.checkError = error;
      }
      return null;
    } finally {
      this.checking = false;
    }
  }
}

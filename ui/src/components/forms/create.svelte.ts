// Sending a new record from a create form (TaskForm, StakeholderForm):
// every input is checked first ("Nothing was sent…", first marked input
// focused), the service's field errors go beside their inputs, and a send
// whose outcome is unknown (timeout) holds sending back until "Check"
// (`checkOutcome`, shown by CreateOutcome.svelte) has looked the record up.
// While the service cannot be reached Rust keeps the record in the outbox
// instead (`queued`: sent later, exactly once). Nothing typed is lost on any
// error.
import type { Pending, ResourceName, Written } from "../../lib/bindings";
import { fieldLabel, resourceNamed } from "../../lib/fields";
import { t } from "../../lib/i18n.svelte";
import { uiError, type UiError } from "../../lib/ipc";
import { FormErrors, type FormInputs } from "./errors.svelte";

/** What "Check" found: the record and how that was confirmed, or the sentence saying it was not saved. */
export type Found<Made> = { created: Made; note: string } | { notSaved: string };

export type CheckResult = { kind: "not_saved"; text: string } | { kind: "failed"; error: UiError } | null;

export type CreateSpec<K extends string, Sent, Made> = FormInputs<K> & {
  /** The resource created ("task": "Nothing was sent. Fix the marked fields, then create the task."). */
  noun: ResourceName;
  /** What to send, from the checked inputs (a promise when Rust builds it). */
  build: () => Sent | Promise<Sent>;
  /** Sends it, or has Rust keep it in the outbox while the service cannot be reached. */
  send: (sent: Sent) => Promise<Written<Made>>;
  /** After an unknown outcome: looks up what was sent (at `sentAt`, ms since the epoch). */
  find: (sent: Sent, sentAt: number) => Promise<Found<Made>>;
  /** Called with each record shown as created (sent, or found by Check). */
  oncreated: (made: Made) => void;
};

export class CreateFlow<K extends string, Sent, Made> extends FormErrors<K> {
  busy = $state(false);
  created = $state<Made | null>(null);
  /** The change Rust queued in the outbox, to send when the service is back. */
  queued = $state<Pending | null>(null);
  /** How the shown record was confirmed, when it took a check. */
  createdNote = $state<string | null>(null);
  /** A send whose outcome is unknown: what was sent and when. */
  unknown = $state<{ error: UiError; sent: Sent; sentAt: number } | null>(null);
  checking = $state(false);
  checkResult = $state<CheckResult>(null);
  /** Sending again is held back until a check says the last send was not saved. */
  mustCheck = $derived(this.unknown !== null && this.checkResult === null);

  readonly #spec: CreateSpec<K, Sent, Made>;

  constructor(spec: CreateSpec<K, Sent, Made>) {
    super(spec);
    this.#spec = spec;
  }

  async submit(event: SubmitEvent) {
    event.preventDefault();
    if (this.busy || this.mustCheck) return;
    const spec = this.#spec;
    if (!(await this.checkAll(t("forms.nothing_sent", resourceNamed(spec.noun))))) return;
    const sent = await spec.build();
    this.busy = true;
    this.unknown = null;
    this.checkResult = null;
    const sentAt = Date.now();
    try {
      const written = await spec.send(sent);
      if (written.outcome === "sent") this.showCreated(written.record, null);
      else this.showKept(written.change);
    } catch (e) {
      const error = uiError(e);
      if (error.kind === "unknown_outcome") {
        this.unknown = { error, sent, sentAt };
      } else if (error.kind === "invalid_input") {
        await this.showInvalid(error, fieldLabel);
      } else {
        this.problem = error;
      }
    } finally {
      this.busy = false;
    }
  }

  showCreated(made: Made, note: string | null) {
    this.created = made;
    this.createdNote = note;
    this.unknown = null;
    this.checkResult = null;
    this.problem = null;
    this.others = [];
    this.#spec.oncreated(made);
  }

  showKept(change: Pending) {
    this.queued = change;
    this.unknown = null;
    this.checkResult = null;
    this.problem = null;
    this.others = [];
  }

  /** After an unknown outcome: was the record saved? */
  async checkOutcome() {
    if (!this.unknown || this.checking) return;
    const { sent, sentAt } = this.unknown;
    this.checking = true;
    try {
      const found = await this.#spec.find(sent, sentAt);
      if ("created" in found) this.showCreated(found.created, found.note);
      else this.checkResult = { kind: "not_saved", text: found.notSaved };
    } catch (e) {
      this.checkResult = { kind: "failed", error: uiError(e) };
    } finally {
      this.checking = false;
    }
  }

  /** Back to an empty form after a record was created (the inputs are the form's to empty). */
  reset() {
    this.clear();
    this.created = null;
    this.createdNote = null;
    this.queued = null;
  }
}

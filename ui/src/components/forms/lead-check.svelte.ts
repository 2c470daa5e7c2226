// Rust's `check_lead` for the lead editor (LeadEditor.svelte): which
// inputs changed from the lead as loaded, what is wrong with them, the
// patch to send, and which of the values sent a lead read again holds.
// Every answer is Rust's (src-tauri/crates/core/src/writing/lead_draft.rs); this
// only asks, and keeps the inputs changed as it last said.
import type { Lead, LeadDraft, LeadPatch } from "../../lib/bindings";
import { ipc } from "../../lib/ipc";
import { KEYS, draftOf, patchKeys, sentValues, valuesOf, worded, wrongKeys, type Key, type Values } from "./lead-fields";
import { asker } from "./verdict";

export class LeadCheck {
  /** The inputs changed from the lead as loaded, as `check_lead` last said of the inputs as they stand. */
  changed = $state<Key[]>([]);

  /** Rust's verdicts, one question per lead and draft. */
  readonly #ask = asker(({ lead, draft }: { lead: Lead; draft: LeadDraft }) => ipc.checkLead(lead, draft));

  /** Keeps `changed` to `check_lead`'s answer on `values()` against `lead()` (made while the form is set up). */
  constructor(lead: () => Lead | null, values: () => Values) {
    $effect(() => {
      const l = lead();
      const v = { ...values() };
      if (!l) return;
      let current = true;
      this.changedFrom(l, v).then(
        (keys) => {
          if (current) this.changed = keys;
        },
        // Unanswered: what was said last stays.
        () => {},
      );
      return () => {
        current = false;
      };
    });
  }

  /** `check_lead`'s verdict on the inputs `v` against lead `l`. */
  #verdict(l: Lead, v: Values) {
    // A plain copy of the lead (Lead's JSON values are too deep for Snapshot<Lead>).
    return this.#ask({ lead: $state.snapshot(l as unknown) as Lead, draft: draftOf(v) });
  }

  /**
   * The inputs `v` that differ from lead `l`: those `check_lead`'s patch
   * sends and those it found wrong (then asked again with those as `l` has
   * them, for which of the others changed).
   */
  async changedFrom(l: Lead, v: Values): Promise<Key[]> {
    const first = await this.#verdict(l, v);
    if (first.sent) return patchKeys(first.sent);
    const wrong = wrongKeys(first);
    const shown = valuesOf(l);
    const rest = { ...v };
    for (const key of wrong) rest[key] = shown[key];
    const { sent } = await this.#verdict(l, rest);
    const others = sent ? patchKeys(sent) : [];
    return KEYS.filter((key) => wrong.includes(key) || others.includes(key));
  }

  /** What `check_lead` says is wrong with input `key` (labelled `label`) of `v`, in the form's words, or null. */
  async message(l: Lead, v: Values, key: Key, label: string): Promise<string | null> {
    const problems = (await this.#verdict(l, v)).problems[key] ?? [];
    return problems.length > 0 ? worded(problems[0], label) : null;
  }

  /** The patch `check_lead` gives for `v` (once it found nothing wrong). */
  async patch(l: Lead, v: Values): Promise<LeadPatch> {
    const { sent } = await this.#verdict(l, v);
    if (sent === null) throw new Error("the lead was saved before check_lead accepted it");
    return sent;
  }

  /** Which of `keys` `made` (the lead read again) holds as `patch` sent them. */
  async held(made: Lead, keys: Key[], patch: LeadPatch): Promise<Key[]> {
    const differs = await this.changedFrom(made, sentValues(made, patch));
    return keys.filter((key) => !differs.includes(key));
  }
}

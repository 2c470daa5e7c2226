// The lead editor's fields (LeadEditor.svelte): each input, how the form
// shows a lead's value, the inputs as Rust's `check_lead` reads them (the
// draft), which inputs its verdict says changed, and its reasons in the
// form's words. What changed, what a patch sends and what is wrong are
// `check_lead`'s to say (src-tauri/crates/core/src/writing/lead_draft.rs).
import type { FieldProblem, Lead, LeadDraft, LeadPatch } from "../../lib/bindings";
import { problemText } from "../../lib/errors";
import { t, type MessageKey } from "../../lib/i18n.svelte";
import { EXAMPLE_ID, jsonToText } from "../../lib/validate";
import type { Verdict } from "./verdict";

export type Key = "status" | "source" | "user_member" | "company" | "person" | "custom_fields";
type Kind = "text" | "uuid" | "json";
/** An input: its label and hint are message keys, worded in the language in use when shown. */
export type Spec = { key: Key; id: string; label: MessageKey; kind: Kind; hint: MessageKey };

export const SPECS: Spec[] = [
  { key: "status", id: "lead-status", label: "forms.lead.status", kind: "text", hint: "forms.lead.status_hint" },
  { key: "source", id: "lead-source", label: "forms.lead.source", kind: "text", hint: "forms.lead.source_hint" },
  { key: "user_member", id: "lead-user-member", label: "forms.lead.user_member", kind: "uuid", hint: "forms.picker.hint_members" },
  { key: "company", id: "lead-company", label: "forms.lead.company", kind: "uuid", hint: "forms.lead.company_hint" },
  { key: "person", id: "lead-person", label: "forms.lead.person", kind: "uuid", hint: "forms.lead.person_hint" },
  { key: "custom_fields", id: "lead-custom-fields", label: "forms.lead.custom_fields", kind: "json", hint: "forms.lead.custom_hint" },
];
export const KEYS = SPECS.map((s) => s.key);

/** The form's values, by key, as typed. */
export type Values = Record<Key, string>;

export function emptyValues(): Values {
  return { status: "", source: "", user_member: "", company: "", person: "", custom_fields: "" };
}

/** The lead's value of `key` as the form shows it. */
export function textOf(l: Lead, key: Key): string {
  const v = l[key];
  if (key === "custom_fields") return jsonToText(v);
  if (v === null || v === undefined) return "";
  return typeof v === "string" ? v : JSON.stringify(v);
}

export function valuesOf(l: Lead): Values {
  const out = emptyValues();
  for (const key of KEYS) out[key] = textOf(l, key);
  return out;
}

/** The inputs as typed, as `check_lead` reads them. */
export function draftOf(v: Values): LeadDraft {
  return {
    status: v.status,
    source: v.source,
    user_member: v.user_member,
    company: v.company,
    person: v.person,
    custom_fields: v.custom_fields,
  };
}

/**
 * The form's values as it would show lead `l` with `patch` applied: what
 * `check_lead` compares with a lead read again, to say which of the values
 * sent it holds.
 */
export function sentValues(l: Lead, patch: LeadPatch): Values {
  return valuesOf({ ...l, ...patch } as Lead);
}

/** The keys `check_lead`'s patch sends (a cleared field is sent as null). */
export function patchKeys(patch: LeadPatch): Key[] {
  return KEYS.filter((key) => patch[key] !== undefined);
}

/** The keys `check_lead` found a problem with (only changed inputs have one). */
export function wrongKeys(verdict: Verdict<LeadPatch>): Key[] {
  return KEYS.filter((key) => (verdict.problems[key]?.length ?? 0) > 0);
}

/** A reason `check_lead` gave for input `key`, in the form's words (the input's label in them). */
export function worded(problem: FieldProblem, label: string): string {
  if (problem.source !== "check") return problemText(problem);
  const values = problem.values;
  switch (problem.code) {
    case "too_long": {
      const max = Number(values.max);
      const count = Number(values.count);
      return t("forms.check.too_long", { label, max, count, over: count - max });
    }
    case "not_a_uuid":
      return t("forms.picker.choose", { label, example: EXAMPLE_ID });
    case "not_json":
      return t("forms.check.json", { label: t("forms.lead.custom_label"), example: t("forms.custom_example") });
    default:
      return problemText(problem);
  }
}

// The lead editor's fields (LeadEditor.svelte): each input, how the form
// shows a lead's value, whether a value typed differs from the lead's (an
// emptied field is cleared with null; custom fields count as changed only
// when their JSON value differs; IDs whatever their case), what a patch
// sends, whether a lead holds what was sent, and each input's check.
import { LIMITS, type Lead, type Value } from "../../lib/bindings";
import { t, type MessageKey } from "../../lib/i18n.svelte";
import { EXAMPLE_ID, checkLength, isUuid, jsonEqual, jsonToText, parseJsonText } from "../../lib/validate";

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

/** Whether `text` (the form's value of `key`) differs from the lead's value. */
export function isChanged(key: Key, text: string, l: Lead): boolean {
  if (key === "custom_fields") {
    const parsed = parseJsonText(text, t("forms.lead.custom_label"));
    if (parsed.error) return true;
    return !jsonEqual(parsed.value ?? null, l.custom_fields ?? null);
  }
  const before = textOf(l, key).trim();
  const now = text.trim();
  if (SPECS.find((s) => s.key === key)?.kind === "uuid") return before.toLowerCase() !== now.toLowerCase();
  return before !== now;
}

/** The value the patch sends for `key` (typed as `text`): trimmed text, null when emptied. */
export function patchValue(key: Key, text: string): Value {
  if (key === "custom_fields") return parseJsonText(text, t("forms.lead.custom_label")).value ?? null;
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}

/** Whether the lead's value of `key` is what was sent. */
export function holds(l: Lead, key: Key, sent: Value | undefined): boolean {
  const now = l[key] ?? null;
  if (key === "custom_fields") return jsonEqual(now, sent ?? null);
  const a = typeof now === "string" ? now.trim() : now;
  const b = typeof sent === "string" ? sent.trim() : (sent ?? null);
  const uuid = SPECS.find((s) => s.key === key)?.kind === "uuid";
  if (uuid && typeof a === "string" && typeof b === "string") return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

/** What is wrong with `text` as the value of `key`, if anything. */
export function checkField(key: Key, text: string): string | null {
  const spec = SPECS.find((s) => s.key === key)!;
  switch (spec.kind) {
    case "text":
      return key === "status" ? checkLength(text, LIMITS.text_field_chars, t(spec.label)) : null;
    case "uuid":
      return text.trim() === "" || isUuid(text) ? null : t("forms.picker.choose", { label: t(spec.label), example: EXAMPLE_ID });
    case "json":
      return parseJsonText(text, t("forms.lead.custom_label")).error;
  }
}

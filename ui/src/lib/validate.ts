// Pure checks the forms run before sending (and on blur), so the user learns
// at once what to fix. Each check returns the message to show beside the
// input, or null when the value is fine. Bounds come from Rust (`LIMITS`);
// the task form asks Rust's `check_task` instead; the service checks again.
import type { FieldProblem, Value } from "./bindings";
import { problemsText } from "./errors";
import { t } from "./i18n.svelte";

/** The example id shown in messages. */
export const EXAMPLE_ID = "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b";

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Whether `text` (blanks around it ignored) is a record id (a UUID, with or without hyphens). */
export function isUuid(text: string): boolean {
  return UUID.test(text.trim());
}

/** Number of characters as the service counts them (code points, not UTF-16 units). */
export function charCount(text: string): number {
  return [...text].length;
}

/** `label` is required: a message when `text` is empty or only blanks. */
export function checkRequired(text: string, message: string): string | null {
  return text.trim() === "" ? message : null;
}

/** At most `max` characters (blanks around the text ignored, as the service trims them). */
export function checkLength(text: string, max: number, label: string): string | null {
  const count = charCount(text.trim());
  if (count <= max) return null;
  return t("forms.check.too_long", { label, max, count, over: count - max });
}

/** An optional record id: empty is fine, anything else must be a UUID. */
export function checkUuid(text: string, label: string): string | null {
  if (text.trim() === "" || isUuid(text)) return null;
  return t("forms.check.uuid", { label, example: EXAMPLE_ID });
}

/** A required record id. */
export function checkRequiredUuid(text: string, label: string, missing: string): string | null {
  return checkRequired(text, missing) ?? checkUuid(text, label);
}

/** Formats an integer for messages with a real minus sign, ungrouped in every language: −32768. */
export function signed(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}

/**
 * Parses optional JSON text. Empty gives `{value: undefined}` (nothing
 * entered); text that is not JSON gives `{error}`.
 */
export function parseJsonText(
  text: string,
  label: string,
): { value: Value | undefined; error: null } | { value: undefined; error: string } {
  if (text.trim() === "") return { value: undefined, error: null };
  try {
    return { value: JSON.parse(text) as Value, error: null };
  } catch {
    return {
      value: undefined,
      error: t("forms.check.json", { label, example: t("forms.custom_example") }),
    };
  }
}

/** Whether two JSON values are equal (objects compared key by key, in any order). */
export function jsonEqual(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** JSON text for a textarea: pretty-printed, empty for null/absent. */
export function jsonToText(value: Value | undefined): string {
  if (value === null || value === undefined) return "";
  return JSON.stringify(value, null, 2);
}

/**
 * Splits the per-field messages of a service error (a 400's
 * `field_errors`) into those of the form's inputs (`fields`: the service's
 * field name → what the form calls it) and the rest, which belong at the
 * top of the form: `non_field_errors` as they are, messages of fields the
 * form has no input for prefixed with the field's name.
 */
export function splitFieldErrors(
  fieldErrors: { [key in string]: FieldProblem[] | undefined } | null | undefined,
  fields: readonly string[],
  label: (name: string) => string,
): { byField: Record<string, string>; other: string[] } {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    const text = problemsText(messages);
    if (!text) continue;
    if (fields.includes(name)) byField[name] = text;
    else if (name === "non_field_errors" || name === "detail" || name === "") other.push(text);
    else other.push(t("forms.check.field_said", { field: label(name), text }));
  }
  return { byField, other };
}

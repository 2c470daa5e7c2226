// What the forms share beside Rust's checks: the example id their messages
// show, whether a text is an id (where a picker takes a pasted one), how
// messages write a signed number and forms show JSON, and where the
// service's field errors go. Every form's checks are Rust's (`check_task`,
// `check_lead`, `check_stakeholder`); the service checks again.
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

/** Formats an integer for messages with a real minus sign, ungrouped in every language: −32768. */
export function signed(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
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

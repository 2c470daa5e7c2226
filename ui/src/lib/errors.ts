// Errors in the user's words. Rust sends codes and values (`UiError.code`,
// `params`), never sentences; this module words them from the `errors`
// catalogues in the language in use. What the service itself said
// (`service_message`) is quoted as it came, introduced as the service's.
// Errors made on this side carry their words already (`code: "local"`).
import type { ErrorCode, FieldProblem, ResourceName, UiError as CommandUiError } from "./bindings";
import { fieldLabel, resourceNamed } from "./fields";
import { operatorLabel } from "./filters";
import { hasMessage, t, type MessageKey } from "./i18n.svelte";

/**
 * An error as components hold it: a command's UiError, or one made on this
 * side (`code: "local"`, its words in `text`; `code: "internal"` for a
 * failure of the IPC layer, with `params.detail`).
 */
export type UiError = Omit<CommandUiError, "code"> & { code: ErrorCode | "local" | "internal"; text?: string };

// The codes whose message has a `{said}`: the only ones Rust gives a
// `service_message`.
/** Codes whose message quotes the service as "It said: …" (else "The service said: …"). */
const SAID_IT: readonly string[] = ["key_refused", "service_refused", "service_error"];

/**
 * What the service said, as a sentence to put in ours: ` It said: “API key
 * has expired.”` (a full stop after the quote only when the message has no
 * closing punctuation of its own); "" when it said nothing.
 */
function said(code: string, message: string | null): string {
  const text = message?.trim();
  if (!text) return "";
  const closed = /[.!?…]$/.test(text);
  return ` ${t(SAID_IT.includes(code) ? "errors.said_it" : "errors.said_service", { message: text })}${closed ? "" : "."}`;
}

/** The values a code's message takes, worded where they are codes themselves (a reason, a resource). */
function values(error: UiError): Record<string, string | number> {
  const params: Record<string, string | number> = { ...error.params };
  if (error.code === "invalid_base_url" || error.code === "invalid_key") {
    const area = error.code === "invalid_base_url" ? "base_url" : "key";
    const key = `errors.${area}.${error.params.reason}`;
    params.reason = hasMessage(key) ? t(key, error.params) : (error.params.reason ?? "");
  }
  if (error.code === "record_not_found" && error.params.resource) {
    Object.assign(params, resourceNamed(error.params.resource as ResourceName));
  }
  if (error.code === "rate_limited") {
    const seconds = error.retry_after_s;
    params.when = seconds == null ? "later" : seconds >= 120 ? "minutes" : "seconds";
    params.minutes = seconds == null ? 0 : Math.ceil(seconds / 60);
    params.seconds = seconds ?? 0;
  }
  return params;
}

/** `error` in the user's words: its code's message, with what the service said quoted in it. */
export function errorText(error: UiError): string {
  if (error.code === "local") return error.text ?? "";
  const key = `errors.${error.code}`;
  if (!hasMessage(key)) return error.service_message ?? error.code;
  return t(key as MessageKey, { ...values(error), said: said(error.code, error.service_message) });
}

/** Values that name a field or an operator, in the words the user sees elsewhere. */
const WORDED: Record<string, (value: string) => string> = {
  field: (name) => fieldLabel(name),
  relation: (name) => fieldLabel(name).toLowerCase(),
  operator: (operator) => operatorLabel(operator as Parameters<typeof operatorLabel>[0]),
};

/**
 * One reason beside an input or a condition, in the user's words: the
 * service's own as it said them, or a check of Workdesk's by its code
 * (its English message when the code is new to this UI).
 */
export function problemText(problem: FieldProblem): string {
  if (problem.source === "service") return problem.message;
  const key = `errors.problem.${problem.code}`;
  if (!hasMessage(key)) return problem.message;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(problem.values)) {
    if (value !== undefined) values[name] = WORDED[name]?.(value) ?? value;
  }
  if (problem.code === "offline_related_field" || problem.code === "offline_field_missing") {
    values.field = values.field?.toLowerCase() ?? "";
  }
  return t(key as MessageKey, values);
}

/** The reasons of `problems` as one text ("" when none). */
export function problemsText(problems: readonly FieldProblem[] | undefined): string {
  return (problems ?? []).map(problemText).join(" ");
}

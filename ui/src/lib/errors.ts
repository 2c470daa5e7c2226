// Errors in the user's words. Rust sends codes and values (`UiError.code`,
// `params`), never sentences; this module words them from the `errors`
// catalogues in the language in use. What the service itself said
// (`service_message`, a field's reason from its 400) is quoted as it came,
// introduced as the service's. The system's technical words
// (`params.detail`: English, from Rust or the OS) are never put inside a
// sentence: they follow it, labelled "Technical details". Errors made on
// this side carry their words already (`code: "local"`).
// `ErrorText.svelte` shows an error with the service's words and the
// technical details marked in the page (translate="no", lang="en").
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

/** Stands for the service's words while the sentence around them is worded (a private-use character). */
const SERVICE_WORDS = "\u{E000}";

/**
 * The service's words `text` (trimmed, not empty) as a sentence of ours:
 * `It said: “API key has expired.”` (`key`: `errors.said_it`, else
 * `errors.said_service`), a full stop after the quote only when the words
 * have no closing punctuation of their own. `standIn` is put where the
 * words go (to find them again in the sentence).
 */
function quoted(text: string, key: "errors.said_it" | "errors.said_service", standIn = text): string {
  // Closed: it ends a sentence, perhaps inside brackets or quotes ("(API key has expired.)").
  const closed = /[.!?…]["'”’)\]]*$/u.test(text);
  return `${t(key, { message: standIn })}${closed ? "" : "."}`;
}

/** What the service said, as a sentence to put in ours (` It said: “…”`); "" when it said nothing. */
function said(code: string, message: string | null, standIn?: string): string {
  const text = message?.trim();
  if (!text) return "";
  return ` ${quoted(text, SAID_IT.includes(code) ? "errors.said_it" : "errors.said_service", standIn)}`;
}

/** The values a code's message takes, worded where they are codes themselves (a reason, a resource). */
function values(error: UiError): Record<string, string | number> {
  const params: Record<string, string | number> = { ...error.params };
  if (error.code === "invalid_base_url" || error.code === "invalid_key") {
    const area = error.code === "invalid_base_url" ? "base_url" : "key";
    const key = `errors.${area}.${error.params.reason}`;
    params.reason = hasMessage(key) ? t(key, error.params) : (error.params.reason ?? "");
  }
  if (error.code === "link_malformed") {
    const key = `errors.link.${error.params.reason}`;
    params.reason = hasMessage(key) ? t(key) : (error.params.reason ?? "");
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

/** A run of an error's sentence: Workdesk's words, or the service's own (`service: true`), as it sent them. */
export type ErrorPiece = { text: string; service?: boolean };

/**
 * `error` in parts: its sentence in the user's words, in `pieces` (what
 * the service said, quoted in it, a piece of its own), and the system's
 * technical words (`params.detail`, English) apart, in `technical`, or null.
 */
export function errorParts(error: UiError): { pieces: ErrorPiece[]; technical: string | null } {
  const technical = error.code === "local" ? null : error.params.detail?.trim() || null;
  if (error.code === "local") return { pieces: [{ text: error.text ?? "" }], technical };
  const key = `errors.${error.code}`;
  const message = error.service_message?.trim() ?? "";
  if (!hasMessage(key)) {
    return { pieces: message ? [{ text: message, service: true }] : [{ text: error.code }], technical };
  }
  const sentence = t(key as MessageKey, { ...values(error), said: said(error.code, message, SERVICE_WORDS) });
  const [before, ...after] = sentence.split(SERVICE_WORDS);
  const pieces: ErrorPiece[] =
    after.length === 0 ? [{ text: before }] : [{ text: before }, { text: message, service: true }, { text: after.join(message) }];
  return { pieces: pieces.filter((piece) => piece.text !== ""), technical };
}

/**
 * `error` in the user's words, as one text: its code's message, with what
 * the service said quoted in it, then any technical details after it
 * ("… Technical details: os error 28"). Where it goes into the page,
 * `ErrorText.svelte` marks those parts.
 */
export function errorText(error: UiError): string {
  const { pieces, technical } = errorParts(error);
  const sentence = pieces.map((piece) => piece.text).join("");
  return technical ? `${sentence} ${technicalLabel()} ${technical}` : sentence;
}

/** "Technical details:", which introduces the system's own words after a sentence. */
export function technicalLabel(): string {
  return `${t("setup.technical_details")}:`;
}

/** Values that name a field or an operator, in the words the user sees elsewhere. */
const WORDED: Record<string, (value: string) => string> = {
  field: (name) => fieldLabel(name),
  relation: (name) => fieldLabel(name).toLowerCase(),
  operator: (operator) => operatorLabel(operator as Parameters<typeof operatorLabel>[0]),
};

/**
 * One reason beside an input or a condition, in the user's words: the
 * service's own as it said them, quoted and introduced as the service's
 * ("The service said: “Not a member of this workspace.”"), or a check of
 * Workdesk's by its code, worded by `errors.problem.<code>` (Rust sends no
 * sentence; a code new to this UI, from a newer Rust, gets
 * `errors.problem_unknown`, naming the code).
 */
export function problemText(problem: FieldProblem): string {
  if (problem.source === "service") {
    const text = problem.message.trim();
    return text ? quoted(text, "errors.said_service") : "";
  }
  const key = `errors.problem.${problem.code}`;
  if (!hasMessage(key)) return t("errors.problem_unknown", { code: problem.code });
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(problem.values)) {
    if (value !== undefined) values[name] = WORDED[name]?.(value) ?? value;
  }
  if (problem.code === "offline_related_field" || problem.code === "offline_field_missing") {
    values.field = values.field?.toLowerCase() ?? "";
  }
  return t(key as MessageKey, values);
}

/** How a problem of one condition of a view is keyed: `filters.<index>`. */
const CONDITION_KEY = /^filters\.(\d+)$/;

/**
 * The problems of an `invalid_input` that belong to one condition of a
 * view, by its index (keys `filters.<index>`, as `list_records` and
 * `check_view` key them); the view's other problems (`sort`, `take`…) are
 * not in it.
 */
export function conditionProblems(error: UiError): Map<number, FieldProblem[]> {
  const found = new Map<number, FieldProblem[]>();
  if (error.kind !== "invalid_input") return found;
  for (const [key, list] of Object.entries(error.field_errors ?? {})) {
    const m = CONDITION_KEY.exec(key);
    if (m && list) found.set(Number(m[1]), list);
  }
  return found;
}

/** Whether `key` of an `invalid_input`'s field errors names one condition (`filters.<index>`). */
export function isConditionKey(key: string): boolean {
  return CONDITION_KEY.test(key);
}

/** The reasons of `problems` as one text ("" when none). */
export function problemsText(problems: readonly FieldProblem[] | undefined): string {
  return (problems ?? []).map(problemText).join(" ");
}

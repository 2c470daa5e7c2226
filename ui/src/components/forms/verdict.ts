// Rust's verdict on a form's inputs as typed: `check_task`, `check_lead`
// and `check_stakeholder` answer what to send, or `invalid_input` with the
// problems of each input, coded. The forms show only that. The same
// question is asked once: the answers to the last few drafts are kept.
import type { FieldProblem } from "../../lib/bindings";
import { uiError } from "../../lib/ipc";

/** What to send (null when an input is wrong), and the problems by input. */
export type Verdict<T> = { sent: T | null; problems: Partial<Record<string, FieldProblem[]>> };

/** How many drafts' answers are kept (the form as it stands, and the ones a check asks about beside it). */
const KEPT = 4;

/**
 * `ask` (a check command) as a verdict on `draft`, asked once per draft
 * (by its JSON text). An error other than `invalid_input` is thrown, and
 * not kept: asking again asks Rust again.
 */
export function asker<D, T>(ask: (draft: D) => Promise<T>): (draft: D) => Promise<Verdict<T>> {
  const asked = new Map<string, Promise<Verdict<T>>>();
  return (draft) => {
    const key = JSON.stringify(draft);
    let verdict = asked.get(key);
    if (!verdict) {
      verdict = ask(draft).then(
        (sent): Verdict<T> => ({ sent, problems: {} }),
        (e: unknown): Verdict<T> => {
          const error = uiError(e);
          if (error.kind !== "invalid_input") {
            asked.delete(key);
            throw e;
          }
          return { sent: null, problems: error.field_errors ?? {} };
        },
      );
      asked.set(key, verdict);
      if (asked.size > KEPT) asked.delete(asked.keys().next().value!);
    }
    return verdict;
  };
}

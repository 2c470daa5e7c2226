// The new-stakeholder form's inputs (StakeholderForm.svelte) as Rust's
// `check_stakeholder` reads them (the draft), and its reasons in the
// form's words. What is required, what must be an ID and what is sent are
// `check_stakeholder`'s to say (src-tauri/crates/core/src/writing/stakeholder_draft.rs).
import type { FieldProblem, StakeholderDraft } from "../../lib/bindings";
import { problemText } from "../../lib/errors";
import { t } from "../../lib/i18n.svelte";
import { EXAMPLE_ID } from "../../lib/validate";

/** The select's value for "Other (enter its ID)". */
export const OTHER = "__other__";

export type Key = "document_number" | "document_type" | "verification_digit" | "geographic_location";
export const KEYS: Key[] = ["document_number", "document_type", "verification_digit", "geographic_location"];

/** The form's values as typed; `type_choice` is the select's (a type's ID, "" for none, or `OTHER`). */
export type Values = {
  document_number: string;
  type_choice: string;
  type_id: string;
  verification_digit: string;
  geographic_location: string;
};

/** The inputs as typed, as `check_stakeholder` reads them. */
export function draftOf(v: Values): StakeholderDraft {
  const other = v.type_choice === OTHER;
  return {
    document_number: v.document_number,
    document_type: other ? "" : v.type_choice,
    other_type: other,
    document_type_id: v.type_id,
    verification_digit: v.verification_digit,
    geographic_location: v.geographic_location,
  };
}

/**
 * A reason `check_stakeholder` gave for input `key`, in the form's words;
 * `other`: the document type is typed by its ID ("Other").
 */
export function worded(key: Key, problem: FieldProblem, other: boolean): string {
  if (problem.source !== "check") return problemText(problem);
  switch (`${key}:${problem.code}`) {
    case "document_number:required":
      return t("forms.stakeholder.number_required");
    case "document_type:required":
      return other ? t("forms.stakeholder.type_id_required") : t("forms.stakeholder.type_required");
    case "document_type:not_a_uuid":
      return t("forms.check.uuid", { label: t("forms.stakeholder.type_id"), example: EXAMPLE_ID });
    case "geographic_location:required":
      return t("forms.stakeholder.location_required");
    case "geographic_location:not_a_uuid":
      return t("forms.check.uuid", { label: t("forms.stakeholder.location_id"), example: EXAMPLE_ID });
    default:
      return problemText(problem);
  }
}

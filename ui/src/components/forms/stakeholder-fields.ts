// The new-stakeholder form's inputs (StakeholderForm.svelte) as Rust's
// `check_stakeholder` reads them (the draft), and its reasons in the
// form's words. The document type and the geographic location are pickers
// (related-pickers.ts): each holds the ID chosen (or entered), which the
// draft sends as typed by ID, so Rust checks it is one. What is required,
// what must be an ID and what is sent are `check_stakeholder`'s to say
// (src-tauri/crates/core/src/writing/stakeholder_draft.rs).
import type { FieldProblem, StakeholderDraft } from "../../lib/bindings";
import { problemText } from "../../lib/errors";
import { t } from "../../lib/i18n.svelte";
import { EXAMPLE_ID } from "../../lib/validate";

export type Key = "document_number" | "document_type" | "verification_digit" | "geographic_location";
export const KEYS: Key[] = ["document_number", "document_type", "verification_digit", "geographic_location"];

/** The form's values as typed; the document type and location hold the picker's ID (or the text typed, not chosen). */
export type Values = Record<Key, string>;

/** A form with nothing typed. */
export const emptyValues = (): Values => ({ document_number: "", document_type: "", verification_digit: "", geographic_location: "" });

/** The inputs as typed, as `check_stakeholder` reads them (the document type by the ID its picker holds). */
export function draftOf(v: Values): StakeholderDraft {
  return {
    document_number: v.document_number,
    document_type: "",
    other_type: true,
    document_type_id: v.document_type,
    verification_digit: v.verification_digit,
    geographic_location: v.geographic_location,
  };
}

/** A reason `check_stakeholder` gave for input `key`, in the form's words. */
export function worded(key: Key, problem: FieldProblem): string {
  if (problem.source !== "check") return problemText(problem);
  switch (`${key}:${problem.code}`) {
    case "document_number:required":
      return t("forms.stakeholder.number_required");
    case "document_type:required":
      return t("forms.stakeholder.type_required");
    case "document_type:not_a_uuid":
      return t("forms.picker.choose", { label: t("forms.stakeholder.type"), example: EXAMPLE_ID });
    case "geographic_location:required":
      return t("forms.stakeholder.location_required");
    case "geographic_location:not_a_uuid":
      return t("forms.picker.choose", { label: t("forms.stakeholder.location"), example: EXAMPLE_ID });
    default:
      return problemText(problem);
  }
}

//! [`check_stakeholder`]: the one authority on the "New stakeholder" form.
//! It reads the form's inputs as typed ([`StakeholderDraft`]) into the
//! stakeholder to send (`workdesk_api::NewStakeholder`), or says, input by
//! input and by code, what is wrong: the UI asks it as the user leaves an
//! input and again before sending, as the "New task" form asks
//! `check_task`.

use serde::Deserialize;
use specta::Type;
use workdesk_api::{NewStakeholder, Problem, ValidationErrors};

use crate::ui_error::UiError;
use crate::writing::draft::{typed_id, verdict};

/// The "New stakeholder" form's inputs as typed: text, each `""` when left
/// empty.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Type)]
pub struct StakeholderDraft {
    /// `document_number` (required).
    pub document_number: String,
    /// The document type chosen from the list (the id of one the
    /// workspace's stakeholders use), `""` while none is; not read when
    /// `other_type`.
    pub document_type: String,
    /// "Other (enter its ID)" chosen: the document type is the id typed in
    /// `document_type_id`.
    pub other_type: bool,
    /// The document type's id as typed, with "Other".
    pub document_type_id: String,
    /// `verification_digit`.
    pub verification_digit: String,
    /// `geographic_location`: a location's id (required).
    pub geographic_location: String,
}

/// Reads the "New stakeholder" form's inputs as typed (`draft`) into the
/// stakeholder `create_stakeholder` sends: the one authority on that form,
/// asked as the user leaves an input and before sending. Sends nothing;
/// needs no workspace.
///
/// Errors: `invalid_input` (code `invalid_input`) with `field_errors` keyed
/// by field (`document_number`, `document_type`, `geographic_location`)
/// and coded: `required`, `not_a_uuid` (`value`).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn check_stakeholder(draft: StakeholderDraft) -> Result<NewStakeholder, UiError> {
    crate::guard::guarded_sync(|| checked(&draft))
}

/// `draft` as the stakeholder to send: texts trimmed, the document type
/// the one chosen from the list (as the list has it) or, with "Other", the
/// id typed; ids typed written as the service writes them; an empty
/// verification digit left out.
///
/// # Errors
/// `invalid_input` with `field_errors` keyed by field and coded:
/// `required` (no document number, no document type chosen or typed, no
/// location), `not_a_uuid` (`value`: a document type typed with "Other",
/// or a location, that is no id).
fn checked(draft: &StakeholderDraft) -> Result<NewStakeholder, UiError> {
    let mut problems = ValidationErrors::default();
    let mut required = |field: &str| {
        problems.add_problem(field, Problem::new("required", []));
    };
    let document_number = draft.document_number.trim();
    if document_number.is_empty() {
        required("document_number");
    }
    let chosen = draft.document_type.trim();
    if !draft.other_type && chosen.is_empty() {
        required("document_type");
    }
    let mut stakeholder = NewStakeholder {
        document_number: document_number.to_owned(),
        document_type: chosen.to_owned(),
        verification_digit: Some(draft.verification_digit.trim().to_owned())
            .filter(|digit| !digit.is_empty()),
        geographic_location: String::new(),
    };
    let mut ids = vec![("geographic_location", &draft.geographic_location)];
    if draft.other_type {
        ids.push(("document_type", &draft.document_type_id));
    }
    for (field, typed) in ids {
        let typed = typed.trim();
        if typed.is_empty() {
            problems.add_problem(field, Problem::new("required", []));
            continue;
        }
        if let Some(id) = typed_id(field, typed, &mut problems) {
            if field == "document_type" {
                stakeholder.document_type = id;
            } else {
                stakeholder.geographic_location = id;
            }
        }
    }
    verdict(stakeholder, problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui_error::FieldProblem;

    const NIT: &str = "33333333-3333-4333-8333-000000000002";
    const BOGOTA: &str = "44444444-4444-4444-8444-000000000001";

    /// NIT 900123456 in Bogotá, its type chosen from the list.
    fn nit() -> StakeholderDraft {
        StakeholderDraft {
            document_number: "900123456".into(),
            document_type: NIT.into(),
            geographic_location: BOGOTA.into(),
            ..StakeholderDraft::default()
        }
    }

    fn codes(draft: &StakeholderDraft) -> Vec<(String, String)> {
        crate::writing::draft::codes(checked(draft).unwrap_err())
    }

    fn pairs<const N: usize>(expected: [(&str, &str); N]) -> Vec<(String, String)> {
        expected
            .iter()
            .map(|(field, code)| ((*field).to_owned(), (*code).to_owned()))
            .collect()
    }

    #[test]
    fn a_draft_becomes_the_stakeholder_the_service_takes() {
        let sent = check_stakeholder(StakeholderDraft {
            document_number: "  900123456 ".into(),
            verification_digit: " 7 ".into(),
            geographic_location: format!(" {} ", BOGOTA.to_uppercase()),
            ..nit()
        })
        .unwrap();
        assert_eq!(
            sent,
            NewStakeholder {
                document_number: "900123456".into(),
                document_type: NIT.into(),
                verification_digit: Some("7".into()),
                geographic_location: BOGOTA.into(),
            }
        );
        assert_eq!(
            serde_json::to_value(&sent).unwrap(),
            serde_json::json!({
                "document_number": "900123456",
                "document_type": NIT,
                "verification_digit": "7",
                "geographic_location": BOGOTA,
            })
        );
        // No verification digit (or only blanks): left out.
        for digit in ["", "   "] {
            let sent = check_stakeholder(StakeholderDraft {
                verification_digit: digit.into(),
                ..nit()
            })
            .unwrap();
            assert_eq!(sent.verification_digit, None, "{digit:?}");
            assert!(serde_json::to_value(&sent)
                .unwrap()
                .get("verification_digit")
                .is_none());
        }
        // The digit and the number are the service's to bound: sent as typed.
        let sent = check_stakeholder(StakeholderDraft {
            document_number: "ñ".repeat(300),
            verification_digit: "77".into(),
            ..nit()
        })
        .unwrap();
        assert_eq!(sent.document_number, "ñ".repeat(300));
        assert_eq!(sent.verification_digit.as_deref(), Some("77"));
    }

    #[test]
    fn a_type_chosen_from_the_list_is_sent_as_the_list_has_it() {
        // The list holds the service's own ids: not judged here.
        let sent = check_stakeholder(StakeholderDraft {
            document_type: "nit-type".into(),
            // What was typed in the ID input before choosing from the list
            // is not read.
            document_type_id: "abc".into(),
            ..nit()
        })
        .unwrap();
        assert_eq!(sent.document_type, "nit-type");
    }

    #[test]
    fn other_takes_the_document_type_by_its_id() {
        for typed in [
            "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b",
            " 3F2B6C1E8D4A4F0E9B7A1C2D3E4F5A6B ",
        ] {
            let sent = check_stakeholder(StakeholderDraft {
                document_type: String::new(),
                other_type: true,
                document_type_id: typed.into(),
                ..nit()
            })
            .unwrap();
            assert_eq!(sent.document_type, "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b");
        }
        // A type chosen from the list before "Other" is not read.
        let sent = check_stakeholder(StakeholderDraft {
            other_type: true,
            document_type_id: BOGOTA.into(),
            ..nit()
        })
        .unwrap();
        assert_eq!(sent.document_type, BOGOTA);
        // With "Other", the id is required and must be an id.
        for (typed, code) in [("", "required"), ("  ", "required"), ("NIT", "not_a_uuid")] {
            let found = codes(&StakeholderDraft {
                other_type: true,
                document_type_id: typed.into(),
                ..nit()
            });
            assert_eq!(found, pairs([("document_type", code)]), "{typed:?}");
        }
    }

    #[test]
    fn every_required_input_and_id_is_checked_and_said_at_once() {
        assert_eq!(
            codes(&StakeholderDraft::default()),
            pairs([
                ("document_number", "required"),
                ("document_type", "required"),
                ("geographic_location", "required"),
            ])
        );
        assert_eq!(
            codes(&StakeholderDraft {
                document_number: " \t".into(),
                document_type: " ".into(),
                geographic_location: "Bogotá".into(),
                ..StakeholderDraft::default()
            }),
            pairs([
                ("document_number", "required"),
                ("document_type", "required"),
                ("geographic_location", "not_a_uuid"),
            ])
        );
        for odd in [
            "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6",
            "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6bb",
            "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6g",
            "not-an-id",
        ] {
            let error = checked(&StakeholderDraft {
                geographic_location: format!(" {odd} "),
                ..nit()
            })
            .unwrap_err();
            let Some([FieldProblem::Check { code, values, .. }]) = error
                .field_errors
                .get("geographic_location")
                .map(Vec::as_slice)
            else {
                panic!("one problem of the location: {:?}", error.field_errors);
            };
            assert_eq!(code, "not_a_uuid", "{odd}");
            assert_eq!(values.get("value").map(String::as_str), Some(odd));
            assert_eq!(error.field_errors.len(), 1, "{odd}");
        }
    }
}

//! [`check_lead`]: the one authority on the lead editor. It compares the
//! editor's inputs as typed ([`LeadDraft`]) with the lead as last read and
//! answers the patch to send (`workdesk_api::LeadPatch`: only what changed),
//! or says, input by input and by code, what is wrong: the UI asks it as
//! the user types and leaves an input, and again before sending, as the
//! "New task" form asks `check_task`.

use serde::Deserialize;
use serde_json::Value;
use specta::Type;
use workdesk_api::{Lead, LeadPatch, Patch, Problem, ValidationErrors};

use crate::ui_error::UiError;
use crate::writing::draft::{typed_id, verdict};

/// The lead editor's inputs as typed: text, each `""` when left empty.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Type)]
pub struct LeadDraft {
    /// `status`.
    pub status: String,
    /// `source`.
    pub source: String,
    /// `user_member`: a member's id.
    pub user_member: String,
    /// `company`: an id.
    pub company: String,
    /// `person`: an id.
    pub person: String,
    /// `custom_fields`: JSON text.
    pub custom_fields: String,
}

/// Compares the lead editor's inputs as typed (`draft`) with `lead` as last
/// read and answers the patch `patch_lead` sends: only the fields that
/// changed, an emptied one cleared (`null`). The one authority on that
/// form, asked as the user types and leaves an input and before sending.
/// An empty patch: nothing changed. Sends nothing; needs no workspace.
///
/// Errors: `invalid_input` (code `invalid_input`) with `field_errors` keyed
/// by input and coded, for changed inputs only: `too_long` (`max`, `count`),
/// `not_a_uuid` (`value`), `not_json`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn check_lead(lead: Lead, draft: LeadDraft) -> Result<LeadPatch, UiError> {
    crate::guard::guarded_sync(|| checked(&lead, &draft))
}

/// `draft` compared with `lead`, as the patch to send. An input changed
/// when its value differs from the lead's: texts trimmed; ids whatever
/// their case (and written with or without hyphens); custom fields as
/// JSON values (objects key by key in any order, numbers by value), empty
/// text and `null` alike. A changed input is sent: texts trimmed, ids as
/// the service writes them, the custom fields parsed; emptied, it is
/// cleared. An input left as the lead has it is neither sent nor checked.
///
/// # Errors
/// `invalid_input` with `field_errors` keyed by input (the field's name)
/// and coded: `too_long` (`max`, `count`: a status over 255 characters),
/// `not_a_uuid` (`value`), `not_json`.
fn checked(lead: &Lead, draft: &LeadDraft) -> Result<LeadPatch, UiError> {
    let mut problems = ValidationErrors::default();
    let mut patch = LeadPatch::default();

    for (field, before, typed, slot) in [
        ("status", &lead.status, &draft.status, &mut patch.status),
        ("source", &lead.source, &draft.source, &mut patch.source),
    ] {
        let typed = typed.trim();
        if before.as_deref().unwrap_or_default().trim() == typed {
            continue;
        }
        if typed.is_empty() {
            *slot = Patch::Clear;
            continue;
        }
        // Only the status has a bound (`TEXT_FIELD_MAX_CHARS`, as a task's
        // texts); the service checks the source itself.
        let bound = if field == "status" {
            workdesk_api::too_long(typed)
        } else {
            None
        };
        match bound {
            Some(problem) => problems.add_problem(field, problem),
            None => *slot = Patch::Set(typed.to_owned()),
        }
    }

    for (field, before, typed, slot) in [
        (
            "user_member",
            &lead.user_member,
            &draft.user_member,
            &mut patch.user_member,
        ),
        ("company", &lead.company, &draft.company, &mut patch.company),
        ("person", &lead.person, &draft.person, &mut patch.person),
    ] {
        let typed = typed.trim();
        if same_id(before.as_deref().unwrap_or_default().trim(), typed) {
            continue;
        }
        if typed.is_empty() {
            *slot = Patch::Clear;
            continue;
        }
        if let Some(id) = typed_id(field, typed, &mut problems) {
            *slot = Patch::Set(id);
        }
    }

    let before = lead.custom_fields.as_ref().unwrap_or(&Value::Null);
    if draft.custom_fields.trim().is_empty() {
        if !before.is_null() {
            patch.custom_fields = Patch::Clear;
        }
    } else {
        match serde_json::from_str::<Value>(&draft.custom_fields) {
            Ok(value) if same_json(&value, before) => {}
            Ok(Value::Null) => patch.custom_fields = Patch::Clear,
            Ok(value) => patch.custom_fields = Patch::Set(value),
            Err(_) => problems.add_problem("custom_fields", Problem::new("not_json", [])),
        }
    }

    verdict(patch, problems)
}

/// Whether `before` (the lead's) and `typed` name the same record: the same
/// text whatever its case, or the same UUID however written.
fn same_id(before: &str, typed: &str) -> bool {
    before.eq_ignore_ascii_case(typed)
        || matches!(
            (uuid::Uuid::try_parse(before), uuid::Uuid::try_parse(typed)),
            (Ok(a), Ok(b)) if a == b
        )
}

/// Whether `a` and `b` are the same JSON value: objects key by key in any
/// order, arrays item by item, numbers by value (`1` and `1.0` alike, as
/// the window reads them).
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x == y || ((x.is_f64() || y.is_f64()) && x.as_f64() == y.as_f64())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, x)| y.get(key).is_some_and(|y| same_json(x, y)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui_error::FieldProblem;
    use serde_json::json;

    const MEMBER: &str = "0f3a9c1e-2b7d-4e6f-8a1b-2c3d4e5f6a7b";
    const COMPANY: &str = "22222222-2222-4222-8222-000000000020";

    /// A lead as the editor reads it.
    fn lead() -> Lead {
        Lead {
            id: Some("11111111-1111-4111-8111-000000000010".into()),
            source: Some("Website".into()),
            status: Some("new".into()),
            user_member: Some(MEMBER.into()),
            company: Some(COMPANY.into()),
            custom_fields: Some(json!({"budget": "5000", "tags": ["vip"]})),
            ..Lead::default()
        }
    }

    /// The editor's inputs as it fills them from `lead` (what it shows).
    fn shown(lead: &Lead) -> LeadDraft {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        LeadDraft {
            status: text(&lead.status),
            source: text(&lead.source),
            user_member: text(&lead.user_member),
            company: text(&lead.company),
            person: text(&lead.person),
            custom_fields: lead
                .custom_fields
                .as_ref()
                .filter(|value| !value.is_null())
                .map(|value| serde_json::to_string_pretty(value).unwrap())
                .unwrap_or_default(),
        }
    }

    fn sent(patch: &LeadPatch) -> Value {
        serde_json::to_value(patch).unwrap()
    }

    fn codes(lead: &Lead, draft: &LeadDraft) -> Vec<(String, String)> {
        crate::writing::draft::codes(checked(lead, draft).unwrap_err())
    }

    #[test]
    fn the_lead_as_shown_is_no_change() {
        let lead = lead();
        assert_eq!(
            check_lead(lead.clone(), shown(&lead)).unwrap(),
            LeadPatch::default()
        );
        // Nothing at all: an empty lead shown as empty inputs.
        assert_eq!(
            check_lead(Lead::default(), LeadDraft::default()).unwrap(),
            LeadPatch::default()
        );
        // Blanks around a text, an id in capitals or without hyphens, the
        // custom fields reformatted, keys in another order, 5000.0 for 5000.
        let lead = Lead {
            custom_fields: Some(json!({"budget": 5000, "tags": ["vip", {"a": null}]})),
            ..lead
        };
        let draft = LeadDraft {
            status: "  new ".into(),
            source: "Website\n".into(),
            user_member: MEMBER.to_uppercase(),
            company: format!(" {} ", COMPANY.replace('-', "")),
            person: "  ".into(),
            custom_fields: r#"{ "tags": ["vip", {"a": null}], "budget": 5000.0 }"#.into(),
        };
        assert_eq!(
            check_lead(lead.clone(), draft).unwrap(),
            LeadPatch::default()
        );
        // A lead's id that is not a UUID is the same whatever its case.
        let odd = Lead {
            person: Some("Legacy-ID".into()),
            ..lead
        };
        let draft = LeadDraft {
            person: "legacy-id".into(),
            ..shown(&odd)
        };
        assert_eq!(check_lead(odd, draft).unwrap(), LeadPatch::default());
    }

    #[test]
    fn only_what_changed_is_sent_and_an_emptied_field_is_cleared() {
        let lead = lead();
        let other = "0F3A9C1E2B7D4E6F8A1B2C3D4E5F6A7C";
        let patch = check_lead(
            lead.clone(),
            LeadDraft {
                status: " qualified ".into(),
                source: "   ".into(),
                user_member: other.into(),
                person: COMPANY.into(),
                ..shown(&lead)
            },
        )
        .unwrap();
        assert_eq!(
            sent(&patch),
            json!({
                "status": "qualified",
                "source": null,
                "user_member": "0f3a9c1e-2b7d-4e6f-8a1b-2c3d4e5f6a7c",
                "person": COMPANY,
            })
        );
        assert_eq!(patch.source, Patch::Clear);
        assert_eq!(patch.company, Patch::Keep);
        assert_eq!(patch.custom_fields, Patch::Keep);

        // An id emptied is cleared; the status set where the lead had none.
        let bare = Lead {
            status: None,
            ..lead.clone()
        };
        let patch = check_lead(
            bare.clone(),
            LeadDraft {
                status: "won".into(),
                company: String::new(),
                ..shown(&bare)
            },
        )
        .unwrap();
        assert_eq!(sent(&patch), json!({"status": "won", "company": null}));
    }

    #[test]
    fn custom_fields_are_compared_and_sent_as_json_values() {
        let lead = lead();
        let with = |custom_fields: &str| LeadDraft {
            custom_fields: custom_fields.into(),
            ..shown(&lead)
        };
        let patch = check_lead(lead.clone(), with(r#"{"budget": "7000"}"#)).unwrap();
        assert_eq!(sent(&patch), json!({"custom_fields": {"budget": "7000"}}));
        // Emptied, or `null`: cleared.
        for cleared in ["", "  \n", "null", " null "] {
            let patch = check_lead(lead.clone(), with(cleared)).unwrap();
            assert_eq!(patch.custom_fields, Patch::Clear, "{cleared:?}");
            assert_eq!(sent(&patch), json!({"custom_fields": null}), "{cleared:?}");
        }
        // A lead without custom fields: empty and `null` are no change.
        let none = Lead {
            custom_fields: None,
            ..lead.clone()
        };
        for same in ["", "null"] {
            let draft = LeadDraft {
                custom_fields: same.into(),
                ..shown(&none)
            };
            assert_eq!(
                check_lead(none.clone(), draft).unwrap(),
                LeadPatch::default()
            );
        }
        // Any JSON value: a number, a text, a list. A key more or less, an
        // item in another order, 1 for "1", is a change.
        for (typed, value) in [
            ("42", json!(42)),
            (r#""vip""#, json!("vip")),
            ("[1, 2]", json!([1, 2])),
            (
                r#"{"budget": "5000", "tags": ["vip"], "x": 1}"#,
                json!({"budget": "5000", "tags": ["vip"], "x": 1}),
            ),
            (r#"{"budget": "5000"}"#, json!({"budget": "5000"})),
            (
                r#"{"budget": 5000, "tags": ["vip"]}"#,
                json!({"budget": 5000, "tags": ["vip"]}),
            ),
        ] {
            let patch = check_lead(lead.clone(), with(typed)).unwrap();
            assert_eq!(patch.custom_fields, Patch::Set(value), "{typed}");
        }
        let list = Lead {
            custom_fields: Some(json!([1, 2])),
            ..lead.clone()
        };
        let draft = LeadDraft {
            custom_fields: "[2, 1]".into(),
            ..shown(&list)
        };
        assert_eq!(
            check_lead(list, draft).unwrap().custom_fields,
            Patch::Set(json!([2, 1]))
        );
        for broken in ["{", "{budget: 1}", "{'a': 1}", "[1,]", "nul"] {
            assert_eq!(
                codes(&lead, &with(broken)),
                [("custom_fields".to_owned(), "not_json".to_owned())],
                "{broken}"
            );
        }
    }

    #[test]
    fn the_status_is_at_most_255_characters_and_the_source_unbounded() {
        let lead = lead();
        let at = "ñ".repeat(255);
        let patch = check_lead(
            lead.clone(),
            LeadDraft {
                status: format!("  {at}  "),
                source: "x".repeat(5000),
                ..shown(&lead)
            },
        )
        .unwrap();
        assert_eq!(patch.status, Patch::Set(at));
        assert_eq!(patch.source, Patch::Set("x".repeat(5000)));

        let draft = LeadDraft {
            status: "ñ".repeat(256),
            ..shown(&lead)
        };
        let error = checked(&lead, &draft).unwrap_err();
        let Some([FieldProblem::Check { code, values, .. }]) =
            error.field_errors.get("status").map(Vec::as_slice)
        else {
            panic!("one problem of the status: {:?}", error.field_errors);
        };
        assert_eq!(code, "too_long");
        assert_eq!(values.get("max").map(String::as_str), Some("255"));
        assert_eq!(values.get("count").map(String::as_str), Some("256"));

        // A lead that already has a longer status, left as it is, is no
        // problem: only what changes is checked.
        let long = Lead {
            status: Some("x".repeat(300)),
            ..lead
        };
        assert_eq!(
            check_lead(long.clone(), shown(&long)).unwrap(),
            LeadPatch::default()
        );
    }

    #[test]
    fn ids_must_be_uuids_and_every_problem_is_said_at_once() {
        let lead = lead();
        let found = codes(
            &lead,
            &LeadDraft {
                status: "x".repeat(256),
                user_member: "ACME".into(),
                company: "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6".into(),
                person: "not-an-id".into(),
                custom_fields: "{".into(),
                ..shown(&lead)
            },
        );
        assert_eq!(
            found,
            [
                ("company", "not_a_uuid"),
                ("custom_fields", "not_json"),
                ("person", "not_a_uuid"),
                ("status", "too_long"),
                ("user_member", "not_a_uuid"),
            ]
            .map(|(field, code)| (field.to_owned(), code.to_owned()))
        );
        // The value refused travels with the code, trimmed.
        let error = checked(
            &lead,
            &LeadDraft {
                company: "  ACME ".into(),
                ..shown(&lead)
            },
        )
        .unwrap_err();
        let Some([FieldProblem::Check { values, .. }]) =
            error.field_errors.get("company").map(Vec::as_slice)
        else {
            panic!("one problem of the company: {:?}", error.field_errors);
        };
        assert_eq!(values.get("value").map(String::as_str), Some("ACME"));
        // However an id is written, it is sent as the service writes them.
        for typed in [
            "3F2B6C1E-8D4A-4F0E-9B7A-1C2D3E4F5A6B",
            "3f2b6c1e8d4a4f0e9b7a1c2d3e4f5a6b",
            " {3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b} ",
        ] {
            let patch = check_lead(
                lead.clone(),
                LeadDraft {
                    company: typed.into(),
                    ..shown(&lead)
                },
            )
            .unwrap();
            assert_eq!(
                patch.company,
                Patch::Set("3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b".into()),
                "{typed}"
            );
        }
    }
}

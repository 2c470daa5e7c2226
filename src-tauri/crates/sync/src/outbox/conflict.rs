//! A lead edited offline against the service's copy: which fields are
//! already as typed, which can be sent, which also changed on the service
//! since the edit started (a conflict: nothing is overwritten silently).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use workdesk_api::{json_record_of, JsonRecord, LeadPatch};
use workdesk_query::{Problem, ValidationErrors};

use super::Keep;
use crate::error::{Error, Result};
use crate::ids::uuid_like;

/// One field of a lead changed both offline and on the service.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FieldConflict {
    /// The field (`status`, `company`…).
    pub field: String,
    /// Its value in the copy the edit started from; `None` when unknown.
    pub based_on: Option<Json>,
    /// Its value on the service now.
    pub service: Json,
    /// The value typed offline (`null`: cleared).
    pub yours: Json,
}

/// What the service's copy says of an edit.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// The service already has every value typed: nothing to send.
    AlreadyThere,
    /// Fields changed on the service since the edit started.
    Conflict(Vec<FieldConflict>),
    /// Send it.
    Send,
}

/// The fields `patch` sets or clears, as sent (`null` for cleared).
fn fields_of(patch: &LeadPatch) -> JsonRecord {
    json_record_of(patch).unwrap_or_default()
}

/// Whether two values of a field are the same value: absent and `null`
/// alike, ids compared as UUIDs (any case), the rest as JSON.
fn same(a: Option<&Json>, b: Option<&Json>) -> bool {
    let a = a.unwrap_or(&Json::Null);
    let b = b.unwrap_or(&Json::Null);
    match (a, b) {
        (Json::String(x), Json::String(y)) => match (uuid_like(x), uuid_like(y)) {
            (Some(x), Some(y)) => x == y,
            _ => x == y,
        },
        _ => a == b,
    }
}

/// Compares the edit (`patch`, started from `based_on`) with `current`, the
/// service's copy: per field, the service already has the typed value;
/// or it still has the value the edit started from (send); or it has a
/// third (a conflict, also when the starting value is unknown).
pub(crate) fn compare(patch: &LeadPatch, based_on: &JsonRecord, current: &JsonRecord) -> Verdict {
    let mut conflicts = Vec::new();
    let mut to_send = false;
    for (field, yours) in fields_of(patch) {
        let service = current.get(&field);
        if same(service, Some(&yours)) {
            continue;
        }
        match based_on.get(&field) {
            Some(base) if same(Some(base), service) => to_send = true,
            base => conflicts.push(FieldConflict {
                based_on: base.cloned(),
                service: service.cloned().unwrap_or(Json::Null),
                yours,
                field,
            }),
        }
    }
    if !conflicts.is_empty() {
        Verdict::Conflict(conflicts)
    } else if to_send {
        Verdict::Send
    } else {
        Verdict::AlreadyThere
    }
}

/// The edit after the user chose per field in `conflicts` (`keep`): the
/// fields kept as typed stay in the patch, the others leave it; the
/// starting values of the fields in conflict become the service's (so the
/// next comparison sends what was kept).
///
/// # Errors
/// [`Error::InvalidChange`] keyed by each field in conflict without a
/// choice.
pub(crate) fn settle(
    patch: LeadPatch,
    mut based_on: JsonRecord,
    conflicts: &[FieldConflict],
    keep: &BTreeMap<String, Keep>,
) -> Result<(LeadPatch, JsonRecord)> {
    let mut problems = ValidationErrors::default();
    let mut fields = fields_of(&patch);
    for conflict in conflicts {
        match keep.get(&conflict.field) {
            Some(Keep::Yours) => {}
            Some(Keep::Service) => {
                fields.remove(&conflict.field);
            }
            None => problems.add_problem(conflict.field.as_str(), Problem::new("choose", [])),
        }
        based_on.insert(conflict.field.clone(), conflict.service.clone());
    }
    if !problems.is_empty() {
        return Err(Error::InvalidChange(problems));
    }
    let patch = serde_json::from_value(Json::Object(fields)).unwrap_or_default();
    Ok((patch, based_on))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use workdesk_api::Patch;

    fn record(value: Json) -> JsonRecord {
        value.as_object().unwrap().clone()
    }

    const COMPANY: &str = "0b0e3c1e-51a3-4c38-9a51-7a0c2e6b9f10";

    #[test]
    fn a_field_changed_on_both_sides_is_a_conflict_with_the_three_values() {
        let patch = LeadPatch {
            status: Patch::Set("won".into()),
            source: Patch::Set("fair".into()),
            ..LeadPatch::default()
        };
        let based_on = record(json!({"status": "open", "source": "web"}));
        let current = record(json!({"status": "lost", "source": "web"}));
        assert_eq!(
            compare(&patch, &based_on, &current),
            Verdict::Conflict(vec![FieldConflict {
                field: "status".into(),
                based_on: Some(json!("open")),
                service: json!("lost"),
                yours: json!("won"),
            }])
        );
    }

    #[test]
    fn unchanged_on_the_service_is_sent_and_already_typed_is_nothing_to_send() {
        let patch = LeadPatch {
            company: Patch::Set(COMPANY.to_uppercase()),
            person: Patch::Clear,
            ..LeadPatch::default()
        };
        let based_on = record(json!({"company": null, "person": null}));
        assert_eq!(
            compare(&patch, &based_on, &record(json!({"company": null}))),
            Verdict::Send
        );
        assert_eq!(
            compare(&patch, &based_on, &record(json!({"company": COMPANY}))),
            Verdict::AlreadyThere,
            "ids in another case and an absent field read as the same"
        );
    }

    #[test]
    fn an_unknown_starting_value_conflicts_rather_than_overwrites() {
        let patch = LeadPatch {
            status: Patch::Set("won".into()),
            ..LeadPatch::default()
        };
        let verdict = compare(
            &patch,
            &JsonRecord::new(),
            &record(json!({"status": "lost"})),
        );
        assert!(matches!(verdict, Verdict::Conflict(f) if f[0].based_on.is_none()));
    }

    #[test]
    fn settling_keeps_the_chosen_fields_and_rebases_on_the_service() {
        let patch = LeadPatch {
            status: Patch::Set("won".into()),
            source: Patch::Set("fair".into()),
            company: Patch::Clear,
            ..LeadPatch::default()
        };
        let conflicts = [
            FieldConflict {
                field: "status".into(),
                based_on: Some(json!("open")),
                service: json!("lost"),
                yours: json!("won"),
            },
            FieldConflict {
                field: "source".into(),
                based_on: Some(json!("web")),
                service: json!("phone"),
                yours: json!("fair"),
            },
        ];
        let keep = BTreeMap::from([
            ("status".to_owned(), Keep::Yours),
            ("source".to_owned(), Keep::Service),
        ]);
        let (patch, based_on) = settle(
            patch,
            record(json!({"company": COMPANY})),
            &conflicts,
            &keep,
        )
        .unwrap();
        assert_eq!(
            patch,
            LeadPatch {
                status: Patch::Set("won".into()),
                company: Patch::Clear,
                ..LeadPatch::default()
            }
        );
        assert_eq!(based_on["status"], json!("lost"));
        assert_eq!(based_on["source"], json!("phone"));

        let missing = settle(
            LeadPatch::default(),
            JsonRecord::new(),
            &conflicts,
            &BTreeMap::new(),
        );
        assert!(
            matches!(missing, Err(Error::InvalidChange(p)) if p.get("status").is_some() && p.get("source").is_some())
        );
    }
}

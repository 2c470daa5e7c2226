//! Request bodies of the write operations (`docs/service.md`, "Endpoints"
//! and the create and patch bodies under "Records"). Fields left `None` /
//! [`Patch::Keep`] are not sent.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::patch::Patch;
use crate::records::Timestamp;

/// Body of `POST /task/task/` (create task). Only `title` is required
/// (docs/service.md, "Task bounds"); the service checks the bounds: `title`,
/// `status` and `recurrence_rule` at most 255 characters, `priority`
/// -32768..=32767 (hence `i16`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NewTask {
    /// `title`: 1 to 255 characters.
    pub title: String,
    /// `description`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `status` (values not shown in the spec).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// `start`: date-time (ISO 8601; [`Timestamp::from`] a `DateTime<Utc>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Timestamp>,
    /// `entity_id`: uuid (request only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entity_id: Option<String>,
    /// `record_id`: uuid (request only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record_id: Option<String>,
    /// `custom_fields`: any JSON (in form and multipart bodies sent as JSON text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_fields: Option<Value>,
    /// `priority`: -32768..=32767.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<i16>,
    /// `recurrence_rule`: at most 255 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recurrence_rule: Option<String>,
    /// `expiry`: date-time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiry: Option<Timestamp>,
    /// `completed_at`: date-time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<Timestamp>,
    /// `assigned_to_user`: uuid of a member.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assigned_to_user: Option<String>,
}

/// The longest text the service takes in a bounded text field (a task's
/// `title`, `status` and `recurrence_rule`, a lead's `status`), in
/// characters (Unicode scalar values, as the service counts them):
/// `docs/service.md`, "Task bounds".
pub const TEXT_FIELD_MAX_CHARS: usize = 255;

impl NewTask {
    /// A task with only a title.
    #[must_use]
    pub fn titled(title: impl Into<String>) -> Self {
        NewTask {
            title: title.into(),
            ..NewTask::default()
        }
    }

    /// Checks the task against the service's bounds (`docs/service.md`,
    /// "Task bounds"): a `title` that is not blank, and `title`, `status`
    /// and `recurrence_rule` of at most [`TEXT_FIELD_MAX_CHARS`]
    /// characters (`priority` is an `i16`, so always in range).
    ///
    /// # Errors
    /// Every problem, keyed by field: `required`, or `too_long` with `max`
    /// and `count`.
    pub fn check(&self) -> Result<(), workdesk_query::ValidationErrors> {
        let mut problems = workdesk_query::ValidationErrors::default();
        if self.title.trim().is_empty() {
            problems.add_problem("title", workdesk_query::Problem::new("required", []));
        }
        for (field, text) in [
            ("title", Some(&self.title)),
            ("status", self.status.as_ref()),
            ("recurrence_rule", self.recurrence_rule.as_ref()),
        ] {
            if let Some(problem) = text.and_then(|text| too_long(text)) {
                problems.add_problem(field, problem);
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }
}

/// `too_long` when `text` has more than [`TEXT_FIELD_MAX_CHARS`]
/// characters.
#[must_use]
pub fn too_long(text: &str) -> Option<workdesk_query::Problem> {
    let count = text.chars().count();
    (count > TEXT_FIELD_MAX_CHARS).then(|| {
        workdesk_query::Problem::new(
            "too_long",
            [
                ("max", TEXT_FIELD_MAX_CHARS.to_string().as_str()),
                ("count", count.to_string().as_str()),
            ],
        )
    })
}

/// Body of `PATCH /crm/lead/{id}/` (partial update): only the fields that
/// are not [`Patch::Keep`] are sent; [`Patch::Clear`] sends `null`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LeadPatch {
    /// `custom_fields`: any JSON.
    #[serde(default, skip_serializing_if = "Patch::is_keep")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub custom_fields: Patch<Value>,
    /// `source`.
    #[serde(default, skip_serializing_if = "Patch::is_keep")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub source: Patch<String>,
    /// `status` (at most 255 characters).
    #[serde(default, skip_serializing_if = "Patch::is_keep")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub status: Patch<String>,
    /// `user_member`: uuid of a member.
    #[serde(default, skip_serializing_if = "Patch::is_keep")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub user_member: Patch<String>,
    /// `company`: uuid.
    #[serde(default, skip_serializing_if = "Patch::is_keep")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub company: Patch<String>,
    /// `person`: uuid.
    #[serde(default, skip_serializing_if = "Patch::is_keep")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub person: Patch<String>,
}

/// Body of `POST /stakeholder/stakeholder/` (create stakeholder).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NewStakeholder {
    /// `document_number`.
    pub document_number: String,
    /// `document_type`: uuid of a document type.
    pub document_type: String,
    /// `verification_digit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification_digit: Option<String>,
    /// `geographic_location`: uuid of a location.
    pub geographic_location: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_lead_patch_sends_only_what_changes_and_null_for_cleared() {
        let patch = LeadPatch {
            status: Patch::Set("won".into()),
            company: Patch::Clear,
            ..LeadPatch::default()
        };
        assert_eq!(
            serde_json::to_value(&patch).unwrap(),
            json!({"status": "won", "company": null})
        );
        let back: LeadPatch = serde_json::from_value(json!({"company": null})).unwrap();
        assert_eq!((back.company, back.status), (Patch::Clear, Patch::Keep));
    }

    #[test]
    fn a_new_task_leaves_out_what_is_not_set() {
        let task = NewTask {
            priority: Some(-32768),
            ..NewTask::titled("Llamar")
        };
        assert_eq!(
            serde_json::to_value(&task).unwrap(),
            json!({"title": "Llamar", "priority": -32768})
        );
    }
}

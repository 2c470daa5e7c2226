//! [`check_task`]: the one authority on the "New task" form. It reads the
//! form's inputs as typed ([`TaskDraft`]) into the task to send
//! (`workdesk_api::NewTask`), or says, input by input and by code, what is
//! wrong: the UI asks it as the user leaves an input and again before
//! sending, as the filter builder asks `check_view`.

use serde::Deserialize;
use specta::Type;
use workdesk_api::{NewTask, Problem, Timestamp, ValidationErrors};

use crate::ui_error::UiError;
use crate::writing::draft::{typed_id, verdict};

/// The "New task" form's inputs as typed: text, each `""` when left
/// empty; the date-times already read by the window as instants (RFC 3339,
/// from the local time typed there), `null` when empty.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Type)]
pub struct TaskDraft {
    /// `title` (required).
    pub title: String,
    /// `description`, kept as typed.
    pub description: String,
    /// `status`.
    pub status: String,
    /// `start` (RFC 3339).
    pub start: Option<String>,
    /// `expiry` (RFC 3339).
    pub expiry: Option<String>,
    /// `completed_at` (RFC 3339).
    pub completed_at: Option<String>,
    /// `priority`: a whole number as typed ("-12", "−12", " 7 ").
    pub priority: String,
    /// `recurrence_rule`.
    pub recurrence_rule: String,
    /// `assigned_to_user`: a member's id.
    pub assigned_to_user: String,
    /// `entity_id`: an id.
    pub entity_id: String,
    /// `record_id`: an id.
    pub record_id: String,
    /// `custom_fields`: JSON text.
    pub custom_fields: String,
}

/// Reads the "New task" form's inputs as typed (`draft`) into the task
/// `create_task` sends: the one authority on that form, asked as the user
/// leaves an input and before sending. Sends nothing; needs no workspace.
///
/// Errors: `invalid_input` (code `invalid_input`) with `field_errors` keyed
/// by input and coded: `required`, `too_long` (`max`, `count`),
/// `not_an_integer` / `out_of_range` (`min`, `max`), `not_a_uuid`,
/// `not_json`, `not_a_date_time`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn check_task(draft: TaskDraft) -> Result<NewTask, UiError> {
    crate::guard::guarded_sync(|| checked(&draft))
}

/// `draft` as the task to send: texts trimmed (the description kept as
/// typed), empty inputs left out, the priority a number, ids as the
/// service writes them, the custom fields parsed (`null` left out).
///
/// # Errors
/// `invalid_input` with `field_errors` keyed by input (the field's name)
/// and coded: `required` (no title), `too_long` (`max`, `count`: over
/// 255 characters), `not_an_integer` and `out_of_range` (`min`, `max`: a
/// priority that is no 16-bit whole number), `not_a_uuid`, `not_json`,
/// `not_a_date_time`.
fn checked(draft: &TaskDraft) -> Result<NewTask, UiError> {
    let mut problems = ValidationErrors::default();
    let text = |typed: &str| Some(typed.trim().to_owned()).filter(|t| !t.is_empty());
    let mut task = NewTask {
        title: draft.title.trim().to_owned(),
        description: Some(draft.description.clone()).filter(|d| !d.trim().is_empty()),
        status: text(&draft.status),
        recurrence_rule: text(&draft.recurrence_rule),
        ..NewTask::default()
    };
    match priority(&draft.priority) {
        Ok(priority) => task.priority = priority,
        Err(problem) => problems.add_problem("priority", problem),
    }
    for (field, typed, slot) in [
        ("start", &draft.start, &mut task.start),
        ("expiry", &draft.expiry, &mut task.expiry),
        ("completed_at", &draft.completed_at, &mut task.completed_at),
    ] {
        match typed.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => {}
            Some(instant) if Timestamp::from(instant.to_owned()).to_utc().is_some() => {
                *slot = Some(Timestamp::from(instant.to_owned()));
            }
            Some(instant) => {
                problems.add_problem(field, Problem::new("not_a_date_time", [("value", instant)]))
            }
        }
    }
    for (field, typed, slot) in [
        (
            "assigned_to_user",
            &draft.assigned_to_user,
            &mut task.assigned_to_user,
        ),
        ("entity_id", &draft.entity_id, &mut task.entity_id),
        ("record_id", &draft.record_id, &mut task.record_id),
    ] {
        let typed = typed.trim();
        if typed.is_empty() {
            continue;
        }
        if let Some(id) = typed_id(field, typed, &mut problems) {
            *slot = Some(id);
        }
    }
    if !draft.custom_fields.trim().is_empty() {
        match serde_json::from_str::<serde_json::Value>(&draft.custom_fields) {
            Ok(serde_json::Value::Null) => {}
            Ok(value) => task.custom_fields = Some(value),
            Err(_) => problems.add_problem("custom_fields", Problem::new("not_json", [])),
        }
    }
    if let Err(bounds) = task.check() {
        for (field, reason) in bounds.reasons() {
            problems.add_reason(field, reason.clone());
        }
    }
    verdict(task, problems)
}

/// A priority as typed: empty is none; a whole number from −32768 to 32767
/// (a minus sign, an en dash or a plus sign in front read as such).
fn priority(typed: &str) -> Result<Option<i16>, Problem> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(None);
    }
    let (min, max) = (i16::MIN.to_string(), i16::MAX.to_string());
    let bounds = [
        ("min", min.as_str()),
        ("max", max.as_str()),
        ("value", typed),
    ];
    let normal = typed
        .strip_prefix(['−', '–'])
        .map(|rest| format!("-{rest}"))
        .unwrap_or_else(|| typed.strip_prefix('+').unwrap_or(typed).to_owned());
    let digits = normal.strip_prefix('-').unwrap_or(&normal);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(Problem::new("not_an_integer", bounds));
    }
    normal
        .parse::<i16>()
        .map(Some)
        .map_err(|_| Problem::new("out_of_range", bounds))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(draft: &TaskDraft) -> Vec<(String, String)> {
        crate::writing::draft::codes(checked(draft).unwrap_err())
    }

    #[test]
    fn a_draft_becomes_the_task_the_service_takes() {
        let task = check_task(TaskDraft {
            title: "  Pagar arriendo ".into(),
            description: "  keep  ".into(),
            status: " ".into(),
            start: Some("2026-03-01T09:00:00-05:00".into()),
            priority: "−12".into(),
            assigned_to_user: "0F3A9C1E2B7D4E6F8A1B2C3D4E5F6A7B".into(),
            custom_fields: r#"{"budget": "5000"}"#.into(),
            ..TaskDraft::default()
        })
        .unwrap();
        assert_eq!(task.title, "Pagar arriendo");
        assert_eq!(task.description.as_deref(), Some("  keep  "));
        assert_eq!(task.status, None);
        assert_eq!(task.priority, Some(-12));
        assert_eq!(
            task.assigned_to_user.as_deref(),
            Some("0f3a9c1e-2b7d-4e6f-8a1b-2c3d4e5f6a7b")
        );
        assert_eq!(
            task.custom_fields,
            Some(serde_json::json!({"budget": "5000"}))
        );
        assert_eq!(
            task.start.map(|t| t.as_str().to_owned()).as_deref(),
            Some("2026-03-01T09:00:00-05:00")
        );
    }

    #[test]
    fn every_bound_is_the_services_and_every_problem_is_said_at_once() {
        let long = "ñ".repeat(256);
        let found = codes(&TaskDraft {
            title: " ".into(),
            status: long.clone(),
            recurrence_rule: "ñ".repeat(255),
            priority: "32768".into(),
            entity_id: "abc".into(),
            custom_fields: "{".into(),
            expiry: Some("tomorrow".into()),
            ..TaskDraft::default()
        });
        for expected in [
            ("title", "required"),
            ("status", "too_long"),
            ("priority", "out_of_range"),
            ("entity_id", "not_a_uuid"),
            ("custom_fields", "not_json"),
            ("expiry", "not_a_date_time"),
        ] {
            assert!(
                found.contains(&(expected.0.to_owned(), expected.1.to_owned())),
                "{expected:?} in {found:?}"
            );
        }
        assert!(
            !found.iter().any(|(field, _)| field == "recurrence_rule"),
            "255 characters are fine: {found:?}"
        );
        for (typed, code) in [
            ("1.5", "not_an_integer"),
            ("1e3", "not_an_integer"),
            ("abc", "not_an_integer"),
            ("-", "not_an_integer"),
            ("-32769", "out_of_range"),
            ("99999999999999999999", "out_of_range"),
        ] {
            let found = codes(&TaskDraft {
                title: "x".into(),
                priority: typed.into(),
                ..TaskDraft::default()
            });
            assert_eq!(found, [("priority".to_owned(), code.to_owned())], "{typed}");
        }
        let edge = check_task(TaskDraft {
            title: "ñ".repeat(255),
            priority: "-32768".into(),
            ..TaskDraft::default()
        })
        .unwrap();
        assert_eq!(edge.priority, Some(i16::MIN));
        for (typed, read) in [("32767", 32767), (" +7 ", 7), ("-0", 0), ("–5", -5)] {
            let task = check_task(TaskDraft {
                title: "x".into(),
                priority: typed.into(),
                ..TaskDraft::default()
            })
            .unwrap();
            assert_eq!(task.priority, Some(read), "{typed}");
        }
    }
}

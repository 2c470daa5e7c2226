//! What the forms' checks share ([`crate::task_draft::check_task`],
//! [`crate::lead_draft::check_lead`],
//! [`crate::stakeholder_draft::check_stakeholder`]): a record id as typed,
//! and the verdict once every input is read.

use workdesk_api::{Problem, ValidationErrors};

use crate::error::Error;
use crate::ui_error::UiError;

/// The record id typed in input `field` (trimmed, not empty), as the
/// service writes ids (lower-case, hyphenated); `None` with a
/// `not_a_uuid` problem (`value`) added to `problems` when it is no id.
pub(crate) fn typed_id(
    field: &str,
    typed: &str,
    problems: &mut ValidationErrors,
) -> Option<String> {
    match uuid::Uuid::try_parse(typed) {
        Ok(id) => Some(id.hyphenated().to_string()),
        Err(_) => {
            problems.add_problem(
                field,
                Problem::new(
                    "not_a_uuid",
                    [("value", typed)],
                    format!("“{typed}” is not a valid record ID."),
                ),
            );
            None
        }
    }
}

/// `value` when no input had a problem, else `invalid_input` with
/// `problems` keyed by input.
pub(crate) fn verdict<T>(value: T, problems: ValidationErrors) -> Result<T, UiError> {
    if problems.is_empty() {
        Ok(value)
    } else {
        Err(Error::Api(workdesk_api::Error::InvalidInput(problems)).into())
    }
}

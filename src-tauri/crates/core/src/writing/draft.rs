//! What the forms' checks share ([`crate::writing::task_draft::check_task`],
//! [`crate::writing::lead_draft::check_lead`],
//! [`crate::writing::stakeholder_draft::check_stakeholder`]): a record id as typed,
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
            problems.add_problem(field, Problem::new("not_a_uuid", [("value", typed)]));
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

/// The `(input, code)` of each problem of `error`, which must be
/// `invalid_input`: what the checks' tests compare.
#[cfg(test)]
pub(crate) fn codes(error: UiError) -> Vec<(String, String)> {
    use crate::ui_error::{ErrorKind, FieldProblem};
    assert_eq!(error.kind, ErrorKind::InvalidInput);
    error
        .field_errors
        .iter()
        .flat_map(|(field, problems)| {
            problems.iter().map(move |problem| match problem {
                FieldProblem::Check { code, .. } => (field.clone(), code.clone()),
                FieldProblem::Service { .. } => (field.clone(), "service".to_owned()),
            })
        })
        .collect()
}

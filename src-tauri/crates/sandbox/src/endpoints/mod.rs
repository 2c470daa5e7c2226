//! The service's endpoints (service-api.md, "Endpoints") and the assumed
//! reads (README, "Endpoints"): generic lists and single reads for every
//! resource, and the create / update / delete operations.

pub(crate) mod leads;
pub(crate) mod list;
pub(crate) mod records;
pub(crate) mod stakeholders;
pub(crate) mod tasks;

use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use chrono::{DateTime, SubsecRound, Utc};
use uuid::Uuid;

use crate::data::Workspace;
use crate::error::{Error, FieldErrors, Result};

/// The record id of a `…/{id}/` path. A path that is not a uuid names no
/// record: 404, like DRF's `get_object`.
pub(crate) fn record_id(path: Result<Path<String>, PathRejection>) -> Result<Uuid> {
    let Path(text) = path.map_err(|_| Error::NotFound)?;
    Uuid::parse_str(&text).map_err(|_| Error::NotFound)
}

/// Now, in whole seconds (the precision of every seeded date-time).
pub(crate) fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(0)
}

/// Adds DRF's "object does not exist" error to `field` when `value` (a
/// cleaned uuid cell) is not a member of `workspace`.
pub(crate) fn check_member(
    workspace: &Workspace,
    field: &str,
    value: &serde_json::Value,
    errors: &mut FieldErrors,
) {
    if let Some(text) = value.as_str() {
        let known = Uuid::parse_str(text).is_ok_and(|id| workspace.members.contains(&id));
        if !known {
            errors.add(field, does_not_exist(text));
        }
    }
}

/// DRF's message for a reference to a record that does not exist.
pub(crate) fn does_not_exist(id: &str) -> String {
    format!("Invalid pk \"{id}\" - object does not exist.")
}

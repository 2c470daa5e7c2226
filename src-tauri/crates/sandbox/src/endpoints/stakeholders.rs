//! `POST /stakeholder/stakeholder/` and `DELETE /stakeholder/stakeholder/{id}/`
//! (docs/service.md, "Stakeholder"; the delete effect under "Writes").

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde_json::{json, Value as JsonValue};
use uuid::Uuid;
use workdesk_query::resources::STAKEHOLDER;

use super::{does_not_exist, record_id};
use crate::auth::Principal;
use crate::body::RequestBody;
use crate::data::{Row, Workspace};
use crate::envelope::Envelope;
use crate::error::{Error, FieldErrors, Result};
use crate::state::AppState;
use crate::validate::{text, validate, Input, Kind};

/// The body of a stakeholder create: `document_number` (1..=50
/// characters), `document_type` and `geographic_location` (uuids of the
/// workspace's document types and locations) are required;
/// `verification_digit` (one character) is optional.
const INPUTS: &[Input] = &[
    Input::required(
        "document_number",
        Kind::Text {
            max_chars: Some(50),
            blank: false,
        },
    ),
    Input::required("document_type", Kind::Uuid),
    Input::optional("verification_digit", text(1)),
    Input::required("geographic_location", Kind::Uuid),
];

/// Creates a stakeholder created by the key's member: 201 with the record.
/// Its `name` is `"<document type name> <document number>"` (the body names
/// no one), `is_company` follows the document type (NIT), and
/// `person_or_company_id` / `person_or_company_member_id` are new uuids.
/// 400 with DRF errors for an invalid body, an unknown document type or
/// location, or a document type and number another live stakeholder has
/// (`non_field_errors`).
pub(crate) async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    RequestBody(body): RequestBody,
) -> Result<Response> {
    let mut errors = FieldErrors::default();
    let accepted = validate(INPUTS, &body, false, &mut errors);
    let value = |name: &str| {
        accepted
            .iter()
            .find(|(field, _)| *field == name)
            .map_or(JsonValue::Null, |(_, value)| value.clone())
    };
    let mut data = state.write();
    let workspace = data.workspace_mut(principal.workspace);
    let document_type = reference(
        &value("document_type"),
        "document_type",
        &mut errors,
        |id| {
            workspace
                .document_types
                .iter()
                .find(|t| t.id == id)
                .cloned()
        },
    );
    let location = reference(
        &value("geographic_location"),
        "geographic_location",
        &mut errors,
        |id| {
            workspace
                .geographic_locations
                .iter()
                .find(|l| l.id == id)
                .cloned()
        },
    );
    let number = value("document_number");
    if let (Some(document_type), Some(number)) = (&document_type, number.as_str()) {
        if is_taken(workspace, document_type.id, number) {
            errors.add(
                "non_field_errors",
                "The fields document_type, document_number must make a unique set.",
            );
        }
    }
    let (Some(document_type), Some(location), Some(number), true) =
        (document_type, location, number.as_str(), errors.is_empty())
    else {
        return Err(Error::InvalidBody(errors));
    };
    let stakeholder = Row::new(&STAKEHOLDER, Uuid::new_v4())
        .with("name", format!("{} {number}", document_type.name))
        .with("person_or_company_member_id", Uuid::new_v4().to_string())
        .with("person_or_company_id", Uuid::new_v4().to_string())
        .with("is_company", document_type.is_company)
        .with("document_type_name", document_type.name)
        .with("created_at", state.now())
        .with("created_by", principal.member)
        .with("document_number", number)
        .with("document_type", document_type.id)
        .with("verification_digit", value("verification_digit"))
        .with("geographic_location", location.id)
        .with_related("geographic_location", "name", &location.name)
        .with_related("document_type", "code", document_type.code)
        .with_related("document_type", "name", document_type.name);
    workspace.table_mut(&STAKEHOLDER).push(stakeholder.clone());
    drop(data);
    let envelope = Envelope::ok("Stakeholder created.", stakeholder.shown(None));
    Ok((StatusCode::CREATED, Json(envelope)).into_response())
}

/// The referenced record for a cleaned uuid cell, or an "object does not
/// exist" error on `field`. `None` also when the field had no valid value
/// (its error is already reported).
fn reference<T: Clone>(
    value: &JsonValue,
    field: &str,
    errors: &mut FieldErrors,
    find: impl Fn(Uuid) -> Option<T>,
) -> Option<T> {
    let text = value.as_str()?;
    let found = Uuid::parse_str(text).ok().and_then(find);
    if found.is_none() {
        errors.add(field, does_not_exist(text));
    }
    found
}

/// Whether a live stakeholder has this document type and number.
fn is_taken(workspace: &Workspace, document_type: Uuid, number: &str) -> bool {
    let document_type = JsonValue::String(document_type.to_string());
    workspace.table(&STAKEHOLDER).live().any(|row| {
        *row.value("document_type") == document_type
            && row.value("document_number").as_str() == Some(number)
    })
}

/// Soft-deletes the stakeholder (`deleted_at`, `deleted_by` = the key's
/// member; a stakeholder has no `audit_status` to mark): 200 with `data`
/// `{}`. Afterwards it is gone from lists and
/// GET / DELETE on it answer 404. 404 for a malformed, unknown, deleted or
/// other workspace's id.
pub(crate) async fn delete(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response> {
    let id = record_id(path)?;
    let mut data = state.write();
    let stakeholder = data
        .workspace_mut(principal.workspace)
        .table_mut(&STAKEHOLDER)
        .find_mut(id)
        .ok_or(Error::NotFound)?;
    stakeholder.set("deleted_at", state.now());
    stakeholder.set("deleted_by", principal.member);
    Ok(Json(Envelope::ok("Stakeholder deleted.", json!({}))).into_response())
}

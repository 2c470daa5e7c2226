//! `PATCH /crm/lead/{id}/`: partial update of a lead (docs/service.md, "Lead").

use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, Path, Request, State};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use workdesk_query::resources::LEAD;

use super::{check_member, record_id};
use crate::auth::Principal;
use crate::body::RequestBody;
use crate::data::Dataset;
use crate::envelope::Envelope;
use crate::error::{Error, FieldErrors, Result};
use crate::state::AppState;
use crate::validate::{text, validate, Input, Kind};

/// The fields a lead update may change, all optional and nullable;
/// `source` and `status` have at most 255 characters.
const INPUTS: &[Input] = &[
    Input::optional("custom_fields", Kind::Json),
    Input::optional("source", text(255)),
    Input::optional("status", text(255)),
    Input::optional("user_member", Kind::Uuid),
    Input::optional("company", Kind::Uuid),
    Input::optional("person", Kind::Uuid),
];

/// Changes exactly the fields the body has (`null` sets null; an absent
/// field stays as it was) and marks the lead updated by the key's member
/// (`audit_status` U, `updated_at`, `updated_by`): 200 with the lead.
/// 404 for a malformed, unknown, deleted or other workspace's id, before
/// the body is read (DRF's `get_object` comes first); then the body's
/// 413 / 415 / 400 (see [`RequestBody`]); 400 with DRF field errors for an
/// invalid body, including a `user_member` that is no member of the
/// workspace.
pub(crate) async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    path: Result<Path<String>, PathRejection>,
    request: Request,
) -> Result<Response> {
    let id = record_id(path)?;
    let exists = |data: &Dataset| {
        data.workspace(principal.workspace)
            .table(&LEAD)
            .find(id)
            .is_some()
    };
    if !exists(&state.read()) {
        return Err(Error::NotFound);
    }
    let RequestBody(body) = RequestBody::from_request(request, &state).await?;
    let mut data = state.write();
    // Read again under the write lock: the body was read without a lock.
    if !exists(&data) {
        return Err(Error::NotFound);
    }
    let workspace = data.workspace_mut(principal.workspace);
    let mut errors = FieldErrors::default();
    let accepted = validate(INPUTS, &body, true, &mut errors);
    if let Some((_, member)) = accepted.iter().find(|(name, _)| *name == "user_member") {
        check_member(workspace, "user_member", member, &mut errors);
    }
    crate::error::body_result(errors)?;
    let lead = workspace
        .table_mut(&LEAD)
        .find_mut(id)
        .ok_or(Error::NotFound)?;
    for (name, value) in accepted {
        lead.set(name, value);
    }
    lead.set("updated_at", state.now());
    lead.set("updated_by", principal.member);
    lead.set("audit_status", "U");
    let envelope = Envelope::ok("Lead updated.", lead.shown(None));
    Ok(Json(envelope).into_response())
}

//! `GET …/{id}/`: one live record of the key's workspace
//! (`/stakeholder/customer/{id}/` is in the spec; leads, tasks and
//! stakeholders are assumed).

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::{Extension, Json};
use workdesk_query::Schema;

use super::{noun_of, record_id};
use crate::auth::Principal;
use crate::envelope::Envelope;
use crate::error::{Error, Result};
use crate::state::AppState;

/// `GET` of one record of `schema`: 200 with the whole record; 404 for a
/// malformed id, an unknown or soft-deleted record, or another workspace's.
pub(crate) fn route(schema: &'static Schema) -> MethodRouter<AppState> {
    get(
        move |State(state): State<AppState>,
              Extension(principal): Extension<Principal>,
              path: Result<Path<String>, PathRejection>| async move {
            let id = record_id(path)?;
            let data = state.read();
            let row = data
                .workspace(principal.workspace)
                .table(schema)
                .find(id)
                .ok_or(Error::NotFound)?;
            let message = format!("{} retrieved.", noun_of(schema).singular);
            Ok::<Response, Error>(Json(Envelope::ok(message, row.shown(None))).into_response())
        },
    )
}

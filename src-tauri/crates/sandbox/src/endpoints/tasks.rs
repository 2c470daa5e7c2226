//! `POST /task/task/`: create a task (docs/service.md, "Task" and
//! "Task bounds").

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use uuid::Uuid;
use workdesk_query::resources::TASK;

use super::check_member;
use crate::auth::Principal;
use crate::body::RequestBody;
use crate::data::Row;
use crate::envelope::Envelope;
use crate::error::{FieldErrors, Result};
use crate::state::AppState;
use crate::validate::{text, validate, Input, Kind};

/// The body of a task create. `title` is required (1..=255 characters);
/// `status` and `recurrence_rule` have at most 255 characters; `priority`
/// is -32768..=32767; `entity_id` and `record_id` are accepted but not
/// part of the task record. Other body fields (e.g. child records) are
/// ignored.
const INPUTS: &[Input] = &[
    Input::required(
        "title",
        Kind::Text {
            max_chars: Some(255),
            blank: false,
        },
    ),
    Input::optional(
        "description",
        Kind::Text {
            max_chars: None,
            blank: true,
        },
    ),
    Input::optional("status", text(255)),
    Input::optional("start", Kind::DateTime),
    Input::optional("entity_id", Kind::Uuid),
    Input::optional("record_id", Kind::Uuid),
    Input::optional("custom_fields", Kind::Json),
    Input::optional(
        "priority",
        Kind::Integer {
            min: -32_768,
            max: 32_767,
        },
    ),
    Input::optional("recurrence_rule", text(255)),
    Input::optional("expiry", Kind::DateTime),
    Input::optional("completed_at", Kind::DateTime),
    Input::optional("assigned_to_user", Kind::Uuid),
];

/// Creates a task in the key's workspace, created by the key's member:
/// 201 with the task (every field of the task schema). 400 with DRF field
/// errors when the body is invalid, including an `assigned_to_user` that is
/// no member of the workspace.
pub(crate) async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    RequestBody(body): RequestBody,
) -> Result<Response> {
    let mut errors = FieldErrors::default();
    let accepted = validate(INPUTS, &body, false, &mut errors);
    let mut data = state.write();
    let workspace = data.workspace_mut(principal.workspace);
    if let Some((_, user)) = accepted
        .iter()
        .find(|(name, _)| *name == "assigned_to_user")
    {
        check_member(workspace, "assigned_to_user", user, &mut errors);
    }
    crate::error::body_result(errors)?;
    let mut task = Row::new(&TASK, Uuid::new_v4())
        .with("created_at", state.now())
        .with("member", principal.member)
        .with("created_by", principal.member);
    for (name, value) in accepted {
        if TASK.field(name).is_some() {
            task.set(name, value);
        }
    }
    workspace.table_mut(&TASK).push(task.clone());
    drop(data);
    let envelope = Envelope::ok("Task created.", task.shown(None));
    Ok((StatusCode::CREATED, Json(envelope)).into_response())
}

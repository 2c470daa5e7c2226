//! What the commands for the service's single-record operations do
//! (`docs/service.md`, "Endpoints"): create a task, read and patch a lead,
//! create, read and delete a stakeholder, read a customer. None is retried
//! once it may have reached the service; an outcome that is unknown (a
//! timeout or broken connection after sending, a gateway's 502 or 504, an
//! unreadable 2xx) is `unknown_outcome`, so the UI can offer to check.
//! Each write updates what it touches in the offline cache (the record
//! created or changed is saved, a deleted one goes from its pages), and a
//! write the service answered is announced, so the lists of its resource
//! read again ([`crate::reading::changes`]).
//!
//! **While the service cannot be reached** a write is queued in the
//! outbox instead ([`Written::Queued`]): when "Work offline" is on, when the last
//! exchange with the service found it unreachable, or when this write
//! could not reach it and the service surely did nothing (no connection,
//! a 503). The outbox's sender sends it later, exactly once
//! ([`crate::writing::outbox`]); nothing is announced until then.

use serde::Serialize;
use workdesk_api::{
    json_record_of, Connection, Lead, LeadPatch, NewStakeholder, NewTask, ResourceName,
    Stakeholder, Task,
};
use workdesk_sync::{Change, Replica};

use crate::error::Error;
use crate::guard::guarded;
use crate::reading::changes::ChangeCause;
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::workspace::session::Workspace;
use crate::writing::outbox::{keep_change, Written};

/// Whether a write goes to the outbox without trying the service:
/// "Work offline" is on, or the last exchange found it unreachable.
fn keeps_at_once(replica: &Replica) -> bool {
    replica.working_offline() || replica.client().connection() == Connection::Offline
}

/// Whether a write that failed with `err` is queued in the outbox: the
/// service was not reached (or said it did nothing: a 503) and the change
/// surely was not applied.
fn kept_after(err: &workdesk_api::Error) -> bool {
    err.connection() == Some(Connection::Offline) && !err.outcome_unknown()
}

/// A record created on the service with `send` (`what` names it in the
/// log and the errors: `task`), saved as a new record of `resource`;
/// or `change` queued in the outbox.
async fn create<T: Serialize>(
    state: &AppState,
    resource: ResourceName,
    what: &str,
    change: Change,
    send: impl AsyncFnOnce(&workdesk_api::Client) -> workdesk_api::Result<T>,
) -> Result<Written<T>, UiError> {
    let workspace = state.workspace().await?;
    let replica = &workspace.replica;
    if keeps_at_once(replica) {
        return keep_change(state, replica, &change).await;
    }
    let result = send(replica.client()).await;
    log_write(&format!("POST {what}"), &result);
    match result {
        Ok(made) => {
            if let Some(record) = json_record_of(&made) {
                replica.created(resource, record);
            }
            announce(state, &workspace, resource, ChangeCause::Written);
            Ok(Written::Sent { record: made })
        }
        Err(err) if kept_after(&err) => keep_change(state, replica, &change).await,
        Err(err) => Err(Error::write(err, what).into()),
    }
}

/// One record read straight from the service with `fetch` (`what`
/// names it in a 404: `lead`), saved as the newest copy of
/// `resource`'s record; dropped if the workspace on screen changed
/// meanwhile.
async fn fetch_one<T: Serialize>(
    state: &AppState,
    resource: ResourceName,
    what: &str,
    fetch: impl AsyncFnOnce(&workdesk_api::Client) -> workdesk_api::Result<T>,
) -> Result<T, UiError> {
    let workspace = state.workspace().await?;
    let client = workspace.replica.service().map_err(Error::from)?;
    let record = fetch(client).await.map_err(|e| Error::record(e, what))?;
    if let Some(json) = json_record_of(&record) {
        workspace.replica.changed(resource, json);
    }
    state.session.check_shown(&workspace)?;
    Ok(record)
}

/// `POST /task/task/`: creates `task` and returns it as created (`sent`),
/// or queues it in the outbox while the service cannot be reached (`queued`).
///
/// Errors: `invalid_input` with `field_errors` (the service's 400, keyed by
/// field); `unknown_outcome` (timeout or broken connection: the task may
/// exist); `unauthorized`, `forbidden`, `rate_limited`, `network`,
/// `service`, `not_configured`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn create_task(state: &AppState, task: NewTask) -> Result<Written<Task>, UiError> {
    guarded(async move {
        let change = Change::CreateTask { task: task.clone() };
        create(state, ResourceName::Task, "task", change, async |client| {
            client.create_task(&task).await
        })
        .await
    })
    .await
}

/// `POST /stakeholder/stakeholder/`: creates `stakeholder`; returns it
/// (`sent`), or queues it in the outbox (`queued`).
///
/// Errors: as `create_task` (a document already registered is a 400 under
/// `non_field_errors`).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn create_stakeholder(
    state: &AppState,
    stakeholder: NewStakeholder,
) -> Result<Written<Stakeholder>, UiError> {
    guarded(async move {
        let change = Change::CreateStakeholder {
            stakeholder: stakeholder.clone(),
        };
        create(
            state,
            ResourceName::Stakeholder,
            "stakeholder",
            change,
            async |client| client.create_stakeholder(&stakeholder).await,
        )
        .await
    })
    .await
}

/// `GET /crm/lead/{id}/` (assumed): the lead with its current values.
///
/// Errors: `invalid_input` (`field` = `id`), `not_found`, and the errors of
/// reads.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn get_lead(state: &AppState, id: String) -> Result<Lead, UiError> {
    guarded(async move {
        fetch_one(state, ResourceName::Lead, "lead", async |client| {
            client.get_lead(&id).await
        })
        .await
    })
    .await
}

/// `PATCH /crm/lead/{id}/`: sends only the fields present in `patch`
/// (`null` clears one); returns the updated lead (`sent`), or queues the
/// edit in the outbox while the service cannot be reached (`queued`).
///
/// Errors: as `create_task`, plus `invalid_input` (`field` = `id`) and
/// `not_found`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn patch_lead(
    state: &AppState,
    id: String,
    patch: LeadPatch,
) -> Result<Written<Lead>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let replica = &workspace.replica;
        let change = || lead_edit(replica, &id, &patch, None);
        if keeps_at_once(replica) {
            return keep_change(state, replica, &change()).await;
        }
        let result = replica.client().patch_lead(&id, &patch).await;
        log_write("PATCH lead", &result);
        match result {
            Ok(lead) => {
                if let Some(record) = json_record_of(&lead) {
                    replica.changed(ResourceName::Lead, record);
                }
                announce(state, &workspace, ResourceName::Lead, ChangeCause::Written);
                Ok(Written::Sent { record: lead })
            }
            Err(err) if kept_after(&err) => keep_change(state, replica, &change()).await,
            Err(err) => Err(Error::write(err, "lead").into()),
        }
    })
    .await
}

/// `DELETE /stakeholder/stakeholder/{id}/` (`sent`), or the deletion kept
/// in the outbox (`queued`).
///
/// Errors: as `patch_lead` (`not_found` also when already deleted).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn delete_stakeholder(state: &AppState, id: String) -> Result<Written<()>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let replica = &workspace.replica;
        let change = || Change::DeleteStakeholder {
            id: id.clone(),
            label: replica
                .saved_record(ResourceName::Stakeholder, &id)
                .ok()
                .flatten()
                .and_then(|saved| saved.value.get("name")?.as_str().map(str::to_owned)),
        };
        if keeps_at_once(replica) {
            return keep_change(state, replica, &change()).await;
        }
        let result = replica.client().delete_stakeholder(&id).await;
        log_write("DELETE stakeholder", &result);
        // Gone either way: deleted now, or already (404).
        let gone = match &result {
            Ok(()) => Some(ChangeCause::Written),
            Err(workdesk_api::Error::NotFound { .. }) => Some(ChangeCause::RecordGone),
            Err(_) => None,
        };
        if let Some(cause) = gone {
            replica.deleted(ResourceName::Stakeholder, &id);
            announce(state, &workspace, ResourceName::Stakeholder, cause);
        }
        match result {
            Ok(()) => Ok(Written::Sent { record: () }),
            Err(err) if kept_after(&err) => keep_change(state, replica, &change()).await,
            Err(err) => Err(Error::write(err, "stakeholder").into()),
        }
    })
    .await
}

/// The outbox's change for `patch` of lead `id`: based on the values of
/// the patched fields in the lead's saved copy with the edits still to
/// send laid over it, as the form showed it (a field the copy lacks is
/// unknown, so any other value on the service is a conflict), named
/// `label` in the outbox's list.
pub(crate) fn lead_edit(
    replica: &Replica,
    id: &str,
    patch: &LeadPatch,
    label: Option<String>,
) -> Change {
    let saved = replica
        .pending_record(ResourceName::Lead, id)
        .ok()
        .flatten()
        .unwrap_or_default();
    let based_on = json_record_of(patch)
        .unwrap_or_default()
        .keys()
        .filter_map(|field| Some((field.clone(), saved.get(field)?.clone())))
        .collect();
    Change::PatchLead {
        id: id.to_owned(),
        patch: patch.clone(),
        based_on,
        label,
    }
}

/// Announces that the lists of `resource` in `workspace` changed for
/// `cause` (a write the service answered).
fn announce(state: &AppState, workspace: &Workspace, resource: ResourceName, cause: ChangeCause) {
    state
        .session
        .announce_changes(&workspace.id, vec![resource], cause);
}

fn log_write<T>(what: &str, result: &workdesk_api::Result<T>) {
    match result {
        Ok(_) => log::info!("{what}: done"),
        Err(err) => log::warn!("{what} failed: {}", err.log_summary()),
    }
}

//! Commands for the service's single-record operations (`docs/service.md`,
//! "Endpoints"): create a task, read and patch a lead, create, read and
//! delete a stakeholder, read a customer. None is retried once it may have
//! reached the service; an outcome that is unknown (a timeout or broken
//! connection after sending, a gateway's 502 or 504, an unreadable 2xx) is
//! reported as `unknown_outcome` so the UI can offer to check. Each write
//! updates what it touches in the offline cache (the record created or
//! changed is saved, a deleted one goes from its pages); while "Work
//! offline" is on nothing is sent (`offline`).

use serde::Serialize;
use tauri::State;
use workdesk_api::{
    Customer, JsonRecord, Lead, LeadPatch, NewStakeholder, NewTask, ResourceName, Stakeholder, Task,
};

use crate::error::{Error, UiError};
use crate::state::AppState;

/// A typed record as the JSON object the cache keeps.
fn as_json(record: &impl Serialize) -> Option<JsonRecord> {
    match serde_json::to_value(record) {
        Ok(serde_json::Value::Object(map)) => Some(map),
        _ => None,
    }
}

/// `POST /task/task/`: creates `task` and returns it as created.
///
/// Errors: `invalid_input` with `field_errors` (the service's 400, keyed by
/// field); `unknown_outcome` (timeout or broken connection: the task may
/// exist); `unauthorized`, `forbidden`, `rate_limited`, `network`,
/// `service`, `not_configured`.
#[tauri::command]
#[specta::specta]
pub async fn create_task(state: State<'_, AppState>, task: NewTask) -> Result<Task, UiError> {
    crate::guard::guarded(create(&state, ResourceName::Task, "task", async |client| {
        client.create_task(&task).await
    }))
    .await
}

/// A record created on the service with `send` (`what` names it in the
/// log and the errors: `task`), saved as a new record of `resource`.
async fn create<T: Serialize>(
    state: &AppState,
    resource: ResourceName,
    what: &str,
    send: impl AsyncFnOnce(&workdesk_api::Client) -> workdesk_api::Result<T>,
) -> Result<T, UiError> {
    let workspace = state.workspace().await?;
    let client = workspace.replica.service().map_err(Error::from)?;
    let result = send(client).await;
    log_write(&format!("POST {what}"), &result);
    let made = result.map_err(|e| Error::write(e, what))?;
    if let Some(record) = as_json(&made) {
        workspace.replica.created(resource, record);
    }
    Ok(made)
}

/// `GET /crm/lead/{id}/` (assumed): the lead with its current values.
///
/// Errors: `invalid_input` (`field` = `id`), `not_found`, and the errors of
/// reads.
#[tauri::command]
#[specta::specta]
pub async fn get_lead(state: State<'_, AppState>, id: String) -> Result<Lead, UiError> {
    crate::guard::guarded(read_record(
        &state,
        ResourceName::Lead,
        "lead",
        async |client| client.get_lead(&id).await,
    ))
    .await
}

/// `PATCH /crm/lead/{id}/`: sends only the fields present in `patch`
/// (`null` clears one); returns the updated lead.
///
/// Errors: as `create_task`, plus `invalid_input` (`field` = `id`) and
/// `not_found`.
#[tauri::command]
#[specta::specta]
pub async fn patch_lead(
    state: State<'_, AppState>,
    id: String,
    patch: LeadPatch,
) -> Result<Lead, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let result = workspace
            .replica
            .service()
            .map_err(Error::from)?
            .patch_lead(&id, &patch)
            .await;
        log_write("PATCH lead", &result);
        let lead = result.map_err(|e| Error::write(e, "lead"))?;
        if let Some(record) = as_json(&lead) {
            workspace.replica.changed(ResourceName::Lead, record);
        }
        Ok(lead)
    })
    .await
}

/// `POST /stakeholder/stakeholder/`: creates `stakeholder`; returns it.
///
/// Errors: as `create_task` (a document already registered is a 400 under
/// `non_field_errors`).
#[tauri::command]
#[specta::specta]
pub async fn create_stakeholder(
    state: State<'_, AppState>,
    stakeholder: NewStakeholder,
) -> Result<Stakeholder, UiError> {
    crate::guard::guarded(create(
        &state,
        ResourceName::Stakeholder,
        "stakeholder",
        async |client| client.create_stakeholder(&stakeholder).await,
    ))
    .await
}

/// `DELETE /stakeholder/stakeholder/{id}/`.
///
/// Errors: as `patch_lead` (`not_found` also when already deleted).
#[tauri::command]
#[specta::specta]
pub async fn delete_stakeholder(state: State<'_, AppState>, id: String) -> Result<(), UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let result = workspace
            .replica
            .service()
            .map_err(Error::from)?
            .delete_stakeholder(&id)
            .await;
        log_write("DELETE stakeholder", &result);
        match result {
            // Gone either way: deleted now, or already (404).
            Ok(()) | Err(workdesk_api::Error::NotFound { .. }) => {
                workspace.replica.deleted(ResourceName::Stakeholder, &id);
            }
            Err(_) => {}
        }
        Ok(result.map_err(|e| Error::write(e, "stakeholder"))?)
    })
    .await
}

/// `GET /stakeholder/customer/{id}/`: one customer.
///
/// Errors: `invalid_input` (`field` = `id`), `not_found`, and the errors of
/// reads.
#[tauri::command]
#[specta::specta]
pub async fn get_customer(state: State<'_, AppState>, id: String) -> Result<Customer, UiError> {
    crate::guard::guarded(read_record(
        &state,
        ResourceName::Customer,
        "customer",
        async |client| client.get_customer(&id).await,
    ))
    .await
}

/// One record read straight from the service with `fetch` (`what` names
/// it in a 404: `lead`), saved as the newest copy of `resource`'s record;
/// dropped if the workspace on screen changed meanwhile.
async fn read_record<T: Serialize>(
    state: &AppState,
    resource: ResourceName,
    what: &str,
    fetch: impl AsyncFnOnce(&workdesk_api::Client) -> workdesk_api::Result<T>,
) -> Result<T, UiError> {
    let workspace = state.workspace().await?;
    let client = workspace.replica.service().map_err(Error::from)?;
    let record = fetch(client).await.map_err(|e| Error::record(e, what))?;
    if let Some(json) = as_json(&record) {
        workspace.replica.changed(resource, json);
    }
    state.check_shown(&workspace)?;
    Ok(record)
}

fn log_write<T>(what: &str, result: &workdesk_api::Result<T>) {
    match result {
        Ok(_) => log::info!("{what}: done"),
        Err(err) => log::warn!("{what} failed: {}", err.log_summary()),
    }
}

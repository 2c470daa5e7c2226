//! Commands for the service's single-record operations (`docs/service.md`,
//! "Endpoints"): create a task, read and patch a lead, create and delete a
//! stakeholder (a customer is read as any record is: `read_record`). None is retried once it may have
//! reached the service; an outcome that is unknown (a timeout or broken
//! connection after sending, a gateway's 502 or 504, an unreadable 2xx) is
//! reported as `unknown_outcome` so the UI can offer to check. Each write
//! updates what it touches in the offline cache; while "Work offline" is
//! on, or the service cannot be reached, the change is kept in the outbox
//! instead (`kept`) and sent later. Each is one line over
//! [`AppState`]'s method of the same name (`workdesk-core`).

use tauri::State;
use workdesk_api::{Lead, LeadPatch, NewStakeholder, NewTask, Stakeholder, Task};
use workdesk_core::guard::{guarded, guarded_sync};
use workdesk_core::outbox::Written;
use workdesk_core::state::AppState;
use workdesk_core::task_draft::TaskDraft;
use workdesk_core::ui_error::UiError;

/// Reads the "New task" form's inputs as typed (`draft`) into the task
/// `create_task` sends: the one authority on that form, asked as the user
/// leaves an input and before sending. Sends nothing; needs no workspace.
///
/// Errors: `invalid_input` (code `invalid_input`) with `field_errors` keyed
/// by input and coded: `required`, `too_long` (`max`, `count`),
/// `not_an_integer` / `out_of_range` (`min`, `max`), `not_a_uuid`,
/// `not_json`, `not_a_date_time`.
#[tauri::command]
#[specta::specta]
pub fn check_task(draft: TaskDraft) -> Result<NewTask, UiError> {
    guarded_sync(|| workdesk_core::task_draft::check_task(&draft))
}

/// `POST /task/task/`: creates `task` and returns it as created (`sent`),
/// or keeps it in the outbox while the service cannot be reached (`kept`).
///
/// Errors: `invalid_input` with `field_errors` (the service's 400, keyed by
/// field); `unknown_outcome` (timeout or broken connection: the task may
/// exist); `unauthorized`, `forbidden`, `rate_limited`, `network`,
/// `service`, `not_configured`.
#[tauri::command]
#[specta::specta]
pub async fn create_task(
    state: State<'_, AppState>,
    task: NewTask,
) -> Result<Written<Task>, UiError> {
    guarded(state.create_task(task)).await
}

/// `GET /crm/lead/{id}/` (assumed): the lead with its current values.
///
/// Errors: `invalid_input` (`field` = `id`), `not_found`, and the errors of
/// reads.
#[tauri::command]
#[specta::specta]
pub async fn get_lead(state: State<'_, AppState>, id: String) -> Result<Lead, UiError> {
    guarded(state.get_lead(id)).await
}

/// `PATCH /crm/lead/{id}/`: sends only the fields present in `patch`
/// (`null` clears one); returns the updated lead (`sent`), or keeps the
/// edit in the outbox while the service cannot be reached (`kept`).
///
/// Errors: as `create_task`, plus `invalid_input` (`field` = `id`) and
/// `not_found`.
#[tauri::command]
#[specta::specta]
pub async fn patch_lead(
    state: State<'_, AppState>,
    id: String,
    patch: LeadPatch,
) -> Result<Written<Lead>, UiError> {
    guarded(state.patch_lead(id, patch)).await
}

/// `POST /stakeholder/stakeholder/`: creates `stakeholder`; returns it
/// (`sent`), or keeps it in the outbox (`kept`).
///
/// Errors: as `create_task` (a document already registered is a 400 under
/// `non_field_errors`).
#[tauri::command]
#[specta::specta]
pub async fn create_stakeholder(
    state: State<'_, AppState>,
    stakeholder: NewStakeholder,
) -> Result<Written<Stakeholder>, UiError> {
    guarded(state.create_stakeholder(stakeholder)).await
}

/// `DELETE /stakeholder/stakeholder/{id}/` (`sent`), or the deletion kept
/// in the outbox (`kept`).
///
/// Errors: as `patch_lead` (`not_found` also when already deleted).
#[tauri::command]
#[specta::specta]
pub async fn delete_stakeholder(
    state: State<'_, AppState>,
    id: String,
) -> Result<Written<()>, UiError> {
    guarded(state.delete_stakeholder(id)).await
}

//! Commands over saved data: "Make available offline" with its progress
//! over a Tauri channel, "Work offline", totals over saved records, and
//! the Storage section (the saved answer shown before the service's comes
//! with every read: `read_list`, `read_record`). Each is one line over [`AppState`]'s method of the
//! same name (`workdesk-core`).

use serde::Serialize;
use specta::Type;
use tauri::ipc::Channel;
use tauri::State;
use workdesk_api::{ListView, ResourceName};
use workdesk_core::guard::{guarded, guarded_sync};
use workdesk_core::offline::Storage;
use workdesk_core::saved_data::Notice;
use workdesk_core::state::AppState;
use workdesk_core::ui_error::UiError;
use workdesk_core::work_done::{DoneNotice, Notifier};
use workdesk_sync::{OfflineList, Progress, SeenMember, Totals};

use crate::send;

/// Pushed to the window when saving data for offline use fails (once,
/// until the Storage section has shown it): `{notice}`, which the UI words.
/// The answer on screen is never affected.
#[derive(Debug, Clone, Serialize, Type, tauri_specta::Event)]
pub struct SavedDataNotice {
    /// What happened.
    pub notice: Notice,
}

/// Takes every record of `resource` offline (or, once it is, fetches only
/// what changed since), sending [`Progress`] on `progress` after every page
/// and pause. Stops before the last 10 % of the key's budget and goes on by
/// itself after the reset. `cancel_download` stops it. When it took long
/// and ends while Workdesk is not the focused window, a system
/// notification says so with `notice`'s words.
///
/// Errors: `cancelled`; `offline` ("Work offline" is on); `invalid_input`
/// when a download of that list is already running; the errors of
/// `list_records`.
#[tauri::command]
#[specta::specta]
pub async fn make_available_offline(
    state: State<'_, AppState>,
    notifier: State<'_, Notifier>,
    resource: ResourceName,
    progress: Channel<Progress>,
    notice: DoneNotice,
) -> Result<OfflineList, UiError> {
    guarded(state.make_available_offline(
        &notifier,
        resource,
        |step| send(&progress, step.clone(), "download"),
        notice,
    ))
    .await
}

/// The count and exact sums of `fields` (money columns) over every record
/// `view` of `resource` selects, from the saved records of a list made
/// available offline (the shared engine); `null` when the list is not
/// saved whole (the UI then sums the page on screen and says so).
///
/// Errors: `invalid_input` (`saved_data_refused`, keyed `filters.<index>`)
/// for a view the saved records cannot answer; `not_configured`;
/// `internal` when saved data cannot be read.
#[tauri::command]
#[specta::specta]
pub async fn saved_totals(
    state: State<'_, AppState>,
    resource: ResourceName,
    view: ListView,
    fields: Vec<String>,
) -> Result<Option<Totals>, UiError> {
    guarded(state.saved_totals(resource, view, fields)).await
}

/// The workspace members the saved records of the workspace on screen
/// name (who created, updated, follows or is assigned them), the one named
/// by most records first, each with that count and the newest such record:
/// what a picker of a task's assignee or a lead's follower offers, since
/// the service has no list of members. Reads saved data only.
///
/// Errors: `not_configured`; `internal` when saved data cannot be read.
#[tauri::command]
#[specta::specta]
pub async fn members_seen(state: State<'_, AppState>) -> Result<Vec<SeenMember>, UiError> {
    guarded(state.members_seen()).await
}

/// Cancels the download of `resource`, if one runs (what it saved stays).
#[tauri::command]
#[specta::specta]
pub fn cancel_download(state: State<'_, AppState>, resource: ResourceName) -> Result<(), UiError> {
    guarded_sync(|| state.cancel_download(resource))
}

/// What is saved of `resource`'s list as a whole: whether it was made
/// available offline, how many records are saved, when it was refreshed.
///
/// Errors: `not_configured`; `internal` when saved data cannot be read.
#[tauri::command]
#[specta::specta]
pub async fn offline_list(
    state: State<'_, AppState>,
    resource: ResourceName,
) -> Result<OfflineList, UiError> {
    guarded(state.offline_list(resource)).await
}

/// Turns "Work offline" on or off (kept in the settings): while on,
/// nothing is sent to the service and every screen shows saved data.
/// Returns the new setting.
///
/// Errors: `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn set_working_offline(state: State<'_, AppState>, on: bool) -> Result<bool, UiError> {
    guarded(state.set_working_offline(on)).await
}

/// The saved data of each workspace and the total, and a notice to show
/// once.
///
/// Errors: `internal` when saved data cannot be read.
#[tauri::command]
#[specta::specta]
pub async fn storage(state: State<'_, AppState>) -> Result<Storage, UiError> {
    guarded(state.storage()).await
}

/// Sets the size cap of each workspace's saved data, in MB (16 to
/// 1,048,576); the least recently viewed records go first when it is passed.
///
/// Errors: `invalid_input` (`field` = `cap_mb`) outside that range;
/// `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn set_storage_cap(state: State<'_, AppState>, cap_mb: u32) -> Result<Storage, UiError> {
    guarded(state.set_storage_cap(cap_mb)).await
}

/// "Keep saved data at most N days" (`days`: 1 to 3,650; `null` turns it
/// off, the default): records fetched longer ago are deleted from every
/// workspace's saved data now, then at each start and daily. A list made
/// available offline and brought up to date counts as fetched then.
///
/// Errors: `invalid_input` (`field` = `max_age_days`, code
/// `max_age_out_of_range` with `min` and `max`) outside that range, with
/// nothing changed; `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn set_saved_data_max_age(
    state: State<'_, AppState>,
    days: Option<u32>,
) -> Result<Storage, UiError> {
    guarded(state.set_saved_data_max_age(days)).await
}

/// "Clear saved data": deletes every saved page and record of the
/// workspace on screen (and files set aside); settings, views and the API
/// key stay.
///
/// Errors: `not_configured`.
#[tauri::command]
#[specta::specta]
pub async fn clear_saved_data(state: State<'_, AppState>) -> Result<Storage, UiError> {
    guarded(state.clear_saved_data()).await
}

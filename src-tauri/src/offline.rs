//! Commands over saved data: the saved answer shown before the service's
//! (`list_saved`, `saved_record`, `saved_customer`), "Make available
//! offline" with its progress over a Tauri channel, "Work offline", and the
//! Storage section.

use serde::Serialize;
use specta::Type;
use tauri::ipc::Channel;
use tauri::State;
use workdesk_api::{Customer, JsonRecord, ListView, Page, ResourceName};
use workdesk_sync::{CancellationToken, OfflineList, Progress, Saved, Totals};

use crate::error::{Error, UiError};
use crate::saved_data::{lock, Kept, Notice, SavedData, SessionOnlyReason};
use crate::state::AppState;
use crate::work_done::{DoneNotice, Notifier};

/// The saved answer for `view` of `resource`, from this computer only
/// (never the network): the page as saved when it was last seen, or, for a
/// view never seen, the view answered over every saved record of the
/// resource (`source.kind = "saved_records"`: `count` is out of
/// `source.saved` records). `null` when nothing of the resource is saved.
///
/// Errors: `invalid_input` with `field_errors` keyed `filters.<index>`,
/// `sort`, `fields` for what the saved records cannot answer (a related
/// record's name, a field not saved for every record); `not_configured`.
#[tauri::command]
#[specta::specta]
pub async fn list_saved(
    state: State<'_, AppState>,
    resource: ResourceName,
    view: ListView,
) -> Result<Option<Saved<Page<JsonRecord>>>, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let replica = workspace.replica.clone();
        let saved = tokio::task::spawn_blocking(move || replica.saved_page(resource, &view))
            .await
            .map_err(|err| Error::SavedData(err.to_string()))?;
        state.check_shown(&workspace)?;
        Ok(saved.map_err(Error::from)?)
    })
    .await
}

/// The saved copy of record `id` of `resource`, or `null`.
///
/// Errors: `not_configured`; `internal` when saved data cannot be read.
#[tauri::command]
#[specta::specta]
pub async fn saved_record(
    state: State<'_, AppState>,
    resource: ResourceName,
    id: String,
) -> Result<Option<Saved<JsonRecord>>, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let saved = workspace
            .replica
            .saved_record(resource, &id)
            .map_err(Error::from)?;
        state.check_shown(&workspace)?;
        Ok(saved)
    })
    .await
}

/// A customer as saved, for the customer card before (or without) the
/// service.
#[derive(Debug, Clone, Serialize, Type)]
pub struct SavedCustomer {
    /// The customer as last fetched.
    pub customer: Customer,
    /// When (UTC).
    pub saved_at: chrono::DateTime<chrono::Utc>,
}

/// The saved copy of customer `id`, or `null`.
///
/// Errors: as `saved_record`.
#[tauri::command]
#[specta::specta]
pub async fn saved_customer(
    state: State<'_, AppState>,
    id: String,
) -> Result<Option<SavedCustomer>, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let saved = workspace
            .replica
            .saved_record(ResourceName::Customer, &id)
            .map_err(Error::from)?;
        state.check_shown(&workspace)?;
        Ok(saved.and_then(|saved| {
            let saved_at = match saved.source {
                workdesk_sync::Source::SavedPage { saved_at, .. } => saved_at,
                workdesk_sync::Source::SavedRecords { saved_at, .. } => {
                    saved_at.unwrap_or_default()
                }
            };
            serde_json::from_value(serde_json::Value::Object(saved.value))
                .ok()
                .map(|customer| SavedCustomer { customer, saved_at })
        }))
    })
    .await
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
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let started = std::time::Instant::now();
        let cancel = CancellationToken::new();
        {
            let mut downloads = lock(&state.downloads);
            if downloads.contains_key(&resource) {
                return Err(Error::DownloadRunning.into());
            }
            downloads.insert(resource, cancel.clone());
        }
        let result = workspace
            .replica
            .make_available_offline(
                resource,
                |step| {
                    if let Err(err) = progress.send(step.clone()) {
                        log::warn!("the download's progress could not reach the window: {err}");
                    }
                },
                &cancel,
            )
            .await;
        lock(&state.downloads).remove(&resource);
        if !matches!(result, Err(workdesk_sync::Error::Cancelled)) {
            notifier.work_ended(started, state.long_work, &notice, result.is_ok(), "");
        }
        Ok(result.map_err(Error::from)?)
    })
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
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let replica = workspace.replica.clone();
        let totals =
            tokio::task::spawn_blocking(move || replica.saved_totals(resource, &view, &fields))
                .await
                .map_err(|err| Error::SavedData(err.to_string()))?;
        state.check_shown(&workspace)?;
        Ok(totals.map_err(Error::from)?)
    })
    .await
}

/// Cancels the download of `resource`, if one runs (what it saved stays).
#[tauri::command]
#[specta::specta]
pub fn cancel_download(state: State<'_, AppState>, resource: ResourceName) -> Result<(), UiError> {
    crate::guard::guarded_sync(move || {
        if let Some(cancel) = lock(&state.downloads).get(&resource) {
            cancel.cancel();
        }
        Ok(())
    })
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
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        Ok(workspace
            .replica
            .offline_list(resource)
            .map_err(Error::from)?)
    })
    .await
}

/// Turns "Work offline" on or off (kept in the settings): while on,
/// nothing is sent to the service and every screen shows saved data.
/// Returns the new setting.
///
/// Errors: `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn set_working_offline(state: State<'_, AppState>, on: bool) -> Result<bool, UiError> {
    crate::guard::guarded(async move {
        state.settings.set_working_offline(on)?;
        state
            .working_offline
            .store(on, std::sync::atomic::Ordering::Relaxed);
        log::info!("work offline {}", if on { "on" } else { "off" });
        Ok(on)
    })
    .await
}

/// Pushed to the window when saving data for offline use fails (once,
/// until the Storage section has shown it): `{notice}`, which the UI words.
/// The answer on screen is never affected.
#[derive(Debug, Clone, Serialize, Type, tauri_specta::Event)]
pub struct SavedDataNotice {
    /// What happened.
    pub notice: Notice,
}

/// One workspace's saved data, as the Storage section lists it.
#[derive(Debug, Clone, Serialize, Type)]
pub struct WorkspaceStorage {
    /// The workspace's name; `None` for the demo workspace (the UI names
    /// it).
    pub name: Option<String>,
    /// Whether it is the workspace on screen.
    pub on_screen: bool,
    /// How its data is kept (`null` when nothing was opened yet this session).
    pub kept: Option<Kept>,
    /// Bytes it takes (on disk, or in memory for the session).
    pub bytes: u64,
    /// Records saved (`null` when not opened this session).
    pub records: Option<u64>,
    /// Bytes of unreadable files set aside (kept, named with their date).
    pub set_aside_bytes: u64,
}

/// The Storage section: each workspace's saved data and the total.
#[derive(Debug, Clone, Serialize, Type)]
pub struct Storage {
    /// Every workspace (the demo first, while it runs) and its saved data.
    pub workspaces: Vec<WorkspaceStorage>,
    /// Bytes of all saved data.
    pub total_bytes: u64,
    /// The size cap of each workspace's saved data, in MB.
    pub cap_mb: u32,
    /// "Keep saved data at most N days": N, or `null` when off.
    pub max_age_days: Option<u32>,
    /// The age limits that may be set, in days: `[shortest, longest]`.
    pub max_age_days_range: [u32; 2],
    /// Something to tell the user once (a file set aside, a failed write).
    pub notice: Option<Notice>,
}

/// The saved data of each workspace and the total, and a notice to show
/// once.
///
/// Errors: `internal` when saved data cannot be read.
#[tauri::command]
#[specta::specta]
pub async fn storage(state: State<'_, AppState>) -> Result<Storage, UiError> {
    crate::guard::guarded(async move {
        let mut workspaces = Vec::new();
        let demo = state
            .demo
            .lock()
            .await
            .as_ref()
            .map(|demo| demo.replica.clone());
        if let Some(replica) = &demo {
            let usage = replica
                .cache()
                .usage()
                .map_err(workdesk_sync::Error::from)
                .map_err(Error::from)?;
            workspaces.push(WorkspaceStorage {
                name: None,
                on_screen: true,
                kept: Some(Kept::SessionOnly {
                    reason: SessionOnlyReason::Demo,
                    detail: None,
                }),
                bytes: usage.bytes,
                records: Some(usage.records),
                set_aside_bytes: 0,
            });
        }
        let shown = if demo.is_none() {
            state.settings.current_workspace().map(|w| w.id)
        } else {
            None
        };
        let open = state.client.lock().await.open.clone();
        for entry in state.settings.workspaces() {
            let (on_disk, set_aside) = state.saved.bytes_on_disk(&entry.id);
            // Only the open workspace's cache is counted in records; the
            // others are measured by their files.
            let replica = open
                .as_ref()
                .filter(|(id, _)| id == &entry.id)
                .map(|(_, replica)| replica);
            let usage = match replica {
                Some(replica) => {
                    if let Some(err) = replica.cache().take_write_error() {
                        state.saved.notify(SavedData::write_failed_notice(&err));
                    }
                    Some(
                        replica
                            .cache()
                            .usage()
                            .map_err(workdesk_sync::Error::from)
                            .map_err(Error::from)?,
                    )
                }
                None => None,
            };
            let kept = replica.and(state.saved.kept());
            let in_memory = matches!(kept, Some(Kept::SessionOnly { .. }));
            workspaces.push(WorkspaceStorage {
                name: Some(entry.name),
                on_screen: shown.as_ref() == Some(&entry.id),
                bytes: match (&usage, in_memory) {
                    (Some(usage), true) => usage.bytes,
                    _ => on_disk,
                },
                records: usage.map(|usage| usage.records),
                kept,
                set_aside_bytes: set_aside,
            });
        }
        let total_bytes = workspaces.iter().map(|w| w.bytes + w.set_aside_bytes).sum();
        Ok(Storage {
            workspaces,
            total_bytes,
            cap_mb: state.settings.saved_data_cap_mb(),
            max_age_days: state.settings.saved_data_max_age_days(),
            max_age_days_range: [
                *crate::settings::MAX_AGE_DAYS.start(),
                *crate::settings::MAX_AGE_DAYS.end(),
            ],
            notice: state.saved.take_notice(),
        })
    })
    .await
}

/// Sets the size cap of each workspace's saved data, in MB (16 to
/// 1,048,576); the least recently viewed records go first when it is passed.
///
/// Errors: `invalid_input` (`field` = `cap_mb`) outside that range;
/// `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn set_storage_cap(state: State<'_, AppState>, cap_mb: u32) -> Result<Storage, UiError> {
    crate::guard::guarded(async move {
        if !(16..=1_048_576).contains(&cap_mb) {
            return Err(Error::CapOutOfRange.into());
        }
        state.settings.set_saved_data_cap_mb(cap_mb)?;
        if let Some(replica) = state.client.lock().await.replica() {
            replica.cache().set_cap(u64::from(cap_mb) * 1024 * 1024);
        }
        storage(state).await
    })
    .await
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
    crate::guard::guarded(async move {
        state.settings.set_saved_data_max_age_days(days)?;
        state.forget_old_saved_data().await;
        storage(state).await
    })
    .await
}

/// "Clear saved data": deletes every saved page and record of the
/// workspace on screen (and files set aside); settings, views and the API
/// key stay.
///
/// Errors: `not_configured`.
#[tauri::command]
#[specta::specta]
pub async fn clear_saved_data(state: State<'_, AppState>) -> Result<Storage, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let cache = workspace.replica.cache().clone();
        tokio::task::spawn_blocking(move || {
            cache.clear();
            cache.flush();
        })
        .await
        .map_err(|err| Error::SavedData(err.to_string()))?;
        if !workspace.id.is_demo() {
            state.saved.delete_set_aside(&workspace.id);
        }
        log::info!("saved data cleared");
        storage(state).await
    })
    .await
}

//! Commands over saved data: "Make available offline" with its progress
//! over a Tauri channel, "Work offline", totals over saved records, and the
//! Storage section. (The saved answer shown before the service's comes
//! with every read: [`crate::reading::records`].)

use serde::Serialize;
use specta::Type;
use workdesk_api::{ListView, ResourceName};
use workdesk_sync::{OfflineList, Progress, SeenMember, Totals};

use crate::channel::Channel;
use crate::error::Error;
use crate::guard::{guarded, guarded_sync};
use crate::offline::saved_data::{Kept, Notice, SavedData, SessionOnlyReason};
use crate::reading::changes::ChangeCause;
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::work_done::{DoneNotice, Notifier};

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
    /// Something to tell the user once (a file set aside, a failed write).
    pub notice: Option<Notice>,
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
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn make_available_offline(
    state: &AppState,
    notifier: &Notifier,
    resource: ResourceName,
    progress: Channel<Progress>,
    notice: DoneNotice,
) -> Result<OfflineList, UiError> {
    guarded(async move {
        let progress = |step: &Progress| progress.send(step.clone(), "download");
        let workspace = state.workspace().await?;
        let started = std::time::Instant::now();
        let walk = state.offline.walk_list(resource)?;
        let result = workspace
            .replica
            .make_available_offline(resource, progress, &walk.cancel)
            .await;
        drop(walk);
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
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn saved_totals(
    state: &AppState,
    resource: ResourceName,
    view: ListView,
    fields: Vec<String>,
) -> Result<Option<Totals>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let replica = workspace.replica.clone();
        let totals =
            tokio::task::spawn_blocking(move || replica.saved_totals(resource, &view, &fields))
                .await
                .map_err(|err| Error::SavedData(err.to_string()))?;
        state.session.check_shown(&workspace)?;
        Ok(totals.map_err(Error::from)?)
    })
    .await
}

/// The workspace members the saved records of the workspace on screen
/// name (who created, updated, follows or is assigned them), the one named
/// by most records first, each with that count and the newest such record:
/// what a picker of a task's assignee or a lead's follower offers, since
/// the service has no list of members. Reads saved data only.
///
/// Errors: `not_configured`; `internal` when saved data cannot be read.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn members_seen(state: &AppState) -> Result<Vec<SeenMember>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let replica = workspace.replica.clone();
        let members = tokio::task::spawn_blocking(move || replica.members_seen())
            .await
            .map_err(|err| Error::SavedData(err.to_string()))?;
        state.session.check_shown(&workspace)?;
        Ok(members.map_err(Error::from)?)
    })
    .await
}

/// Cancels the download of `resource`, if one runs (what it saved stays).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn cancel_download(state: &AppState, resource: ResourceName) -> Result<(), UiError> {
    guarded_sync(|| {
        state.offline.cancel_download(resource);
        Ok(())
    })
}

/// What is saved of `resource`'s list as a whole: whether it was made
/// available offline, how many records are saved, when it was refreshed.
///
/// Errors: `not_configured`; `internal` when saved data cannot be read.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn offline_list(
    state: &AppState,
    resource: ResourceName,
) -> Result<OfflineList, UiError> {
    guarded(async move {
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
/// Turned off, what was kept meanwhile is sent, and Rust says the
/// records of the workspace shown changed (`records-changed`, cause
/// `working_online`): its screens read again. Returns the new setting.
///
/// Errors: `internal` when the settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn set_working_offline(state: &AppState, on: bool) -> Result<bool, UiError> {
    guarded(async move {
        let was_on = state.working_offline();
        state.settings.set_working_offline(on)?;
        state.offline.working_offline.set(on);
        log::info!("work offline {}", if on { "on" } else { "off" });
        if on {
            return Ok(on);
        }
        if was_on {
            // The screens ask the service again.
            if let Some(shown) = state.shown().await {
                let cause = ChangeCause::WorkingOnline;
                state.session.announce_changes(&shown, Vec::new(), cause);
            }
        }
        // What was kept meanwhile goes now (the lists of what it delivers
        // read again after it: `sent_from_outbox`).
        state.session.kick_outbox().await;
        Ok(on)
    })
    .await
}

/// The saved data of each workspace and the total, and a notice to show
/// once.
///
/// Errors: `internal` when saved data cannot be read.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn storage(state: &AppState) -> Result<Storage, UiError> {
    guarded(async move {
        let mut workspaces = Vec::new();
        let demo = state
            .session
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
        let open = state.session.client.lock().await.open.clone();
        for entry in state.settings.workspaces() {
            let (on_disk, set_aside) = state.offline.saved.bytes_on_disk(&entry.id);
            // Only the open workspace's cache is counted in records; the
            // others are measured by their files.
            let replica = open
                .as_ref()
                .filter(|(id, _)| id == &entry.id)
                .map(|(_, replica)| replica);
            let usage = match replica {
                Some(replica) => {
                    if let Some(err) = replica.cache().take_write_error() {
                        state
                            .offline
                            .saved
                            .notify(SavedData::write_failed_notice(&err));
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
            let kept = replica.and(state.offline.saved.kept());
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
            notice: state.offline.saved.take_notice(),
        })
    })
    .await
}

/// Sets the size cap of each workspace's saved data, in MB (16 to
/// 1,048,576); the least recently viewed records go first when it is passed.
///
/// Errors: `invalid_input` (`field` = `cap_mb`) outside that range;
/// `internal` when the settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn set_storage_cap(state: &AppState, cap_mb: u32) -> Result<Storage, UiError> {
    guarded(async move {
        if !crate::settings::store::CAP_MB.contains(&cap_mb) {
            return Err(Error::CapOutOfRange.into());
        }
        state.settings.set_saved_data_cap_mb(cap_mb)?;
        if let Some(replica) = state.session.client.lock().await.replica() {
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
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn set_saved_data_max_age(
    state: &AppState,
    days: Option<u32>,
) -> Result<Storage, UiError> {
    guarded(async move {
        state.settings.set_saved_data_max_age_days(days)?;
        state.forget_old_saved_data().await;
        storage(state).await
    })
    .await
}

/// "Clear saved data": deletes every saved page and record of the
/// workspace on screen (and files set aside), with the records opened
/// last and the records' pins (their titles are record data); settings,
/// views, the views' pins and the API key stay.
///
/// Errors: `not_configured`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn clear_saved_data(state: &AppState) -> Result<Storage, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let cache = workspace.replica.cache().clone();
        tokio::task::spawn_blocking(move || {
            cache.clear();
            cache.flush();
            crate::reading::pins::forget_records(&cache)
        })
        .await
        .map_err(|err| Error::SavedData(err.to_string()))?
        .map_err(|err| Error::SavedData(err.to_string()))?;
        if !workspace.id.is_demo() {
            let kept = state.offline.saved.delete_set_aside(&workspace.id);
            if kept > 0 {
                log::info!("{kept} changes never sent kept in files set aside");
            }
        }
        log::info!("saved data cleared");
        storage(state).await
    })
    .await
}

/// "Try now": asks the service of the workspace on screen at once (a
/// one-record read); what it learns is pushed as the service's state.
/// Nothing is sent while "Work offline" is on.
///
/// Errors: `not_configured` when no workspace is shown.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn try_service_now(state: &AppState) -> Result<(), UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        if !workspace.replica.working_offline() {
            crate::offline::reconnect::probe(workspace.client()).await;
        }
        Ok(())
    })
    .await
}

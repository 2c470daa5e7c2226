//! The outbox of the workspace on screen (`workdesk_sync::outbox`): what
//! the user sees of it and does with it (its counts and the sender that
//! sends it in the background: [`crate::writing::sender`]).

use serde::Serialize;
use specta::Type;
use workdesk_sync::{Keep, OutboxState, Pending, Replica};

use crate::error::Error;
use crate::guard::guarded;
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::writing::sender::OutboxSummary;

/// The outbox as its screen shows it.
#[derive(Debug, Clone, Serialize, Type)]
pub struct Outbox {
    /// Every change, in the order they were made (and are sent).
    pub changes: Vec<Pending>,
    /// Their counts.
    pub summary: OutboxSummary,
}

/// What a write command did with the user's change.
#[derive(Debug, Clone, Serialize, Type)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Written<T> {
    /// The service applied it: the record as it answered (`null` for a
    /// deletion).
    Sent {
        /// The record created or changed.
        record: T,
    },
    /// The service could not be reached (or "Work offline" is on): the
    /// change is queued in the outbox, on the disk, and is sent when the
    /// service answers again.
    Queued {
        /// The change as the outbox keeps it.
        change: Box<Pending>,
    },
}

/// What "Save to a file…" wrote.
#[derive(Debug, Clone, Serialize, Type)]
pub struct SavedChanges {
    /// The file's name (without its folder).
    pub file_name: String,
    /// How many changes it holds.
    pub count: u32,
}

/// `changes` as "Save to a file…" writes them: each change as typed,
/// with its place, state, time made (UTC), attempts and note.
pub fn unsent_as_typed(changes: &[Pending]) -> serde_json::Value {
    serde_json::Value::Array(
        changes
            .iter()
            .map(|change| {
                serde_json::json!({
                    "id": change.id,
                    "state": change.state,
                    "made_at": change.made_at,
                    "attempts": change.attempts,
                    "change": change.change,
                    "note": change.note,
                })
            })
            .collect(),
    )
}

/// Keeps `change` in the outbox of `replica`'s workspace and asks for a
/// pass.
pub(crate) async fn keep_change<T>(
    state: &AppState,
    replica: &Replica,
    change: &workdesk_sync::Change,
) -> Result<Written<T>, UiError> {
    let kept = replica.keep_change(change).map_err(Error::from)?;
    log::info!("change {} queued in the outbox", kept.id);
    state.session.kick_outbox().await;
    Ok(Written::Queued {
        change: Box::new(kept),
    })
}

/// "Save to a file…": the changes not sent yet, as typed, written as JSON
/// (an array in the order made: `id`, `state`, `made_at`, `attempts`,
/// `change`, `note`) to a file picked in the system's save dialog
/// (`dialog`'s texts); `null` when the dialog was closed.
///
/// Errors: `saved_data_locked`, `saved_data_unreadable`; `internal`
/// (`changes_not_saved`, with `detail`) when the file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn save_changes(
    state: &AppState,
    save_dialog: &crate::export::commands::SaveFileDialog,
    dialog: crate::export::commands::SaveDialog,
) -> Result<Option<SavedChanges>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let unsent: Vec<Pending> = workspace
            .replica
            .outbox()
            .map_err(Error::from)?
            .into_iter()
            .filter(|change| change.state != OutboxState::Sent)
            .collect();
        let json = serde_json::to_vec_pretty(&unsent_as_typed(&unsent))
            .map_err(|err| Error::ChangesNotSaved(err.to_string()))?;
        let Some(path) = save_dialog.ask(&dialog, "json").await else {
            return Ok(None);
        };
        let written = path.clone();
        tokio::task::spawn_blocking(move || crate::export::parts::write_whole(&written, &json))
            .await
            .map_err(|err| Error::ChangesNotSaved(err.to_string()))?
            .map_err(|err| Error::ChangesNotSaved(err.to_string()))?;
        log::info!("{} changes not sent saved to a file", unsent.len());
        Ok(Some(SavedChanges {
            file_name: path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default(),
            count: u32::try_from(unsent.len()).unwrap_or(u32::MAX),
        }))
    })
    .await
}

/// The outbox of the workspace on screen: every change in the order made,
/// and the counts.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn outbox(state: &AppState) -> Result<Outbox, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let changes = workspace.replica.outbox().map_err(Error::from)?;
        Ok(Outbox {
            summary: OutboxSummary::of(&changes),
            changes,
        })
    })
    .await
}

/// The changes of `resource` not sent yet, as its list marks them: new
/// records (no id yet), records edited (the fields to be sent), records
/// to be deleted.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn pending_rows(
    state: &AppState,
    resource: workdesk_api::ResourceName,
) -> Result<Vec<workdesk_sync::PendingRow>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        Ok(workspace
            .replica
            .pending_rows(resource)
            .map_err(Error::from)?)
    })
    .await
}

/// Replaces change `id` with `change` (edited after the service refused
/// it, or before it was sent): waiting again, sent on the next pass.
///
/// Errors: `invalid_input` (by field; also a change of another kind),
/// `change_gone`, `change_being_sent`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn edit_change(
    state: &AppState,
    id: i64,
    change: workdesk_sync::Change,
) -> Result<Pending, UiError> {
    guarded(change_outbox(state, |replica| {
        replica.edit_change(id, &change)
    }))
    .await
}

/// Discards change `id`: it will not be sent.
///
/// Errors: `change_gone`, `change_being_sent`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn discard_change(state: &AppState, id: i64) -> Result<(), UiError> {
    guarded(change_outbox(state, |replica| replica.discard_change(id))).await
}

/// Settles a lead edit's conflict: per field in conflict, keep `yours` or
/// the `service`'s value; `null` when nothing is left to send.
///
/// Errors: `invalid_input` (a field without a choice), `change_gone`,
/// `change_not_in_conflict`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn resolve_conflict(
    state: &AppState,
    id: i64,
    keep: std::collections::BTreeMap<String, Keep>,
) -> Result<Option<Pending>, UiError> {
    guarded(change_outbox(state, |replica| {
        replica.resolve_conflict(id, &keep)
    }))
    .await
}

/// Lets change `id`, held for the user's word, go: written for another
/// address of the workspace (its key or address changed since), it is sent
/// to its address now; unsure whether the service has it (a colleague may
/// have made one like it), it is sent anyway.
///
/// Errors: `change_gone`, `change_not_held`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn release_change(state: &AppState, id: i64) -> Result<Pending, UiError> {
    guarded(change_outbox(state, |replica| {
        log::info!("outbox change {id}: the user chose to send it");
        replica.release(id)
    }))
    .await
}

/// Removes the changes already sent from the outbox's list; how many.
///
/// Errors: `saved_data_locked`, `saved_data_unreadable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn clear_sent(state: &AppState) -> Result<u32, UiError> {
    let cleared = guarded(change_outbox(state, Replica::clear_sent)).await?;
    Ok(u32::try_from(cleared).unwrap_or(u32::MAX))
}

/// "Send now": a pass over the outbox at once.
///
/// Errors: `offline` while working offline, `not_configured`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn send_outbox_now(state: &AppState) -> Result<(), UiError> {
    guarded(change_outbox(state, |replica| {
        replica.service().map(|_| ())
    }))
    .await
}

/// The one way the outbox of the workspace on screen is changed from the
/// window (an edit, a discard, a settled conflict, a release, clearing
/// what was sent, "Send now"): `change` on its replica, then a pass of
/// its sender, so that what the user changed goes at once.
///
/// # Errors
/// `not_configured` without a workspace, and `change`'s errors.
async fn change_outbox<T>(
    state: &AppState,
    change: impl FnOnce(&Replica) -> workdesk_sync::Result<T>,
) -> Result<T, UiError> {
    let workspace = state.workspace().await?;
    let done = change(&workspace.replica).map_err(Error::from)?;
    state.session.kick_outbox().await;
    Ok(done)
}

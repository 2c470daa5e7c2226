//! Commands of the outbox (changes made while the service could not be
//! reached, sent later exactly once: `workdesk_core::outbox`), and the
//! event that carries its counts to the status bar. Each command is one
//! line over [`AppState`]'s method of the same name.

use std::collections::BTreeMap;

use serde::Serialize;
use specta::Type;
use tauri::State;
use workdesk_api::ResourceName;
use workdesk_core::guard::guarded;
use workdesk_core::outbox::{Outbox, OutboxSummary};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::UiError;
use workdesk_core::workspaces::WorkspaceId;
use workdesk_sync::{Change, Keep, Pending, PendingRow};

/// The outbox's counts of workspace `workspace` changed (a change kept,
/// sent, refused…). The UI drops an event for a workspace it no longer
/// shows.
#[derive(Debug, Clone, PartialEq, Serialize, Type, tauri_specta::Event)]
pub struct OutboxChanged {
    /// The workspace whose outbox it is (`demo` for the demo).
    pub workspace: WorkspaceId,
    /// Its counts now.
    pub summary: OutboxSummary,
}

/// The outbox of the workspace on screen: every change in the order made,
/// and the counts.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`.
#[tauri::command]
#[specta::specta]
pub async fn outbox(state: State<'_, AppState>) -> Result<Outbox, UiError> {
    guarded(state.outbox()).await
}

/// The changes of `resource` not sent yet, as its list marks them: new
/// records (no id yet), records edited (the fields to be sent), records
/// to be deleted.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`.
#[tauri::command]
#[specta::specta]
pub async fn pending_rows(
    state: State<'_, AppState>,
    resource: ResourceName,
) -> Result<Vec<PendingRow>, UiError> {
    guarded(state.pending_rows(resource)).await
}

/// Replaces change `id` with `change` (edited after the service refused
/// it, or before it was sent): waiting again, sent on the next pass.
///
/// Errors: `invalid_input` (by field; also a change of another kind),
/// `change_gone`, `change_being_sent`.
#[tauri::command]
#[specta::specta]
pub async fn edit_change(
    state: State<'_, AppState>,
    id: i64,
    change: Change,
) -> Result<Pending, UiError> {
    guarded(state.edit_change(id, change)).await
}

/// Discards change `id`: it will not be sent.
///
/// Errors: `change_gone`, `change_being_sent`.
#[tauri::command]
#[specta::specta]
pub async fn discard_change(state: State<'_, AppState>, id: i64) -> Result<(), UiError> {
    guarded(state.discard_change(id)).await
}

/// Settles a lead edit's conflict: per field in conflict, keep `yours` or
/// the `service`'s value; `null` when nothing is left to send.
///
/// Errors: `invalid_input` (a field without a choice), `change_gone`,
/// `change_not_in_conflict`.
#[tauri::command]
#[specta::specta]
pub async fn resolve_conflict(
    state: State<'_, AppState>,
    id: i64,
    keep: BTreeMap<String, Keep>,
) -> Result<Option<Pending>, UiError> {
    guarded(state.resolve_conflict(id, keep)).await
}

/// Lets change `id`, held for the user's word, go: written for another
/// address of the workspace (its key or address changed since), it is sent
/// to its address now; unsure whether the service has it (a colleague may
/// have made one like it), it is sent anyway.
///
/// Errors: `change_gone`, `change_not_held`.
#[tauri::command]
#[specta::specta]
pub async fn release_change(state: State<'_, AppState>, id: i64) -> Result<Pending, UiError> {
    guarded(state.release_change(id)).await
}

/// "Save to a file…": the changes not sent yet, as typed, written as JSON
/// (an array in the order made: `id`, `state`, `made_at`, `attempts`,
/// `change`, `note`) to a file picked in the system's save dialog
/// (`dialog`'s texts); `null` when the dialog was closed.
///
/// Errors: `saved_data_locked`, `saved_data_unreadable`; `internal`
/// (`changes_not_saved`, with `detail`) when the file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn save_changes(
    state: State<'_, AppState>,
    save_dialog: State<'_, workdesk_core::export::SaveFileDialog>,
    dialog: workdesk_core::export::SaveDialog,
) -> Result<Option<workdesk_core::outbox::SavedChanges>, UiError> {
    guarded(state.save_changes(&save_dialog, dialog)).await
}

/// Removes the changes already sent from the outbox's list; how many.
///
/// Errors: `saved_data_locked`, `saved_data_unreadable`.
#[tauri::command]
#[specta::specta]
pub async fn clear_sent(state: State<'_, AppState>) -> Result<u32, UiError> {
    guarded(state.clear_sent()).await
}

/// "Send now": a pass over the outbox at once.
///
/// Errors: `offline` while working offline, `not_configured`.
#[tauri::command]
#[specta::specta]
pub async fn send_outbox_now(state: State<'_, AppState>) -> Result<(), UiError> {
    guarded(state.send_outbox_now()).await
}

//! The typed events Rust pushes to the window besides the service's state
//! ([`crate::service_state`]), the menu's ([`crate::menu`]) and the
//! updater's ([`crate::updates`]): described in the bindings, listened to
//! by the UI's stores; and [`push`], how each is pushed.

use serde::Serialize;
use specta::Type;
use tauri::{AppHandle, Runtime};
use tauri_specta::Event;
use workdesk_core::offline::saved_data::Notice;
use workdesk_core::reading::changes::ChangedRecords;
use workdesk_core::workspace::id::WorkspaceId;
use workdesk_core::writing::sender::OutboxSummary;

/// Pushed to the window when saving data for offline use fails (once,
/// until the Storage section has shown it): `{notice}`, which the UI words.
/// The answer on screen is never affected.
#[derive(Debug, Clone, Serialize, Type, tauri_specta::Event)]
pub struct SavedDataNotice {
    /// What happened.
    pub notice: Notice,
}

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

/// The records of a workspace changed: the screens showing them read
/// again in place (`workdesk_core::reading::changes` decides when).
#[derive(Debug, Clone, PartialEq, Serialize, Type, tauri_specta::Event)]
pub struct RecordsChanged(pub ChangedRecords);

/// A `workdesk://` link arrived (a second launch's, handed over): the
/// window asks where it goes (`open_link`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Type, tauri_specta::Event)]
pub struct LinkArrived;

/// Pushes `event` to the window; one that cannot reach it is logged.
pub fn push<R: Runtime, E: Event + Serialize + Clone>(app: &AppHandle<R>, event: E) {
    if let Err(err) = event.emit(app) {
        log::warn!("the event {} could not reach the window: {err}", E::NAME);
    }
}

//! The typed events Rust pushes to the window besides the service's state
//! ([`crate::service_state`]), the menu's ([`crate::menu`]) and the
//! updater's ([`crate::updates`]): described in the bindings, listened to
//! by the UI's stores.

use serde::Serialize;
use specta::Type;
use workdesk_core::saved_data::Notice;
use workdesk_core::sender::OutboxSummary;
use workdesk_core::workspaces::WorkspaceId;

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

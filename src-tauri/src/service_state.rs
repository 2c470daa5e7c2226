//! The service's state pushed to the window: whenever the shown
//! workspace's client learns something about the service (a request's
//! outcome, new rate-limit headers), the [`ServiceState`] event carries the
//! connection state and the key's budget, so the status bar, the offline
//! banner and every screen agree without asking (no polling of
//! `rate_limit`). Requests the UI did not make itself (a download, an
//! export's walk) update it too.

use serde::Serialize;
use specta::Type;
use tauri::{AppHandle, Runtime};
use workdesk_api::{Client, Connection, RateLimit};

use workdesk_core::error::Error;
use workdesk_core::ui_error::UiError;
use workdesk_core::workspace::id::WorkspaceId;

/// The service as the workspace `workspace`'s client last saw it. The UI
/// drops an event for a workspace it no longer shows.
#[derive(Debug, Clone, PartialEq, Serialize, Type, tauri_specta::Event)]
pub struct ServiceState {
    /// The workspace whose client this is (`demo` for the demo).
    pub workspace: WorkspaceId,
    /// What the last exchange with the service said about reaching it.
    pub connection: Connection,
    /// The key's budget from the latest rate-limit headers.
    pub budget: RateLimit,
    /// While `connection` is `key_refused`: the refusal in the UI's error
    /// (`unauthorized`, `key_refused`, the service's words), which the
    /// re-enter-key prompt shows. `null` otherwise.
    pub refusal: Option<UiError>,
}

/// Pushes every change of `client`'s connection state and budget to
/// `app`'s window, as workspace `workspace`'s, until the client is dropped
/// (its workspace closed or changed).
pub fn watch<R: Runtime>(client: &Client, workspace: WorkspaceId, app: AppHandle<R>) {
    let mut connection = client.subscribe_connection();
    let mut budget = client.subscribe_rate_limit();
    let refusal = client.subscribe_refusal();
    tauri::async_runtime::spawn(async move {
        loop {
            let changed = tokio::select! {
                changed = connection.changed() => changed,
                changed = budget.changed() => changed,
            };
            if changed.is_err() {
                break;
            }
            let connection = *connection.borrow_and_update();
            let refusal = (connection == Connection::KeyRefused)
                .then(|| refusal.borrow().clone())
                .flatten()
                .map(|refusal| UiError::from(Error::Api(refusal.to_error())));
            let state = ServiceState {
                workspace: workspace.clone(),
                connection,
                budget: *budget.borrow_and_update(),
                refusal,
            };
            crate::events::push(&app, state);
        }
    });
}

//! The workspace commands the UI calls (exported to TypeScript by
//! tauri-specta): add, change, rename, switch and remove workspaces, the
//! demo, the language and density, the rate-limit budget, diagnostics.
//! Each is one line over [`AppState`]'s method of the same name
//! (`workdesk-core`), under [`guarded`]. An API key goes in
//! (`add_workspace`, `update_workspace`) but never comes out: the UI only
//! ever receives a masked hint. A stored key is sent only to the origin
//! (scheme, host, port) its keychain item was entered for.

use tauri::State;
use workdesk_api::RateLimit;
use workdesk_core::commands::WorkspaceStatus;
use workdesk_core::diagnostics::{Diagnostics, LogFolder};
use workdesk_core::guard::{guarded, guarded_sync};
use workdesk_core::settings::{Density, LanguageChoice};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::UiError;
use workdesk_core::workspaces::WorkspaceId;

/// Start-up state: which screen to show, the workspaces, the shown one's
/// key hint, keychain health and the last view. A keychain that cannot be
/// read is reported in `keychain`, not as an error, so the app still opens.
#[tauri::command]
#[specta::specta]
pub async fn workspace_status(state: State<'_, AppState>) -> Result<WorkspaceStatus, UiError> {
    guarded(state.workspace_status()).await
}

/// Sets the language of the UI (`system`: the operating system's) and
/// keeps it in the settings. Returns it.
///
/// Errors: `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub fn set_language(
    state: State<'_, AppState>,
    language: LanguageChoice,
) -> Result<LanguageChoice, UiError> {
    guarded_sync(|| state.set_language(language))
}

/// Keeps the window's zoom for the next start: the level of
/// `LIMITS.zoom_steps` nearest to `percent` (50 to 200), which it returns
/// for the window to zoom to (the webview's own `setZoom`, granted by the
/// capability); at start Rust zooms the window to it before showing it.
///
/// Errors: `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub fn set_zoom(state: State<'_, AppState>, percent: u16) -> Result<u16, UiError> {
    guarded_sync(|| state.set_zoom(percent))
}

/// Sets the records table's density (`normal`, `compact`) and keeps it in
/// the settings. Returns it.
///
/// Errors: `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub fn set_density(state: State<'_, AppState>, density: Density) -> Result<Density, UiError> {
    guarded_sync(|| state.set_density(density))
}

/// Adds a workspace and shows it: checks the address and key by asking the
/// service for one supplier invoice (through `proxy` when one is typed),
/// and only if the service accepts the key stores it (OS keychain under a
/// new id, or this session only when there is none) and adds the workspace
/// to the settings. `name` empty: the server's host (numbered when taken).
/// Nothing is kept on failure. The demo stops if it ran.
///
/// Errors: `invalid_input` (`field` = `name`, `base_url`, `api_key` or
/// `proxy`; also a `base_url` that answers 404), `unauthorized` (`field` =
/// `api_key`), `network` (code `certificate` when the server's certificate
/// is refused, naming its host), `rate_limited`, `service`, `offline`
/// ("Work offline" is on), `internal` (settings).
#[tauri::command]
#[specta::specta]
pub async fn add_workspace(
    state: State<'_, AppState>,
    name: String,
    base_url: String,
    api_key: String,
    proxy: Option<String>,
) -> Result<WorkspaceStatus, UiError> {
    guarded(state.add_workspace(name, base_url, api_key, proxy)).await
}

/// Changes a workspace's server address, key or proxy: checks them with
/// the service first (as [`add_workspace`]), then saves the address and
/// proxy (`null` or empty: none) and stores the key typed. `api_key: null`
/// keeps the stored key. Nothing is saved on failure.
///
/// A stored key is never sent to another origin than the one its keychain
/// item was entered for (whatever the settings file says): `api_key: null`
/// with an address of another scheme, host or port, or with a key an
/// earlier version stored without its origin, is refused before anything
/// is sent (`invalid_input`, `field` = `api_key`, code
/// `key_for_another_server`): the user types the key again.
///
/// Errors: those of [`add_workspace`], and `not_found` (no such workspace).
#[tauri::command]
#[specta::specta]
pub async fn update_workspace(
    state: State<'_, AppState>,
    workspace: WorkspaceId,
    base_url: String,
    api_key: Option<String>,
    proxy: Option<String>,
) -> Result<WorkspaceStatus, UiError> {
    guarded(state.update_workspace(workspace, base_url, api_key, proxy)).await
}

/// Renames a workspace (its key, data and views stay; they are kept under
/// its id, never its name).
///
/// Errors: `invalid_input` (`field` = `name`: empty, longer than 60
/// characters, or another workspace's), `not_found`, `internal`.
#[tauri::command]
#[specta::specta]
pub async fn rename_workspace(
    state: State<'_, AppState>,
    workspace: WorkspaceId,
    name: String,
) -> Result<WorkspaceStatus, UiError> {
    guarded(state.rename_workspace(workspace, name)).await
}

/// Shows workspace `workspace` (and reopens it at the next start, on its
/// last view); the demo stops if it ran. Answers still on their way for
/// the workspace before are dropped (`cancelled`, code
/// `workspace_changed`), and its downloads stop (what they saved stays).
///
/// Errors: `not_found`, `internal`.
#[tauri::command]
#[specta::specta]
pub async fn switch_workspace(
    state: State<'_, AppState>,
    workspace: WorkspaceId,
) -> Result<WorkspaceStatus, UiError> {
    guarded(state.switch_workspace(workspace)).await
}

/// Removes workspace `workspace`: its key and its saved data's data key
/// from the keychain, its saved data (the folder, files set aside
/// included), its views; then shows the first of the others (or the
/// first-run screen). The UI confirms first, naming it.
///
/// Errors: `keychain_unavailable` when the keychain refuses to delete the
/// key (then nothing is removed); `not_found`; `internal`.
#[tauri::command]
#[specta::specta]
pub async fn remove_workspace(
    state: State<'_, AppState>,
    workspace: WorkspaceId,
) -> Result<WorkspaceStatus, UiError> {
    guarded(state.remove_workspace(workspace)).await
}

/// The key's rate-limit budget as the latest response reported it
/// (`docs/service.md`, "Rate limits"): `limit`, `remaining` and `reset`
/// (UTC, RFC 3339); each `null` until the service has said. All `null`
/// when no workspace is set up.
#[tauri::command]
#[specta::specta]
pub async fn rate_limit(state: State<'_, AppState>) -> Result<RateLimit, UiError> {
    guarded(state.rate_limit()).await
}

/// Starts the demo workspace (the sandbox, in-process on a free loopback
/// port) and switches the app to it. Starting it twice is harmless.
#[tauri::command]
#[specta::specta]
pub async fn start_demo(state: State<'_, AppState>) -> Result<WorkspaceStatus, UiError> {
    guarded(state.start_demo()).await
}

/// Stops the demo workspace and returns to the current workspace (or the
/// first-run screen).
#[tauri::command]
#[specta::specta]
pub async fn stop_demo(state: State<'_, AppState>) -> Result<WorkspaceStatus, UiError> {
    guarded(state.stop_demo()).await
}

/// "Copy diagnostics": the app's version, the operating system and the end
/// of the log, for the user to paste into a message to whoever supports
/// them. Holds no API key (the log never has one, and the report masks
/// anything shaped like one again).
///
/// Errors: none in practice (`internal` if the command fails unexpectedly).
#[tauri::command]
#[specta::specta]
pub fn diagnostics(folder: State<'_, LogFolder>) -> Result<Diagnostics, UiError> {
    guarded_sync(|| Ok(workdesk_core::diagnostics::report(&folder)))
}

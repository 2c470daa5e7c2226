//! What the app keeps between commands (Tauri managed state).

use tokio::sync::Mutex;
use workdesk_api::Client;
use workdesk_keychain::Keychain;

use crate::demo::Demo;
use crate::settings::Settings;

/// Keychain account of the one workspace profile this version has. Later
/// versions store one key per profile under the profile's name.
pub const PROFILE: &str = "default";

/// Managed state of the app.
pub struct AppState {
    /// Non-secret settings (tauri-plugin-store).
    pub settings: Settings,
    /// The OS keychain (or its session-only fallback).
    pub keychain: std::sync::Arc<Keychain>,
    /// The client for the configured workspace, built on first use and
    /// dropped whenever the base URL or key changes.
    pub client: Mutex<Option<Client>>,
    /// The demo workspace, while it runs; it takes precedence over the
    /// configured workspace.
    pub demo: Mutex<Option<Demo>>,
}

impl AppState {
    /// State over `keychain` and `settings`, with no client yet and no demo.
    pub fn new(keychain: Keychain, settings: Settings) -> Self {
        Self {
            settings,
            keychain: std::sync::Arc::new(keychain),
            client: Mutex::new(None),
            demo: Mutex::new(None),
        }
    }
}

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
    pub client: Mutex<CachedClient>,
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
            client: Mutex::new(CachedClient::default()),
            demo: Mutex::new(None),
        }
    }
}

/// The configured workspace's client, with a generation that counts changes
/// of base URL or key.
#[derive(Default)]
pub struct CachedClient {
    /// The client, once built.
    pub client: Option<Client>,
    /// Bumped by [`CachedClient::invalidate`].
    pub generation: u64,
}

impl CachedClient {
    /// Drops the client after the base URL or key changed.
    pub fn invalidate(&mut self) {
        self.client = None;
        self.generation += 1;
    }
}

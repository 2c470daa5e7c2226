//! What the app keeps between commands (Tauri managed state), and the
//! client of the workspace on screen.

use std::sync::Arc;

use tokio::sync::Mutex;
use workdesk_api::{Client, ResourceName};
use workdesk_keychain::Keychain;

use crate::demo::Demo;
use crate::error::{Error, Result};
use crate::settings::Settings;

/// Keychain account of the one workspace profile this version has. Later
/// versions store one key per profile under the profile's name.
pub const PROFILE: &str = "default";

/// Profile name under which the demo workspace's views are kept.
pub const DEMO_PROFILE: &str = "demo";

/// Managed state of the app.
pub struct AppState {
    /// Non-secret settings (tauri-plugin-store).
    pub settings: Settings,
    /// The OS keychain (or its session-only fallback).
    pub keychain: Arc<Keychain>,
    /// The client for the configured workspace, built on first use and
    /// dropped whenever the base URL or key changes.
    pub client: Mutex<CachedClient>,
    /// The demo workspace, while it runs; it takes precedence over the
    /// configured workspace.
    pub demo: Mutex<Option<Demo>>,
    /// The latest list request per resource whose view is to be
    /// remembered: only its answer may become the remembered view.
    pub view_tickets: ViewTickets,
}

/// Numbers the list requests whose view is remembered, per resource, so
/// that a slow earlier answer never overwrites the view of a later request
/// (the UI shows only the latest answer; the remembered view must match).
#[derive(Default)]
pub struct ViewTickets(std::sync::Mutex<std::collections::HashMap<ResourceName, u64>>);

impl ViewTickets {
    /// A ticket for a new request on `resource`, newer than all before.
    pub fn issue(&self, resource: ResourceName) -> u64 {
        let mut tickets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let ticket = tickets.entry(resource).or_default();
        *ticket += 1;
        *ticket
    }

    /// Whether `ticket` is still the latest issued for `resource`.
    pub fn is_latest(&self, resource: ResourceName, ticket: u64) -> bool {
        let tickets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        tickets.get(&resource) == Some(&ticket)
    }
}

/// The workspace on screen: its client and the profile its settings
/// (saved views) are kept under.
#[derive(Clone)]
pub struct Workspace {
    /// Client for the workspace's base URL and key.
    pub client: Client,
    /// [`PROFILE`], or [`DEMO_PROFILE`] while the demo runs.
    pub profile: &'static str,
}

impl AppState {
    /// State over `keychain` and `settings`, with no client yet and no demo.
    pub fn new(keychain: Keychain, settings: Settings) -> Self {
        Self {
            settings,
            keychain: Arc::new(keychain),
            client: Mutex::new(CachedClient::default()),
            demo: Mutex::new(None),
            view_tickets: ViewTickets::default(),
        }
    }

    /// Runs a blocking keychain call off the async runtime.
    pub async fn with_keychain<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Keychain) -> T + Send + 'static,
    ) -> T {
        let keychain = self.keychain.clone();
        tokio::task::spawn_blocking(move || f(&keychain))
            .await
            .expect("keychain task panicked")
    }

    /// The profile whose settings apply now: the demo's while it runs.
    pub async fn profile(&self) -> &'static str {
        if self.demo.lock().await.is_some() {
            DEMO_PROFILE
        } else {
            PROFILE
        }
    }

    /// The workspace to talk to: the demo's while it runs, else the
    /// configured one (a client built from the saved base URL and the
    /// keychain's key, then kept until either changes).
    ///
    /// The keychain is read without holding the cache lock, so a slow
    /// keychain (an unlock prompt) never blocks the commands that change the
    /// key; the generation check drops a client built from a key replaced
    /// meanwhile.
    ///
    /// # Errors
    /// [`Error::NotConfigured`] without a base URL or key;
    /// [`Error::Keychain`] when the keychain cannot be read.
    pub async fn workspace(&self) -> Result<Workspace> {
        if let Some(demo) = self.demo.lock().await.as_ref() {
            return Ok(Workspace {
                client: demo.client.clone(),
                profile: DEMO_PROFILE,
            });
        }
        let configured = |client: Client| Workspace {
            client,
            profile: PROFILE,
        };
        let generation = {
            let cached = self.client.lock().await;
            if let Some(client) = cached.client.as_ref() {
                return Ok(configured(client.clone()));
            }
            cached.generation
        };
        let base_url = self.settings.base_url().ok_or(Error::NotConfigured)?;
        let key = self
            .with_keychain(|k| k.get(PROFILE))
            .await?
            .ok_or(Error::NotConfigured)?;
        let client = Client::new(base_url, key)?;
        let mut cached = self.client.lock().await;
        if cached.generation == generation {
            cached.client = Some(client.clone());
        }
        Ok(configured(client))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_latest_ticket_of_a_resource_counts() {
        let tickets = ViewTickets::default();
        let first = tickets.issue(ResourceName::Task);
        let other = tickets.issue(ResourceName::Lead);
        assert!(tickets.is_latest(ResourceName::Task, first));
        let second = tickets.issue(ResourceName::Task);
        assert!(!tickets.is_latest(ResourceName::Task, first));
        assert!(tickets.is_latest(ResourceName::Task, second));
        assert!(tickets.is_latest(ResourceName::Lead, other));
    }
}

impl CachedClient {
    /// Drops the client after the base URL or key changed.
    pub fn invalidate(&mut self) {
        self.client = None;
        self.generation += 1;
    }
}

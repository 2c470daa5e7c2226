//! What the app keeps between commands (Tauri managed state), and the
//! workspace on screen: its client and offline cache together (a
//! [`Replica`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::sync::Mutex;
use workdesk_api::{Client, ResourceName};
use workdesk_keychain::Keychain;
use workdesk_sync::{CancellationToken, Replica};

use crate::demo::Demo;
use crate::error::{Error, Result};
use crate::saved_data::{self, SavedData};
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
    /// The configured workspace's client and cache, built on first use and
    /// dropped whenever the base URL or key changes.
    pub client: Mutex<CachedClient>,
    /// The demo workspace, while it runs; it takes precedence over the
    /// configured workspace.
    pub demo: Mutex<Option<Demo>>,
    /// The latest list request per resource whose view is to be
    /// remembered: only its answer may become the remembered view.
    pub view_tickets: ViewTickets,
    /// Where saved data lives, and what to tell the user about it once.
    pub saved: SavedData,
    /// "Work offline": nothing is sent to the service while on.
    pub working_offline: AtomicBool,
    /// The downloads under way ("Make available offline"), by resource.
    pub downloads: std::sync::Mutex<HashMap<ResourceName, CancellationToken>>,
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

/// The workspace on screen: its client and cache, and the profile its
/// settings (saved views) are kept under.
#[derive(Clone)]
pub struct Workspace {
    /// Client and offline cache of the workspace.
    pub replica: Replica,
    /// [`PROFILE`], or [`DEMO_PROFILE`] while the demo runs.
    pub profile: &'static str,
}

impl Workspace {
    /// The client, for reads that need no check of "Work offline" (the
    /// rate-limit budget). Requests go through [`Replica::service`].
    pub fn client(&self) -> &Client {
        self.replica.client()
    }
}

impl AppState {
    /// State over `keychain` and `settings`, with saved data under
    /// `saved_dir`, no client yet and no demo.
    pub fn new(keychain: Keychain, settings: Settings, saved_dir: PathBuf) -> Self {
        let working_offline = settings.working_offline();
        Self {
            settings,
            keychain: Arc::new(keychain),
            client: Mutex::new(CachedClient::default()),
            demo: Mutex::new(None),
            view_tickets: ViewTickets::default(),
            saved: SavedData::new(saved_dir),
            working_offline: AtomicBool::new(working_offline),
            downloads: std::sync::Mutex::default(),
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

    /// Whether "Work offline" is on.
    pub fn working_offline(&self) -> bool {
        self.working_offline.load(Ordering::Relaxed)
    }

    /// The workspace to talk to: the demo's while it runs, else the
    /// configured one (a client built from the saved base URL and the
    /// keychain's key, with its offline cache, then kept until either
    /// changes). "Work offline" applies to whichever it is.
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
        let working_offline = self.working_offline();
        if let Some(demo) = self.demo.lock().await.as_ref() {
            demo.replica.set_working_offline(working_offline);
            return Ok(Workspace {
                replica: demo.replica.clone(),
                profile: DEMO_PROFILE,
            });
        }
        let configured = |replica: Replica| {
            replica.set_working_offline(working_offline);
            Workspace {
                replica,
                profile: PROFILE,
            }
        };
        let generation = {
            let cached = self.client.lock().await;
            if let Some(replica) = cached.replica.as_ref() {
                return Ok(configured(replica.clone()));
            }
            cached.generation
        };
        let base_url = self.settings.base_url().ok_or(Error::NotConfigured)?;
        let key = self
            .with_keychain(|k| k.get(PROFILE))
            .await?
            .ok_or(Error::NotConfigured)?;
        let cache = saved_data::open(
            &self.saved,
            self.keychain.clone(),
            PROFILE,
            &base_url,
            &key,
            self.settings.saved_data_cap_bytes(),
        )
        .await?;
        let replica = Replica::new(Client::new(base_url, key)?, cache);
        let mut cached = self.client.lock().await;
        if cached.generation == generation {
            cached.replica = Some(replica.clone());
        }
        Ok(configured(replica))
    }
}

/// The configured workspace's client and cache, with a generation that
/// counts changes of base URL or key.
#[derive(Default)]
pub struct CachedClient {
    /// The client and cache, once built.
    pub replica: Option<Replica>,
    /// Bumped by [`CachedClient::invalidate`].
    pub generation: u64,
}

impl CachedClient {
    /// Drops the client and closes its cache after the base URL or key
    /// changed.
    pub fn invalidate(&mut self) {
        self.replica = None;
        self.generation += 1;
    }
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

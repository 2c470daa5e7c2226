//! The demo workspace: the sandbox started in-process on a free loopback
//! port, with its seeded data and its `workspace_a` key. Nothing of it is
//! saved on disk: not the key (it never goes to the keychain), not the base
//! URL, and its saved data lives in memory for the session.

use std::sync::Arc;

use workdesk_api::{ApiKey, BaseUrl, Client};
use workdesk_cache::Cache;
use workdesk_sync::{OfflineSwitch, Replica};

use crate::error::{Error, Result};

/// A running demo sandbox, and a client and in-memory cache for it.
pub struct Demo {
    /// Keeps the server alive; dropping it stops the server.
    running: workdesk_sandbox::Serving,
    /// Client authenticated with the demo key, and the demo's saved data.
    pub replica: Replica,
    /// The demo's outbox sender, once the app follows it
    /// ([`AppState::follow`](crate::state::AppState::follow)).
    pub sender: Option<crate::writing::sender::Sender>,
}

impl Demo {
    /// Starts the sandbox on `127.0.0.1:0` with its default seed, its keys
    /// drawn at random for this start (no other program knows them), and
    /// answering only requests for a loopback `Host`; its replica sends
    /// nothing while `working_offline` (the app's switch) is on. Returns
    /// once the port is bound: the sample data is built meanwhile (about
    /// 10 ms of CPU, BENCHMARKS.md, "Demo seed"), while the window draws
    /// the demo's first list, and the first request waits for it. (Built
    /// before returning instead, the demo's first row came later: the
    /// window's own work, not the data, is the longer part.)
    ///
    /// # Errors
    /// [`Error::Demo`] if the port cannot be bound or the key is refused.
    pub async fn start(working_offline: OfflineSwitch) -> Result<Self> {
        let config = workdesk_sandbox::Config {
            random_keys: true,
            ..workdesk_sandbox::Config::default()
        };
        let running = workdesk_sandbox::start_seeding(config)
            .await
            .map_err(|e| Error::Demo(e.to_string()))?;
        let base_url = BaseUrl::parse(running.base_url())?;
        let key = ApiKey::parse(&running.keys().workspace_a)?;
        let client = Client::new(base_url, key)?;
        let cache = Cache::in_memory("demo").map_err(|e| Error::SavedData(e.to_string()))?;
        log::info!("demo workspace started at {}", running.base_url());
        Ok(Self {
            running,
            replica: Replica::new(client, Arc::new(cache), working_offline),
            sender: None,
        })
    }

    /// Stops the sandbox.
    pub async fn stop(self) {
        self.running.shutdown().await;
        log::info!("demo workspace stopped");
    }

    /// The demo key's masked hint.
    pub fn key_hint(&self) -> String {
        ApiKey::parse(&self.running.keys().workspace_a)
            .map(|k| k.hint())
            .unwrap_or_default()
    }
}

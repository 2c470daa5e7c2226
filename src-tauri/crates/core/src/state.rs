//! What the app keeps between commands (Tauri managed state), and the
//! workspace on screen: its client and offline cache together (a
//! [`Replica`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::Mutex;
use workdesk_api::{Client, ResourceName};
use workdesk_keychain::{Keychain, StoredKey};
use workdesk_sync::{CancellationToken, OfflineSwitch, Replica};

use crate::demo::Demo;
use crate::error::{Error, Result};
use crate::saved_data::{self, SavedData};
use crate::sender::{Sender, WatchOutbox};
use crate::settings::Settings;
use crate::workspaces::WorkspaceId;

/// Follows a client's connection state and budget for the window (the
/// app pushes each change as an event): called for every client built.
pub type WatchService = Arc<dyn Fn(&Client, WorkspaceId) + Send + Sync>;

/// Managed state of the app.
pub struct AppState {
    /// Non-secret settings (tauri-plugin-store), the workspaces among them.
    pub settings: Settings,
    /// The OS keychain (or its session-only fallback).
    pub keychain: Arc<Keychain>,
    /// The current workspace's client and cache, built on first use and
    /// dropped whenever the workspace, its address or its key changes.
    pub client: Mutex<CachedClient>,
    /// The demo workspace, while it runs; it takes precedence over the
    /// current workspace.
    pub demo: Mutex<Option<Demo>>,
    /// The latest list request per workspace and resource whose view is to
    /// be remembered: only its answer may become the remembered view.
    pub view_tickets: ViewTickets,
    /// Where saved data lives, and what to tell the user about it once.
    pub saved: SavedData,
    /// "Work offline": nothing is sent to the service while on. The one
    /// switch every replica the app makes shares (kept in the settings
    /// file across starts).
    pub working_offline: OfflineSwitch,
    /// The downloads under way ("Make available offline"), by resource.
    pub downloads: std::sync::Mutex<HashMap<ResourceName, CancellationToken>>,
    /// The export under way ("Export…"), one at a time.
    pub export: std::sync::Mutex<Option<CancellationToken>>,
    /// The overview's parts whose amounts were added up from the service
    /// this session, by workspace and resource: shown in place of the
    /// service's counts until the overview is refreshed.
    pub added_up: std::sync::Mutex<
        HashMap<
            (WorkspaceId, ResourceName),
            workdesk_sync::overview::Part<crate::ui_error::UiError>,
        >,
    >,
    /// The file the last export of this session wrote: the one file
    /// "Open" and "Show in folder" may open.
    pub last_export: std::sync::Mutex<Option<PathBuf>>,
    /// Work at least this long that ends while the window is not focused
    /// is told by a system notification ([`crate::work_done::LONG_WORK`]
    /// unless set; tests shorten it).
    pub long_work: std::time::Duration,
    /// How the app follows a client's state for the window (set at start-up).
    service_watch: std::sync::Mutex<Option<WatchService>>,
    /// How the outbox's counts reach the window (set at start-up).
    outbox_watch: std::sync::Mutex<Option<WatchOutbox>>,
    /// How long a keychain call may take ([`KEYCHAIN_TIMEOUT`] unless set).
    pub keychain_timeout: std::time::Duration,
    /// Done once the start's tidying ran ([`AppState::tidy_at_start`]):
    /// no saved data is opened before.
    tidied: tokio::sync::OnceCell<()>,
    /// Held while the current workspace is being opened
    /// ([`AppState::workspace`]): a workspace is opened once, by whoever
    /// asks first; the others wait for that opening and share it (two
    /// openings would each start a sender over the same outbox).
    opening: Mutex<()>,
    /// Counts the changes of the workspace on screen (a switch, the demo
    /// started or stopped, a workspace added or removed): an answer
    /// computed for an earlier count is not shown.
    switches: AtomicU64,
}

/// How long a keychain call may take before it is given up: long enough to
/// type a password into an unlock prompt, short enough that a prompt
/// nobody answers (or a hung keychain service) does not stall the window
/// for good. 30 s.
pub const KEYCHAIN_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// Numbers the list requests whose view is remembered, per workspace and
/// resource, so that a slow earlier answer never overwrites the view of a
/// later request (the UI shows only the latest answer; the remembered view
/// must match).
#[derive(Default)]
pub struct ViewTickets(std::sync::Mutex<HashMap<(WorkspaceId, ResourceName), u64>>);

impl ViewTickets {
    /// A ticket for a new request on `resource` in `workspace`, newer than
    /// all before.
    pub fn issue(&self, workspace: &WorkspaceId, resource: ResourceName) -> u64 {
        let mut tickets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let ticket = tickets.entry((workspace.clone(), resource)).or_default();
        *ticket += 1;
        *ticket
    }

    /// Whether `ticket` is still the latest issued for `resource` in
    /// `workspace`.
    pub fn is_latest(&self, workspace: &WorkspaceId, resource: ResourceName, ticket: u64) -> bool {
        let tickets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        tickets.get(&(workspace.clone(), resource)) == Some(&ticket)
    }
}

/// The workspace on screen when a command started: its client and cache,
/// and its id (the key of its views in the settings).
#[derive(Clone)]
pub struct Workspace {
    /// Client and offline cache of the workspace.
    pub replica: Replica,
    /// Its id ([`WorkspaceId::demo`] while the demo runs).
    pub id: WorkspaceId,
    /// [`AppState`]'s switch count when it was taken.
    switch: u64,
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
            working_offline: OfflineSwitch::new(working_offline),
            downloads: std::sync::Mutex::default(),
            export: std::sync::Mutex::default(),
            added_up: std::sync::Mutex::default(),
            last_export: std::sync::Mutex::default(),
            long_work: crate::work_done::LONG_WORK,
            keychain_timeout: KEYCHAIN_TIMEOUT,
            service_watch: std::sync::Mutex::new(None),
            outbox_watch: std::sync::Mutex::new(None),
            tidied: tokio::sync::OnceCell::new(),
            opening: Mutex::new(()),
            switches: AtomicU64::new(0),
        }
    }

    /// How the app follows each client's state (its connection and
    /// budget) for the window from now on.
    pub fn set_service_watch(&self, watch: WatchService) {
        *self.service_watch.lock().unwrap_or_else(|e| e.into_inner()) = Some(watch);
    }

    /// Has every change of `client`'s connection state and budget pushed to
    /// the window as workspace `workspace`'s (through the
    /// [`AppState::set_service_watch`] callback).
    pub fn watch_service(&self, client: &Client, workspace: WorkspaceId) {
        let watch = self
            .service_watch
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(watch) = watch {
            watch(client, workspace);
        }
    }

    /// How the outbox's counts reach the window from now on.
    pub fn set_outbox_watch(&self, watch: WatchOutbox) {
        *self.outbox_watch.lock().unwrap_or_else(|e| e.into_inner()) = Some(watch);
    }

    /// Follows workspace `workspace`'s newly opened `replica`: its client's
    /// state pushed to the window ([`AppState::watch_service`]), and its
    /// outbox sent in the background by the returned [`Sender`] (kept as
    /// long as the workspace is open).
    ///
    /// # Panics
    /// Outside a Tokio runtime.
    pub fn follow(&self, replica: &Replica, workspace: WorkspaceId) -> Sender {
        self.watch_service(replica.client(), workspace.clone());
        let watch = self
            .outbox_watch
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        Sender::start(replica.clone(), workspace, watch)
    }

    /// Asks the open workspace's sender for a pass over its outbox.
    pub async fn kick_outbox(&self) {
        if let Some(demo) = self.demo.lock().await.as_ref() {
            if let Some(sender) = &demo.sender {
                sender.kick();
            }
            return;
        }
        if let Some(sender) = &self.client.lock().await.sender {
            sender.kick();
        }
    }

    /// Runs a blocking keychain call off the async runtime, for at most
    /// [`KEYCHAIN_TIMEOUT`]: an unlock prompt nobody answers, or a keychain
    /// service that hangs, gives [`TimedOut`](workdesk_keychain::Error::TimedOut)
    /// instead of a window that never starts; a call that panics gives
    /// [`Platform`](workdesk_keychain::Error::Platform).
    pub async fn with_keychain<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Keychain) -> workdesk_keychain::Result<T> + Send + 'static,
    ) -> workdesk_keychain::Result<T> {
        let keychain = self.keychain.clone();
        let call = tokio::task::spawn_blocking(move || f(&keychain));
        match tokio::time::timeout(self.keychain_timeout, call).await {
            Ok(Ok(result)) => result,
            Ok(Err(failed)) => {
                log::error!("a keychain call failed unexpectedly: {failed}");
                Err(workdesk_keychain::Error::Platform(
                    "the keychain call failed unexpectedly".to_owned(),
                ))
            }
            Err(_) => {
                log::warn!(
                    "the keychain did not answer within {:?}",
                    self.keychain_timeout
                );
                Err(workdesk_keychain::Error::TimedOut(
                    self.keychain_timeout.as_secs(),
                ))
            }
        }
    }

    /// The workspace whose settings apply now: the demo's while it runs,
    /// else the current workspace's; `None` before any was added.
    pub async fn shown(&self) -> Option<WorkspaceId> {
        if self.demo.lock().await.is_some() {
            Some(WorkspaceId::demo())
        } else {
            self.settings.current_workspace().map(|w| w.id)
        }
    }

    /// "Keep saved data at most N days", applied now to every
    /// workspace's saved data (see [`saved_data::forget_old`]); nothing
    /// when it is off. Returns the records deleted from files not open.
    pub async fn forget_old_saved_data(&self) -> u64 {
        let Some(days) = self.settings.saved_data_max_age_days() else {
            return 0;
        };
        let cutoff = chrono::Utc::now() - chrono::TimeDelta::days(i64::from(days));
        let open = self
            .client
            .lock()
            .await
            .replica()
            .map(|replica| replica.cache().clone());
        saved_data::forget_old(&self.saved, open, cutoff).await
    }

    /// The start's tidying ([`AppState::tidy_at_start`]: leftover export
    /// parts, then "Keep saved data at most N days"), then the age limit
    /// once a day, for as long as Workdesk runs: checked hourly against the
    /// wall clock, so a computer that slept does not push it back. Never
    /// returns.
    pub async fn tidy_then_daily(&self) {
        const DAY: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);
        const HOUR: std::time::Duration = std::time::Duration::from_secs(60 * 60);
        self.tidy_at_start().await;
        let mut last = std::time::SystemTime::now();
        loop {
            tokio::time::sleep(HOUR).await;
            if last.elapsed().map_or(true, |since| since >= DAY) {
                self.forget_old_saved_data().await;
                last = std::time::SystemTime::now();
            }
        }
    }

    /// What Workdesk tidies as it starts, once, off the window's thread:
    /// the part files of exports killed half-way
    /// ([`crate::export_parts::remove_leftover_parts`]; a folder on a network
    /// drive that is gone must not hold the window), then
    /// [`AppState::forget_old_saved_data`]. Later callers wait for the
    /// first (the daily task and the first opening of saved data,
    /// whichever comes first).
    pub async fn tidy_at_start(&self) {
        self.tidied
            .get_or_init(|| async {
                let settings = self.settings.clone();
                let _ = tokio::task::spawn_blocking(move || {
                    crate::export_parts::remove_leftover_parts(&settings)
                })
                .await;
                self.forget_old_saved_data().await;
            })
            .await;
    }

    /// Whether "Work offline" is on.
    pub fn working_offline(&self) -> bool {
        self.working_offline.is_on()
    }

    /// Notes that the workspace on screen changed: answers computed for
    /// the one before are no longer shown ([`AppState::check_shown`]), its
    /// client and cache are closed, and its downloads stop (what they saved
    /// stays), as does an export (leaving no file).
    pub async fn switched(&self) {
        self.switches.fetch_add(1, Ordering::SeqCst);
        self.client.lock().await.invalidate();
        for (_, cancel) in saved_data::lock(&self.downloads).drain() {
            cancel.cancel();
        }
        if let Some(cancel) = saved_data::lock(&self.export).as_ref() {
            cancel.cancel();
        }
    }

    /// Whether `workspace` is still the one on screen.
    ///
    /// # Errors
    /// [`Error::WorkspaceChanged`] when the user switched meanwhile: the
    /// answer belongs to a workspace no longer shown, and is dropped.
    pub fn check_shown(&self, workspace: &Workspace) -> Result<()> {
        if self.switches.load(Ordering::SeqCst) == workspace.switch {
            Ok(())
        } else {
            Err(Error::WorkspaceChanged)
        }
    }

    /// The workspace to talk to: the demo's while it runs, else the current
    /// one (a client built from its base URL and the keychain's key under
    /// its id, with its offline cache, then kept until the workspace, its
    /// address or its key changes). "Work offline" applies to whichever it
    /// is.
    ///
    /// The keychain is read without holding the cache lock, so a slow
    /// keychain (an unlock prompt) never blocks the commands that change the
    /// key; the generation check drops a client built from a key replaced
    /// meanwhile.
    ///
    /// # Errors
    /// [`Error::NotConfigured`] without a workspace or its key;
    /// [`Error::Keychain`] when the keychain cannot be read.
    pub async fn workspace(&self) -> Result<Workspace> {
        let switch = self.switches.load(Ordering::SeqCst);
        if let Some(demo) = self.demo.lock().await.as_ref() {
            return Ok(Workspace {
                replica: demo.replica.clone(),
                id: WorkspaceId::demo(),
                switch,
            });
        }
        let entry = self
            .settings
            .current_workspace()
            .ok_or(Error::NotConfigured)?;
        let shown = |replica: Replica| Workspace {
            replica,
            id: entry.id.clone(),
            switch,
        };
        if let Some(replica) = self.open_replica(&entry.id).await {
            return Ok(shown(replica));
        }
        // One opening at a time: a caller that waited for another's
        // opening shares what it opened.
        let _opening = self.opening.lock().await;
        if let Some(replica) = self.open_replica(&entry.id).await {
            return Ok(shown(replica));
        }
        let generation = self.client.lock().await.generation;
        let base_url = entry.base_url().map_err(|_| Error::NotConfigured)?;
        let account = entry.id.clone();
        let origin = base_url.origin();
        // The key goes only to the origin its keychain item names: an
        // address edited in the settings file gets nothing.
        let (key, refused) = match self
            .with_keychain(move |k| k.key(account.as_str(), &origin))
            .await?
        {
            StoredKey::Bound { key, refused } => (key, refused),
            StoredKey::Missing | StoredKey::OtherOrigin { .. } | StoredKey::Unbound => {
                return Err(Error::NotConfigured)
            }
        };
        // Nothing older than the age limit is shown, from the first screen.
        self.tidy_at_start().await;
        let cache = saved_data::open(
            &self.saved,
            self.keychain.clone(),
            &entry.id,
            &base_url,
            &key,
            self.settings.saved_data_cap_bytes(),
            self.keychain_timeout,
        )
        .await?;
        let origin = base_url.origin();
        let refused_key = key.clone();
        let replica = Replica::new(
            Client::with_config(base_url, key, entry.client_config())?,
            cache,
            self.working_offline.clone(),
        );
        replica.set_key_refused(refused);
        let keychain = self.keychain.clone();
        let account = entry.id.clone();
        let timeout = self.keychain_timeout;
        replica.watch_refusal(move || {
            log::warn!(
                "the service refused the key of workspace {account}: its saved records are hidden"
            );
            // Kept with the key (this key only: not one entered since):
            // its saved records stay hidden after a restart too, until a
            // key the service accepts is entered.
            let (keychain, account, origin, key) = (
                keychain.clone(),
                account.clone(),
                origin.clone(),
                refused_key.clone(),
            );
            async move {
                let keeping = tokio::task::spawn_blocking(move || {
                    keychain.refuse_key(account.as_str(), &origin, &key)
                });
                // No longer than any keychain call: a prompt nobody answers
                // must not hold every later command.
                let kept = tokio::time::timeout(timeout, keeping).await;
                if !matches!(kept, Ok(Ok(Ok(())))) {
                    log::warn!("the key's refusal could not be kept in the keychain");
                }
            }
        });
        let mut cached = self.client.lock().await;
        if cached.generation == generation {
            cached.sender = Some(self.follow(&replica, entry.id.clone()));
            cached.open = Some((entry.id.clone(), replica.clone()));
        } else {
            self.watch_service(replica.client(), entry.id.clone());
        }
        Ok(shown(replica))
    }
}

impl AppState {
    /// The replica of workspace `id` when it is the one open, its key's
    /// refusal kept first (after a 401, before anything else).
    async fn open_replica(&self, id: &WorkspaceId) -> Option<Replica> {
        let replica = {
            let cached = self.client.lock().await;
            match cached.open.as_ref() {
                Some((open, replica)) if open == id => replica.clone(),
                _ => return None,
            }
        };
        replica.keep_refusal().await;
        Some(replica)
    }
}

/// The current workspace's client and cache, with a generation that
/// counts changes of workspace, base URL or key.
#[derive(Default)]
pub struct CachedClient {
    /// The workspace's id, client and cache, once built.
    pub open: Option<(WorkspaceId, Replica)>,
    /// Bumped by [`CachedClient::invalidate`].
    pub generation: u64,
    /// The open workspace's outbox sender (stopped when dropped).
    pub sender: Option<Sender>,
}

impl CachedClient {
    /// Drops the client and closes its cache after the workspace, its base
    /// URL or its key changed.
    pub fn invalidate(&mut self) {
        self.open = None;
        self.sender = None;
        self.generation += 1;
    }

    /// The open replica, if any.
    pub fn replica(&self) -> Option<&Replica> {
        self.open.as_ref().map(|(_, replica)| replica)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_latest_ticket_of_a_resource_counts() {
        let tickets = ViewTickets::default();
        let a = WorkspaceId::parse("a").unwrap();
        let b = WorkspaceId::parse("b").unwrap();
        let first = tickets.issue(&a, ResourceName::Task);
        let other = tickets.issue(&a, ResourceName::Lead);
        let elsewhere = tickets.issue(&b, ResourceName::Task);
        assert!(tickets.is_latest(&a, ResourceName::Task, first));
        let second = tickets.issue(&a, ResourceName::Task);
        assert!(!tickets.is_latest(&a, ResourceName::Task, first));
        assert!(tickets.is_latest(&a, ResourceName::Task, second));
        assert!(tickets.is_latest(&a, ResourceName::Lead, other));
        assert!(tickets.is_latest(&b, ResourceName::Task, elsewhere));
    }
}

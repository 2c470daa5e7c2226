//! The workspace on screen ([`Workspace`]): its client and offline cache
//! together (a [`Replica`]), opened once by whoever asks first and shared,
//! and what follows it: its service's state pushed to the window, its
//! outbox's sender, and the word that its screens read again
//! ([`crate::reading::changes`]). [`Session`] is this domain's state: the
//! keychain, the open workspace, the demo, and the count of switches that
//! keeps an answer for an earlier workspace off the screen.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::Mutex;
use workdesk_api::{Client, Connection, ResourceName};
use workdesk_keychain::Keychain;
use workdesk_sync::Replica;

use crate::error::{Error, Result};
use crate::reading::changes::{ChangeCause, ChangedRecords, WatchChanges};
use crate::workspace::demo::Demo;
use crate::workspace::id::WorkspaceId;
use crate::writing::sender::{Sender, WatchOutbox};

/// Follows a client's connection state and budget for the window (the
/// app pushes each change as an event): called for every client built.
pub type WatchService = Arc<dyn Fn(&Client, WorkspaceId) + Send + Sync>;

/// How long a keychain call may take before it is given up: long enough to
/// type a password into an unlock prompt, short enough that a prompt
/// nobody answers (or a hung keychain service) does not stall the window
/// for good. 30 s.
pub const KEYCHAIN_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// The workspaces' and their keys' state: the keychain, the workspace open
/// on screen (or the demo), and how its state reaches the window.
pub struct Session {
    /// The OS keychain (or its session-only fallback).
    pub keychain: Arc<Keychain>,
    /// The current workspace's client and cache, built on first use and
    /// dropped whenever the workspace, its address or its key changes.
    pub client: Mutex<CachedClient>,
    /// The demo workspace, while it runs; it takes precedence over the
    /// current workspace.
    pub demo: Mutex<Option<Demo>>,
    /// How long a keychain call may take ([`KEYCHAIN_TIMEOUT`] unless set).
    pub keychain_timeout: std::time::Duration,
    /// How the app follows a client's state for the window (set at start-up).
    service_watch: std::sync::Mutex<Option<WatchService>>,
    /// How the outbox's counts reach the window (set at start-up).
    outbox_watch: std::sync::Mutex<Option<WatchOutbox>>,
    /// How the window hears that its screens read records again (set at
    /// start-up).
    changes_watch: std::sync::Mutex<Option<WatchChanges>>,
    /// Woken at each [`Session::announce_changes`]: reminders check again
    /// ([`crate::reminders`]).
    pub records_changed: Arc<tokio::sync::Notify>,
    /// Held while the current workspace is being opened
    /// ([`crate::state::AppState::workspace`]): a workspace is opened once, by whoever
    /// asks first; the others wait for that opening and share it (two
    /// openings would each start a sender over the same outbox).
    pub(crate) opening: Mutex<()>,
    /// Counts the changes of the workspace on screen (a switch, the demo
    /// started or stopped, a workspace added or removed): an answer
    /// computed for an earlier count is not shown.
    pub(crate) switches: AtomicU64,
}

/// The workspace on screen when a command started: its client and cache,
/// and its id (the key of its views in the settings).
#[derive(Clone)]
pub struct Workspace {
    /// Client and offline cache of the workspace.
    pub replica: Replica,
    /// Its id ([`WorkspaceId::demo`] while the demo runs).
    pub id: WorkspaceId,
    /// [`Session`]'s switch count when it was taken.
    pub(crate) switch: u64,
}

impl Workspace {
    /// The client, for reads that need no check of "Work offline" (the
    /// rate-limit budget). Requests go through [`Replica::service`].
    pub fn client(&self) -> &Client {
        self.replica.client()
    }
}

impl Session {
    /// A session over `keychain`, nothing open, no demo.
    pub fn new(keychain: Keychain) -> Session {
        Session {
            keychain: Arc::new(keychain),
            client: Mutex::new(CachedClient::default()),
            demo: Mutex::new(None),
            keychain_timeout: KEYCHAIN_TIMEOUT,
            service_watch: std::sync::Mutex::new(None),
            outbox_watch: std::sync::Mutex::new(None),
            changes_watch: std::sync::Mutex::new(None),
            records_changed: Arc::default(),
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
    /// [`Session::set_service_watch`] callback).
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

    /// How the window hears, from now on, that its screens read records
    /// again ([`crate::reading::changes`]: the app pushes each
    /// [`ChangedRecords`] as an event; a test keeps them).
    pub fn set_changes_watch(&self, watch: WatchChanges) {
        *self.changes_watch.lock().unwrap_or_else(|e| e.into_inner()) = Some(watch);
    }

    /// The callback set by [`Session::set_changes_watch`], if any.
    fn changes_watch(&self) -> Option<WatchChanges> {
        self.changes_watch
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Announces that the records of `resources` (empty: every list and
    /// the overview) of workspace `workspace` changed for `cause`, so the
    /// screens showing them read again ([`crate::reading::changes`] lists
    /// when). Nothing happens before a watch is set.
    pub fn announce_changes(
        &self,
        workspace: &WorkspaceId,
        resources: Vec<ResourceName>,
        cause: ChangeCause,
    ) {
        self.records_changed.notify_one();
        if let Some(watch) = self.changes_watch() {
            watch(ChangedRecords {
                workspace: workspace.clone(),
                resources,
                cause,
            });
        }
    }

    /// Follows workspace `workspace`'s newly opened `replica`: its client's
    /// state pushed to the window ([`Session::watch_service`]), its outbox
    /// sent in the background by the returned [`Sender`] (kept as long as
    /// the workspace is open), and the service found again after it could
    /// not be reached announced ([`ChangeCause::ServiceBack`]).
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
        Sender::start(replica.clone(), workspace, watch, self.changes_watch())
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

    /// Notes that the workspace on screen changed: answers computed for
    /// the one before are no longer shown ([`Session::check_shown`]), and
    /// its client and cache are closed.
    pub async fn switched(&self) {
        self.switches.fetch_add(1, Ordering::SeqCst);
        self.client.lock().await.invalidate();
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

    /// Whether the service of the workspace on screen is not known to be
    /// out of reach: its client's last exchange did not end `offline`
    /// (with nothing shown or asked yet, the network is assumed there).
    /// The update check's "online".
    pub async fn service_not_known_offline(&self) -> bool {
        let client = self.client.lock().await;
        client.replica().is_none_or(|replica| {
            *replica.client().subscribe_connection().borrow() != Connection::Offline
        })
    }

    /// The replica of workspace `id` when it is the one open, its key's
    /// refusal kept first (after a 401, before anything else).
    pub(crate) async fn open_replica(&self, id: &WorkspaceId) -> Option<Replica> {
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

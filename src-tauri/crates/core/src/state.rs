//! What the app keeps between commands (Tauri's managed state): each
//! domain's own state side by side, [`AppState`]. A command takes the
//! whole and uses the parts it serves; what crosses domains (a switch of
//! workspace stopping downloads and exports, the start's tidying) is here.

use std::path::PathBuf;

use std::sync::atomic::Ordering;

use workdesk_api::Client;
use workdesk_keychain::{Keychain, StoredKey};
use workdesk_sync::Replica;

use crate::error::{Error, Result};
use crate::export::Exports;
use crate::offline::saved_data;
use crate::offline::Offline;
use crate::reading::Reading;
use crate::settings::store::Settings;
use crate::workspace::id::WorkspaceId;
use crate::workspace::session::{Session, Workspace};

/// Managed state of the app: the domains' states, each owned by its
/// module.
pub struct AppState {
    /// Non-secret settings (tauri-plugin-store), the workspaces among them.
    pub settings: Settings,
    /// The workspaces and their keys: the keychain, the workspace on
    /// screen (or the demo).
    pub session: Session,
    /// Saved data, "Work offline" and the downloads under way.
    pub offline: Offline,
    /// What reading lists remembers: the latest list request per
    /// resource, the overview's amounts added up.
    pub reading: Reading,
    /// The export under way and the last file written.
    pub exports: Exports,
    /// The `workdesk://` link that arrived and the window has not opened
    /// yet.
    pub links: crate::links::Links,
    /// The reminders' words, how they are shown, and their wake-up.
    pub reminders: crate::reminders::Reminders,
    /// Work at least this long that ends while the window is not focused
    /// is told by a system notification ([`crate::work_done::LONG_WORK`]
    /// unless set; tests shorten it).
    pub long_work: std::time::Duration,
    /// Done once the start's tidying ran ([`AppState::tidy_at_start`]):
    /// no saved data is opened before.
    tidied: tokio::sync::OnceCell<()>,
}

impl AppState {
    /// State over `keychain` and `settings`, with saved data under
    /// `saved_dir`, no client yet and no demo.
    pub fn new(keychain: Keychain, settings: Settings, saved_dir: PathBuf) -> Self {
        let offline = Offline::new(saved_dir, settings.working_offline());
        Self {
            settings,
            session: Session::new(keychain),
            offline,
            reading: Reading::default(),
            exports: Exports::default(),
            links: crate::links::Links::default(),
            reminders: crate::reminders::Reminders::default(),
            long_work: crate::work_done::LONG_WORK,
            tidied: tokio::sync::OnceCell::new(),
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
            .session
            .client
            .lock()
            .await
            .replica()
            .map(|replica| replica.cache().clone());
        saved_data::forget_old(&self.offline.saved, open, cutoff).await
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
    /// ([`crate::export::parts::remove_leftover_parts`]; a folder on a network
    /// drive that is gone must not hold the window), then
    /// [`AppState::forget_old_saved_data`]. Later callers wait for the
    /// first (the daily task and the first opening of saved data,
    /// whichever comes first).
    pub async fn tidy_at_start(&self) {
        self.tidied
            .get_or_init(|| async {
                let settings = self.settings.clone();
                let _ = tokio::task::spawn_blocking(move || {
                    crate::export::parts::remove_leftover_parts(&settings)
                })
                .await;
                self.forget_old_saved_data().await;
            })
            .await;
    }

    /// Whether "Work offline" is on.
    pub fn working_offline(&self) -> bool {
        self.offline.working_offline.is_on()
    }

    /// Notes that the workspace on screen changed: answers computed for
    /// the one before are no longer shown
    /// ([`Session::check_shown`]), its client and cache are closed, and
    /// its downloads stop (what they saved stays), as does an export
    /// (leaving no file).
    pub async fn switched(&self) {
        self.session.switched().await;
        self.reminders.wake.notify_one();
        self.offline.stop_downloads();
        self.exports.cancel();
    }

    /// The workspace whose settings apply now: the demo's while it runs,
    /// else the current workspace's; `None` before any was added.
    pub async fn shown(&self) -> Option<WorkspaceId> {
        if self.session.demo.lock().await.is_some() {
            Some(WorkspaceId::demo())
        } else {
            self.settings.current_workspace().map(|w| w.id)
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
        let session = &self.session;
        let switch = session.switches.load(Ordering::SeqCst);
        if let Some(demo) = session.demo.lock().await.as_ref() {
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
        if let Some(replica) = session.open_replica(&entry.id).await {
            return Ok(shown(replica));
        }
        // One opening at a time: a caller that waited for another's
        // opening shares what it opened.
        let _opening = session.opening.lock().await;
        if let Some(replica) = session.open_replica(&entry.id).await {
            return Ok(shown(replica));
        }
        let generation = session.client.lock().await.generation;
        let base_url = entry.base_url().map_err(|_| Error::NotConfigured)?;
        let account = entry.id.clone();
        let origin = base_url.origin();
        // The key goes only to the origin its keychain item names: an
        // address edited in the settings file gets nothing.
        let (key, refused) = match session
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
            &self.offline.saved,
            session.keychain.clone(),
            &entry.id,
            &base_url,
            &key,
            self.settings.saved_data_cap_bytes(),
            session.keychain_timeout,
        )
        .await?;
        let origin = base_url.origin();
        let refused_key = key.clone();
        let replica = Replica::new(
            Client::with_config(base_url, key, entry.client_config())?,
            cache,
            self.offline.working_offline.clone(),
        );
        replica.set_key_refused(refused);
        let keychain = session.keychain.clone();
        let account = entry.id.clone();
        let timeout = session.keychain_timeout;
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
        let mut cached = session.client.lock().await;
        if cached.generation == generation {
            cached.sender = Some(session.follow(&replica, entry.id.clone()));
            cached.open = Some((entry.id.clone(), replica.clone()));
        } else {
            session.watch_service(replica.client(), entry.id.clone());
        }
        Ok(shown(replica))
    }
}

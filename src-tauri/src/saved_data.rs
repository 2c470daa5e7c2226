//! Where each workspace's saved data lives and how it is opened: one sealed
//! file per workspace under `<app local data>/saved/<workspace id>/`, named
//! by the workspace's fingerprint, its data key in the OS keychain next to
//! the API key (account `<workspace id>#data-key`). Without a keychain the data is
//! kept in memory for the session, and the user is told so.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use specta::Type;
use workdesk_api::{ApiKey, BaseUrl};
use workdesk_cache::{Cache, DataKey, Recovery, RecoveryReason};
use workdesk_keychain::{Availability, Keychain};

use crate::error::{Error, Result};
use crate::workspaces::WorkspaceId;

/// How a workspace's saved data is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Kept {
    /// In its sealed file, across restarts.
    OnDisk,
    /// In memory until Workdesk quits, because of `reason`.
    SessionOnly {
        /// Why (the UI words it).
        reason: SessionOnlyReason,
        /// The system's or a library's own words, for whoever helps the
        /// user (English, technical); `None` when there is nothing to add.
        detail: Option<String>,
    },
}

/// Why a workspace's saved data is kept in memory only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum SessionOnlyReason {
    /// The demo's sample data is never written to disk.
    Demo,
    /// There is no working system keychain to keep the data key.
    NoKeychain,
    /// The keychain failed to give or take the data key.
    KeychainFailed,
    /// The saved-data file could not be opened.
    FileFailed,
}

/// Something about saved data the user is told once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Notice {
    /// The file could not be read and was set aside (kept as `moved_to`);
    /// Workdesk started afresh, settings, views and the key unchanged.
    SetAside {
        /// Why it could not be read.
        reason: SetAsideReason,
        /// Where the old file is kept.
        moved_to: String,
    },
    /// A write of saved data failed (`detail`: the technical reason);
    /// what is on screen is not affected.
    WriteFailed {
        /// The technical reason, English.
        detail: String,
    },
}

/// Why a saved-data file was set aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum SetAsideReason {
    /// Its data key is no longer in the system keychain.
    KeyMissing,
    /// The key in the keychain does not open it.
    WrongKey,
    /// The file is damaged (perhaps closed while writing).
    Damaged,
    /// Written by a newer version of Workdesk.
    TooNew,
}

/// Tells the window something about saved data at once (a write that
/// failed); set by the app to emit an event.
pub type Announce = Arc<dyn Fn(Notice) + Send + Sync>;

/// The folder of all saved data, and what to tell the user about it once.
pub struct SavedData {
    dir: PathBuf,
    notice: std::sync::Mutex<Option<Notice>>,
    kept: std::sync::Mutex<Option<Kept>>,
    announce: std::sync::Mutex<Option<Announce>>,
}

impl SavedData {
    /// Saved data under `dir`.
    pub fn new(dir: PathBuf) -> SavedData {
        SavedData {
            dir,
            notice: std::sync::Mutex::new(None),
            kept: std::sync::Mutex::new(None),
            announce: std::sync::Mutex::new(None),
        }
    }

    /// How to tell the window at once when a write fails.
    pub fn set_announce(&self, announce: Announce) {
        *lock(&self.announce) = Some(announce);
    }

    /// The notice of a failed write (`error`: its technical reason).
    pub fn write_failed_notice(error: &str) -> Notice {
        Notice::WriteFailed {
            detail: error.trim().trim_end_matches('.').to_owned(),
        }
    }

    /// The folder of `workspace`'s saved data.
    pub fn workspace_dir(&self, workspace: &WorkspaceId) -> PathBuf {
        self.dir.join(workspace.as_str())
    }

    /// Something to tell the user once (a file set aside, a write that
    /// failed), taken.
    pub fn take_notice(&self) -> Option<Notice> {
        lock(&self.notice).take()
    }

    /// Keeps `message` to tell the user once (the first one wins).
    pub fn notify(&self, message: Notice) {
        let mut slot = lock(&self.notice);
        if slot.is_none() {
            *slot = Some(message);
        }
    }

    /// How the open workspace's data is kept, once it was opened.
    pub fn kept(&self) -> Option<Kept> {
        lock(&self.kept).clone()
    }

    /// The bytes of every file in `workspace`'s folder: its database (with
    /// its WAL) and files set aside.
    pub fn bytes_on_disk(&self, workspace: &WorkspaceId) -> (u64, u64) {
        let mut live = 0;
        let mut set_aside = 0;
        for (path, size) in files(&self.workspace_dir(workspace)) {
            if is_set_aside(&path) {
                set_aside += size;
            } else {
                live += size;
            }
        }
        (live, set_aside)
    }

    /// Deletes the files set aside in `workspace`'s folder.
    pub fn delete_set_aside(&self, workspace: &WorkspaceId) {
        for (path, _) in files(&self.workspace_dir(workspace)) {
            if is_set_aside(&path) {
                if let Err(err) = std::fs::remove_file(&path) {
                    log::warn!("could not delete {}: {err}", path.display());
                }
            }
        }
    }
}

/// `mutex` locked, whether or not a thread panicked while holding it (what
/// it guards stays usable: plain values, replaced whole).
pub(crate) fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The keychain account of `workspace`'s data key.
pub fn data_key_account(workspace: &WorkspaceId) -> String {
    format!("{workspace}#data-key")
}

fn files(dir: &Path) -> Vec<(PathBuf, u64)> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let metadata = entry.metadata().ok()?;
            metadata.is_file().then(|| (entry.path(), metadata.len()))
        })
        .collect()
}

fn is_set_aside(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.contains(".unreadable-"))
}

/// What the user is told once about a file set aside.
fn recovery_notice(recovery: &Recovery) -> Notice {
    let reason = match &recovery.reason {
        RecoveryReason::KeyMissing => SetAsideReason::KeyMissing,
        RecoveryReason::WrongKey => SetAsideReason::WrongKey,
        RecoveryReason::Damaged(_) => SetAsideReason::Damaged,
        RecoveryReason::TooNew => SetAsideReason::TooNew,
    };
    Notice::SetAside {
        reason,
        moved_to: recovery.moved_to.display().to_string(),
    }
}

/// Opens `workspace`'s cache at `base_url` with `key`: its sealed file
/// when the keychain can keep the data key (made, stored and read back
/// first when there is none), otherwise an in-memory cache for the
/// session. A file of an earlier key or server in the workspace's folder
/// is deleted: only the data of the key in use is kept.
///
/// # Errors
/// [`Error::SavedData`] only when not even an in-memory database can be
/// made (out of memory).
pub async fn open(
    saved: &SavedData,
    keychain: Arc<Keychain>,
    workspace: &WorkspaceId,
    base_url: &BaseUrl,
    key: &ApiKey,
    cap_bytes: u64,
    keychain_timeout: std::time::Duration,
) -> Result<Arc<Cache>> {
    let origin = base_url.as_url().origin().ascii_serialization();
    let fingerprint = workdesk_cache::fingerprint(&origin, key.expose_secret());
    let dir = saved.workspace_dir(workspace);
    let id = workspace.clone();
    let opening =
        tokio::task::spawn_blocking(move || open_blocking(&keychain, &id, &dir, &fingerprint));
    // The data key comes from the keychain: no longer than a keychain call.
    let opened = match tokio::time::timeout(keychain_timeout, opening).await {
        Ok(Ok(opened)) => opened,
        Ok(Err(failed)) => Err((SessionOnlyReason::FileFailed, failed.to_string())),
        Err(_) => Err((
            SessionOnlyReason::KeychainFailed,
            format!(
                "the keychain did not answer within {} s",
                keychain_timeout.as_secs()
            ),
        )),
    };
    let (cache, kept) = match opened {
        Ok((cache, recovery)) => {
            if let Some(recovery) = recovery {
                saved.notify(recovery_notice(&recovery));
            }
            (cache, Kept::OnDisk)
        }
        Err((reason, detail)) => {
            log::warn!("saved data kept in memory for this session ({reason:?}): {detail}");
            let fingerprint = workdesk_cache::fingerprint(&origin, key.expose_secret());
            let cache =
                Cache::in_memory(&fingerprint).map_err(|err| Error::SavedData(err.to_string()))?;
            (
                cache,
                Kept::SessionOnly {
                    reason,
                    detail: Some(detail),
                },
            )
        }
    };
    cache.set_cap(cap_bytes);
    if let Some(announce) = lock(&saved.announce).clone() {
        cache.on_write_error(Box::new(move |error| {
            announce(SavedData::write_failed_notice(error))
        }));
    }
    *lock(&saved.kept) = Some(kept);
    Ok(Arc::new(cache))
}

fn open_blocking(
    keychain: &Keychain,
    workspace: &WorkspaceId,
    dir: &Path,
    fingerprint: &str,
) -> Result<(Cache, Option<Recovery>), (SessionOnlyReason, String)> {
    if let Availability::SessionOnly { reason } = keychain.availability() {
        return Err((SessionOnlyReason::NoKeychain, reason));
    }
    let keychain_failed =
        |err: workdesk_keychain::Error| (SessionOnlyReason::KeychainFailed, err.to_string());
    let account = data_key_account(workspace);
    let stored = keychain.get_secret(&account).map_err(keychain_failed)?;
    let (data_key, is_new) = match stored
        .as_deref()
        .and_then(|bytes| DataKey::from_bytes(bytes))
    {
        Some(data_key) => (data_key, false),
        None => {
            // Made, stored and read back before anything is written with it.
            let data_key = DataKey::generate();
            keychain
                .set_secret(&account, data_key.expose_secret())
                .map_err(keychain_failed)?;
            let back = keychain.get_secret(&account).map_err(keychain_failed)?;
            if back.as_deref().and_then(|bytes| DataKey::from_bytes(bytes))
                != Some(data_key.clone())
            {
                return Err((
                    SessionOnlyReason::KeychainFailed,
                    "the data key read back differs from the one stored".into(),
                ));
            }
            (data_key, true)
        }
    };
    let path = workdesk_cache::file_of(dir, fingerprint);
    // The files of an earlier key or server of this workspace go.
    for (other, _) in files(dir) {
        let name = other
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if !is_set_aside(&other) && !name.starts_with(fingerprint) {
            if let Err(err) = std::fs::remove_file(&other) {
                log::warn!("could not delete old saved data {}: {err}", other.display());
            }
        }
    }
    Cache::open(&path, fingerprint, &data_key, is_new)
        .map_err(|err| (SessionOnlyReason::FileFailed, err.to_string()))
}

/// Deletes `workspace`'s saved data (its folder, set-aside files
/// included) and its data key: the workspace was removed. The cache must
/// be closed first ([`crate::state::AppState::switched`]).
pub async fn forget(saved: &SavedData, keychain: Arc<Keychain>, workspace: &WorkspaceId) {
    let dir = saved.workspace_dir(workspace);
    let account = data_key_account(workspace);
    let _ = tokio::task::spawn_blocking(move || {
        for (path, _) in files(&dir) {
            if let Err(err) = std::fs::remove_file(&path) {
                log::warn!("could not delete saved data {}: {err}", path.display());
            }
        }
        if let Err(err) = std::fs::remove_dir(&dir) {
            if err.kind() != std::io::ErrorKind::NotFound {
                log::warn!("could not delete the folder {}: {err}", dir.display());
            }
        }
        if let Err(err) = keychain.delete(&account) {
            log::warn!("could not delete the data key: {err}");
        }
    })
    .await;
    *lock(&saved.kept) = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> ApiKey {
        ApiKey::parse(&format!("service_{}", "k".repeat(40))).unwrap()
    }

    #[tokio::test]
    async fn without_a_keychain_saved_data_lives_in_memory_and_says_why() {
        let dir = std::env::temp_dir().join(format!("workdesk-saved-{}", std::process::id()));
        let saved = SavedData::new(dir.clone());
        let keychain = Arc::new(Keychain::session_only(
            "dev.workdesk.test",
            "no D-Bus session",
        ));
        let url = BaseUrl::parse("https://api.example.com").unwrap();
        let id = WorkspaceId::parse("default").unwrap();
        let cache = open(
            &saved,
            keychain,
            &id,
            &url,
            &key(),
            64 * 1024 * 1024,
            crate::state::KEYCHAIN_TIMEOUT,
        )
        .await
        .unwrap();
        assert_eq!(cache.path(), None, "nothing on disk");
        let Some(Kept::SessionOnly { reason, detail }) = saved.kept() else {
            panic!("kept for the session only: {:?}", saved.kept());
        };
        assert_eq!(reason, SessionOnlyReason::NoKeychain);
        assert_eq!(detail.as_deref(), Some("no D-Bus session"));
        assert!(!dir.exists(), "no folder was made");
    }

    #[test]
    fn a_write_failure_carries_its_reason_without_a_full_stop_of_its_own() {
        let notice =
            SavedData::write_failed_notice(" the saved-data file could not be used: disk full. ");
        assert_eq!(
            notice,
            Notice::WriteFailed {
                detail: "the saved-data file could not be used: disk full".into()
            }
        );
        let json = serde_json::to_value(&notice).unwrap();
        assert_eq!(
            json["code"], "write_failed",
            "the UI words it by code: {json}"
        );
    }
}

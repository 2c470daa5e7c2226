//! Where each workspace's saved data lives and how it is opened: one sealed
//! file per workspace under `<app local data>/saved/<workspace id>/`, named
//! by the workspace's fingerprint, its data key in the OS keychain next to
//! the API key (account `<workspace id>#data-key`). Without a keychain the data is
//! kept in memory for the session, and the user is told so.
//!
//! - The folders are readable by the user only (`0700` on Unix).
//! - A workspace's data key is made, or read, under a lock
//!   (`saved/<workspace id>.lock`): two processes opening its saved data
//!   for the first time never each make a key (one file would then be set
//!   aside as unreadable).
//! - "Keep saved data at most N days" ([`forget_old`]) deletes what was
//!   fetched longer ago from every workspace's file, at start and daily.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use specta::Type;
use workdesk_api::{ApiKey, BaseUrl};
use workdesk_cache::{Cache, DataKey, Recovery, RecoveryReason};
use workdesk_keychain::{Availability, Keychain};
use workdesk_sync::Carried;

use crate::error::{Error, Result};
use crate::workspace::id::WorkspaceId;

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
    /// The workspace's key or address changed while changes written for
    /// its earlier address were not sent: `count` of them are held in the
    /// outbox, sent to the new address only if the user says so.
    ChangesHeld {
        /// How many changes are held.
        count: u32,
        /// The origin they were written for (`https://host[:port]`);
        /// `None` when the earlier saved data did not say.
        written_for: Option<String>,
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
    /// Saved data under `dir` (made readable by the user only when it
    /// exists; a folder made later is made so).
    pub fn new(dir: PathBuf) -> SavedData {
        if dir.exists() {
            if let Err(err) = workdesk_cache::private_dir(&dir) {
                log::warn!("the saved-data folder could not be made private: {err}");
            }
        }
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

    /// The lock file of `workspace`'s data key, beside its folder.
    fn lock_path(&self, workspace: &WorkspaceId) -> PathBuf {
        self.dir.join(format!("{workspace}.lock"))
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

    /// Deletes the files set aside in `workspace`'s folder, but those that
    /// hold changes never sent (never deleted silently: removing the
    /// workspace refuses, naming them). Returns how many such changes were
    /// kept.
    pub fn delete_set_aside(&self, workspace: &WorkspaceId) -> usize {
        let mut kept = 0;
        for (path, _) in files(&self.workspace_dir(workspace)) {
            if is_set_aside(&path) {
                let unsent = unsent_of(&path);
                if unsent > 0 {
                    // Counted once, by the database (kept with its WAL).
                    if path.extension().is_some_and(|ext| ext == "sqlite3") {
                        kept += unsent;
                    }
                    continue;
                }
                if let Err(err) = std::fs::remove_file(&path) {
                    log::warn!("could not delete {}: {err}", path.display());
                }
            }
        }
        kept
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

/// How many changes never sent the database at `path` holds, or the
/// database a side file at `path` belongs to (its `-wal`, `-shm` or
/// outbox lock `-pass`): 0 for anything else, or a file that cannot be
/// read. Needs no data key.
fn unsent_of(path: &Path) -> usize {
    let Some(text) = path.to_str() else {
        return 0;
    };
    let database = ["-wal", "-shm", "-pass"]
        .iter()
        .find_map(|suffix| text.strip_suffix(suffix))
        .map_or_else(|| path.to_owned(), PathBuf::from);
    if database.extension().is_some_and(|ext| ext == "sqlite3") {
        workdesk_cache::unsent_in(&database).unwrap_or(0)
    } else {
        0
    }
}

/// How many changes never sent the files set aside in `workspace`'s folder
/// hold (files that could not be opened: their data key lost, damaged).
pub async fn unsent_set_aside(saved: &SavedData, workspace: &WorkspaceId) -> usize {
    let dir = saved.workspace_dir(workspace);
    tokio::task::spawn_blocking(move || {
        files(&dir)
            .into_iter()
            .filter(|(path, _)| {
                is_set_aside(path) && path.extension().is_some_and(|ext| ext == "sqlite3")
            })
            .map(|(path, _)| unsent_of(&path))
            .sum()
    })
    .await
    .unwrap_or(0)
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
/// is deleted once its outbox moved into the file in use (changes written
/// for another address are held there: [`Notice::ChangesHeld`]); a file
/// holding unsent changes is never deleted before.
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
    let origin = base_url.origin();
    let fingerprint = workdesk_cache::fingerprint(&origin, key.expose_secret());
    let dir = saved.workspace_dir(workspace);
    let id = workspace.clone();
    let lock_path = saved.lock_path(workspace);
    let at = origin.clone();
    let opening = tokio::task::spawn_blocking(move || {
        open_blocking(&keychain, &id, &dir, &lock_path, &fingerprint, &at)
    });
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
        Ok((cache, recovery, carried)) => {
            if let Some(recovery) = recovery {
                saved.notify(recovery_notice(&recovery));
            }
            if carried.held > 0 {
                let held = Notice::ChangesHeld {
                    count: u32::try_from(carried.held).unwrap_or(u32::MAX),
                    written_for: carried.written_for,
                };
                // Told at once, and kept for the Storage section.
                if let Some(announce) = lock(&saved.announce).clone() {
                    announce(held.clone());
                }
                saved.notify(held);
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

/// Opens (creating when missing) the lock file at `path`, in a folder
/// readable by the user only, and locks it: released when dropped.
fn lock_file(path: &Path) -> std::io::Result<std::fs::File> {
    if let Some(folder) = path.parent() {
        workdesk_cache::private_dir(folder)?;
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    file.lock()?;
    Ok(file)
}

/// Opens `workspace`'s file in `dir` (see [`open`]) while holding the
/// lock at `lock_path`: one process at a time makes (or reads) the data
/// key and opens the file.
fn open_blocking(
    keychain: &Keychain,
    workspace: &WorkspaceId,
    dir: &Path,
    lock_path: &Path,
    fingerprint: &str,
    origin: &str,
) -> Result<(Cache, Option<Recovery>, Carried), (SessionOnlyReason, String)> {
    if let Availability::SessionOnly { reason } = keychain.availability() {
        return Err((SessionOnlyReason::NoKeychain, reason));
    }
    let _one_at_a_time = lock_file(lock_path).map_err(|err| {
        (
            SessionOnlyReason::FileFailed,
            format!("the saved data could not be locked: {err}"),
        )
    })?;
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
    let (cache, recovery) = Cache::open(&path, fingerprint, &data_key, is_new)
        .map_err(|err| (SessionOnlyReason::FileFailed, err.to_string()))?;
    if let Err(err) = cache.set_origin(origin) {
        log::warn!("the saved data's origin could not be noted: {err}");
    }
    let mut carried = Carried::default();
    for earlier in earlier_files(dir, fingerprint) {
        let step = take_earlier(&earlier, &cache, &data_key, is_new, origin);
        carried.moved += step.moved;
        carried.held += step.held;
        carried.written_for = carried.written_for.or(step.written_for);
    }
    // The files of an earlier key or server that held nothing unsent go
    // (also their `-wal`, `-shm` and lock files).
    for (other, _) in files(dir) {
        let name = other
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if !is_set_aside(&other) && !name.starts_with(fingerprint) && unsent_of(&other) == 0 {
            if let Err(err) = std::fs::remove_file(&other) {
                log::warn!("could not delete old saved data {}: {err}", other.display());
            }
        }
    }
    Ok((cache, recovery, carried))
}

/// The workspace's database files in `dir` of another fingerprint than
/// `fingerprint` (an earlier key or address), not set aside.
fn earlier_files(dir: &Path, fingerprint: &str) -> Vec<PathBuf> {
    files(dir)
        .into_iter()
        .map(|(path, _)| path)
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == "sqlite3")
                && !is_set_aside(path)
                && path.file_stem().and_then(|s| s.to_str()) != Some(fingerprint)
        })
        .collect()
}

/// How long the opening waits for a pass still running over an earlier
/// file's outbox (the sender of the key just replaced ends its request
/// first): 10 s. Past it the earlier file is left for the next opening.
const EARLIER_PASS_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Moves the outbox of `earlier` (a file of the workspace's earlier key
/// or address) into `cache` (see [`workdesk_sync::carry_outbox`]), holding
/// its outbox lock, then deletes it. A file with unsent changes that
/// cannot be opened (its data key was lost: `key_is_new`, or it does not
/// open) is set aside, never deleted. What could not be done now is left
/// for the next opening.
fn take_earlier(
    earlier: &Path,
    cache: &Cache,
    data_key: &DataKey,
    key_is_new: bool,
    origin: &str,
) -> Carried {
    let unsent = workdesk_cache::unsent_in(earlier).unwrap_or(0);
    let Some(name) = earlier.file_stem().and_then(|s| s.to_str()) else {
        return Carried::default();
    };
    if unsent == 0 {
        if let Err(err) = workdesk_cache::delete_files(earlier) {
            log::warn!("could not delete old saved data: {err}");
        }
        return Carried::default();
    }
    let deadline = std::time::Instant::now() + EARLIER_PASS_WAIT;
    let pass = loop {
        match workdesk_cache::try_lock_outbox(earlier) {
            Ok(Some(lock)) => break lock,
            Ok(None) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Ok(None) => {
                log::warn!("an earlier outbox is still being sent; it moves at the next opening");
                return Carried::default();
            }
            Err(err) => {
                log::warn!("an earlier outbox could not be locked: {err}");
                return Carried::default();
            }
        }
    };
    let set_aside = |reason| match workdesk_cache::move_aside(earlier, reason) {
        Ok(moved) => log::warn!(
            "{unsent} unsent changes kept in {} (they cannot be opened)",
            moved.moved_to.display()
        ),
        Err(err) => log::warn!("an earlier file with unsent changes could not be set aside: {err}"),
    };
    if key_is_new {
        set_aside(workdesk_cache::RecoveryReason::KeyMissing);
        return Carried::default();
    }
    let from = match Cache::open(earlier, name, data_key, false) {
        Ok((from, None)) => from,
        Ok((_, Some(recovery))) => {
            log::warn!(
                "an earlier file with unsent changes could not be opened; kept as {}",
                recovery.moved_to.display()
            );
            return Carried::default();
        }
        Err(err) => {
            log::warn!("an earlier file with unsent changes could not be opened: {err}");
            return Carried::default();
        }
    };
    let carried = match workdesk_sync::carry_outbox(&from, name, cache, origin) {
        Ok(carried) => carried,
        Err(err) => {
            log::warn!(
                "the changes of an earlier key or address could not be moved: {}",
                err.log_summary()
            );
            return Carried::default();
        }
    };
    log::info!(
        "{} changes of an earlier key or address moved into the workspace's saved data ({} held for the address they were written for)",
        carried.moved,
        carried.held
    );
    // Emptied under its lock: should the file outlive this (a crash, a
    // file another program holds open), nothing in it is sent twice.
    let emptied = from.outbox().map(|entries| {
        entries
            .iter()
            .try_for_each(|entry| from.outbox_remove(entry.id))
    });
    if !matches!(emptied, Ok(Ok(()))) {
        log::warn!("the earlier outbox could not be emptied; the move stays recorded");
    }
    drop(pass);
    if let Err(err) = from.delete() {
        log::warn!("could not delete old saved data: {err}");
    }
    carried
}

/// "Keep saved data at most N days": deletes the saved pages and records
/// fetched before `cutoff` (UTC) from every workspace's file under
/// `saved`, and the files set aside that were last changed before it.
/// `open` is the cache of the workspace on screen (changed through its
/// writer, so what it shows stays right); the other files are changed
/// directly, without their keys (times are not sealed). Returns the
/// records deleted from the files that were not open.
pub async fn forget_old(
    saved: &SavedData,
    open: Option<Arc<Cache>>,
    cutoff: chrono::DateTime<chrono::Utc>,
) -> u64 {
    let root = saved.dir.clone();
    let closed = tokio::task::spawn_blocking(move || {
        let open_path = open
            .as_ref()
            .and_then(|cache| cache.path().map(Path::to_owned));
        if let Some(cache) = &open {
            cache.forget_saved_before(cutoff);
            cache.flush();
        }
        let mut deleted = 0;
        let folders = std::fs::read_dir(&root).into_iter().flatten().flatten();
        for folder in folders.filter(|entry| entry.path().is_dir()) {
            for (path, _) in files(&folder.path()) {
                if is_set_aside(&path) {
                    let old = std::fs::metadata(&path)
                        .and_then(|m| m.modified())
                        .is_ok_and(|at| chrono::DateTime::<chrono::Utc>::from(at) < cutoff);
                    // Changes never sent are never deleted by the age limit.
                    if old && unsent_of(&path) > 0 {
                        log::info!(
                            "a file set aside holds changes not sent: kept past the age limit"
                        );
                    } else if old {
                        if let Err(err) = std::fs::remove_file(&path) {
                            log::warn!("could not delete an old file set aside: {err}");
                        }
                    }
                    continue;
                }
                let is_database = path.extension().is_some_and(|ext| ext == "sqlite3");
                if !is_database || open_path.as_deref() == Some(path.as_path()) {
                    continue;
                }
                match workdesk_cache::forget_saved_before_in(&path, cutoff) {
                    Ok(n) => deleted += n,
                    Err(err) => {
                        log::warn!("old saved data could not be deleted from a file: {err}")
                    }
                }
            }
        }
        deleted
    })
    .await
    .unwrap_or(0);
    if closed > 0 {
        log::info!("{closed} saved records older than the age limit deleted");
    }
    closed
}

/// How many changes `workspace`'s saved data holds that the service does
/// not have yet (its outbox: waiting, sending or needing the user), over
/// its files in use (not those set aside, which cannot be opened).
pub async fn unsent_changes(saved: &SavedData, workspace: &WorkspaceId) -> usize {
    let dir = saved.workspace_dir(workspace);
    tokio::task::spawn_blocking(move || {
        files(&dir)
            .into_iter()
            .filter(|(path, _)| {
                !is_set_aside(path) && path.extension().is_some_and(|ext| ext == "sqlite3")
            })
            .map(|(path, _)| match workdesk_cache::unsent_in(&path) {
                Ok(unsent) => unsent,
                Err(err) => {
                    log::warn!("the outbox of a saved-data file could not be read: {err}");
                    0
                }
            })
            .sum()
    })
    .await
    .unwrap_or(0)
}

/// Deletes `workspace`'s saved data (its folder, set-aside files
/// included) and its data key: the workspace was removed. The cache must
/// be closed first ([`crate::state::AppState::switched`]).
pub async fn forget(saved: &SavedData, keychain: Arc<Keychain>, workspace: &WorkspaceId) {
    let dir = saved.workspace_dir(workspace);
    let account = data_key_account(workspace);
    let lock_path = saved.lock_path(workspace);
    let _ = tokio::task::spawn_blocking(move || {
        let _ = std::fs::remove_file(&lock_path);
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
            crate::workspace::session::KEYCHAIN_TIMEOUT,
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

    /// The mock keychain as keyring's default store, once for the process.
    fn mock_keychain() -> Arc<Keychain> {
        static MOCK: std::sync::Once = std::sync::Once::new();
        MOCK.call_once(|| {
            keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap())
        });
        Arc::new(Keychain::with_default_store("dev.workdesk.saved-data.test"))
    }

    /// Two processes (here: eight threads, each with its own lock file
    /// handle, as processes have) opening a workspace's saved data for the
    /// first time at once: one data key is made, every one of them opens
    /// the same file with it, and nothing is set aside as unreadable.
    #[test]
    fn first_opens_at_once_make_one_data_key() {
        let root = tempfile::tempdir().unwrap();
        let saved = SavedData::new(root.path().join("saved"));
        let keychain = mock_keychain();
        let id = WorkspaceId::parse("parallel").unwrap();
        let fingerprint = workdesk_cache::fingerprint("https://api.example.com", "service_x");
        let dir = saved.workspace_dir(&id);
        let lock_path = saved.lock_path(&id);
        let start = Arc::new(std::sync::Barrier::new(8));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (keychain, id, dir, lock_path, fingerprint, start) = (
                    keychain.clone(),
                    id.clone(),
                    dir.clone(),
                    lock_path.clone(),
                    fingerprint.clone(),
                    start.clone(),
                );
                std::thread::spawn(move || {
                    start.wait();
                    open_blocking(
                        &keychain,
                        &id,
                        &dir,
                        &lock_path,
                        &fingerprint,
                        "https://api.example.com",
                    )
                    .map(|(cache, recovery, _)| {
                        drop(cache);
                        recovery.map(|r| r.reason)
                    })
                    .map_err(|(reason, detail)| format!("{reason:?}: {detail}"))
                })
            })
            .collect();
        let opened: Vec<_> = threads
            .into_iter()
            .map(|thread| thread.join().unwrap())
            .collect();
        assert!(
            opened.iter().all(|outcome| outcome == &Ok(None)),
            "every open found one key and one file: {opened:?}"
        );
        let set_aside: Vec<_> = files(&dir)
            .into_iter()
            .filter(|(p, _)| is_set_aside(p))
            .collect();
        assert!(set_aside.is_empty(), "nothing set aside: {set_aside:?}");
        assert!(keychain
            .get_secret(&data_key_account(&id))
            .unwrap()
            .is_some());
    }

    #[tokio::test]
    async fn the_age_limit_reaches_every_workspace_file_and_old_files_set_aside() {
        let root = tempfile::tempdir().unwrap();
        let saved = SavedData::new(root.path().join("saved"));
        let record = |n: u32| {
            serde_json::json!({"id": format!("00000000-0000-4000-8000-{n:012}"), "title": "t"})
                .as_object()
                .unwrap()
                .clone()
        };
        let schema = &workdesk_api::resources::TASK;
        let mut caches = Vec::new();
        for name in ["a", "b"] {
            let dir = saved.workspace_dir(&WorkspaceId::parse(name).unwrap());
            let (cache, _) = Cache::open(
                &workdesk_cache::file_of(&dir, name),
                name,
                &DataKey::generate(),
                true,
            )
            .unwrap();
            cache.save_records(schema, vec![record(1), record(2)], true);
            cache.flush();
            caches.push(Arc::new(cache));
        }
        let b_dir = saved.workspace_dir(&WorkspaceId::parse("b").unwrap());
        let aside = b_dir.join("old.unreadable-20200101T000000Z.sqlite3");
        std::fs::write(&aside, b"set aside").unwrap();
        // "a" is on screen; "b" is closed.
        let open = caches.remove(0);
        drop(caches);
        // A limit none of them reaches: nothing goes.
        let past = chrono::Utc::now() - chrono::TimeDelta::days(1);
        assert_eq!(forget_old(&saved, Some(open.clone()), past).await, 0);
        assert_eq!(open.saved_count(schema).unwrap(), 2);
        assert!(aside.exists());
        // One all of them reach: everything goes, in both files.
        let future = chrono::Utc::now() + chrono::TimeDelta::minutes(1);
        assert_eq!(
            forget_old(&saved, Some(open.clone()), future).await,
            2,
            "b's two"
        );
        assert_eq!(
            open.saved_count(schema).unwrap(),
            0,
            "a's through its writer"
        );
        assert!(!aside.exists(), "the old file set aside went");
    }

    /// A file set aside that holds changes never sent outlives the age
    /// limit and "Clear saved data"; one that holds none goes.
    #[tokio::test]
    async fn files_set_aside_with_unsent_changes_are_never_deleted_silently() {
        let root = tempfile::tempdir().unwrap();
        let saved = SavedData::new(root.path().join("saved"));
        let id = WorkspaceId::parse("aside").unwrap();
        let dir = saved.workspace_dir(&id);
        let with = dir.join("a.unreadable-20200101T000000Z.sqlite3");
        let without = dir.join("b.unreadable-20200101T000000Z.sqlite3");
        for (path, unsent) in [(&with, true), (&without, false)] {
            let live = workdesk_cache::file_of(&dir, "live");
            let (cache, _) = Cache::open(&live, "live", &DataKey::generate(), true).unwrap();
            if unsent {
                cache
                    .outbox_add(serde_json::json!({"kind": "create_task", "task": {"title": "t"}}))
                    .unwrap();
            }
            drop(cache);
            workdesk_cache::move_aside(&live, workdesk_cache::RecoveryReason::KeyMissing)
                .map(|moved| std::fs::rename(moved.moved_to, path).unwrap())
                .unwrap();
        }
        assert_eq!(unsent_set_aside(&saved, &id).await, 1);
        let future = chrono::Utc::now() + chrono::TimeDelta::minutes(1);
        forget_old(&saved, None, future).await;
        assert!(with.exists(), "kept past the age limit");
        assert!(!without.exists(), "nothing unsent: deleted");
        assert_eq!(saved.delete_set_aside(&id), 1, "Clear saved data keeps it");
        assert!(with.exists());
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

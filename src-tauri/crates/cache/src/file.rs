//! Opening a workspace's database: one file per workspace named by its
//! fingerprint, set up (WAL, incremental auto-vacuum), migrated, checked
//! against the data key and, after an unclean exit or a short file, for
//! integrity. An unusable file is moved aside (kept, named with the date)
//! and a new one started: recovery, never a loop.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::migrations::{migrations, LATEST};
use crate::saved::{Recovery, RecoveryReason};
use crate::seal::Sealer;
use crate::store::Db;

/// What the `meta` table's key check holds, sealed.
const CANARY: &[u8] = b"workdesk saved data";

/// A workspace's fingerprint: the first 16 bytes of SHA-256 over the base
/// URL's origin and the API key, in hex (32 characters). Names its file and
/// is bound into every sealed value; the key cannot be recovered from it.
#[must_use]
pub fn fingerprint(origin: &str, api_key: &str) -> String {
    let digest = Sha256::new()
        .chain_update(origin.as_bytes())
        .chain_update([0])
        .chain_update(api_key.as_bytes())
        .finalize();
    digest[..16]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The file of workspace `fingerprint` in `dir`.
#[must_use]
pub fn file_of(dir: &Path, fingerprint: &str) -> PathBuf {
    dir.join(format!("{fingerprint}.sqlite3"))
}

/// The lock file of the file at `path`'s outbox (`<file>-pass`, beside
/// its `-wal` and `-shm`): held by the one pass over that outbox running,
/// in any process.
#[must_use]
pub fn outbox_lock_of(path: &Path) -> PathBuf {
    PathBuf::from(format!("{}-pass", path.display()))
}

/// A pass's hold on one file's outbox ([`lock_outbox`]): an exclusive lock
/// of the operating system on its lock file (`flock` on Unix, `LockFileEx`
/// on Windows). It is per open file, so two holders in one process exclude
/// each other as two processes do, and it goes with the process if that
/// dies. Released when dropped.
#[derive(Debug)]
pub struct OutboxLock {
    _file: std::fs::File,
}

/// Takes the outbox lock of the file at `path`, waiting (blocking the
/// thread) while another pass, in this process or another, holds it.
///
/// # Errors
/// The file system's, when the lock file cannot be made or locked.
pub fn lock_outbox(path: &Path) -> std::io::Result<OutboxLock> {
    let file = open_lock_file(&outbox_lock_of(path))?;
    file.lock()?;
    Ok(OutboxLock { _file: file })
}

/// Takes the outbox lock of the file at `path` if no pass holds it now;
/// `None` when one does.
///
/// # Errors
/// The file system's, when the lock file cannot be made or locked.
pub fn try_lock_outbox(path: &Path) -> std::io::Result<Option<OutboxLock>> {
    let file = open_lock_file(&outbox_lock_of(path))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(OutboxLock { _file: file })),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(err)) => Err(err),
    }
}

fn open_lock_file(path: &Path) -> std::io::Result<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    restrict(path);
    Ok(file)
}

/// Settings every connection gets. `auto_vacuum` only takes effect before
/// the first table exists, which is why it comes before the migrations.
/// Reads go through memory-mapped I/O (up to 256 MiB) and a 32 MB page
/// cache, so loading every saved record of a list copies little.
fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.execute_batch(
        "PRAGMA auto_vacuum = INCREMENTAL;
         PRAGMA journal_mode = WAL;
         PRAGMA synchronous = NORMAL;
         PRAGMA temp_store = MEMORY;
         PRAGMA mmap_size = 268435456;
         PRAGMA cache_size = -32000;",
    )
}

/// A connection to `path` for reading next to the writer (WAL lets both run).
pub(crate) fn reader(path: &Path) -> Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    configure(&conn)?;
    Ok(conn)
}

/// Why opening failed, when the file itself is at fault (and is moved aside).
fn unusable(err: &Error) -> Option<RecoveryReason> {
    match err {
        Error::Sqlite(rusqlite::Error::SqliteFailure(failure, message))
            if matches!(
                failure.code,
                ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt
            ) =>
        {
            Some(RecoveryReason::Damaged(
                message.clone().unwrap_or_else(|| failure.to_string()),
            ))
        }
        Error::Migration(rusqlite_migration::Error::RusqliteError { err, .. })
            if matches!(
                err.sqlite_error_code(),
                Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
            ) =>
        {
            Some(RecoveryReason::Damaged(err.to_string()))
        }
        Error::TooNew { .. } => Some(RecoveryReason::TooNew),
        Error::Unreadable(_) => Some(RecoveryReason::WrongKey),
        _ => None,
    }
}

/// Opens (or creates) the writer's connection to `path`, moving an unusable
/// file aside first. `key_is_new`: the data key was just made, so an
/// existing file cannot be opened with it.
///
/// # Errors
/// What is not the file's fault: a folder that cannot be written, a full
/// disk, a file another process holds locked.
pub(crate) fn open(
    path: &Path,
    sealer: &Sealer,
    key_is_new: bool,
) -> Result<(Connection, Option<Recovery>)> {
    let mut recovery = None;
    if key_is_new && path.exists() {
        recovery = Some(move_aside(path, RecoveryReason::KeyMissing)?);
    }
    match open_checked(path, sealer) {
        Ok(conn) => Ok((conn, recovery)),
        Err(err) => {
            let Some(reason) = unusable(&err) else {
                return Err(err);
            };
            log::warn!("the saved-data file cannot be used ({err}); moving it aside");
            let moved = move_aside(path, reason)?;
            // A fresh file: if even that fails, report it (no loop).
            let conn = open_checked(path, sealer)?;
            Ok((conn, Some(moved)))
        }
    }
}

fn open_checked(path: &Path, sealer: &Sealer) -> Result<Connection> {
    if let Some(dir) = path.parent() {
        private_dir(dir)?;
    }
    let short = file_is_short(path);
    let mut conn = Connection::open(path)?;
    restrict(path);
    configure(&conn)?;
    let version: usize = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version > LATEST {
        return Err(Error::TooNew {
            found: version,
            known: LATEST,
        });
    }
    migrations().to_latest(&mut conn)?;
    let db = Db {
        conn: &conn,
        sealer,
    };
    match db.meta("canary")? {
        Some(canary) if canary == CANARY => {}
        Some(_) => return Err(Error::Unreadable("key check")),
        None => db.set_meta("canary", CANARY)?,
    }
    let unclean = db.meta("open")?.is_some_and(|open| open == b"1");
    if unclean || short {
        let verdict: String = conn.query_row("PRAGMA quick_check", [], |row| row.get(0))?;
        if verdict != "ok" {
            return Err(Error::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
                Some(format!("integrity check: {verdict}")),
            )));
        }
    }
    db.bind_outbox_states()?;
    db.set_meta("open", b"1")?;
    Ok(conn)
}

/// Whether the file is shorter than its header says (a truncated copy):
/// worth an integrity check before trusting it.
fn file_is_short(path: &Path) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let Ok(length) = file.metadata().map(|metadata| metadata.len()) else {
        return false;
    };
    let mut header = [0u8; 100];
    if file.read_exact(&mut header).is_err() {
        // Shorter than a database header, but not empty: damaged.
        return length > 0;
    }
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        size => u64::from(size),
    };
    let pages = u64::from(u32::from_be_bytes([
        header[28], header[29], header[30], header[31],
    ]));
    length < pages * page_size
}

/// Creates `dir` (and any missing parents) readable by its owner only,
/// and makes it so when it already exists (`0700` on Unix; on Windows the
/// folders are in the user's own profile, which only the user can read).
///
/// # Errors
/// The file system's, when the folder cannot be created.
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)?;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
    }
    #[cfg(not(unix))]
    std::fs::create_dir_all(dir)
}

/// Removes the saved records of the file at `path` fetched before `cutoff`
/// (ms since the epoch, UTC), without its data key: times are the one
/// plaintext the rows carry ([`crate::Cache::forget_saved_before`] does the
/// same for an open cache). A file that is not a database of a known
/// version, or that is busy past the wait, is left as it is.
///
/// Returns how many records went.
///
/// # Errors
/// SQLite's, when the file cannot be opened or changed.
pub fn forget_saved_before_in(path: &Path, cutoff: chrono::DateTime<chrono::Utc>) -> Result<u64> {
    let mut conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
    conn.busy_timeout(Duration::from_secs(5))?;
    let version: usize = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version == 0 || version > LATEST {
        return Ok(0);
    }
    let tx = conn.transaction()?;
    let (records, _) = crate::store::forget_saved_before(&tx, crate::store::millis(cutoff))?;
    tx.commit()?;
    crate::store::give_back(&conn)?;
    Ok(records)
}

/// How many changes the outbox of the file at `path` holds that the
/// service does not have yet (waiting, sending or needing the user); 0 for
/// a file without an outbox (schema 1, or not Workdesk's). Needs no data
/// key: only the states are read. For the file of a workspace not open
/// (the one open may be read too: its outbox writes are committed).
///
/// # Errors
/// When the file cannot be opened or read (missing, locked, damaged).
pub fn unsent_in(path: &Path) -> Result<usize> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    conn.busy_timeout(Duration::from_secs(5))?;
    let version: usize = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version < 2 {
        return Ok(0);
    }
    let unsent: i64 = conn.query_row(
        "SELECT count(*) FROM outbox WHERE state != 'sent'",
        [],
        |row| row.get(0),
    )?;
    Ok(usize::try_from(unsent).unwrap_or(0))
}

/// Makes the file readable by its owner only (Unix; elsewhere the user's
/// profile folder already is).
fn restrict(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// Renames `path` (and its `-wal` and `-shm`) to
/// `<name>.unreadable-<UTC date and time>.sqlite3` beside it.
pub fn move_aside(path: &Path, reason: RecoveryReason) -> Result<Recovery> {
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("saved");
    let mut moved_to = path.with_file_name(format!("{stem}.unreadable-{stamp}.sqlite3"));
    let mut n = 1;
    while moved_to.exists() {
        n += 1;
        moved_to = path.with_file_name(format!("{stem}.unreadable-{stamp}-{n}.sqlite3"));
    }
    std::fs::rename(path, &moved_to)?;
    for suffix in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{suffix}", path.display()));
        if side.exists() {
            std::fs::rename(&side, format!("{}{suffix}", moved_to.display()))?;
        }
    }
    log::warn!(
        "saved data moved aside to {} ({reason:?})",
        moved_to.display()
    );
    Ok(Recovery { reason, moved_to })
}

/// Removes a workspace's file with its `-wal`, `-shm` and outbox lock
/// (`-pass`). Missing files are fine.
pub fn delete_files(path: &Path) -> Result<()> {
    for suffix in ["", "-wal", "-shm", "-pass"] {
        let file = PathBuf::from(format!("{}{suffix}", path.display()));
        match std::fs::remove_file(&file) {
            Ok(()) => {}
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(err.into()),
        }
    }
    Ok(())
}

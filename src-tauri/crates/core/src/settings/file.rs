//! `settings.json` on disk: nothing typed into Workdesk is lost to a crash
//! or a full disk while it is written, and a damaged file never stops the
//! app nor gets written over.
//!
//! - **Written atomically**: the whole file goes to a temporary file in the
//!   same folder (`tempfile`), is flushed to the disk (`fsync`), and then
//!   renamed over `settings.json`; the file it replaces is kept first as
//!   `settings.json.bak`. A crash leaves the old file or the new one, never
//!   half of one.
//! - **Read with recovery**: at start, a `settings.json` that is not a JSON
//!   object (half written by an older version, edited by hand, damaged) is
//!   moved aside as `settings.unreadable-<UTC date and time>.json`, kept for
//!   the user; the backup is used when it reads, else the defaults; the user
//!   is told once ([`SettingsNotice`]). Keys are in the keychain, never in
//!   this file, so they are not touched.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Map, Value};
use specta::Type;

/// What the user is told once when `settings.json` could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum SettingsNotice {
    /// The file was set aside (kept as `moved_to`) and the backup of the
    /// previous save was used: at most the last change was lost.
    Restored {
        /// Where the unreadable file is kept.
        moved_to: String,
    },
    /// The file was set aside (kept as `moved_to`) and there was no usable
    /// backup: Workdesk starts with its defaults (workspaces must be added
    /// again; their keys are still in the keychain).
    Reset {
        /// Where the unreadable file is kept.
        moved_to: String,
    },
}

/// Locks `path` against every other process (its lock file,
/// `settings.json.lock` beside it, created when missing) until the file
/// returned is dropped: two Workdesk processes never interleave a
/// read-modify-write of the settings. Blocks while another holds it.
///
/// # Errors
/// The file system's, when the lock file cannot be created or locked.
pub fn lock(path: &Path) -> std::io::Result<fs::File> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder)?;
    }
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path.with_file_name(name))?;
    file.lock()?;
    Ok(file)
}

/// The backup of `path`: `settings.json.bak` beside `settings.json`.
pub fn backup_of(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Whether the file at `path` holds a JSON object (what the store reads).
fn readable(path: &Path) -> bool {
    fs::read(path)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
        .is_some_and(|value| value.is_object())
}

/// Checks `path` before the store reads it: a file there that does not
/// read is moved aside and replaced by its backup when that reads, else
/// removed (the store starts empty). `None` when there was nothing to do.
///
/// # Errors
/// The file system's, when the damaged file cannot be moved aside (it is
/// then left as it is, and the store will not read it either).
pub fn recover(path: &Path) -> std::io::Result<Option<SettingsNotice>> {
    if !path.exists() || readable(path) {
        return Ok(None);
    }
    let moved_to = aside(path)?;
    log::warn!(
        "settings file unreadable, set aside as {}",
        moved_to.display()
    );
    let backup = backup_of(path);
    let moved_to = moved_to.display().to_string();
    if readable(&backup) {
        fs::copy(&backup, path)?;
        Ok(Some(SettingsNotice::Restored { moved_to }))
    } else {
        Ok(Some(SettingsNotice::Reset { moved_to }))
    }
}

/// Moves `path` aside as `<stem>.unreadable-<UTC stamp>.<ext>` (numbered
/// when taken); the new path.
fn aside(path: &Path) -> std::io::Result<PathBuf> {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let ext = path
        .extension()
        .map(|ext| format!(".{}", ext.to_string_lossy()))
        .unwrap_or_default();
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let mut moved_to = path.with_file_name(format!("{stem}.unreadable-{stamp}{ext}"));
    let mut n = 1;
    while moved_to.exists() {
        n += 1;
        moved_to = path.with_file_name(format!("{stem}.unreadable-{stamp}-{n}{ext}"));
    }
    fs::rename(path, &moved_to)?;
    Ok(moved_to)
}

/// Writes `entries` as `path` atomically (see the module), keeping the
/// file it replaces as the backup.
///
/// # Errors
/// The file system's (folder not writable, disk full): `path` is then as
/// it was before.
pub fn write(path: &Path, entries: &Map<String, Value>) -> std::io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(folder)?;
    let bytes = serde_json::to_vec_pretty(entries).map_err(std::io::Error::other)?;
    let mut temporary = tempfile::Builder::new()
        .prefix(".settings-")
        .suffix(".tmp")
        .tempfile_in(folder)?;
    temporary.write_all(&bytes)?;
    temporary.as_file().sync_all()?;
    if readable(path) {
        fs::copy(path, backup_of(path))?;
    } else if path.exists() {
        // Damaged since it was read: kept, never written over.
        aside(path)?;
    }
    temporary.persist(path).map_err(|err| err.error)?;
    // The rename itself reaches the disk with its folder's entry.
    #[cfg(unix)]
    if let Ok(folder) = fs::File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn each_save_replaces_the_file_whole_and_keeps_the_previous_as_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        write(&path, &map(json!({"language": "es"}))).unwrap();
        assert!(!backup_of(&path).exists(), "nothing to back up yet");
        write(&path, &map(json!({"language": "en"}))).unwrap();
        let now: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
        let before: Value = serde_json::from_slice(&fs::read(backup_of(&path)).unwrap()).unwrap();
        assert_eq!(
            (now["language"].as_str(), before["language"].as_str()),
            (Some("en"), Some("es"))
        );
        assert_eq!(
            names(dir.path()),
            ["settings.json", "settings.json.bak"],
            "no temporary left"
        );
    }

    #[test]
    fn a_readable_file_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        assert_eq!(recover(&path).unwrap(), None, "no file yet");
        fs::write(&path, b"{\"language\": \"es\"}").unwrap();
        assert_eq!(recover(&path).unwrap(), None);
        assert_eq!(names(dir.path()), ["settings.json"]);
    }

    #[test]
    fn a_half_written_file_is_set_aside_and_the_backup_used() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        write(&path, &map(json!({"language": "es"}))).unwrap();
        write(&path, &map(json!({"language": "en"}))).unwrap();
        fs::write(&path, b"{\"language\": \"e").unwrap();
        let Some(SettingsNotice::Restored { moved_to }) = recover(&path).unwrap() else {
            panic!("the backup should be used");
        };
        assert_eq!(
            fs::read(&moved_to).unwrap(),
            b"{\"language\": \"e",
            "kept as it was"
        );
        assert!(moved_to.contains("settings.unreadable-") && moved_to.ends_with(".json"));
        let restored: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
        assert_eq!(restored["language"], "es", "the previous save");
        assert_eq!(recover(&path).unwrap(), None, "told once");
    }

    #[test]
    fn without_a_usable_backup_the_defaults_are_used_and_nothing_is_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        for garbage in [&b"\x00\x01 not json"[..], b"[1, 2]", b""] {
            fs::write(&path, garbage).unwrap();
            fs::write(backup_of(&path), b"{broken").unwrap();
            let Some(SettingsNotice::Reset { moved_to }) = recover(&path).unwrap() else {
                panic!("no usable backup: defaults");
            };
            assert_eq!(fs::read(&moved_to).unwrap(), garbage);
            assert!(!path.exists(), "the store starts empty");
        }
        assert_eq!(
            names(dir.path())
                .iter()
                .filter(|n| n.contains(".unreadable-"))
                .count(),
            3,
            "each damaged file kept under its own name"
        );
    }
}

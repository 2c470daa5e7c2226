//! The log and "Copy diagnostics".
//!
//! The log (`workdesk.log` in the OS log folder: `$XDG_DATA_HOME/<identifier>/logs/`
//! on Linux, `~/Library/Logs/<identifier>/` on macOS, `%LOCALAPPDATA%\<identifier>\logs\`
//! on Windows) keeps at most [`LOG_FILE_BYTES`] per file and
//! [`LOG_FILES_KEPT`] files; its folder is readable by the user only. Every
//! line goes through [`log_line`]: anything shaped like a key masked, line
//! breaks and other control characters (which a service's text could carry
//! to forge lines) turned into spaces. At `info`, lines name resources,
//! page numbers, counts, statuses and workspace ids, never a filter's
//! value, a record's name or a body (see `workdesk_api::Error::log_summary`).
//!
//! [`report`] gathers what a support person needs: the app's version,
//! the operating system and the end of the log, masked once more.

use std::path::{Path, PathBuf};

use serde::Serialize;
use specta::Type;

use crate::ui_error::UiError;

/// The largest log file, in bytes, before it is rotated: 1 MB.
pub const LOG_FILE_BYTES: u128 = 1_000_000;
/// How many log files are kept: the current one and four rotated ones.
pub const LOG_FILES_KEPT: usize = 5;
/// How much of the log a diagnostics report carries, at most, in bytes
/// (the newest part).
pub const REPORT_LOG_BYTES: usize = 256 * 1024;

/// `message` as one log line: keys masked, control characters (line
/// breaks, tabs, escapes) made spaces.
pub fn log_line(message: &str) -> String {
    workdesk_api::mask_keys(message).replace(|c: char| c.is_control(), " ")
}

/// Where the log lives and what the app is, for [`report`].
pub struct LogFolder {
    /// The OS log folder of the app.
    pub dir: PathBuf,
    /// `Workdesk <version> (<identifier>)`.
    pub app: String,
}

/// Makes `dir` (the log folder) and the logs in it readable by the user
/// only (Unix; on Windows the folder is in the user's own profile).
pub fn restrict(dir: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::create_dir_all(dir);
        let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
        for (path, _) in logs(dir) {
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        }
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// The log files in `dir`, oldest first (rotated ones carry their date in
/// the name; the current one is `workdesk.log`), with their sizes.
fn logs(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut files: Vec<(PathBuf, u64)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    name.starts_with("workdesk") && name.ends_with(".log")
                })
                .map(|entry| {
                    let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                    (entry.path(), size)
                })
                .collect()
        })
        .unwrap_or_default();
    // `workdesk.log` (the current one) sorts after `workdesk_<date>.log`.
    files.sort_by_key(|(path, _)| {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        (name == "workdesk.log", name)
    });
    files
}

/// The operating system, as precisely as it says: `linux x86_64 (Debian
/// GNU/Linux 12 (bookworm))`.
fn operating_system() -> String {
    let base = format!("{} {}", std::env::consts::OS, std::env::consts::ARCH);
    let pretty = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|line| line.strip_prefix("PRETTY_NAME="))
                .map(|name| name.trim_matches('"').to_owned())
        });
    match pretty {
        Some(name) => format!("{base} ({name})"),
        None => base,
    }
}

/// A diagnostics report, as [`diagnostics`] gives it.
#[derive(Debug, Clone, Serialize, Type)]
pub struct Diagnostics {
    /// The whole report as text, to copy: the app, the operating system and
    /// the end of the log, any key-shaped text masked.
    pub text: String,
    /// How many bytes of the log it holds.
    pub log_bytes: u32,
}

/// "Copy diagnostics": the report of `folder`: the app, the operating
/// system, then the newest [`REPORT_LOG_BYTES`] of the log files, oldest
/// first, for the user to paste into a message to whoever supports them.
/// Holds no API key (the log never has one, and the report masks anything
/// shaped like one again).
pub fn report(folder: &LogFolder) -> Diagnostics {
    let mut log = String::new();
    for (path, _) in logs(&folder.dir) {
        if let Ok(bytes) = std::fs::read(&path) {
            log.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    if log.len() > REPORT_LOG_BYTES {
        let mut start = log.len() - REPORT_LOG_BYTES;
        while !log.is_char_boundary(start) {
            start += 1;
        }
        log = log[start..].to_owned();
    }
    let log = workdesk_api::mask_keys(&log);
    let text = format!(
        "{}\nOperating system: {}\nLog ({}):\n{}",
        folder.app,
        operating_system(),
        folder.dir.display(),
        log
    );
    Diagnostics {
        log_bytes: u32::try_from(log.len()).unwrap_or(u32::MAX),
        text,
    }
}

/// "Copy diagnostics": the app's version, the operating system and the end
/// of the log, for the user to paste into a message to whoever supports
/// them. Holds no API key (the log never has one, and the report masks
/// anything shaped like one again).
///
/// Errors: none in practice (`internal` if the command fails unexpectedly).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn diagnostics(folder: &LogFolder) -> Result<Diagnostics, UiError> {
    crate::guard::guarded_sync(|| Ok(report(folder)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_is_one_line_and_holds_no_key() {
        let line = log_line(
            "GET failed: the service said \"bad\"\n[2026-01-01][workdesk][INFO] forged\r\tservice_AbCdEf0123456789abcdefGHIJKLMNOPQRST",
        );
        assert!(!line.contains('\n') && !line.contains('\r') && !line.contains('\t'));
        assert!(!line.contains("AbCdEf0123456789"), "{line}");
        assert!(line.contains("service_…"));
    }

    #[test]
    fn the_report_names_the_app_and_system_and_ends_with_the_newest_log_masked() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("workdesk_2026-11-20_10-00-00.log"),
            "older line\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("workdesk.log"),
            "newest line service_AbCdEf0123456789abcdefGHIJKLMNOPQRST\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("other.txt"), "not a log").unwrap();
        let folder = LogFolder {
            dir: dir.path().to_owned(),
            app: "Workdesk 0.1.0 (dev.workdesk.test)".into(),
        };
        let report = report(&folder);
        assert!(report
            .text
            .starts_with("Workdesk 0.1.0 (dev.workdesk.test)\nOperating system: "));
        let older = report.text.find("older line").unwrap();
        let newest = report.text.find("newest line").unwrap();
        assert!(older < newest, "oldest first");
        assert!(!report.text.contains("AbCdEf0123456789"));
        assert!(!report.text.contains("not a log"));

        std::fs::write(
            dir.path().join("workdesk.log"),
            "x".repeat(REPORT_LOG_BYTES * 2),
        )
        .unwrap();
        assert_eq!(super::report(&folder).log_bytes as usize, REPORT_LOG_BYTES);
    }

    #[cfg(unix)]
    #[test]
    fn the_log_folder_is_the_users_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let logs = dir.path().join("logs");
        std::fs::create_dir(&logs).unwrap();
        std::fs::write(logs.join("workdesk.log"), "x").unwrap();
        restrict(&logs);
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&logs), 0o700);
        assert_eq!(mode(&logs.join("workdesk.log")), 0o600);
    }
}

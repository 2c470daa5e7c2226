//! What the command line asks before any window opens:
//!
//! - `workdesk --version` prints `Workdesk <version>` and exits with 0;
//! - `workdesk --check` prints [`InstallCheck`] as one JSON object (the
//!   settings file, the system's keychain, each workspace's key, the update
//!   policy; never a key) and exits with 0 when Workdesk can start as it is,
//!   1 when it cannot.
//!
//! Both run without a window, so an installer's test can ask them where no
//! webview runs (WebView2 under Wine). On Windows a release build has no
//! console of its own; it writes to the console it was started from.

use std::io::Write;
use std::path::PathBuf;

use workdesk_core::install_check::{self, InstallCheck};
use workdesk_core::settings::FILE;

/// Answers `--version` or `--check` when the process arguments hold one:
/// `Some(exit code)`; `None` when the app should start as usual.
/// `identifier` is the app's (`dev.workdesk.desktop`): the keychain's
/// service and the app data folder's name.
pub fn answer(identifier: &str) -> Option<i32> {
    let asked = std::env::args()
        .skip(1)
        .find(|arg| arg == "--version" || arg == "--check")?;
    attach_console();
    let version = env!("CARGO_PKG_VERSION");
    let mut out = std::io::stdout().lock();
    if asked == "--version" {
        let _ = writeln!(out, "Workdesk {version}");
        return Some(0);
    }
    let keychain = workdesk_keychain::Keychain::open(identifier);
    let report: InstallCheck = install_check::check(version, &settings_path(identifier), &keychain);
    let json = serde_json::to_string_pretty(&report).expect("the report serialises");
    let _ = writeln!(out, "{json}");
    Some(if report.healthy() { 0 } else { 1 })
}

/// `settings.json` in the app data folder, where tauri-plugin-store keeps
/// it (Tauri's `BaseDirectory::AppData`: the system's data folder, then
/// the app's identifier; on Windows `%APPDATA%\dev.workdesk.desktop`).
fn settings_path(identifier: &str) -> PathBuf {
    dirs::data_dir()
        .unwrap_or_default()
        .join(identifier)
        .join(FILE)
}

/// On Windows, when the process has no standard output of its own (a
/// release build is a windowed program), writes to the console of the
/// program that started it, if any.
#[cfg(windows)]
fn attach_console() {
    use windows_sys::Win32::System::Console::{
        AttachConsole, GetStdHandle, ATTACH_PARENT_PROCESS, STD_OUTPUT_HANDLE,
    };
    // SAFETY: plain Win32 calls without pointers.
    unsafe {
        if GetStdHandle(STD_OUTPUT_HANDLE).is_null() {
            AttachConsole(ATTACH_PARENT_PROCESS);
        }
    }
}

#[cfg(not(windows))]
fn attach_console() {}

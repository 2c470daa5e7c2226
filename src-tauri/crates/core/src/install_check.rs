//! `workdesk --check`: what an installed Workdesk can tell about itself
//! without opening a window, for an installer's test or an IT department
//! (on Windows under Wine, WebView2 does not run, so nothing with a window
//! can): its version, whether its settings file reads, whether the
//! system's keychain works, whether each workspace's key is there for its
//! server's address, and the update policy in force.
//!
//! Read only: nothing is written, moved aside or sent. A key, or its hint,
//! is never part of the report.
//!
//! [`answer`] is the command line: `workdesk --version` prints `Workdesk
//! <version>` and exits with 0; `workdesk --check` prints [`InstallCheck`]
//! as one JSON object and exits with 0 when Workdesk can start as it is, 1
//! when it cannot. Both before any window; on Windows a release build has
//! no console of its own, so they write to the console it was started from.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Map, Value};
use workdesk_keychain::Keychain;

use crate::settings::store::{KeyValueStore, Settings, FILE};
use crate::updates::policy::UpdatePolicy;
use crate::workspace::commands::{KeyNeeded, KeychainStatus};

/// The report `workdesk --check` prints, as one JSON object.
#[derive(Debug, Serialize)]
pub struct InstallCheck {
    /// The app's version (`Cargo.toml`'s, e.g. `0.1.0`).
    pub version: String,
    /// The settings file.
    pub settings: SettingsState,
    /// Whether the system's keychain works: Credential Manager, the login
    /// Keychain or the Secret Service.
    pub keychain: KeychainStatus,
    /// Each workspace in the settings, in their order.
    pub workspaces: Vec<WorkspaceKey>,
    /// The update policy in force ([`UpdatePolicy::of_this_computer`]).
    pub updates: UpdatePolicy,
}

impl InstallCheck {
    /// Whether Workdesk can start as it is: the settings file reads (or
    /// is not there yet) and the system's keychain works. `workdesk
    /// --check` exits with 0 when it can, 1 when it cannot.
    pub fn healthy(&self) -> bool {
        self.settings.readable && self.keychain.available
    }
}

/// What the settings file holds, as far as `--check` reads it.
#[derive(Debug, Serialize)]
pub struct SettingsState {
    /// Where it is (`<app data folder>/settings.json`).
    pub path: String,
    /// Whether it exists.
    pub exists: bool,
    /// Whether it reads as a JSON object (an absent file reads: the
    /// defaults apply). Workdesk sets an unreadable one aside at its next
    /// start.
    pub readable: bool,
    /// Why it does not read, in the system's or the JSON parser's words.
    pub problem: Option<String>,
}

/// One workspace and whether its key can be sent.
#[derive(Debug, Serialize)]
pub struct WorkspaceKey {
    /// Its name.
    pub name: String,
    /// The origin of its server's address (scheme, host, port), or the
    /// address as written when it is not a valid one.
    pub origin: String,
    /// Whether its key is stored for that origin.
    pub key: KeyState,
}

/// Whether a workspace's key is in the keychain for its server.
#[derive(Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum KeyState {
    /// Stored for this workspace's server.
    Stored,
    /// Why it cannot be sent ([`KeyNeeded`]).
    Needed(KeyNeeded),
    /// The keychain could not be read (`detail`).
    Unreadable(String),
}

/// The settings file at `path`, read once, never written.
struct Snapshot(Map<String, Value>);

impl KeyValueStore for Snapshot {
    fn get(&self, key: &str) -> Option<Value> {
        self.0.get(key).cloned()
    }
    fn set(&self, _: &str, _: Value) {}
    fn delete(&self, _: &str) {}
    fn keys(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }
    fn save(&self) -> std::result::Result<(), String> {
        Err("workdesk --check writes nothing".to_owned())
    }
}

/// Checks the installed app: `version` is the app's, `settings` the path
/// of its settings file, `keychain` the system's keychain opened for the
/// app's identifier. Blocks on the keychain (call it off any async
/// runtime).
pub fn check(version: &str, settings: &Path, keychain: &Keychain) -> InstallCheck {
    let (state, entries) = read_settings(settings);
    let workspaces = Settings::over(Arc::new(Snapshot(entries)))
        .workspaces()
        .into_iter()
        .map(|entry| {
            let Ok(base_url) = entry.base_url() else {
                return WorkspaceKey {
                    name: entry.name,
                    origin: entry.base_url,
                    key: KeyState::Needed(KeyNeeded::OtherAddress),
                };
            };
            let origin = base_url.origin();
            let key = match keychain.key(entry.id.as_str(), &origin) {
                Ok(stored) => KeyNeeded::of(&stored).map_or(KeyState::Stored, KeyState::Needed),
                Err(err) => KeyState::Unreadable(err.to_string()),
            };
            WorkspaceKey {
                name: entry.name,
                origin,
                key,
            }
        })
        .collect();
    InstallCheck {
        version: version.to_owned(),
        settings: state,
        keychain: KeychainStatus::of(keychain),
        workspaces,
        updates: UpdatePolicy::of_this_computer(),
    }
}

/// Answers `--version` or `--check` when the process arguments hold one:
/// `Some(exit code)`; `None` when the app should start as usual.
/// `identifier` is the app's (`dev.workdesk.desktop`): the keychain's
/// service and the app data folder's name; `version` the app's.
pub fn answer(identifier: &str, version: &str) -> Option<i32> {
    let asked = std::env::args()
        .skip(1)
        .find(|arg| arg == "--version" || arg == "--check")?;
    attach_console();
    let mut out = std::io::stdout().lock();
    if asked == "--version" {
        let _ = writeln!(out, "Workdesk {version}");
        return Some(0);
    }
    let keychain = workdesk_keychain::Keychain::open(identifier);
    let report = check(version, &settings_path(identifier), &keychain);
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

/// The settings file's state and entries (none when absent or unreadable).
fn read_settings(path: &Path) -> (SettingsState, Map<String, Value>) {
    let mut state = SettingsState {
        path: path.display().to_string(),
        exists: path.exists(),
        readable: true,
        problem: None,
    };
    if !state.exists {
        return (state, Map::new());
    }
    let read = std::fs::read(path)
        .map_err(|err| err.to_string())
        .and_then(|bytes| {
            serde_json::from_slice::<Map<String, Value>>(&bytes).map_err(|err| err.to_string())
        });
    match read {
        Ok(entries) => (state, entries),
        Err(problem) => {
            state.readable = false;
            state.problem = Some(problem);
            (state, Map::new())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use workdesk_api::ApiKey;

    use super::*;

    const KEY: &str = "service_k7k7k7k7k7k7k7k7k7k7k7k7k7k7k7k7k7k7CheckMe";

    fn settings_file(dir: &Path, content: &str) -> std::path::PathBuf {
        let path = dir.join("settings.json");
        std::fs::write(&path, content).unwrap();
        path
    }

    #[test]
    fn each_workspace_says_whether_its_key_is_there_for_its_server_never_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = settings_file(
            dir.path(),
            &json!({ "workspaces": [
                { "id": "office", "name": "Oficina Núñez", "base_url": "https://api.example.com/v1" },
                { "id": "branch", "name": "Branch", "base_url": "https://branch.example.com" },
                { "id": "moved", "name": "Moved", "base_url": "https://new.example.com" },
                { "id": "broken", "name": "Broken", "base_url": "not an address" },
            ]})
            .to_string(),
        );
        let keychain =
            Keychain::session_only("dev.workdesk.check.test", "no keychain in this test");
        let key = ApiKey::parse(KEY).unwrap();
        keychain.set_key("office", "https://api.example.com", &key);
        keychain.set_key("moved", "https://old.example.com", &key);

        let report = check("1.2.3", &path, &keychain);
        let keys: Vec<(&str, &str, &KeyState)> = report
            .workspaces
            .iter()
            .map(|w| (w.name.as_str(), w.origin.as_str(), &w.key))
            .collect();
        assert_eq!(
            keys,
            [
                (
                    "Oficina Núñez",
                    "https://api.example.com",
                    &KeyState::Stored
                ),
                (
                    "Branch",
                    "https://branch.example.com",
                    &KeyState::Needed(KeyNeeded::Missing)
                ),
                (
                    "Moved",
                    "https://new.example.com",
                    &KeyState::Needed(KeyNeeded::OtherAddress)
                ),
                (
                    "Broken",
                    "not an address",
                    &KeyState::Needed(KeyNeeded::OtherAddress)
                ),
            ]
        );
        assert_eq!(report.version, "1.2.3");
        assert!(report.settings.exists && report.settings.readable);
        assert!(
            !report.keychain.available,
            "a session-only keychain is not the system's"
        );
        assert!(!report.healthy(), "keys would not outlive the session");
        let printed = serde_json::to_string(&report).unwrap();
        assert!(
            !printed.contains("k7k7") && !printed.contains("CheckMe"),
            "{printed}"
        );
    }

    #[test]
    fn an_unreadable_settings_file_is_reported_and_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = settings_file(dir.path(), "{ not json");
        let keychain = Keychain::session_only("dev.workdesk.check.test", "none");
        let report = check("1.2.3", &path, &keychain);
        assert!(report.settings.exists);
        assert!(!report.settings.readable);
        assert!(report.settings.problem.is_some());
        assert!(!report.healthy());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not json");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "nothing set aside"
        );
    }

    #[test]
    fn no_settings_file_yet_reads_as_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let keychain = Keychain::session_only("dev.workdesk.check.test", "none");
        let report = check("1.2.3", &dir.path().join("settings.json"), &keychain);
        assert!(!report.settings.exists && report.settings.readable);
        assert!(report.workspaces.is_empty());
        assert!(
            !dir.path().join("settings.json").exists(),
            "nothing written"
        );
    }
}

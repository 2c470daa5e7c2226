//! Whether Workdesk looks for updates, and where: decided once, here, from
//! what an organisation's IT set for the machine and from how Workdesk was
//! installed. (The check itself, its download and the signature are the
//! updater's; this decides whether it runs at all and against which
//! server.)
//!
//! **IT control.** A machine-wide policy file an administrator can write and
//! a user cannot ([`policy_path`]: `/etc/workdesk/policy.json` on Linux,
//! `/Library/Application Support/Workdesk/policy.json` on macOS,
//! `%ProgramData%\Workdesk\policy.json` on Windows), on Windows the
//! machine policy in the registry ([`REGISTRY_POLICY`], the string value
//! `Updates`: what Group Policy sets, and the MSI installed with
//! `UPDATES=0`), or the environment variable [`UPDATES_ENV`], holds one of:
//!
//! | value | updates |
//! |---|---|
//! | `"off"` | never looked for; nothing is sent |
//! | `"on"` | from Workdesk's own release server |
//! | `"https://…/latest.json"` | from that server (a company mirror); plain `http` only to this computer |
//!
//! The file is JSON: `{"updates": "off"}`. The registry value decides
//! first, then the file (a user's environment cannot turn on what IT
//! turned off); else the variable; else updates come from the release
//! server. Either way the
//! Preferences say "Managed by your organisation". A policy file that
//! cannot be read, or holds something else, turns updates off and says
//! why: an administrator meant something by writing it.
//!
//! **How Workdesk was installed.** An installer that can replace itself
//! (Windows' NSIS and MSI, macOS's app, Linux's AppImage) updates in place.
//! A `.deb` or `.rpm` belongs to the system's package manager, and a
//! build that is not a bundle to its developer: Workdesk then only says
//! that a newer version exists and where to get it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use specta::Type;
use url::Url;

/// The environment variable that sets the update policy when no policy
/// file does: `off`, `on`, or an update server's URL.
pub const UPDATES_ENV: &str = "WORKDESK_UPDATES";

/// Windows: the machine policy's key under `HKEY_LOCAL_MACHINE`, whose
/// string value `Updates` holds `off`, `on` or a server's URL, as the
/// policy file's `updates` does. Written by Group Policy, or by the MSI
/// installed with `UPDATES=0` (and removed with it).
pub const REGISTRY_POLICY: &str = r"Software\Policies\Workdesk";

/// Debug builds only: a policy file to read in place of [`policy_path`]'s
/// (tests cannot write the machine's). Release builds ignore it.
pub const TEST_POLICY_FILE_ENV: &str = "WORKDESK_POLICY_FILE";

/// How often Workdesk looks for an update while it runs (and once at
/// start, or as soon as it is online after that): every 4 hours, by the
/// wall clock (a computer that slept does not push it back).
pub const CHECK_EVERY: Duration = Duration::from_secs(4 * 60 * 60);

/// How often Workdesk asks itself whether a check is due
/// ([`crate::updates::Updates::should_check`]): every 10 minutes.
pub const CHECK_TICK: Duration = Duration::from_secs(10 * 60);

/// The machine-wide policy file on this system; `None` where the system
/// names no such folder (Windows without `%ProgramData%`).
#[must_use]
pub fn policy_path() -> Option<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        Some(PathBuf::from("/etc/workdesk/policy.json"))
    }
    #[cfg(target_os = "macos")]
    {
        Some(PathBuf::from(
            "/Library/Application Support/Workdesk/policy.json",
        ))
    }
    #[cfg(windows)]
    {
        std::env::var_os("ProgramData")
            .map(|data| PathBuf::from(data).join("Workdesk").join("policy.json"))
    }
    #[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
    {
        None
    }
}

/// Where updates come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Updates {
    /// Never looked for.
    Off,
    /// Workdesk's own release server (the URL in `tauri.conf.json`).
    ReleaseServer,
    /// A server the policy names.
    Server {
        /// Its `latest.json` URL (https, or http to this computer).
        url: String,
    },
}

/// Who set the policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ManagedBy {
    /// The machine-wide policy file.
    PolicyFile {
        /// Its path.
        path: String,
    },
    /// Windows: the machine policy in the registry ([`REGISTRY_POLICY`]).
    Registry {
        /// `HKEY_LOCAL_MACHINE\Software\Policies\Workdesk`, value `Updates`.
        key: String,
    },
    /// The environment variable [`UPDATES_ENV`].
    Environment,
}

/// Why a policy turned updates off against what it seemed to want.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PolicyProblem {
    /// The policy file exists but could not be read (`detail`).
    Unreadable {
        /// What the system said.
        detail: String,
    },
    /// The value is none of `off`, `on` or a server's URL (`value`, as
    /// written).
    NotAValue {
        /// What it held.
        value: String,
    },
    /// A server's URL that is not `https` (plain `http` goes only to this
    /// computer).
    NotHttps {
        /// The URL as written.
        url: String,
    },
}

/// The update policy in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct UpdatePolicy {
    /// Where updates come from, or off.
    pub updates: Updates,
    /// Who decided; `null`: nobody, Workdesk's default.
    pub managed_by: Option<ManagedBy>,
    /// Why the policy turned updates off, when it could not be followed.
    pub problem: Option<PolicyProblem>,
}

/// The policy file's shape.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    updates: String,
}

impl UpdatePolicy {
    /// The policy in force on this computer: its policy file, else the
    /// environment, else the default. (A debug build reads the policy file
    /// [`TEST_POLICY_FILE_ENV`] names instead, when set: the end-to-end
    /// tests' machine policy.)
    #[must_use]
    pub fn of_this_computer() -> UpdatePolicy {
        #[cfg(windows)]
        if let Some(policy) = UpdatePolicy::of_registry() {
            return policy;
        }
        let env = std::env::var(UPDATES_ENV).ok();
        let file = std::env::var_os(TEST_POLICY_FILE_ENV)
            .filter(|_| cfg!(debug_assertions))
            .map(PathBuf::from)
            .or_else(policy_path);
        UpdatePolicy::read(file.as_deref(), env.as_deref())
    }

    /// The policy the file at `file` (when it exists) or else the
    /// environment variable's value `env` sets.
    #[must_use]
    pub fn read(file: Option<&Path>, env: Option<&str>) -> UpdatePolicy {
        if let Some(path) = file {
            match std::fs::read_to_string(path) {
                Ok(text) => {
                    let managed = Some(ManagedBy::PolicyFile {
                        path: path.display().to_string(),
                    });
                    return match serde_json::from_str::<PolicyFile>(&text) {
                        Ok(policy) => UpdatePolicy::of_value(&policy.updates, managed),
                        Err(err) => UpdatePolicy::off(
                            managed,
                            PolicyProblem::Unreadable {
                                detail: err.to_string(),
                            },
                        ),
                    };
                }
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                Err(err) => {
                    return UpdatePolicy::off(
                        Some(ManagedBy::PolicyFile {
                            path: path.display().to_string(),
                        }),
                        PolicyProblem::Unreadable {
                            detail: err.to_string(),
                        },
                    )
                }
            }
        }
        match env.map(str::trim).filter(|v| !v.is_empty()) {
            Some(value) => UpdatePolicy::of_value(value, Some(ManagedBy::Environment)),
            None => UpdatePolicy {
                updates: Updates::ReleaseServer,
                managed_by: None,
                problem: None,
            },
        }
    }

    /// Windows: the machine policy's `Updates` value, when it is set.
    #[cfg(windows)]
    fn of_registry() -> Option<UpdatePolicy> {
        /// HRESULT_FROM_WIN32(ERROR_FILE_NOT_FOUND): no such key or value.
        const NOT_FOUND: i32 = 0x8007_0002_u32 as i32;
        let managed = Some(ManagedBy::Registry {
            key: format!(r"HKEY_LOCAL_MACHINE\{REGISTRY_POLICY}\Updates"),
        });
        let value = windows_registry::LOCAL_MACHINE
            .open(REGISTRY_POLICY)
            .and_then(|key| key.get_string("Updates"));
        match value {
            Ok(value) => Some(UpdatePolicy::of_value(&value, managed)),
            Err(err) if err.code().0 == NOT_FOUND => None,
            Err(err) => Some(UpdatePolicy::off(
                managed,
                PolicyProblem::Unreadable {
                    detail: err.to_string(),
                },
            )),
        }
    }

    fn off(managed_by: Option<ManagedBy>, problem: PolicyProblem) -> UpdatePolicy {
        log::warn!("updates are off: the update policy could not be followed ({problem:?})");
        UpdatePolicy {
            updates: Updates::Off,
            managed_by,
            problem: Some(problem),
        }
    }

    /// `off`, `on` (any case) or a server's URL.
    fn of_value(value: &str, managed_by: Option<ManagedBy>) -> UpdatePolicy {
        let value = value.trim();
        let updates = if value.eq_ignore_ascii_case("off") {
            Updates::Off
        } else if value.eq_ignore_ascii_case("on") {
            Updates::ReleaseServer
        } else {
            match Url::parse(value) {
                Ok(url)
                    if url.scheme() == "https"
                        || (url.scheme() == "http" && workdesk_api::is_loopback(&url)) =>
                {
                    Updates::Server {
                        url: url.to_string(),
                    }
                }
                Ok(_) => {
                    return UpdatePolicy::off(
                        managed_by,
                        PolicyProblem::NotHttps {
                            url: value.to_owned(),
                        },
                    )
                }
                Err(_) => {
                    return UpdatePolicy::off(
                        managed_by,
                        PolicyProblem::NotAValue {
                            value: value.to_owned(),
                        },
                    )
                }
            }
        };
        UpdatePolicy {
            updates,
            managed_by,
            problem: None,
        }
    }

    /// Whether to look for an update now: never when updates are off,
    /// "Work offline" is on, or the service cannot be reached (no
    /// connection is assumed then).
    #[must_use]
    pub fn check_now(&self, working_offline: bool, online: bool) -> bool {
        self.updates != Updates::Off && !working_offline && online
    }
}

/// How this copy of Workdesk was installed, as the bundler marked it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum Installed {
    /// Windows' NSIS installer.
    Nsis,
    /// Windows' MSI package.
    Msi,
    /// macOS's app bundle.
    MacApp,
    /// Linux's AppImage.
    AppImage,
    /// A `.deb` package, installed by the system's package manager.
    Deb,
    /// An `.rpm` package, installed by the system's package manager.
    Rpm,
    /// Not a bundle: a build run from its folder (development).
    NotBundled,
}

/// What Workdesk does when a newer version exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum WhenNewer {
    /// Downloads it (signature checked) and installs it, then restarts.
    InstallInPlace,
    /// Says that it exists and where to get it: the system's package
    /// manager (or its developer) owns this copy.
    TellWhereToGetIt,
}

impl Installed {
    /// What to do when a newer version exists.
    #[must_use]
    pub fn when_newer(self) -> WhenNewer {
        match self {
            Installed::Nsis | Installed::Msi | Installed::MacApp | Installed::AppImage => {
                WhenNewer::InstallInPlace
            }
            Installed::Deb | Installed::Rpm | Installed::NotBundled => WhenNewer::TellWhereToGetIt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("policy.json");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn without_a_policy_updates_come_from_the_release_server() {
        let missing = Path::new("/nonexistent/workdesk/policy.json");
        for env in [None, Some(""), Some("  ")] {
            let policy = UpdatePolicy::read(Some(missing), env);
            assert_eq!(policy.updates, Updates::ReleaseServer);
            assert_eq!(policy.managed_by, None);
            assert_eq!(policy.problem, None);
        }
    }

    #[test]
    fn the_policy_file_decides_and_the_environment_cannot_turn_back_on_what_it_turned_off() {
        let (_dir, path) = file(r#"{"updates": "off"}"#);
        let policy = UpdatePolicy::read(Some(&path), Some("on"));
        assert_eq!(policy.updates, Updates::Off);
        assert_eq!(
            policy.managed_by,
            Some(ManagedBy::PolicyFile {
                path: path.display().to_string()
            })
        );
        let (_dir, server) =
            file(r#"{"updates": "https://updates.example.com/workdesk/latest.json"}"#);
        assert_eq!(
            UpdatePolicy::read(Some(&server), Some("off")).updates,
            Updates::Server {
                url: "https://updates.example.com/workdesk/latest.json".into()
            }
        );
    }

    #[test]
    fn the_environment_turns_updates_off_or_points_them_elsewhere_when_no_file_does() {
        let missing = Path::new("/nonexistent/workdesk/policy.json");
        for off in ["off", "OFF", " Off "] {
            let policy = UpdatePolicy::read(Some(missing), Some(off));
            assert_eq!(policy.updates, Updates::Off);
            assert_eq!(policy.managed_by, Some(ManagedBy::Environment));
        }
        assert_eq!(
            UpdatePolicy::read(None, Some("on")).updates,
            Updates::ReleaseServer
        );
        assert_eq!(
            UpdatePolicy::read(None, Some("http://127.0.0.1:8123/latest.json")).updates,
            Updates::Server {
                url: "http://127.0.0.1:8123/latest.json".into()
            },
            "plain http to this computer"
        );
    }

    #[test]
    fn a_policy_that_cannot_be_followed_turns_updates_off_and_says_why() {
        let (_dir, garbled) = file("{updates: off");
        let policy = UpdatePolicy::read(Some(&garbled), None);
        assert_eq!(policy.updates, Updates::Off);
        assert!(matches!(
            policy.problem,
            Some(PolicyProblem::Unreadable { .. })
        ));
        let (_dir, other) = file(r#"{"updates": "sometimes"}"#);
        assert_eq!(
            UpdatePolicy::read(Some(&other), None).problem,
            Some(PolicyProblem::NotAValue {
                value: "sometimes".into()
            })
        );
        let (_dir, unknown) = file(r#"{"updates": "on", "channel": "beta"}"#);
        assert_eq!(
            UpdatePolicy::read(Some(&unknown), None).updates,
            Updates::Off
        );
        let plain = UpdatePolicy::read(None, Some("http://updates.example.com/latest.json"));
        assert_eq!(plain.updates, Updates::Off);
        assert_eq!(
            plain.problem,
            Some(PolicyProblem::NotHttps {
                url: "http://updates.example.com/latest.json".into()
            })
        );
    }

    #[test]
    fn nothing_is_looked_for_off_offline_or_while_working_offline() {
        let on = UpdatePolicy::read(None, None);
        assert!(on.check_now(false, true));
        assert!(!on.check_now(true, true), "working offline");
        assert!(!on.check_now(false, false), "the service cannot be reached");
        assert!(!UpdatePolicy::read(None, Some("off")).check_now(false, true));
    }

    #[test]
    fn packages_of_the_systems_package_manager_are_not_replaced_in_place() {
        for installed in [
            Installed::Nsis,
            Installed::Msi,
            Installed::MacApp,
            Installed::AppImage,
        ] {
            assert_eq!(
                installed.when_newer(),
                WhenNewer::InstallInPlace,
                "{installed:?}"
            );
        }
        for installed in [Installed::Deb, Installed::Rpm, Installed::NotBundled] {
            assert_eq!(
                installed.when_newer(),
                WhenNewer::TellWhereToGetIt,
                "{installed:?}"
            );
        }
    }
}

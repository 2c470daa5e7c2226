//! Workdesk's own updates as the window shows them: whether it looks for
//! them at all ([`crate::updates::policy`], and whether this build can
//! verify one), the last check, the newer version found, and the download
//! under way, one [`UpdateStatus`] the status bar and Preferences apply.
//!
//! The check, the download and the signature check are
//! tauri-plugin-updater's (the Tauri crate drives it and reports here with
//! [`Updates::checked`], [`Updates::progress`] and [`Updates::downloaded`]);
//! what follows from each answer is decided here, once:
//!
//! - a check only runs when updates are on, this build has its update key
//!   (and a server to ask), "Work offline" is off, the service is not
//!   known unreachable, and no other check or download is under way;
//! - a newer version is **installed in place** where the installer can
//!   replace itself, and restarts Workdesk; where the system's package
//!   manager owns Workdesk (`.deb`, `.rpm`) its package is **downloaded and
//!   saved** where the user chooses, for the package manager to install
//!   ([`crate::updates::policy::WhenNewer`]);
//! - every download is checked against the update key before anything is
//!   installed or saved: one that fails the check is thrown away and the
//!   version stays offered, with the reason ([`UpdateFailure`]);
//! - a download must be the version the manifest announced (the manifest
//!   itself is not signed, so it could offer an older, validly signed
//!   package under a newer number): the plugin compares the version bound
//!   into the signature (`requireSignedVersion`, signed with
//!   `tauri signer sign --app-version`) for every package
//!   ([`UpdateFailure::VersionMismatch`]).

use std::sync::Mutex;

use serde::Serialize;
use specta::Type;
use workdesk_sync::CancellationToken;

use crate::error::{Error, UpdateFailure};
use crate::offline::saved_data::lock;
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::updates::policy::{self, Installed, UpdatePolicy, WhenNewer};

/// The longest an update check may take before it is given up: 30 s.
pub const CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// The longest an update's download may take before it is given up:
/// 30 minutes (an installer is tens of MB; Cancel stops it any time).
pub const DOWNLOAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30 * 60);

/// The largest download accepted as an update: 512 MiB (an installer is
/// tens of MB). A larger one is stopped and thrown away.
pub const DOWNLOAD_MAX_BYTES: u64 = 512 << 20;

/// How much of an update's download arrives between two progress messages
/// to the window: 64 KiB (a few dozen for an installer; never stale by
/// more while the download stalls).
pub const PROGRESS_STEP_BYTES: u64 = 64 << 10;

/// A newer version the update server offers (its `latest.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct Release {
    /// Its version ("1.3.0").
    pub version: String,
    /// What's new: the release notes as the server wrote them (plain
    /// text; shown as text, never as HTML). `null`: none given.
    pub notes: Option<String>,
    /// When it was published, RFC 3339 UTC; `null`: not said.
    pub published_at: Option<String>,
}

/// Why this build of Workdesk cannot update itself whatever the policy
/// says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum NotInThisBuild {
    /// It was built without the public key updates are signed with
    /// (`plugins.updater.pubkey` in `tauri.conf.json` is empty): no
    /// download could be verified, so none is looked for.
    NoKey,
    /// It was built without a release server (`plugins.updater.endpoints`
    /// is empty) and no policy names one.
    NoServer,
}

/// Where updating stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum UpdateStage {
    /// Not looked yet (or updates are off).
    Idle,
    /// Asking the update server.
    Checking,
    /// The server offers nothing newer.
    UpToDate,
    /// A newer version is offered ([`UpdateStatus::release`]).
    Available,
    /// Its download is under way: `received_bytes` of `total_bytes` (when
    /// the server said).
    Downloading {
        /// Bytes received so far.
        received_bytes: u64,
        /// The download's size, bytes; `null`: not said.
        total_bytes: Option<u64>,
    },
    /// Verified and installed: Workdesk restarts into it (or the user
    /// restarts it).
    Installed,
    /// Verified and saved at `path`, for the system's package manager to
    /// install.
    Saved {
        /// Where, as the user chose it.
        path: String,
        /// Its file name alone.
        file_name: String,
    },
}

/// What the window shows about updates.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct UpdateStatus {
    /// The version running ("0.1.0").
    pub current_version: String,
    /// The policy in force (off, the release server, a company server; who
    /// set it).
    pub policy: UpdatePolicy,
    /// How this copy was installed.
    pub installed: Installed,
    /// What a newer version leads to here: installed in place, or its
    /// package saved for the package manager.
    pub when_newer: WhenNewer,
    /// Why this build cannot update itself; `null`: it can.
    pub not_in_this_build: Option<NotInThisBuild>,
    /// Where updating stands.
    pub stage: UpdateStage,
    /// The newer version found by the last check; `null`: none (yet).
    pub release: Option<Release>,
    /// When the server last answered a check, RFC 3339 UTC.
    pub checked_at: Option<String>,
    /// Why the last check or download failed; `null` once one succeeds.
    pub problem: Option<UiError>,
    /// How many times the status changed since Workdesk started: of two
    /// statuses, the one with the larger revision is the newer. The window
    /// gets them by three ways (a command's reply, the download's
    /// progress channel, the periodic check's event) whose order of
    /// arrival is not the order they were sent in: a progress message can
    /// arrive after the download's reply.
    pub revision: u32,
}

impl UpdateStatus {
    /// Whether Workdesk looks for updates at all: the policy does not turn
    /// them off and this build can verify them.
    #[must_use]
    pub fn looked_for(&self) -> bool {
        self.policy.updates != policy::Updates::Off && self.not_in_this_build.is_none()
    }

    fn busy(&self) -> bool {
        matches!(
            self.stage,
            UpdateStage::Checking | UpdateStage::Downloading { .. } | UpdateStage::Installed
        )
    }
}

/// Workdesk's updates while it runs: the status and the cancel handle of
/// the download under way. Every change returns the new status, for the
/// window.
#[derive(Debug)]
pub struct Updates {
    status: Mutex<UpdateStatus>,
    cancel: Mutex<Option<CancellationToken>>,
    /// When the last check started (wall clock).
    asked_at: Mutex<Option<std::time::SystemTime>>,
}

impl Updates {
    /// Nothing looked for yet, for Workdesk `current_version` installed as
    /// `installed`, under `policy`; `not_in_this_build` when the build
    /// cannot verify or find updates (a policy naming a server makes up for
    /// a missing release server).
    #[must_use]
    pub fn new(
        current_version: String,
        policy: UpdatePolicy,
        installed: Installed,
        not_in_this_build: Option<NotInThisBuild>,
    ) -> Updates {
        let not_in_this_build = match (not_in_this_build, &policy.updates) {
            (Some(NotInThisBuild::NoServer), policy::Updates::Server { .. }) => None,
            (other, _) => other,
        };
        Updates {
            status: Mutex::new(UpdateStatus {
                current_version,
                policy,
                when_newer: installed.when_newer(),
                installed,
                not_in_this_build,
                stage: UpdateStage::Idle,
                release: None,
                checked_at: None,
                problem: None,
                revision: 0,
            }),
            cancel: Mutex::new(None),
            asked_at: Mutex::new(None),
        }
    }

    /// The status now.
    #[must_use]
    pub fn status(&self) -> UpdateStatus {
        lock(&self.status).clone()
    }

    /// Whether the periodic check should ask now (it asks itself every
    /// [`CHECK_TICK`](crate::updates::policy::CHECK_TICK)): updates are
    /// looked for, the policy allows it with "Work offline"
    /// `working_offline` and the service `online`, nothing is under way,
    /// and no check started in the last
    /// [`CHECK_EVERY`](crate::updates::policy::CHECK_EVERY) by the wall
    /// clock (none yet: at once). A version already found is asked again:
    /// a newer one may have come.
    #[must_use]
    pub fn should_check(&self, working_offline: bool, online: bool) -> bool {
        let due = lock(&self.asked_at).is_none_or(|at| {
            at.elapsed()
                .is_ok_and(|since| since >= crate::updates::policy::CHECK_EVERY)
        });
        let status = lock(&self.status);
        due && status.looked_for()
            && status.policy.check_now(working_offline, online)
            && !status.busy()
            && !matches!(status.stage, UpdateStage::Saved { .. })
    }

    /// Starts a check ("Check now", or the periodic one).
    ///
    /// # Errors
    /// [`Error::UpdatesOff`] when updates are not looked for;
    /// [`Error::UpdateRunning`] while a check or download is under way.
    pub fn begin_check(&self) -> Result<UpdateStatus, Error> {
        let mut status = lock(&self.status);
        if !status.looked_for() {
            return Err(Error::UpdatesOff);
        }
        if status.busy() {
            return Err(Error::UpdateRunning);
        }
        status.stage = UpdateStage::Checking;
        status.revision += 1;
        *lock(&self.asked_at) = Some(std::time::SystemTime::now());
        Ok(status.clone())
    }

    /// The check's answer: a newer version, nothing newer, or why it
    /// failed (a version found earlier stays offered).
    pub fn checked(&self, found: Result<Option<Release>, UpdateFailure>) -> UpdateStatus {
        let mut status = lock(&self.status);
        match found {
            Ok(release) => {
                status.checked_at = Some(now());
                status.problem = None;
                status.stage = if release.is_some() {
                    UpdateStage::Available
                } else {
                    UpdateStage::UpToDate
                };
                status.release = release;
            }
            Err(failure) => {
                status.problem = Some(Error::Update(failure).into());
                status.stage = if status.release.is_some() {
                    UpdateStage::Available
                } else {
                    UpdateStage::Idle
                };
            }
        }
        status.revision += 1;
        status.clone()
    }

    /// Starts downloading the version offered; the token cancels it.
    ///
    /// # Errors
    /// [`Error::NoUpdate`] when no newer version is offered;
    /// [`Error::UpdateRunning`] while a check or download is under way.
    pub fn begin_download(&self) -> Result<(Release, CancellationToken), Error> {
        let mut status = lock(&self.status);
        if status.busy() {
            return Err(Error::UpdateRunning);
        }
        let Some(release) = status.release.clone() else {
            return Err(Error::NoUpdate);
        };
        status.stage = UpdateStage::Downloading {
            received_bytes: 0,
            total_bytes: None,
        };
        status.problem = None;
        status.revision += 1;
        let token = CancellationToken::new();
        *lock(&self.cancel) = Some(token.clone());
        Ok((release, token))
    }

    /// `received_bytes` of `total_bytes` have arrived.
    pub fn progress(&self, received_bytes: u64, total_bytes: Option<u64>) -> UpdateStatus {
        let mut status = lock(&self.status);
        if matches!(status.stage, UpdateStage::Downloading { .. }) {
            status.stage = UpdateStage::Downloading {
                received_bytes,
                total_bytes,
            };
            status.revision += 1;
        }
        status.clone()
    }

    /// The download's end: installed or saved (`done`, one of
    /// [`UpdateStage::Installed`] and [`UpdateStage::Saved`]), or why not,
    /// the version still offered. A cancel is no problem to show.
    pub fn downloaded(&self, done: Result<UpdateStage, UpdateFailure>) -> UpdateStatus {
        *lock(&self.cancel) = None;
        let mut status = lock(&self.status);
        match done {
            Ok(stage) => status.stage = stage,
            Err(UpdateFailure::Cancelled) => status.stage = UpdateStage::Available,
            Err(failure) => {
                log::warn!("the update was not installed: {failure}");
                status.problem = Some(Error::Update(failure).into());
                status.stage = UpdateStage::Available;
            }
        }
        status.revision += 1;
        status.clone()
    }

    /// Cancels the download under way; `false` when none is.
    pub fn cancel(&self) -> bool {
        match lock(&self.cancel).as_ref() {
            Some(token) => {
                token.cancel();
                true
            }
            None => false,
        }
    }
}

/// The update status: the policy, how Workdesk was installed, the last
/// check, the version offered, the download under way.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn update_status(updates: &Updates) -> Result<UpdateStatus, UiError> {
    crate::guard::guarded_sync(|| Ok(updates.status()))
}

/// Cancels the update's download under way, if any: nothing is installed
/// or saved.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn cancel_update(updates: &Updates) -> Result<(), UiError> {
    crate::guard::guarded_sync(|| {
        updates.cancel();
        Ok(())
    })
}

/// The extension of a package named `name`, of those the release makes.
#[must_use]
pub fn package_extension(name: &str) -> &'static str {
    let extension = name.rsplit_once('.').map_or("", |(_, extension)| extension);
    ["deb", "rpm", "AppImage", "exe", "msi", "gz"]
        .into_iter()
        .find(|known| known.eq_ignore_ascii_case(extension))
        .unwrap_or("")
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Saves a verified package at `path` (written into a new temporary
/// file beside it, then renamed over it, so nothing half-written is ever
/// left there and nothing planted is followed); `path` is then the file
/// "Show in folder" shows.
///
/// # Errors
/// [`UpdateFailure::InstallFailed`] with the system's words.
pub async fn save_update_package(
    state: &AppState,
    path: std::path::PathBuf,
    bytes: Vec<u8>,
) -> Result<UpdateStage, UpdateFailure> {
    let written = path.clone();
    tokio::task::spawn_blocking(move || crate::export::parts::write_whole(&written, &bytes))
        .await
        .map_err(|err| UpdateFailure::InstallFailed(err.to_string()))?
        .map_err(|err| UpdateFailure::InstallFailed(format!("{}: {err}", path.display())))?;
    *lock(&state.exports.last) = Some(path.clone());
    Ok(UpdateStage::Saved {
        file_name: path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default(),
        path: path.to_string_lossy().into_owned(),
    })
}

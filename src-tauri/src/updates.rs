//! Workdesk's own updates through tauri-plugin-updater, driven from Rust
//! (the web UI is granted none of the plugin's commands): the check at
//! start and every [`CHECK_EVERY`](workdesk_core::updates::policy::CHECK_EVERY), "Check now", the download with its
//! progress over a channel and Cancel, the signature check (the plugin's,
//! against the build's update key), then the install and restart, or the
//! package saved where the user chooses. What each answer leads to, and
//! whether to look at all, is [`workdesk_core::updates::status`]'s.
//!
//! A download must be the version the manifest announced: the plugin
//! compares the version bound into its signature (`requireSignedVersion`
//! in `tauri.conf.json`; the release signs with `--app-version`).

use serde::Serialize;
use specta::Type;
use tauri::{Manager, Runtime, State};
use tauri_plugin_updater::{Error as PluginError, Update, UpdaterBuilder, UpdaterExt};
use workdesk_core::error::UpdateFailure;
use workdesk_core::export::commands::{SaveDialog, SaveFileDialog};
use workdesk_core::guard::guarded;
use workdesk_core::state::AppState;
use workdesk_core::ui_error::UiError;
use workdesk_core::updates::policy::{
    Installed, UpdatePolicy, Updates as Source, WhenNewer, CHECK_TICK,
};
use workdesk_core::updates::status::{
    NotInThisBuild, Release, UpdateStage, UpdateStatus, Updates, CHECK_TIMEOUT, DOWNLOAD_MAX_BYTES,
    DOWNLOAD_TIMEOUT, PROGRESS_STEP_BYTES,
};

use workdesk_core::channel::Channel;

/// Debug builds only: the update key to trust instead of the build's (the
/// end-to-end tests sign with a test key). Release builds ignore it.
pub const TEST_PUBKEY_ENV: &str = "WORKDESK_UPDATE_PUBKEY";

/// Pushed to the window whenever the update status changes outside a
/// command (the periodic check).
#[derive(Debug, Clone, Serialize, Type, tauri_specta::Event)]
pub struct UpdateStatusChanged {
    /// The status now.
    pub status: UpdateStatus,
}

/// Where updates come from, for commands that know no runtime: the
/// plugin's updater builder (`None` without the plugin: the tests' mock
/// app), the restart, and the update the last check found as the plugin
/// gives it (its download URL and signature).
pub struct UpdateSource {
    builder: Box<dyn Fn() -> Option<UpdaterBuilder> + Send + Sync>,
    restart: Box<dyn Fn() + Send + Sync>,
    offered: tokio::sync::Mutex<Option<Update>>,
}

/// The plugin, and [`Updates`] with this build's version, policy and
/// bundle type, then the check at start and every [`CHECK_EVERY`](workdesk_core::updates::policy::CHECK_EVERY) (asked
/// every [`CHECK_TICK`] whether one is due: offline at start, it runs
/// once the service answers).
pub fn setup<R: Runtime>(app: &tauri::App<R>) -> tauri::Result<()> {
    let config = app.config();
    // Without `plugins.updater` in the configuration (the tests' mock
    // app) the plugin would not start: no key then.
    let updater = config.plugins.0.get("updater");
    let key = updater.map(|_| pubkey(config)).unwrap_or_default();
    let plugin = updater.is_some();
    if plugin {
        app.handle().plugin(
            tauri_plugin_updater::Builder::new()
                .pubkey(key.clone())
                .build(),
        )?;
    }
    let not_in_this_build = if key.trim().is_empty() {
        Some(NotInThisBuild::NoKey)
    } else if updater
        .and_then(|u| u.get("endpoints"))
        .and_then(|e| e.as_array())
        .is_none_or(Vec::is_empty)
    {
        Some(NotInThisBuild::NoServer)
    } else {
        None
    };
    app.manage(Updates::new(
        app.package_info().version.to_string(),
        UpdatePolicy::of_this_computer(),
        installed(),
        not_in_this_build,
    ));
    let (builder, restart) = (app.handle().clone(), app.handle().clone());
    app.manage(UpdateSource {
        builder: Box::new(move || plugin.then(|| builder.updater_builder())),
        restart: Box::new(move || restart.request_restart()),
        offered: tokio::sync::Mutex::new(None),
    });
    let handle = app.handle().clone();
    tauri::async_runtime::spawn(async move {
        loop {
            let state = handle.state::<AppState>();
            let online = state.session.service_not_known_offline().await;
            let updates = handle.state::<Updates>();
            if updates.should_check(state.working_offline(), online) {
                if let Ok(status) = check(&updates, &handle.state::<UpdateSource>()).await {
                    crate::events::push(&handle, UpdateStatusChanged { status });
                }
            }
            tokio::time::sleep(CHECK_TICK).await;
        }
    });
    Ok(())
}

/// The update key: `plugins.updater.pubkey` of `tauri.conf.json`, or in a
/// debug build [`TEST_PUBKEY_ENV`] when set.
fn pubkey(config: &tauri::Config) -> String {
    if cfg!(debug_assertions) {
        if let Ok(key) = std::env::var(TEST_PUBKEY_ENV) {
            return key;
        }
    }
    config
        .plugins
        .0
        .get("updater")
        .and_then(|u| u.get("pubkey"))
        .and_then(|k| k.as_str())
        .unwrap_or_default()
        .to_owned()
}

/// How the bundler marked this binary.
fn installed() -> Installed {
    use tauri::utils::config::BundleType as B;
    match tauri::utils::platform::bundle_type() {
        Some(B::Nsis) => Installed::Nsis,
        Some(B::Msi) => Installed::Msi,
        Some(B::App | B::Dmg) => Installed::MacApp,
        Some(B::AppImage) => Installed::AppImage,
        Some(B::Deb) => Installed::Deb,
        Some(B::Rpm) => Installed::Rpm,
        None => Installed::NotBundled,
    }
}

/// Asks the update server (the policy's, else the build's) and records the
/// answer; the update found is kept for the download.
async fn check(updates: &Updates, source: &UpdateSource) -> Result<UpdateStatus, UiError> {
    let status = updates.begin_check()?;
    let found = ask(source, &status.policy).await;
    // A check that failed leaves the update found before on offer, as
    // `Updates::checked` does.
    if let Ok(update) = &found {
        source.offered.lock().await.clone_from(update);
    }
    Ok(updates.checked(found.map(|update| {
        update.map(|update| Release {
            version: update.version,
            notes: update.body,
            published_at: update
                .raw_json
                .get("pub_date")
                .and_then(|date| date.as_str())
                .map(str::to_owned),
        })
    })))
}

/// The plugin's check against the policy's server.
async fn ask(
    source: &UpdateSource,
    policy: &UpdatePolicy,
) -> Result<Option<Update>, UpdateFailure> {
    let unreachable = |err: PluginError| UpdateFailure::Unreachable(err.to_string());
    let Some(builder) = (source.builder)() else {
        return Err(UpdateFailure::Unreachable("no updater in this app".into()));
    };
    let mut builder = builder.timeout(CHECK_TIMEOUT);
    if let Source::Server { url } = &policy.updates {
        let url =
            tauri::Url::parse(url).map_err(|err| UpdateFailure::Unreachable(err.to_string()))?;
        builder = builder.endpoints(vec![url]).map_err(unreachable)?;
    }
    builder
        .build()
        .map_err(unreachable)?
        .check()
        .await
        .map_err(unreachable)
}

/// What a download's or install's failure is to the user.
fn failure(err: PluginError) -> UpdateFailure {
    match err {
        // The manifest offered another version than the package was
        // signed for (requireSignedVersion in tauri.conf.json): an older
        // release under a newer number.
        PluginError::SignedVersionMismatch { signed, announced } => {
            UpdateFailure::VersionMismatch {
                announced,
                found: signed,
            }
        }
        PluginError::Minisign(_)
        | PluginError::Base64(_)
        | PluginError::SignatureUtf8(_)
        | PluginError::MissingSignedVersion => UpdateFailure::Signature(err.to_string()),
        PluginError::Reqwest(_) | PluginError::Network(_) => {
            UpdateFailure::Unreachable(err.to_string())
        }
        PluginError::InvalidUpdaterFormat | PluginError::BinaryNotFoundInArchive => {
            UpdateFailure::NotAPackage(err.to_string())
        }
        other => UpdateFailure::InstallFailed(other.to_string()),
    }
}

/// Downloads the update, sending the status on `progress` as bytes arrive
/// (the first chunk, then every [`PROGRESS_STEP_BYTES`], and the last),
/// until it ends, is cancelled, or grows past
/// [`DOWNLOAD_MAX_BYTES`]; then the plugin checks its signature.
async fn download(
    updates: &Updates,
    update: &Update,
    cancel: &workdesk_sync::CancellationToken,
    progress: &Channel<UpdateStatus>,
) -> Result<Vec<u8>, UpdateFailure> {
    let mut received: u64 = 0;
    let mut sent: Option<u64> = None;
    let too_large = std::sync::atomic::AtomicBool::new(false);
    let bytes = update.download(
        |chunk, total| {
            received += chunk as u64;
            if received > DOWNLOAD_MAX_BYTES {
                too_large.store(true, std::sync::atomic::Ordering::Relaxed);
                cancel.cancel();
            }
            let status = updates.progress(received, total);
            if sent.is_none_or(|at| received - at >= PROGRESS_STEP_BYTES) || total == Some(received)
            {
                sent = Some(received);
                progress.send(status, "update download");
            }
        },
        || {},
    );
    tokio::select! {
        bytes = bytes => bytes.map_err(failure),
        () = cancel.cancelled() => Err(if too_large.load(std::sync::atomic::Ordering::Relaxed) {
            UpdateFailure::NotAPackage(format!("larger than {} MB", DOWNLOAD_MAX_BYTES >> 20))
        } else {
            UpdateFailure::Cancelled
        }),
    }
}

/// "Check now": asks the update server and returns the status.
///
/// Errors: `not_configured` (`updates_off`) when the policy turned updates
/// off or this build cannot verify them; `invalid_input`
/// (`update_running`) while a check or download is under way. A server
/// that cannot be reached is no error here: the status's `problem` says it.
#[tauri::command]
#[specta::specta]
pub async fn check_for_update(
    updates: State<'_, Updates>,
    source: State<'_, UpdateSource>,
) -> Result<UpdateStatus, UiError> {
    guarded(check(&updates, &source)).await
}

/// "Install and restart" (where Workdesk's installer replaces itself) or
/// "Download the package…" (where the system's package manager owns it:
/// the system's save dialog asks where first, with `dialog`'s words; its
/// file name is the package's). Sends the status on `progress` as the
/// download goes; the update's signature is checked against this build's
/// key before anything is installed or saved: a download that fails it
/// is thrown away. Installed, Workdesk restarts (on Windows the installer
/// does). `null` when the save dialog was closed without a choice.
///
/// Errors: `not_found` (`no_update`) when no newer version is offered;
/// `invalid_input` (`update_running`); `cancelled`; `network`
/// (`update_unreachable`); `service` (`update_signature`,
/// `update_not_a_package`); `internal` (`update_not_installed`).
#[tauri::command]
#[specta::specta]
pub async fn install_update(
    state: State<'_, AppState>,
    updates: State<'_, Updates>,
    source: State<'_, UpdateSource>,
    save_dialog: State<'_, SaveFileDialog>,
    dialog: SaveDialog,
    progress: Channel<UpdateStatus>,
) -> Result<Option<UpdateStatus>, UiError> {
    guarded(async {
        let Some(mut update) = source.offered.lock().await.clone() else {
            return Err(workdesk_core::error::Error::NoUpdate.into());
        };
        update.timeout = Some(DOWNLOAD_TIMEOUT);
        let in_place = updates.status().when_newer == WhenNewer::InstallInPlace;
        let name = update
            .download_url
            .path_segments()
            .and_then(|mut segments| segments.next_back())
            .unwrap_or("Workdesk")
            .to_owned();
        let target = if in_place {
            None
        } else {
            let extension = workdesk_core::updates::status::package_extension(&name);
            let dialog = SaveDialog {
                file_name: name,
                ..dialog
            };
            match save_dialog.ask(&dialog, extension).await {
                Some(path) => Some(path),
                None => return Ok(None),
            }
        };
        let (_, cancel) = updates.begin_download()?;
        progress.send(updates.status(), "update download");
        // The plugin verified the signature, and the version bound into it.
        let downloaded = download(&updates, &update, &cancel, &progress).await;
        let done = match downloaded {
            Ok(bytes) => match target {
                Some(path) => {
                    workdesk_core::updates::status::save_update_package(&state, path, bytes).await
                }
                None => tauri::async_runtime::spawn_blocking(move || update.install(bytes))
                    .await
                    .map_err(|err| UpdateFailure::InstallFailed(err.to_string()))
                    .and_then(|installed| installed.map_err(failure))
                    .map(|()| UpdateStage::Installed),
            },
            Err(failure) => Err(failure),
        };
        let cancelled = done == Err(UpdateFailure::Cancelled);
        let status = updates.downloaded(done);
        if cancelled {
            return Err(workdesk_core::error::Error::Update(UpdateFailure::Cancelled).into());
        }
        if let Some(problem) = &status.problem {
            return Err(problem.clone());
        }
        if status.stage == UpdateStage::Installed {
            log::info!("the update is installed: Workdesk restarts");
            (source.restart)();
        }
        Ok(Some(status))
    })
    .await
}

#[cfg(test)]
mod tests {
    //! The plugin's version rules through Workdesk's own path (`ask`,
    //! `download`, `failure`), against an update server on a loopback port,
    //! with the updater configuration of `tauri.conf.json` and the end-to-end
    //! tests' update key (ui/e2e/fixtures/updater).

    use tauri_plugin_updater::UpdaterExt;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use workdesk_core::channel::Channel;
    use workdesk_core::error::UpdateFailure;
    use workdesk_core::updates::policy::{Installed, UpdatePolicy};
    use workdesk_core::updates::status::Updates;

    use super::{ask, download, UpdateSource};

    /// The bytes both signatures below sign.
    const PACKAGE: &[u8] = b"an update package\n";
    /// `tauri signer sign` of [`PACKAGE`] with the test key, no version.
    const SIGNED_WITHOUT_VERSION: &str = "dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZSBmcm9tIHRhdXJpIHNlY3JldCBrZXkKUlVUd3dCdFI3TkdQejVGSVpZOXJSUUdSTFh6aUg4Q2IzUlE0bjlzYlVKWDJSOS95cDMwOW50NmRuRkE1SHVnemtmdU1pNkVna2srT3hVOTBJNE1yeVg2dytBOGEvdDU2eXdjPQp0cnVzdGVkIGNvbW1lbnQ6IHRpbWVzdGFtcDoxNzk1ODQ5NTIyCWZpbGU6YnVuZGxlLmJpbgp0SWtWY2ZZemg5Yi9ob1lWbHJxaUVsbWw0Z3Z0Mlc1YUxkVXlCYlcrbktPR2doUlVnc29yNnFRL0ZHZnZEbjdROGlQY2dsMGdwQkFHWER1VEQ1SXBCUT09Cg==";
    /// `tauri signer sign --app-version 0.1.5` of [`PACKAGE`] with the test
    /// key: an older release's package.
    const SIGNED_AS_0_1_5: &str = "dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZSBmcm9tIHRhdXJpIHNlY3JldCBrZXkKUlVUd3dCdFI3TkdQejdUdkg2cG8xQnROVVlHanMwZmZPRmV3MWVrL3lORkRpQ0QzY2hmb3JkaXhuSTNBZytnVndZYmxScXpmc2FvL0JjbnZCQXVudmtuU1NaZnFVbXNLNkFJPQp0cnVzdGVkIGNvbW1lbnQ6IHRpbWVzdGFtcDoxNzk1ODQ5NTIzCWZpbGU6YnVuZGxlLXYuYmluCXZlcnNpb246MC4xLjUKR3hZUjhsT21qQVJUaE1XdWt6UW05VC95Vk1wemNPamptY25pbmVrc1ZvWWcyZ0J5ZWlnQS82RXdmTXVDMEZzdjhsWWxWNGJETXNwOUEzN2N2cGlrQVE9PQo=";

    /// An update server on a loopback port answering `latest.json` with
    /// `version` (the package under every platform's key, signed with
    /// `signature`) and anything else with [`PACKAGE`]; its manifest's URL.
    async fn server(version: &str, signature: &str) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let entry = serde_json::json!({"url": format!("{base}/package"), "signature": signature});
        let platforms: serde_json::Map<String, serde_json::Value> = [
            "linux-x86_64",
            "linux-aarch64",
            "darwin-x86_64",
            "darwin-aarch64",
            "windows-x86_64",
        ]
        .into_iter()
        .map(|key| (key.to_owned(), entry.clone()))
        .collect();
        let manifest = serde_json::json!({"version": version, "platforms": platforms}).to_string();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let mut request = vec![0u8; 4096];
                let read = stream.read(&mut request).await.unwrap_or(0);
                let body =
                    if String::from_utf8_lossy(&request[..read]).starts_with("GET /latest.json") {
                        manifest.as_bytes().to_vec()
                    } else {
                        PACKAGE.to_vec()
                    };
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(&body).await;
            }
        });
        format!("{base}/latest.json")
    }

    /// A mock app, Workdesk 0.1.0, with the updater plugin configured as
    /// `tauri.conf.json` configures it, trusting the test key.
    fn app() -> tauri::App<tauri::test::MockRuntime> {
        let conf: serde_json::Value =
            serde_json::from_str(include_str!("../../tauri.conf.json")).unwrap();
        let mut updater = conf["plugins"]["updater"].clone();
        updater["pubkey"] = include_str!("../../ui/e2e/fixtures/updater/test.key.pub")
            .trim()
            .into();
        let mut context = tauri::test::mock_context(tauri::test::noop_assets());
        context
            .config_mut()
            .plugins
            .0
            .insert("updater".into(), updater);
        tauri::test::mock_builder()
            .plugin(tauri_plugin_updater::Builder::new().build())
            .build(context)
            .unwrap()
    }

    fn source(app: &tauri::App<tauri::test::MockRuntime>) -> UpdateSource {
        let handle = app.handle().clone();
        UpdateSource {
            builder: Box::new(move || Some(handle.updater_builder())),
            restart: Box::new(|| {}),
            offered: tokio::sync::Mutex::new(None),
        }
    }

    #[tokio::test]
    async fn a_manifest_offering_an_older_or_the_same_version_offers_nothing() {
        let app = app();
        let source = source(&app);
        assert_eq!(app.package_info().version.to_string(), "0.1.0");
        for version in ["0.0.9", "0.1.0"] {
            let policy = UpdatePolicy::read(None, Some(&server(version, SIGNED_AS_0_1_5).await));
            assert!(
                ask(&source, &policy).await.unwrap().is_none(),
                "{version} is not offered to 0.1.0"
            );
        }
        let policy = UpdatePolicy::read(None, Some(&server("0.1.5", SIGNED_AS_0_1_5).await));
        let newer = ask(&source, &policy)
            .await
            .unwrap()
            .expect("0.1.5 is offered");
        assert_eq!(newer.version, "0.1.5");
    }

    #[tokio::test]
    async fn an_older_package_offered_under_a_newer_number_is_refused() {
        let app = app();
        let source = source(&app);
        let updates = Updates::new(
            "0.1.0".into(),
            UpdatePolicy::read(None, None),
            Installed::AppImage,
            None,
        );
        let progress = Channel::new(|_| Ok(()));
        let cancel = workdesk_sync::CancellationToken::new();

        // The release 0.1.5's package, signed for 0.1.5, offered as 0.2.0.
        let policy = UpdatePolicy::read(None, Some(&server("0.2.0", SIGNED_AS_0_1_5).await));
        let update = ask(&source, &policy)
            .await
            .unwrap()
            .expect("0.2.0 is offered");
        assert_eq!(
            download(&updates, &update, &cancel, &progress).await,
            Err(UpdateFailure::VersionMismatch {
                announced: "0.2.0".into(),
                found: "0.1.5".into()
            })
        );
        // A package signed without a version binds none: refused too.
        let policy = UpdatePolicy::read(None, Some(&server("0.2.0", SIGNED_WITHOUT_VERSION).await));
        let update = ask(&source, &policy)
            .await
            .unwrap()
            .expect("0.2.0 is offered");
        assert!(matches!(
            download(&updates, &update, &cancel, &progress).await,
            Err(UpdateFailure::Signature(_))
        ));
        // The package of the version offered is taken.
        let policy = UpdatePolicy::read(None, Some(&server("0.1.5", SIGNED_AS_0_1_5).await));
        let update = ask(&source, &policy)
            .await
            .unwrap()
            .expect("0.1.5 is offered");
        assert_eq!(
            download(&updates, &update, &cancel, &progress)
                .await
                .unwrap(),
            PACKAGE
        );
    }
}

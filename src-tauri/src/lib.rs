//! Workdesk's Tauri app crate: thin glue between the web UI and
//! `workdesk-core`, where every command's work is done without Tauri.
//!
//! - [`commands`], [`records`], [`writes`], [`outbox`], [`offline`],
//!   [`export`]: the
//!   commands the UI calls, each one line over a method of
//!   [`workdesk_core::state::AppState`] under
//!   [`workdesk_core::guard::guarded`], with the documentation the
//!   TypeScript bindings carry;
//! - [`settings_store`]: `settings.json` held by tauri-plugin-store;
//! - [`service_state`]: the service's state pushed to the window;
//! - [`updates`]: Workdesk's own signed updates (tauri-plugin-updater);
//! - here: the plugins (single instance, store, dialog, notification,
//!   window state, log), the state managed, the start's and the daily
//!   work, the window shown where it can be reached.

pub mod commands;
pub mod export;
pub mod menu;
pub mod offline;
pub mod outbox;
pub mod records;
pub mod service_state;
pub mod settings_store;
pub mod updates;
mod webkit;
pub mod writes;

use tauri::{Manager, Runtime};
use tauri_specta::{collect_commands, collect_events, Event};
use workdesk_core::demo::Demo;
use workdesk_core::first_screen::FirstScreen;
use workdesk_core::state::AppState;
use workdesk_core::window_place;
use workdesk_core::work_done::Notifier;
use workdesk_core::workspaces::WorkspaceId;

/// Where the generated TypeScript bindings live, relative to the repo root.
pub const BINDINGS_PATH: &str = "ui/src/lib/bindings.ts";

/// Expands to `$handler![…]` over every command, the one list of them:
/// `collect_commands` for the TypeScript bindings ([`specta_builder`]),
/// `tauri::generate_handler` for the window's invoke handler
/// ([`configure`]). The window does not build specta's description of
/// every command's types (tauri-specta's `commands` does, eagerly): only
/// the bindings need it, and it would be code and start-up work in every
/// release.
macro_rules! every_command {
    ($($handler:tt)+) => {
        $($handler)+![
            commands::workspace_status,
            commands::add_workspace,
            commands::update_workspace,
            commands::rename_workspace,
            commands::switch_workspace,
            commands::remove_workspace,
            commands::rate_limit,
            commands::start_demo,
            commands::stop_demo,
            records::resource_schemas,
            records::read_list,
            records::check_view,
            records::read_record,
            records::open_list,
            records::save_view,
            records::delete_view,
            records::remember_view,
            writes::check_task,
            writes::create_task,
            writes::get_lead,
            writes::patch_lead,
            writes::create_stakeholder,
            writes::delete_stakeholder,
            outbox::outbox,
            outbox::pending_rows,
            outbox::edit_change,
            outbox::discard_change,
            outbox::resolve_conflict,
            outbox::release_change,
            outbox::save_changes,
            outbox::clear_sent,
            outbox::send_outbox_now,
            offline::make_available_offline,
            offline::cancel_download,
            offline::offline_list,
            offline::set_working_offline,
            commands::set_language,
            commands::set_density,
            commands::set_zoom,
            menu::set_menu,
            commands::diagnostics,
            offline::storage,
            offline::set_storage_cap,
            offline::set_saved_data_max_age,
            offline::clear_saved_data,
            offline::saved_totals,
            offline::members_seen,
            records::overview,
            records::overview_amounts,
            export::export_source,
            export::export_list,
            export::cancel_export,
            export::open_exported,
            export::save_image,
            updates::update_status,
            updates::check_for_update,
            updates::install_update,
            updates::cancel_update,
        ]
    };
}

/// The typed events Rust emits, registered so that they can be emitted
/// (`mount_events`) and described in the bindings.
fn events_builder<R: Runtime>() -> tauri_specta::Builder<R> {
    tauri_specta::Builder::<R>::new().events(collect_events![
        offline::SavedDataNotice,
        service_state::ServiceState,
        outbox::OutboxChanged,
        menu::MenuChosen,
        updates::UpdateStatusChanged
    ])
}

/// The tauri-specta builder listing every command, event and constant: the
/// source of the TypeScript bindings (the window's invoke handler comes
/// from the same list, `every_command!`).
pub fn specta_builder<R: Runtime>() -> tauri_specta::Builder<R> {
    events_builder::<R>()
        .commands(every_command!(collect_commands))
        // Every bound the window applies, from Rust's constants.
        .constant("LIMITS", workdesk_core::limits::LIMITS)
        // Told to the page before its scripts run, not through a command.
        .typ::<workdesk_core::first_screen::FirstScreen>()
        // `count` (u64) and `order_number` (int64) are far below 2^53 in
        // practice; numbers are what the UI formats.
        .dangerously_cast_bigints_to_number()
        // One TypeScript type per Rust type: records cross IPC with the same
        // shape both ways, so separate `_Serialize`/`_Deserialize` types
        // would only add noise.
        .disable_serde_phases()
}

/// Writes the TypeScript bindings for [`specta_builder`] to `path`.
///
/// # Errors
/// When specta cannot export a type or the file cannot be written.
pub fn export_bindings(path: &std::path::Path) -> Result<(), String> {
    specta_builder::<tauri::Wry>()
        .export(
            specta_typescript::Typescript::default()
                .header("// Generated by tauri-specta from the Rust commands. Do not edit: run `npm run bindings`.\n"),
            path,
        )
        .map_err(|e| e.to_string())
}

/// Sends `message` of a read, a download or an export (`what`) to the
/// window over its channel; a window gone meanwhile is logged, the work
/// goes on.
pub(crate) fn send<T: tauri::ipc::IpcResponse>(
    channel: &tauri::ipc::Channel<T>,
    message: T,
    what: &str,
) {
    if let Err(err) = channel.send(message) {
        log::warn!("a message of the {what} could not reach the window: {err}");
    }
}

/// The main window's focus and the system's notifications
/// (tauri-plugin-notification), for long work that ends out of sight.
fn system_notifier<R: Runtime>(app: tauri::AppHandle<R>) -> Notifier {
    let window = app.clone();
    Notifier::new(
        move || {
            window
                .get_webview_window("main")
                .and_then(|window| window.is_focused().ok())
                .unwrap_or(false)
        },
        move |title, text| {
            use tauri_plugin_notification::NotificationExt;
            if let Err(err) = app.notification().builder().title(title).body(text).show() {
                log::warn!("the system notification could not be shown: {err}");
            }
        },
    )
}

/// Options read from the command line.
#[derive(Debug, Default, Clone)]
pub struct Options {
    /// `--demo`: open the demo workspace at start.
    pub demo: bool,
    /// How long a keychain call may take before it is given up
    /// ([`workdesk_core::state::KEYCHAIN_TIMEOUT`] unless set; tests
    /// shorten it).
    pub keychain_timeout: Option<std::time::Duration>,
    /// Work at least this long that ends out of sight is told by a
    /// notification ([`workdesk_core::work_done::LONG_WORK`] unless set;
    /// tests shorten it).
    pub long_work: Option<std::time::Duration>,
}

impl Options {
    /// Reads `--demo` from the process arguments.
    pub fn from_args() -> Self {
        Self {
            demo: std::env::args().any(|a| a == "--demo"),
            ..Self::default()
        }
    }
}

/// Adds the plugins, the state and the commands to `builder`. Generic over
/// the runtime so tests can run the commands on `tauri::test::MockRuntime`
/// (`tauri::test::mock_builder()`), with no window or display. `keychain`
/// gives the keychain when the setup hook runs, after the plugins and the
/// window: [`run`] opens the OS keychain on a thread of its own meanwhile
/// (a D-Bus round trip on Linux), off the way to the first screen.
pub fn configure<R: Runtime>(
    builder: tauri::Builder<R>,
    options: Options,
    keychain: impl FnOnce() -> workdesk_keychain::Keychain + Send + 'static,
) -> tauri::Builder<R> {
    let events = events_builder::<R>();
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_notification::init())
        .invoke_handler(every_command!(tauri::generate_handler))
        .setup(move |app| {
            events.mount_events(app);
            let settings = settings_store::open(app.handle())?;
            if let Err(err) = settings.upgrade() {
                log::warn!(
                    "the connection of an earlier version could not become a workspace yet: {err}"
                );
            }
            // The window, as soon as its first screen is known, so that its
            // page loads while the rest is set up.
            main_window(app, FirstScreen::of(&settings, options.demo))?;
            let saved_dir = app.path().app_local_data_dir()?.join("saved");
            let log_dir = app.path().app_log_dir()?;
            workdesk_core::diagnostics::restrict(&log_dir);
            app.manage(workdesk_core::diagnostics::LogFolder {
                dir: log_dir,
                app: format!(
                    "Workdesk {} ({})",
                    app.package_info().version,
                    app.config().identifier
                ),
            });
            let mut state = AppState::new(keychain(), settings, saved_dir);
            if let Some(timeout) = options.keychain_timeout {
                state.keychain_timeout = timeout;
            }
            if let Some(long_work) = options.long_work {
                state.long_work = long_work;
            }
            app.manage(state);
            updates::setup(app)?;
            // The menu bar, once the window sends its words.
            let (menu_words, words) = tokio::sync::watch::channel(None);
            app.manage::<menu::MenuSender>(menu_words);
            menu::follow(app.handle().clone(), words);
            app.on_menu_event(|app, event| menu::chosen(app, &event));
            // Tests may have managed fixed answers already.
            if app.try_state::<export::SaveFileDialog>().is_none() {
                app.manage(export::system_save_dialog(app.handle().clone()));
            }
            if app.try_state::<export::FileOpener>().is_none() {
                app.manage(export::system_opener());
            }
            if app.try_state::<Notifier>().is_none() {
                app.manage(system_notifier(app.handle().clone()));
            }
            tidy_at_start_then_daily(app.handle().clone());
            // Created hidden (tauri.conf.json), restored by now where the
            // window state plugin runs: shown at its place.
            if let Some(window) = app.get_webview_window("main") {
                // At the zoom the user left it at (Ctrl + / -).
                let zoom = app.state::<AppState>().settings.zoom_percent();
                if zoom != 100 {
                    if let Err(err) = window.set_zoom(f64::from(zoom) / 100.0) {
                        log::warn!("the window could not zoom to {zoom} %: {err}");
                    }
                }
                if let Err(err) = window.show() {
                    log::warn!("the window could not be shown: {err}");
                }
            }
            let state = app.state::<AppState>();
            let handle = app.handle().clone();
            state.saved.set_announce(std::sync::Arc::new(move |notice| {
                if let Err(err) = (offline::SavedDataNotice { notice }).emit(&handle) {
                    log::warn!("the saved-data notice could not reach the window: {err}");
                }
            }));
            if let workdesk_keychain::Availability::SessionOnly { reason } =
                state.keychain.availability()
            {
                log::warn!("no working OS keychain: {reason}");
            }
            let handle = app.handle().clone();
            let announce: service_state::Announce = std::sync::Arc::new(move |service| {
                if let Err(err) = service.emit(&handle) {
                    log::warn!("the service's state could not reach the window: {err}");
                }
            });
            state.set_service_watch(std::sync::Arc::new(move |client, workspace| {
                service_state::watch(client, workspace, announce.clone());
            }));
            let handle = app.handle().clone();
            state.set_outbox_watch(std::sync::Arc::new(move |workspace, summary| {
                if let Err(err) = (outbox::OutboxChanged { workspace, summary }).emit(&handle) {
                    log::warn!("the outbox's counts could not reach the window: {err}");
                }
            }));
            if options.demo {
                let demo = tauri::async_runtime::block_on(async {
                    let mut demo = Demo::start(state.working_offline.clone()).await?;
                    demo.sender = Some(state.follow(&demo.replica, WorkspaceId::demo()));
                    Ok::<_, workdesk_core::error::Error>(demo)
                })?;
                *state.demo.blocking_lock() = Some(demo);
            }
            Ok(())
        })
}

/// Creates the main window from its configuration (`tauri.conf.json`,
/// `"create": false`), telling its page `first` before any of its scripts
/// run ([`FirstScreen::initialization_script`]): a first run draws the
/// prerendered first-run form at once. Created hidden; shown at the end of
/// the setup, once placed and zoomed. A configuration without the window
/// (the mock runtime's, in tests) creates nothing.
fn main_window<R: Runtime>(app: &tauri::App<R>, first: FirstScreen) -> tauri::Result<()> {
    let Some(config) = app.config().app.windows.iter().find(|w| w.label == "main") else {
        return Ok(());
    };
    tauri::WebviewWindowBuilder::from_config(app.handle(), config)?
        .initialization_script(first.initialization_script())
        .build()?;
    Ok(())
}

/// The start's tidying ([`state::AppState::tidy_at_start`]: leftover
/// export parts, then "Keep saved data at most N days"), then the age
/// limit once a day while Workdesk runs (checked hourly against the wall
/// clock, so a computer that slept does not push it back).
fn tidy_at_start_then_daily<R: Runtime>(app: tauri::AppHandle<R>) {
    const DAY: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);
    const HOUR: std::time::Duration = std::time::Duration::from_secs(60 * 60);
    tauri::async_runtime::spawn(async move {
        if let Some(state) = app.try_state::<AppState>() {
            state.tidy_at_start().await;
        }
        let mut last = std::time::SystemTime::now();
        loop {
            tokio::time::sleep(HOUR).await;
            if last.elapsed().map_or(true, |since| since >= DAY) {
                if let Some(state) = app.try_state::<AppState>() {
                    state.forget_old_saved_data().await;
                }
                last = std::time::SystemTime::now();
            }
        }
    });
}

/// One Workdesk at a time (tauri-plugin-single-instance, registered
/// first): a second launch hands over to the running one, whose window
/// comes to the front, and exits before it reads or writes anything.
/// Without a D-Bus session (Linux) each launch runs on its own; the
/// settings file's lock and re-read, and the data key's lock, still keep
/// two processes from losing each other's changes.
fn single_instance<R: Runtime>() -> tauri::plugin::TauriPlugin<R> {
    tauri_plugin_single_instance::init(|app, _args, _cwd| {
        log::info!("Workdesk was started again: the running window comes to the front");
        if let Some(window) = app.get_webview_window("main") {
            let _ = window.unminimize();
            let _ = window.show();
            let _ = window.set_focus();
        }
    })
}

/// The window's size, position and maximised state, remembered
/// (tauri-plugin-window-state, in `.window-state.json` of the app's config
/// folder): first the place kept is put where the user can reach it
/// ([`window_place::fix_saved_place`], before the plugin reads the file),
/// then the plugin restores it. The window starts hidden and is shown once
/// restored ([`configure`]'s setup), so it never flashes at the default
/// place first.
fn window_plugins<R: Runtime>() -> [tauri::plugin::TauriPlugin<R>; 2] {
    use tauri_plugin_window_state::StateFlags;
    let placed = tauri::plugin::Builder::new("workdesk-window")
        .setup(|app, _| {
            reach_saved_place(app);
            Ok(())
        })
        .build();
    let remembered = tauri_plugin_window_state::Builder::new()
        .with_state_flags(StateFlags::SIZE | StateFlags::POSITION | StateFlags::MAXIMIZED)
        .build();
    [placed, remembered]
}

/// [`window_place::fix_saved_place`] for the main window, on this
/// computer's monitors as they are now.
fn reach_saved_place<R: Runtime>(app: &tauri::AppHandle<R>) {
    use window_place::Rect;
    let rect = |monitor: &tauri::Monitor| Rect {
        x: monitor.position().x,
        y: monitor.position().y,
        width: monitor.size().width,
        height: monitor.size().height,
    };
    let Ok(folder) = app.path().app_config_dir() else {
        return;
    };
    let monitors: Vec<Rect> = app
        .available_monitors()
        .unwrap_or_default()
        .iter()
        .map(rect)
        .collect();
    let primary = app.primary_monitor().ok().flatten().as_ref().map(rect);
    let file = folder.join(tauri_plugin_window_state::DEFAULT_FILENAME);
    if let Err(err) = window_place::fix_saved_place(&file, "main", &monitors, primary) {
        log::warn!("the window's kept place could not be corrected: {err}");
    }
}

/// The log: `workdesk.log` in the OS log folder (and stdout in a debug
/// build only, [`log_targets`])
/// (`$XDG_DATA_HOME/<identifier>/logs/` on Linux, `~/Library/Logs/<identifier>/`
/// on macOS, `%LOCALAPPDATA%\<identifier>\logs\` on Windows), 1 MB a file,
/// five files kept, each line masked and made one line
/// ([`diagnostics::log_line`]). Nothing logged carries the API key; at most
/// its masked hint.
fn log_plugin<R: Runtime>() -> tauri::plugin::TauriPlugin<R> {
    use tauri_plugin_log::{RotationStrategy, Target};
    tauri_plugin_log::Builder::new()
        .clear_targets()
        .targets(
            log_targets(cfg!(debug_assertions))
                .into_iter()
                .map(Target::new),
        )
        .max_file_size(workdesk_core::diagnostics::LOG_FILE_BYTES)
        .rotation_strategy(RotationStrategy::KeepSome(
            workdesk_core::diagnostics::LOG_FILES_KEPT,
        ))
        .format(|out, message, record| {
            out.finish(format_args!(
                "[{}][{}][{}] {}",
                chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S%.3fZ"),
                record.target(),
                record.level(),
                workdesk_core::diagnostics::log_line(&message.to_string())
            ));
        })
        .level(log::LevelFilter::Info)
        .level_for("hyper", log::LevelFilter::Warn)
        .level_for("reqwest", log::LevelFilter::Warn)
        .build()
}

/// Where the log goes: `workdesk.log` in the OS log folder always, and
/// stdout only in a debug build (`debug_build`): a release build writes
/// nothing to a terminal or to whatever started it (a launcher's journal
/// keeping it beyond the log's own rotation).
fn log_targets(debug_build: bool) -> Vec<tauri_plugin_log::TargetKind> {
    use tauri_plugin_log::TargetKind;
    let mut targets = vec![TargetKind::LogDir {
        file_name: Some("workdesk".into()),
    }];
    if debug_build {
        targets.push(TargetKind::Stdout);
    }
    targets
}

/// Runs the desktop app. The keychain's service name is the app's
/// identifier from tauri.conf.json (`dev.workdesk.desktop`). `--version`
/// and `--check` are answered without a window, and the process exits
/// ([`workdesk_core::install_check::answer`]).
pub fn run() {
    let context = tauri::generate_context!();
    let service = context.config().identifier.clone();
    if let Some(code) = workdesk_core::install_check::answer(&service, env!("CARGO_PKG_VERSION")) {
        std::process::exit(code);
    }
    webkit::apply();
    let opening = std::thread::Builder::new().name("keychain".into()).spawn({
        let service = service.clone();
        move || workdesk_keychain::Keychain::open(&service)
    });
    let keychain = move || match opening.map(std::thread::JoinHandle::join) {
        Ok(Ok(keychain)) => keychain,
        // No thread, or it panicked: keys for this session only, as when
        // the platform's store cannot be reached.
        _ => {
            workdesk_keychain::Keychain::session_only(&service, "the keychain could not be opened")
        }
    };
    let [placed, remembered] = window_plugins();
    configure(
        tauri::Builder::default()
            .plugin(single_instance())
            .plugin(log_plugin()),
        Options::from_args(),
        keychain,
    )
    .plugin(placed)
    .plugin(remembered)
    .run(context)
    .expect("error while running Workdesk");
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use tauri_plugin_log::TargetKind;

    #[test]
    fn a_release_build_logs_to_its_log_file_only_and_a_debug_build_to_stdout_too() {
        let release = super::log_targets(false);
        assert!(
            matches!(&release[..], [TargetKind::LogDir { file_name: Some(name) }] if name == "workdesk"),
            "release: the log file alone"
        );
        let debug = super::log_targets(true);
        assert_eq!(debug.len(), 2);
        assert!(matches!(debug[0], TargetKind::LogDir { .. }));
        assert!(matches!(debug[1], TargetKind::Stdout));
    }

    fn committed() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(super::BINDINGS_PATH)
    }

    /// What `resource_schemas` answers, as the UI's component tests read it
    /// (their fixtures take Rust's pickers and references from it).
    const SCHEMAS_FIXTURE: &str = "ui/tests/fixtures/resource-schemas.json";

    fn schemas_json() -> String {
        let schemas = workdesk_core::records::resource_schemas();
        serde_json::to_string_pretty(&schemas).expect("schemas serialize") + "\n"
    }

    fn schemas_fixture() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(SCHEMAS_FIXTURE)
    }

    /// Fails when `ui/src/lib/bindings.ts` does not match the commands and
    /// types in Rust. Regenerate with `npm run bindings`.
    #[test]
    fn bindings_are_fresh() {
        let fresh =
            std::env::temp_dir().join(format!("workdesk-bindings-{}.ts", std::process::id()));
        super::export_bindings(&fresh).expect("export bindings");
        let fresh_text = std::fs::read_to_string(&fresh).unwrap();
        let _ = std::fs::remove_file(&fresh);
        let committed_text = std::fs::read_to_string(committed()).unwrap_or_default();
        assert!(
            fresh_text == committed_text,
            "{} is stale: run `npm run bindings` and commit the result",
            super::BINDINGS_PATH
        );
        let committed = std::fs::read_to_string(schemas_fixture()).unwrap_or_default();
        assert!(
            committed == schemas_json(),
            "{SCHEMAS_FIXTURE} is stale: run `npm run bindings` and commit the result"
        );
    }

    /// Writes the bindings (`npm run bindings`); ignored in normal runs.
    #[test]
    #[ignore = "writes ui/src/lib/bindings.ts; run through `npm run bindings`"]
    fn write_bindings() {
        super::export_bindings(&committed()).expect("export bindings");
        std::fs::write(schemas_fixture(), schemas_json()).expect("write the schemas fixture");
    }
}

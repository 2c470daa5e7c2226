//! A stored key goes only to the server it was entered for, whatever a
//! file says: the address lives in the keychain item with the key, and is
//! checked before any client is built. Through Tauri's IPC on the mock
//! runtime, a mock keychain, the real settings file, the sandbox, and a
//! loopback server that is not the service and must never see an
//! `Authorization` header.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

mod common;

use common::{invoke, read_list, read_record, saved_list, Stranger};
use serde_json::{json, Value};
use tauri::test::mock_builder;
use tauri::Manager;
use workdesk_lib::Options;

const SERVICE: &str = "binding.workdesk.test";

/// The tests of this file set the process's data folder and keychain: one
/// at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Starts the app over the data folder as it is, and its `main` webview.
fn start() -> (
    tauri::App<tauri::test::MockRuntime>,
    tauri::WebviewWindow<tauri::test::MockRuntime>,
) {
    common::open_app(SERVICE)
}

/// Everything that would send the workspace's key: each must fail
/// without sending anything.
fn try_everything(webview: &tauri::WebviewWindow<tauri::test::MockRuntime>, base_url: &str) {
    let view = json!({"page": 1, "take": 20});
    let list = json!({"resource": "supplier_invoice", "remember": true, "view": view});
    for (what, answer) in [
        (
            "read_list",
            read_list(webview, list.clone()).map(|read| read.end),
        ),
        (
            "read_record",
            read_record(
                webview,
                json!({"resource": "task", "id": "00000000-0000-4000-8000-000000000001"}),
            )
            .map(|read| read.end),
        ),
        // What is saved, which a read shows while working offline.
        ("saved_list", saved_list(webview, list)),
    ] {
        match answer {
            Err(err) => assert_eq!(err["kind"], "not_configured", "{what}: {err}"),
            Ok(end) => panic!("{what} answered: {end}"),
        }
    }
    // The budget may be answered (none seen); refused, for the same reason.
    if let Err(err) = invoke(webview, "rate_limit", json!({})) {
        assert_eq!(err["kind"], "not_configured", "rate_limit: {err}");
    }
    // Keeping the stored key for that address is refused too.
    let err = invoke(
        webview,
        "update_workspace",
        json!({"workspace": workspace_id(webview), "baseUrl": base_url, "apiKey": null}),
    )
    .unwrap_err();
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (Some("key_for_another_server"), Some("api_key")),
        "{err}"
    );
}

fn workspace_id(webview: &tauri::WebviewWindow<tauri::test::MockRuntime>) -> String {
    let status = invoke(webview, "workspace_status", json!({})).unwrap();
    status["workspace"]["id"].as_str().unwrap().to_owned()
}

fn settings_path(data: &std::path::Path) -> std::path::PathBuf {
    data.join(SERVICE).join("settings.json")
}

fn edit_settings(data: &std::path::Path, edit: impl FnOnce(&mut Value)) {
    let path = settings_path(data);
    let mut settings: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    edit(&mut settings);
    std::fs::write(&path, settings.to_string()).unwrap();
}

#[test]
fn an_address_edited_in_a_file_never_gets_the_stored_key() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let data = common::fresh_data_folder("key-binding", SERVICE);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let sandbox =
        tauri::async_runtime::block_on(workdesk_sandbox::start(Default::default())).unwrap();
    let stranger = Stranger::start();

    // A workspace added as usual, its key checked and stored.
    let (app, webview) = start();
    invoke(
        &webview,
        "add_workspace",
        json!({"name": "Empresa A", "baseUrl": sandbox.base_url(), "apiKey": sandbox.keys().workspace_a}),
    )
    .unwrap();
    app.cleanup_before_exit();
    drop(app);

    // Someone edits settings.json to point the workspace elsewhere.
    edit_settings(&data, |settings| {
        settings["workspaces"][0]["base_url"] = json!(stranger.url);
    });
    let (app, webview) = start();
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "setup", "{status}");
    assert_eq!(status["key"]["needed"], "other_address", "{status}");
    assert_eq!(status["key"]["hint"], Value::Null);
    assert_eq!(
        status["base_url"], stranger.url,
        "the form names the address"
    );
    try_everything(&webview, &stranger.url);
    assert_eq!(stranger.authorized(), Vec::<String>::new());
    assert!(
        stranger.heads.lock().unwrap().is_empty(),
        "nothing was even asked"
    );

    // Put back, the key works again: nothing was lost.
    edit_settings(&data, |settings| {
        settings["workspaces"][0]["base_url"] = json!(format!("{}/", sandbox.base_url()));
    });
    app.cleanup_before_exit();
    drop(app);
    let (app, webview) = start();
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "service", "{status}");
    let read = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": {"page": 1, "take": 1}}),
    )
    .unwrap();
    assert_eq!(read.end, json!({"end": "fresh"}), "{read:?}");
    app.cleanup_before_exit();
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_upgrade_of_an_earlier_versions_connection_sends_its_key_nowhere_until_typed() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let data = common::fresh_data_folder("key-binding-upgrade", "upgrade.workdesk.test");
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let stranger = Stranger::start();
    let key = format!("service_{}", "u".repeat(40));
    // What an earlier version left, edited to point at the stranger: its
    // one connection's address, and the bare key in the keychain.
    std::fs::write(
        data.join("upgrade.workdesk.test").join("settings.json"),
        json!({"base_url": stranger.url, "language": "es"}).to_string(),
    )
    .unwrap();
    keyring_core::Entry::new("upgrade.workdesk.test", "default")
        .unwrap()
        .set_password(&key)
        .unwrap();
    let app = common::start_app(mock_builder(), "upgrade.workdesk.test", Options::default());
    let webview = app.get_webview_window("main").unwrap();
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["workspace"]["id"], "default", "{status}");
    assert_eq!(status["mode"], "setup");
    assert_eq!(status["key"]["needed"], "earlier_version");
    assert_eq!(status["base_url"], stranger.url);
    try_everything(&webview, &stranger.url);
    assert_eq!(stranger.authorized(), Vec::<String>::new());
    assert!(
        stranger.heads.lock().unwrap().is_empty(),
        "nothing was even asked"
    );
    app.cleanup_before_exit();
    let _ = std::fs::remove_dir_all(&data);
}

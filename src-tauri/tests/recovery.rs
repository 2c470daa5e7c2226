//! A saved-data file that no longer opens (damaged, as after a crash while
//! writing): on the next start it is set aside under a dated name, a new
//! one is started, the user is told once, and nothing else is lost: the
//! settings, the views and the API key keep working. Likewise a settings
//! file half written: set aside, the backup used, told once. Tauri's IPC on the
//! mock runtime, a mock keychain, real files and the real sandbox.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

mod common;

use common::{invoke, list_views, read_list, saved_list};
use serde_json::{json, Value};
use tauri::test::{mock_builder, MockRuntime};
use tauri::{App, Manager};
use workdesk_lib::Options;

const SERVICE: &str = "dev.workdesk.test";

fn start() -> App<MockRuntime> {
    common::start_app(mock_builder(), SERVICE, Options::default())
}

/// The files in `dir`, by name.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_damaged_saved_data_file_is_set_aside_once_and_nothing_else_is_lost() {
    let data = common::fresh_data_folder("recovery", SERVICE);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let sandbox =
        tauri::async_runtime::block_on(workdesk_sandbox::start(Default::default())).unwrap();
    let first = json!({"page": 1, "take": 20});

    let folder = {
        let app = start();
        let webview = app.get_webview_window("main").unwrap();
        let status = invoke(
            &webview,
            "add_workspace",
            json!({"name": "Empresa A", "baseUrl": sandbox.base_url(), "apiKey": sandbox.keys().workspace_a}),
        )
        .unwrap();
        let id = status["workspace"]["id"].as_str().unwrap().to_owned();
        read_list(
            &webview,
            json!({"resource": "supplier_invoice", "remember": true, "view": {"page": 2, "take": 20}}),
        )
        .unwrap();
        invoke(
            &webview,
            "save_view",
            json!({"resource": "supplier_invoice", "name": "Mías", "view": first}),
        )
        .unwrap();
        let storage = invoke(&webview, "storage", json!({})).unwrap();
        assert_eq!(storage["workspaces"][0]["kept"]["kind"], "on_disk");
        assert_eq!(storage["notice"], Value::Null);
        app.cleanup_before_exit();
        data.join(SERVICE).join("saved").join(id)
    };

    // The file is damaged while Workdesk is closed.
    let files = names(&folder);
    let file = files
        .iter()
        .find(|name| name.ends_with(".sqlite3"))
        .unwrap_or_else(|| panic!("a saved-data file in {files:?}"));
    std::fs::write(folder.join(file), b"not a database, half written").unwrap();
    for side in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(folder.join(format!("{file}{side}")));
    }

    let app = start();
    let webview = app.get_webview_window("main").unwrap();
    // The key, the settings and the views are as they were.
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "service", "{status}");
    assert_eq!(status["workspace"]["name"], "Empresa A");
    let views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(views["current"]["page"], 2, "{views}");
    assert_eq!(views["saved"][0]["name"], "Mías", "{views}");
    let page = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": first}),
    )
    .unwrap();
    assert_eq!(page.end, json!({"end": "fresh"}), "{page:?}");
    assert_eq!(page.shown()["results"].as_array().unwrap().len(), 20);

    // Told once, with where the old file is kept; a new file works.
    let storage = invoke(&webview, "storage", json!({})).unwrap();
    assert_eq!(storage["notice"]["code"], "set_aside", "{storage}");
    assert_eq!(storage["notice"]["reason"], "damaged", "{storage}");
    let moved_to = storage["notice"]["moved_to"].as_str().unwrap().to_owned();
    assert_eq!(
        std::fs::read(&moved_to).unwrap(),
        b"not a database, half written",
        "the damaged file is kept as it was"
    );
    assert!(moved_to.contains(".unreadable-"), "{moved_to}");
    let again = invoke(&webview, "storage", json!({})).unwrap();
    assert_eq!(again["notice"], Value::Null, "told once");
    assert_eq!(again["workspaces"][0]["kept"]["kind"], "on_disk");
    let saved = saved_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": first}),
    )
    .unwrap();
    assert_eq!(
        saved["value"]["results"].as_array().map(Vec::len),
        Some(20),
        "the page just fetched is saved in the new file: {saved}"
    );
    assert!(
        names(&folder).iter().any(|name| name == file),
        "a new file under the old name"
    );
    app.cleanup_before_exit();

    // settings.json half written (a crash while saving): set aside, the
    // backup of the save before it used, told once, the key still works.
    let settings = data.join(SERVICE).join("settings.json");
    assert!(
        data.join(SERVICE).join("settings.json.bak").exists(),
        "each save keeps the one before"
    );
    let half = b"{\"workspaces\": [{\"id\": ";
    std::fs::write(&settings, half).unwrap();
    let app = start();
    let webview = app.get_webview_window("main").unwrap();
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["settings_notice"]["code"], "restored", "{status}");
    let moved_to = status["settings_notice"]["moved_to"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(std::fs::read(&moved_to).unwrap(), half, "kept as it was");
    assert_eq!(status["workspace"]["name"], "Empresa A");
    assert_eq!(status["mode"], "service");
    read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": first}),
    )
    .unwrap();
    let again = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(again["settings_notice"], Value::Null, "told once");
    app.cleanup_before_exit();
    let _ = std::fs::remove_dir_all(&data);
}

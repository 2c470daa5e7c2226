//! Two Workdesks over one settings file (a second launch where the
//! single-instance hand-over could not run, or an older copy still open):
//! each change is made to what is on disk, under the file's lock, and a
//! window that closes never writes its older copy back (the store
//! plugin's own save at exit is refused). Two apps on Tauri's mock
//! runtime, over the same real `settings.json`; a mock keychain and the
//! sandbox.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

mod common;

use common::invoke;
use serde_json::{json, Value};
use tauri::test::mock_builder;
use tauri::Manager;
use workdesk_lib::Options;

const SERVICE: &str = "processes.workdesk.test";

fn on_disk(data: &std::path::Path) -> Value {
    serde_json::from_slice(&std::fs::read(data.join(SERVICE).join("settings.json")).unwrap())
        .unwrap()
}

#[test]
fn a_stale_copy_never_overwrites_what_another_process_wrote() {
    let data = common::fresh_data_folder("processes", SERVICE);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let sandbox =
        tauri::async_runtime::block_on(workdesk_sandbox::start(Default::default())).unwrap();

    // The first is run to its exit below; the second is set up now.
    let first = common::build_app(mock_builder(), SERVICE, Options::default());
    let second = common::start_app(mock_builder(), SERVICE, Options::default());
    let b = second.get_webview_window("main").unwrap();
    let (url, key, folder) = (
        sandbox.base_url().to_owned(),
        sandbox.keys().workspace_a.clone(),
        data.clone(),
    );
    first.run(move |handle, event| {
        let tauri::RunEvent::Ready = event else {
            return;
        };
        let a = handle.get_webview_window("main").unwrap();
        // The second adds a workspace; the first, which never saw it,
        // then changes its language: both are on disk.
        invoke(
            &b,
            "add_workspace",
            json!({"name": "Empresa A", "baseUrl": url, "apiKey": key}),
        )
        .unwrap();
        invoke(&a, "set_language", json!({"language": "es"})).unwrap();
        let settings = on_disk(&folder);
        assert_eq!(settings["language"], "es", "{settings}");
        assert_eq!(
            settings["workspaces"][0]["name"], "Empresa A",
            "the first's change did not put back its older copy: {settings}"
        );
        // The first now knows the workspace too.
        let status = invoke(&a, "workspace_status", json!({})).unwrap();
        assert_eq!(
            status["workspaces"].as_array().unwrap().len(),
            1,
            "{status}"
        );
        // The second changes the density; then the first's window closes
        // and the app exits: its copy in memory (without the density)
        // must not be written back.
        invoke(&b, "set_density", json!({"density": "compact"})).unwrap();
        a.close().unwrap();
    });
    let settings = on_disk(&data);
    assert_eq!(settings["density"], "compact", "{settings}");
    assert_eq!(settings["workspaces"][0]["name"], "Empresa A", "{settings}");
    assert_eq!(settings["language"], "es");

    second.cleanup_before_exit();
    let _ = std::fs::remove_dir_all(&data);
}

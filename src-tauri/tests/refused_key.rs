//! Saved data that must stop being shown: once the service refuses the
//! workspace's key (401: revoked, deleted, expired), its saved records are
//! hidden, online and offline, across a restart, until a key the service
//! accepts is entered; and "Keep saved data at most N days" deletes what
//! was fetched longer ago, when set and at each start. Through Tauri's IPC
//! on the mock runtime, a mock keychain, real settings and saved-data
//! files, and the sandbox (with faults, to refuse a key on demand).

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};

mod common;

use common::{control, invoke, Read};
use serde_json::{json, Value};
use tauri::test::MockRuntime;
use tauri::WebviewWindow;

/// The data folder of this test binary (each test has its own app folder
/// in it, named by its identifier) and the mock keychain, set up once.
fn data_folder() -> PathBuf {
    common::data_folder_once("refused-key")
}

fn start(service: &str) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    std::fs::create_dir_all(data_folder().join(service)).unwrap();
    common::open_app(service)
}

fn restart(
    app: tauri::App<MockRuntime>,
    service: &str,
) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    app.cleanup_before_exit();
    drop(app);
    start(service)
}

fn page(number: u32) -> Value {
    json!({"page": number, "take": 20})
}

fn list(webview: &WebviewWindow<MockRuntime>, number: u32) -> Result<Read, Value> {
    common::read_list(
        webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": page(number)}),
    )
}

/// The saved answer for page `number` (a read while working offline), or
/// `null`.
fn saved(webview: &WebviewWindow<MockRuntime>, number: u32) -> Result<Value, Value> {
    common::saved_list(
        webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": page(number)}),
    )
}

fn locked(answer: Result<Value, Value>) -> bool {
    match answer {
        Err(err) => {
            assert_eq!(
                (err["kind"].as_str(), err["code"].as_str()),
                (Some("unauthorized"), Some("saved_data_locked")),
                "{err}"
            );
            true
        }
        Ok(_) => false,
    }
}

fn arm(sandbox: &workdesk_sandbox::Running, mode: &str) {
    control(
        sandbox.addr(),
        "POST",
        "/_sandbox/faults",
        &json!({"mode": mode, "times": 1}).to_string(),
    );
}

#[test]
fn a_refused_key_hides_the_saved_records_until_a_key_the_service_accepts_is_entered() {
    const SERVICE: &str = "refused.workdesk.test";
    data_folder();
    let sandbox =
        tauri::async_runtime::block_on(workdesk_sandbox::start(workdesk_sandbox::Config {
            faults: true,
            ..Default::default()
        }))
        .unwrap();
    let key = sandbox.keys().workspace_a.clone();
    let (app, webview) = start(SERVICE);
    let status = invoke(
        &webview,
        "add_workspace",
        json!({"name": "Empresa A", "baseUrl": sandbox.base_url(), "apiKey": key}),
    )
    .unwrap();
    let workspace = status["workspace"]["id"].as_str().unwrap().to_owned();
    let first = list(&webview, 1).unwrap();
    assert_eq!(first.end, json!({"end": "fresh"}), "{first:?}");
    let first = first.shown().clone();
    let shown = saved(&webview, 1).unwrap();
    assert_eq!(shown["value"]["results"], first["results"]);

    // The service refuses the key (revoked since it was entered).
    arm(&sandbox, "401");
    let err = list(&webview, 1).unwrap_err();
    assert_eq!(err["code"], "key_refused", "{err}");
    assert!(locked(saved(&webview, 1)), "hidden at once");
    let one = first["results"][0]["id"].as_str().unwrap();
    assert!(locked(common::saved_record(
        &webview,
        json!({"resource": "supplier_invoice", "id": one})
    )));
    // Offline too.
    invoke(&webview, "set_working_offline", json!({"on": true})).unwrap();
    assert!(locked(saved(&webview, 1)));
    // The screen is told why, also after a restart.
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(
        status["key"]["refusal"]["code"], "saved_data_locked",
        "{status}"
    );

    let (app, webview) = restart(app, SERVICE);
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "service");
    assert_eq!(
        status["key"]["refusal"]["code"], "saved_data_locked",
        "{status}"
    );
    assert!(locked(saved(&webview, 1)), "offline after a restart");
    invoke(&webview, "set_working_offline", json!({"on": false})).unwrap();
    // The service answers the same key again: its saved records stay
    // hidden, since no key was entered (not even shown before the answer).
    let again = list(&webview, 1).unwrap();
    assert_eq!(again.end, json!({"end": "fresh"}), "{again:?}");
    assert!(again.saved().is_none(), "{again:?}");
    assert!(locked(saved(&webview, 1)));

    // A key the service refuses, typed: still hidden.
    arm(&sandbox, "401");
    let err = invoke(
        &webview,
        "update_workspace",
        json!({"workspace": workspace, "baseUrl": sandbox.base_url(), "apiKey": key}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "unauthorized", "{err}");
    assert!(locked(saved(&webview, 1)));

    // A key the service accepts, typed: shown again, nothing lost.
    let status = invoke(
        &webview,
        "update_workspace",
        json!({"workspace": workspace, "baseUrl": sandbox.base_url(), "apiKey": key}),
    )
    .unwrap();
    assert_eq!(status["key"]["refusal"], Value::Null, "{status}");
    let shown = saved(&webview, 1).unwrap();
    assert_eq!(shown["value"]["results"], first["results"]);
    app.cleanup_before_exit();
}

/// Moves every saved record and page of the files under `saved` `days`
/// days back, as if they had been fetched then.
fn age_saved_data(saved: &Path, days: i64) {
    let back = days * 24 * 60 * 60 * 1000;
    for folder in std::fs::read_dir(saved).unwrap().flatten() {
        if !folder.path().is_dir() {
            continue;
        }
        for file in std::fs::read_dir(folder.path()).unwrap().flatten() {
            if file.path().extension().is_some_and(|ext| ext == "sqlite3") {
                let conn = rusqlite::Connection::open(file.path()).unwrap();
                for table in ["record", "page"] {
                    conn.execute(
                        &format!("UPDATE {table} SET saved_at = saved_at - ?1"),
                        [back],
                    )
                    .unwrap();
                }
            }
        }
    }
}

#[test]
fn keep_saved_data_at_most_n_days_deletes_older_records_when_set_and_at_each_start() {
    const SERVICE: &str = "max-age.workdesk.test";
    let saved_dir = data_folder().join(SERVICE).join("saved");
    let sandbox =
        tauri::async_runtime::block_on(workdesk_sandbox::start(Default::default())).unwrap();
    let (app, webview) = start(SERVICE);
    invoke(
        &webview,
        "add_workspace",
        json!({"name": "Empresa A", "baseUrl": sandbox.base_url(), "apiKey": sandbox.keys().workspace_a}),
    )
    .unwrap();
    let storage = invoke(&webview, "storage", json!({})).unwrap();
    assert_eq!(storage["max_age_days"], Value::Null, "off unless set");
    list(&webview, 1).unwrap();
    list(&webview, 2).unwrap();
    // Read back: the pages are on disk (saving is in the background).
    for n in [1, 2] {
        assert!(saved(&webview, n).unwrap()["value"].is_object());
    }

    // Pages 1 and 2 were fetched 40 days ago; page 3 now.
    let (app, webview) = {
        app.cleanup_before_exit();
        drop(app);
        age_saved_data(&saved_dir, 40);
        start(SERVICE)
    };
    list(&webview, 3).unwrap();
    assert!(saved(&webview, 3).unwrap()["value"].is_object());
    let source = |n: u32| saved(&webview, n).unwrap()["source"].clone();
    for n in 1..=3 {
        assert_eq!(source(n)["kind"], "saved_page", "page {n}: {}", source(n));
    }
    // Out of range: refused, nothing changed.
    for days in [0, 3651] {
        let err = invoke(&webview, "set_saved_data_max_age", json!({"days": days})).unwrap_err();
        assert_eq!(
            (
                err["code"].as_str(),
                err["field"].as_str(),
                err["params"]["max"].as_str()
            ),
            (
                Some("max_age_out_of_range"),
                Some("max_age_days"),
                Some("3650")
            ),
            "{err}"
        );
    }
    let storage = invoke(&webview, "set_saved_data_max_age", json!({"days": 30})).unwrap();
    assert_eq!(storage["max_age_days"], 30);
    // Pages 1 and 2, 40 days old, are gone with their records: what is
    // left to answer page 1 is today's page 3, 20 records.
    assert_eq!(source(1)["kind"], "saved_records", "{}", source(1));
    assert_eq!(source(1)["saved"], 20);
    assert_eq!(source(3)["kind"], "saved_page", "today's stays");

    // At the next start, what became too old meanwhile goes before
    // anything is shown.
    app.cleanup_before_exit();
    drop(app);
    age_saved_data(&saved_dir, 31);
    let (app, webview) = start(SERVICE);
    assert_eq!(saved(&webview, 3).unwrap(), Value::Null, "deleted at start");
    let storage = invoke(&webview, "storage", json!({})).unwrap();
    assert_eq!(storage["max_age_days"], 30, "kept in the settings");
    // Off again: nothing more is deleted.
    let storage = invoke(&webview, "set_saved_data_max_age", json!({"days": null})).unwrap();
    assert_eq!(storage["max_age_days"], Value::Null);
    app.cleanup_before_exit();
}

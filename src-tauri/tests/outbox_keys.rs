//! Nothing lost, nothing sent twice, through Tauri's IPC on the mock
//! runtime with a mock keychain, real settings and saved-data files, and
//! the sandbox over loopback HTTP (its journal counts what reached it):
//!
//! - a change kept while the service could not be reached, the app closed
//!   and opened again with every first command arriving at once: the
//!   service gets it once;
//! - kept, then the key refused (401), then a new key typed for the same
//!   workspace: the change moves to the new key's saved data and is sent
//!   once;
//! - kept, then the address changed: the change is still listed, held, and
//!   sent to the new address only when the user says so.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

mod common;

use common::{control, invoke};
use serde_json::{json, Value};
use tauri::test::MockRuntime;
use tauri::{Listener, WebviewWindow};

/// This binary's data folder (each test has its own app folder in it) and
/// the mock keychain, set up once.
fn data_folder() -> PathBuf {
    common::data_folder_once("outbox-keys")
}

/// The app under `service`, the outbox counts and the service's states
/// it pushes to the window.
struct Open {
    app: tauri::App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
    pushed: mpsc::Receiver<Value>,
    states: mpsc::Receiver<Value>,
}

fn start(service: &str) -> Open {
    std::fs::create_dir_all(data_folder().join(service)).unwrap();
    let (app, webview) = common::open_app(service);
    let (push, pushed) = mpsc::channel();
    app.listen_any("outbox-changed", move |event| {
        let _ = push.send(serde_json::from_str::<Value>(event.payload()).unwrap());
    });
    let (push, states) = mpsc::channel();
    app.listen_any("service-state", move |event| {
        let _ = push.send(serde_json::from_str::<Value>(event.payload()).unwrap());
    });
    Open {
        app,
        webview,
        pushed,
        states,
    }
}

/// Waits (a minute at most, as a guard) for a value of `from` that
/// satisfies `done`.
fn until(from: &mpsc::Receiver<Value>, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match from.recv_timeout(left) {
            Ok(value) if done(&value) => return value,
            Ok(_) => {}
            Err(_) => panic!("never got to: {what}"),
        }
    }
}

impl Open {
    fn restart(self, service: &str) -> Open {
        self.app.cleanup_before_exit();
        drop(self.webview);
        drop(self.app);
        start(service)
    }

    fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        invoke(&self.webview, cmd, args)
    }

    /// Waits for pushed outbox counts that satisfy `done`.
    fn until(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        until(&self.pushed, what, |pushed| done(&pushed["summary"]))["summary"].clone()
    }

    fn keep_task(&self, title: &str) {
        let written = self
            .invoke("create_task", json!({"task": {"title": title}}))
            .unwrap();
        assert_eq!(written["outcome"], "queued", "{written}");
    }
}

fn sandbox() -> workdesk_sandbox::Running {
    tauri::async_runtime::block_on(workdesk_sandbox::start(workdesk_sandbox::Config {
        faults: true,
        journal: true,
        ..Default::default()
    }))
    .unwrap()
}

/// The statuses of the POSTs of tasks titled `title` the sandbox
/// received, in order.
fn posted(sandbox: &workdesk_sandbox::Running, title: &str) -> Vec<u64> {
    let journal = control(sandbox.addr(), "GET", "/_sandbox/requests", "");
    journal["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            r["method"] == "POST" && r["path"] == "/task/task/" && r["body"]["title"] == title
        })
        .map(|r| r["status"].as_u64().unwrap())
        .collect()
}

/// How many POSTs of tasks titled `title` made one (201).
fn made(sandbox: &workdesk_sandbox::Running, title: &str) -> usize {
    posted(sandbox, title)
        .into_iter()
        .filter(|s| *s == 201)
        .count()
}

fn arm(sandbox: &workdesk_sandbox::Running, mode: &str, times: u32) {
    control(
        sandbox.addr(),
        "POST",
        "/_sandbox/faults",
        &json!({"mode": mode, "times": times}).to_string(),
    );
}

fn add_workspace(open: &Open, base_url: &str, key: &str) -> String {
    let status = open
        .invoke(
            "add_workspace",
            json!({"name": "Empresa A", "baseUrl": base_url, "apiKey": key}),
        )
        .unwrap();
    status["workspace"]["id"].as_str().unwrap().to_owned()
}

#[test]
fn a_change_kept_before_a_restart_is_sent_once_when_every_first_command_arrives_at_once() {
    const SERVICE: &str = "restart.outbox-keys.workdesk.test";
    const TITLE: &str = "Conciliar banco tras reiniciar";
    data_folder();
    let sandbox = sandbox();
    let open = start(SERVICE);
    add_workspace(&open, sandbox.base_url(), &sandbox.keys().workspace_a);
    // The service cannot take the task, nor the sender's tries: kept.
    arm(&sandbox, "503", 1000);
    open.keep_task(TITLE);
    open.until("the change waits after a try", |s| {
        s["waiting"] == 1 && s["sending"] == 0
    });
    assert_eq!(made(&sandbox, TITLE), 0);

    // Closed, the service answers again, opened: the window's first
    // commands arrive together, each able to open the workspace.
    let open = open.restart(SERVICE);
    arm(&sandbox, "503", 0);
    let start = std::sync::Barrier::new(6);
    std::thread::scope(|scope| {
        for cmd in [
            "outbox",
            "pending_rows",
            "outbox",
            "workspace_status",
            "outbox",
            "storage",
        ] {
            let (webview, start) = (open.webview.clone(), &start);
            scope.spawn(move || {
                start.wait();
                let args = if cmd == "pending_rows" {
                    json!({"resource": "task"})
                } else {
                    json!({})
                };
                let _ = invoke(&webview, cmd, args);
            });
        }
    });
    open.until("the change sent", |s| s["sent"] == 1 && s["unsent"] == 0);
    assert_eq!(
        made(&sandbox, TITLE),
        1,
        "one task: {:?}",
        posted(&sandbox, TITLE)
    );
    assert!(
        posted(&sandbox, TITLE)
            .iter()
            .all(|s| *s == 503 || *s == 201),
        "{:?}",
        posted(&sandbox, TITLE)
    );
    open.app.cleanup_before_exit();
}

#[test]
fn a_change_kept_when_the_key_was_refused_is_sent_once_under_the_new_key() {
    const SERVICE: &str = "new-key.outbox-keys.workdesk.test";
    const TITLE: &str = "Pagar proveedores con la clave nueva";
    data_folder();
    let sandbox = sandbox();
    let open = start(SERVICE);
    let workspace = add_workspace(&open, sandbox.base_url(), &sandbox.keys().workspace_a);
    open.invoke("set_working_offline", json!({"on": true}))
        .unwrap();
    open.keep_task(TITLE);
    // The service refuses the key (revoked meanwhile) when work offline ends.
    arm(&sandbox, "401", 1);
    open.invoke("set_working_offline", json!({"on": false}))
        .unwrap();
    until(&open.states, "the key refused", |s| {
        s["connection"] == "key_refused"
    });
    let locked = open.invoke("outbox", json!({})).unwrap_err();
    assert_eq!(locked["code"], "saved_data_locked", "{locked}");
    assert_eq!(made(&sandbox, TITLE), 0);

    // The user types the workspace's new key.
    open.invoke(
        "update_workspace",
        json!({"workspace": workspace, "baseUrl": sandbox.base_url(), "apiKey": sandbox.keys().replacement}),
    )
    .unwrap();
    let outbox = open.invoke("outbox", json!({})).unwrap();
    assert_eq!(
        outbox["changes"].as_array().unwrap().len(),
        1,
        "still listed: {outbox}"
    );
    open.until("sent under the new key", |s| {
        s["sent"] == 1 && s["unsent"] == 0
    });
    assert_eq!(made(&sandbox, TITLE), 1, "{:?}", posted(&sandbox, TITLE));
    open.app.cleanup_before_exit();
}

#[test]
fn a_change_kept_for_another_address_is_listed_and_sent_only_when_the_user_says_so() {
    const SERVICE: &str = "address.outbox-keys.workdesk.test";
    const TITLE: &str = "Cerrar el mes en la otra dirección";
    data_folder();
    let (before, after) = (sandbox(), sandbox());
    assert_ne!(before.base_url(), after.base_url());
    let open = start(SERVICE);
    let workspace = add_workspace(&open, before.base_url(), &before.keys().workspace_a);
    // The first address cannot take the task: kept.
    arm(&before, "503", 1000);
    open.keep_task(TITLE);
    open.until("the change waits after a try", |s| {
        s["waiting"] == 1 && s["sending"] == 0
    });

    // The workspace moves to another address (the same seed: the same key).
    open.invoke(
        "update_workspace",
        json!({"workspace": workspace, "baseUrl": after.base_url(), "apiKey": after.keys().workspace_a}),
    )
    .unwrap();
    let outbox = open.invoke("outbox", json!({})).unwrap();
    let held = &outbox["changes"][0];
    assert_eq!(held["state"], "needs_you", "{outbox}");
    assert_eq!(held["note"]["kind"], "other_address");
    let origin = before.base_url().trim_end_matches('/');
    assert_eq!(held["note"]["origin"], origin);
    assert_eq!(held["can_release"], true);
    let storage = open.invoke("storage", json!({})).unwrap();
    assert_eq!(
        (
            storage["notice"]["code"].as_str(),
            storage["notice"]["count"].as_u64()
        ),
        (Some("changes_held"), Some(1)),
        "Workdesk says how many are kept and for which address: {storage}"
    );
    assert_eq!(storage["notice"]["written_for"], origin);
    // A pass (Send now) sends nothing held.
    open.invoke("send_outbox_now", json!({})).unwrap();
    open.invoke("release_change", json!({"id": held["id"]}))
        .unwrap();
    open.until("sent to the new address", |s| {
        s["sent"] == 1 && s["unsent"] == 0
    });
    assert_eq!(made(&after, TITLE), 1);
    assert_eq!(made(&before, TITLE), 0);
    open.app.cleanup_before_exit();
}

//! A workspace behind a company's HTTP proxy, through Tauri's IPC on the
//! mock runtime: checking a new workspace's key and every request of a
//! saved one go through the proxy it names, as a `CONNECT` to the
//! server's host (the key travels inside TLS, never to the proxy). A mock
//! keychain, the real settings store, and a loopback listener standing in
//! for the proxy (it refuses every tunnel, so nothing goes further).

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

use std::sync::{Arc, Mutex};

mod common;

use common::{invoke, read_list, Stranger};
use serde_json::json;
use tauri::test::{mock_builder, MockRuntime};
use tauri::{App, Manager};
use workdesk_lib::Options;

const SERVICE: &str = "dev.workdesk.test";
const KEY: &str = "service_Pr0xyTest0123456789abcdefWXYZ0123456789";

fn start() -> App<MockRuntime> {
    common::start_app(mock_builder(), SERVICE, Options::default())
}

/// A "proxy" on loopback that keeps everything each request sent before
/// its blank line, and answers 502 (no tunnel): its address (no trailing
/// slash) and what it saw.
fn proxy() -> (String, Arc<Mutex<Vec<String>>>) {
    let proxy = Stranger::answering(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n");
    (proxy.url.trim_end_matches('/').to_owned(), proxy.heads)
}

#[test]
fn a_workspace_goes_through_its_own_proxy_and_the_proxy_never_sees_the_key() {
    let data = common::fresh_data_folder("proxy", SERVICE);
    let app_dir = data.join(SERVICE);
    // Only the workspace's own proxy: none from the environment.
    for name in [
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "ALL_PROXY",
        "all_proxy",
    ] {
        std::env::remove_var(name);
    }
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let (proxy_url, seen) = proxy();

    // A new workspace: its key is checked through the proxy it names.
    {
        let app = start();
        let webview = app.get_webview_window("main").unwrap();
        let err = invoke(
            &webview,
            "add_workspace",
            json!({"name": "Oficina", "baseUrl": "https://api.workdesk.test", "apiKey": KEY, "proxy": proxy_url}),
        )
        .unwrap_err();
        assert_eq!(err["kind"], "network", "{err}");
        let heads = seen.lock().unwrap().clone();
        assert!(
            heads
                .iter()
                .any(|head| head.starts_with("CONNECT api.workdesk.test:443 ")),
            "{heads:?}"
        );
        assert!(heads.iter().all(|head| !head.contains(&KEY[8..])));
        let status = invoke(&webview, "workspace_status", json!({})).unwrap();
        assert_eq!(status["workspaces"], json!([]), "nothing saved");
        app.cleanup_before_exit();
    }

    // A saved workspace with a proxy: its lists go through it.
    seen.lock().unwrap().clear();
    std::fs::write(
        app_dir.join("settings.json"),
        json!({
            "workspaces": [{"id": "office", "name": "Oficina", "base_url": "https://api.workdesk.test/", "proxy": proxy_url}],
            "current_workspace": "office"
        })
        .to_string(),
    )
    .unwrap();
    workdesk_keychain::Keychain::with_default_store(SERVICE).set_key(
        "office",
        "https://api.workdesk.test",
        &workdesk_api::ApiKey::parse(KEY).unwrap(),
    );
    let app = start();
    let webview = app.get_webview_window("main").unwrap();
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert!(
        status["workspace"]["proxy"]
            .as_str()
            .is_some_and(|proxy| proxy.starts_with(&proxy_url)),
        "{status}"
    );
    // The proxy refuses the tunnel: the service did not answer, nothing
    // is saved to show instead.
    let read = read_list(
        &webview,
        json!({"resource": "task", "remember": false, "view": {"page": 1, "take": 20}}),
    )
    .unwrap();
    assert!(read.answers.is_empty(), "{read:?}");
    assert_eq!(
        (
            read.end["end"].as_str(),
            read.end["because"].as_str(),
            read.end["error"]["kind"].as_str()
        ),
        (Some("nothing_saved"), Some("offline"), Some("network")),
        "{read:?}"
    );
    let heads = seen.lock().unwrap().clone();
    assert!(
        heads
            .iter()
            .any(|head| head.starts_with("CONNECT api.workdesk.test:443 ")),
        "{heads:?}"
    );
    assert!(heads.iter().all(|head| !head.contains(&KEY[8..])));
    app.cleanup_before_exit();
    let _ = std::fs::remove_dir_all(&data);
}

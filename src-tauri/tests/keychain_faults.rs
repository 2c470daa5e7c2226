//! A keychain that hangs (an unlock prompt nobody answers) or panics never
//! stalls the window: every command still answers, the keychain's state
//! says what happened, and start-up goes on. Tauri's IPC on the mock
//! runtime over a keychain backend made to misbehave.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

mod common;

use common::invoke;
use keyring_core::api::{CredentialApi, CredentialStoreApi};
use keyring_core::{Entry, Error, Result};
use serde_json::json;
use tauri::test::mock_builder;
use tauri::Manager;
use workdesk_lib::Options;

const SERVICE: &str = "dev.workdesk.test";

/// What the backend does on every read and write: 0 hang, 1 panic.
static MODE: AtomicU8 = AtomicU8::new(0);
const HANG: u8 = 0;
const PANIC: u8 = 1;

#[derive(Debug)]
struct Misbehaving;

fn misbehave() -> Result<Vec<u8>> {
    match MODE.load(Ordering::SeqCst) {
        HANG => {
            std::thread::sleep(Duration::from_secs(3600));
            Err(Error::NoEntry)
        }
        _ => panic!("the keychain backend crashed"),
    }
}

impl CredentialApi for Misbehaving {
    fn set_secret(&self, _: &[u8]) -> Result<()> {
        misbehave().map(|_| ())
    }
    fn get_secret(&self) -> Result<Vec<u8>> {
        misbehave()
    }
    fn delete_credential(&self) -> Result<()> {
        misbehave().map(|_| ())
    }
    fn get_credential(&self) -> Result<Option<Arc<keyring_core::Credential>>> {
        Ok(None)
    }
    fn get_specifiers(&self) -> Option<(String, String)> {
        None
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[derive(Debug)]
struct MisbehavingStore;

impl CredentialStoreApi for MisbehavingStore {
    fn vendor(&self) -> String {
        "workdesk tests".into()
    }
    fn id(&self) -> String {
        "misbehaving".into()
    }
    fn build(&self, _: &str, _: &str, _: Option<&HashMap<&str, &str>>) -> Result<Entry> {
        Ok(Entry::new_with_credential(Arc::new(Misbehaving)))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[test]
fn a_keychain_that_hangs_or_panics_never_stalls_a_command() {
    let data = common::fresh_data_folder("keychain-faults", SERVICE);
    std::fs::write(
        data.join(SERVICE).join("settings.json"),
        json!({
            "workspaces": [{"id": "office", "name": "Oficina", "base_url": "https://api.workdesk.test/"}],
            "current_workspace": "office"
        })
        .to_string(),
    )
    .unwrap();
    keyring_core::set_default_store(Arc::new(MisbehavingStore));

    let options = Options {
        keychain_timeout: Some(Duration::from_secs(1)),
        ..Options::default()
    };
    let app = common::start_app(mock_builder(), SERVICE, options);
    let webview = app.get_webview_window("main").unwrap();

    // An unlock prompt nobody answers: start-up goes on, saying why.
    MODE.store(HANG, Ordering::SeqCst);
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["keychain"]["available"], false, "{status}");
    assert!(
        status["keychain"]["reason"]
            .as_str()
            .unwrap()
            .contains("did not answer within 1 s"),
        "{status}"
    );
    assert_eq!(status["mode"], "setup", "no key could be read: asked for");
    let err = invoke(&webview, "remove_workspace", json!({"workspace": "office"})).unwrap_err();
    assert_eq!(err["code"], "keychain_timeout", "{err}");
    assert_eq!(err["params"]["seconds"], "1");

    // A backend that panics: an answer all the same.
    MODE.store(PANIC, Ordering::SeqCst);
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["keychain"]["available"], false, "{status}");
    let err = invoke(&webview, "remove_workspace", json!({"workspace": "office"})).unwrap_err();
    assert_eq!(err["kind"], "keychain_unavailable", "{err}");
    app.cleanup_before_exit();
    let _ = std::fs::remove_dir_all(&data);
}

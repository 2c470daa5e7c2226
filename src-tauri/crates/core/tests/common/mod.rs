//! What the tests of `workdesk-core` share: the app's state on the demo
//! workspace with settings in memory.

// Each test binary uses part of what is here.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use workdesk_core::settings::{KeyValueStore, Settings};
use workdesk_core::state::AppState;
use workdesk_keychain::Keychain;

/// `settings.json` in memory.
#[derive(Default)]
struct Memory(Mutex<HashMap<String, Value>>);

impl KeyValueStore for Memory {
    fn get(&self, key: &str) -> Option<Value> {
        self.0.lock().unwrap().get(key).cloned()
    }
    fn set(&self, key: &str, value: Value) {
        self.0.lock().unwrap().insert(key.to_owned(), value);
    }
    fn delete(&self, key: &str) {
        self.0.lock().unwrap().remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.0.lock().unwrap().keys().cloned().collect()
    }
    fn save(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Settings kept in memory (no `settings.json`).
pub fn settings_in_memory() -> Settings {
    Settings::over(Arc::new(Memory::default()))
}

/// The app's state with no workspace, its saved data in a folder of its own.
pub fn plain() -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::new(
        Keychain::session_only("dev.workdesk.core-read.test", "no keychain in this test"),
        settings_in_memory(),
        dir.path().to_owned(),
    );
    (state, dir)
}

/// The app's state on the demo workspace.
pub async fn demo() -> (AppState, tempfile::TempDir) {
    let (state, dir) = plain();
    state.start_demo().await.unwrap();
    (state, dir)
}

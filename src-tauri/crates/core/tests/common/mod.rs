//! What the tests of `workdesk-core` share: the app's state on the demo
//! workspace with settings in memory.

// Each test binary uses part of what is here.
#![allow(dead_code)]

pub mod leads;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use workdesk_core::settings::store::{KeyValueStore, Settings};
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
    plain_over(settings_in_memory())
}

/// [`plain`] over `settings`.
pub fn plain_over(settings: Settings) -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::new(
        Keychain::session_only("dev.workdesk.core-read.test", "no keychain in this test"),
        settings,
        dir.path().to_owned(),
    );
    (state, dir)
}

/// The app's state on the demo workspace.
pub async fn demo() -> (AppState, tempfile::TempDir) {
    let (state, dir) = plain();
    workdesk_core::workspace::commands::start_demo(&state)
        .await
        .unwrap();
    (state, dir)
}

/// The messages of a read command (`read` called with a channel that keeps
/// them), in the order the window shows them: those sent over the channel,
/// then the one the reply carries; and how the read ended.
#[allow(dead_code)] // Not every test binary reads.
pub async fn messages<M, F>(
    read: impl FnOnce(workdesk_core::channel::Channel<M>) -> F,
) -> Result<
    (
        Vec<M>,
        workdesk_sync::ReadEnd<workdesk_core::ui_error::UiError>,
    ),
    workdesk_core::ui_error::UiError,
>
where
    M: Send + 'static,
    F: std::future::Future<
        Output = Result<
            workdesk_core::reading::records::ReadDone<M>,
            workdesk_core::ui_error::UiError,
        >,
    >,
{
    let kept = Arc::new(Mutex::new(Vec::new()));
    let into = kept.clone();
    let done = read(workdesk_core::channel::Channel::new(move |message| {
        into.lock().unwrap().push(message);
        Ok(())
    }))
    .await?;
    let mut messages = std::mem::take(&mut *kept.lock().unwrap());
    messages.extend(done.last);
    Ok((messages, done.end))
}

/// The ready-made views' names the window sends with `open_list` in
/// `language` (`en`, `es`): read from its catalogues
/// (`ui/src/i18n/<language>/core.json`, `views.ready.<key>`), not copied.
#[allow(dead_code)] // Not every test binary opens a list.
pub fn ready_names(language: &str) -> workdesk_core::reading::views::ReadyNames {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../ui/src/i18n")
        .join(language)
        .join("core.json");
    let catalogue: serde_json::Map<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    catalogue
        .iter()
        .filter_map(|(key, name)| {
            let ready = key.strip_prefix("views.ready.")?;
            Some((
                serde_json::from_value(Value::from(ready)).unwrap(),
                name.as_str().unwrap().to_owned(),
            ))
        })
        .collect()
}

/// Arms the sandbox's fault `mode` for its next `times` requests (`POST
/// /_sandbox/faults`, plain HTTP/1.1 on loopback).
pub fn arm(base_url: &str, mode: &str, times: u32) {
    let url = url::Url::parse(base_url).unwrap();
    let address = format!("{}:{}", url.host_str().unwrap(), url.port().unwrap());
    let body = format!(r#"{{"mode":"{mode}","times":{times}}}"#);
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "POST /_sandbox/faults HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 2"), "{answer}");
}

/// Waits (at most a minute, as a guard) for outbox counts sent on `rx`
/// that satisfy `done`, and returns them.
pub async fn until(
    rx: &mut tokio::sync::mpsc::UnboundedReceiver<workdesk_core::writing::sender::OutboxSummary>,
    done: impl Fn(&workdesk_core::writing::sender::OutboxSummary) -> bool,
) -> workdesk_core::writing::sender::OutboxSummary {
    tokio::time::timeout(std::time::Duration::from_secs(60), async {
        loop {
            let summary = rx.recv().await.expect("the sender stopped");
            if done(&summary) {
                return summary;
            }
        }
    })
    .await
    .expect("the outbox never got there")
}

/// The demo started on a fresh state, every change of its outbox's counts
/// sent to the receiver.
pub async fn demo_watched() -> (
    AppState,
    tokio::sync::mpsc::UnboundedReceiver<workdesk_core::writing::sender::OutboxSummary>,
    tempfile::TempDir,
) {
    let (state, dir) = plain();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    state.session.set_outbox_watch(Arc::new(move |_, summary| {
        let _ = tx.send(summary);
    }));
    workdesk_core::workspace::commands::start_demo(&state)
        .await
        .unwrap();
    (state, rx, dir)
}

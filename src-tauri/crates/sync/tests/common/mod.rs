//! What the sync crate's tests share: a client of a sandbox workspace, and
//! a replica of it over a new sealed cache file.

// Each test binary uses part of what is here.
#![allow(dead_code)]

use std::sync::Arc;

use workdesk_api::{ApiKey, BaseUrl, Client, ClientConfig};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_sandbox::Running;
use workdesk_sync::{OfflineSwitch, Replica};

/// The client of `sandbox` with API key `key`, configured by `config`.
pub fn client_of(sandbox: &Running, key: &str, config: ClientConfig) -> Client {
    Client::with_config(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(key).unwrap(),
        config,
    )
    .unwrap()
}

/// A replica of `client` over a new sealed cache file (workspace `ws`, a
/// new data key) in a temporary folder, which lives as long as the
/// returned `TempDir`; and the replica's "Work offline" switch.
pub fn replica_of(client: Client) -> (Replica, OfflineSwitch, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let (cache, _) =
        Cache::open(&file_of(dir.path(), "ws"), "ws", &DataKey::generate(), true).unwrap();
    let offline = OfflineSwitch::default();
    (
        Replica::new(client, Arc::new(cache), offline.clone()),
        offline,
        dir,
    )
}

/// The next `times` API requests to `sandbox` get fault `mode` (`502`,
/// `html`, `429=60`…); the sandbox must run with faults on.
pub async fn arm(sandbox: &Running, mode: &str, times: u32) {
    let answer = http()
        .post(format!("{}/_sandbox/faults", sandbox.base_url()))
        .json(&serde_json::json!({"mode": mode, "times": times}))
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "{mode}: {}", answer.status());
}

/// A plain HTTP client, for the sandbox's own endpoints (its journal, its
/// faults): the process's TLS crypto set first, as reqwest needs.
fn http() -> reqwest::Client {
    workdesk_api::crypto_provider();
    reqwest::Client::new()
}

/// The sandbox's journal (`GET /_sandbox/requests`), as JSON.
pub async fn journal(sandbox: &Running) -> serde_json::Value {
    http()
        .get(format!("{}/_sandbox/requests", sandbox.base_url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

//! Sandboxes, clients and the request journal for the tests.

use std::time::Duration;

use serde_json::{json, Value};
use workdesk_api::{
    ApiKey, BaseUrl, Client, ClientConfig, FilterSpec, JsonRecord, ListView, Operator, RetryPolicy,
    Take,
};
use workdesk_sandbox::{Config, Running};

/// The condition `field__operator=values`, combined with those before it
/// by AND (set `or` / `not` on it for the others).
pub fn filter(field: &str, operator: Operator, values: &[&str]) -> FilterSpec {
    FilterSpec {
        or: false,
        not: false,
        field: field.to_owned(),
        operator,
        values: values.iter().map(|value| (*value).to_owned()).collect(),
    }
}

/// The first page of the endpoint's defaults with `filters`.
pub fn view_where(filters: Vec<FilterSpec>) -> ListView {
    ListView {
        filters,
        ..ListView::default()
    }
}

/// Page `page` with `take` rows, no filter.
pub fn page_of(page: u32, take: Take) -> ListView {
    ListView {
        page,
        take,
        ..ListView::default()
    }
}

/// `record[field]`, a decimal sent as its exact string.
pub fn decimal(record: &JsonRecord, field: &str) -> rust_decimal::Decimal {
    let text = record[field]
        .as_str()
        .unwrap_or_else(|| panic!("{field} is a decimal string: {record:?}"));
    text.parse()
        .unwrap_or_else(|e| panic!("{field} = {text:?}: {e}"))
}

/// Retries as the default policy counts them, with millisecond delays so
/// tests of retry counts run fast.
pub fn quick_retries() -> RetryPolicy {
    RetryPolicy {
        min_delay: Duration::from_millis(1),
        max_delay: Duration::from_millis(5),
        jitter: false,
        ..RetryPolicy::default()
    }
}

pub fn quick_config() -> ClientConfig {
    ClientConfig {
        retry: quick_retries(),
        ..ClientConfig::default()
    }
}

/// A client of `base_url` with `key` and `config`.
pub fn client_for(base_url: &str, key: &str, config: ClientConfig) -> Client {
    Client::with_config(
        BaseUrl::parse(base_url).unwrap(),
        ApiKey::parse(key).unwrap(),
        config,
    )
    .unwrap()
}

/// A sandbox of its own with faults and the journal on.
pub struct Sandbox {
    pub running: Running,
    http: reqwest::Client,
}

impl Sandbox {
    pub async fn start() -> Sandbox {
        Sandbox::with(Config::default()).await
    }

    pub async fn with(config: Config) -> Sandbox {
        let running = workdesk_sandbox::start(Config {
            faults: true,
            journal: true,
            ..config
        })
        .await
        .expect("sandbox starts");
        workdesk_api::crypto_provider();
        let http = reqwest::Client::builder().no_proxy().build().unwrap();
        Sandbox { running, http }
    }

    /// Workspace A's client with quick retries.
    pub fn client(&self) -> Client {
        self.client_with(quick_config())
    }

    pub fn client_with(&self, config: ClientConfig) -> Client {
        client_for(
            self.running.base_url(),
            &self.running.keys().workspace_a,
            config,
        )
    }

    pub fn client_with_key(&self, key: &str) -> Client {
        client_for(self.running.base_url(), key, quick_config())
    }

    /// Arms `mode` for the next `times` API requests.
    pub async fn arm(&self, mode: &str, times: u32) {
        let url = format!("{}/_sandbox/faults", self.running.base_url());
        let status = self
            .http
            .post(url)
            .json(&json!({"mode": mode, "times": times}))
            .send()
            .await
            .unwrap()
            .status();
        assert!(status.is_success(), "arming {mode}: {status}");
    }

    /// The journalled API requests, oldest first.
    pub async fn journal(&self) -> Vec<Value> {
        let url = format!("{}/_sandbox/requests", self.running.base_url());
        let body: Value = self
            .http
            .get(url)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        body["data"]["results"].as_array().unwrap().clone()
    }

    /// The statuses of the journalled requests (null for a dropped connection).
    pub async fn statuses(&self) -> Vec<Value> {
        self.journal()
            .await
            .iter()
            .map(|e| e["status"].clone())
            .collect()
    }

    /// The answer to `GET {path_and_query}` with workspace A's key, as the
    /// service sent it (the client reads none of it).
    pub async fn raw(&self, path_and_query: &str) -> Value {
        let url = format!("{}{path_and_query}", self.running.base_url());
        self.http
            .get(url)
            .bearer_auth(&self.running.keys().workspace_a)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Forgets the journal.
    pub async fn clear_journal(&self) {
        let url = format!("{}/_sandbox/requests", self.running.base_url());
        self.http.delete(url).send().await.unwrap();
    }
}

//! Starting sandboxes and calling them.

use reqwest::header::HeaderMap;
use reqwest::StatusCode;
use serde_json::Value;
use workdesk_sandbox::{Config, Running};

/// Path of the supplier invoice list.
pub const INVOICES: &str = "/account_payable/invoice/";

/// One answer: status, headers and the JSON body.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Answer {
    /// `data` of the envelope.
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    /// `data.results` of a list answer.
    pub fn results(&self) -> &Vec<Value> {
        self.data()["results"]
            .as_array()
            .expect("results is an array")
    }

    /// `id` of every result.
    pub fn ids(&self) -> Vec<String> {
        self.results()
            .iter()
            .map(|r| r["id"].as_str().expect("id is a string").to_owned())
            .collect()
    }

    /// A header as an integer.
    pub fn header_int(&self, name: &str) -> u64 {
        self.headers[name].to_str().unwrap().parse().unwrap()
    }

    /// Asserts the error envelope with this status.
    pub fn assert_error(&self, status: StatusCode) {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.body["error"], true, "{}", self.body);
        assert!(self.body["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(self.data().is_object());
    }
}

/// A sandbox with the default configuration.
/// An HTTP client for loopback that ignores proxies set in the environment
/// (a proxy could not reach this computer's 127.0.0.1).
pub fn http() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

pub async fn start() -> Running {
    start_with(Config::default()).await
}

/// A sandbox with `config`.
pub async fn start_with(config: Config) -> Running {
    workdesk_sandbox::start(config)
        .await
        .expect("sandbox starts")
}

/// `GET {base_url}{path_and_query}` with an optional bearer key.
pub async fn get(sandbox: &Running, key: Option<&str>, path_and_query: &str) -> Answer {
    get_url(&format!("{}{path_and_query}", sandbox.base_url()), key).await
}

/// `GET` of an absolute URL (e.g. a `next` link) with an optional bearer key.
pub async fn get_url(url: &str, key: Option<&str>) -> Answer {
    let mut request = http().get(url);
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().await.expect("request is answered");
    let status = response.status();
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/json");
    let body = response.json().await.expect("body is JSON");
    Answer {
        status,
        headers,
        body,
    }
}

/// `GET` of the invoice list with the `workspace_a` key and `query` (without `?`).
pub async fn invoices(sandbox: &Running, query: &str) -> Answer {
    let key = sandbox.keys().workspace_a.clone();
    get(sandbox, Some(&key), &format!("{INVOICES}?{query}")).await
}

/// Every invoice id of the key's workspace, following `next` with `take=all`.
pub async fn all_ids(sandbox: &Running, key: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut url = Some(format!("{}{INVOICES}?take=all", sandbox.base_url()));
    while let Some(next) = url {
        let answer = get_url(&next, Some(key)).await;
        assert_eq!(answer.status, StatusCode::OK);
        ids.extend(answer.ids());
        url = answer.data()["next"].as_str().map(str::to_owned);
    }
    ids
}

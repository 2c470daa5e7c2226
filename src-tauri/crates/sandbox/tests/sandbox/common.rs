//! Starting sandboxes and calling them.

use std::sync::OnceLock;
use std::time::Duration;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use workdesk_sandbox::{Config, Ids, Keys, RateLimit, Running, Serving};

/// Path of the supplier invoice list.
pub const INVOICES: &str = "/account_payable/invoice/";
/// Paths of the other lists.
pub const CUSTOMER_INVOICES: &str = "/account_receivable/invoice/";
pub const SALES_QUOTES: &str = "/order/sales_quote/";
pub const PRODUCTS: &str = "/inventory/product/";
pub const TASKS: &str = "/task/task/";
pub const LEADS: &str = "/crm/lead/";
pub const STAKEHOLDERS: &str = "/stakeholder/stakeholder/";
pub const CUSTOMERS: &str = "/stakeholder/customer/";
/// Every list path.
pub const LISTS: [&str; 8] = [
    INVOICES,
    CUSTOMER_INVOICES,
    SALES_QUOTES,
    PRODUCTS,
    TASKS,
    LEADS,
    STAKEHOLDERS,
    CUSTOMERS,
];

/// A sandbox to call: one started by the test, or the shared one.
pub trait Server {
    fn base_url(&self) -> &str;
    fn keys(&self) -> &Keys;
    fn ids(&self) -> &Ids;
}

impl Server for Running {
    fn base_url(&self) -> &str {
        Serving::base_url(self)
    }
    fn keys(&self) -> &Keys {
        Serving::keys(self)
    }
    fn ids(&self) -> &Ids {
        Running::ids(self)
    }
}

/// The sandbox shared by read-only tests (default seed and sizes, a rate
/// limit no test reaches). It runs on its own thread and runtime for the
/// whole test binary.
pub struct Shared {
    base_url: String,
    keys: Keys,
    ids: Ids,
}

impl Server for Shared {
    fn base_url(&self) -> &str {
        &self.base_url
    }
    fn keys(&self) -> &Keys {
        &self.keys
    }
    fn ids(&self) -> &Ids {
        &self.ids
    }
}

/// The shared read-only sandbox. Tests that change records or count
/// requests start their own.
pub fn shared() -> &'static Shared {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    SHARED.get_or_init(|| {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().expect("runtime");
            runtime.block_on(async move {
                let running = workdesk_sandbox::start(Config {
                    rate_limit: RateLimit {
                        requests: u32::MAX,
                        window: Duration::from_secs(3600),
                    },
                    ..Config::default()
                })
                .await
                .expect("shared sandbox starts");
                sender
                    .send(Shared {
                        base_url: running.base_url().to_owned(),
                        keys: running.keys().clone(),
                        ids: *running.ids(),
                    })
                    .expect("test thread waits");
                std::future::pending::<()>().await;
            });
        });
        receiver.recv().expect("shared sandbox started")
    })
}

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
        self.results().iter().map(id).collect()
    }

    /// `data.count` of a list answer.
    pub fn count(&self) -> u64 {
        self.data()["count"].as_u64().expect("count")
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

    /// Asserts a success envelope with this status.
    pub fn assert_ok(&self, status: StatusCode) {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.body["error"], false, "{}", self.body);
        assert!(self.body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }

    /// The names of `data` (an object), sorted.
    pub fn data_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self
            .data()
            .as_object()
            .expect("data is an object")
            .keys()
            .cloned()
            .collect();
        keys.sort_unstable();
        keys
    }
}

/// `id` of a record.
pub fn id(record: &Value) -> String {
    record["id"].as_str().expect("id is a string").to_owned()
}

/// An HTTP client for loopback that ignores proxies set in the environment
/// (a proxy could not reach this computer's 127.0.0.1).
/// ring is set as the process's TLS crypto first, as reqwest (built with
/// `rustls-no-provider`) needs.
pub fn http() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder().no_proxy().build().unwrap()
}

/// A sandbox with the default configuration.
pub async fn start() -> Running {
    start_with(Config::default()).await
}

/// A sandbox with `config`.
pub async fn start_with(config: Config) -> Running {
    workdesk_sandbox::start(config)
        .await
        .expect("sandbox starts")
}

/// A request body.
pub enum Body<'a> {
    None,
    Json(Value),
    Form(&'a [(&'a str, &'a str)]),
    Multipart(&'a [(&'a str, &'a str)]),
    Raw(&'a str, &'a str),
}

/// Sends `method {base_url}{path}` with an optional key and a body, and
/// reads the JSON answer (asserting `application/json`).
pub async fn send(
    server: &impl Server,
    method: Method,
    path: &str,
    key: Option<&str>,
    body: Body<'_>,
) -> Answer {
    let mut request = http().request(method, format!("{}{path}", server.base_url()));
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    request = match body {
        Body::None => request,
        Body::Json(value) => request.json(&value),
        Body::Form(pairs) => request.form(pairs),
        Body::Multipart(pairs) => {
            let mut form = reqwest::multipart::Form::new();
            for (name, value) in pairs {
                form = form.text(name.to_string(), value.to_string());
            }
            request.multipart(form)
        }
        Body::Raw(content_type, text) => request
            .header("content-type", content_type)
            .body(text.to_owned()),
    };
    answer(request.send().await.expect("request is answered")).await
}

/// `method path` with `workspace_a`'s key.
pub async fn call(server: &impl Server, method: Method, path: &str, body: Body<'_>) -> Answer {
    let key = server.keys().workspace_a.clone();
    send(server, method, path, Some(&key), body).await
}

/// `GET {base_url}{path_and_query}` with an optional bearer key.
pub async fn get(server: &impl Server, key: Option<&str>, path_and_query: &str) -> Answer {
    get_url(&format!("{}{path_and_query}", server.base_url()), key).await
}

/// `GET` of an absolute URL (e.g. a `next` link) with an optional bearer key.
pub async fn get_url(url: &str, key: Option<&str>) -> Answer {
    let mut request = http().get(url);
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    answer(request.send().await.expect("request is answered")).await
}

async fn answer(response: reqwest::Response) -> Answer {
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

/// `GET path?query` with the `workspace_a` key.
pub async fn list(server: &impl Server, path: &str, query: &str) -> Answer {
    let key = server.keys().workspace_a.clone();
    get(server, Some(&key), &format!("{path}?{query}")).await
}

/// `GET` of the invoice list with the `workspace_a` key and `query` (without `?`).
pub async fn invoices(server: &impl Server, query: &str) -> Answer {
    list(server, INVOICES, query).await
}

/// Every record of `path?query` (with `take=all`), following `next`.
pub async fn all_with(server: &impl Server, key: &str, path: &str, query: &str) -> Vec<Value> {
    let mut records = Vec::new();
    let separator = if query.is_empty() { "" } else { "&" };
    let mut url = Some(format!(
        "{}{path}?{query}{separator}take=all",
        server.base_url()
    ));
    while let Some(next) = url {
        let answer = get_url(&next, Some(key)).await;
        assert_eq!(answer.status, StatusCode::OK, "{next}: {}", answer.body);
        records.extend(answer.results().iter().cloned());
        url = answer.data()["next"].as_str().map(str::to_owned);
    }
    records
}

/// Every record of `path?query` seen with the `workspace_a` key.
pub async fn all(server: &impl Server, path: &str, query: &str) -> Vec<Value> {
    let key = server.keys().workspace_a.clone();
    all_with(server, &key, path, query).await
}

/// Every invoice id of the key's workspace, following `next` with `take=all`.
pub async fn all_ids(server: &impl Server, key: &str) -> Vec<String> {
    all_with(server, key, INVOICES, "")
        .await
        .iter()
        .map(id)
        .collect()
}

/// Every record of the list at `path` in `workspace_a` of the shared
/// sandbox, in default order (fetched once per test binary).
pub async fn everything(path: &str) -> &'static [Value] {
    static CACHE: [tokio::sync::OnceCell<Vec<Value>>; 8] =
        [const { tokio::sync::OnceCell::const_new() }; 8];
    let index = LISTS
        .iter()
        .position(|list| *list == path)
        .expect("a list path");
    CACHE[index].get_or_init(|| all(shared(), path, "")).await
}

//! The HTTP client: one [`Client`] per workspace (base URL + key), and the
//! one place requests are sent, retried and read.

use std::sync::Arc;
use std::time::Instant;

use backon::Retryable;
use reqwest::header::{self, HeaderMap, HeaderValue};
use reqwest::Method;
use secrecy::zeroize::Zeroize;
use tokio::sync::watch;
use url::Url;

use crate::base_url::BaseUrl;
use crate::body::Payload;
use crate::config::{BodyEncoding, ClientConfig};
use crate::connection::Connection;
use crate::error::{Error, Result};
use crate::rate_limit::RateLimit;
use crate::response::Received;
use crate::retry;
use crate::tls::crypto_provider;
use workdesk_key::ApiKey;
use workdesk_key::KeyProblem;

/// A client for one workspace of the service.
///
/// Every request carries `Authorization: Bearer <key>` (marked sensitive so
/// it is never printed) and goes only to the [`BaseUrl`]: redirects are not
/// followed and a page's `next` link is never followed (pages are asked
/// for by number), so the key cannot be sent to another host. Environment proxies are bypassed for a
/// loopback base URL. Cheap to clone; clones share connections and the
/// rate-limit state.
#[derive(Clone, Debug)]
pub struct Client {
    shared: Arc<Shared>,
    /// Encoding of write bodies for this handle.
    encoding: BodyEncoding,
}

#[derive(Debug)]
struct Shared {
    http: reqwest::Client,
    base_url: BaseUrl,
    key: ApiKey,
    config: ClientConfig,
    rate_limit: watch::Sender<RateLimit>,
    connection: watch::Sender<Connection>,
    /// The service's last 401 to the key, kept whatever came after.
    refusal: watch::Sender<Option<Refusal>>,
    /// The service's clock minus this computer's, in ms, as the latest
    /// answer's `Date` header told it ([`NO_OFFSET`] before any).
    clock_offset_ms: std::sync::atomic::AtomicI64,
}

/// [`Shared::clock_offset_ms`] before any answer carried a `Date`.
const NO_OFFSET: i64 = i64::MIN;

/// The service refusing the key (a 401): why, and its words (scrubbed of
/// the key), as [`Error::Unauthorized`] carries them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Why, as far as the service's message says.
    pub reason: crate::error::UnauthorizedReason,
    /// The service's `message`, or a generic one without an envelope.
    pub message: String,
}

impl Refusal {
    /// The refusal as the error a request got.
    #[must_use]
    pub fn to_error(&self) -> Error {
        Error::Unauthorized {
            reason: self.reason,
            message: self.message.clone(),
        }
    }
}

impl Client {
    /// A client for `base_url` authenticated with `key`, with
    /// [`ClientConfig::default`] (connect timeout 10 s, total 30 s, JSON
    /// bodies, 3 retries of reads).
    ///
    /// # Errors
    /// [`Error::InvalidKey`] if the key cannot be a header value;
    /// [`Error::Network`] if the HTTP stack cannot start (TLS roots).
    pub fn new(base_url: BaseUrl, key: ApiKey) -> Result<Self> {
        Self::with_config(base_url, key, ClientConfig::default())
    }

    /// A client with the given timeouts, retry policy and body encoding.
    ///
    /// # Errors
    /// As [`Client::new`].
    pub fn with_config(base_url: BaseUrl, key: ApiKey, config: ClientConfig) -> Result<Self> {
        let mut bearer = format!("Bearer {}", key.expose_secret());
        let auth = HeaderValue::try_from(bearer.as_str());
        bearer.zeroize();
        let mut auth = auth.map_err(|_| Error::InvalidKey(KeyProblem::Characters))?;
        auth.set_sensitive(true);
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, auth);
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        // TLS: rustls with the operating system's own verifier
        // (rustls-platform-verifier: a company's root installed on the
        // computer works), ring as the crypto (Cargo.toml says why).
        crypto_provider();
        let mut http = reqwest::Client::builder();
        if base_url.as_url().scheme() == "http" {
            // Plain HTTP (loopback only, and redirects are never followed):
            // no TLS, so the system's certificates are not read (several
            // milliseconds on each client built, the demo's included).
            http = http.tls_certs_only([]);
        }
        if base_url.is_loopback() {
            // A proxy from HTTP_PROXY/ALL_PROXY would receive the key in
            // clear text and cannot reach this computer's loopback anyway.
            http = http.no_proxy();
        } else if let Some(proxy) = &config.proxy {
            // Before the environment's proxies (it takes every request).
            let proxy =
                reqwest::Proxy::all(proxy.as_url().clone()).map_err(|source| Error::Network {
                    may_have_applied: false,
                    source,
                })?;
            http = http.proxy(proxy);
        }
        let http = http
            .default_headers(headers)
            .user_agent(concat!("Workdesk/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(config.connect_timeout)
            .timeout(config.timeout)
            .build()
            .map_err(|source| Error::Network {
                may_have_applied: false,
                source,
            })?;
        let encoding = config.body_encoding;
        Ok(Self {
            shared: Arc::new(Shared {
                http,
                base_url,
                key,
                rate_limit: watch::Sender::new(RateLimit::default()),
                connection: watch::Sender::new(Connection::default()),
                refusal: watch::Sender::new(None),
                clock_offset_ms: std::sync::atomic::AtomicI64::new(NO_OFFSET),
                config,
            }),
            encoding,
        })
    }

    /// How far the service's clock is ahead of this computer's (negative:
    /// behind), as the `Date` header of its latest answer tells it (HTTP's
    /// `Date`, RFC 9110 §6.6.1: one-second resolution, so within about a
    /// second plus the answer's travel time); `None` before any answer
    /// carried one. What a time measured on this computer is on the
    /// service's clock: `local + offset`.
    #[must_use]
    pub fn clock_offset(&self) -> Option<chrono::TimeDelta> {
        match self
            .shared
            .clock_offset_ms
            .load(std::sync::atomic::Ordering::Relaxed)
        {
            NO_OFFSET => None,
            ms => Some(chrono::TimeDelta::milliseconds(ms)),
        }
    }

    /// The base URL this client talks to.
    pub fn base_url(&self) -> &BaseUrl {
        &self.shared.base_url
    }

    /// The settings this client was built with.
    pub fn config(&self) -> &ClientConfig {
        &self.shared.config
    }

    /// A handle on the same client (same connections, key and rate-limit
    /// state) that encodes write bodies as `encoding`.
    #[must_use]
    pub fn with_body_encoding(&self, encoding: BodyEncoding) -> Client {
        Client {
            shared: Arc::clone(&self.shared),
            encoding,
        }
    }

    /// The rate-limit state from the latest response that carried
    /// `X-RateLimit-*` headers (`docs/service.md`, "Rate limits"); all
    /// `None` before the first such response.
    pub fn rate_limit(&self) -> RateLimit {
        *self.shared.rate_limit.borrow()
    }

    /// A receiver that sees every change of [`Client::rate_limit`], e.g. to
    /// keep a display up to date.
    pub fn subscribe_rate_limit(&self) -> watch::Receiver<RateLimit> {
        self.shared.rate_limit.subscribe()
    }

    /// What the last exchange with the service said about reaching it
    /// ([`Connection::Unknown`] before the first).
    pub fn connection(&self) -> Connection {
        *self.shared.connection.borrow()
    }

    /// Whether the service ever refused this client's key (401), whatever
    /// was exchanged since: unlike [`Client::connection`], a later answer
    /// (a network failure, another request's success) does not clear it.
    pub fn key_refused(&self) -> bool {
        self.shared.refusal.borrow().is_some()
    }

    /// The service's last refusal of the key (401), with its words, kept
    /// as [`Client::key_refused`] is; set before the connection changes to
    /// [`Connection::KeyRefused`], so a subscriber of
    /// [`Client::subscribe_connection`] finds it then.
    pub fn refusal(&self) -> Option<Refusal> {
        self.shared.refusal.borrow().clone()
    }

    /// A receiver of [`Client::refusal`]: for a watcher that must not hold
    /// the client (it ends when the client is dropped).
    pub fn subscribe_refusal(&self) -> watch::Receiver<Option<Refusal>> {
        self.shared.refusal.subscribe()
    }

    /// A receiver that sees every change of [`Client::connection`]: every
    /// request's outcome, retries and pages of a walk included, whoever made
    /// it (a list on screen, a download, an export).
    pub fn subscribe_connection(&self) -> watch::Receiver<Connection> {
        self.shared.connection.subscribe()
    }

    /// The URL of an endpoint path relative to the base URL.
    pub(crate) fn url(&self, path: &str) -> Url {
        self.shared.base_url.join(path)
    }

    /// Sends `method url` with `payload`, retrying as the policy allows,
    /// and reads the answer with `read`.
    pub(crate) async fn send<T>(
        &self,
        method: Method,
        url: &Url,
        payload: Option<&Payload>,
        read: impl Fn(&Received) -> Result<T>,
    ) -> Result<T> {
        let policy = &self.shared.config.retry;
        let is_read = method == Method::GET;
        let started = Instant::now();
        let read = &read;
        let attempt = || self.attempt(method.clone(), url, payload, read);
        let outcome = attempt
            .retry(retry::backoff(policy))
            .sleep(tokio::time::sleep)
            .when(|error| retry::worth_retrying(error, is_read))
            .adjust(|error, backoff| retry::delay(error, backoff, started, policy))
            .await;
        if let Some(now) = Connection::after(&outcome) {
            if let Err(Error::Unauthorized { reason, message }) = &outcome {
                self.shared.refusal.send_replace(Some(Refusal {
                    reason: *reason,
                    message: message.clone(),
                }));
            }
            self.shared.connection.send_if_modified(|current| {
                let changed = *current != now;
                *current = now;
                changed
            });
        }
        outcome
    }

    /// The whole body of `response`, read as it streams in, or
    /// [`Error::TooLarge`] as soon as it is known to pass
    /// [`ClientConfig::max_body_bytes`] (from `Content-Length`, or while
    /// reading): a huge answer is never held in memory.
    async fn read_body(
        &self,
        mut response: reqwest::Response,
        status: u16,
        write: bool,
    ) -> Result<bytes::Bytes> {
        let limit = self.shared.config.max_body_bytes;
        let too_large = |size: Option<u64>| Error::TooLarge {
            status,
            limit_bytes: limit,
            size_bytes: size,
        };
        if let Some(size) = response.content_length().filter(|size| *size > limit) {
            return Err(too_large(Some(size)));
        }
        let mut body = bytes::BytesMut::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| transport_error(e, write))?
        {
            if body.len() as u64 + chunk.len() as u64 > limit {
                return Err(too_large(None));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body.freeze())
    }

    /// One attempt: send, read the whole body, note the rate limit, decode.
    async fn attempt<T>(
        &self,
        method: Method,
        url: &Url,
        payload: Option<&Payload>,
        read: &impl Fn(&Received) -> Result<T>,
    ) -> Result<T> {
        let write = method != Method::GET;
        let mut request = self.shared.http.request(method, url.clone());
        if let Some(payload) = payload {
            request = payload.attach(request);
        }
        let response = request
            .send()
            .await
            .map_err(|e| transport_error(e, write))?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        self.note_clock(&headers);
        let body = self.read_body(response, status, write).await?;
        let received = Received::head(status, &headers, body);
        if let Some(state) = received.rate_limit {
            self.shared.rate_limit.send_if_modified(|current| {
                let merged = current.updated_by(state);
                let changed = *current != merged;
                *current = merged;
                changed
            });
        }
        read(&received).map_err(|e| self.scrub(e))
    }

    /// Notes the service's clock from an answer's `Date` header (an
    /// IMF-fixdate, which RFC 2822's grammar reads), when it has one.
    fn note_clock(&self, headers: &HeaderMap) {
        let Some(date) = headers
            .get(header::DATE)
            .and_then(|value| value.to_str().ok())
            .and_then(|text| chrono::DateTime::parse_from_rfc2822(text).ok())
        else {
            return;
        };
        let offset = date.with_timezone(&chrono::Utc) - chrono::Utc::now();
        self.shared.clock_offset_ms.store(
            offset.num_milliseconds().max(NO_OFFSET + 1),
            std::sync::atomic::Ordering::Relaxed,
        );
    }

    /// `error` with every occurrence of the key in what the service sent
    /// replaced by its hint (`service_…3f9a`).
    pub(crate) fn scrub(&self, error: Error) -> Error {
        let key = &self.shared.key;
        error.scrub(key.expose_secret(), &key.hint())
    }

    /// The payload of `body` in this handle's encoding.
    pub(crate) fn payload(&self, body: &impl serde::Serialize) -> Result<Payload> {
        Payload::encode(body, self.encoding)
    }
}

/// A reqwest error as [`Error::Certificate`] (the server's certificate was
/// refused), [`Error::Timeout`] or [`Error::Network`]. A write may have been
/// applied unless the connection was never made.
fn transport_error(error: reqwest::Error, write: bool) -> Error {
    let may_have_applied = write && !error.is_connect();
    if let Some(problem) = crate::proxy::certificate_problem(&error) {
        let host = error
            .url()
            .and_then(|url| url.host_str())
            .unwrap_or_default()
            .to_owned();
        return Error::Certificate { host, problem };
    }
    if error.is_timeout() {
        Error::Timeout { may_have_applied }
    } else {
        Error::Network {
            may_have_applied,
            source: error,
        }
    }
}

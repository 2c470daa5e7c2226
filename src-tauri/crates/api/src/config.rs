//! How a [`Client`](crate::Client) behaves: timeouts, retries, body encoding,
//! proxy.

use std::time::Duration;

/// Client settings. `ClientConfig::default()` gives the values below; change
/// fields with struct update syntax:
///
/// ```
/// # use std::time::Duration;
/// use workdesk_api::ClientConfig;
/// let config = ClientConfig {
///     timeout: Duration::from_secs(60),
///     ..ClientConfig::default()
/// };
/// # let _ = config;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientConfig {
    /// Longest wait for a TCP/TLS connection (default 10 s).
    pub connect_timeout: Duration,
    /// Longest time one attempt of a request may take, body included
    /// (default 30 s).
    pub timeout: Duration,
    /// How request bodies of writes are encoded (default JSON).
    pub body_encoding: BodyEncoding,
    /// Retries of reads.
    pub retry: RetryPolicy,
    /// The workspace's own proxy (default none: then `HTTPS_PROXY`,
    /// `HTTP_PROXY`, `ALL_PROXY` and `NO_PROXY` from the environment
    /// apply). Never used for a loopback base URL.
    pub proxy: Option<crate::proxy::ProxyUrl>,
    /// The largest answer body read, in bytes (default 16 MiB; a 200-row
    /// page is about 280 KB). A longer one is not read further:
    /// [`Error::TooLarge`](crate::Error::TooLarge).
    pub max_body_bytes: u64,
}

/// [`ClientConfig::max_body_bytes`] unless set: 16 MiB.
pub const MAX_BODY_BYTES: u64 = 16 * 1024 * 1024;

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(30),
            body_encoding: BodyEncoding::Json,
            retry: RetryPolicy::default(),
            proxy: None,
            max_body_bytes: MAX_BODY_BYTES,
        }
    }
}

/// Automatic retries (issue 4, "Behaviour under trouble").
///
/// Reads (`GET`) are retried after a connection failure (refused, reset,
/// closed without an answer, a body cut off by the network), a 502, 503 or
/// 504, and a 429 whose wait is at most [`max_rate_limit_wait`]. Delays grow
/// exponentially from [`min_delay`] (×2 each time, at most [`max_delay`]),
/// with random jitter, for at most [`max_retries`] retries and while the
/// time since the first attempt stays under [`max_elapsed`]. A 429 waits
/// until its `Retry-After` or `X-RateLimit-Reset` instant instead when that
/// is later than the backoff delay.
///
/// Writes (`POST`, `PATCH`, `DELETE`) are retried only when the connection
/// could not be made at all (the request was never sent); never after it
/// may have reached the service.
///
/// [`max_rate_limit_wait`]: RetryPolicy::max_rate_limit_wait
/// [`min_delay`]: RetryPolicy::min_delay
/// [`max_delay`]: RetryPolicy::max_delay
/// [`max_retries`]: RetryPolicy::max_retries
/// [`max_elapsed`]: RetryPolicy::max_elapsed
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (default 3; 0 turns retries off).
    pub max_retries: usize,
    /// First backoff delay (default 200 ms).
    pub min_delay: Duration,
    /// Longest backoff delay (default 5 s).
    pub max_delay: Duration,
    /// No retry starts later than this after the first attempt (default 30 s).
    pub max_elapsed: Duration,
    /// A 429 whose reset is at most this far away is waited out and
    /// retried; a later one is returned at once as
    /// [`Error::RateLimited`](crate::Error::RateLimited) (default 5 s).
    pub max_rate_limit_wait: Duration,
    /// Random jitter on backoff delays (default on).
    pub jitter: bool,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            min_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(5),
            max_elapsed: Duration::from_secs(30),
            max_rate_limit_wait: Duration::from_secs(5),
            jitter: true,
        }
    }
}

impl RetryPolicy {
    /// No retries at all.
    #[must_use]
    pub fn none() -> Self {
        RetryPolicy {
            max_retries: 0,
            ..RetryPolicy::default()
        }
    }
}

/// Content type of request bodies (`docs/service.md`, "Request bodies":
/// create and update bodies are accepted as JSON, form-urlencoded or
/// multipart).
///
/// In form and multipart bodies every value is text: strings as they are,
/// numbers and booleans as their JSON text, `null` as an empty value (which
/// the service reads as null), and `custom_fields` (and any object or list)
/// as JSON text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum BodyEncoding {
    /// `application/json` (the default).
    #[default]
    Json,
    /// `application/x-www-form-urlencoded`.
    Form,
    /// `multipart/form-data`, one text part per field.
    Multipart,
}

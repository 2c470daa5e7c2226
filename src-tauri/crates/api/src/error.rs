//! The crate's one error type.

use std::time::Duration;

/// Everything that can go wrong talking to the service.
///
/// Status mapping follows `service-api.md` §Errors and the conventions table:
/// 401 → [`Error::Unauthorized`], 403 → [`Error::Forbidden`], 404 →
/// [`Error::NotFound`], 400/422 → [`Error::Validation`], 429 →
/// [`Error::RateLimited`], other non-2xx → [`Error::Status`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The base URL could not be used (not a URL, not HTTPS, has a query…).
    #[error("invalid base URL: {0}")]
    InvalidBaseUrl(String),

    /// The text given as an API key is not a `service_…` key.
    #[error("invalid API key: {0}")]
    InvalidKey(&'static str),

    /// 401: the key is missing, invalid, expired or disabled.
    #[error("the service rejected the API key: {message}")]
    Unauthorized {
        /// The service's `message`, or a generic one when it sent no envelope.
        message: String,
    },

    /// 403: the key's member may not do this.
    #[error("permission denied: {message}")]
    Forbidden {
        /// The service's `message`, or a generic one.
        message: String,
    },

    /// 404: no such record, or a page past the last.
    #[error("not found: {message}")]
    NotFound {
        /// The service's `message`, or a generic one.
        message: String,
    },

    /// 400 or 422: the request was refused as invalid.
    #[error("the service refused the request: {message}")]
    Validation {
        /// HTTP status (400 or 422).
        status: u16,
        /// The service's summary `message`.
        message: String,
        /// The envelope's `data`: usually field name → list of messages, but
        /// may be a string, a list, `{}` or null (conventions.md).
        details: serde_json::Value,
    },

    /// 429: the per-key rate limit is exhausted until the window resets.
    #[error("rate limit exceeded")]
    RateLimited {
        /// From `Retry-After` (seconds or HTTP-date), when the service sent it.
        retry_after: Option<Duration>,
    },

    /// Any other non-success status.
    #[error("the service answered {status}: {message}")]
    Status {
        /// HTTP status code.
        status: u16,
        /// The service's `message`, or the status' reason phrase.
        message: String,
    },

    /// A response whose body is not the expected JSON (a proxy's HTML page, a
    /// truncated body, a record of the wrong shape).
    #[error("unexpected response ({status}, {content_type}): {reason}")]
    UnexpectedBody {
        /// HTTP status code.
        status: u16,
        /// The `Content-Type` header, or `"none"`.
        content_type: String,
        /// What was wrong with it.
        reason: String,
    },

    /// The request never got an HTTP answer: DNS, connection, TLS, timeout.
    #[error("could not reach the service: {0}")]
    Network(#[source] reqwest::Error),
}

impl Error {
    /// Replaces every occurrence of `secret` in the texts this error carries
    /// (messages and details the service sent) with `mask`, so a service or
    /// gateway that echoes the key cannot put it into a log or the UI.
    pub(crate) fn scrub(self, secret: &str, mask: &str) -> Self {
        let clean = |text: String| text.replace(secret, mask);
        match self {
            Error::Unauthorized { message } => Error::Unauthorized {
                message: clean(message),
            },
            Error::Forbidden { message } => Error::Forbidden {
                message: clean(message),
            },
            Error::NotFound { message } => Error::NotFound {
                message: clean(message),
            },
            Error::Status { status, message } => Error::Status {
                status,
                message: clean(message),
            },
            Error::Validation {
                status,
                message,
                details,
            } => Error::Validation {
                status,
                message: clean(message),
                details: serde_json::from_str(&clean(details.to_string())).unwrap_or_default(),
            },
            Error::UnexpectedBody {
                status,
                content_type,
                reason,
            } => Error::UnexpectedBody {
                status,
                content_type: clean(content_type),
                reason: clean(reason),
            },
            other => other,
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

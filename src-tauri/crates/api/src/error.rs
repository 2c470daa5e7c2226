//! The crate's one error type.

use std::collections::BTreeMap;
use std::time::Duration;
use workdesk_key::KeyProblem;

use chrono::{DateTime, Utc};

/// Field name → messages, as in a DRF validation error
/// (`{"title": ["This field is required."]}`). Messages that belong to no
/// field are under `non_field_errors`.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// Everything that can go wrong talking to the service, as one enum a caller
/// can match (issue 4, "Responses").
///
/// Status mapping follows `docs/service.md`, "Errors and status codes"
/// (what the client accepts), with or without the `{message, error, data}`
/// envelope: 401 → [`Error::Unauthorized`], 403 → [`Error::Forbidden`]
/// (but a 403 whose body is not JSON, a proxy's or firewall's page, →
/// [`Error::Decode`]),
/// 404 → [`Error::NotFound`], 400/422 → [`Error::Validation`],
/// 429 → [`Error::RateLimited`], 5xx → [`Error::Server`], any other
/// non-2xx → [`Error::UnexpectedStatus`]. Texts the service sent are
/// scrubbed of the API key before they get here.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The base URL cannot be used (not a URL, not HTTPS, has a query…).
    #[error("invalid base URL: {0}")]
    InvalidBaseUrl(BaseUrlProblem),

    /// The text given as an API key is not a `service_…` key.
    #[error("invalid API key: {0}")]
    InvalidKey(#[from] KeyProblem),

    /// A list query was refused before sending: an unknown field, an
    /// operator the field's type does not take, a value of the wrong type,
    /// an `in` item containing a comma, a `range` without two values, a
    /// `take` outside 1..=200, a `page` of 0. Keyed by query parameter as
    /// it would be sent (`total__gte`, `sort`, `take`).
    #[error("invalid list query: {0}")]
    InvalidQuery(workdesk_query::ValidationErrors),

    /// A body outside the service's bounds (`docs/service.md`, "Task
    /// bounds": a task without a title, a text over 255 characters),
    /// refused before sending; keyed by field (`title`, `status`).
    #[error("invalid input: {0}")]
    InvalidInput(workdesk_query::ValidationErrors),

    /// A record id that is not a UUID (`docs/service.md`, "Common field
    /// rules": identifiers are UUID strings); nothing was sent.
    #[error("\"{0}\" is not a record id (a UUID)")]
    InvalidId(String),

    /// A request body could not be encoded (nothing was sent).
    #[error("the request body could not be encoded: {0}")]
    InvalidBody(#[source] serde_json::Error),

    /// 401: the service refused the API key.
    #[error("the service rejected the API key ({reason}): {message}")]
    Unauthorized {
        /// Why, as far as the service's message says.
        reason: UnauthorizedReason,
        /// The service's `message`, or a generic one without an envelope.
        message: String,
    },

    /// 403 from the service (an envelope, other JSON or no body): the key's
    /// member may not do this, so the key itself was accepted.
    #[error("permission denied: {message}")]
    Forbidden {
        /// The service's `message`, or a generic one.
        message: String,
    },

    /// 404: no such record (or another workspace's), or a page past the last.
    #[error("not found: {message}")]
    NotFound {
        /// The service's `message`, or a generic one.
        message: String,
    },

    /// 400 or 422: the service refused the request as invalid.
    #[error("the service refused the request: {message}")]
    Validation {
        /// HTTP status (400 or 422).
        status: u16,
        /// The service's summary `message`.
        message: String,
        /// Field → messages from the envelope's `data`, whatever its shape:
        /// an object of lists or strings, a string or list (under
        /// `non_field_errors`), `{}` or null (empty).
        fields: FieldErrors,
    },

    /// 429: the per-key rate limit is used up until the window resets
    /// (returned at once when the reset is further away than
    /// [`RetryPolicy::max_rate_limit_wait`](crate::RetryPolicy::max_rate_limit_wait),
    /// or after the retries ran out).
    #[error("rate limit exceeded{}", match reset { Some(at) => format!(" until {}", at.to_rfc3339()), None => String::new() })]
    RateLimited {
        /// When the window resets (UTC): from `X-RateLimit-Reset`, else the
        /// instant `Retry-After` names.
        reset: Option<DateTime<Utc>>,
        /// `Retry-After` (seconds or HTTP-date) as a wait from receipt.
        retry_after: Option<Duration>,
    },

    /// 5xx: the service or a proxy in front of it failed (502, 503 and 504
    /// of reads were retried first).
    #[error("the service answered {status}: {message}")]
    Server {
        /// HTTP status code, 500..=599.
        status: u16,
        /// The service's `message`, or the reason phrase and the body's
        /// content type when there was no envelope.
        message: String,
    },

    /// A status the spec gives no meaning to (a 3xx redirect — never
    /// followed, so the key cannot go elsewhere —, 405, 409, 413, 415, …).
    #[error("the service answered {status}: {message}")]
    UnexpectedStatus {
        /// HTTP status code.
        status: u16,
        /// The service's `message`, or the reason phrase.
        message: String,
    },

    /// No usable HTTP answer: DNS, connection refused or reset, TLS, or the
    /// connection closed before the answer was complete.
    #[error("could not reach the service{}: {source}", if *may_have_applied { " (the change may or may not have been applied)" } else { "" })]
    Network {
        /// For writes: the request may have reached the service, so the
        /// change may or may not have been applied. Always false for reads
        /// and for failures to connect.
        may_have_applied: bool,
        /// The transport error.
        #[source]
        source: reqwest::Error,
    },

    /// The server's TLS certificate was refused (nothing was sent): not
    /// signed by an authority in this computer's certificate store (a
    /// company proxy re-signing HTTPS with a root not installed), expired,
    /// or made for another host.
    #[error("the certificate of {host} {problem}")]
    Certificate {
        /// The host whose certificate it is.
        host: String,
        /// What is wrong with it.
        problem: CertificateProblem,
    },

    /// A proxy address that cannot be used (nothing was sent).
    #[error("invalid proxy address: {0}")]
    InvalidProxy(ProxyProblem),

    /// The connect or total timeout of
    /// [`ClientConfig`](crate::ClientConfig) ran out.
    #[error("the service did not answer in time{}", if *may_have_applied { "; the change may or may not have been applied" } else { "" })]
    Timeout {
        /// For writes past connecting: the change may or may not have been
        /// applied. Always false for reads.
        may_have_applied: bool,
    },

    /// An answer longer than [`ClientConfig::max_body_bytes`](crate::ClientConfig::max_body_bytes):
    /// not read further (a 200-row page is about 280 KB; this is a fault
    /// of the service or of something between).
    #[error("the answer ({status}) is larger than {limit_bytes} bytes")]
    TooLarge {
        /// Its HTTP status.
        status: u16,
        /// The limit, in bytes.
        limit_bytes: u64,
        /// Its size in bytes when it said (`Content-Length`); `None` when
        /// it was cut off while reading.
        size_bytes: Option<u64>,
    },

    /// An answer whose body is not what the service sends: a proxy's HTML
    /// page, a captive portal, a body cut mid-JSON, text where JSON was due,
    /// or JSON of the wrong shape.
    #[error(
        "unreadable answer ({status}, {content_type}): {reason}; the body starts: {snippet:?}"
    )]
    Decode {
        /// HTTP status code.
        status: u16,
        /// The `Content-Type` header, or `"none"`.
        content_type: String,
        /// What was wrong with it.
        reason: String,
        /// The first 200 characters of the body (control characters as
        /// spaces), never the API key.
        snippet: String,
    },
}

/// Why a 401 happened, read from the service's message (`docs/service.md`,
/// "Refused keys": a missing, invalid, expired or disabled key; a deleted
/// key is revoked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnauthorizedReason {
    /// No key was sent.
    Missing,
    /// The key is not a key the service knows.
    Invalid,
    /// The key is past its expiration date.
    Expired,
    /// The key was disabled.
    Disabled,
    /// The key was deleted (revoked).
    Deleted,
    /// The message does not say.
    Unknown,
}

impl UnauthorizedReason {
    /// The reason a 401's `message` names (case-insensitive: "expired",
    /// "disabled"/"inactive"/"deactivated", "deleted"/"revoked",
    /// "missing"/"not provided", "invalid"), else
    /// [`UnauthorizedReason::Unknown`].
    #[must_use]
    pub fn from_message(message: &str) -> Self {
        let message = message.to_lowercase();
        [
            ("expired", Self::Expired),
            ("disabled", Self::Disabled),
            ("deleted", Self::Deleted),
            ("revoked", Self::Deleted),
            ("missing", Self::Missing),
            // DRF's NotAuthenticated: "Authentication credentials were not provided."
            ("not provided", Self::Missing),
            ("inactive", Self::Disabled),
            ("deactivated", Self::Disabled),
            ("invalid", Self::Invalid),
        ]
        .into_iter()
        .find(|(word, _)| message.contains(word))
        .map_or(Self::Unknown, |(_, reason)| reason)
    }
}

impl std::fmt::Display for UnauthorizedReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Missing => "missing",
            Self::Invalid => "invalid",
            Self::Expired => "expired",
            Self::Disabled => "disabled",
            Self::Deleted => "deleted",
            Self::Unknown => "unknown reason",
        })
    }
}

impl Error {
    /// For [`Error::RateLimited`]: how long to wait from now before a retry
    /// may succeed (`Retry-After`, else until `reset`); `None` for other
    /// errors or when the service said nothing.
    #[must_use]
    pub fn retry_in(&self) -> Option<Duration> {
        match self {
            Error::RateLimited { retry_after, reset } => retry_after
                .or_else(|| reset.map(|at| (at - Utc::now()).to_std().unwrap_or(Duration::ZERO))),
            _ => None,
        }
    }

    /// For a write (POST, PATCH, DELETE): whether the service may have
    /// done the work although no readable success came back, so the
    /// outcome is unknown and must be checked before sending again: a
    /// timeout or broken connection after the request went out
    /// (`may_have_applied`), a 500 (it may fail after saving), a
    /// gateway's 502 or 504 (it lost the service's answer), and a 2xx
    /// that could not be read (too long, cut off, not its JSON). False for
    /// every answer that says the change was not made (400, 401, 403,
    /// 404, 429, 503) and for failures before sending.
    #[must_use]
    pub fn outcome_unknown(&self) -> bool {
        let success = |status: &u16| (200..300).contains(status);
        match self {
            Error::Network {
                may_have_applied, ..
            }
            | Error::Timeout { may_have_applied } => *may_have_applied,
            Error::Server { status, .. } => matches!(status, 500 | 502 | 504),
            Error::UnexpectedStatus { status, .. } => matches!(status, 502 | 504),
            Error::TooLarge { status, .. } => success(status),
            Error::Decode { status, .. } => success(status) || matches!(status, 502 | 504),
            _ => false,
        }
    }

    /// What went wrong, for the log: the kind, the status and other
    /// shapes (field names, content type, sizes), never a text the service
    /// sent (its messages may quote a record's name or a filter's value)
    /// nor a body snippet: `"validation failed (400) on priority, title"`.
    pub fn log_summary(&self) -> String {
        match self {
            Error::Unauthorized { reason, .. } => format!("unauthorized (401, {reason:?})"),
            Error::Forbidden { .. } => "forbidden (403)".to_owned(),
            Error::NotFound { .. } => "not found (404)".to_owned(),
            Error::Validation { status, fields, .. } => {
                let names: Vec<&str> = fields.keys().map(String::as_str).collect();
                format!("validation failed ({status}) on {}", names.join(", "))
            }
            Error::RateLimited { retry_after, .. } => {
                format!("rate limited (429, retry after {retry_after:?})")
            }
            Error::Server { status, .. } => format!("server error ({status})"),
            Error::UnexpectedStatus { status, .. } => format!("unexpected status ({status})"),
            Error::TooLarge {
                status,
                limit_bytes,
                size_bytes,
            } => format!(
                "answer too large ({status}, over {limit_bytes} bytes, said {size_bytes:?})"
            ),
            Error::Decode {
                status,
                content_type,
                ..
            } => format!("unreadable answer ({status}, {content_type})"),
            Error::Timeout { may_have_applied } => {
                format!("timed out (may have applied: {may_have_applied})")
            }
            Error::Network {
                may_have_applied, ..
            } => format!("network failure (may have applied: {may_have_applied})"),
            Error::Certificate { host, problem } => {
                format!("certificate of {host} refused ({problem:?})")
            }
            Error::InvalidInput(problems) => {
                let keys: Vec<&str> = problems.reasons().map(|(key, _)| key).collect();
                format!("invalid input ({})", keys.join(", "))
            }
            Error::InvalidQuery(problems) => {
                let keys: Vec<&str> = problems.reasons().map(|(key, _)| key).collect();
                format!("invalid list request ({})", keys.join(", "))
            }
            Error::InvalidId(_) => "not a record id".to_owned(),
            other => other.to_string(),
        }
    }

    /// Replaces every occurrence of `secret` in the texts this error carries
    /// (messages, field errors and body snippets the service sent) with
    /// `mask`, so a service or gateway that echoes the key cannot put it
    /// into a log or the UI.
    pub(crate) fn scrub(self, secret: &str, mask: &str) -> Self {
        let clean = |text: String| {
            if text.contains(secret) {
                text.replace(secret, mask)
            } else {
                text
            }
        };
        match self {
            Error::Unauthorized { reason, message } => Error::Unauthorized {
                reason,
                message: clean(message),
            },
            Error::Forbidden { message } => Error::Forbidden {
                message: clean(message),
            },
            Error::NotFound { message } => Error::NotFound {
                message: clean(message),
            },
            Error::Server { status, message } => Error::Server {
                status,
                message: clean(message),
            },
            Error::UnexpectedStatus { status, message } => Error::UnexpectedStatus {
                status,
                message: clean(message),
            },
            Error::Validation {
                status,
                message,
                fields,
            } => Error::Validation {
                status,
                message: clean(message),
                fields: fields
                    .into_iter()
                    .map(|(name, messages)| {
                        (clean(name), messages.into_iter().map(clean).collect())
                    })
                    .collect(),
            },
            Error::Decode {
                status,
                content_type,
                reason,
                snippet,
            } => Error::Decode {
                status,
                content_type: clean(content_type),
                reason: clean(reason),
                snippet: clean(snippet),
            },
            other => other,
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why a proxy address cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProxyProblem {
    /// Not an address at all.
    NotAnAddress,
    /// A scheme other than `http` or `https` (the scheme given).
    Scheme(String),
    /// No host.
    NoHost,
    /// A user name or password in the address.
    Credentials,
    /// A path, query or fragment after the host.
    Path,
}

impl std::fmt::Display for ProxyProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProxyProblem::NotAnAddress => f.write_str("not an address"),
            ProxyProblem::Scheme(scheme) => write!(f, "{scheme}: is not http or https"),
            ProxyProblem::NoHost => f.write_str("no host"),
            ProxyProblem::Credentials => f.write_str("a user name or password is not kept"),
            ProxyProblem::Path => f.write_str("only a host and a port"),
        }
    }
}

/// Why a server's TLS certificate was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CertificateProblem {
    /// Not signed by a certificate authority this computer trusts (its
    /// operating system's certificate store), or not verifiable at all.
    Untrusted,
    /// Expired, or not valid yet.
    Expired,
    /// Made for another host name.
    WrongHost,
}

impl std::fmt::Display for CertificateProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CertificateProblem::Untrusted => "is not trusted by this computer",
            CertificateProblem::Expired => "has expired or is not valid yet",
            CertificateProblem::WrongHost => "is for another server",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unauthorized_reasons_come_from_the_message() {
        for (message, reason) in [
            (
                "Missing API key: send the header",
                UnauthorizedReason::Missing,
            ),
            ("Invalid API key.", UnauthorizedReason::Invalid),
            ("Expired API key.", UnauthorizedReason::Expired),
            ("API key DISABLED by an admin", UnauthorizedReason::Disabled),
            (
                "Deleted API key: it was revoked.",
                UnauthorizedReason::Deleted,
            ),
            ("Unauthorized", UnauthorizedReason::Unknown),
        ] {
            assert_eq!(
                UnauthorizedReason::from_message(message),
                reason,
                "{message}"
            );
        }
    }

    #[test]
    fn a_write_timeout_says_it_may_have_been_applied() {
        let text = Error::Timeout {
            may_have_applied: true,
        }
        .to_string();
        assert!(text.contains("may or may not have been applied"), "{text}");
        let text = Error::Timeout {
            may_have_applied: false,
        }
        .to_string();
        assert!(!text.contains("applied"), "{text}");
    }

    #[test]
    fn rate_limited_says_when_to_retry() {
        let err = Error::RateLimited {
            reset: None,
            retry_after: Some(Duration::from_secs(7)),
        };
        assert_eq!(err.retry_in(), Some(Duration::from_secs(7)));
        let err = Error::RateLimited {
            reset: Some(Utc::now() + chrono::Duration::seconds(100)),
            retry_after: None,
        };
        let wait = err.retry_in().unwrap().as_secs();
        assert!((98..=100).contains(&wait), "{wait}");
    }
}

/// Why a base URL cannot be used ([`Error::InvalidBaseUrl`]). Its
/// `Display` is an English clause for logs; the UI words it by variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BaseUrlProblem {
    /// Not a web address at all (`text` as typed, `detail` the URL parser's reason).
    #[error(
        "\"{text}\" is not a web address ({detail}); it should look like https://api.example.com"
    )]
    NotAnAddress {
        /// The address as typed.
        text: String,
        /// The URL parser's reason, in English.
        detail: String,
    },
    /// `http://` to another computer than this one.
    #[error(
        "the address must start with https:// (plain http:// is only allowed to this computer)"
    )]
    NotHttps,
    /// A scheme other than `https` or `http` (`ftp`).
    #[error("\"{0}:\" addresses are not supported; use https://")]
    Scheme(String),
    /// No host name.
    #[error("the address has no host name")]
    NoHost,
    /// A user name or password in the address.
    #[error("the address must not contain a user name or password")]
    Credentials,
    /// A `?query` or `#fragment` in the address.
    #[error("the address must not contain \"?\" or \"#\" parts")]
    QueryOrFragment,
}

//! Fault modes: the failures of a real deployment (slow or dropped
//! connections, proxy errors, broken bodies, permission refusals,
//! rate-limit storms) that the sandbox can produce on purpose, so the
//! client's reliability can be tested.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::envelope::Envelope;
use crate::error::Error;
use crate::rate_limit::Quota;

/// Longest `delay-ms` accepted: ten minutes.
const MAX_DELAY_MS: u64 = 600_000;

/// One fault mode, written as in `X-Sandbox-Fault`, `--fault` and
/// `POST /_sandbox/faults` (the `Display` / `FromStr` form).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// `delay-ms=<ms>` (0..=600000): wait, then answer normally.
    Delay(Duration),
    /// `drop`: close the connection without sending any response.
    Drop,
    /// `401`: the service's refusal of the key (a 401 envelope, as for a
    /// key its member deleted), whatever the key: a key revoked since it
    /// was entered. No rate-limit headers, as for any refused key.
    Unauthorized,
    /// `403`: the service's permission refusal (a 403 envelope with DRF's
    /// message), whatever the key's role.
    Forbidden,
    /// `500`: an error envelope with status 500.
    InternalServerError,
    /// `502`: an error envelope with status 502.
    BadGateway,
    /// `503`: an error envelope with status 503.
    ServiceUnavailable,
    /// `truncated`: the normal answer (200 for a good request), its JSON body
    /// cut in half, `Content-Length` matching the cut body.
    Truncated,
    /// `not-json`: 200 with a `text/plain` body.
    NotJson,
    /// `html`: a 502 `text/html` error page as nginx writes it.
    Html,
    /// `slow-body`: the normal answer, its body sent in 16 parts 40 ms
    /// apart (about 0.6 s), without `Content-Length`.
    SlowBody,
    /// `stall`: the normal answer (the service did the work), its body's
    /// first half sent, then nothing more for ten minutes, after which the
    /// connection closes: an answer lost after the change was made, with
    /// the client waiting (a stalled proxy; a computer that sleeps or
    /// loses its network mid-answer).
    Stall,
    /// `oversized`: the normal answer followed by 17 MiB of spaces (still
    /// well-formed JSON), sent in 1 MiB parts without `Content-Length`: a
    /// body past any sensible cap, found only while reading.
    Oversized,
    /// `429` or `429=<s>`: the service's rate-limit refusal (a 429
    /// envelope with `Retry-After: <s>`, 1 by default, at most a day),
    /// whatever the key's budget.
    TooManyRequests(u64),
}

impl FromStr for Fault {
    type Err = Error;

    /// Parses a mode name.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownFault`] naming `text` when it is no mode.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fault = match text.trim() {
            "drop" => Fault::Drop,
            "401" => Fault::Unauthorized,
            "403" => Fault::Forbidden,
            "500" => Fault::InternalServerError,
            "502" => Fault::BadGateway,
            "503" => Fault::ServiceUnavailable,
            "truncated" => Fault::Truncated,
            "not-json" => Fault::NotJson,
            "html" => Fault::Html,
            "slow-body" => Fault::SlowBody,
            "stall" => Fault::Stall,
            "oversized" => Fault::Oversized,
            "429" => Fault::TooManyRequests(STORM_RETRY_AFTER),
            other if other.starts_with("429=") => other["429=".len()..]
                .parse::<u64>()
                .ok()
                .filter(|s| (1..=MAX_RETRY_AFTER_S).contains(s))
                .map(Fault::TooManyRequests)
                .ok_or_else(|| Error::UnknownFault(text.to_owned()))?,
            other => other
                .strip_prefix("delay-ms=")
                .and_then(|ms| ms.parse::<u64>().ok())
                .filter(|&ms| ms <= MAX_DELAY_MS)
                .map(|ms| Fault::Delay(Duration::from_millis(ms)))
                .ok_or_else(|| Error::UnknownFault(text.to_owned()))?,
        };
        Ok(fault)
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Delay(delay) => write!(f, "delay-ms={}", delay.as_millis()),
            Fault::Drop => f.write_str("drop"),
            Fault::Unauthorized => f.write_str("401"),
            Fault::Forbidden => f.write_str("403"),
            Fault::InternalServerError => f.write_str("500"),
            Fault::BadGateway => f.write_str("502"),
            Fault::ServiceUnavailable => f.write_str("503"),
            Fault::Truncated => f.write_str("truncated"),
            Fault::NotJson => f.write_str("not-json"),
            Fault::Html => f.write_str("html"),
            Fault::SlowBody => f.write_str("slow-body"),
            Fault::Stall => f.write_str("stall"),
            Fault::Oversized => f.write_str("oversized"),
            Fault::TooManyRequests(STORM_RETRY_AFTER) => f.write_str("429"),
            Fault::TooManyRequests(seconds) => write!(f, "429={seconds}"),
        }
    }
}

/// Marks a response the server must not send: it closes the connection
/// instead (the `drop` fault).
#[derive(Debug, Clone, Copy)]
pub(crate) struct DropConnection;

/// The nginx error page of the `html` fault.
const NGINX_502: &str = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n\
<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n";

/// `Retry-After` of the `429` fault without `=<s>`, in seconds.
pub(crate) const STORM_RETRY_AFTER: u64 = 1;

/// Longest `Retry-After` of `429=<s>`: a day.
const MAX_RETRY_AFTER_S: u64 = 86_400;

impl Fault {
    /// Whether this fault answers in the service's name (`403`, `429`), so
    /// that its answer carries the `X-RateLimit-*` headers of a recognised
    /// key like the service's own answers. The others imitate a proxy in
    /// front of the service, or let the service answer.
    pub(crate) fn imitates_the_service(self) -> bool {
        matches!(self, Fault::Forbidden | Fault::TooManyRequests(_))
    }

    /// Answers `request` with this fault. Only `delay-ms`, `truncated`,
    /// `slow-body`, `stall` and `oversized` let the request reach the service (and count against the key's rate
    /// limit); the others answer in its place, as a proxy in front of it
    /// would, or as the service would without counting the request
    /// (`401`, `403`, `429`). `quota` is the rate-limit state those two show
    /// (none when the request has no accepted key).
    pub(crate) async fn answer(
        self,
        request: Request,
        next: Next,
        quota: Option<Quota>,
    ) -> Response {
        let mut response = match self {
            Fault::Delay(delay) => {
                tokio::time::sleep(delay).await;
                next.run(request).await
            }
            Fault::Truncated => truncate(next.run(request).await).await,
            Fault::SlowBody => slow(next.run(request).await).await,
            Fault::Stall => stall(next.run(request).await).await,
            Fault::Oversized => oversized(next.run(request).await).await,
            Fault::Drop => {
                let mut response = Response::new(Body::empty());
                response.extensions_mut().insert(DropConnection);
                response
            }
            Fault::Unauthorized => Error::DeletedKey.into_response(),
            Fault::Forbidden => Error::PermissionDenied.into_response(),
            Fault::InternalServerError => failure(StatusCode::INTERNAL_SERVER_ERROR),
            Fault::BadGateway => failure(StatusCode::BAD_GATEWAY),
            Fault::ServiceUnavailable => failure(StatusCode::SERVICE_UNAVAILABLE),
            Fault::NotJson => (
                [(CONTENT_TYPE, "text/plain; charset=utf-8")],
                "The service is in maintenance mode. Please try again later.\n",
            )
                .into_response(),
            Fault::Html => (
                StatusCode::BAD_GATEWAY,
                [(CONTENT_TYPE, "text/html")],
                NGINX_502,
            )
                .into_response(),
            Fault::TooManyRequests(retry_after) => {
                Error::RateLimited { retry_after }.into_response()
            }
        };
        if let Some(quota) = quota.filter(|_| self.imitates_the_service()) {
            quota.apply(response.headers_mut());
        }
        response
    }
}

/// An error envelope with `status` and its reason phrase as the message.
fn failure(status: StatusCode) -> Response {
    let message = format!(
        "{} (sandbox fault).",
        status.canonical_reason().unwrap_or("Error")
    );
    let envelope = Envelope {
        message,
        error: true,
        data: serde_json::json!({}),
    };
    (status, Json(envelope)).into_response()
}

/// The parts of a body to stream, their Content-Length dropped.
async fn streamed(
    response: Response,
    parts_of: impl FnOnce(bytes::Bytes) -> Vec<(Duration, bytes::Bytes)>,
) -> Response {
    let (mut head, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .unwrap_or_default();
    head.headers.remove(CONTENT_LENGTH);
    let parts = parts_of(bytes);
    let stream = futures_util::stream::unfold(parts.into_iter(), |mut parts| async move {
        let (wait, part) = parts.next()?;
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        Some((Ok::<_, std::convert::Infallible>(part), parts))
    });
    Response::from_parts(head, Body::from_stream(stream))
}

/// `response` with its body sent in 16 parts, 40 ms apart.
async fn slow(response: Response) -> Response {
    streamed(response, |bytes| {
        let size = bytes.len().div_ceil(16).max(1);
        (0..bytes.len())
            .step_by(size)
            .map(|at| {
                (
                    Duration::from_millis(40),
                    bytes.slice(at..(at + size).min(bytes.len())),
                )
            })
            .collect()
    })
    .await
}

/// The first half of `response`'s body, then nothing for [`MAX_DELAY_MS`]
/// before the body ends there (cut short).
async fn stall(response: Response) -> Response {
    streamed(response, |bytes| {
        let half = bytes.slice(..bytes.len() / 2);
        vec![
            (Duration::ZERO, half),
            (Duration::from_millis(MAX_DELAY_MS), bytes::Bytes::new()),
        ]
    })
    .await
}

/// `response` followed by 17 MiB of spaces, in 1 MiB parts.
async fn oversized(response: Response) -> Response {
    const MIB: usize = 1024 * 1024;
    streamed(response, |bytes| {
        let spaces = bytes::Bytes::from(vec![b' '; MIB]);
        std::iter::once((Duration::ZERO, bytes))
            .chain((0..17).map(|_| (Duration::ZERO, spaces.clone())))
            .collect()
    })
    .await
}

/// `response` with its body cut in half and `Content-Length` to match.
async fn truncate(response: Response) -> Response {
    let (mut parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .unwrap_or_default();
    let cut = bytes.slice(..bytes.len() / 2);
    parts
        .headers
        .insert(CONTENT_LENGTH, HeaderValue::from(cut.len()));
    Response::from_parts(parts, Body::from(cut))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "delay-ms=250",
            "delay-ms=0",
            "drop",
            "403",
            "500",
            "502",
            "503",
            "truncated",
            "not-json",
            "html",
            "429",
            "429=90",
        ] {
            assert_eq!(name.parse::<Fault>().unwrap().to_string(), name);
        }
        assert_eq!(
            "delay-ms=250".parse::<Fault>().unwrap(),
            Fault::Delay(Duration::from_millis(250))
        );
    }

    #[test]
    fn unknown_modes_are_named() {
        for bad in [
            "",
            "404",
            "delay-ms=",
            "delay-ms=-1",
            "delay-ms=600001",
            "DROP",
            "429=0",
            "429=86401",
            "429=x",
        ] {
            match bad.parse::<Fault>() {
                Err(Error::UnknownFault(name)) => assert_eq!(name, bad),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }
}

//! Turns an HTTP response into a value or an [`Error`], tolerating every
//! variant the conventions list (envelope or not, JSON or not).

use std::time::{Duration, SystemTime};

use reqwest::{header, Response, StatusCode};
use serde::de::DeserializeOwned;

use crate::{Envelope, Error, Result};

/// Reads `response` and returns the envelope's `data` as `T`.
///
/// # Errors
/// A status error ([`Error::Unauthorized`], [`Error::Validation`], …) for
/// non-2xx answers, [`Error::UnexpectedBody`] when a 2xx body is not an
/// envelope holding a `T`, [`Error::Network`] when the body cannot be read.
pub(crate) async fn read_data<T: DeserializeOwned>(response: Response) -> Result<T> {
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("none")
        .to_owned();
    let retry_after = retry_after(response.headers());
    let body = response.bytes().await.map_err(Error::Network)?;

    if !status.is_success() {
        return Err(status_error(status, &content_type, &body, retry_after));
    }
    let unexpected = |reason: String| Error::UnexpectedBody {
        status: status.as_u16(),
        content_type: content_type.clone(),
        reason,
    };
    let envelope: Envelope<T> = serde_json::from_slice(&body).map_err(|e| {
        if looks_like_json(&content_type, &body) {
            unexpected(format!("the JSON did not have the expected shape: {e}"))
        } else {
            unexpected("the body is not JSON".to_owned())
        }
    })?;
    envelope
        .data
        .ok_or_else(|| unexpected("the envelope has no data".to_owned()))
}

/// Maps a non-2xx response to an error, using the envelope when there is one.
fn status_error(
    status: StatusCode,
    content_type: &str,
    body: &[u8],
    retry_after: Option<Duration>,
) -> Error {
    let envelope = serde_json::from_slice::<Envelope<serde_json::Value>>(body).ok();
    let unreadable = envelope.is_none() && !body.is_empty() && !looks_like_json(content_type, body);
    let message = envelope
        .as_ref()
        .map(|e| e.message.trim())
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_owned());
    match status.as_u16() {
        401 => Error::Unauthorized { message },
        403 => Error::Forbidden { message },
        404 => Error::NotFound { message },
        400 | 422 if unreadable => Error::UnexpectedBody {
            status: status.as_u16(),
            content_type: content_type.to_owned(),
            reason: "the body is not JSON".to_owned(),
        },
        400 | 422 => Error::Validation {
            status: status.as_u16(),
            message,
            details: envelope.and_then(|e| e.data).unwrap_or_default(),
        },
        429 => Error::RateLimited { retry_after },
        code if unreadable => Error::UnexpectedBody {
            status: code,
            content_type: content_type.to_owned(),
            reason: "the body is not JSON".to_owned(),
        },
        code => Error::Status {
            status: code,
            message,
        },
    }
}

fn looks_like_json(content_type: &str, body: &[u8]) -> bool {
    content_type.contains("json")
        || body
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|b| matches!(b, b'{' | b'['))
}

/// `Retry-After` as delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
fn retry_after(headers: &header::HeaderMap) -> Option<Duration> {
    let value = headers.get(header::RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let when = httpdate::parse_http_date(value).ok()?;
    Some(when.duration_since(SystemTime::now()).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_statuses_use_the_envelope_message() {
        let body = br#"{"message": "API key expired", "error": true, "data": {}}"#;
        let err = status_error(StatusCode::UNAUTHORIZED, "application/json", body, None);
        assert!(matches!(err, Error::Unauthorized { message } if message == "API key expired"));
    }

    #[test]
    fn errors_without_an_envelope_still_map_by_status() {
        let err = status_error(
            StatusCode::NOT_FOUND,
            "text/html",
            b"<h1>Not Found</h1>",
            None,
        );
        assert!(matches!(err, Error::NotFound { message } if message == "Not Found"));
        let err = status_error(StatusCode::FORBIDDEN, "none", b"", None);
        assert!(matches!(err, Error::Forbidden { .. }));
    }

    #[test]
    fn validation_keeps_details_of_any_shape() {
        for (body, details) in [
            (
                &br#"{"message": "bad", "error": true, "data": {"take": ["no"]}}"#[..],
                serde_json::json!({"take": ["no"]}),
            ),
            (
                &br#"{"message": "bad", "error": true, "data": "no"}"#[..],
                serde_json::json!("no"),
            ),
            (
                &br#"{"message": "bad", "error": true, "data": null}"#[..],
                serde_json::Value::Null,
            ),
        ] {
            let err = status_error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "application/json",
                body,
                None,
            );
            assert!(
                matches!(err, Error::Validation { status: 422, details: d, .. } if d == details)
            );
        }
    }

    #[test]
    fn a_proxy_error_page_names_status_and_content_type() {
        let err = status_error(
            StatusCode::BAD_GATEWAY,
            "text/html",
            b"<html>502</html>",
            None,
        );
        let text = err.to_string();
        assert!(text.contains("502") && text.contains("text/html"), "{text}");
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        let mut headers = header::HeaderMap::new();
        headers.insert(header::RETRY_AFTER, "120".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(120)));
        headers.insert(
            header::RETRY_AFTER,
            "Wed, 21 Oct 2015 07:28:00 GMT".parse().unwrap(),
        );
        assert_eq!(
            retry_after(&headers),
            Some(Duration::ZERO),
            "a past date means now"
        );
    }
}

//! Turns an HTTP answer into a value or an [`Error`], tolerating every
//! variant docs/service.md lists ("Tolerance", "Response envelope"):
//! envelope or not, JSON or not, 204 without a body, DRF's `{"detail": …}`.
//!
//! The functions here work on the status, content type and body bytes only,
//! so they are tested on arbitrary input (they return an error, never panic).

use std::time::{Duration, SystemTime};

use bytes::Bytes;
use chrono::{DateTime, Utc};
use reqwest::header::{HeaderMap, CONTENT_TYPE};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::envelope::Envelope;
use crate::error::{Error, FieldErrors, Result, UnauthorizedReason};
use crate::rate_limit::{self, RateLimit};

/// Longest body excerpt an error carries, in characters.
const SNIPPET_CHARS: usize = 200;

/// Key for messages that belong to no field (DRF's name).
const NON_FIELD_ERRORS: &str = "non_field_errors";

/// One HTTP answer, read whole.
#[derive(Debug)]
pub(crate) struct Received {
    /// HTTP status code.
    pub status: u16,
    /// The `Content-Type` header, or `"none"`.
    pub content_type: String,
    /// The rate-limit headers, when any was present.
    pub rate_limit: Option<RateLimit>,
    /// `Retry-After`, as a wait from receipt.
    pub retry_after: Option<Duration>,
    /// The body.
    pub body: Bytes,
}

impl Received {
    /// The parts of a response that decoding needs, read from its headers.
    pub(crate) fn head(status: u16, headers: &HeaderMap, body: Bytes) -> Received {
        let now = SystemTime::now();
        Received {
            status,
            content_type: headers
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("none")
                .to_owned(),
            rate_limit: RateLimit::from_headers(headers, DateTime::<Utc>::from(now)),
            retry_after: rate_limit::retry_after(headers, now),
            body,
        }
    }

    /// The envelope's `data` as `T` for a 2xx answer; the matching error
    /// otherwise.
    ///
    /// # Errors
    /// A status error for non-2xx answers (see [`Error`]); [`Error::Decode`]
    /// when a 2xx body is not an envelope holding a `T`.
    pub(crate) fn data<T: DeserializeOwned>(&self) -> Result<T> {
        if !(200..300).contains(&self.status) {
            return Err(self.status_error());
        }
        let envelope: Envelope<T> = serde_json::from_slice(&self.body)
            .or_else(|e| {
                // Well-formed JSON with a value serde_json will not build (a
                // number out of range, nesting past its limit): read around it.
                if e.is_syntax() {
                    if let Ok(value) = crate::tolerant::value(&self.body) {
                        return serde_json::from_value(value).map_err(|_| e);
                    }
                }
                Err(e)
            })
            .map_err(|e| {
                if self.body.iter().all(u8::is_ascii_whitespace) {
                    self.decode_error("the body is empty".to_owned())
                } else if looks_like_json(&self.content_type, &self.body) {
                    self.decode_error(format!(
                        "the JSON is cut off or not the expected shape ({e})"
                    ))
                } else {
                    self.decode_error("the body is not JSON".to_owned())
                }
            })?;
        envelope
            .data
            .ok_or_else(|| self.decode_error("the envelope has no data".to_owned()))
    }

    /// Success without a value, for deletes: any 2xx whose body is empty
    /// (204) or JSON (`{}`, an envelope).
    ///
    /// # Errors
    /// A status error for non-2xx answers; [`Error::Decode`] for a 2xx body
    /// that is neither empty nor JSON (a captive portal's page).
    pub(crate) fn done(&self) -> Result<()> {
        if !(200..300).contains(&self.status) {
            return Err(self.status_error());
        }
        if self.body.iter().all(u8::is_ascii_whitespace)
            || serde_json::from_slice::<serde::de::IgnoredAny>(&self.body).is_ok()
        {
            Ok(())
        } else {
            Err(self.decode_error("the body is not JSON".to_owned()))
        }
    }

    fn decode_error(&self, reason: String) -> Error {
        Error::Decode {
            status: self.status,
            content_type: self.content_type.clone(),
            reason,
            snippet: snippet(&self.body),
        }
    }

    /// Maps a non-2xx answer to an error, using the envelope (or DRF's
    /// `detail`) when there is one.
    fn status_error(&self) -> Error {
        let json: Option<Value> = serde_json::from_slice(&self.body).ok();
        let object = json.as_ref().and_then(Value::as_object);
        let said = object.and_then(|o| {
            ["message", "detail"]
                .iter()
                .find_map(|k| o.get(*k).and_then(Value::as_str))
                .map(str::trim)
                .filter(|m| !m.is_empty())
        });
        let reason = reqwest::StatusCode::from_u16(self.status)
            .ok()
            .and_then(|s| s.canonical_reason())
            .unwrap_or("error");
        let message = said.unwrap_or(reason).to_owned();
        let unreadable = json.is_none() && !self.body.iter().all(u8::is_ascii_whitespace);
        match self.status {
            401 => Error::Unauthorized {
                reason: UnauthorizedReason::from_message(&message),
                message,
            },
            // A 403 page that is not JSON comes from something between
            // (a proxy, a firewall), not from the service: it says nothing
            // of the key's member.
            403 if unreadable => {
                self.decode_error("a 403 whose body is not the service's JSON".to_owned())
            }
            403 => Error::Forbidden { message },
            404 => Error::NotFound { message },
            429 => Error::RateLimited {
                reset: self.rate_limit.and_then(|r| r.reset).or_else(|| {
                    self.retry_after
                        .and_then(|wait| chrono::Duration::from_std(wait).ok())
                        .and_then(|wait| Utc::now().checked_add_signed(wait))
                }),
                retry_after: self.retry_after,
            },
            400 | 422 if unreadable => self.decode_error("the error body is not JSON".to_owned()),
            400 | 422 => Error::Validation {
                status: self.status,
                message,
                fields: field_errors(json.as_ref()),
            },
            500..=599 => Error::Server {
                status: self.status,
                message: if said.is_some() || !unreadable {
                    message
                } else {
                    format!(
                        "{reason} (a {} page, not the service's JSON)",
                        self.content_type
                    )
                },
            },
            _ if unreadable => self.decode_error("the body is not JSON".to_owned()),
            status => Error::UnexpectedStatus { status, message },
        }
    }
}

/// Field errors from an error body: the envelope's `data`, or a bare DRF
/// error object. Lists of strings, strings, numbers and nested values
/// (as JSON text) are all messages; a string or list `data` goes under
/// `non_field_errors`; `{}`, null and no body give none.
fn field_errors(json: Option<&Value>) -> FieldErrors {
    let object = match json {
        Some(Value::Object(object)) => object,
        // A bare DRF list or string of messages, without an envelope.
        Some(other @ (Value::Array(_) | Value::String(_))) => {
            let list = messages(other);
            return if list.is_empty() {
                FieldErrors::new()
            } else {
                FieldErrors::from([(NON_FIELD_ERRORS.to_owned(), list)])
            };
        }
        _ => return FieldErrors::new(),
    };
    let envelope_keys = ["message", "error", "data", "detail"];
    let data = if object.keys().any(|k| envelope_keys.contains(&k.as_str())) {
        object.get("data").unwrap_or(&Value::Null)
    } else {
        json.unwrap_or(&Value::Null)
    };
    let mut fields = FieldErrors::new();
    match data {
        Value::Object(map) => {
            for (name, value) in map {
                let list = messages(value);
                if !list.is_empty() {
                    fields.insert(name.clone(), list);
                }
            }
        }
        Value::Null => {}
        other => {
            let list = messages(other);
            if !list.is_empty() {
                fields.insert(NON_FIELD_ERRORS.to_owned(), list);
            }
        }
    }
    fields
}

fn messages(value: &Value) -> Vec<String> {
    match value {
        Value::Null => Vec::new(),
        Value::String(text) => vec![text.clone()],
        Value::Array(items) => items.iter().flat_map(messages).collect(),
        other => vec![other.to_string()],
    }
}

fn looks_like_json(content_type: &str, body: &[u8]) -> bool {
    content_type.contains("json")
        || body
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|b| matches!(b, b'{' | b'['))
}

/// The first [`SNIPPET_CHARS`] characters of `body`, invalid UTF-8 and
/// control characters replaced, `…` when cut. Anything shaped like a key
/// (`service_` and what follows it) is masked first, over the whole body, so
/// that cutting can never leave part of a key behind.
fn snippet(body: &[u8]) -> String {
    let head = &body[..body.len().min(SNIPPET_CHARS * 4 + 64)];
    let text = mask_keys(&String::from_utf8_lossy(head));
    let mut out: String = text
        .chars()
        .take(SNIPPET_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.chars().count() > SNIPPET_CHARS || head.len() < body.len() {
        out.push('…');
    }
    out
}

/// `text` with every `service_…` run (the key prefix and the URL-safe
/// characters after it) replaced by `service_…`: what goes into a log, a
/// snippet or a diagnostics report can never carry a key.
pub fn mask_keys(text: &str) -> String {
    const PREFIX: &str = "service_";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(PREFIX) {
        out.push_str(&rest[..at]);
        out.push_str("service_…");
        let after = &rest[at + PREFIX.len()..];
        let secret = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || "-_.~".contains(c)))
            .unwrap_or(after.len());
        rest = &after[secret..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::list::Page;
    use proptest::prelude::*;

    fn received(status: u16, content_type: &str, body: &[u8]) -> Received {
        let mut headers = HeaderMap::new();
        if let Ok(value) = content_type.parse() {
            headers.insert(CONTENT_TYPE, value);
        }
        Received::head(status, &headers, Bytes::copy_from_slice(body))
    }

    fn error(status: u16, content_type: &str, body: &[u8]) -> Error {
        received(status, content_type, body)
            .data::<Value>()
            .unwrap_err()
    }

    #[test]
    fn error_statuses_use_the_envelope_message_or_drf_detail() {
        let err = error(
            401,
            "application/json",
            br#"{"message": "Expired API key.", "error": true, "data": {}}"#,
        );
        assert!(
            matches!(err, Error::Unauthorized { reason: UnauthorizedReason::Expired, ref message } if message == "Expired API key."),
            "{err:?}"
        );
        let err = error(
            403,
            "application/json",
            br#"{"detail": "You do not have permission."}"#,
        );
        assert!(
            matches!(err, Error::Forbidden { ref message } if message == "You do not have permission."),
            "{err:?}"
        );
    }

    #[test]
    fn errors_without_an_envelope_still_map_by_status() {
        let err = error(404, "text/html", b"<h1>Not Found</h1>");
        assert!(
            matches!(err, Error::NotFound { ref message } if message == "Not Found"),
            "{err:?}"
        );
        assert!(matches!(error(403, "none", b""), Error::Forbidden { .. }));
        assert!(matches!(
            error(503, "none", b""),
            Error::Server { status: 503, .. }
        ));
        assert!(matches!(
            error(302, "none", b""),
            Error::UnexpectedStatus { status: 302, .. }
        ));
    }

    #[test]
    fn validation_fields_from_any_shape_of_data() {
        let fields = |body: &[u8]| match error(422, "application/json", body) {
            Error::Validation {
                status: 422,
                fields,
                ..
            } => fields,
            other => panic!("{other:?}"),
        };
        let f = fields(br#"{"message": "bad", "error": true, "data": {"title": ["Required.", "Too long."], "priority": "Not a number.", "x": null}}"#);
        assert_eq!(f["title"], ["Required.", "Too long."]);
        assert_eq!(f["priority"], ["Not a number."]);
        assert!(!f.contains_key("x"));
        let f = fields(br#"{"message": "bad", "error": true, "data": "no"}"#);
        assert_eq!(f[NON_FIELD_ERRORS], ["no"]);
        let f = fields(br#"{"message": "bad", "error": true, "data": ["a", "b"]}"#);
        assert_eq!(f[NON_FIELD_ERRORS], ["a", "b"]);
        assert!(fields(br#"{"message": "bad", "error": true, "data": {}}"#).is_empty());
        assert!(fields(br#"{"message": "bad", "error": true, "data": null}"#).is_empty());
        let f = fields(br#"{"title": ["This field is required."]}"#);
        assert_eq!(
            f["title"],
            ["This field is required."],
            "a bare DRF error object"
        );
    }

    #[test]
    fn a_proxy_error_page_names_status_and_content_type() {
        let err = error(
            502,
            "text/html",
            b"<html><body>502 Bad Gateway</body></html>",
        );
        assert!(matches!(err, Error::Server { status: 502, .. }), "{err:?}");
        let text = err.to_string();
        assert!(text.contains("502") && text.contains("text/html"), "{text}");
    }

    #[test]
    fn unreadable_success_bodies_name_status_type_and_start() {
        let err = error(200, "text/html", b"<html>Sign in to Wi-Fi</html>");
        assert!(
            matches!(&err, Error::Decode { status: 200, content_type, snippet, .. }
            if content_type == "text/html" && snippet == "<html>Sign in to Wi-Fi</html>"),
            "{err:?}"
        );
        let err = error(
            200,
            "application/json",
            br#"{"message": "ok", "data": {"cou"#,
        );
        assert!(
            matches!(&err, Error::Decode { reason, .. } if reason.contains("cut off")),
            "{err:?}"
        );
        let err = error(200, "application/json", b"");
        assert!(
            matches!(&err, Error::Decode { reason, .. } if reason.contains("empty")),
            "{err:?}"
        );
    }

    #[test]
    fn no_part_of_a_key_survives_in_a_snippet_wherever_the_cut_falls() {
        let key = format!("service_{}", "k".repeat(40));
        for pad in 150..=SNIPPET_CHARS {
            let body = format!("{}Authorization: Bearer {key} rest", "x".repeat(pad));
            let s = snippet(body.as_bytes());
            assert!(!s.contains("kkkk"), "pad {pad}: {s}");
        }
        assert_eq!(mask_keys("a service_abc-1.~x b"), "a service_… b");
    }

    #[test]
    fn a_bare_list_of_messages_is_a_non_field_error() {
        let err = error(400, "application/json", br#"["Bad filter.", "Bad sort."]"#);
        assert!(
            matches!(&err, Error::Validation { fields, .. }
                if fields.get(NON_FIELD_ERRORS).map(Vec::len) == Some(2)),
            "{err:?}"
        );
    }

    #[test]
    fn rate_headers_missing_from_a_response_keep_what_was_known() {
        let known = RateLimit {
            limit: Some(1000),
            remaining: Some(10),
            reset: None,
        };
        let later = known.updated_by(RateLimit {
            limit: None,
            remaining: Some(9),
            reset: None,
        });
        assert_eq!((later.limit, later.remaining), (Some(1000), Some(9)));
    }

    #[test]
    fn a_far_retry_after_on_a_429_is_kept_without_overflowing() {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", "100000000000000".parse().unwrap());
        let received = Received::head(429, &headers, Bytes::new());
        let err = received.data::<Value>().unwrap_err();
        assert!(
            matches!(
                err,
                Error::RateLimited {
                    reset: None,
                    retry_after: Some(_)
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn snippets_are_short_and_printable() {
        let body = format!("line1\nline2\t{}", "x".repeat(1000));
        let s = snippet(body.as_bytes());
        assert_eq!(s.chars().count(), SNIPPET_CHARS + 1);
        assert!(s.starts_with("line1 line2 ") && s.ends_with('…'), "{s}");
        assert_eq!(snippet(&[0xff, b'a']), "\u{fffd}a");
    }

    #[test]
    fn deletes_accept_empty_and_json_success_bodies() {
        assert!(received(204, "none", b"").done().is_ok());
        assert!(received(
            200,
            "application/json",
            br#"{"message": "Deleted", "error": false, "data": {}}"#
        )
        .done()
        .is_ok());
        assert!(matches!(
            received(200, "text/html", b"<html>").done(),
            Err(Error::Decode { .. })
        ));
        assert!(matches!(
            received(404, "none", b"").done(),
            Err(Error::NotFound { .. })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        #[test]
        fn any_answer_decodes_to_a_value_or_an_error_without_panicking(
            status in prop_oneof![100u16..600, Just(200u16), Just(400u16), Just(429u16), Just(502u16)],
            content_type in prop_oneof![Just("application/json".to_owned()), Just("text/html".to_owned()), Just("none".to_owned()), "[ -~]{0,30}"],
            body in prop_oneof![
                proptest::collection::vec(any::<u8>(), 0..300),
                "[{}\\[\\]\":,a-z0-9 .-]{0,200}".prop_map(String::into_bytes),
                Just(br#"{"message": "x", "error": false, "data": {"count": 1, "next": null, "results": [{"id": 1}]}}"#.to_vec()),
            ],
        ) {
            let answer = received(status, &content_type, &body);
            let page = answer.data::<Page<crate::JsonRecord>>();
            if !(200..300).contains(&status) {
                prop_assert!(page.is_err());
            }
            let _ = answer.done();
            let _ = answer.data::<Value>();
        }

        #[test]
        fn arbitrary_rate_limit_headers_never_panic(reset in "\\PC{0,40}", number in any::<f64>()) {
            let now = Utc::now();
            let _ = rate_limit::parse_reset(&reset, now);
            let _ = rate_limit::parse_reset(&number.to_string(), now);
        }
    }
}

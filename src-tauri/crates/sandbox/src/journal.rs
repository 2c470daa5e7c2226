//! The request journal: the last API requests the sandbox received, so a
//! test can assert exactly what the client sent. It keeps the method, path,
//! raw query, content type, the body as the body parser read it, and the
//! response status — never the `Authorization` header or any other header,
//! and anything that looks like a key in the path, query or body is
//! redacted.
//!
//! The journal only watches: it reads the whole body (without the body
//! parser's size limit) and hands the request on unchanged, so every
//! answer is the same with the journal on or off.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http_body_util::BodyExt;
use hyper::body::Frame;
use serde::Serialize;
use serde_json::{json, Value as JsonValue};

use crate::body;
use crate::envelope::Envelope;
use crate::error::{Error, Result};
use crate::fault::DropConnection;
use crate::keys;

/// Requests kept; older ones are forgotten.
pub(crate) const CAPACITY: usize = 1_000;

/// One journalled request.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Entry {
    /// `GET`, `POST`, …
    pub method: String,
    /// Path without the query (`/task/task/`), keys redacted.
    pub path: String,
    /// Raw query string as sent (still percent-encoded), without `?`, keys
    /// redacted; null when the URL has none.
    pub query: Option<String>,
    /// The `Content-Type` header; null when absent.
    pub content_type: Option<String>,
    /// The body as one JSON object (form values are strings), keys
    /// redacted; null when the body is empty, over the body parser's limit
    /// or could not be read.
    pub body: JsonValue,
    /// Status of the response; null when the connection was dropped (the
    /// `drop` fault).
    pub status: Option<u16>,
}

/// The last [`CAPACITY`] requests, oldest first.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    entries: Mutex<VecDeque<Entry>>,
}

impl Journal {
    fn push(&self, entry: Entry) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() == CAPACITY {
            entries.pop_front();
        }
        entries.push_back(entry);
    }

    fn snapshot(&self) -> Vec<Entry> {
        let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.iter().cloned().collect()
    }

    fn clear(&self) {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
}

/// Middleware in front of the API (outside fault injection and the key
/// check): journals every request when the journal is on.
///
/// It never changes an answer: the body is read whole, without the body
/// parser's limit, and handed on as it came (a body that failed while
/// being read fails the same way again downstream), so the service sees
/// the same request and answers with the same status and headers as with
/// the journal off.
pub(crate) async fn record(
    State(journal): State<Option<Arc<Journal>>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(journal) = journal else {
        return next.run(request).await;
    };
    let (parts, request_body) = request.into_parts();
    let content_type = parts.headers.get(CONTENT_TYPE).cloned();
    let mut entry = Entry {
        method: parts.method.to_string(),
        path: redact(parts.uri.path()).into_owned(),
        query: parts.uri.query().map(|query| redact(query).into_owned()),
        content_type: content_type
            .as_ref()
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned()),
        body: JsonValue::Null,
        status: None,
    };
    let (bytes, failure) = buffer(request_body).await;
    if failure.is_none() && !bytes.is_empty() && bytes.len() <= body::LIMIT {
        if let Ok(parsed) = body::parse(content_type.as_ref(), bytes.clone()).await {
            entry.body = redact_json(JsonValue::Object(parsed.fields));
        }
    }
    let replay = Body::new(Replay {
        data: Some(bytes).filter(|bytes| !bytes.is_empty()),
        failure,
    });
    let response = next.run(Request::from_parts(parts, replay)).await;
    if response.extensions().get::<DropConnection>().is_none() {
        entry.status = Some(response.status().as_u16());
    }
    journal.push(entry);
    response
}

/// Every byte of `body` up to its end or its first error (and that error).
async fn buffer(mut body: Body) -> (Bytes, Option<axum::Error>) {
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        match frame {
            Ok(frame) => {
                if let Some(data) = frame.data_ref() {
                    bytes.extend_from_slice(data);
                }
            }
            Err(error) => return (Bytes::from(bytes), Some(error)),
        }
    }
    (Bytes::from(bytes), None)
}

/// A buffered request body played again: its bytes, then the error that
/// ended it, if any.
struct Replay {
    data: Option<Bytes>,
    failure: Option<axum::Error>,
}

impl hyper::body::Body for Replay {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        if let Some(data) = self.data.take() {
            return Poll::Ready(Some(Ok(Frame::data(data))));
        }
        Poll::Ready(self.failure.take().map(Err))
    }

    fn is_end_stream(&self) -> bool {
        self.data.is_none() && self.failure.is_none()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        match (&self.data, &self.failure) {
            (data, None) => {
                hyper::body::SizeHint::with_exact(data.as_ref().map_or(0, |d| d.len() as u64))
            }
            _ => hyper::body::SizeHint::default(),
        }
    }
}

/// What replaces a key in the journal.
const REDACTED: &str = "service_…<redacted>";

/// `text` with everything that looks like a key — `service_` followed by
/// at least 32 URL-safe characters (`A-Z a-z 0-9 - _`) — replaced by
/// `service_…<redacted>`.
pub(crate) fn redact(text: &str) -> Cow<'_, str> {
    let mut redacted = String::new();
    let mut copied = 0;
    let mut from = 0;
    while let Some(found) = text[from..].find(keys::PREFIX) {
        let start = from + found;
        let secret_start = start + keys::PREFIX.len();
        let secret_len = text[secret_start..]
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
            .count();
        if secret_len >= keys::MIN_SECRET_LEN {
            redacted.push_str(&text[copied..start]);
            redacted.push_str(REDACTED);
            copied = secret_start + secret_len;
            from = copied;
        } else {
            from = secret_start;
        }
    }
    if copied == 0 {
        Cow::Borrowed(text)
    } else {
        redacted.push_str(&text[copied..]);
        Cow::Owned(redacted)
    }
}

/// `value` with [`redact`] applied to every string in it, names included.
fn redact_json(value: JsonValue) -> JsonValue {
    match value {
        JsonValue::String(text) => JsonValue::String(redact(&text).into_owned()),
        JsonValue::Array(items) => JsonValue::Array(items.into_iter().map(redact_json).collect()),
        JsonValue::Object(fields) => JsonValue::Object(
            fields
                .into_iter()
                .map(|(name, value)| (redact(&name).into_owned(), redact_json(value)))
                .collect(),
        ),
        other => other,
    }
}

/// `GET /_sandbox/requests`: `data` = `{"count", "results"}` with the
/// journalled requests oldest first (404 when the journal is off).
pub(crate) async fn list(State(journal): State<Option<Arc<Journal>>>) -> Result<Response> {
    let journal = journal.ok_or(Error::NotFound)?;
    let entries = journal.snapshot();
    let data = json!({"count": entries.len(), "results": entries});
    Ok(Json(Envelope::ok("Journalled requests, oldest first.", data)).into_response())
}

/// `DELETE /_sandbox/requests`: forgets every journalled request.
pub(crate) async fn clear(State(journal): State<Option<Arc<Journal>>>) -> Result<Response> {
    let journal = journal.ok_or(Error::NotFound)?;
    journal.clear();
    Ok(Json(Envelope::ok("Journal cleared.", json!({}))).into_response())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn redacts_whatever_looks_like_a_key() {
        let key = format!("service_{}", "aB3-_".repeat(7));
        assert_eq!(
            redact(&format!("api_key={key}&take=5")),
            "api_key=service_…<redacted>&take=5"
        );
        assert_eq!(
            redact(&format!("{key},{key}x")),
            "service_…<redacted>,service_…<redacted>"
        );
        let short = format!("service_{}", "a".repeat(31));
        assert!(matches!(redact(&short), Cow::Borrowed(_)));
        assert_eq!(
            redact(&format!("service_service_{}", "a".repeat(32))),
            "service_…<redacted>"
        );
        assert_eq!(redact("Peña ñandú service_"), "Peña ñandú service_");
        assert_eq!(
            redact_json(
                json!({"a": [key.clone(), 1], key.clone(): {"b": format!("Bearer {key}")}})
            ),
            json!({"a": ["service_…<redacted>", 1], "service_…<redacted>": {"b": "Bearer service_…<redacted>"}})
        );
    }
}

//! The request journal: the last API requests the sandbox received, so a
//! test can assert exactly what the client sent. It keeps the method, path,
//! raw query, content type, the body as the body parser read it, and the
//! response status — never the key or any other header.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::{json, Value as JsonValue};

use crate::body;
use crate::envelope::Envelope;
use crate::error::{Error, Result};
use crate::fault::DropConnection;

/// Requests kept; older ones are forgotten.
pub(crate) const CAPACITY: usize = 1_000;

/// One journalled request.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Entry {
    /// `GET`, `POST`, …
    pub method: String,
    /// Path without the query (`/task/task/`).
    pub path: String,
    /// Raw query string as sent (still percent-encoded), without `?`; null
    /// when the URL has none.
    pub query: Option<String>,
    /// The `Content-Type` header; null when absent.
    pub content_type: Option<String>,
    /// The body as one JSON object (form values are strings); null when the
    /// body is empty or could not be read.
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
        path: parts.uri.path().to_owned(),
        query: parts.uri.query().map(str::to_owned),
        content_type: content_type
            .as_ref()
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned()),
        body: JsonValue::Null,
        status: None,
    };
    let response = match body::read(request_body).await {
        Err(error) => error.into_response(),
        Ok(bytes) => {
            if !bytes.is_empty() {
                if let Ok(parsed) = body::parse(content_type.as_ref(), bytes.clone()).await {
                    entry.body = JsonValue::Object(parsed.fields);
                }
            }
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
    };
    if response.extensions().get::<DropConnection>().is_none() {
        entry.status = Some(response.status().as_u16());
    }
    journal.push(entry);
    response
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

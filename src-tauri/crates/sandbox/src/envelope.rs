//! The response envelope `{message, error, data}` of every response
//! (docs/service.md, "Response envelope"), and how errors are answered.

use axum::http::header::{RETRY_AFTER, WWW_AUTHENTICATE};
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::error::Error;

/// `{"message": ..., "error": ..., "data": ...}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Envelope<T> {
    /// Human-readable outcome.
    pub message: String,
    /// True when the request failed.
    pub error: bool,
    /// The record, page object, validation details or `{}`.
    pub data: T,
}

impl<T> Envelope<T> {
    /// A success envelope.
    pub fn ok(message: impl Into<String>, data: T) -> Self {
        Envelope {
            message: message.into(),
            error: false,
            data,
        }
    }
}

impl IntoResponse for Error {
    /// The error envelope with [`Error::status`]: `data` is the DRF-style
    /// details for validation errors (query or body) and `{}` otherwise. 401 answers carry
    /// `WWW-Authenticate: Bearer`, 429 answers `Retry-After` (seconds).
    fn into_response(self) -> Response {
        let data = match &self {
            Error::Validation(details) | Error::InvalidBody(details) => {
                serde_json::to_value(details).unwrap_or_default()
            }
            _ => serde_json::json!({}),
        };
        let status = self.status();
        let envelope = Envelope {
            message: self.to_string(),
            error: true,
            data,
        };
        let mut response = (status, Json(envelope)).into_response();
        let headers = response.headers_mut();
        match self {
            Error::MissingKey
            | Error::InvalidKey
            | Error::ExpiredKey
            | Error::DisabledKey
            | Error::DeletedKey => {
                headers.insert(WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            Error::RateLimited { retry_after } => {
                headers.insert(RETRY_AFTER, HeaderValue::from(retry_after));
            }
            _ => {}
        }
        response
    }
}

//! The sandbox's single error type: start-up failures and every failed request.
//!
//! Request failures become the service's error envelope
//! (`{"message", "error": true, "data"}`) in [`crate::envelope`]; the status
//! of each variant is [`Error::status`].

use std::net::SocketAddr;

use axum::http::StatusCode;

/// Result alias of the sandbox.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can go wrong in the sandbox.
///
/// [`start`](crate::start) only returns [`Error::Bind`] and
/// [`Error::InvalidConfig`]; the other variants are
/// request failures answered with the status of [`Error::status`] and the
/// `Display` text as the envelope's `message` (docs/service.md, "Errors and
/// status codes", the sandbox's column).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The listener could not be bound to (or could not report) its address.
    #[error("could not listen on {addr}: {source}")]
    Bind {
        /// Address that was asked for (`127.0.0.1:PORT`, port 0 = any free one).
        addr: SocketAddr,
        /// Why the operating system refused.
        #[source]
        source: std::io::Error,
    },
    /// A [`Config`](crate::Config) the sandbox cannot serve, named in the
    /// text (e.g. `leads` 0: the announced [`Ids`](crate::Ids) need a lead).
    /// Found before anything is bound.
    #[error("invalid configuration: {0}")]
    InvalidConfig(&'static str),
    /// 401: no `Authorization: Bearer …` header (docs/service.md, "Refused keys").
    #[error("Missing API key: send the header `Authorization: Bearer <key>`.")]
    MissingKey,
    /// 401: a bearer token that is not a known, well-formed `service_…` key.
    #[error("Invalid API key.")]
    InvalidKey,
    /// 401: a known key whose expiry is in the past.
    #[error("Expired API key.")]
    ExpiredKey,
    /// 401: a known key that was disabled.
    #[error("Disabled API key.")]
    DisabledKey,
    /// 401: a known key that its member deleted (revoked for good).
    #[error("Deleted API key: it was revoked.")]
    DeletedKey,
    /// 403: the key's member may not do this (a write with the read-only
    /// key; DRF's `PermissionDenied` message).
    #[error("You do not have permission to perform this action.")]
    PermissionDenied,
    /// 429: the key used up its fixed window (docs/service.md, "Rate limits").
    #[error("Rate limit exceeded: retry in {retry_after} s.")]
    RateLimited {
        /// Whole seconds until the window resets (at least 1), sent as `Retry-After`.
        retry_after: u64,
    },
    /// 404: `page` is not a positive integer or is past the last page (DRF "Invalid page.").
    #[error("Invalid page.")]
    InvalidPage,
    /// 400: query parameters that the list endpoint refuses, DRF style.
    #[error("Invalid query parameters: {0}")]
    Validation(FieldErrors),
    /// 400: body fields that a create or update refuses, DRF style.
    #[error("Invalid input: {0}")]
    InvalidBody(FieldErrors),
    /// 400: a body that cannot be read in its content type (e.g. broken JSON).
    #[error("Malformed request body: {0}.")]
    MalformedBody(String),
    /// 413: a body larger than the sandbox accepts (1 MiB).
    #[error("Request body too large.")]
    PayloadTooLarge,
    /// 415: a body in a content type other than JSON, form or multipart.
    #[error("Unsupported media type \"{0}\" in request.")]
    UnsupportedMediaType(String),
    /// 400: an `X-Sandbox-Fault` header or `POST /_sandbox/faults` naming no
    /// fault mode (see [`Fault`](crate::Fault)).
    #[error("Unknown fault mode \"{0}\".")]
    UnknownFault(String),
    /// The `drop` fault: the connection is closed without any response.
    /// Never answered; it makes the server close the connection.
    #[error("connection dropped by the `drop` fault")]
    Dropped,
    /// 404: no endpoint at this path.
    #[error("Not found.")]
    NotFound,
    /// 405: the path exists but not for this method.
    #[error("Method not allowed.")]
    MethodNotAllowed,
}

impl Error {
    /// HTTP status this error is answered with (500 for start-up errors and
    /// [`Error::Dropped`], which are never answered).
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Error::Bind { .. } | Error::InvalidConfig(_) | Error::Dropped => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            Error::MissingKey
            | Error::InvalidKey
            | Error::ExpiredKey
            | Error::DisabledKey
            | Error::DeletedKey => StatusCode::UNAUTHORIZED,
            Error::PermissionDenied => StatusCode::FORBIDDEN,
            Error::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Error::InvalidPage | Error::NotFound => StatusCode::NOT_FOUND,
            Error::Validation(_)
            | Error::InvalidBody(_)
            | Error::MalformedBody(_)
            | Error::UnknownFault(_) => StatusCode::BAD_REQUEST,
            Error::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Error::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Error::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        }
    }
}

/// DRF-style validation details: parameter or body field name -> list of
/// messages, e.g. `{"fields": ["Unknown field: x"]}` or
/// `{"title": ["This field is required."]}` — the engine's type, used for
/// query and body errors alike, holding the service's words only (the
/// engine's coded problems are worded by `messages::worded` first).
/// Serialises as that JSON object.
pub use workdesk_query::ValidationErrors as FieldErrors;

/// `Ok(())` when `errors` is empty, else [`Error::InvalidBody`] carrying it
/// (the 400 of a create or update).
pub(crate) fn body_result(errors: FieldErrors) -> Result<()> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Error::InvalidBody(errors))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_errors_group_messages_per_parameter() {
        let mut errors = FieldErrors::default();
        errors.add("fields", "Unknown field: x");
        errors.add("fields", "Unknown field: y");
        errors.add("colour", "Unknown filter.");
        assert_eq!(
            serde_json::to_value(&errors).unwrap(),
            serde_json::json!({"fields": ["Unknown field: x", "Unknown field: y"], "colour": ["Unknown filter."]})
        );
        assert_eq!(
            Error::Validation(errors).to_string(),
            "Invalid query parameters: colour: Unknown filter.; fields: Unknown field: x; fields: Unknown field: y"
        );
    }

    #[test]
    fn empty_field_errors_are_ok() {
        assert!(body_result(FieldErrors::default()).is_ok());
        let mut errors = FieldErrors::default();
        errors.add("title", "This field is required.");
        assert!(matches!(
            body_result(errors),
            Err(Error::InvalidBody(e)) if e.get("title").is_some()
        ));
    }
}

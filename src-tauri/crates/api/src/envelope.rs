//! The response envelope (`service-api.md` §Resources, "Response envelope").

use serde::Deserialize;

/// `{message, error, data}`: the body of every response.
///
/// Parsed tolerantly: a missing `message` is empty, a missing `error` is
/// false, a missing or null `data` is `None`.
#[derive(Debug, Clone, Deserialize)]
pub struct Envelope<T> {
    /// Human-readable outcome of the request.
    #[serde(default)]
    pub message: String,
    /// True when the request failed.
    #[serde(default)]
    pub error: bool,
    /// The record, the page object, or `{}`.
    #[serde(default = "Option::default")]
    pub data: Option<T>,
}

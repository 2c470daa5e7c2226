//! The response envelope (`docs/service.md`, "Response envelope").

use serde::{Deserialize, Deserializer};

/// `{message, error, data}`: the body of every response.
///
/// Parsed tolerantly: a missing or null `message` is empty, a missing or
/// null `error` is false, a missing or null `data` is `None`.
#[derive(Debug, Clone, Deserialize)]
pub struct Envelope<T> {
    /// Human-readable outcome of the request.
    #[serde(default, deserialize_with = "null_as_default")]
    pub message: String,
    /// True when the request failed.
    #[serde(default, deserialize_with = "null_as_default")]
    pub error: bool,
    /// The record, the page object, or `{}`.
    #[serde(default = "Option::default")]
    pub data: Option<T>,
}

/// Reads `null` as the type's default, for fields a service may send as null.
fn null_as_default<'de, D: Deserializer<'de>, T: Default + Deserialize<'de>>(
    d: D,
) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_message_and_error_read_as_defaults() {
        let e: Envelope<serde_json::Value> =
            serde_json::from_str(r#"{"message": null, "error": null, "data": {"a": 1}}"#).unwrap();
        assert_eq!((e.message.as_str(), e.error), ("", false));
        assert_eq!(e.data.unwrap()["a"], 1);
        let e: Envelope<serde_json::Value> = serde_json::from_str(r#"{"data": null}"#).unwrap();
        assert!(e.data.is_none());
    }
}

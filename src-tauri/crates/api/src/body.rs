//! Request bodies in the three content types the service accepts
//! (`docs/service.md`, "Request bodies"; [`BodyEncoding`]).

use reqwest::multipart;
use reqwest::RequestBuilder;
use serde::Serialize;
use serde_json::Value;

use crate::config::BodyEncoding;
use crate::error::{Error, Result};

/// Fields whose form value is always JSON text, even when the value is a
/// string (`custom_fields` accepts any JSON, so the service parses its form
/// value as JSON).
const JSON_TEXT_FIELDS: &[&str] = &["custom_fields"];

/// An encoded body, kept so the request can be rebuilt for a retry.
#[derive(Debug, Clone)]
pub(crate) enum Payload {
    /// `application/json` bytes.
    Json(Vec<u8>),
    /// Name/value pairs for `application/x-www-form-urlencoded`.
    Form(Vec<(String, String)>),
    /// Name/value pairs, one text part each, for `multipart/form-data`.
    Multipart(Vec<(String, String)>),
}

impl Payload {
    /// Encodes `body` (a struct, so a JSON object) as `encoding` asks.
    ///
    /// # Errors
    /// [`Error::InvalidBody`] if `body` cannot be serialized.
    pub(crate) fn encode(body: &impl Serialize, encoding: BodyEncoding) -> Result<Payload> {
        Ok(match encoding {
            BodyEncoding::Json => {
                Payload::Json(serde_json::to_vec(body).map_err(Error::InvalidBody)?)
            }
            BodyEncoding::Form => Payload::Form(text_pairs(body)?),
            BodyEncoding::Multipart => Payload::Multipart(text_pairs(body)?),
        })
    }

    /// Sets the body (and its content type) on `request`.
    pub(crate) fn attach(&self, request: RequestBuilder) -> RequestBuilder {
        match self {
            Payload::Json(bytes) => request
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(bytes.clone()),
            Payload::Form(pairs) => request.form(pairs),
            Payload::Multipart(pairs) => {
                let form = pairs
                    .iter()
                    .fold(multipart::Form::new(), |form, (name, value)| {
                        form.text(name.clone(), value.clone())
                    });
                request.multipart(form)
            }
        }
    }
}

/// The top-level fields of `body` as text: strings as they are, numbers and
/// booleans as JSON text, `null` as an empty value, objects, lists and
/// [`JSON_TEXT_FIELDS`] as JSON text.
fn text_pairs(body: &impl Serialize) -> Result<Vec<(String, String)>> {
    let Value::Object(fields) = serde_json::to_value(body).map_err(Error::InvalidBody)? else {
        return Ok(Vec::new());
    };
    Ok(fields
        .into_iter()
        .map(|(name, value)| {
            let text = match value {
                Value::Null => String::new(),
                Value::String(text) if !JSON_TEXT_FIELDS.contains(&name.as_str()) => text,
                other => other.to_string(),
            };
            (name, text)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn form_values_are_text_and_custom_fields_json() {
        let body = json!({"title": "Peña", "priority": 3, "done": false, "company": null,
                          "custom_fields": "x", "tags": ["a"]});
        let Payload::Form(pairs) = Payload::encode(&body, BodyEncoding::Form).unwrap() else {
            panic!("form expected")
        };
        let get = |name: &str| pairs.iter().find(|(n, _)| n == name).unwrap().1.clone();
        assert_eq!(get("title"), "Peña");
        assert_eq!(get("priority"), "3");
        assert_eq!(get("done"), "false");
        assert_eq!(get("company"), "");
        assert_eq!(get("custom_fields"), "\"x\"");
        assert_eq!(get("tags"), "[\"a\"]");
    }
}

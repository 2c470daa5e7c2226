//! Request bodies of create and update operations, accepted as
//! `application/json`, `application/x-www-form-urlencoded` or
//! `multipart/form-data` (docs/service.md, "Request bodies")
//! and read into one JSON object, the way DRF's parsers fill `request.data`.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use serde_json::{Map, Value as Json};
use url::form_urlencoded;

use crate::error::{Error, Result};

/// Largest body read: 1 MiB.
pub(crate) const LIMIT: usize = 1024 * 1024;

/// How the body was encoded, which decides how its values are typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// JSON: values keep their JSON types.
    Json,
    /// Form or multipart: every value is a string (or absent).
    Form,
}

/// A body read into a JSON object.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Parsed {
    /// How it was encoded.
    pub encoding: Encoding,
    /// Its fields. For forms, a name given twice keeps its last value
    /// (Django's `QueryDict.get`); multipart file parts are ignored.
    pub fields: Map<String, Json>,
}

/// Reads `bytes` sent with `content_type`.
///
/// An empty body is an empty object whatever the content type. Otherwise
/// the media type (parameters and case ignored) picks the parser.
///
/// # Errors
///
/// [`Error::UnsupportedMediaType`] for a non-empty body of another (or no)
/// content type; [`Error::MalformedBody`] for JSON that does not parse or is
/// not an object, and for a broken multipart body.
pub(crate) async fn parse(content_type: Option<&HeaderValue>, bytes: Bytes) -> Result<Parsed> {
    if bytes.is_empty() {
        return Ok(Parsed {
            encoding: Encoding::Json,
            fields: Map::new(),
        });
    }
    let raw = content_type
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    let media_type = raw
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match media_type.as_str() {
        "application/json" => json(&bytes),
        "application/x-www-form-urlencoded" => Ok(form(&bytes)),
        "multipart/form-data" => multipart(content_type, bytes).await,
        _ => Err(Error::UnsupportedMediaType(raw.to_owned())),
    }
}

fn json(bytes: &[u8]) -> Result<Parsed> {
    match serde_json::from_slice::<Json>(bytes) {
        Ok(Json::Object(fields)) => Ok(Parsed {
            encoding: Encoding::Json,
            fields,
        }),
        Ok(other) => Err(Error::MalformedBody(format!(
            "expected a JSON object, got {}",
            kind(&other)
        ))),
        Err(error) => Err(Error::MalformedBody(format!("JSON parse error: {error}"))),
    }
}

fn kind(value: &Json) -> &'static str {
    match value {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "a list",
        Json::Object(_) => "an object",
    }
}

fn form(bytes: &[u8]) -> Parsed {
    let fields = form_urlencoded::parse(bytes)
        .map(|(name, value)| (name.into_owned(), Json::String(value.into_owned())))
        .collect();
    Parsed {
        encoding: Encoding::Form,
        fields,
    }
}

async fn multipart(content_type: Option<&HeaderValue>, bytes: Bytes) -> Result<Parsed> {
    let malformed = |error: &dyn std::fmt::Display| {
        Error::MalformedBody(format!("multipart form parse error: {error}"))
    };
    let mut request = Request::new(Body::from(bytes));
    if let Some(value) = content_type {
        request.headers_mut().insert(CONTENT_TYPE, value.clone());
    }
    let mut parts = Multipart::from_request(request, &())
        .await
        .map_err(|e| malformed(&e))?;
    let mut fields = Map::new();
    while let Some(part) = parts.next_field().await.map_err(|e| malformed(&e))? {
        let Some(name) = part.name().map(str::to_owned) else {
            continue;
        };
        if part.file_name().is_some() {
            continue;
        }
        let value = part.text().await.map_err(|e| malformed(&e))?;
        fields.insert(name, Json::String(value));
    }
    Ok(Parsed {
        encoding: Encoding::Form,
        fields,
    })
}

/// Extractor of a create or update body (see [`parse`]).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RequestBody(pub Parsed);

impl<S: Send + Sync> FromRequest<S> for RequestBody {
    type Rejection = Error;

    async fn from_request(request: Request, _state: &S) -> Result<Self> {
        let content_type = request.headers().get(CONTENT_TYPE).cloned();
        let bytes = read(request.into_body()).await?;
        parse(content_type.as_ref(), bytes).await.map(RequestBody)
    }
}

/// The whole body, up to [`LIMIT`].
///
/// # Errors
///
/// [`Error::PayloadTooLarge`] past the limit, [`Error::MalformedBody`] when
/// the connection fails while reading.
pub(crate) async fn read(body: Body) -> Result<Bytes> {
    axum::body::to_bytes(body, LIMIT).await.map_err(|error| {
        let too_large = std::error::Error::source(&error)
            .is_some_and(<dyn std::error::Error>::is::<http_body_util::LengthLimitError>);
        if too_large {
            Error::PayloadTooLarge
        } else {
            Error::MalformedBody(error.to_string())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn read(content_type: &str, body: &'static str) -> Result<Parsed> {
        let value = HeaderValue::from_str(content_type).unwrap();
        parse(Some(&value), Bytes::from_static(body.as_bytes())).await
    }

    #[tokio::test]
    async fn json_objects_keep_their_types() {
        let parsed = read(
            "application/json; charset=utf-8",
            r#"{"title": "Llamar", "priority": 3, "custom_fields": {"a": [1]}}"#,
        )
        .await
        .unwrap();
        assert_eq!(parsed.encoding, Encoding::Json);
        assert_eq!(parsed.fields["priority"], 3);
        assert_eq!(
            parsed.fields["custom_fields"],
            serde_json::json!({"a": [1]})
        );
    }

    #[tokio::test]
    async fn forms_are_strings_and_the_last_value_wins() {
        let parsed = read(
            "application/x-www-form-urlencoded",
            "title=Llamar+a+Pe%C3%B1a&priority=1&priority=2",
        )
        .await
        .unwrap();
        assert_eq!(parsed.encoding, Encoding::Form);
        assert_eq!(parsed.fields["title"], "Llamar a Peña");
        assert_eq!(parsed.fields["priority"], "2");
    }

    #[tokio::test]
    async fn multipart_text_parts_become_fields() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nÓptica\r\n\
--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nignored\r\n--XyZ--\r\n";
        let parsed = read("multipart/form-data; boundary=XyZ", body)
            .await
            .unwrap();
        assert_eq!(parsed.encoding, Encoding::Form);
        assert_eq!(
            serde_json::Value::Object(parsed.fields),
            serde_json::json!({"title": "Óptica"})
        );
    }

    #[tokio::test]
    async fn refuses_other_types_and_broken_bodies() {
        assert!(matches!(
            read("text/plain", "title=x").await,
            Err(Error::UnsupportedMediaType(t)) if t == "text/plain"
        ));
        assert!(matches!(
            read("application/json", "{\"title\": ").await,
            Err(Error::MalformedBody(_))
        ));
        assert!(matches!(
            read("application/json", "[1]").await,
            Err(Error::MalformedBody(m)) if m.contains("list")
        ));
        assert!(matches!(
            read("multipart/form-data", "--x\r\n").await,
            Err(Error::MalformedBody(_))
        ));
        let empty = parse(None, Bytes::new()).await.unwrap();
        assert!(empty.fields.is_empty());
    }
}

//! Validation of create and update bodies, DRF style: each accepted field
//! has a kind and bounds; values are coerced the way DRF serializer fields
//! do (numeric strings and whole floats for integers, numbers for strings;
//! in forms an empty value means null on a nullable field) and every
//! problem is reported at once, per field, with DRF's messages.

use serde_json::Value as Json;
use uuid::Uuid;

use crate::body::{Encoding, Parsed};
use crate::data::ToCell;
use crate::error::FieldErrors;

/// What one body field accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Input {
    /// Field name in the body and the record.
    pub name: &'static str,
    /// Its type and bounds.
    pub kind: Kind,
    /// Must be present on create.
    pub required: bool,
    /// May be `null`.
    pub nullable: bool,
}

/// Types of body fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A string, trimmed (DRF `trim_whitespace`), at most `max_chars`
    /// characters when set; blank only when `blank`. A JSON number becomes
    /// its text (`123` → `"123"`, DRF `CharField`); booleans, lists and
    /// objects are refused, as DRF refuses them.
    Text {
        /// Most characters allowed (after trimming); `None`: no limit.
        max_chars: Option<usize>,
        /// Whether an empty (or all-blank) string is allowed.
        blank: bool,
    },
    /// A whole number in `min..=max`, as DRF's `IntegerField` reads it: a
    /// JSON integer, a JSON number with no fraction (`1.0`), or a string
    /// of one (`"7"`, `" 7 "`, `"7.0"`); `1.5` and booleans are refused.
    Integer {
        /// Smallest value allowed.
        min: i64,
        /// Largest value allowed.
        max: i64,
    },
    /// A UUID in any of its spellings, stored lower-case hyphenated.
    Uuid,
    /// A date-time as the list filters read it: blanks around it ignored,
    /// then [`workdesk_query::parse_date_time`] (RFC 3339 with `T`, `t` or
    /// a space, offsets `Z`, `+02:00`, `+0200`, `+02`, none = UTC, a bare
    /// date = 00:00:00 UTC). Stored as RFC 3339 UTC.
    DateTime,
    /// Any JSON (`custom_fields`); in forms, the text of a JSON value.
    Json,
}

impl Input {
    /// An optional, nullable field.
    pub const fn optional(name: &'static str, kind: Kind) -> Input {
        Input {
            name,
            kind,
            required: false,
            nullable: true,
        }
    }

    /// A required field that may not be null.
    pub const fn required(name: &'static str, kind: Kind) -> Input {
        Input {
            name,
            kind,
            required: true,
            nullable: false,
        }
    }
}

/// A text field of at most `max_chars` characters that may be blank.
pub(crate) const fn text(max_chars: usize) -> Kind {
    Kind::Text {
        max_chars: Some(max_chars),
        blank: true,
    }
}

const REQUIRED: &str = "This field is required.";
const NOT_NULL: &str = "This field may not be null.";
const NOT_BLANK: &str = "This field may not be blank.";
const NOT_STRING: &str = "Not a valid string.";
const NOT_INTEGER: &str = "A valid integer is required.";
const NOT_UUID: &str = "Must be a valid UUID.";
const NOT_JSON: &str = "Value must be valid JSON.";
const NOT_DATE_TIME: &str = "Datetime has wrong format. Use one of these formats instead: \
YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].";

/// Validates `body` against `inputs`. Returns the accepted fields, typed as
/// record cells, in `inputs` order; fields the body does not mention are
/// left out (and are "required" errors on create, when `partial` is false).
/// Fields the body has but `inputs` does not are ignored (DRF). Problems go
/// to `errors`, keyed by field name.
pub(crate) fn validate(
    inputs: &[Input],
    body: &Parsed,
    partial: bool,
    errors: &mut FieldErrors,
) -> Vec<(&'static str, Json)> {
    let mut accepted = Vec::new();
    for input in inputs {
        match body.fields.get(input.name) {
            None if input.required && !partial => errors.add(input.name, REQUIRED),
            None => {}
            Some(raw) => match clean(input, raw, body.encoding) {
                Ok(value) => accepted.push((input.name, value)),
                Err(message) => errors.add(input.name, message),
            },
        }
    }
    accepted
}

/// The cell of one present value, or DRF's message.
fn clean(input: &Input, raw: &Json, encoding: Encoding) -> Result<Json, String> {
    let empty_form_value = encoding == Encoding::Form && raw.as_str() == Some("");
    if raw.is_null() || (empty_form_value && input.nullable) {
        return if input.nullable {
            Ok(Json::Null)
        } else {
            Err(NOT_NULL.to_owned())
        };
    }
    match input.kind {
        Kind::Text { max_chars, blank } => clean_text(raw, max_chars, blank),
        Kind::Integer { min, max } => clean_integer(raw, min, max),
        Kind::Uuid => raw
            .as_str()
            .and_then(|text| Uuid::parse_str(text.trim()).ok())
            .map(ToCell::to_cell)
            .ok_or_else(|| NOT_UUID.to_owned()),
        Kind::DateTime => raw
            .as_str()
            .and_then(|text| workdesk_query::parse_date_time(text.trim()))
            .map(ToCell::to_cell)
            .ok_or_else(|| NOT_DATE_TIME.to_owned()),
        Kind::Json => match (encoding, raw) {
            (Encoding::Form, Json::String(text)) => {
                serde_json::from_str(text).map_err(|_| NOT_JSON.to_owned())
            }
            (_, value) => Ok(value.clone()),
        },
    }
}

fn clean_text(raw: &Json, max_chars: Option<usize>, blank: bool) -> Result<Json, String> {
    let number;
    let text = match raw {
        Json::String(text) => text.as_str(),
        Json::Number(value) => {
            number = value.to_string();
            number.as_str()
        }
        _ => return Err(NOT_STRING.to_owned()),
    }
    .trim();
    if text.is_empty() && !blank {
        return Err(NOT_BLANK.to_owned());
    }
    if let Some(max) = max_chars {
        if text.chars().count() > max {
            return Err(format!(
                "Ensure this field has no more than {max} characters."
            ));
        }
    }
    Ok(Json::String(text.to_owned()))
}

fn clean_integer(raw: &Json, min: i64, max: i64) -> Result<Json, String> {
    let number = match raw {
        Json::Number(number) => number
            .as_i64()
            .or_else(|| number.as_u64().map(|_| i64::MAX))
            .or_else(|| number.as_f64().and_then(whole)),
        Json::String(text) => integer_text(text),
        _ => None,
    }
    .ok_or_else(|| NOT_INTEGER.to_owned())?;
    if number < min {
        return Err(format!(
            "Ensure this value is greater than or equal to {min}."
        ));
    }
    if number > max {
        return Err(format!("Ensure this value is less than or equal to {max}."));
    }
    Ok(Json::from(number))
}

/// A float with no fraction as an integer. Like DRF, which reads
/// `int(str(value))` after dropping a trailing `.0`: floats from 1e16 on
/// print with an exponent there and are refused.
fn whole(value: f64) -> Option<i64> {
    const EXPONENT_FROM: f64 = 1e16;
    (value.fract() == 0.0 && value.abs() < EXPONENT_FROM).then_some(value as i64)
}

/// An integer in text as DRF's `IntegerField` reads it: a trailing `.`
/// with only zeros after it (and blanks) is dropped, then the rest, blanks
/// around it ignored, must be a decimal integer with an optional sign.
/// Integers beyond `i64` are clamped to it (they fail the bounds anyway).
fn integer_text(text: &str) -> Option<i64> {
    let trimmed = text.trim_end();
    let without_fraction = match trimmed.rfind('.') {
        Some(dot) if trimmed[dot + 1..].bytes().all(|b| b == b'0') => &trimmed[..dot],
        _ => trimmed,
    };
    let number: i128 = without_fraction.trim().parse().ok()?;
    Some(number.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const INPUTS: &[Input] = &[
        Input::required(
            "title",
            Kind::Text {
                max_chars: Some(5),
                blank: false,
            },
        ),
        Input::optional("priority", Kind::Integer { min: -3, max: 3 }),
        Input::optional("start", Kind::DateTime),
        Input::optional("owner", Kind::Uuid),
        Input::optional("custom_fields", Kind::Json),
    ];

    fn run(encoding: Encoding, fields: Json, partial: bool) -> Result<Json, FieldErrors> {
        let body = Parsed {
            encoding,
            fields: fields.as_object().unwrap().clone(),
        };
        let mut errors = FieldErrors::default();
        let accepted = validate(INPUTS, &body, partial, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Json::Object(
            accepted
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        ))
    }

    /// The messages for `field`, if any.
    fn said(errors: &FieldErrors, field: &str) -> Option<Vec<String>> {
        errors
            .get(field)
            .map(|reasons| reasons.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn coerces_json_and_form_values() {
        assert_eq!(
            run(
                Encoding::Json,
                json!({"title": " Hola ", "priority": "-3", "start": "2025-03-04T12:00:00+02:00",
                       "owner": "A0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5", "custom_fields": {"k": 1}, "x": 1}),
                false
            )
            .unwrap(),
            json!({"title": "Hola", "priority": -3, "start": "2025-03-04T10:00:00Z",
                   "owner": "a0b1c2d3-e4f5-a6b7-c8d9-e0f1a2b3c4d5", "custom_fields": {"k": 1}})
        );
        assert_eq!(
            run(
                Encoding::Form,
                json!({"title": "Peña", "priority": "", "start": "2025-03-04 08:30", "custom_fields": "null"}),
                false
            )
            .unwrap(),
            json!({"title": "Peña", "priority": null, "start": "2025-03-04T08:30:00Z", "custom_fields": null})
        );
    }

    #[test]
    fn reports_every_problem_with_drf_messages() {
        let errors = run(
            Encoding::Json,
            json!({"title": "123456", "priority": 4, "start": "yesterday", "owner": "x", "custom_fields": null}),
            false,
        )
        .unwrap_err();
        assert_eq!(
            serde_json::to_value(&errors).unwrap(),
            json!({
                "title": ["Ensure this field has no more than 5 characters."],
                "priority": ["Ensure this value is less than or equal to 3."],
                "start": [NOT_DATE_TIME],
                "owner": ["Must be a valid UUID."],
            })
        );
        let errors = run(Encoding::Json, json!({"priority": 1.5}), false).unwrap_err();
        assert_eq!(
            serde_json::to_value(&errors).unwrap(),
            json!({"title": [REQUIRED], "priority": [NOT_INTEGER]})
        );
        let errors = run(
            Encoding::Form,
            json!({"title": "", "custom_fields": "{"}),
            true,
        )
        .unwrap_err();
        assert_eq!(
            serde_json::to_value(&errors).unwrap(),
            json!({"title": [NOT_BLANK], "custom_fields": [NOT_JSON]})
        );
        let errors = run(Encoding::Json, json!({"title": null}), true).unwrap_err();
        assert_eq!(
            serde_json::to_value(&errors).unwrap(),
            json!({"title": [NOT_NULL]})
        );
    }

    #[test]
    fn integers_and_strings_are_coerced_like_drf() {
        let accepted = run(Encoding::Json, json!({"title": 12, "priority": 2.0}), false).unwrap();
        assert_eq!(accepted, json!({"title": "12", "priority": 2}));
        assert_eq!(
            run(Encoding::Json, json!({"title": 1.5}), false).unwrap()["title"],
            "1.5"
        );
        for (text, value) in [
            (" 3 ", 3),
            ("-2.0", -2),
            ("+1", 1),
            ("3.", 3),
            ("1.000 ", 1),
        ] {
            let accepted = run(
                Encoding::Json,
                json!({"title": "x", "priority": text}),
                true,
            );
            assert_eq!(accepted.unwrap()["priority"], value, "{text:?}");
        }
        for bad in [
            json!(1.5),
            json!("1.5"),
            json!(true),
            json!("1e2"),
            json!([1]),
            json!(""),
        ] {
            let errors = run(Encoding::Json, json!({"priority": bad}), true).unwrap_err();
            assert_eq!(
                said(&errors, "priority"),
                Some(vec![NOT_INTEGER.to_owned()]),
                "{bad}"
            );
        }
        let errors = run(Encoding::Json, json!({"priority": 1e20}), true).unwrap_err();
        assert_eq!(
            said(&errors, "priority"),
            Some(vec![NOT_INTEGER.to_owned()])
        );
        for huge in [json!(u64::MAX), json!("99999999999999999999")] {
            let errors = run(Encoding::Json, json!({"priority": huge}), true).unwrap_err();
            assert_eq!(
                said(&errors, "priority"),
                Some(vec![
                    "Ensure this value is less than or equal to 3.".to_owned()
                ])
            );
        }
        for bad in [json!(true), json!(["x"]), json!({"x": 1})] {
            let errors = run(Encoding::Json, json!({"title": bad}), true).unwrap_err();
            assert_eq!(
                said(&errors, "title"),
                Some(vec![NOT_STRING.to_owned()]),
                "{bad}"
            );
        }
        let errors = run(Encoding::Json, json!({"title": 123_456}), true).unwrap_err();
        assert_eq!(
            said(&errors, "title"),
            Some(vec![
                "Ensure this field has no more than 5 characters.".to_owned()
            ])
        );
    }

    #[test]
    fn date_times_are_read_as_the_filters_read_them() {
        for (text, stored) in [
            ("2025-03-04T12:00:00+02:00", "2025-03-04T10:00:00Z"),
            ("2025-03-04t12:00:00+0200", "2025-03-04T10:00:00Z"),
            ("2025-03-04 12:00+02", "2025-03-04T10:00:00Z"),
            ("2025-03-04T10:00:00", "2025-03-04T10:00:00Z"),
            ("2025-03-04", "2025-03-04T00:00:00Z"),
        ] {
            let accepted = run(Encoding::Json, json!({"start": text}), true).unwrap();
            assert_eq!(accepted["start"], stored, "{text}");
        }
        for text in ["", "2025-03-04T", "04/03/2025", "2025-03-04T10:00:00+2"] {
            let errors = run(Encoding::Json, json!({"start": text}), true).unwrap_err();
            assert_eq!(
                said(&errors, "start"),
                Some(vec![NOT_DATE_TIME.to_owned()]),
                "{text}"
            );
        }
    }

    #[test]
    fn partial_updates_need_nothing() {
        assert_eq!(run(Encoding::Json, json!({}), true).unwrap(), json!({}));
    }
}

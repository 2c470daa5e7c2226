//! Typed values: filter operands read from the query string and record
//! values read from JSON, compared by their schema type
//! (docs/service.md, "Typed comparisons").

use crate::error::Problem;
use std::cmp::Ordering;
use std::str::FromStr;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value as Json;
use uuid::Uuid;

use crate::schema::FieldType;

/// A value typed by its field's [`FieldType`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// JSON `null` or an absent field.
    Null,
    /// Text, and the codes of enumerations.
    String(String),
    /// A UUID.
    Uuid(Uuid),
    /// A whole number.
    Integer(i64),
    /// A decimal, exact (never a float).
    Decimal(Decimal),
    /// An instant, UTC.
    DateTime(DateTime<Utc>),
    /// A calendar date.
    Date(NaiveDate),
    /// `true` / `false`.
    Boolean(bool),
}

impl Value {
    /// Whether this is [`Value::Null`].
    #[must_use]
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Reads a filter value written in a query string as a value of `kind`.
    ///
    /// Date-times are RFC 3339 / ISO 8601 (`2025-03-04T10:00:00Z`,
    /// `…+02:00`, see [`parse_date_time`]); one without an offset is UTC, and
    /// a bare date `YYYY-MM-DD` means 00:00:00 UTC that day. Booleans are
    /// `true` / `false` in any case, or `1` / `0`. Decimals are exact
    /// (`-12.50`, `1e6`), never floats. Blanks around typed values are ignored.
    ///
    /// # Errors
    ///
    /// The [`Problem`] saying what is expected, by code (`not_a_number`,
    /// `not_a_date_time`, `plus_not_encoded` for a date-time whose `+`
    /// arrived as a space, …) with the `value` typed.
    pub fn parse(kind: FieldType, text: &str) -> Result<Value, Problem> {
        // Like Django's form fields, typed values ignore surrounding blanks.
        let text = match kind {
            FieldType::String | FieldType::Enum(_) | FieldType::Json => text,
            _ => text.trim(),
        };
        match kind {
            FieldType::String | FieldType::Enum(_) | FieldType::Json => {
                Ok(Value::String(text.to_owned()))
            }
            FieldType::Uuid => Uuid::try_parse(text)
                .map(Value::Uuid)
                .map_err(|_| Problem::new("not_a_uuid", [("value", text)])),
            FieldType::Integer => text
                .parse::<i64>()
                .map(Value::Integer)
                .map_err(|_| Problem::new("not_an_integer", [("value", text)])),
            FieldType::Decimal => {
                let decimal = parse_decimal(text)
                    .ok_or_else(|| Problem::new("not_a_number", [("value", text)]))?;
                if !within_decimal_bounds(&decimal) {
                    return Err(Problem::new(
                        "decimal_bounds",
                        [
                            ("value", text),
                            ("before", &DECIMAL_INTEGER_DIGITS.to_string()),
                            ("after", &DECIMAL_FRACTION_DIGITS.to_string()),
                        ],
                    ));
                }
                Ok(Value::Decimal(decimal))
            }
            FieldType::DateTime => parse_date_time(text).map(Value::DateTime).ok_or_else(|| {
                // A `+` sent unencoded arrives as a space: say so when that is the fault.
                let plus = text
                    .rfind(' ')
                    .map(|at| format!("{}+{}", &text[..at], &text[at + 1..]));
                if plus.is_some_and(|fixed| parse_date_time(&fixed).is_some()) {
                    Problem::new("plus_not_encoded", [("value", text)])
                } else {
                    Problem::new("not_a_date_time", [("value", text)])
                }
            }),
            FieldType::Date => NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map(Value::Date)
                .map_err(|_| Problem::new("not_a_date", [("value", text)])),
            FieldType::Boolean => parse_boolean(text)
                .map(Value::Boolean)
                .ok_or_else(|| Problem::new("not_a_boolean", [("value", text)])),
        }
    }

    /// Reads a record's JSON value as a value of `kind`. Absent and `null`
    /// are [`Value::Null`]; a value that does not fit `kind` (a malformed
    /// record) is kept as its text, so it matches no typed operand and sorts
    /// after every well-typed value.
    #[must_use]
    pub fn from_json(kind: FieldType, json: Option<&Json>) -> Value {
        let text = match json {
            None | Some(Json::Null) => return Value::Null,
            Some(Json::String(text)) => text.as_str(),
            Some(Json::Bool(flag)) if kind == FieldType::Boolean => return Value::Boolean(*flag),
            Some(Json::Number(number)) => {
                match kind {
                    FieldType::Integer => {
                        if let Some(integer) = number.as_i64() {
                            return Value::Integer(integer);
                        }
                    }
                    FieldType::Decimal => {
                        if let Some(decimal) = parse_decimal(&number.to_string()) {
                            return Value::Decimal(decimal);
                        }
                    }
                    _ => {}
                }
                return Value::String(number.to_string());
            }
            Some(other) => return Value::String(other.to_string()),
        };
        match kind {
            FieldType::String | FieldType::Enum(_) | FieldType::Json => {
                Value::String(text.to_owned())
            }
            _ => Value::parse(kind, text).unwrap_or_else(|_| Value::String(text.to_owned())),
        }
    }

    /// The text the string operators (`iexact`, `icontains`, `startswith`)
    /// look at: strings as they are, UUIDs hyphenated lower-case.
    #[must_use]
    pub fn text(&self) -> Option<std::borrow::Cow<'_, str>> {
        match self {
            Value::String(text) => Some(text.as_str().into()),
            Value::Uuid(uuid) => Some(uuid.hyphenated().to_string().into()),
            _ => None,
        }
    }

    /// Order of two values of the same type; `None` across types (a typed
    /// operand never matches an ill-typed record value).
    #[must_use]
    pub fn compare(&self, other: &Value) -> Option<Ordering> {
        match (self, other) {
            (Value::String(a), Value::String(b)) => Some(a.cmp(b)),
            (Value::Uuid(a), Value::Uuid(b)) => Some(a.cmp(b)),
            (Value::Integer(a), Value::Integer(b)) => Some(a.cmp(b)),
            (Value::Decimal(a), Value::Decimal(b)) => Some(a.cmp(b)),
            (Value::DateTime(a), Value::DateTime(b)) => Some(a.cmp(b)),
            (Value::Date(a), Value::Date(b)) => Some(a.cmp(b)),
            (Value::Boolean(a), Value::Boolean(b)) => Some(a.cmp(b)),
            _ => None,
        }
    }

    /// A total order for sorting: by type first (well-typed values before
    /// ill-typed text), then by [`Value::compare`]. Nulls are placed by the
    /// caller.
    #[must_use]
    pub fn total_cmp(&self, other: &Value) -> Ordering {
        self.compare(other)
            .unwrap_or_else(|| self.rank().cmp(&other.rank()))
    }

    fn rank(&self) -> u8 {
        match self {
            Value::Null => 0,
            Value::Uuid(_) => 1,
            Value::Integer(_) => 2,
            Value::Decimal(_) => 3,
            Value::DateTime(_) => 4,
            Value::Date(_) => 5,
            Value::Boolean(_) => 6,
            Value::String(_) => 7,
        }
    }
}

/// Most digits a decimal filter value has before the point
/// (docs/service.md, "Common field rules": the service's decimals hold 14
/// digits before the point and 6 after it; "Operators" lists what the
/// engine refuses beyond the service's own rules).
pub const DECIMAL_INTEGER_DIGITS: u32 = 14;
/// Most digits a decimal has after the point.
pub const DECIMAL_FRACTION_DIGITS: u32 = 6;

/// Whether `decimal` fits the service's decimals: at most
/// [`DECIMAL_INTEGER_DIGITS`] before the point and
/// [`DECIMAL_FRACTION_DIGITS`] after it (trailing zeros after the point do
/// not count: `1.500000000` is `1.5`). Outside them, a decimal field's
/// value is kept as its text ([`Value::from_json`]).
#[must_use]
pub fn within_decimal_bounds(decimal: &Decimal) -> bool {
    let normal = decimal.normalize();
    let integer_digits = normal
        .trunc()
        .abs()
        .to_string()
        .trim_start_matches('0')
        .len();
    normal.scale() <= DECIMAL_FRACTION_DIGITS && integer_digits <= DECIMAL_INTEGER_DIGITS as usize
}

/// A decimal (`-12.50`, `7`, `.5`, `1e6`), exact, never through a float.
fn parse_decimal(text: &str) -> Option<Decimal> {
    if text.is_empty() || text.contains('_') {
        return None;
    }
    if text.contains(['e', 'E']) {
        return Decimal::from_scientific(text).ok();
    }
    Decimal::from_str(text).ok()
}

/// `true` / `false` in any case, or `1` / `0` (django-filter's boolean values).
pub(crate) fn parse_boolean(text: &str) -> Option<bool> {
    if text.eq_ignore_ascii_case("true") || text == "1" {
        Some(true)
    } else if text.eq_ignore_ascii_case("false") || text == "0" {
        Some(false)
    } else {
        None
    }
}

/// Reads a date-time the way the service's filters and request bodies do
/// (docs/service.md, "Typed comparisons"), as an instant in UTC:
///
/// * RFC 3339 / ISO 8601 with `T`, `t` or a space between date and time,
///   seconds and fractions optional: `2025-03-04T10:00:00Z`,
///   `2025-03-04 10:00`, `2025-03-04T10:00:00.250+02:00`;
/// * offsets `Z`, `+02:00`, `+0200` or `+02`; none means UTC;
/// * a bare date `2025-03-04`: 00:00:00 UTC that day.
///
/// `None` for anything else (including a `+` decoded to a space).
#[must_use]
pub fn parse_date_time(text: &str) -> Option<DateTime<Utc>> {
    // The longest spelling above (nanoseconds and an offset) is 35 bytes:
    // anything much longer is not a date-time, however it was built.
    if text.len() > 64 {
        return None;
    }
    if let Ok(instant) = DateTime::parse_from_rfc3339(text) {
        return Some(instant.with_timezone(&Utc));
    }
    if text.len() == 10 {
        let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
        return date.and_hms_opt(0, 0, 0).map(|naive| naive.and_utc());
    }
    // One spelling of the separator, then offsets chrono's RFC 3339 reader refuses.
    let mut normal = text.to_owned();
    if matches!(normal.as_bytes().get(10), Some(b' ' | b't')) {
        normal.replace_range(10..11, "T");
    }
    for format in ["%Y-%m-%dT%H:%M:%S%.f%#z", "%Y-%m-%dT%H:%M%#z"] {
        if let Ok(instant) = DateTime::parse_from_str(&normal, format) {
            return Some(instant.with_timezone(&Utc));
        }
    }
    // No offset, or `Z` on a time without seconds: UTC.
    let naive = normal.strip_suffix(['Z', 'z']).unwrap_or(&normal);
    ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"]
        .into_iter()
        .find_map(|format| NaiveDateTime::parse_from_str(naive, format).ok())
        .map(|naive| naive.and_utc())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_keep_to_the_services_digits() {
        for ok in [
            "99999999999999.999999",
            "-99999999999999.999999",
            "0.000001",
            "1.500000000",
            "1e13",
            "0",
        ] {
            assert!(Value::parse(FieldType::Decimal, ok).is_ok(), "{ok}");
        }
        for (text, why) in [
            ("100000000000000", "15 digits before the point"),
            ("0.0000001", "7 after it"),
            ("1e14", "15 digits written short"),
        ] {
            let problem = Value::parse(FieldType::Decimal, text).unwrap_err();
            assert_eq!(problem.code.name, "decimal_bounds", "{text}: {why}");
            assert_eq!(
                problem
                    .code
                    .values
                    .iter()
                    .find(|(k, _)| *k == "before")
                    .map(|(_, v)| v.as_str()),
                Some("14")
            );
        }
    }

    #[test]
    fn decimals_compare_as_decimals_not_text() {
        let a = Value::parse(FieldType::Decimal, "10.5").unwrap();
        let b = Value::parse(FieldType::Decimal, "9").unwrap();
        assert_eq!(a.compare(&b), Some(Ordering::Greater));
        let c = Value::parse(FieldType::Decimal, "10.50").unwrap();
        assert_eq!(a.compare(&c), Some(Ordering::Equal));
        assert!(Value::parse(FieldType::Decimal, "NaN").is_err());
        assert!(Value::parse(FieldType::Decimal, "1_000").is_err());
    }

    #[test]
    fn date_times_are_instants_and_bare_dates_are_utc_midnight() {
        let offset = Value::parse(FieldType::DateTime, "2025-03-04T12:00:00+02:00").unwrap();
        let utc = Value::parse(FieldType::DateTime, "2025-03-04T10:00:00Z").unwrap();
        assert_eq!(offset, utc);
        let date = Value::parse(FieldType::DateTime, "2025-03-04").unwrap();
        let midnight = Value::parse(FieldType::DateTime, "2025-03-04T00:00:00Z").unwrap();
        assert_eq!(date, midnight);
        let naive = Value::parse(FieldType::DateTime, "2025-03-04T10:00:00").unwrap();
        assert_eq!(naive, utc);
    }

    #[test]
    fn date_time_spellings_filters_and_bodies_accept() {
        let utc = parse_date_time("2025-03-04T10:00:00Z").unwrap();
        for same in [
            "2025-03-04T12:00:00+02:00",
            "2025-03-04T12:00:00+0200",
            "2025-03-04T12:00:00+02",
            "2025-03-04 10:00:00",
            "2025-03-04t10:00:00z",
            "2025-03-04T10:00",
            "2025-03-04 12:00+02:00",
            "2025-03-04T10:00:00.000Z",
            "2025-03-04T10:00:00",
        ] {
            assert_eq!(parse_date_time(same), Some(utc), "{same}");
        }
        assert_eq!(
            parse_date_time("2025-03-04"),
            parse_date_time("2025-03-04T00:00:00Z")
        );
        for bad in [
            "2025-03-04T10:00:00 02:00",
            "2025-13-01",
            "yesterday",
            "",
            "2025-03-04T25:00",
        ] {
            assert_eq!(parse_date_time(bad), None, "{bad}");
        }
    }

    #[test]
    fn typed_values_ignore_blanks_and_read_django_spellings() {
        assert_eq!(
            Value::parse(FieldType::Integer, " 2 "),
            Ok(Value::Integer(2))
        );
        assert_eq!(
            Value::parse(FieldType::Boolean, "1"),
            Ok(Value::Boolean(true))
        );
        assert_eq!(
            Value::parse(FieldType::Boolean, "0"),
            Ok(Value::Boolean(false))
        );
        assert_eq!(
            Value::parse(FieldType::Decimal, "1e6"),
            Ok(Value::Decimal(Decimal::from(1_000_000)))
        );
        assert_eq!(
            Value::parse(FieldType::String, " a "),
            Ok(Value::String(" a ".into()))
        );
    }

    #[test]
    fn a_plus_decoded_to_a_space_gets_a_hint() {
        let error = Value::parse(FieldType::DateTime, "2025-03-04T12:00:00 02:00").unwrap_err();
        assert_eq!(
            error.code.name, "plus_not_encoded",
            "the UI words it in its language"
        );
        let error = Value::parse(FieldType::DateTime, "next tuesday").unwrap_err();
        assert_eq!(
            (error.code.name, error.code.values.as_slice()),
            (
                "not_a_date_time",
                &[("value", "next tuesday".to_owned())][..]
            )
        );
    }

    #[test]
    fn record_values_read_from_json_by_type() {
        use serde_json::json;
        assert_eq!(
            Value::from_json(FieldType::Integer, Some(&json!(42))),
            Value::Integer(42)
        );
        assert_eq!(
            Value::from_json(FieldType::Decimal, Some(&json!("12.30"))),
            Value::Decimal(Decimal::new(1230, 2))
        );
        assert_eq!(Value::from_json(FieldType::Date, None), Value::Null);
        assert_eq!(
            Value::from_json(FieldType::Uuid, Some(&json!("not-a-uuid"))),
            Value::String("not-a-uuid".into())
        );
        assert_eq!(
            Value::from_json(FieldType::Boolean, Some(&json!(true))),
            Value::Boolean(true)
        );
    }
}

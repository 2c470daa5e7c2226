//! One value of a record as a cell, by the type of its field.

use std::borrow::Cow;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value as Json;
use workdesk_query::FieldType;

use crate::column::Column;

/// Converts an instant to the wall-clock time of the user's time zone.
pub type LocalTime = Box<dyn Fn(DateTime<Utc>) -> NaiveDateTime + Send + Sync>;

/// The operating system's time zone (`chrono::Local`), where the app shows
/// date-times.
#[must_use]
pub fn system_time_zone() -> LocalTime {
    Box::new(|at| at.with_timezone(&chrono::Local).naive_local())
}

/// A value ready to be written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cell<'a> {
    Empty,
    Text(Cow<'a, str>),
    /// A decimal as the service sent it (`"1234.50"`), and its value.
    Decimal(&'a str, Decimal),
    Integer(i64),
    DateTime(NaiveDateTime),
    Date(NaiveDate),
}

/// `value` of `column` (a field of type `kind`, `None` when the schema
/// does not list it) as a cell.
pub(crate) fn cell<'a>(
    kind: Option<FieldType>,
    column: &'a Column,
    value: Option<&'a Json>,
    local: &LocalTime,
) -> Cell<'a> {
    let Some(value) = value.filter(|value| !value.is_null()) else {
        return Cell::Empty;
    };
    let labelled = |code: &'a str| -> Cell<'a> {
        Cell::Text(Cow::Borrowed(
            column.labels.get(code).map_or(code, String::as_str),
        ))
    };
    match (kind, value) {
        (Some(FieldType::Decimal), Json::String(text)) => match text.trim().parse() {
            Ok(decimal) => Cell::Decimal(text, decimal),
            Err(_) => Cell::Text(Cow::Borrowed(text)),
        },
        (Some(FieldType::Integer | FieldType::Decimal), Json::Number(number)) => number
            .as_i64()
            .map_or_else(|| Cell::Text(Cow::Owned(number.to_string())), Cell::Integer),
        (Some(FieldType::DateTime), Json::String(text)) => workdesk_query::parse_date_time(text)
            .map_or(Cell::Text(Cow::Borrowed(text)), |at| {
                Cell::DateTime(local(at))
            }),
        (Some(FieldType::Date), Json::String(text)) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map_or(Cell::Text(Cow::Borrowed(text)), Cell::Date),
        (_, Json::Bool(true)) => labelled("true"),
        (_, Json::Bool(false)) => labelled("false"),
        (Some(FieldType::Enum(_)), Json::String(code)) => labelled(code),
        (_, Json::String(text)) => Cell::Text(Cow::Borrowed(text)),
        (_, Json::Number(number)) => Cell::Text(Cow::Owned(number.to_string())),
        // A related record by its name, as the screen names it.
        (_, Json::Object(object)) => match object.get("name").and_then(Json::as_str) {
            Some(name) => Cell::Text(Cow::Borrowed(name)),
            None => Cell::Text(Cow::Owned(value.to_string())),
        },
        (_, other) => Cell::Text(Cow::Owned(other.to_string())),
    }
}

/// `text` made safe from spreadsheet formulas (OWASP "CSV injection"): a
/// text starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets
/// a leading `'`, which spreadsheets show as text and never evaluate.
/// Anything else is returned as it is.
#[must_use]
pub fn escape_formula(text: &str) -> Cow<'_, str> {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => Cow::Owned(format!("'{text}")),
        _ => Cow::Borrowed(text),
    }
}

/// `decimal` as a spreadsheet number, when a double holds it exactly to
/// the digits shown: at most 15 significant digits (what Excel keeps).
/// `None` for more: such an amount is written as text, never rounded.
#[must_use]
pub fn excel_number(decimal: Decimal) -> Option<f64> {
    let normal = decimal.normalize();
    let digits = normal
        .mantissa()
        .unsigned_abs()
        .checked_ilog10()
        .map_or(1, |log| log + 1);
    if digits > 15 {
        return None;
    }
    normal.to_string().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_escaped_and_plain_text_is_not() {
        for text in ["=1+1", "+57 300", "-2", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(escape_formula(text), format!("'{text}"));
        }
        for text in ["Pérez y Cía", "1-2", "", " =x"] {
            assert_eq!(escape_formula(text), text);
        }
    }

    #[test]
    fn numbers_of_up_to_15_significant_digits_are_exact_doubles() {
        let number = |text: &str| excel_number(text.parse().unwrap());
        assert_eq!(number("1234.50"), Some(1234.5));
        assert_eq!(number("-0.000001"), Some(-0.000001));
        assert_eq!(number("0"), Some(0.0));
        assert_eq!(number("999999999.999999"), Some(999_999_999.999_999));
        assert_eq!(number("99999999999999.99"), None);
        assert_eq!(number("1234567890123456"), None);
    }
}

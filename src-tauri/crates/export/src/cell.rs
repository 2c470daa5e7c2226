//! One value of a record as a cell, by the type of its field.

use std::borrow::Cow;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value as Json;
use workdesk_query::{FieldType, Schema};

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
    /// A decimal as the service sent it (`"1234.50"`), and its value: a
    /// number, never escaped as text is, so `-12.50` stays an amount.
    Decimal(Cow<'a, str>, Decimal),
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
            Ok(decimal) => Cell::Decimal(Cow::Borrowed(text), decimal),
            Err(_) => Cell::Text(Cow::Borrowed(text)),
        },
        (Some(FieldType::Integer | FieldType::Decimal), Json::Number(number)) => {
            if let Some(integer) = number.as_i64() {
                return Cell::Integer(integer);
            }
            // A fraction or a huge number sent as a JSON number: still a
            // number (`-2.5` is not text that starts with `-`).
            let text = number.to_string();
            let decimal = if text.contains(['e', 'E']) {
                Decimal::from_scientific(&text).ok()
            } else {
                text.parse().ok()
            };
            match decimal {
                Some(decimal) => Cell::Decimal(Cow::Owned(text), decimal),
                None => Cell::Text(Cow::Owned(text)),
            }
        }
        (Some(FieldType::DateTime), Json::String(text)) => workdesk_query::parse_date_time(text)
            .map_or(Cell::Text(Cow::Borrowed(text)), |at| {
                Cell::DateTime(local(at))
            }),
        (Some(FieldType::Date), Json::String(text)) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map_or(Cell::Text(Cow::Borrowed(text)), Cell::Date),
        (_, Json::Bool(true)) => labelled("true"),
        (_, Json::Bool(false)) => labelled("false"),
        (Some(FieldType::Enum(_)), Json::String(code)) => labelled(code),
        // A reference in a column of names: the name given, else the ID.
        (_, Json::String(id)) if column.named => labelled(id),
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

/// `columns` each with the type of its field in `schema` (`None` when the
/// schema does not list it), which decides its cells.
pub(crate) fn typed_columns(
    schema: &Schema,
    columns: Vec<Column>,
) -> Vec<(Column, Option<FieldType>)> {
    columns
        .into_iter()
        .map(|column| {
            let kind = schema.field(&column.field).map(|field| field.kind);
            (column, kind)
        })
        .collect()
}

/// `cell` as plain text, the way a CSV holds it before any escaping: text
/// as it is, amounts exact with a `.` (`"1234.500000"`), whole numbers,
/// dates `YYYY-MM-DD` and date-times `YYYY-MM-DD HH:MM:SS`; empty is `""`.
pub(crate) fn plain_text(cell: Cell<'_>) -> String {
    match cell {
        Cell::Empty => String::new(),
        Cell::Text(text) => text.into_owned(),
        Cell::Decimal(text, _) => text.trim().to_owned(),
        Cell::Integer(number) => number.to_string(),
        // The form every spreadsheet reads as a date-time, in any locale.
        Cell::DateTime(at) => at.format("%Y-%m-%d %H:%M:%S").to_string(),
        Cell::Date(day) => day.format("%Y-%m-%d").to_string(),
    }
}

/// Bidirectional-text controls: marks (U+200E, U+200F, U+061C), embeddings
/// and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). Invisible,
/// at the start of a value they can hide a formula's `=` from a reader's
/// eye (or from a check that looks only at the first character).
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// A text cell's value made safe from spreadsheet formulas, after OWASP's
/// "CSV Injection" guidance (<https://owasp.org/www-community/attacks/CSV_Injection>):
///
/// 1. bidi controls (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069)
///    are removed from the start of the value, also from among its leading
///    spaces;
/// 2. when the first character that is not a space is `=`, `+`, `-`, `@`,
///    a tab or a carriage return, the value gets a leading `'`, which
///    spreadsheets show as text and never evaluate (`  =1+2` → `'  =1+2`).
///
/// Anything else is returned as it is (`a=b`, `email@x.com`, `Acme S.A.`).
///
/// Only for text: numbers, amounts (negative ones included), dates and
/// date-times are typed cells and never pass through here. XLSX gets the
/// same rule as CSV although its string cells are never formulas there:
/// a user who saves the workbook again as CSV (or copies its cells into
/// another program) carries the value out as it is, and it must still be
/// harmless then; and both formats then hold the same text.
#[must_use]
pub fn escape_formula(text: &str) -> Cow<'_, str> {
    let rest = text.trim_start_matches(|c| c == ' ' || is_bidi_control(c));
    let lead = &text[..text.len() - rest.len()];
    let formula = matches!(
        rest.chars().next(),
        Some('=' | '+' | '-' | '@' | '\t' | '\r')
    );
    if !formula && !lead.contains(is_bidi_control) {
        return Cow::Borrowed(text);
    }
    let mut safe = String::with_capacity(text.len() + 1);
    if formula {
        safe.push('\'');
    }
    safe.extend(lead.chars().filter(|&c| !is_bidi_control(c)));
    safe.push_str(rest);
    Cow::Owned(safe)
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
    fn owasp_formula_cases_get_a_leading_quote() {
        for text in [
            "=1+2",
            "+1+2",
            "-1+2",
            "@SUM(A1:A2)",
            "=HYPERLINK(\"http://evil\",\"x\")",
            "=cmd|' /C calc'!A0",
            "\t=1+2",
            "\r=1+2",
            "  =1+2",
            " \t=1+2",
            "+57 300",
            "-",
        ] {
            assert_eq!(escape_formula(text), format!("'{text}"), "{text:?}");
        }
    }

    #[test]
    fn bidi_controls_at_the_start_are_removed() {
        for control in [
            '\u{200E}', '\u{200F}', '\u{061C}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}',
            '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ] {
            assert_eq!(escape_formula(&format!("{control}=1+2")), "'=1+2");
            assert_eq!(escape_formula(&format!("{control}Acme")), "Acme");
        }
        assert_eq!(escape_formula("\u{202E}\u{2066}=1+2"), "'=1+2");
        // Among leading spaces too; the spaces stay.
        assert_eq!(escape_formula(" \u{202E} =1+2"), "'  =1+2");
        // Only at the start: inside the text they are the text's own.
        assert_eq!(escape_formula("a\u{202E}=b"), "a\u{202E}=b");
    }

    #[test]
    fn plain_text_is_untouched_and_borrowed() {
        for text in [
            "Acme S.A.",
            "a=b",
            "email@x.com",
            "",
            "   ",
            "Pérez y Cía",
            "1-2",
            "'=1+2",
        ] {
            assert!(
                matches!(escape_formula(text), Cow::Borrowed(t) if t == text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_column_of_names_writes_each_reference_s_name_or_its_id() {
        let id = "0f9c2a4e-1111-4aaa-8bbb-000000000001";
        let mut column = Column {
            field: "customer".into(),
            header: "Customer name".into(),
            labels: [(id.to_owned(), "Óptica Álvarez".to_owned())].into(),
            named: true,
        };
        let local = system_time_zone();
        let text = |column: &Column, value: &str| match cell(
            Some(FieldType::Uuid),
            column,
            Some(&Json::from(value)),
            &local,
        ) {
            Cell::Text(text) => text.into_owned(),
            _ => panic!("a text cell"),
        };
        assert_eq!(text(&column, id), "Óptica Álvarez");
        assert_eq!(
            text(&column, "7d3e5b10-2222-4aaa-8bbb-000000000002"),
            "7d3e5b10-2222-4aaa-8bbb-000000000002"
        );
        // The same column not of names: the ID, whatever the labels.
        column.named = false;
        assert_eq!(text(&column, id), id);
    }

    #[test]
    fn amounts_are_numbers_and_only_text_is_escaped() {
        let column = Column {
            field: "total".into(),
            header: "Total".into(),
            labels: std::collections::BTreeMap::new(),
            named: false,
        };
        let local = system_time_zone();
        let of = |kind, value: &Json| match cell(Some(kind), &column, Some(value), &local) {
            Cell::Decimal(text, decimal) => Some((text.into_owned(), decimal)),
            Cell::Integer(number) => Some((number.to_string(), Decimal::from(number))),
            _ => None,
        };
        let decimal = |text: &str| text.parse::<Decimal>().unwrap();
        let amount = Json::from("-12.50");
        assert_eq!(
            of(FieldType::Decimal, &amount),
            Some(("-12.50".into(), decimal("-12.50")))
        );
        assert_eq!(
            of(FieldType::Decimal, &Json::from(-2.5)),
            Some(("-2.5".into(), decimal("-2.5")))
        );
        assert_eq!(
            of(FieldType::Integer, &Json::from(-3)),
            Some(("-3".into(), decimal("-3")))
        );
        // The same text in a text field is text, and escaped.
        assert_eq!(
            cell(Some(FieldType::String), &column, Some(&amount), &local),
            Cell::Text(Cow::Borrowed("-12.50"))
        );
        assert_eq!(escape_formula("-12.50"), "'-12.50");
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

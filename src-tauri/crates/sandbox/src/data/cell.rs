//! Values as cells of a [`Row`](super::Row): the service's JSON form of
//! uuids, date-times, dates, decimals and plain values (docs/service.md,
//! "Common field rules"), together with the typed [`Value`] filters and
//! sorting compare — built from the value itself where its type is the
//! field's, rather than parsed back from the JSON (the seed's cost).

use chrono::{DateTime, Datelike, NaiveDate, SecondsFormat, Timelike, Utc};
use rust_decimal::Decimal;
use serde_json::Value as Json;
use uuid::Uuid;
use workdesk_query::{within_decimal_bounds, FieldType, Value};

/// A value as a cell of a row, in the service's JSON form.
pub(crate) trait ToCell: Sized {
    /// The JSON value.
    fn to_cell(self) -> Json;

    /// The typed value for a field of type `kind`, always
    /// `Value::from_json(kind, Some(&json))` of this value's JSON, and the
    /// JSON unless it is [`json_of`] the typed value (`None`: the row
    /// formats it when first read). This default parses the JSON and keeps
    /// it, but for `null` (typed `Value::Null`, whose JSON is `null`
    /// again: the seed sets `deleted_at` and `deleted_by` so on every
    /// row); types that know their typed value override it, so that
    /// seeding neither formats nor parses.
    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        let cell = self.to_cell();
        if cell.is_null() {
            return (None, Value::Null);
        }
        let typed = Value::from_json(kind, Some(&cell));
        (Some(cell), typed)
    }
}

/// The JSON form of a typed value whose JSON a row did not keep (see
/// [`ToCell::to_cell_typed`]): uuids, decimals, date-times and dates as
/// their strings (the same as their [`ToCell::to_cell`]), the rest as
/// themselves.
pub(crate) fn json_of(typed: &Value) -> Json {
    match typed {
        Value::Null => Json::Null,
        Value::String(text) => Json::String(text.clone()),
        Value::Uuid(uuid) => uuid.to_cell(),
        Value::Integer(integer) => Json::from(*integer),
        Value::Decimal(decimal) => decimal.to_cell(),
        Value::DateTime(at) => at.to_cell(),
        Value::Date(date) => date.to_cell(),
        Value::Boolean(flag) => Json::Bool(*flag),
    }
}

/// A value whose JSON is the string `text`, typed: a string for the text
/// kinds (its [`json_of`] is `text`, so the JSON is not kept), else parsed
/// as `Value::from_json` does.
fn text_cell(text: impl Into<String>, kind: FieldType) -> (Option<Json>, Value) {
    match kind {
        FieldType::String | FieldType::Enum(_) | FieldType::Json => {
            (None, Value::String(text.into()))
        }
        _ => {
            let cell = Json::String(text.into());
            let typed = Value::from_json(kind, Some(&cell));
            (Some(cell), typed)
        }
    }
}

impl ToCell for Json {
    fn to_cell(self) -> Json {
        self
    }
}

/// Lower-case hyphenated (`"0b9f5c3e-5d59-4a48-a9a6-2a1a3f0c8e11"`).
impl ToCell for Uuid {
    fn to_cell(self) -> Json {
        Json::String(self.to_string())
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        if kind == FieldType::Uuid {
            return (None, Value::Uuid(self));
        }
        text_cell(self.to_string(), kind)
    }
}

/// RFC 3339 in UTC with `Z`, whole seconds unless there is a fraction
/// (`"2025-03-04T10:00:00Z"`).
impl ToCell for DateTime<Utc> {
    fn to_cell(self) -> Json {
        Json::String(rfc3339(self))
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        // What parsing the text gives back: the same instant, for the years
        // RFC 3339 spells and outside a leap second.
        let exact = (0..=9999).contains(&self.year()) && self.nanosecond() < 1_000_000_000;
        if kind == FieldType::DateTime && exact {
            return (None, Value::DateTime(self));
        }
        text_cell(rfc3339(self), kind)
    }
}

/// RFC 3339 in UTC with `Z`, whole seconds unless there is a fraction.
/// (Formatted when a request first reads it, not while seeding: chrono's
/// formatting costs nothing that matters there.)
fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// `"YYYY-MM-DD"`.
impl ToCell for NaiveDate {
    fn to_cell(self) -> Json {
        Json::String(iso_date(self))
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        if kind == FieldType::Date && (0..=9999).contains(&self.year()) {
            return (None, Value::Date(self));
        }
        text_cell(iso_date(self), kind)
    }
}

/// `YYYY-MM-DD` (formatted when first read, as [`rfc3339`]).
fn iso_date(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// A decimal string keeping its scale (`"1234.50"`).
impl ToCell for Decimal {
    fn to_cell(self) -> Json {
        Json::String(self.to_string())
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        if kind == FieldType::Decimal && within_decimal_bounds(&self) {
            return (None, Value::Decimal(self));
        }
        text_cell(self.to_string(), kind)
    }
}

impl ToCell for &str {
    fn to_cell(self) -> Json {
        Json::String(self.to_owned())
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        text_cell(self, kind)
    }
}

impl ToCell for String {
    fn to_cell(self) -> Json {
        Json::String(self)
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        text_cell(self, kind)
    }
}

impl ToCell for bool {
    fn to_cell(self) -> Json {
        Json::Bool(self)
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        if kind == FieldType::Boolean {
            (None, Value::Boolean(self))
        } else {
            let cell = self.to_cell();
            let typed = Value::from_json(kind, Some(&cell));
            (Some(cell), typed)
        }
    }
}

/// A whole number: typed as itself for integer fields.
fn integer_cell(value: i64, kind: FieldType) -> (Option<Json>, Value) {
    if kind == FieldType::Integer {
        return (None, Value::Integer(value));
    }
    let cell = Json::from(value);
    let typed = Value::from_json(kind, Some(&cell));
    (Some(cell), typed)
}

impl ToCell for i64 {
    fn to_cell(self) -> Json {
        Json::from(self)
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        integer_cell(self, kind)
    }
}

impl ToCell for u32 {
    fn to_cell(self) -> Json {
        Json::from(self)
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        integer_cell(i64::from(self), kind)
    }
}

impl ToCell for i32 {
    fn to_cell(self) -> Json {
        Json::from(self)
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        integer_cell(i64::from(self), kind)
    }
}

/// `None` is `null`.
impl<T: ToCell> ToCell for Option<T> {
    fn to_cell(self) -> Json {
        self.map_or(Json::Null, ToCell::to_cell)
    }

    fn to_cell_typed(self, kind: FieldType) -> (Option<Json>, Value) {
        match self {
            Some(value) => value.to_cell_typed(kind),
            None => (None, Value::Null),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn cells_have_the_service_formats() {
        let at = Utc.with_ymd_and_hms(2025, 3, 4, 10, 0, 0).unwrap();
        assert_eq!(at.to_cell(), Json::from("2025-03-04T10:00:00Z"));
        let date = NaiveDate::from_ymd_opt(2025, 3, 4).unwrap();
        assert_eq!(date.to_cell(), Json::from("2025-03-04"));
        assert_eq!(Decimal::new(-500, 2).to_cell(), Json::from("-5.00"));
        assert_eq!(None::<Uuid>.to_cell(), Json::Null);
    }
}

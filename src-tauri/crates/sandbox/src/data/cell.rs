//! Values as cells of a [`Row`](super::Row): the service's JSON form of
//! uuids, date-times, dates, decimals and plain values (docs/service.md,
//! "Common field rules").

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use rust_decimal::Decimal;
use serde_json::Value as Json;
use uuid::Uuid;

/// A value as a cell of a row, in the service's JSON form.
pub(crate) trait ToCell {
    /// The JSON value.
    fn to_cell(self) -> Json;
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
}

/// RFC 3339 in UTC with `Z`, whole seconds unless there is a fraction
/// (`"2025-03-04T10:00:00Z"`).
impl ToCell for DateTime<Utc> {
    fn to_cell(self) -> Json {
        Json::String(self.to_rfc3339_opts(SecondsFormat::AutoSi, true))
    }
}

/// `"YYYY-MM-DD"`.
impl ToCell for NaiveDate {
    fn to_cell(self) -> Json {
        Json::String(self.format("%Y-%m-%d").to_string())
    }
}

/// A decimal string keeping its scale (`"1234.50"`).
impl ToCell for Decimal {
    fn to_cell(self) -> Json {
        Json::String(self.to_string())
    }
}

impl ToCell for &str {
    fn to_cell(self) -> Json {
        Json::String(self.to_owned())
    }
}

impl ToCell for String {
    fn to_cell(self) -> Json {
        Json::String(self)
    }
}

impl ToCell for bool {
    fn to_cell(self) -> Json {
        Json::Bool(self)
    }
}

impl ToCell for i64 {
    fn to_cell(self) -> Json {
        Json::from(self)
    }
}

impl ToCell for u32 {
    fn to_cell(self) -> Json {
        Json::from(self)
    }
}

impl ToCell for i32 {
    fn to_cell(self) -> Json {
        Json::from(self)
    }
}

/// `None` is `null`.
impl<T: ToCell> ToCell for Option<T> {
    fn to_cell(self) -> Json {
        self.map_or(Json::Null, ToCell::to_cell)
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

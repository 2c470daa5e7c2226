//! [`Cell`]: a record's typed value in a compact, serializable form, so a
//! saved record's typed values are stored once (sealed, postcard-encoded)
//! and read back without parsing decimals and date-times again.

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use uuid::Uuid;
use workdesk_query::Value;

/// One [`Value`], losslessly: decimals as their 16-byte form, instants as
/// seconds and nanoseconds since the epoch (UTC), dates as days from the
/// common era.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum Cell {
    Null,
    String(String),
    Uuid([u8; 16]),
    Integer(i64),
    Decimal([u8; 16]),
    DateTime(i64, u32),
    Date(i32),
    Boolean(bool),
}

impl From<&Value> for Cell {
    fn from(value: &Value) -> Cell {
        match value {
            Value::Null => Cell::Null,
            Value::String(text) => Cell::String(text.clone()),
            Value::Uuid(uuid) => Cell::Uuid(*uuid.as_bytes()),
            Value::Integer(integer) => Cell::Integer(*integer),
            Value::Decimal(decimal) => Cell::Decimal(decimal.serialize()),
            Value::DateTime(instant) => {
                Cell::DateTime(instant.timestamp(), instant.timestamp_subsec_nanos())
            }
            Value::Date(date) => Cell::Date(chrono::Datelike::num_days_from_ce(date)),
            Value::Boolean(flag) => Cell::Boolean(*flag),
        }
    }
}

impl Cell {
    /// The value back; an instant or date out of chrono's range (never
    /// written by this crate) reads as null.
    pub fn into_value(self) -> Value {
        match self {
            Cell::Null => Value::Null,
            Cell::String(text) => Value::String(text),
            Cell::Uuid(bytes) => Value::Uuid(Uuid::from_bytes(bytes)),
            Cell::Integer(integer) => Value::Integer(integer),
            Cell::Decimal(bytes) => Value::Decimal(Decimal::deserialize(bytes)),
            Cell::DateTime(seconds, nanos) => {
                DateTime::<Utc>::from_timestamp(seconds, nanos).map_or(Value::Null, Value::DateTime)
            }
            Cell::Date(days) => {
                NaiveDate::from_num_days_from_ce_opt(days).map_or(Value::Null, Value::Date)
            }
            Cell::Boolean(flag) => Value::Boolean(flag),
        }
    }
}

/// The JSON a service sends for `value`: decimals and UUIDs as text (the
/// decimal with its scale), instants as RFC 3339 UTC (`Z`, fractions only
/// when there are any), dates as `YYYY-MM-DD`. A record's JSON value that
/// this does not reproduce exactly is kept as sent next to the cells.
pub(crate) fn render(value: &Value) -> serde_json::Value {
    use serde_json::Value as Json;
    match value {
        Value::Null => Json::Null,
        Value::String(text) => Json::String(text.clone()),
        Value::Uuid(uuid) => Json::String(uuid.hyphenated().to_string()),
        Value::Integer(integer) => Json::from(*integer),
        Value::Decimal(decimal) => Json::String(decimal.to_string()),
        Value::DateTime(instant) => {
            Json::String(instant.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true))
        }
        Value::Date(date) => Json::String(date.format("%Y-%m-%d").to_string()),
        Value::Boolean(flag) => Json::Bool(*flag),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use workdesk_query::FieldType;

    #[test]
    fn every_kind_of_value_round_trips() {
        let values = [
            Value::Null,
            Value::String("Ñandú S.A.S.".into()),
            Value::parse(FieldType::Uuid, "3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b").unwrap(),
            Value::Integer(-2_147_483_648),
            Value::parse(FieldType::Decimal, "99999999999999.999999").unwrap(),
            Value::parse(FieldType::Decimal, "-0.50").unwrap(),
            Value::parse(FieldType::DateTime, "2025-03-04T12:00:00.123456+02:00").unwrap(),
            Value::parse(FieldType::Date, "1999-12-31").unwrap(),
            Value::Boolean(true),
        ];
        for value in values {
            let bytes = postcard::to_allocvec(&Cell::from(&value)).unwrap();
            let back: Cell = postcard::from_bytes(&bytes).unwrap();
            assert_eq!(back.into_value(), value);
        }
    }
}

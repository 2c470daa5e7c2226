//! Expected answers computed in the test from the records themselves,
//! independently of the sandbox's filter engine.

use std::cmp::Ordering;

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use uuid::Uuid;

use crate::common::{all, id, Server};

/// A decimal field (`None` when null).
pub fn decimal(record: &Value, field: &str) -> Option<Decimal> {
    record[field].as_str().map(|text| text.parse().unwrap())
}

/// A decimal literal.
pub fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

/// A date-time field as an instant (`None` when null).
pub fn instant(record: &Value, field: &str) -> Option<DateTime<Utc>> {
    record[field]
        .as_str()
        .map(|text| DateTime::parse_from_rfc3339(text).unwrap().to_utc())
}

/// An RFC 3339 literal as an instant.
pub fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

/// A date field (`None` when null).
pub fn date(record: &Value, field: &str) -> Option<NaiveDate> {
    record[field]
        .as_str()
        .map(|text| NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap())
}

/// A string field (`None` when null).
pub fn text<'r>(record: &'r Value, field: &str) -> Option<&'r str> {
    record[field].as_str()
}

/// A uuid field (`None` when null).
pub fn uuid(record: &Value, field: &str) -> Option<Uuid> {
    record[field].as_str().map(|text| text.parse().unwrap())
}

/// Ids of the records that pass `keep`, in their order.
pub fn ids_where(records: &[Value], keep: impl Fn(&Value) -> bool) -> Vec<String> {
    records.iter().filter(|r| keep(r)).map(id).collect()
}

/// Asserts that `path?query` lists exactly the records of `everything`
/// (the whole list, default order) that pass `keep`, in the same order, and
/// that the filter is not trivial (it keeps some and drops some).
pub async fn assert_filter(
    server: &impl Server,
    path: &str,
    everything: &[Value],
    query: &str,
    keep: impl Fn(&Value) -> bool,
) {
    let expected = ids_where(everything, keep);
    let actual: Vec<String> = all(server, path, query).await.iter().map(id).collect();
    assert_eq!(actual, expected, "{path}?{query}");
    assert!(
        !expected.is_empty() && expected.len() < everything.len(),
        "{path}?{query} should keep some records and drop others ({} of {})",
        expected.len(),
        everything.len()
    );
}

/// Orders two optional values with nulls last (ascending).
pub fn nulls_last<T: Ord>(a: Option<T>, b: Option<T>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(a), Some(b)) => a.cmp(&b),
    }
}

/// Ties are broken by `id` ascending.
pub fn by_id(a: &Value, b: &Value) -> Ordering {
    uuid(a, "id").cmp(&uuid(b, "id"))
}

//! [`JsonRecord`]: any record as a JSON object, as the app's generic lists
//! and details show it, and [`to_json`], which writes a typed record as one.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// A record as a JSON object: every field of its type (`null` when absent)
/// plus the unknown fields it came with; decimals as strings.
pub type JsonRecord = Map<String, Value>;

/// `record` (a typed record) as a JSON object; anything that is not an
/// object reads as an empty one.
pub(crate) fn to_json<T: Serialize>(record: &T) -> Result<JsonRecord> {
    match serde_json::to_value(record).map_err(Error::InvalidBody)? {
        Value::Object(map) => Ok(map),
        _ => Ok(Map::new()),
    }
}

//! One bad value loses that value, never the page: reading an answer whose
//! JSON is well formed but holds something `serde_json` will not turn into
//! a value (a number out of range such as `1e400`, nesting deeper than its
//! recursion limit of 128, as a `custom_fields` might). Conventions: unknown
//! or odd content in records is never a parse failure.
//!
//! [`value`] reads such a body level by level: each value whole when it
//! reads (the common case, one pass), else its members one by one
//! (`RawValue` skips over a value without building it, so neither the
//! range of a number nor the depth stop it). A value that cannot be read
//! becomes `null`, and the record it belongs to says so under
//! [`UNREADABLE`]: `{"__unreadable": {"total": "number out of range"}}`.
//! A page's `count` that cannot be read becomes the largest count the UI
//! can hold ([`MAX_COUNT`]).

use std::collections::BTreeMap;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// The member a record gets when some of its values could not be read:
/// field name → the reason, in English (`"number out of range"`). The UI
/// marks those fields; the rest of the record shows as sent.
pub const UNREADABLE: &str = "__unreadable";

/// The largest `count` kept: 2⁵³ − 1, the largest integer JavaScript holds
/// exactly. A larger one (or one that does not read) is taken as this.
pub const MAX_COUNT: u64 = (1 << 53) - 1;

/// How deep below the envelope a value may nest before it is given up as
/// unreadable (each level is read once more than the one above it).
const MAX_DEPTH: usize = 64;

/// One step of the path from the envelope to a value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// `body` (an envelope) as a value, every part that reads kept and every
/// part that does not replaced as described in the module.
///
/// # Errors
/// When `body` is not well-formed JSON at all (cut off, not JSON): the
/// caller's error stands.
pub(crate) fn value(body: &[u8]) -> Result<Value, serde_json::Error> {
    let raw: &RawValue = serde_json::from_slice(body)?;
    let mut unreadable = Vec::new();
    let mut path = Vec::new();
    let mut envelope = read(raw, &mut path, &mut unreadable);
    for (path, reason) in unreadable {
        mark(&mut envelope, &path, reason);
    }
    Ok(envelope)
}

/// `raw` as a value, descending into its members when it does not read
/// whole; what cannot be read is `null` and noted in `unreadable`.
fn read(raw: &RawValue, path: &mut Vec<Step>, unreadable: &mut Vec<(Vec<Step>, String)>) -> Value {
    let text = raw.get();
    if path.len() > MAX_DEPTH {
        unreadable.push((path.clone(), "nested too deep".to_owned()));
        return Value::Null;
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value) => value,
        Err(err) => {
            let members = match text.trim_start().as_bytes().first() {
                Some(b'{') => serde_json::from_str::<BTreeMap<String, &RawValue>>(text)
                    .ok()
                    .map(Members::Object),
                Some(b'[') => serde_json::from_str::<Vec<&RawValue>>(text)
                    .ok()
                    .map(Members::Array),
                _ => None,
            };
            match members {
                Some(Members::Object(entries)) => {
                    let mut object = Map::new();
                    for (key, member) in entries {
                        path.push(Step::Key(key.clone()));
                        object.insert(key, read(member, path, unreadable));
                        path.pop();
                    }
                    Value::Object(object)
                }
                Some(Members::Array(items)) => {
                    let mut array = Vec::with_capacity(items.len());
                    for (index, item) in items.into_iter().enumerate() {
                        path.push(Step::Index(index));
                        array.push(read(item, path, unreadable));
                        path.pop();
                    }
                    Value::Array(array)
                }
                None => {
                    unreadable.push((path.clone(), reason(&err)));
                    Value::Null
                }
            }
        }
    }
}

/// The members of an object or an array, unread.
enum Members<'a> {
    Object(BTreeMap<String, &'a RawValue>),
    Array(Vec<&'a RawValue>),
}

/// `serde_json`'s reason, without its position ("number out of range").
fn reason(err: &serde_json::Error) -> String {
    let text = err.to_string();
    match text.find(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Notes the unreadable value at `path` of `envelope` on the record it
/// belongs to (`data.results[i]` of a page, or `data` itself), or makes a
/// page's unreadable `count` the largest one.
fn mark(envelope: &mut Value, path: &[Step], reason: String) {
    fn key(step: &Step) -> Option<&str> {
        match step {
            Step::Key(key) => Some(key.as_str()),
            Step::Index(_) => None,
        }
    }
    let (record, field) = match path {
        [data, count] if key(data) == Some("data") && key(count) == Some("count") => {
            envelope["data"]["count"] = Value::from(MAX_COUNT);
            return;
        }
        [data, results, Step::Index(i), field, ..]
            if key(data) == Some("data") && key(results) == Some("results") =>
        {
            (&mut envelope["data"]["results"][*i], field)
        }
        [data, field, ..] if key(data) == Some("data") => (&mut envelope["data"], field),
        _ => return,
    };
    let (Some(record), Some(field)) = (record.as_object_mut(), key(field)) else {
        return;
    };
    let marks = record
        .entry(UNREADABLE)
        .or_insert_with(|| Value::Object(Map::new()));
    if let Some(marks) = marks.as_object_mut() {
        marks
            .entry(field.to_owned())
            .or_insert(Value::String(reason));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn deep(levels: usize) -> String {
        format!("{}1{}", "[".repeat(levels), "]".repeat(levels))
    }

    #[test]
    fn a_body_that_reads_is_read_as_it_is() {
        let body = br#"{"data": {"count": 2, "results": [{"id": "a", "total": "1.50"}]}}"#;
        assert_eq!(
            value(body).unwrap(),
            serde_json::from_slice::<Value>(body).unwrap()
        );
    }

    #[test]
    fn a_number_out_of_range_loses_that_value_and_marks_its_field() {
        let body = br#"{"message": "", "data": {"count": 2, "next": null, "results": [
            {"id": "a", "total": 1e400, "name": "Pena"},
            {"id": "b", "total": "2.00"}]}}"#;
        let envelope = value(body).unwrap();
        let results = &envelope["data"]["results"];
        assert_eq!(results[0]["name"], "Pena");
        assert_eq!(results[0]["total"], Value::Null);
        assert_eq!(
            results[0][UNREADABLE],
            json!({"total": "number out of range"})
        );
        assert_eq!(results[1], json!({"id": "b", "total": "2.00"}), "untouched");
        assert_eq!(envelope["data"]["count"], 2);
    }

    #[test]
    fn nesting_past_the_limit_loses_that_field_only() {
        let body = format!(
            r#"{{"data": {{"count": 1, "results": [{{"id": "a", "custom_fields": {{"deep": {}, "ok": 1}}}}]}}}}"#,
            deep(400)
        );
        assert!(
            serde_json::from_str::<Value>(&body).is_err(),
            "too deep for serde_json"
        );
        let envelope = value(body.as_bytes()).unwrap();
        let record = &envelope["data"]["results"][0];
        assert_eq!(record["id"], "a");
        assert_eq!(
            record["custom_fields"]["ok"], 1,
            "the rest of the field kept"
        );
        assert!(record[UNREADABLE]["custom_fields"].is_string(), "{record}");
    }

    #[test]
    fn a_count_that_does_not_read_is_the_largest_count_and_a_single_record_is_marked_too() {
        let page = br#"{"data": {"count": 1e999, "results": []}}"#;
        assert_eq!(value(page).unwrap()["data"]["count"], MAX_COUNT);
        let record = br#"{"data": {"id": "c", "credit_limit": -1e500}}"#;
        let envelope = value(record).unwrap();
        assert_eq!(
            envelope["data"][UNREADABLE],
            json!({"credit_limit": "number out of range"})
        );
    }

    #[test]
    fn a_body_that_is_not_json_stays_an_error() {
        assert!(value(br#"{"data": {"count": 1, "results": [{"id": "#).is_err());
        assert!(value(b"<html>").is_err());
    }
}

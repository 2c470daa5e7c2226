//! [`JsonRecord`]: any record as a JSON object, as the app's lists and
//! details show it, and [`read_fields`], which reads one as the service
//! sent it, by its schema's types.

use serde_json::{Map, Value};
use workdesk_query::{FieldType, Schema};

/// A record as a JSON object: every field of its type (`null` when absent)
/// plus the unknown fields it came with; decimals as strings.
pub type JsonRecord = Map<String, Value>;

/// A typed record or request body (a `Task`, a `LeadPatch`…) as a JSON
/// object, its fields as it serialises them; `None` when it is no object.
#[must_use]
pub fn json_record_of(value: &impl serde::Serialize) -> Option<JsonRecord> {
    match serde_json::to_value(value) {
        Ok(Value::Object(record)) => Some(record),
        _ => None,
    }
}

/// `record` as the service sent it, each field `schema` knows read by its
/// type with the same tolerance as the typed records (`lenient.rs`): text
/// (also uuids, date-times, dates and codes) as a string, numbers and
/// booleans given as their JSON text; an integer as a JSON number (also
/// from `"17"` or `17.0`); a decimal as its exact string (`"1234.50"`, also
/// from the number `12.5` or `"1e3"`); a boolean (also `"true"`); JSON as
/// sent. A value that cannot mean its type becomes `null` instead of
/// failing the page. Each field of `only` (every field of the schema when
/// `None`) that the record lacks is added as `null`; fields the schema
/// does not know stay as sent.
pub fn read_fields(schema: &Schema, record: &mut JsonRecord, only: Option<&[String]>) {
    for field in schema.fields {
        let wanted = only.is_none_or(|names| names.iter().any(|name| name == field.name));
        match record.get_mut(field.name) {
            Some(value) => *value = read_value(field.kind, value),
            None if wanted => {
                record.insert(field.name.to_owned(), Value::Null);
            }
            None => {}
        }
    }
}

/// `value` read as a field of type `kind` (see [`read_fields`]).
fn read_value(kind: FieldType, value: &Value) -> Value {
    use super::lenient::Lenient;
    // Reading from a `serde_json::Value` fails only on a value it holds
    // that no visitor takes, which cannot happen: anything else is `null`.
    fn read<T: Lenient>(value: &Value) -> Option<T> {
        T::read(value).ok().flatten()
    }
    let read = match kind {
        FieldType::String
        | FieldType::Uuid
        | FieldType::DateTime
        | FieldType::Date
        | FieldType::Enum(_) => read::<String>(value).map(Value::String),
        FieldType::Integer => read::<i64>(value).map(Value::from),
        FieldType::Decimal => {
            read::<rust_decimal::Decimal>(value).map(|decimal| Value::String(decimal.to_string()))
        }
        FieldType::Boolean => read::<bool>(value).map(Value::Bool),
        FieldType::Json => return value.clone(),
    };
    read.unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(record: Value, only: Option<&[String]>) -> Value {
        let Value::Object(mut record) = record else {
            panic!("an object")
        };
        read_fields(
            &workdesk_query::resources::SUPPLIER_INVOICE,
            &mut record,
            only,
        );
        Value::Object(record)
    }

    #[test]
    fn each_field_reads_by_its_type_and_a_bad_value_is_null() {
        let record = read(
            json!({
                "name": 42,
                "total": 12.5,
                "subtotal": "1e3",
                "discount_value": "N/A",
                "invoice_number": "17",
                "operation_number": 17.5,
                "is_pay_authorized": "true",
                "issue_date": "yesterday",
                "operation_status": "ZZ",
                "custom_fields": {"a": [1]},
                "brand_new": {"kept": true},
                "description": {"not": "text"},
            }),
            None,
        );
        assert_eq!(record["name"], "42");
        assert_eq!(record["total"], "12.5");
        assert_eq!(record["subtotal"], "1000");
        assert_eq!(record["discount_value"], Value::Null);
        assert_eq!(record["invoice_number"], 17);
        assert_eq!(record["operation_number"], Value::Null);
        assert_eq!(record["is_pay_authorized"], true);
        assert_eq!(record["issue_date"], "yesterday", "kept as sent");
        assert_eq!(record["operation_status"], "ZZ", "an unknown code kept");
        assert_eq!(record["custom_fields"], json!({"a": [1]}));
        assert_eq!(record["brand_new"], json!({"kept": true}));
        assert_eq!(record["description"], Value::Null);
        assert_eq!(
            record["supplier"],
            Value::Null,
            "every field, null when absent"
        );
    }

    #[test]
    fn with_fields_only_those_are_added() {
        let only = ["total".to_owned()];
        let record = read(json!({"id": "x", "total": "1.50"}), Some(&only));
        assert_eq!(record, json!({"id": "x", "total": "1.50"}));
        let record = read(json!({"id": "x"}), Some(&only));
        assert_eq!(record, json!({"id": "x", "total": null}));
    }
}

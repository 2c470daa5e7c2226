//! Supplier invoice records have every field of the spec with its type.

use std::collections::BTreeSet;

use regex_lite::Regex;
use reqwest::StatusCode;
use serde_json::Value;

use crate::common::{get, invoices, shared, Server, INVOICES};

const UUID: &[&str] = &[
    "id",
    "member",
    "operation",
    "branch_office",
    "created_by",
    "supplier",
    "supplier_detail",
    "supplier_type",
    "account",
    "location",
    "commercial_condition",
];
const NULLABLE_UUID: &[&str] = &[
    "market_exchange_rate",
    "updated_by",
    "deleted_by",
    "cost_center",
    "international_trade_term",
    "discount_type",
    "tree_hash",
];
const DATE_TIME: &[&str] = &["operation_date", "created_at", "issue_date"];
const NULLABLE_DATE_TIME: &[&str] = &["updated_at", "deleted_at"];
const DECIMAL: &[&str] = &[
    "discount_percentage",
    "discount_value",
    "other_discount_value",
    "subtotal",
    "total",
    "vat_value_included",
];
const INT32: &[&str] = &["operation_number", "invoice_number"];
const BOOLEAN: &[&str] = &[
    "is_pay_authorized",
    "invoice_electronic",
    "is_directly_created",
];
const NULLABLE_STRING: &[&str] = &["description", "status_description", "prefix"];
const OTHER: &[&str] = &[
    "name",
    "custom_fields",
    "order_number",
    "operation_status",
    "audit_status",
    "document_type",
];

/// Integer cents of a money string like `"1234.50"`.
fn cents(value: &Value) -> i64 {
    let text = value.as_str().unwrap();
    let (units, fraction) = text.split_once('.').unwrap();
    units.parse::<i64>().unwrap() * 100 + fraction.parse::<i64>().unwrap()
}

#[tokio::test]
async fn every_spec_field_with_its_type() {
    let sandbox = shared();
    let answer = invoices(sandbox, "take=all").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.body["message"].as_str().map(str::is_empty),
        Some(false)
    );

    let uuid =
        Regex::new(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$").unwrap();
    let date_time = Regex::new(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$").unwrap();
    let spec_decimal = Regex::new(r"^-?\d{0,14}(?:\.\d{0,6})?$").unwrap();
    let money = Regex::new(r"^\d+\.\d{2}$").unwrap();
    let name = Regex::new(r"^FP-20(24|25|26)-\d{6}$").unwrap();
    let expected: BTreeSet<&str> = [
        UUID,
        NULLABLE_UUID,
        DATE_TIME,
        NULLABLE_DATE_TIME,
        DECIMAL,
        INT32,
        BOOLEAN,
        NULLABLE_STRING,
        OTHER,
    ]
    .concat()
    .into_iter()
    .collect();
    assert_eq!(expected.len(), 43);

    for record in answer.results() {
        let object = record.as_object().unwrap();
        assert_eq!(
            object.keys().map(String::as_str).collect::<BTreeSet<_>>(),
            expected
        );
        for field in UUID {
            assert!(
                uuid.is_match(record[field].as_str().unwrap()),
                "{field}: {record}"
            );
        }
        for field in NULLABLE_UUID {
            assert!(
                record[field].is_null() || uuid.is_match(record[field].as_str().unwrap()),
                "{field}"
            );
        }
        for field in DATE_TIME {
            assert!(
                date_time.is_match(record[field].as_str().unwrap()),
                "{field}: {record}"
            );
        }
        for field in NULLABLE_DATE_TIME {
            assert!(
                record[field].is_null() || date_time.is_match(record[field].as_str().unwrap()),
                "{field}"
            );
        }
        for field in DECIMAL {
            let text = record[field].as_str().unwrap();
            assert!(
                spec_decimal.is_match(text) && money.is_match(text),
                "{field}: {text}"
            );
        }
        for field in INT32 {
            assert!(
                record[field].as_u64().is_some_and(|n| n <= 2_147_483_647),
                "{field}"
            );
        }
        for field in BOOLEAN {
            assert!(record[field].is_boolean(), "{field}");
        }
        for field in NULLABLE_STRING {
            assert!(
                record[field].is_null() || record[field].is_string(),
                "{field}"
            );
        }
        assert!(name.is_match(record["name"].as_str().unwrap()));
        assert!(record["custom_fields"].is_null());
        assert!(record["order_number"].is_null() || record["order_number"].is_i64());
        assert!(["PR", "CO", "ER"].contains(&record["operation_status"].as_str().unwrap()));
        assert!(["C", "U"].contains(&record["audit_status"].as_str().unwrap()));
        assert!(["ADV", "INV", "CRN"].contains(&record["document_type"].as_str().unwrap()));
        assert!(record["deleted_at"].is_null() && record["deleted_by"].is_null());
        assert_eq!(
            record["updated_at"].is_null(),
            record["audit_status"] == "C"
        );
        assert_eq!(
            cents(&record["total"]),
            cents(&record["subtotal"])
                - cents(&record["discount_value"])
                - cents(&record["other_discount_value"])
                + cents(&record["vat_value_included"]),
            "{record}"
        );
    }

    // Nullable fields are sometimes null and sometimes not, within one page.
    for field in [
        "description",
        "prefix",
        "order_number",
        "updated_at",
        "cost_center",
        "status_description",
    ] {
        let nulls = answer
            .results()
            .iter()
            .filter(|r| r[field].is_null())
            .count();
        assert!(
            nulls > 0 && nulls < answer.results().len(),
            "{field}: {nulls} nulls"
        );
    }
}

#[tokio::test]
async fn every_enumeration_value_occurs() {
    let sandbox = shared();
    let key = sandbox.keys().workspace_a.clone();
    let mut seen = BTreeSet::new();
    for page in 1..=3 {
        let path = format!(
            "{INVOICES}?take=all&page={page}&fields=operation_status,audit_status,document_type"
        );
        let answer = get(sandbox, Some(&key), &path).await;
        for record in answer.results() {
            for field in ["operation_status", "audit_status", "document_type"] {
                seen.insert(record[field].as_str().unwrap().to_owned());
            }
        }
    }
    let all: BTreeSet<String> = ["PR", "CO", "ER", "C", "U", "ADV", "INV", "CRN"]
        .map(String::from)
        .into();
    assert_eq!(seen, all);
}

//! Every list serves records with exactly the fields of the spec's tables
//! (and the assumed ones of sales quotes and products), each with its type.

use std::collections::BTreeSet;

use chrono::{DateTime, NaiveDate};
use reqwest::StatusCode;
use rust_decimal::Decimal;
use serde_json::Value;
use uuid::Uuid;

use crate::common::{
    everything, list, shared, CUSTOMERS, CUSTOMER_INVOICES, LEADS, PRODUCTS, SALES_QUOTES,
    STAKEHOLDERS, TASKS,
};

/// JSON shape of a field; every kind but `Id` may also be null here unless
/// the spec's table says "required" (the supplier invoice's own test checks
/// nullability field by field).
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The record's `id`: a uuid, never null.
    Id,
    Uuid,
    DateTime,
    Date,
    Decimal,
    Integer,
    Boolean,
    Text,
    Audit,
    Status,
    Json,
}

use Kind::*;

fn has_kind(kind: Kind, value: &Value) -> bool {
    if value.is_null() {
        return !matches!(kind, Id | Audit);
    }
    let text = value.as_str();
    let uuid = |t: &str| Uuid::parse_str(t).is_ok_and(|u| u.to_string() == t);
    match kind {
        Id | Uuid => text.is_some_and(uuid),
        DateTime => {
            text.is_some_and(|t| DateTime::parse_from_rfc3339(t).is_ok() && t.ends_with('Z'))
        }
        Date => {
            text.is_some_and(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").is_ok() && t.len() == 10)
        }
        Decimal => text.is_some_and(|t| t.parse::<Decimal>().is_ok()),
        Integer => value.is_i64(),
        Boolean => value.is_boolean(),
        Text => text.is_some(),
        Audit => ["C", "U"].contains(&text.unwrap_or("")),
        Status => ["PR", "CO", "ER"].contains(&text.unwrap_or("")),
        Json => true,
    }
}

const CUSTOMER_INVOICE: &[(&str, Kind)] = &[
    ("id", Id),
    ("member", Uuid),
    ("operation", Uuid),
    ("branch_office", Uuid),
    ("created_by", Uuid),
    ("updated_by", Uuid),
    ("deleted_by", Uuid),
    ("customer", Uuid),
    ("location", Uuid),
    ("cost_center", Uuid),
    ("commercial_condition", Uuid),
    ("salesman", Uuid),
    ("market_exchange_rate", Uuid),
    ("customer_detail", Uuid),
    ("discount_type", Uuid),
    ("price_list_type", Uuid),
    ("international_trade_term", Uuid),
    ("tree_hash", Uuid),
    ("warehouse", Uuid),
    ("cash_register", Uuid),
    ("name", Text),
    ("status_description", Text),
    ("description", Text),
    ("operation_date", DateTime),
    ("created_at", DateTime),
    ("updated_at", DateTime),
    ("deleted_at", DateTime),
    ("audit_status", Audit),
    ("operation_status", Status),
    ("discount_percentage", Decimal),
    ("subtotal", Decimal),
    ("discount_value", Decimal),
    ("additional_discount_value", Decimal),
    ("total", Decimal),
    ("operation_number", Integer),
    ("order_number", Integer),
    ("apply_taxes_by", Boolean),
    ("invoice_electronic", Boolean),
    ("is_directly_created", Boolean),
    ("invoice_status", Text),
    ("custom_fields", Json),
];

const TASK: &[(&str, Kind)] = &[
    ("id", Id),
    ("created_at", DateTime),
    ("updated_at", DateTime),
    ("deleted_at", DateTime),
    ("member", Uuid),
    ("created_by", Uuid),
    ("updated_by", Uuid),
    ("deleted_by", Uuid),
    ("title", Text),
    ("description", Text),
    ("status", Text),
    ("start", DateTime),
    ("custom_fields", Json),
    ("priority", Integer),
    ("recurrence_rule", Text),
    ("expiry", DateTime),
    ("completed_at", DateTime),
    ("assigned_to_user", Uuid),
];

const LEAD: &[(&str, Kind)] = &[
    ("id", Id),
    ("created_at", DateTime),
    ("updated_at", DateTime),
    ("deleted_at", DateTime),
    ("audit_status", Audit),
    ("member", Uuid),
    ("created_by", Uuid),
    ("updated_by", Uuid),
    ("deleted_by", Uuid),
    ("source", Text),
    ("status", Text),
    ("user_member", Uuid),
    ("person", Uuid),
    ("company", Uuid),
    ("custom_fields", Json),
];

const STAKEHOLDER: &[(&str, Kind)] = &[
    ("id", Id),
    ("name", Text),
    ("person_or_company_member_id", Text),
    ("person_or_company_id", Text),
    ("is_company", Boolean),
    ("document_type_name", Text),
    ("created_at", DateTime),
    ("updated_at", DateTime),
    ("deleted_at", DateTime),
    ("created_by", Uuid),
    ("updated_by", Uuid),
    ("deleted_by", Uuid),
    ("document_number", Text),
    ("document_type", Uuid),
    ("verification_digit", Text),
    ("geographic_location", Uuid),
];

const CUSTOMER: &[(&str, Kind)] = &[
    ("id", Id),
    ("member", Uuid),
    ("created_by", Uuid),
    ("updated_by", Uuid),
    ("deleted_by", Uuid),
    ("stakeholder", Uuid),
    ("customer_status", Uuid),
    ("name", Text),
    ("document_number", Text),
    ("created_at", DateTime),
    ("updated_at", DateTime),
    ("deleted_at", DateTime),
    ("audit_status", Audit),
    ("custom_fields", Json),
    ("is_active", Boolean),
    ("credit_limit", Decimal),
    ("customer_since", Date),
];

/// Assumed, not in the spec (README): the sandbox's sales quote.
const SALES_QUOTE: &[(&str, Kind)] = &[
    ("id", Id),
    ("name", Text),
    ("custom_fields", Json),
    ("quote_number", Integer),
    ("issue_date", DateTime),
    ("valid_until", DateTime),
    ("description", Text),
    ("operation_status", Status),
    ("subtotal", Decimal),
    ("discount_value", Decimal),
    ("total", Decimal),
    ("created_at", DateTime),
    ("updated_at", DateTime),
    ("deleted_at", DateTime),
    ("audit_status", Audit),
    ("member", Uuid),
    ("created_by", Uuid),
    ("updated_by", Uuid),
    ("deleted_by", Uuid),
    ("customer", Uuid),
    ("branch_office", Uuid),
    ("salesman", Uuid),
];

/// Assumed, not in the spec (README): the sandbox's product.
const PRODUCT: &[(&str, Kind)] = &[
    ("id", Id),
    ("name", Text),
    ("custom_fields", Json),
    ("code", Text),
    ("description", Text),
    ("category", Text),
    ("unit_price", Decimal),
    ("stock_quantity", Integer),
    ("is_active", Boolean),
    ("created_at", DateTime),
    ("updated_at", DateTime),
    ("deleted_at", DateTime),
    ("audit_status", Audit),
    ("member", Uuid),
    ("created_by", Uuid),
    ("updated_by", Uuid),
    ("deleted_by", Uuid),
];

#[tokio::test]
async fn every_list_has_the_fields_of_its_table() {
    let tables = [
        (CUSTOMER_INVOICES, CUSTOMER_INVOICE),
        (SALES_QUOTES, SALES_QUOTE),
        (PRODUCTS, PRODUCT),
        (TASKS, TASK),
        (LEADS, LEAD),
        (STAKEHOLDERS, STAKEHOLDER),
        (CUSTOMERS, CUSTOMER),
    ];
    for (path, table) in tables {
        let expected: BTreeSet<&str> = table.iter().map(|(name, _)| *name).collect();
        assert_eq!(
            expected.len(),
            table.len(),
            "{path}: duplicate in the test table"
        );
        let records = everything(path).await;
        assert!(records.len() >= 20, "{path}: {} records", records.len());
        for record in records {
            let object = record.as_object().unwrap();
            let names: BTreeSet<&str> = object.keys().map(String::as_str).collect();
            assert_eq!(names, expected, "{path}");
            for (name, kind) in table {
                assert!(
                    has_kind(*kind, &record[name]),
                    "{path} {name} {kind:?}: {record}"
                );
            }
            assert!(record["deleted_at"].is_null() && record["deleted_by"].is_null());
        }
        // Every kind of field is sometimes not null.
        for (name, _) in table {
            assert!(
                records.iter().any(|r| !r[name].is_null())
                    || *name == "custom_fields"
                    || name.starts_with("deleted"),
                "{path} {name} is always null"
            );
        }
    }
}

#[tokio::test]
async fn every_list_answers_with_the_page_object() {
    for path in crate::common::LISTS {
        let answer = list(shared(), path, "take=3").await;
        answer.assert_ok(StatusCode::OK);
        assert_eq!(answer.data_keys(), ["count", "next", "previous", "results"]);
        assert_eq!(answer.results().len(), 3);
        assert!(answer.count() > 3);
    }
}

#[tokio::test]
async fn customer_money_and_dates_have_their_formats() {
    for customer in everything(CUSTOMERS).await {
        let limit = customer["credit_limit"].as_str().unwrap();
        let (_, cents) = limit.split_once('.').unwrap();
        assert_eq!(cents.len(), 2, "{limit}");
    }
    let stakeholders = everything(STAKEHOLDERS).await;
    assert!(stakeholders.iter().any(|s| s["is_company"] == true));
    assert!(stakeholders.iter().any(|s| s["is_company"] == false));
}

//! `sort`: typed comparisons, `-` for descending, nulls last ascending and
//! first descending, ties by `id` (docs/service.md, "Sorting").

use std::cmp::Ordering;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{all, everything, id, invoices, list, shared, INVOICES, STAKEHOLDERS};
use crate::reference::{by_id, decimal, instant, nulls_last, text};

/// Asserts that `path?sort=…` lists every record of `path` ordered by `order`.
async fn assert_sorted(path: &str, query: &str, order: impl Fn(&Value, &Value) -> Ordering) {
    let mut expected: Vec<Value> = everything(path).await.to_vec();
    expected.sort_by(|a, b| order(a, b).then_with(|| by_id(a, b)));
    let expected: Vec<String> = expected.iter().map(id).collect();
    let actual: Vec<String> = all(shared(), path, query).await.iter().map(id).collect();
    assert_eq!(actual, expected, "{path}?{query}");
}

#[tokio::test]
async fn decimals_sort_by_value() {
    let total = |r: &Value| decimal(r, "total");
    assert_sorted(INVOICES, "sort=total", |a, b| total(a).cmp(&total(b))).await;
    assert_sorted(INVOICES, "sort=-total", |a, b| total(b).cmp(&total(a))).await;
}

#[tokio::test]
async fn nulls_are_last_ascending_and_first_descending() {
    let number = |r: &Value| r["order_number"].as_i64();
    assert_sorted(INVOICES, "sort=order_number", |a, b| {
        nulls_last(number(a), number(b))
    })
    .await;
    assert_sorted(INVOICES, "sort=-order_number", |a, b| {
        nulls_last(number(a), number(b)).reverse()
    })
    .await;
    let first = invoices(shared(), "sort=-order_number&take=1").await;
    assert_eq!(first.results()[0]["order_number"], Value::Null);
}

#[tokio::test]
async fn several_keys_in_priority_order() {
    assert_sorted(INVOICES, "sort=operation_status,-issue_date", |a, b| {
        text(a, "operation_status")
            .cmp(&text(b, "operation_status"))
            .then_with(|| instant(b, "issue_date").cmp(&instant(a, "issue_date")))
    })
    .await;
}

#[tokio::test]
async fn text_sorts_by_code_point() {
    assert_sorted(STAKEHOLDERS, "sort=name", |a, b| {
        text(a, "name").cmp(&text(b, "name"))
    })
    .await;
    assert_sorted(STAKEHOLDERS, "sort=-created_at", |a, b| {
        instant(b, "created_at").cmp(&instant(a, "created_at"))
    })
    .await;
}

#[tokio::test]
async fn sorting_a_filtered_page() {
    let mut expected: Vec<Value> = everything(INVOICES)
        .await
        .iter()
        .filter(|r| r["operation_status"] == "PR")
        .cloned()
        .collect();
    expected.sort_by(|a, b| {
        decimal(b, "total")
            .cmp(&decimal(a, "total"))
            .then_with(|| by_id(a, b))
    });
    let page = invoices(shared(), "operation_status=PR&sort=-total&take=50&page=2").await;
    assert_eq!(page.count(), expected.len() as u64);
    let expected: Vec<String> = expected[50..100].iter().map(id).collect();
    assert_eq!(page.ids(), expected);
}

#[tokio::test]
async fn unknown_or_unsortable_keys_are_400() {
    let answer = list(shared(), INVOICES, "sort=-colour,custom_fields").await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data(),
        &json!({"sort": ["Unknown field: colour", "Cannot sort by custom_fields"]})
    );
}

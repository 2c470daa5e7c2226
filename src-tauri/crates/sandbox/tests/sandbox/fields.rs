//! `fields` selection and refused query parameters.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{invoices, start};

#[tokio::test]
async fn fields_keeps_only_the_selected_fields() {
    let sandbox = start().await;
    let answer = invoices(&sandbox, "fields=total,id,supplier").await;
    assert_eq!(answer.status, StatusCode::OK);
    for result in answer.results() {
        let mut names: Vec<&str> = result
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        names.sort_unstable();
        assert_eq!(names, ["id", "supplier", "total"]);
    }
    let whole = invoices(&sandbox, "").await;
    assert_eq!(whole.ids(), answer.ids());
    assert_eq!(whole.results()[0]["total"], answer.results()[0]["total"]);
}

#[tokio::test]
async fn unknown_field_is_a_400_naming_it() {
    let sandbox = start().await;
    let answer = invoices(&sandbox, "fields=id,colour,size").await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data(),
        &json!({"fields": ["Unknown field: colour", "Unknown field: size"]})
    );
}

#[tokio::test]
async fn other_parameters_are_400_naming_them() {
    let sandbox = start().await;
    let answer = invoices(&sandbox, "take=5&colour=red").await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    let data = answer.data().as_object().unwrap();
    assert_eq!(data.keys().collect::<Vec<_>>(), ["colour"]);
    assert!(data["colour"].as_array().is_some_and(|m| !m.is_empty()));
    assert!(answer.body["message"].as_str().unwrap().contains("colour"));

    let answer = invoices(&sandbox, "sort=-issue_date&operation_status=PR").await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    let data = answer.data().as_object().unwrap();
    assert!(data.contains_key("sort") && data.contains_key("operation_status"));
}

#[tokio::test]
async fn validation_comes_before_pagination() {
    let sandbox = start().await;
    invoices(&sandbox, "page=999999&fields=nope")
        .await
        .assert_error(StatusCode::BAD_REQUEST);
}

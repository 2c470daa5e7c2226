//! `fields` selection and refused query parameters.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{invoices, list, shared, LISTS};

#[tokio::test]
async fn fields_keeps_only_the_selected_fields() {
    let sandbox = shared();
    let answer = invoices(sandbox, "fields=total,id,supplier").await;
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
    let whole = invoices(sandbox, "").await;
    assert_eq!(whole.ids(), answer.ids());
    assert_eq!(whole.results()[0]["total"], answer.results()[0]["total"]);
}

#[tokio::test]
async fn unknown_field_is_a_400_naming_it() {
    let sandbox = shared();
    let answer = invoices(sandbox, "fields=id,colour,size").await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data(),
        &json!({"fields": ["Unknown field: colour", "Unknown field: size"]})
    );
}

#[tokio::test]
async fn unknown_filters_and_sort_keys_are_400_naming_them() {
    let sandbox = shared();
    let answer = invoices(sandbox, "take=5&colour=red").await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(answer.data_keys(), ["colour"]);
    assert_eq!(answer.data()["colour"], json!(["Unknown field: colour"]));
    assert!(answer.body["message"].as_str().unwrap().contains("colour"));

    let answer = invoices(
        sandbox,
        "sort=-colour&operation_status=PR&supplier__colour__icontains=x&fields=id,size",
    )
    .await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data(),
        &json!({
            "sort": ["Unknown field: colour"],
            "supplier__colour__icontains": ["Unknown field: supplier__colour"],
            "fields": ["Unknown field: size"],
        })
    );
}

#[tokio::test]
async fn every_list_refuses_names_it_does_not_have() {
    for path in LISTS {
        let answer = list(shared(), path, "sort=total_weight&weight__gte=1").await;
        answer.assert_error(StatusCode::BAD_REQUEST);
        assert_eq!(answer.data_keys(), ["sort", "weight__gte"], "{path}");
    }
}

#[tokio::test]
async fn validation_comes_before_pagination() {
    let sandbox = shared();
    // A bad filter, sort or fields name is a 400 whatever the page: past
    // the last, not a number or not positive, before or after it.
    for (query, parameter) in [
        ("page=999999&fields=nope", "fields"),
        ("colour=red&page=999", "colour"),
        ("colour=red&page=0", "colour"),
        ("page=abc&sort=nope", "sort"),
        ("page=-1&total__gte=lots", "total__gte"),
        ("page=0&page=2&colour=red", "colour"),
    ] {
        let answer = invoices(sandbox, query).await;
        answer.assert_error(StatusCode::BAD_REQUEST);
        assert_eq!(answer.data_keys(), [parameter], "{query}");
    }
    // A good query with such a page is the 404.
    for query in [
        "total__gte=1&page=0",
        "page=abc&sort=-total",
        "page=999999&fields=id",
    ] {
        let answer = invoices(sandbox, query).await;
        answer.assert_error(StatusCode::NOT_FOUND);
        assert_eq!(answer.body["message"], "Invalid page.", "{query}");
    }
}

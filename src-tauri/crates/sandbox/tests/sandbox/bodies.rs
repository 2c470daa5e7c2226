//! Request bodies: JSON, form and multipart are read (see tasks, leads,
//! stakeholders); anything else is refused with an envelope.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{call, start, Body, TASKS};

#[tokio::test]
async fn other_content_types_are_415() {
    let sandbox = start().await;
    for content_type in ["text/plain", "application/xml", "application/x-yaml"] {
        let answer = call(
            &sandbox,
            Method::POST,
            TASKS,
            Body::Raw(content_type, "title: Llamar"),
        )
        .await;
        answer.assert_error(StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(answer.body["message"]
            .as_str()
            .unwrap()
            .contains(content_type));
    }
}

#[tokio::test]
async fn malformed_bodies_are_400() {
    let sandbox = start().await;
    for (content_type, body) in [
        ("application/json", "{\"title\": "),
        ("application/json", "[{\"title\": \"x\"}]"),
        ("application/json", "\"title\""),
        ("multipart/form-data; boundary=zz", "--zz\r\nbroken"),
        ("multipart/form-data", "--zz\r\n"),
    ] {
        let answer = call(&sandbox, Method::POST, TASKS, Body::Raw(content_type, body)).await;
        answer.assert_error(StatusCode::BAD_REQUEST);
        assert_eq!(answer.data(), &json!({}), "{content_type}: {body}");
    }
}

#[tokio::test]
async fn content_type_parameters_and_case_are_ignored() {
    let sandbox = start().await;
    let answer = call(
        &sandbox,
        Method::POST,
        TASKS,
        Body::Raw(
            "Application/JSON; charset=utf-8",
            "{\"title\": \"Llamar a Núñez\"}",
        ),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    assert_eq!(answer.data()["title"], "Llamar a Núñez");
}

#[tokio::test]
async fn an_empty_body_is_an_empty_object() {
    let sandbox = start().await;
    let answer = call(&sandbox, Method::POST, TASKS, Body::None).await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data(),
        &json!({"title": ["This field is required."]})
    );
}

#[tokio::test]
async fn bodies_over_one_mebibyte_are_413() {
    let sandbox = start().await;
    let huge = format!("{{\"title\": \"{}\"}}", "x".repeat(1024 * 1024));
    let answer = call(
        &sandbox,
        Method::POST,
        TASKS,
        Body::Raw("application/json", &huge),
    )
    .await;
    answer.assert_error(StatusCode::PAYLOAD_TOO_LARGE);
}

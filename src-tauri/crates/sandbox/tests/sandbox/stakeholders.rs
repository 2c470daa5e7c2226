//! `POST /stakeholder/stakeholder/` in each content type and its
//! validation, soft `DELETE /stakeholder/stakeholder/{id}/`, and
//! `GET /stakeholder/customer/{id}/`.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{all, call, get, start, Answer, Body, Server, CUSTOMERS, STAKEHOLDERS};

async fn create(server: &impl Server, body: Body<'_>) -> Answer {
    call(server, Method::POST, STAKEHOLDERS, body).await
}

/// Asserts a created stakeholder of the workspace A key's member with
/// these request values, readable by id afterwards.
async fn assert_created(server: &impl Server, created: &Value, number: &str, digit: Value) {
    let ids = server.ids();
    assert_eq!(created["document_number"], number);
    assert_eq!(created["document_type"], ids.document_type.to_string());
    assert_eq!(
        created["geographic_location"],
        ids.geographic_location.to_string()
    );
    assert_eq!(created["verification_digit"], digit);
    assert_eq!(created["document_type_name"], "Cédula de ciudadanía");
    assert_eq!(created["name"], format!("Cédula de ciudadanía {number}"));
    assert_eq!(created["is_company"], false);
    assert_eq!(created["created_by"], ids.member.to_string());
    assert_eq!(created["deleted_at"], Value::Null);
    for reference in ["person_or_company_id", "person_or_company_member_id"] {
        assert!(created[reference]
            .as_str()
            .unwrap()
            .parse::<uuid::Uuid>()
            .is_ok());
    }
    let id = created["id"].as_str().unwrap();
    let read = call(
        server,
        Method::GET,
        &format!("{STAKEHOLDERS}{id}/"),
        Body::None,
    )
    .await;
    read.assert_ok(StatusCode::OK);
    assert_eq!(read.data(), created);
}

#[tokio::test]
async fn created_from_json_form_and_multipart() {
    let sandbox = start().await;
    let document_type = sandbox.ids().document_type.to_string();
    let location = sandbox.ids().geographic_location.to_string();
    let answer = create(
        &sandbox,
        Body::Json(json!({
            "document_number": "1020304050",
            "document_type": document_type,
            "verification_digit": "7",
            "geographic_location": location,
        })),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    assert_created(&sandbox, answer.data(), "1020304050", json!("7")).await;

    let answer = create(
        &sandbox,
        Body::Form(&[
            ("document_number", "52000111"),
            ("document_type", &document_type),
            ("geographic_location", &location),
        ]),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    assert_created(&sandbox, answer.data(), "52000111", Value::Null).await;

    let answer = create(
        &sandbox,
        Body::Multipart(&[
            ("document_number", "79111222"),
            ("document_type", &document_type),
            ("geographic_location", &location),
            ("verification_digit", ""),
        ]),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    assert_created(&sandbox, answer.data(), "79111222", Value::Null).await;

    let listed = all(
        &sandbox,
        STAKEHOLDERS,
        "document_number__in=1020304050,52000111,79111222",
    )
    .await;
    assert_eq!(listed.len(), 3);
}

#[tokio::test]
async fn references_must_exist_and_documents_be_unique() {
    let sandbox = start().await;
    let answer = create(&sandbox, Body::Json(json!({}))).await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data(),
        &json!({
            "document_number": ["This field is required."],
            "document_type": ["This field is required."],
            "geographic_location": ["This field is required."],
        })
    );
    let unknown = "6f1c3b1e-0000-4000-8000-000000000001";
    let answer = create(
        &sandbox,
        Body::Json(json!({
            "document_number": "123",
            "document_type": unknown,
            "geographic_location": "somewhere",
            "verification_digit": "12",
        })),
    )
    .await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data(),
        &json!({
            "document_type": [format!("Invalid pk \"{unknown}\" - object does not exist.")],
            "geographic_location": ["Must be a valid UUID."],
            "verification_digit": ["Ensure this field has no more than 1 characters."],
        })
    );
    // Another workspace's document type is unknown here.
    let other = get(
        &sandbox,
        Some(&sandbox.keys().workspace_b.clone()),
        &format!("{STAKEHOLDERS}?take=1"),
    )
    .await;
    let foreign_type = other.results()[0]["document_type"]
        .as_str()
        .unwrap()
        .to_owned();
    let location = sandbox.ids().geographic_location.to_string();
    let answer = create(
        &sandbox,
        Body::Json(json!({"document_number": "1", "document_type": foreign_type, "geographic_location": location})),
    )
    .await;
    assert_eq!(answer.data_keys(), ["document_type"]);

    let existing = &all(&sandbox, STAKEHOLDERS, "").await[0];
    let answer = create(
        &sandbox,
        Body::Json(json!({
            "document_number": existing["document_number"],
            "document_type": existing["document_type"],
            "geographic_location": location,
        })),
    )
    .await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(answer.data_keys(), ["non_field_errors"]);
}

#[tokio::test]
async fn delete_is_soft_and_final() {
    let sandbox = start().await;
    let id = sandbox.ids().stakeholder;
    let path = format!("{STAKEHOLDERS}{id}/");
    let before = all(&sandbox, STAKEHOLDERS, "").await;
    assert!(before.iter().any(|s| s["id"] == id.to_string()));

    let answer = call(&sandbox, Method::DELETE, &path, Body::None).await;
    answer.assert_ok(StatusCode::OK);
    assert_eq!(answer.data(), &json!({}));

    let after = all(&sandbox, STAKEHOLDERS, "").await;
    assert_eq!(after.len(), before.len() - 1);
    assert!(after.iter().all(|s| s["id"] != id.to_string()));
    assert_eq!(list_count(&sandbox, &format!("id={id}")).await, 0);
    assert_eq!(list_count(&sandbox, "deleted_at__isnull=false").await, 0);
    for method in [Method::GET, Method::DELETE] {
        call(&sandbox, method, &path, Body::None)
            .await
            .assert_error(StatusCode::NOT_FOUND);
    }
    // The other workspace cannot delete this workspace's stakeholders.
    let other = after[0]["id"].as_str().unwrap();
    let key = sandbox.keys().workspace_b.clone();
    crate::common::send(
        &sandbox,
        Method::DELETE,
        &format!("{STAKEHOLDERS}{other}/"),
        Some(&key),
        Body::None,
    )
    .await
    .assert_error(StatusCode::NOT_FOUND);
    assert_eq!(all(&sandbox, STAKEHOLDERS, "").await.len(), after.len());
}

async fn list_count(server: &impl Server, query: &str) -> u64 {
    call(
        server,
        Method::GET,
        &format!("{STAKEHOLDERS}?{query}"),
        Body::None,
    )
    .await
    .count()
}

#[tokio::test]
async fn get_customer_by_id() {
    let sandbox = start().await;
    let id = sandbox.ids().customer;
    let answer = call(
        &sandbox,
        Method::GET,
        &format!("{CUSTOMERS}{id}/"),
        Body::None,
    )
    .await;
    answer.assert_ok(StatusCode::OK);
    let listed = all(&sandbox, CUSTOMERS, &format!("id={id}")).await;
    assert_eq!(answer.data(), &listed[0]);
    assert_eq!(answer.data()["id"], id.to_string());
    let stakeholder = answer.data()["stakeholder"].as_str().unwrap();
    let of = call(
        &sandbox,
        Method::GET,
        &format!("{STAKEHOLDERS}{stakeholder}/"),
        Body::None,
    )
    .await;
    assert_eq!(of.data()["name"], answer.data()["name"]);
    assert_eq!(
        of.data()["document_number"],
        answer.data()["document_number"]
    );

    let key = sandbox.keys().workspace_b.clone();
    get(&sandbox, Some(&key), &format!("{CUSTOMERS}{id}/"))
        .await
        .assert_error(StatusCode::NOT_FOUND);
    for bad in ["6f1c3b1e-0000-4000-8000-000000000001", "x"] {
        call(
            &sandbox,
            Method::GET,
            &format!("{CUSTOMERS}{bad}/"),
            Body::None,
        )
        .await
        .assert_error(StatusCode::NOT_FOUND);
    }
}

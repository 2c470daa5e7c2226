//! `PATCH /crm/lead/{id}/` in each content type: partial, `null` distinct
//! from absent, audit fields maintained; the assumed `GET /crm/lead/{id}/`;
//! and a workspace seeded with many leads (`Config::leads`).

use std::collections::HashSet;

use reqwest::{Method, StatusCode};
use serde_json::{json, Map, Value};
use workdesk_sandbox::Config;

use crate::common::{all, call, get, list, start, start_with, Answer, Body, Server, LEADS};

async fn patch(server: &impl Server, body: Body<'_>) -> Answer {
    let lead = server.ids().lead;
    call(server, Method::PATCH, &format!("{LEADS}{lead}/"), body).await
}

async fn read(server: &impl Server) -> Value {
    let lead = server.ids().lead;
    let key = server.keys().workspace_a.clone();
    let answer = get(server, Some(&key), &format!("{LEADS}{lead}/")).await;
    answer.assert_ok(StatusCode::OK);
    answer.data().clone()
}

/// Asserts that `after` is `before` with `changes` applied and marked as
/// updated by the workspace A key's member, and that a later read agrees.
async fn assert_updated(server: &impl Server, before: &Value, after: &Value, changes: Value) {
    let mut expected: Map<String, Value> = before.as_object().unwrap().clone();
    for (name, value) in changes.as_object().unwrap() {
        expected.insert(name.clone(), value.clone());
    }
    for audit in ["updated_at", "updated_by", "audit_status"] {
        expected.remove(audit);
    }
    let mut actual = after.as_object().unwrap().clone();
    assert_eq!(actual.remove("audit_status"), Some(json!("U")));
    assert_eq!(
        actual.remove("updated_by"),
        Some(json!(server.ids().member.to_string()))
    );
    let updated_at = actual.remove("updated_at").unwrap();
    assert!(updated_at.as_str().unwrap() >= before["created_at"].as_str().unwrap());
    assert_eq!(actual, expected);
    assert_eq!(&read(server).await, after);
}

#[tokio::test]
async fn json_changes_only_the_given_fields() {
    let sandbox = start().await;
    let before = read(&sandbox).await;
    let member = sandbox.ids().member.to_string();
    let changes = json!({
        "status": "qualified",
        "source": null,
        "user_member": member,
        "custom_fields": {"presupuesto": "12000.50"},
    });
    let answer = patch(&sandbox, Body::Json(changes.clone())).await;
    answer.assert_ok(StatusCode::OK);
    assert_updated(&sandbox, &before, answer.data(), changes).await;
}

#[tokio::test]
async fn form_and_multipart_values_are_strings() {
    let sandbox = start().await;
    let before = read(&sandbox).await;
    let company = "0E5B1F2A-1111-4222-8333-944455556666";
    let answer = patch(
        &sandbox,
        Body::Form(&[
            ("status", "contacted"),
            ("company", company),
            ("person", ""),
        ]),
    )
    .await;
    answer.assert_ok(StatusCode::OK);
    let changes = json!({
        "status": "contacted",
        "company": company.to_lowercase(),
        "person": null,
    });
    assert_updated(&sandbox, &before, answer.data(), changes).await;

    let before = read(&sandbox).await;
    let answer = patch(
        &sandbox,
        Body::Multipart(&[("source", "feria de Medellín"), ("custom_fields", "null")]),
    )
    .await;
    answer.assert_ok(StatusCode::OK);
    let changes = json!({"source": "feria de Medellín", "custom_fields": null});
    assert_updated(&sandbox, &before, answer.data(), changes).await;
}

#[tokio::test]
async fn an_empty_body_changes_only_the_audit_fields() {
    let sandbox = start().await;
    let before = read(&sandbox).await;
    let answer = patch(&sandbox, Body::Json(json!({}))).await;
    answer.assert_ok(StatusCode::OK);
    assert_updated(&sandbox, &before, answer.data(), json!({})).await;
}

#[tokio::test]
async fn a_known_lead_still_refuses_a_bad_body() {
    let sandbox = start().await;
    patch(&sandbox, Body::Raw("text/plain", "status: lost"))
        .await
        .assert_error(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    patch(&sandbox, Body::Raw("application/json", "{\"status\": "))
        .await
        .assert_error(StatusCode::BAD_REQUEST);
    // Numbers are text to a string field, as in DRF.
    let answer = patch(&sandbox, Body::Json(json!({"status": 7}))).await;
    answer.assert_ok(StatusCode::OK);
    assert_eq!(answer.data()["status"], "7");
}

#[tokio::test]
async fn invalid_values_change_nothing() {
    let sandbox = start().await;
    let before = read(&sandbox).await;
    let answer = patch(
        &sandbox,
        Body::Json(json!({
            "status": "won",
            "person": "nobody",
            "user_member": "6f1c3b1e-0000-4000-8000-000000000001",
            "source": false,
        })),
    )
    .await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(answer.data_keys(), ["person", "source", "user_member"]);
    assert_eq!(answer.data()["person"], json!(["Must be a valid UUID."]));
    assert_eq!(
        answer.data()["user_member"],
        json!(["Invalid pk \"6f1c3b1e-0000-4000-8000-000000000001\" - object does not exist."])
    );
    assert_eq!(read(&sandbox).await, before);
}

#[tokio::test]
async fn unknown_ids_are_404() {
    let sandbox = start().await;
    for id in ["6f1c3b1e-0000-4000-8000-000000000001", "not-a-uuid", "42"] {
        call(
            &sandbox,
            Method::PATCH,
            &format!("{LEADS}{id}/"),
            Body::Json(json!({"status": "x"})),
        )
        .await
        .assert_error(StatusCode::NOT_FOUND);
        call(&sandbox, Method::GET, &format!("{LEADS}{id}/"), Body::None)
            .await
            .assert_error(StatusCode::NOT_FOUND);
    }
    // The record is looked up before the body is read or validated.
    let huge = format!("{{\"status\": \"{}\"}}", "x".repeat(1024 * 1024));
    for id in ["6f1c3b1e-0000-4000-8000-000000000001", "not-a-uuid"] {
        for body in [
            Body::Raw("text/plain", "status: lost"),
            Body::Raw("application/json", "{\"status\": "),
            Body::Raw("application/json", &huge),
            Body::Json(json!({"status": ["not", "a", "string"]})),
        ] {
            call(&sandbox, Method::PATCH, &format!("{LEADS}{id}/"), body)
                .await
                .assert_error(StatusCode::NOT_FOUND);
        }
    }
    // A lead is not deletable: the method is not allowed on it.
    let lead = sandbox.ids().lead;
    call(
        &sandbox,
        Method::DELETE,
        &format!("{LEADS}{lead}/"),
        Body::None,
    )
    .await
    .assert_error(StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn many_leads_are_seeded_listed_and_paged() {
    let config = Config {
        leads: 2_000,
        ..Config::default()
    };
    let sandbox = start_with(config.clone()).await;
    let first = list(&sandbox, LEADS, "take=1").await;
    first.assert_ok(StatusCode::OK);
    assert_eq!(first.count(), 2_000);
    let leads = all(&sandbox, LEADS, "").await;
    assert_eq!(leads.len(), 2_000);
    assert_eq!(leads[0]["id"], sandbox.ids().lead.to_string());
    let ids: HashSet<&str> = leads.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 2_000, "distinct ids");
    let statuses: HashSet<&str> = leads.iter().filter_map(|l| l["status"].as_str()).collect();
    assert_eq!(
        statuses,
        HashSet::from(["new", "contacted", "qualified", "proposal", "won", "lost"])
    );
    let won = list(&sandbox, LEADS, "status=won&take=1").await.count();
    assert!((1..2_000).contains(&won), "{won}");
    // The same seed, the same leads.
    let again = start_with(config).await;
    assert_eq!(all(&again, LEADS, "").await, leads);
    // Workspace B keeps its own.
    let key = sandbox.keys().workspace_b.clone();
    assert_eq!(
        get(&sandbox, Some(&key), &format!("{LEADS}?take=1"))
            .await
            .count(),
        25
    );
}

#[tokio::test]
async fn no_leads_is_refused_at_start() {
    let refused = workdesk_sandbox::start(Config {
        leads: 0,
        ..Config::default()
    })
    .await;
    assert!(
        matches!(refused, Err(workdesk_sandbox::Error::InvalidConfig(_))),
        "{refused:?}"
    );
}

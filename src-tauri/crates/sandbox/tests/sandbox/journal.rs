//! The request journal (`--journal`): what the client sent, never its key.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use workdesk_sandbox::{Config, RateLimit, Running};

use crate::common::{call, get, send, start, start_with, Answer, Body, Server, INVOICES, TASKS};

async fn with_journal() -> Running {
    start_with(Config {
        journal: true,
        faults: true,
        ..Config::default()
    })
    .await
}

async fn journal(server: &impl Server) -> Answer {
    let answer = send(server, Method::GET, "/_sandbox/requests", None, Body::None).await;
    answer.assert_ok(StatusCode::OK);
    answer
}

fn entries(answer: &Answer) -> &Vec<Value> {
    answer.data()["results"].as_array().unwrap()
}

#[tokio::test]
async fn off_by_default() {
    let sandbox = start().await;
    for method in [Method::GET, Method::DELETE] {
        send(&sandbox, method, "/_sandbox/requests", None, Body::None)
            .await
            .assert_error(StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn records_what_was_sent_and_the_status() {
    let sandbox = with_journal().await;
    let key = sandbox.keys().workspace_a.clone();
    get(
        &sandbox,
        Some(&key),
        &format!("{INVOICES}?take=5&supplier__name__icontains=pe%C3%B1a"),
    )
    .await;
    call(
        &sandbox,
        Method::POST,
        TASKS,
        Body::Json(json!({"title": "Llamar", "priority": 2})),
    )
    .await;
    call(
        &sandbox,
        Method::POST,
        TASKS,
        Body::Form(&[("title", "Peña"), ("priority", "x")]),
    )
    .await;
    call(
        &sandbox,
        Method::POST,
        TASKS,
        Body::Multipart(&[("title", "Muñoz")]),
    )
    .await;
    get(&sandbox, None, TASKS).await;

    let answer = journal(&sandbox).await;
    assert_eq!(answer.data()["count"], 5);
    let entries = entries(&answer);
    assert_eq!(
        entries[0],
        json!({
            "method": "GET",
            "path": INVOICES,
            "query": "take=5&supplier__name__icontains=pe%C3%B1a",
            "content_type": null,
            "body": null,
            "status": 200,
        })
    );
    assert_eq!(
        entries[1],
        json!({
            "method": "POST",
            "path": TASKS,
            "query": null,
            "content_type": "application/json",
            "body": {"title": "Llamar", "priority": 2},
            "status": 201,
        })
    );
    assert_eq!(
        entries[2]["content_type"],
        "application/x-www-form-urlencoded"
    );
    assert_eq!(
        entries[2]["body"],
        json!({"title": "Peña", "priority": "x"})
    );
    assert_eq!(entries[2]["status"], 400);
    assert!(entries[3]["content_type"]
        .as_str()
        .unwrap()
        .starts_with("multipart/form-data; boundary="));
    assert_eq!(entries[3]["body"], json!({"title": "Muñoz"}));
    assert_eq!(entries[4]["status"], 401);

    // Never the key, nor any header but the content type.
    let text = answer.body.to_string();
    for secret in [&key, "Bearer", "authorization", "user-agent"] {
        assert!(
            !text.to_lowercase().contains(&secret.to_lowercase()),
            "{secret}"
        );
    }
}

#[tokio::test]
async fn dropped_connections_have_no_status() {
    let sandbox = with_journal().await;
    let request = crate::common::http()
        .get(format!("{}{INVOICES}", sandbox.base_url()))
        .bearer_auth(&sandbox.keys().workspace_a)
        .header("X-Sandbox-Fault", "drop");
    assert!(request.send().await.is_err());
    let answer = journal(&sandbox).await;
    assert_eq!(entries(&answer)[0]["status"], Value::Null);
}

#[tokio::test]
async fn control_requests_are_neither_journalled_nor_counted() {
    let sandbox = with_journal().await;
    let key = sandbox.keys().workspace_a.clone();
    journal(&sandbox).await;
    journal(&sandbox).await;
    let answer = get(&sandbox, Some(&key), INVOICES).await;
    assert_eq!(answer.header_int("x-ratelimit-remaining"), 999);
    assert_eq!(entries(&journal(&sandbox).await).len(), 1);

    let cleared = send(
        &sandbox,
        Method::DELETE,
        "/_sandbox/requests",
        None,
        Body::None,
    )
    .await;
    cleared.assert_ok(StatusCode::OK);
    assert_eq!(journal(&sandbox).await.data()["count"], 0);
}

#[tokio::test]
async fn keeps_the_last_thousand() {
    let sandbox = start_with(Config {
        journal: true,
        rate_limit: RateLimit {
            requests: 10_000,
            window: Duration::from_secs(3600),
        },
        ..Config::default()
    })
    .await;
    let key = sandbox.keys().workspace_a.clone();
    let client = crate::common::http();
    for index in 0..1_005 {
        let response = client
            .get(format!("{}/nothing/?n={index}", sandbox.base_url()))
            .bearer_auth(&key)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
    }
    let answer = journal(&sandbox).await;
    let entries = entries(&answer);
    assert_eq!(entries.len(), 1_000);
    assert_eq!(entries[0]["query"], "n=5");
    assert_eq!(entries[999]["query"], "n=1004");
}

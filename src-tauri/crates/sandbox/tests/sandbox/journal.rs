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

/// Status and headers of `POST /task/task/` with `body` and an optional key.
async fn post_raw(
    server: &impl Server,
    key: Option<&str>,
    body: String,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut request = crate::common::http()
        .post(format!("{}{TASKS}", server.base_url()))
        .header("content-type", "application/json")
        .body(body);
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().await.expect("answered");
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.json().await.expect("an envelope");
    (status, headers, body)
}

#[tokio::test]
async fn the_journal_changes_no_answer() {
    let plain = start().await;
    let journalled = with_journal().await;
    let huge = format!("{{\"title\": \"{}\"}}", "x".repeat(1024 * 1024));
    let cases = [
        (None, huge.clone()),
        (Some(plain.keys().workspace_a.clone()), huge.clone()),
        (Some(plain.keys().read_only.clone()), huge),
        (
            Some(plain.keys().workspace_a.clone()),
            "{\"title\": ".to_owned(),
        ),
    ];
    for (key, body) in cases {
        let without = post_raw(&plain, key.as_deref(), body.clone()).await;
        let with = post_raw(&journalled, key.as_deref(), body).await;
        assert_eq!(with.0, without.0);
        assert_eq!(with.2, without.2);
        let names = |headers: &reqwest::header::HeaderMap| {
            let mut names: Vec<String> = headers.keys().map(|n| n.to_string()).collect();
            names.sort();
            names
        };
        assert_eq!(names(&with.1), names(&without.1));
        for (name, value) in &without.1 {
            if !matches!(name.as_str(), "date" | "x-ratelimit-reset") {
                assert_eq!(&with.1[name], value, "{name}");
            }
        }
    }
    let statuses: Vec<Value> = entries(&journal(&journalled).await)
        .iter()
        .map(|entry| json!([entry["status"], entry["body"]]))
        .collect();
    // Over the body limit, the body is not journalled; the answer is.
    assert_eq!(
        statuses,
        [
            json!([401, null]),
            json!([413, null]),
            json!([403, null]),
            json!([400, null])
        ]
    );
}

#[tokio::test]
async fn keys_in_the_query_path_or_body_are_redacted() {
    let sandbox = with_journal().await;
    let key = sandbox.keys().workspace_a.clone();
    let other = sandbox.keys().workspace_b.clone();
    get(
        &sandbox,
        Some(&key),
        &format!("{INVOICES}?api_key={key}&take=1"),
    )
    .await;
    call(
        &sandbox,
        Method::POST,
        TASKS,
        Body::Json(
            json!({"title": format!("clave {other}"), "custom_fields": {"k": [key.clone()]}}),
        ),
    )
    .await;
    call(
        &sandbox,
        Method::POST,
        TASKS,
        Body::Form(&[("title", &format!("clave={key}"))]),
    )
    .await;
    get(&sandbox, Some(&key), &format!("/crm/lead/{key}/")).await;
    let answer = journal(&sandbox).await;
    let entries = entries(&answer);
    assert_eq!(entries[0]["query"], "api_key=service_…<redacted>&take=1");
    assert_eq!(
        entries[1]["body"],
        json!({"title": "clave service_…<redacted>", "custom_fields": {"k": ["service_…<redacted>"]}})
    );
    assert_eq!(
        entries[2]["body"],
        json!({"title": "clave=service_…<redacted>"})
    );
    assert_eq!(entries[3]["path"], "/crm/lead/service_…<redacted>/");
    let text = answer.body.to_string();
    assert!(!text.contains(&key) && !text.contains(&other));
    // What the service stored is not redacted: only the journal is.
    let tasks = get(
        &sandbox,
        Some(&key),
        &format!("{TASKS}?title__startswith=clave"),
    )
    .await;
    assert_eq!(tasks.count(), 2);
}

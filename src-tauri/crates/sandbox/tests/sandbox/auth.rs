//! Bearer keys: 401 envelopes that say why, and accepted keys.

use reqwest::{Method, StatusCode};

use crate::common::{get, send, start, Body, INVOICES};

#[tokio::test]
async fn refused_keys_are_401_envelopes_that_say_why() {
    let sandbox = start().await;
    let keys = sandbox.keys().clone();
    let malformed = "service_tooshort".to_owned();
    let unknown = format!("service_{}", "x".repeat(40));
    let cases = [
        (None, "missing"),
        (Some(&malformed), "invalid"),
        (Some(&unknown), "invalid"),
        (Some(&keys.expired), "expired"),
        (Some(&keys.disabled), "disabled"),
        (Some(&keys.deleted), "deleted"),
    ];
    let mut messages = std::collections::HashSet::new();
    for (key, word) in cases {
        let answer = get(&sandbox, key.map(String::as_str), INVOICES).await;
        answer.assert_error(StatusCode::UNAUTHORIZED);
        assert_eq!(answer.data(), &serde_json::json!({}));
        let message = answer.body["message"].as_str().unwrap().to_lowercase();
        assert!(message.contains(word), "{message:?} should say {word}");
        let others = ["missing", "invalid", "expired", "disabled", "deleted"];
        for other in others.iter().filter(|other| **other != word) {
            assert!(!message.contains(other), "{message:?} also says {other}");
        }
        messages.insert(message);
        assert_eq!(answer.headers["www-authenticate"], "Bearer");
        assert!(answer.headers.get("x-ratelimit-limit").is_none());
    }
    assert_eq!(messages.len(), 5, "one message per reason: {messages:?}");
}

#[tokio::test]
async fn refused_keys_cannot_write_either() {
    let sandbox = start().await;
    let keys = sandbox.keys().clone();
    let lead = sandbox.ids().lead;
    for key in [&keys.expired, &keys.disabled, &keys.deleted] {
        let answer = send(
            &sandbox,
            Method::PATCH,
            &format!("/crm/lead/{lead}/"),
            Some(key),
            Body::Json(serde_json::json!({"status": "lost"})),
        )
        .await;
        answer.assert_error(StatusCode::UNAUTHORIZED);
    }
    let read = get(
        &sandbox,
        Some(&keys.workspace_a),
        &format!("/crm/lead/{lead}/"),
    )
    .await;
    assert_ne!(read.data()["status"], "lost");
}

#[tokio::test]
async fn another_scheme_counts_as_a_missing_key() {
    let sandbox = start().await;
    let response = crate::common::http()
        .get(format!("{}{INVOICES}", sandbox.base_url()))
        .basic_auth("user", Some("password"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["message"]
        .as_str()
        .unwrap()
        .to_lowercase()
        .contains("missing"));
}

#[tokio::test]
async fn valid_keys_of_both_workspaces_are_accepted() {
    let sandbox = start().await;
    for key in [&sandbox.keys().workspace_a, &sandbox.keys().workspace_b] {
        let answer = get(&sandbox, Some(key), INVOICES).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.body["error"], false);
        assert!(answer.body["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
    }
}

#[tokio::test]
async fn unknown_paths_need_a_key_then_answer_404_envelopes() {
    let sandbox = start().await;
    get(&sandbox, None, "/nothing/here/")
        .await
        .assert_error(StatusCode::UNAUTHORIZED);
    let key = sandbox.keys().workspace_a.clone();
    get(&sandbox, Some(&key), "/nothing/here/")
        .await
        .assert_error(StatusCode::NOT_FOUND);
    let response = crate::common::http()
        .post(format!("{}{INVOICES}", sandbox.base_url()))
        .bearer_auth(&key)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"], true);
}

#[tokio::test]
async fn unknown_control_paths_are_404_without_a_key() {
    let sandbox = crate::common::start_with(workdesk_sandbox::Config {
        journal: true,
        faults: true,
        ..workdesk_sandbox::Config::default()
    })
    .await;
    for path in [
        "/_sandbox",
        "/_sandbox/",
        "/_sandbox/nothing",
        "/_sandbox/requests/",
        "/_sandbox/faults/x/",
    ] {
        for method in [Method::GET, Method::POST, Method::DELETE] {
            let answer = send(&sandbox, method.clone(), path, None, Body::None).await;
            answer.assert_error(StatusCode::NOT_FOUND);
            assert!(
                answer.headers.get("www-authenticate").is_none(),
                "{method} {path}"
            );
            assert!(
                answer.headers.get("x-ratelimit-limit").is_none(),
                "{method} {path}"
            );
        }
    }
    let answer = send(&sandbox, Method::PUT, "/_sandbox/faults", None, Body::None).await;
    answer.assert_error(StatusCode::METHOD_NOT_ALLOWED);
    // None of it was journalled.
    let journal = send(
        &sandbox,
        Method::GET,
        "/_sandbox/requests",
        None,
        Body::None,
    )
    .await;
    assert_eq!(journal.data()["count"], 0);
}

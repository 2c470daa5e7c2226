//! Rate-limit headers and 429 (docs/service.md, "Rate limits").

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::{Method, StatusCode};
use serde_json::json;
use workdesk_sandbox::{Config, RateLimit};

use crate::common::{call, get, invoices, start, start_with, Body, INVOICES};

fn now_epoch() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[tokio::test]
async fn counts_down_then_answers_429_with_retry_after() {
    let window = 120;
    let sandbox = start_with(Config {
        rate_limit: RateLimit {
            requests: 3,
            window: Duration::from_secs(window),
        },
        ..Config::default()
    })
    .await;
    let before = now_epoch();
    for remaining in [2, 1, 0] {
        let answer = invoices(&sandbox, "take=1").await;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.header_int("x-ratelimit-limit"), 3);
        assert_eq!(answer.header_int("x-ratelimit-remaining"), remaining);
        let reset = answer.header_int("x-ratelimit-reset");
        assert!(
            reset >= before + window && reset <= now_epoch() + window + 1,
            "{reset}"
        );
    }
    let refused = invoices(&sandbox, "take=1").await;
    refused.assert_error(StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.data(), &serde_json::json!({}));
    let retry_after = refused.header_int("retry-after");
    assert!((1..=window).contains(&retry_after), "{retry_after}");
    assert_eq!(refused.header_int("x-ratelimit-limit"), 3);
    assert_eq!(refused.header_int("x-ratelimit-remaining"), 0);

    let other_key = sandbox.keys().workspace_b.clone();
    let other = get(&sandbox, Some(&other_key), INVOICES).await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!(other.header_int("x-ratelimit-remaining"), 2);
}

#[tokio::test]
async fn every_answer_to_an_accepted_key_has_the_headers() {
    let sandbox = start().await;
    let ok = invoices(&sandbox, "").await;
    assert_eq!(ok.header_int("x-ratelimit-limit"), 1000);
    assert_eq!(ok.header_int("x-ratelimit-remaining"), 999);
    for query in ["fields=nope", "page=0"] {
        let failed = invoices(&sandbox, query).await;
        assert!(failed.status.is_client_error());
        assert_eq!(failed.header_int("x-ratelimit-limit"), 1000);
        assert!(failed.headers.contains_key("x-ratelimit-reset"));
    }
    let key = sandbox.keys().workspace_a.clone();
    let not_found = get(&sandbox, Some(&key), "/unknown/").await;
    assert_eq!(not_found.header_int("x-ratelimit-remaining"), 996);
}

#[tokio::test]
async fn writes_and_errors_count_and_carry_the_headers() {
    let sandbox = start_with(Config {
        rate_limit: RateLimit {
            requests: 3,
            window: Duration::from_secs(120),
        },
        ..Config::default()
    })
    .await;
    let invalid = call(&sandbox, Method::POST, "/task/task/", Body::Json(json!({}))).await;
    invalid.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(invalid.header_int("x-ratelimit-remaining"), 2);
    let not_allowed = call(&sandbox, Method::PUT, "/task/task/", Body::None).await;
    not_allowed.assert_error(StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(not_allowed.header_int("x-ratelimit-remaining"), 1);
    let created = call(
        &sandbox,
        Method::POST,
        "/task/task/",
        Body::Json(json!({"title": "x"})),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED);
    assert_eq!(created.header_int("x-ratelimit-remaining"), 0);
    let refused = call(
        &sandbox,
        Method::POST,
        "/task/task/",
        Body::Json(json!({"title": "y"})),
    )
    .await;
    refused.assert_error(StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.header_int("retry-after") >= 1);
    assert_eq!(refused.header_int("x-ratelimit-limit"), 3);
}

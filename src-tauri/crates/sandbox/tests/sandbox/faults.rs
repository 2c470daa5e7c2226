//! Fault injection: per request (`X-Sandbox-Fault`), armed for the next N
//! requests (`POST /_sandbox/faults`, optionally only those to one path and
//! with one method) or always (`Config::fault`); off by default.

use std::time::{Duration, Instant};

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use workdesk_sandbox::{Config, Fault, RateLimit, Running};

use crate::common::{
    call, http, list, send, start, start_with, Answer, Body, Server, INVOICES, LEADS,
};

/// A raw answer: the body may be anything.
struct Raw {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

/// `GET /account_payable/invoice/?take=5` with workspace A's key and an
/// optional `X-Sandbox-Fault` header.
async fn fetch(server: &impl Server, fault: Option<&str>) -> Result<Raw, reqwest::Error> {
    let mut request = http()
        .get(format!("{}{INVOICES}?take=5", server.base_url()))
        .bearer_auth(&server.keys().workspace_a);
    if let Some(fault) = fault {
        request = request.header("X-Sandbox-Fault", fault);
    }
    let response = request.send().await?;
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.bytes().await?.to_vec();
    Ok(Raw {
        status,
        headers,
        body,
    })
}

async fn with_faults() -> Running {
    start_with(Config {
        faults: true,
        ..Config::default()
    })
    .await
}

fn envelope(raw: &Raw) -> Value {
    assert_eq!(raw.headers["content-type"], "application/json");
    serde_json::from_slice(&raw.body).expect("an envelope")
}

#[tokio::test]
async fn the_header_is_ignored_while_faults_are_off() {
    let sandbox = start().await;
    for mode in ["500", "drop", "html"] {
        let raw = fetch(&sandbox, Some(mode)).await.unwrap();
        assert_eq!(raw.status, StatusCode::OK);
        assert_eq!(envelope(&raw)["error"], false);
    }
    let arm = send(
        &sandbox,
        Method::POST,
        "/_sandbox/faults",
        None,
        Body::Json(json!({"mode": "500"})),
    )
    .await;
    arm.assert_error(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn error_statuses_answer_with_envelopes() {
    let sandbox = with_faults().await;
    for (mode, status) in [
        ("500", StatusCode::INTERNAL_SERVER_ERROR),
        ("502", StatusCode::BAD_GATEWAY),
        ("503", StatusCode::SERVICE_UNAVAILABLE),
    ] {
        let raw = fetch(&sandbox, Some(mode)).await.unwrap();
        assert_eq!(raw.status, status);
        let body = envelope(&raw);
        assert_eq!(body["error"], true);
        assert_eq!(body["data"], json!({}));
    }
    let fine = fetch(&sandbox, None).await.unwrap();
    assert_eq!(fine.status, StatusCode::OK);
}

fn now_epoch() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[tokio::test]
async fn a_429_storm_ignores_the_budget() {
    let sandbox = start_with(Config {
        faults: true,
        rate_limit: RateLimit {
            requests: 50,
            window: Duration::from_secs(600),
        },
        ..Config::default()
    })
    .await;
    let before = now_epoch();
    let raw = fetch(&sandbox, Some("429")).await.unwrap();
    assert_eq!(raw.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(raw.headers["retry-after"], "1");
    assert_eq!(envelope(&raw)["error"], true);
    // Like the service's own 429: the limit, nothing left, a reset when
    // Retry-After ends.
    assert_eq!(raw.headers["x-ratelimit-limit"], "50");
    assert_eq!(raw.headers["x-ratelimit-remaining"], "0");
    let reset: u64 = raw.headers["x-ratelimit-reset"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((before + 1..=now_epoch() + 2).contains(&reset), "{reset}");
    // The key's own budget is untouched by the storm.
    let fine = fetch(&sandbox, None).await.unwrap();
    assert_eq!(fine.headers["x-ratelimit-remaining"], "49");
}

#[tokio::test]
async fn a_429_storm_can_ask_for_a_longer_wait() {
    let sandbox = with_faults().await;
    let before = now_epoch();
    let raw = fetch(&sandbox, Some("429=90")).await.unwrap();
    assert_eq!(raw.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(raw.headers["retry-after"], "90");
    let reset: u64 = raw.headers["x-ratelimit-reset"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((before + 90..=now_epoch() + 91).contains(&reset), "{reset}");
    let refused = fetch(&sandbox, Some("429=0")).await.unwrap();
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "0 s is no wait");
}

#[tokio::test]
async fn service_like_faults_have_rate_headers_only_for_accepted_keys() {
    let sandbox = with_faults().await;
    let keys = sandbox.keys().clone();
    for mode in ["429", "403"] {
        for key in [None, Some(&keys.expired), Some(&keys.disabled)] {
            let mut request = http()
                .get(format!("{}{INVOICES}", sandbox.base_url()))
                .header("X-Sandbox-Fault", mode);
            if let Some(key) = key {
                request = request.bearer_auth(key);
            }
            let response = request.send().await.unwrap();
            assert_eq!(response.status().as_str(), mode);
            assert!(
                !response.headers().contains_key("x-ratelimit-limit"),
                "{mode}"
            );
        }
    }
    // Proxy-like faults never have them.
    for mode in ["500", "502", "503", "html", "not-json"] {
        let raw = fetch(&sandbox, Some(mode)).await.unwrap();
        assert!(!raw.headers.contains_key("x-ratelimit-limit"), "{mode}");
    }
}

#[tokio::test]
async fn a_401_refuses_a_good_key_as_the_service_refuses_a_revoked_one() {
    let sandbox = with_faults().await;
    let raw = fetch(&sandbox, Some("401")).await.unwrap();
    assert_eq!(raw.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        envelope(&raw),
        json!({"message": "Deleted API key: it was revoked.", "error": true, "data": {}})
    );
    assert!(
        !raw.headers.contains_key("x-ratelimit-limit"),
        "a refused key has no budget to show"
    );
    let fine = fetch(&sandbox, None).await.unwrap();
    assert_eq!(fine.status, StatusCode::OK, "for that request only");
}

#[tokio::test]
async fn a_403_answers_like_the_service_and_counts_nothing() {
    let sandbox = with_faults().await;
    fetch(&sandbox, None).await.unwrap();
    let raw = fetch(&sandbox, Some("403")).await.unwrap();
    assert_eq!(raw.status, StatusCode::FORBIDDEN);
    let body = envelope(&raw);
    assert_eq!(
        body,
        json!({
            "message": "You do not have permission to perform this action.",
            "error": true,
            "data": {},
        })
    );
    // The key's window as it stands, without this request.
    assert_eq!(raw.headers["x-ratelimit-limit"], "1000");
    assert_eq!(raw.headers["x-ratelimit-remaining"], "999");
    let fine = fetch(&sandbox, None).await.unwrap();
    assert_eq!(fine.status, StatusCode::OK);
    assert_eq!(fine.headers["x-ratelimit-remaining"], "998");
    assert_eq!(
        fine.headers["x-ratelimit-reset"],
        raw.headers["x-ratelimit-reset"]
    );
}

#[tokio::test]
async fn drop_closes_the_connection_without_an_answer() {
    let sandbox = with_faults().await;
    let error = match fetch(&sandbox, Some("drop")).await {
        Ok(raw) => panic!("answered {}", raw.status),
        Err(error) => error,
    };
    assert!(error.status().is_none(), "{error:?}");
    assert!(!error.is_timeout() && !error.is_decode(), "{error:?}");
    assert!(error.is_request(), "{error:?}");
    // The server goes on serving.
    assert_eq!(fetch(&sandbox, None).await.unwrap().status, StatusCode::OK);
}

#[tokio::test]
async fn truncated_bodies_do_not_parse() {
    let sandbox = with_faults().await;
    let whole = fetch(&sandbox, None).await.unwrap();
    let raw = fetch(&sandbox, Some("truncated")).await.unwrap();
    assert_eq!(raw.status, StatusCode::OK);
    assert_eq!(raw.headers["content-type"], "application/json");
    assert_eq!(
        raw.headers["content-length"],
        raw.body.len().to_string().as_str()
    );
    assert_eq!(raw.body.len(), whole.body.len() / 2);
    assert!(whole.body.starts_with(&raw.body));
    let error = serde_json::from_slice::<Value>(&raw.body).unwrap_err();
    assert!(error.is_eof(), "{error}");
}

#[tokio::test]
async fn slow_and_oversized_bodies_carry_the_normal_answer_without_a_length() {
    let sandbox = with_faults().await;
    let whole = fetch(&sandbox, None).await.unwrap();
    let slow = fetch(&sandbox, Some("slow-body")).await.unwrap();
    assert_eq!(slow.status, StatusCode::OK);
    assert!(slow.headers.get("content-length").is_none());
    assert_eq!(slow.body, whole.body, "the same answer, in parts");

    let large = fetch(&sandbox, Some("oversized")).await.unwrap();
    assert_eq!(large.status, StatusCode::OK);
    assert!(large.headers.get("content-length").is_none());
    assert_eq!(large.body.len(), whole.body.len() + 17 * 1024 * 1024);
    assert!(large.body.starts_with(&whole.body));
    let parsed: Value = serde_json::from_slice(&large.body).unwrap();
    assert_eq!(
        parsed,
        serde_json::from_slice::<Value>(&whole.body).unwrap(),
        "spaces only"
    );
}

#[tokio::test]
async fn a_stalled_answer_does_the_work_sends_half_its_body_and_then_nothing() {
    let sandbox = with_faults().await;
    let response = http()
        .post(format!("{}/task/task/", sandbox.base_url()))
        .bearer_auth(&sandbox.keys().workspace_a)
        .header("X-Sandbox-Fault", "stall")
        .json(&serde_json::json!({"title": "Stalled"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let mut response = response;
    let first = response.chunk().await.unwrap().unwrap();
    assert!(first.starts_with(b"{"), "the answer's first half");
    let rest = tokio::time::timeout(std::time::Duration::from_millis(300), response.chunk()).await;
    assert!(rest.is_err(), "then nothing");
    let made = http()
        .get(format!(
            "{}/task/task/?title__exact=Stalled",
            sandbox.base_url()
        ))
        .bearer_auth(&sandbox.keys().workspace_a)
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(made["data"]["count"], 1, "the task was made");
}

#[tokio::test]
async fn not_json_and_html_pages() {
    let sandbox = with_faults().await;
    let raw = fetch(&sandbox, Some("not-json")).await.unwrap();
    assert_eq!(raw.status, StatusCode::OK);
    assert!(raw.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    assert!(serde_json::from_slice::<Value>(&raw.body).is_err());
    assert!(!raw.body.is_empty());

    let raw = fetch(&sandbox, Some("html")).await.unwrap();
    assert_eq!(raw.status, StatusCode::BAD_GATEWAY);
    assert_eq!(raw.headers["content-type"], "text/html");
    let page = String::from_utf8(raw.body).unwrap();
    assert!(
        page.contains("<h1>502 Bad Gateway</h1>") && page.contains("nginx"),
        "{page}"
    );
}

#[tokio::test]
async fn delay_adds_latency_then_answers() {
    let sandbox = with_faults().await;
    let started = Instant::now();
    let raw = fetch(&sandbox, Some("delay-ms=300")).await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert_eq!(raw.status, StatusCode::OK);
    assert_eq!(
        envelope(&raw)["data"]["results"].as_array().unwrap().len(),
        5
    );
}

#[tokio::test]
async fn unknown_modes_are_400_naming_them() {
    let sandbox = with_faults().await;
    let raw = fetch(&sandbox, Some("teapot")).await.unwrap();
    assert_eq!(raw.status, StatusCode::BAD_REQUEST);
    assert!(envelope(&raw)["message"]
        .as_str()
        .unwrap()
        .contains("teapot"));
    let arm = send(
        &sandbox,
        Method::POST,
        "/_sandbox/faults",
        None,
        Body::Json(json!({"mode": "teapot"})),
    )
    .await;
    arm.assert_error(StatusCode::BAD_REQUEST);
    assert!(arm.body["message"].as_str().unwrap().contains("teapot"));
    let arm = send(
        &sandbox,
        Method::POST,
        "/_sandbox/faults",
        None,
        Body::Json(json!({"times": -1})),
    )
    .await;
    arm.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(arm.data_keys(), ["mode", "times"]);
}

#[tokio::test]
async fn armed_faults_hit_the_next_requests_only() {
    let sandbox = with_faults().await;
    let arm = send(
        &sandbox,
        Method::POST,
        "/_sandbox/faults",
        None,
        Body::Json(json!({"mode": "503", "times": 2})),
    )
    .await;
    arm.assert_ok(StatusCode::OK);
    assert_eq!(
        arm.data()["armed"],
        json!({"mode": "503", "times": 2, "path": null, "method": null})
    );
    let statuses = [
        fetch(&sandbox, None).await.unwrap().status,
        fetch(&sandbox, None).await.unwrap().status,
        fetch(&sandbox, None).await.unwrap().status,
    ];
    assert_eq!(
        statuses,
        [
            StatusCode::SERVICE_UNAVAILABLE,
            StatusCode::SERVICE_UNAVAILABLE,
            StatusCode::OK
        ]
    );
    let shown = send(&sandbox, Method::GET, "/_sandbox/faults", None, Body::None).await;
    assert_eq!(shown.data(), &json!({"always": null, "armed": null}));

    // A form body arms too; DELETE disarms.
    send(
        &sandbox,
        Method::POST,
        "/_sandbox/faults",
        None,
        Body::Form(&[("mode", "drop"), ("times", "5")]),
    )
    .await
    .assert_ok(StatusCode::OK);
    assert!(fetch(&sandbox, None).await.is_err());
    send(
        &sandbox,
        Method::DELETE,
        "/_sandbox/faults",
        None,
        Body::None,
    )
    .await
    .assert_ok(StatusCode::OK);
    assert_eq!(fetch(&sandbox, None).await.unwrap().status, StatusCode::OK);
}

#[tokio::test]
async fn a_start_up_fault_hits_every_api_request() {
    let sandbox = start_with(Config {
        fault: Some("502".parse::<Fault>().unwrap()),
        ..Config::default()
    })
    .await;
    for _ in 0..3 {
        assert_eq!(
            fetch(&sandbox, None).await.unwrap().status,
            StatusCode::BAD_GATEWAY
        );
    }
    // Faults come before the key check, as a proxy in front of the service would.
    let raw = http()
        .get(format!("{}{INVOICES}", sandbox.base_url()))
        .send()
        .await
        .unwrap();
    assert_eq!(raw.status(), StatusCode::BAD_GATEWAY);
    // The header still picks another mode; the control endpoints are unaffected.
    assert_eq!(
        fetch(&sandbox, Some("500")).await.unwrap().status,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    let shown = send(&sandbox, Method::GET, "/_sandbox/faults", None, Body::None).await;
    shown.assert_ok(StatusCode::OK);
    assert_eq!(shown.data()["always"], "502");
}

#[tokio::test]
async fn short_circuited_faults_do_not_count_against_the_rate_limit() {
    let sandbox = start_with(Config {
        faults: true,
        rate_limit: RateLimit {
            requests: 2,
            window: Duration::from_secs(600),
        },
        ..Config::default()
    })
    .await;
    for mode in [
        "401", "403", "500", "502", "503", "html", "not-json", "429", "drop",
    ] {
        let _ = fetch(&sandbox, Some(mode)).await;
    }
    let first = fetch(&sandbox, None).await.unwrap();
    assert_eq!(first.headers["x-ratelimit-remaining"], "1");
    // A delayed request reaches the service and counts.
    let delayed = fetch(&sandbox, Some("delay-ms=1")).await.unwrap();
    assert_eq!(delayed.headers["x-ratelimit-remaining"], "0");
}

/// `POST /_sandbox/faults` with `body`.
async fn arm(server: &impl Server, body: Body<'_>) -> Answer {
    send(server, Method::POST, "/_sandbox/faults", None, body).await
}

/// `PATCH /crm/lead/{id}/` setting `status`; the answer's status.
async fn set_status(server: &impl Server, id: &str, status: &str) -> StatusCode {
    let answer = call(
        server,
        Method::PATCH,
        &format!("{LEADS}{id}/"),
        Body::Json(json!({"status": status})),
    )
    .await;
    answer.status
}

#[tokio::test]
async fn a_fault_armed_for_one_path_and_method_refuses_only_that_request() {
    let sandbox = with_faults().await;
    let leads = list(&sandbox, LEADS, "take=20").await.ids();
    assert_eq!(leads.len(), 20);
    let seventh = format!("{LEADS}{}/", leads[6]);
    let armed = arm(
        &sandbox,
        Body::Json(json!({"mode": "403", "path": seventh, "method": "patch"})),
    )
    .await;
    armed.assert_ok(StatusCode::OK);
    assert_eq!(
        armed.data()["armed"],
        json!({"mode": "403", "times": 1, "path": seventh, "method": "PATCH"})
    );
    let before = call(&sandbox, Method::GET, &seventh, Body::None).await;
    let mut statuses = Vec::new();
    for id in &leads {
        // Whatever else is asked meanwhile, a read of the same lead
        // included, passes untouched.
        let path = format!("{LEADS}{id}/");
        call(&sandbox, Method::GET, &path, Body::None)
            .await
            .assert_ok(StatusCode::OK);
        assert_eq!(fetch(&sandbox, None).await.unwrap().status, StatusCode::OK);
        statuses.push(set_status(&sandbox, id, "won").await);
    }
    let mut expected = vec![StatusCode::OK; 20];
    expected[6] = StatusCode::FORBIDDEN;
    assert_eq!(statuses, expected);
    let shown = send(&sandbox, Method::GET, "/_sandbox/faults", None, Body::None).await;
    assert_eq!(shown.data()["armed"], Value::Null, "used up");
    // The refused lead is unchanged; the next change of it goes through.
    let after = call(&sandbox, Method::GET, &seventh, Body::None).await;
    assert_eq!(after.data(), before.data());
    assert_eq!(set_status(&sandbox, &leads[6], "won").await, StatusCode::OK);
}

#[tokio::test]
async fn a_fault_armed_for_a_path_matches_it_exactly_whatever_the_method_and_query() {
    let sandbox = start_with(Config {
        fault: Some("502".parse::<Fault>().unwrap()),
        ..Config::default()
    })
    .await;
    let lead = format!("{LEADS}{}/", sandbox.ids().lead);
    let armed = arm(
        &sandbox,
        Body::Form(&[
            ("mode", "503"),
            ("times", "2"),
            ("path", &lead),
            ("method", ""),
        ]),
    )
    .await;
    armed.assert_ok(StatusCode::OK);
    assert_eq!(
        armed.data()["armed"],
        json!({"mode": "503", "times": 2, "path": lead, "method": null}),
        "an empty form value is no method"
    );
    let status = |method: Method, path: String| {
        let sandbox = &sandbox;
        async move {
            http()
                .request(method, format!("{}{path}", sandbox.base_url()))
                .bearer_auth(&sandbox.keys().workspace_a)
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    // Other paths (the start-up fault still applies to them), the path
    // without its trailing slash, and a request with the header pass by.
    assert_eq!(
        status(Method::GET, LEADS.to_owned()).await,
        StatusCode::BAD_GATEWAY
    );
    let bare = lead.trim_end_matches('/').to_owned();
    assert_eq!(status(Method::GET, bare).await, StatusCode::BAD_GATEWAY);
    let headed = http()
        .get(format!("{}{lead}", sandbox.base_url()))
        .header("X-Sandbox-Fault", "500")
        .send()
        .await
        .unwrap();
    assert_eq!(headed.status(), StatusCode::INTERNAL_SERVER_ERROR);
    // Any method, the query aside.
    let with_query = format!("{lead}?fields=id");
    assert_eq!(
        status(Method::GET, with_query).await,
        StatusCode::SERVICE_UNAVAILABLE
    );
    assert_eq!(
        status(Method::PATCH, lead.clone()).await,
        StatusCode::SERVICE_UNAVAILABLE
    );
    assert_eq!(status(Method::GET, lead).await, StatusCode::BAD_GATEWAY);
}

#[tokio::test]
async fn a_fault_armed_for_a_method_alone_skips_the_others() {
    let sandbox = with_faults().await;
    arm(
        &sandbox,
        Body::Json(json!({"mode": "500", "method": "POST"})),
    )
    .await
    .assert_ok(StatusCode::OK);
    assert_eq!(fetch(&sandbox, None).await.unwrap().status, StatusCode::OK);
    let created = call(
        &sandbox,
        Method::POST,
        "/task/task/",
        Body::Json(json!({"title": "Refused"})),
    )
    .await;
    created.assert_error(StatusCode::INTERNAL_SERVER_ERROR);
    let shown = send(&sandbox, Method::GET, "/_sandbox/faults", None, Body::None).await;
    assert_eq!(shown.data()["armed"], Value::Null);
}

#[tokio::test]
async fn a_bad_path_or_method_is_a_field_error_and_arms_nothing() {
    let sandbox = with_faults().await;
    let refused = |body: Value, expected: Value| {
        let sandbox = &sandbox;
        async move {
            let answer = arm(sandbox, Body::Json(body.clone())).await;
            answer.assert_error(StatusCode::BAD_REQUEST);
            assert_eq!(answer.data(), &expected, "{body}");
        }
    };
    let starts = json!(["Must start with \"/\"."]);
    refused(
        json!({"mode": "403", "path": "crm/lead/"}),
        json!({"path": starts}),
    )
    .await;
    refused(json!({"mode": "403", "path": 12}), json!({"path": starts})).await;
    refused(
        json!({"mode": "403", "path": " "}),
        json!({"path": ["This field may not be blank."]}),
    )
    .await;
    refused(
        json!({"mode": "403", "path": ["/crm/lead/"]}),
        json!({"path": ["Not a valid string."]}),
    )
    .await;
    refused(
        json!({"mode": "403", "path": "/crm/lead/?status=won", "method": "PACTH"}),
        json!({
            "path": ["Must be a path alone, without a query (\"?\") or fragment (\"#\")."],
            "method": ["\"PACTH\" is not a valid choice."],
        }),
    )
    .await;
    refused(
        json!({"path": "lead", "times": "x"}),
        json!({
            "mode": ["This field is required."],
            "times": ["A valid integer is required."],
            "path": starts,
        }),
    )
    .await;
    let shown = send(&sandbox, Method::GET, "/_sandbox/faults", None, Body::None).await;
    assert_eq!(shown.data(), &json!({"always": null, "armed": null}));
    // Null is no limit.
    let armed = arm(
        &sandbox,
        Body::Json(json!({"mode": "403", "path": null, "method": null})),
    )
    .await;
    assert_eq!(
        armed.data()["armed"],
        json!({"mode": "403", "times": 1, "path": null, "method": null})
    );
}

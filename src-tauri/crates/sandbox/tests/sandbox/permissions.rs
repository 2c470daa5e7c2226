//! The `read_only` key: its member (a viewer) may read every area but
//! accounts payable and write nothing, so those requests are a 403
//! envelope (DRF's message) with the rate-limit headers, while the key
//! itself is accepted.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{
    get, send, start, Answer, Body, Server, CUSTOMER_INVOICES, INVOICES, LEADS, STAKEHOLDERS, TASKS,
};

const DENIED: &str = "You do not have permission to perform this action.";

/// `method path` with the `read_only` key.
async fn as_reader(server: &impl Server, method: Method, path: &str, body: Body<'_>) -> Answer {
    let key = server.keys().read_only.clone();
    send(server, method, path, Some(&key), body).await
}

fn assert_denied(answer: &Answer) {
    answer.assert_error(StatusCode::FORBIDDEN);
    assert_eq!(answer.body["message"], DENIED);
    assert_eq!(answer.data(), &json!({}));
    assert!(answer.headers.contains_key("x-ratelimit-reset"));
}

#[tokio::test]
async fn reads_work() {
    let sandbox = start().await;
    let ids = *sandbox.ids();
    for path in [
        TASKS.to_owned(),
        format!("{LEADS}{}/", ids.lead),
        format!("/stakeholder/customer/{}/", ids.customer),
        format!("{STAKEHOLDERS}?take=1"),
    ] {
        let answer = as_reader(&sandbox, Method::GET, &path, Body::None).await;
        answer.assert_ok(StatusCode::OK);
        assert_eq!(answer.header_int("x-ratelimit-limit"), 1000, "{path}");
    }
    // Same workspace as the `workspace_a` key.
    let key = sandbox.keys().workspace_a.clone();
    let mine = get(&sandbox, Some(&key), TASKS).await;
    let theirs = as_reader(&sandbox, Method::GET, TASKS, Body::None).await;
    assert_eq!(mine.body, theirs.body);
}

#[tokio::test]
async fn accounts_payable_is_denied_but_the_key_is_accepted() {
    let sandbox = start().await;
    for path in [
        INVOICES.to_owned(),
        format!("{INVOICES}?take=1&page=1"),
        // Denied before the page or the filters are looked at.
        format!("{INVOICES}?page=999999&nothing__exact=1"),
    ] {
        let answer = as_reader(&sandbox, Method::GET, &path, Body::None).await;
        assert_denied(&answer);
    }
    // Accounts receivable is another area: readable.
    let path = format!("{CUSTOMER_INVOICES}?take=1");
    let answer = as_reader(&sandbox, Method::GET, &path, Body::None).await;
    answer.assert_ok(StatusCode::OK);
    assert!(answer.count() > 0);
    // Unknown paths under the area stay 404: routing comes first.
    as_reader(
        &sandbox,
        Method::GET,
        "/account_payable/nothing/",
        Body::None,
    )
    .await
    .assert_error(StatusCode::NOT_FOUND);
    // An editor of the same workspace reads it.
    let key = sandbox.keys().workspace_a.clone();
    get(&sandbox, Some(&key), INVOICES)
        .await
        .assert_ok(StatusCode::OK);
}

#[tokio::test]
async fn every_write_is_403_and_changes_nothing() {
    let sandbox = start().await;
    let ids = *sandbox.ids();
    let lead = format!("{LEADS}{}/", ids.lead);
    let stakeholder = format!("{STAKEHOLDERS}{}/", ids.stakeholder);
    let before = (
        get(&sandbox, Some(&sandbox.keys().workspace_a), &lead)
            .await
            .body,
        get(&sandbox, Some(&sandbox.keys().workspace_a), TASKS)
            .await
            .count(),
    );
    let writes = [
        (Method::POST, TASKS.to_owned(), json!({"title": "Llamar"})),
        (Method::PATCH, lead.clone(), json!({"status": "lost"})),
        (
            Method::POST,
            STAKEHOLDERS.to_owned(),
            json!({
                "document_number": "123",
                "document_type": ids.document_type,
                "geographic_location": ids.geographic_location,
            }),
        ),
        (Method::DELETE, stakeholder.clone(), json!({})),
    ];
    let mut remaining = Vec::new();
    for (method, path, body) in writes {
        let answer = as_reader(&sandbox, method.clone(), &path, Body::Json(body)).await;
        assert_denied(&answer);
        remaining.push(answer.header_int("x-ratelimit-remaining"));
    }
    // Refused writes count against the key's budget like any request.
    assert_eq!(remaining, [999, 998, 997, 996]);
    let after = (
        get(&sandbox, Some(&sandbox.keys().workspace_a), &lead)
            .await
            .body,
        get(&sandbox, Some(&sandbox.keys().workspace_a), TASKS)
            .await
            .count(),
    );
    assert_eq!(after, before);
    as_reader(&sandbox, Method::GET, &stakeholder, Body::None)
        .await
        .assert_ok(StatusCode::OK);
}

#[tokio::test]
async fn permission_comes_after_routing_and_before_the_record_and_body() {
    let sandbox = start().await;
    // Unknown paths stay 404 and other methods 405.
    as_reader(&sandbox, Method::POST, "/nothing/here/", Body::None)
        .await
        .assert_error(StatusCode::NOT_FOUND);
    as_reader(&sandbox, Method::PUT, TASKS, Body::None)
        .await
        .assert_error(StatusCode::METHOD_NOT_ALLOWED);
    // An unknown record or a broken body is still a 403 (DRF checks
    // permissions before it looks anything up).
    let unknown = format!("{LEADS}6f1c3b1e-0000-4000-8000-000000000001/");
    assert_denied(&as_reader(&sandbox, Method::PATCH, &unknown, Body::None).await);
    assert_denied(
        &as_reader(
            &sandbox,
            Method::POST,
            TASKS,
            Body::Raw("text/plain", "title: Llamar"),
        )
        .await,
    );
    // Other keys are unaffected.
    let key = sandbox.keys().workspace_a.clone();
    send(
        &sandbox,
        Method::POST,
        TASKS,
        Some(&key),
        Body::Json(json!({"title": "Llamar"})),
    )
    .await
    .assert_ok(StatusCode::CREATED);
}

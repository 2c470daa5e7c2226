//! A key of one workspace never sees the other workspace's records.

use std::collections::HashSet;

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{
    all_ids, all_with, get, id, send, shared, start, Body, Server, CUSTOMERS, INVOICES, LEADS,
    LISTS, STAKEHOLDERS, TASKS,
};

#[tokio::test]
async fn workspaces_share_no_record() {
    let sandbox = shared();
    let keys = sandbox.keys().clone();
    let a: HashSet<String> = all_ids(sandbox, &keys.workspace_a)
        .await
        .into_iter()
        .collect();
    let b: HashSet<String> = all_ids(sandbox, &keys.workspace_b)
        .await
        .into_iter()
        .collect();
    assert!(
        !b.is_empty() && b.len() < a.len(),
        "a={} b={}",
        a.len(),
        b.len()
    );
    assert!(a.is_disjoint(&b));

    let suppliers = |key: String| async move {
        let answer = get(
            sandbox,
            Some(&key),
            &format!("{INVOICES}?take=all&fields=supplier"),
        )
        .await;
        assert_eq!(answer.status, StatusCode::OK);
        answer
            .results()
            .iter()
            .map(|r| r["supplier"].as_str().unwrap().to_owned())
            .collect::<HashSet<_>>()
    };
    assert!(suppliers(keys.workspace_a.clone())
        .await
        .is_disjoint(&suppliers(keys.workspace_b.clone()).await));
}

#[tokio::test]
async fn every_list_is_per_workspace() {
    let sandbox = shared();
    let keys = sandbox.keys().clone();
    for path in LISTS {
        let a: HashSet<String> = all_with(sandbox, &keys.workspace_a, path, "")
            .await
            .iter()
            .map(id)
            .collect();
        let b: HashSet<String> = all_with(sandbox, &keys.workspace_b, path, "")
            .await
            .iter()
            .map(id)
            .collect();
        assert!(!a.is_empty() && !b.is_empty(), "{path}");
        assert!(a.is_disjoint(&b), "{path}");
    }
}

#[tokio::test]
async fn another_workspaces_records_are_404_even_by_id() {
    let sandbox = start().await;
    let keys = sandbox.keys().clone();
    let first_of_b = |path: &'static str| {
        let sandbox = &sandbox;
        let key = keys.workspace_b.clone();
        async move { id(&all_with(sandbox, &key, path, "take=1").await[0]) }
    };
    let lead = first_of_b(LEADS).await;
    let task = first_of_b(TASKS).await;
    let stakeholder = first_of_b(STAKEHOLDERS).await;
    let customer = first_of_b(CUSTOMERS).await;
    let a = Some(keys.workspace_a.as_str());
    for path in [
        format!("{LEADS}{lead}/"),
        format!("{TASKS}{task}/"),
        format!("{STAKEHOLDERS}{stakeholder}/"),
        format!("{CUSTOMERS}{customer}/"),
    ] {
        get(&sandbox, a, &path)
            .await
            .assert_error(StatusCode::NOT_FOUND);
        let own = get(&sandbox, Some(&keys.workspace_b), &path).await;
        assert_eq!(own.status, StatusCode::OK, "{path}");
    }
    send(
        &sandbox,
        Method::PATCH,
        &format!("{LEADS}{lead}/"),
        a,
        Body::Json(json!({"status": "lost"})),
    )
    .await
    .assert_error(StatusCode::NOT_FOUND);
    send(
        &sandbox,
        Method::DELETE,
        &format!("{STAKEHOLDERS}{stakeholder}/"),
        a,
        Body::None,
    )
    .await
    .assert_error(StatusCode::NOT_FOUND);
    let lead_in_b = get(
        &sandbox,
        Some(&keys.workspace_b),
        &format!("{LEADS}{lead}/"),
    )
    .await;
    assert_ne!(lead_in_b.data()["status"], "lost");
    // Ids of B are not found by A's filters either.
    let filtered = get(&sandbox, a, &format!("{LEADS}?id={lead}")).await;
    assert_eq!(filtered.count(), 0);
}

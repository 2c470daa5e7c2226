//! A key of one workspace never sees the other workspace's records.

use std::collections::HashSet;

use reqwest::StatusCode;

use crate::common::{all_ids, get, start, INVOICES};

#[tokio::test]
async fn workspaces_share_no_record() {
    let sandbox = start().await;
    let keys = sandbox.keys().clone();
    let a: HashSet<String> = all_ids(&sandbox, &keys.workspace_a)
        .await
        .into_iter()
        .collect();
    let b: HashSet<String> = all_ids(&sandbox, &keys.workspace_b)
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

    let suppliers = |key: String| {
        let sandbox = &sandbox;
        async move {
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
        }
    };
    assert!(suppliers(keys.workspace_a.clone())
        .await
        .is_disjoint(&suppliers(keys.workspace_b.clone()).await));
}

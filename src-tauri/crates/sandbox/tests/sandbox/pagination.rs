//! `page`, `take`, `next` and `previous` (conventions.md).

use std::collections::HashSet;

use reqwest::StatusCode;

use crate::common::{all_ids, get_url, invoices, start, INVOICES};

#[tokio::test]
async fn first_page_has_defaults_and_links_forward_only() {
    let sandbox = start().await;
    let answer = invoices(&sandbox, "").await;
    assert_eq!(answer.status, StatusCode::OK);
    let count = answer.data()["count"].as_u64().unwrap();
    assert!((2_000..=3_000).contains(&count), "{count}");
    assert_eq!(answer.results().len(), 20);
    assert_eq!(answer.data()["previous"], serde_json::Value::Null);
    assert_eq!(
        answer.data()["next"],
        format!("{}{INVOICES}?page=2", sandbox.base_url())
    );
}

#[tokio::test]
async fn second_page_differs_and_previous_drops_page() {
    let sandbox = start().await;
    let first = invoices(&sandbox, "").await;
    let second = invoices(&sandbox, "page=2").await;
    assert_eq!(second.status, StatusCode::OK);
    assert_eq!(second.results().len(), 20);
    let first_ids: HashSet<_> = first.ids().into_iter().collect();
    assert!(second.ids().iter().all(|id| !first_ids.contains(id)));
    assert_eq!(
        second.data()["previous"],
        format!("{}{INVOICES}", sandbox.base_url())
    );
    assert_eq!(
        second.data()["next"],
        format!("{}{INVOICES}?page=3", sandbox.base_url())
    );
}

#[tokio::test]
async fn last_page_is_partial_and_has_no_next() {
    let sandbox = start().await;
    let count = invoices(&sandbox, "").await.data()["count"]
        .as_u64()
        .unwrap();
    let last = count.div_ceil(20);
    let answer = invoices(&sandbox, &format!("page={last}")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.data()["next"], serde_json::Value::Null);
    assert_eq!(answer.results().len() as u64, count - (last - 1) * 20);
    assert_eq!(
        answer.data()["previous"],
        format!("{}{INVOICES}?page={}", sandbox.base_url(), last - 1)
    );
}

#[tokio::test]
async fn take_all_clamps_and_falls_back() {
    let sandbox = start().await;
    for (take, expected) in [
        ("all", 200),
        ("500", 200),
        ("200", 200),
        ("7", 7),
        ("abc", 20),
        ("0", 20),
        ("-3", 20),
    ] {
        let answer = invoices(&sandbox, &format!("take={take}")).await;
        assert_eq!(answer.status, StatusCode::OK, "take={take}");
        assert_eq!(answer.results().len(), expected, "take={take}");
    }
}

#[tokio::test]
async fn page_that_is_not_a_page_is_404_invalid_page() {
    let sandbox = start().await;
    let count = invoices(&sandbox, "").await.data()["count"]
        .as_u64()
        .unwrap();
    let past = count.div_ceil(20) + 1;
    for page in [
        past.to_string(),
        "0".into(),
        "-1".into(),
        "abc".into(),
        "last".into(),
    ] {
        let answer = invoices(&sandbox, &format!("page={page}")).await;
        answer.assert_error(StatusCode::NOT_FOUND);
        assert_eq!(answer.body["message"], "Invalid page.", "page={page}");
        assert_eq!(answer.data(), &serde_json::json!({}));
    }
}

#[tokio::test]
async fn next_is_absolute_and_keeps_other_parameters() {
    let sandbox = start().await;
    let answer = invoices(&sandbox, "take=7&fields=id,name").await;
    let next = answer.data()["next"].as_str().unwrap().to_owned();
    assert_eq!(
        next,
        format!(
            "{}{INVOICES}?take=7&fields=id,name&page=2",
            sandbox.base_url()
        )
    );
    let key = sandbox.keys().workspace_a.clone();
    let second = get_url(&next, Some(&key)).await;
    assert_eq!(second.status, StatusCode::OK);
    assert_eq!(second.results().len(), 7);
    assert!(second
        .results()
        .iter()
        .all(|r| r.as_object().unwrap().len() == 2));
    let previous = second.data()["previous"].as_str().unwrap();
    assert_eq!(
        previous,
        format!("{}{INVOICES}?take=7&fields=id,name", sandbox.base_url())
    );
    let back = get_url(previous, Some(&key)).await;
    assert_eq!(back.ids(), answer.ids());
}

#[tokio::test]
async fn following_next_visits_every_record_once_in_default_order() {
    let sandbox = start().await;
    let key = sandbox.keys().workspace_a.clone();
    let ids = all_ids(&sandbox, &key).await;
    let count = invoices(&sandbox, "").await.data()["count"]
        .as_u64()
        .unwrap();
    assert_eq!(ids.len() as u64, count);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), ids.len());
}

#[tokio::test]
async fn default_order_is_issue_date_descending_then_id() {
    let sandbox = start().await;
    let answer = invoices(&sandbox, "take=all&fields=id,issue_date").await;
    let keys: Vec<(String, String)> = answer
        .results()
        .iter()
        .map(|r| {
            (
                r["issue_date"].as_str().unwrap().into(),
                r["id"].as_str().unwrap().into(),
            )
        })
        .collect();
    for pair in keys.windows(2) {
        let ((date_a, id_a), (date_b, id_b)) = (&pair[0], &pair[1]);
        assert!(
            date_a > date_b || (date_a == date_b && id_a < id_b),
            "{pair:?}"
        );
    }
}

//! `page`, `take`, `next` and `previous` (docs/service.md, "Reserved
//! parameters" and "Pagination").

use std::collections::HashSet;

use reqwest::StatusCode;

use crate::common::{
    all, all_ids, everything, get_url, id, invoices, list, shared, Server, INVOICES, LISTS,
    STAKEHOLDERS,
};
use crate::reference::{by_id, decimal};

#[tokio::test]
async fn first_page_has_defaults_and_links_forward_only() {
    let sandbox = shared();
    let answer = invoices(sandbox, "").await;
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
    let sandbox = shared();
    let first = invoices(sandbox, "").await;
    let second = invoices(sandbox, "page=2").await;
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
    let sandbox = shared();
    let count = invoices(sandbox, "").await.data()["count"]
        .as_u64()
        .unwrap();
    let last = count.div_ceil(20);
    let answer = invoices(sandbox, &format!("page={last}")).await;
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
    let sandbox = shared();
    for (take, expected) in [
        ("all", 200),
        ("500", 200),
        ("200", 200),
        ("7", 7),
        ("abc", 20),
        ("0", 20),
        ("-3", 20),
    ] {
        let answer = invoices(sandbox, &format!("take={take}")).await;
        assert_eq!(answer.status, StatusCode::OK, "take={take}");
        assert_eq!(answer.results().len(), expected, "take={take}");
    }
}

#[tokio::test]
async fn page_that_is_not_a_page_is_404_invalid_page() {
    let sandbox = shared();
    let count = invoices(sandbox, "").await.data()["count"]
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
        let answer = invoices(sandbox, &format!("page={page}")).await;
        answer.assert_error(StatusCode::NOT_FOUND);
        assert_eq!(answer.body["message"], "Invalid page.", "page={page}");
        assert_eq!(answer.data(), &serde_json::json!({}));
    }
}

#[tokio::test]
async fn next_is_absolute_and_keeps_other_parameters() {
    let sandbox = shared();
    let answer = invoices(sandbox, "take=7&fields=id,name").await;
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
    let sandbox = shared();
    let key = sandbox.keys().workspace_a.clone();
    let ids = all_ids(sandbox, &key).await;
    let count = invoices(sandbox, "").await.data()["count"]
        .as_u64()
        .unwrap();
    assert_eq!(ids.len() as u64, count);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), ids.len());
}

#[tokio::test]
async fn default_order_is_issue_date_descending_then_id() {
    let sandbox = shared();
    let answer = invoices(sandbox, "take=all&fields=id,issue_date").await;
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

#[tokio::test]
async fn links_keep_filters_sort_and_fields() {
    let sandbox = shared();
    let query = "operation_status=PR&or__total__gte=50000&sort=-total&take=7&fields=id,total";
    let answer = invoices(sandbox, query).await;
    let base = format!("{}{INVOICES}", sandbox.base_url());
    assert_eq!(answer.data()["next"], format!("{base}?{query}&page=2"));
    let key = sandbox.keys().workspace_a.clone();
    let second = get_url(answer.data()["next"].as_str().unwrap(), Some(&key)).await;
    assert_eq!(second.data()["previous"], format!("{base}?{query}"));
    assert_eq!(second.data()["next"], format!("{base}?{query}&page=3"));
    assert_eq!(second.count(), answer.count());

    // Page 2 continues the filtered, sorted sequence.
    let mut expected: Vec<_> = everything(INVOICES)
        .await
        .iter()
        .filter(|r| {
            r["operation_status"] == "PR"
                || decimal(r, "total").unwrap() >= "50000".parse().unwrap()
        })
        .cloned()
        .collect();
    expected.sort_by(|a, b| {
        decimal(b, "total")
            .cmp(&decimal(a, "total"))
            .then_with(|| by_id(a, b))
    });
    assert_eq!(answer.count(), expected.len() as u64);
    let expected: Vec<String> = expected[7..14].iter().map(id).collect();
    assert_eq!(second.ids(), expected);
    assert!(second
        .results()
        .iter()
        .all(|r| r.as_object().unwrap().len() == 2));
}

#[tokio::test]
async fn percent_encoded_values_stay_encoded_in_links() {
    let sandbox = shared();
    let query =
        "supplier__name__icontains=%C3%AD&issue_date__gte=2025-01-01T00:00:00%2B02:00&take=2";
    let answer = list(sandbox, STAKEHOLDERS, "name__icontains=%C3%B1&take=2").await;
    let next = answer.data()["next"].as_str().unwrap();
    assert_eq!(
        next,
        format!(
            "{}{STAKEHOLDERS}?name__icontains=%C3%B1&take=2&page=2",
            sandbox.base_url()
        )
    );
    let invoices_page = invoices(sandbox, query).await;
    let next = invoices_page.data()["next"].as_str().unwrap();
    assert!(next.ends_with(&format!("?{query}&page=2")), "{next}");
}

#[tokio::test]
async fn an_empty_result_is_one_empty_page() {
    let sandbox = shared();
    let answer = invoices(sandbox, "total__lt=0").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.count(), 0);
    assert!(answer.results().is_empty());
    assert_eq!(answer.data()["next"], serde_json::Value::Null);
    invoices(sandbox, "total__lt=0&page=2")
        .await
        .assert_error(StatusCode::NOT_FOUND);
    // Past the last page of a filtered result.
    let filtered = invoices(sandbox, "operation_status=ER&take=200").await;
    let past = filtered.count().div_ceil(200) + 1;
    invoices(
        sandbox,
        &format!("operation_status=ER&take=200&page={past}"),
    )
    .await
    .assert_error(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn take_edge_cases() {
    let sandbox = shared();
    for (take, expected) in [
        ("%2B7", 7),
        ("007", 7),
        ("1", 1),
        ("201", 200),
        ("99999999999999999999", 200),
        ("ALL", 20),
        ("", 20),
        ("1.5", 20),
        ("all&take=3", 3),
    ] {
        let answer = invoices(sandbox, &format!("take={take}")).await;
        assert_eq!(answer.status, StatusCode::OK, "take={take}");
        assert_eq!(answer.results().len(), expected, "take={take}");
    }
    // Every list pages the same way.
    for path in LISTS {
        let answer = list(sandbox, path, "take=all").await;
        assert_eq!(
            answer.results().len() as u64,
            answer.count().min(200),
            "{path}"
        );
    }
    let all_stakeholders = all(sandbox, STAKEHOLDERS, "").await;
    assert_eq!(all_stakeholders.len(), everything(STAKEHOLDERS).await.len());
}

//! Starting, determinism and shutting down.

use workdesk_sandbox::{Config, RateLimit, DEFAULT_SEED};

use crate::common::{invoices, start, start_with};

#[tokio::test]
async fn same_seed_same_records_and_keys() {
    let first = start().await;
    let second = start().await;
    assert_ne!(first.base_url(), second.base_url());
    assert_eq!(first.keys(), second.keys());
    let (a, b) = (invoices(&first, "").await, invoices(&second, "").await);
    assert_eq!(a.data()["count"], b.data()["count"]);
    assert_eq!(a.results(), b.results());
}

#[tokio::test]
async fn another_seed_other_records_and_keys() {
    let default = start().await;
    let other = start_with(Config {
        seed: DEFAULT_SEED + 1,
        ..Config::default()
    })
    .await;
    assert_ne!(default.keys(), other.keys());
    assert_ne!(
        invoices(&default, "").await.ids(),
        invoices(&other, "").await.ids()
    );
}

#[tokio::test]
async fn random_keys_differ_at_every_start_and_work() {
    let random = || {
        start_with(Config {
            random_keys: true,
            ..Config::default()
        })
    };
    let (first, second, seeded) = (random().await, random().await, start().await);
    assert_ne!(first.keys(), second.keys());
    assert_ne!(first.keys(), seeded.keys());
    // The same records, reached with this start's own key.
    assert_eq!(
        invoices(&first, "").await.results(),
        invoices(&seeded, "").await.results()
    );
    let seeded_key = crate::common::get(
        &first,
        Some(&seeded.keys().workspace_a),
        "/account_payable/invoice/",
    )
    .await;
    assert_eq!(
        seeded_key.status,
        reqwest::StatusCode::UNAUTHORIZED,
        "another start's key"
    );
}

#[tokio::test]
async fn only_requests_for_a_loopback_host_are_answered() {
    let sandbox = start().await;
    let url = format!("{}/account_payable/invoice/", sandbox.base_url());
    let key = format!("Bearer {}", sandbox.keys().workspace_a);
    for host in ["evil.example", "evil.example:80", "127.0.0.1.evil.example"] {
        let answer = crate::common::http()
            .get(&url)
            .header("Host", host)
            .header("Authorization", &key)
            .send()
            .await
            .unwrap();
        assert_eq!(
            answer.status(),
            reqwest::StatusCode::MISDIRECTED_REQUEST,
            "{host}"
        );
        let body: serde_json::Value = answer.json().await.unwrap();
        assert_eq!(body["error"], true);
        assert_eq!(
            body["data"],
            serde_json::Value::Null,
            "nothing of the workspace"
        );
    }
    let port = sandbox.addr().port();
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        let answer = crate::common::http()
            .get(&url)
            .header("Host", &host)
            .header("Authorization", &key)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), reqwest::StatusCode::OK, "{host}");
    }
}

#[tokio::test]
async fn base_url_and_announcement() {
    let sandbox = start().await;
    let base = sandbox.base_url();
    assert_eq!(base, format!("http://127.0.0.1:{}", sandbox.addr().port()));
    assert!(!base.ends_with('/'));
    let announcement = sandbox.announcement();
    assert_eq!(announcement["base_url"], base);
    assert_eq!(
        announcement["keys"]["workspace_a"],
        sandbox.keys().workspace_a
    );
    assert_eq!(
        announcement["keys"]["workspace_b"],
        sandbox.keys().workspace_b
    );
    assert_eq!(announcement["keys"]["expired"], sandbox.keys().expired);
    assert_eq!(announcement["keys"]["disabled"], sandbox.keys().disabled);
    assert!(!format!("{sandbox:?}").contains(&sandbox.keys().workspace_a));
}

#[tokio::test]
async fn started_while_seeding_the_first_request_waits_for_the_same_data() {
    let seeding = workdesk_sandbox::start_seeding(Config::default())
        .await
        .expect("sandbox starts");
    let seeded = start().await;
    assert_eq!(seeding.keys(), seeded.keys(), "the keys are known at once");
    // Asked at once: answered with the whole dataset, not an empty or
    // refused one.
    let url = format!("{}/account_payable/invoice/?take=5", seeding.base_url());
    let answer = crate::common::get_url(&url, Some(&seeding.keys().workspace_a)).await;
    let expected = invoices(&seeded, "take=5").await;
    assert_eq!(answer.status, reqwest::StatusCode::OK);
    assert_eq!(answer.data()["count"], expected.data()["count"]);
    assert_eq!(answer.results(), expected.results());
}

#[tokio::test]
async fn started_while_seeding_it_shuts_down_before_the_data_is_built() {
    let seeding = workdesk_sandbox::start_seeding(Config::default())
        .await
        .expect("sandbox starts");
    let url = format!("{}/account_payable/invoice/", seeding.base_url());
    seeding.shutdown().await;
    let error = crate::common::http().get(url).send().await.unwrap_err();
    assert!(error.is_connect(), "{error:?}");
}

#[tokio::test]
async fn shutdown_closes_the_port() {
    let sandbox = start().await;
    let url = format!("{}/account_payable/invoice/", sandbox.base_url());
    assert_eq!(invoices(&sandbox, "").await.status, reqwest::StatusCode::OK);
    sandbox.shutdown().await;
    let error = crate::common::http().get(url).send().await.unwrap_err();
    assert!(error.is_connect(), "{error:?}");
}

#[tokio::test]
async fn dropping_stops_the_server() {
    let sandbox = start().await;
    let addr = sandbox.addr();
    drop(sandbox);
    // The server task notices the drop the next time it runs; yield until the
    // port is free again (bounded, no sleeping).
    let mut freed = false;
    for _ in 0..10_000 {
        if tokio::net::TcpListener::bind(addr).await.is_ok() {
            freed = true;
            break;
        }
        tokio::task::yield_now().await;
    }
    assert!(freed, "port {addr} still bound after drop");
}

#[tokio::test]
async fn a_taken_port_is_a_bind_error() {
    let sandbox = start().await;
    let config = Config {
        port: sandbox.addr().port(),
        rate_limit: RateLimit::default(),
        ..Config::default()
    };
    let error = workdesk_sandbox::start(config).await.unwrap_err();
    assert!(
        matches!(error, workdesk_sandbox::Error::Bind { .. }),
        "{error}"
    );
}

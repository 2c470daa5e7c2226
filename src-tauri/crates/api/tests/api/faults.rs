//! Every fault mode of the sandbox: reads retried as the policy says
//! (counted in the journal), writes never retried, clear errors.

use std::time::Duration;

use serde_json::{json, Value};
use workdesk_api::{ClientConfig, Error, ListView, NewTask, Operator, ResourceName, RetryPolicy};

use crate::common::{filter, quick_config, quick_retries, view_where, Sandbox};

#[tokio::test]
async fn reads_retry_gateway_errors_and_dropped_connections_then_succeed() {
    for (mode, status) in [
        ("502", json!(502)),
        ("503", json!(503)),
        ("html", json!(502)),
        ("drop", Value::Null),
    ] {
        let sandbox = Sandbox::start().await;
        sandbox.arm(mode, 2).await;
        let page = sandbox
            .client()
            .list_view(ResourceName::Task, &ListView::default())
            .await
            .unwrap_or_else(|e| panic!("{mode}: {e:?}"));
        assert_eq!(page.results.len(), 20, "{mode}");
        assert_eq!(
            sandbox.statuses().await,
            [status.clone(), status, json!(200)],
            "{mode}: two failures, then the retry that worked"
        );
    }
}

#[tokio::test]
async fn retries_are_bounded_in_count() {
    let sandbox = Sandbox::start().await;
    sandbox.arm("503", 10).await;
    let err = sandbox
        .client()
        .list_view(ResourceName::Task, &ListView::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Server { status: 503, .. }), "{err:?}");
    assert_eq!(
        sandbox.statuses().await.len(),
        4,
        "the first attempt and 3 retries"
    );
}

#[tokio::test]
async fn retries_are_bounded_in_time() {
    let sandbox = Sandbox::start().await;
    sandbox.arm("503", 100).await;
    let client = sandbox.client_with(ClientConfig {
        retry: RetryPolicy {
            max_retries: 100,
            min_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(100),
            max_elapsed: Duration::from_millis(250),
            jitter: false,
            ..RetryPolicy::default()
        },
        ..ClientConfig::default()
    });
    let started = std::time::Instant::now();
    let err = client
        .list_view(ResourceName::Task, &ListView::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Server { status: 503, .. }), "{err:?}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let attempts = sandbox.statuses().await.len();
    assert!(
        (1..=3).contains(&attempts),
        "{attempts} attempts with 100 ms delays in 250 ms"
    );
}

#[tokio::test]
async fn a_near_429_is_waited_out_and_a_far_one_returned() {
    let sandbox = Sandbox::start().await;
    sandbox.arm("429", 1).await;
    let page = sandbox
        .client()
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap();
    assert_eq!(page.results.len(), 20);
    assert_eq!(sandbox.statuses().await, [json!(429), json!(200)]);

    sandbox.clear_journal().await;
    sandbox.arm("429", 1).await;
    let impatient = sandbox.client_with(ClientConfig {
        retry: RetryPolicy {
            max_rate_limit_wait: Duration::ZERO,
            ..quick_retries()
        },
        ..ClientConfig::default()
    });
    let err = impatient
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap_err();
    let Error::RateLimited { retry_after, reset } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(*retry_after, Some(Duration::from_secs(1)));
    assert!(reset.is_some());
    assert_eq!(sandbox.statuses().await, [json!(429)]);
}

#[tokio::test]
async fn writes_are_never_retried_once_sent() {
    for mode in ["503", "502", "429", "drop", "html"] {
        let sandbox = Sandbox::start().await;
        let client = sandbox.client();
        sandbox.arm(mode, 1).await;
        let err = client
            .create_task(&NewTask::titled("once"))
            .await
            .unwrap_err();
        match mode {
            "drop" => assert!(
                matches!(
                    err,
                    Error::Network {
                        may_have_applied: true,
                        ..
                    }
                ),
                "{mode}: {err:?}"
            ),
            "429" => assert!(matches!(err, Error::RateLimited { .. }), "{mode}: {err:?}"),
            _ => assert!(matches!(err, Error::Server { .. }), "{mode}: {err:?}"),
        }
        assert_eq!(sandbox.journal().await.len(), 1, "{mode}: sent once");
        let tasks = client
            .list_view(
                ResourceName::Task,
                &view_where(vec![filter("title", Operator::Exact, &["once"])]),
            )
            .await
            .unwrap();
        assert_eq!(tasks.count, 0, "{mode}: the fault kept it from the service");
    }
}

#[tokio::test]
async fn a_write_that_times_out_may_or_may_not_have_been_applied() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client_with(ClientConfig {
        timeout: Duration::from_millis(300),
        ..quick_config()
    });
    sandbox.arm("delay-ms=3000", 1).await;
    let err = client
        .create_task(&NewTask::titled("slow"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Timeout {
                may_have_applied: true
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("may or may not have been applied"),
        "{err}"
    );
}

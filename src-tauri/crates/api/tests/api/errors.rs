//! Every error kind the sandbox produces (the rest are in `tolerance.rs`).

use std::time::Duration;

use workdesk_api::{ClientConfig, Error, ListView, ResourceName, RetryPolicy, UnauthorizedReason};

use crate::common::{client_for, quick_config, Sandbox};

#[tokio::test]
async fn refused_keys_say_why() {
    let sandbox = Sandbox::start().await;
    let keys = sandbox.running.keys();
    let wrong = format!("service_{}", "x".repeat(40));
    for (key, reason) in [
        (wrong.as_str(), UnauthorizedReason::Invalid),
        (keys.expired.as_str(), UnauthorizedReason::Expired),
        (keys.disabled.as_str(), UnauthorizedReason::Disabled),
        (keys.deleted.as_str(), UnauthorizedReason::Deleted),
    ] {
        let err = sandbox
            .client_with_key(key)
            .list_view(ResourceName::SupplierInvoice, &ListView::default())
            .await
            .unwrap_err();
        assert!(
            matches!(&err, Error::Unauthorized { reason: r, message } if *r == reason && !message.is_empty()),
            "{reason:?}: {err:?}"
        );
    }
    assert_eq!(sandbox.journal().await.len(), 4, "401s are not retried");
}

#[tokio::test]
async fn server_errors_and_unreadable_bodies() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    sandbox.arm("500", 1).await;
    let err = client
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Server { status: 500, .. }), "{err:?}");
    sandbox.arm("not-json", 1).await;
    let err = client
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::Decode { status: 200, content_type, snippet, .. }
            if content_type.starts_with("text/plain") && !snippet.is_empty()),
        "{err:?}"
    );
    sandbox.arm("truncated", 1).await;
    let err = client
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::Decode { status: 200, reason, .. } if reason.contains("cut off")),
        "{err:?}"
    );
    assert_eq!(
        sandbox.statuses().await.len(),
        3,
        "none of these is retried"
    );
}

#[tokio::test]
async fn nothing_listening_is_a_network_error() {
    // Bind a port, then free it, so nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let client = client_for(
        &format!("http://127.0.0.1:{port}"),
        &format!("service_{}", "x".repeat(40)),
        quick_config(),
    );
    let err = client
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Network {
                may_have_applied: false,
                ..
            }
        ),
        "{err:?}"
    );
    let err = client
        .create_task(&workdesk_api::NewTask::titled("x"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Network {
                may_have_applied: false,
                ..
            }
        ),
        "a write that never connected was not applied: {err:?}"
    );
}

#[tokio::test]
async fn a_slow_read_times_out_without_claiming_anything_was_applied() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client_with(ClientConfig {
        timeout: Duration::from_millis(300),
        retry: RetryPolicy::none(),
        ..ClientConfig::default()
    });
    sandbox.arm("delay-ms=5000", 1).await;
    let err = client
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Timeout {
                may_have_applied: false
            }
        ),
        "{err:?}"
    );
}

#[test]
fn the_client_debug_output_hides_the_key() {
    let secret = format!("service_{}", "s3cr3t".repeat(7));
    let client = client_for("https://api.example.com", &secret, ClientConfig::default());
    let shown = format!("{client:?}");
    assert!(!shown.contains("s3cr3t"), "{shown}");
}

#[tokio::test]
async fn a_member_who_may_only_read_is_forbidden_to_write_and_nothing_changes() {
    let sandbox = Sandbox::start().await;
    let reader = sandbox.client_with_key(&sandbox.running.keys().read_only);
    let stakeholder = sandbox.running.ids().stakeholder.to_string();
    let err = reader.delete_stakeholder(&stakeholder).await.unwrap_err();
    assert!(
        matches!(&err, Error::Forbidden { message } if !message.is_empty()),
        "{err:?}"
    );
    // Reads still work with that key, and the stakeholder is still there.
    let found = reader
        .get_record(ResourceName::Stakeholder, &stakeholder)
        .await
        .unwrap();
    assert_eq!(found["id"], stakeholder.as_str());
    assert_eq!(sandbox.journal().await.len(), 2, "a 403 is not retried");
}

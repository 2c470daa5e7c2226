//! While the service cannot be reached, Workdesk asks it again by itself
//! (`workdesk_core::offline::reconnect`, run beside each open workspace's outbox
//! sender): nothing else reads, and the client's state goes back to
//! online once the service answers, which is what the window is pushed
//! and the outbox's sender waits for.

mod common;

use std::sync::Arc;
use std::time::Duration;

use workdesk_api::{ApiKey, BaseUrl, Client, ClientConfig, Connection, ListView, ResourceName};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_core::workspace::id::WorkspaceId;
use workdesk_core::writing::sender::Sender;
use workdesk_sync::{OfflineSwitch, Replica};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_service_is_asked_again_until_it_answers() {
    let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config {
        faults: true,
        ..workdesk_sandbox::Config::default()
    })
    .await
    .unwrap();
    let client = Client::with_config(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a.clone()).unwrap(),
        ClientConfig::default(),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (cache, _) =
        Cache::open(&file_of(dir.path(), "ws"), "ws", &DataKey::generate(), true).unwrap();
    let replica = Replica::new(client.clone(), Arc::new(cache), OfflineSwitch::default());
    let _open = Sender::start(replica, WorkspaceId::demo(), None, None);
    let mut connection = client.subscribe_connection();

    // A gateway's page instead of the service (every retry of the read
    // too): unreachable.
    common::arm(sandbox.base_url(), "html", 5);
    let read = client
        .list_view(ResourceName::SupplierInvoice, &ListView::default())
        .await;
    assert!(read.is_err());
    assert_eq!(*connection.borrow_and_update(), Connection::Offline);

    // Nothing else reads: a try after the waits is answered.
    let online = tokio::time::timeout(Duration::from_secs(120), async {
        while *connection.borrow_and_update() != Connection::Online {
            connection.changed().await.unwrap();
        }
    })
    .await;
    assert!(
        online.is_ok(),
        "still {:?} after two minutes",
        *connection.borrow()
    );
}

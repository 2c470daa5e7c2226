//! While the service cannot be reached, Workdesk asks it again by itself:
//! a one-record read (`GET /task/list/?take=1`, the `id` only) after 5,
//! 10, 20 and 40 s, then every 60 s, until an answer comes (any answer: a
//! 403 says the service is there), the workspace closes, or "Work
//! offline" is turned on (then nothing is sent). What the read learns
//! reaches the window like every request's outcome, as the pushed
//! service state, and the outbox's sender takes it from there. Whichever
//! request finds the service again (this read, "Try now", the screen's
//! own), the screens are told to read again (`announce_back`,
//! [`ChangeCause::ServiceBack`]). "Try now" asks at once
//! ([`crate::offline::commands::try_service_now`]).

use std::time::Duration;

use tokio::sync::watch;
use workdesk_api::{Client, Connection, ListView, ResourceName, Take};
use workdesk_sync::{CancellationToken, Replica};

use crate::reading::changes::{ChangeCause, ChangedRecords, WatchChanges};
use crate::workspace::id::WorkspaceId;

/// The waits before each new try while the service cannot be reached (the
/// last one repeats).
pub const RECONNECT_DELAYS: [Duration; 5] = [
    Duration::from_secs(5),
    Duration::from_secs(10),
    Duration::from_secs(20),
    Duration::from_secs(40),
    Duration::from_secs(60),
];

/// Asks the service again whenever `replica`'s client finds it cannot be
/// reached, waiting [`RECONNECT_DELAYS`] between tries, until `cancel`
/// (the workspace closed).
pub(crate) async fn reach_again(replica: Replica, cancel: CancellationToken) {
    let mut connection = replica.client().subscribe_connection();
    loop {
        // Until the client finds the service unreachable.
        while *connection.borrow_and_update() != Connection::Offline {
            tokio::select! {
                () = cancel.cancelled() => return,
                changed = connection.changed() => if changed.is_err() { return },
            }
        }
        let mut tries = 0;
        while *connection.borrow() == Connection::Offline {
            let wait = RECONNECT_DELAYS[tries.min(RECONNECT_DELAYS.len() - 1)];
            tries += 1;
            tokio::select! {
                () = cancel.cancelled() => return,
                () = tokio::time::sleep(wait) => {}
            }
            if !replica.working_offline() && *connection.borrow() == Connection::Offline {
                probe(replica.client()).await;
            }
        }
    }
}

/// Announces to `changes` that every list of workspace `workspace` changed
/// ([`ChangeCause::ServiceBack`]) each time its client's `connection` goes
/// from `offline` to `online` (with states in between, a 5xx or a spent
/// budget, still from `offline`), until `cancel` (the workspace closed).
/// What was saved was shown meanwhile; the service's records may have
/// changed since.
pub(crate) async fn announce_back(
    mut connection: watch::Receiver<Connection>,
    workspace: WorkspaceId,
    changes: WatchChanges,
    cancel: CancellationToken,
) {
    let mut unreachable = *connection.borrow_and_update() == Connection::Offline;
    loop {
        tokio::select! {
            () = cancel.cancelled() => return,
            changed = connection.changed() => if changed.is_err() { return },
        }
        match *connection.borrow_and_update() {
            Connection::Offline => unreachable = true,
            Connection::Online if unreachable => {
                unreachable = false;
                changes(ChangedRecords {
                    workspace: workspace.clone(),
                    resources: Vec::new(),
                    cause: ChangeCause::ServiceBack,
                });
            }
            Connection::Online | Connection::KeyRefused => unreachable = false,
            Connection::Unknown | Connection::RateLimited | Connection::ServiceError => {}
        }
    }
}

/// One tiny read whose outcome the client notes as every request's.
pub async fn probe(client: &Client) {
    let view = ListView {
        page: 1,
        take: Take::Count(1),
        fields: Some(vec!["id".to_owned()]),
        ..ListView::default()
    };
    if let Err(err) = client.list_view(ResourceName::Task, &view).await {
        log::info!("the service was asked again: {}", err.log_summary());
    }
}

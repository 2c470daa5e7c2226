//! While the service cannot be reached, Workdesk asks it again by itself:
//! a one-record read (`GET /task/list/?take=1`, the `id` only) after 5,
//! 10, 20 and 40 s, then every 60 s, until an answer comes (any answer: a
//! 403 says the service is there), the workspace closes, or "Work
//! offline" is turned on (then nothing is sent). What the read learns
//! reaches the window like every request's outcome, as the pushed
//! service state; the screens and the outbox's sender take it from there.
//! "Try now" asks at once ([`crate::offline::try_service_now`]).

use std::time::Duration;

use workdesk_api::{Client, Connection, ListView, ResourceName, Take};
use workdesk_sync::{CancellationToken, Replica};

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

//! The background sender of each open workspace's outbox, and the
//! outbox's counts it reports.
//!
//! The sender runs while a workspace is open (the demo's too), one per
//! workspace, and makes a pass over the outbox ([`Replica::send_outbox`])
//! when the workspace opens (so changes kept before quitting or a crash
//! go on the next start), when a change is kept, on "Send now", when
//! "Work offline" is turned off, when the service answers again after it
//! could not be reached (and every [`RETRY_FIRST`] to [`RETRY_MAX`] while
//! it cannot), and when the key's window resets after its budget was
//! spent. Each change of the outbox's counts reaches the window
//! ([`WatchOutbox`]), and after each pass that delivered changes, the
//! resources they made, edited or deleted are announced, so the lists
//! showing them read again ([`ChangeCause::SentFromOutbox`]). Changes kept
//! for a workspace that is not open wait until it is opened.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use specta::Type;
use tokio::sync::Notify;
use workdesk_api::{Connection, ResourceName};
use workdesk_sync::{CancellationToken, Change, OutboxState, PassEnd, Pending, Replica};

use crate::reading::changes::{ChangeCause, ChangedRecords, WatchChanges};
use crate::workspace::id::WorkspaceId;

/// The first wait before a pass tries again after the service could not
/// be reached (unless it answers sooner): 30 s, doubled after each try.
pub const RETRY_FIRST: Duration = Duration::from_secs(30);

/// The longest wait between two tries while the service cannot be
/// reached: 5 min.
pub const RETRY_MAX: Duration = Duration::from_secs(300);

/// How many changes stand where, for the status bar's "Waiting to send (n)".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Type)]
pub struct OutboxSummary {
    /// Kept, not sent yet.
    pub waiting: u32,
    /// Being sent, or its outcome is being checked.
    pub sending: u32,
    /// Refused or in conflict: waiting for the user.
    pub needs_you: u32,
    /// Sent, still listed.
    pub sent: u32,
    /// Not sent yet (waiting, sending or needing the user): the count the
    /// status bar shows; 0 hides its entry unless some need the user.
    pub unsent: u32,
}

impl OutboxSummary {
    /// The counts of `changes`.
    #[must_use]
    pub fn of(changes: &[Pending]) -> OutboxSummary {
        let mut summary = OutboxSummary::default();
        for change in changes {
            match change.state {
                OutboxState::Waiting => summary.waiting += 1,
                OutboxState::Sending => summary.sending += 1,
                OutboxState::NeedsYou => summary.needs_you += 1,
                OutboxState::Sent => summary.sent += 1,
            }
        }
        summary.unsent = summary.waiting + summary.sending + summary.needs_you;
        summary
    }
}

/// How the outbox's counts reach the window (set at start-up): called
/// with the workspace whose outbox it is and its counts, whenever they
/// change.
pub type WatchOutbox = Arc<dyn Fn(WorkspaceId, OutboxSummary) + Send + Sync>;

/// The background sender of one open workspace's outbox. Dropping it
/// stops it (between two requests).
pub struct Sender {
    kick: Arc<Notify>,
    cancel: CancellationToken,
}

impl Drop for Sender {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

impl Sender {
    /// Starts sending `replica`'s outbox (workspace `workspace`) in the
    /// background on the current Tokio runtime, with a pass at once;
    /// `watch` hears of each change of its counts, `changes` of the
    /// resources of the changes each pass delivered. Also asks the service
    /// again while it cannot be reached, and tells `changes` when it
    /// answers again ([`crate::offline::reconnect`]).
    ///
    /// # Panics
    /// Outside a Tokio runtime.
    #[must_use]
    pub fn start(
        replica: Replica,
        workspace: WorkspaceId,
        watch: Option<WatchOutbox>,
        changes: Option<WatchChanges>,
    ) -> Sender {
        let kick = Arc::new(Notify::new());
        let cancel = CancellationToken::new();
        tokio::spawn(crate::offline::reconnect::reach_again(
            replica.clone(),
            cancel.clone(),
        ));
        if let Some(changes) = &changes {
            tokio::spawn(crate::offline::reconnect::announce_back(
                replica.client().subscribe_connection(),
                workspace.clone(),
                changes.clone(),
                cancel.clone(),
            ));
        }
        let reports = Reports {
            workspace,
            watch,
            changes,
            shown: None,
            delivered: Delivered::default(),
        };
        tokio::spawn(run(replica, reports, kick.clone(), cancel.clone()));
        Sender { kick, cancel }
    }

    /// Asks for a pass now (or right after the one running).
    pub fn kick(&self) {
        self.kick.notify_one();
    }
}

/// The changes of an outbox seen `sent`, to tell which a pass delivered.
#[derive(Default)]
struct Delivered {
    /// The ids of the changes sent at the last look; `None` before the
    /// outbox could be read.
    sent: Option<HashSet<i64>>,
    /// The resources of the changes that became sent since the last
    /// [`Delivered::take`], each once.
    resources: Vec<ResourceName>,
}

impl Delivered {
    /// Notes the outbox's `changes`: each one sent now and not at the last
    /// look adds its resource (the first look only learns what was sent
    /// before).
    fn note(&mut self, changes: &[Pending]) {
        let sent: HashSet<i64> = changes
            .iter()
            .filter(|change| change.state == OutboxState::Sent)
            .map(|change| change.id)
            .collect();
        if let Some(before) = &self.sent {
            let new = changes
                .iter()
                .filter(|change| sent.contains(&change.id) && !before.contains(&change.id))
                .filter_map(|change| change.change.as_ref().map(Change::resource));
            for resource in new {
                if !self.resources.contains(&resource) {
                    self.resources.push(resource);
                }
            }
        }
        self.sent = Some(sent);
    }

    /// The resources of the changes delivered since the last call, if any.
    fn take(&mut self) -> Option<Vec<ResourceName>> {
        (!self.resources.is_empty()).then(|| std::mem::take(&mut self.resources))
    }
}

/// What one sender tells the window: its outbox's counts when they
/// change, and the resources of the changes a pass delivered.
struct Reports {
    workspace: WorkspaceId,
    watch: Option<WatchOutbox>,
    changes: Option<WatchChanges>,
    /// The counts told last.
    shown: Option<OutboxSummary>,
    delivered: Delivered,
}

impl Reports {
    /// Reads the outbox: its counts told when they changed, the changes
    /// sent since the last look noted.
    fn look(&mut self, replica: &Replica) {
        if self.watch.is_none() && self.changes.is_none() {
            return;
        }
        let Ok(changes) = replica.outbox() else {
            return;
        };
        self.delivered.note(&changes);
        let summary = OutboxSummary::of(&changes);
        if let Some(watch) = &self.watch {
            if self.shown != Some(summary) {
                self.shown = Some(summary);
                watch(self.workspace.clone(), summary);
            }
        }
    }

    /// A pass ended: the resources of the changes it delivered, if any,
    /// are announced ([`ChangeCause::SentFromOutbox`]).
    fn pass_ended(&mut self) {
        let (Some(changes), Some(resources)) = (&self.changes, self.delivered.take()) else {
            return;
        };
        changes(ChangedRecords {
            workspace: self.workspace.clone(),
            resources,
            cause: ChangeCause::SentFromOutbox,
        });
    }
}

/// The sender's loop: a pass, then a wait for what may let more go.
async fn run(replica: Replica, mut reports: Reports, kick: Arc<Notify>, cancel: CancellationToken) {
    let mut connection = replica.client().subscribe_connection();
    // What was sent before this sender started is not news.
    reports.look(&replica);
    let mut retry = RETRY_FIRST;
    loop {
        let end = replica
            .send_outbox(&cancel, || reports.look(&replica))
            .await;
        reports.look(&replica);
        reports.pass_ended();
        let (wait, until_online) = match end {
            Ok(PassEnd::Done | PassEnd::WorkingOffline) => {
                retry = RETRY_FIRST;
                (None, false)
            }
            Ok(PassEnd::Unreachable(_)) => {
                let wait = retry;
                retry = (retry * 2).min(RETRY_MAX);
                (Some(wait), true)
            }
            Ok(PassEnd::Budget(until)) => (
                Some((until - chrono::Utc::now()).to_std().unwrap_or_default()),
                false,
            ),
            Ok(PassEnd::KeyRefused | PassEnd::Cancelled) => return,
            Err(err) => {
                log::warn!("the outbox could not be sent: {}", err.log_summary());
                (Some(RETRY_MAX), false)
            }
        };
        tokio::select! {
            () = cancel.cancelled() => return,
            () = kick.notified() => {}
            () = sleep_for(wait) => {}
            () = answers_again(&mut connection), if until_online => {}
        }
    }
}

/// Sleeps for `wait`; forever when `None`.
async fn sleep_for(wait: Option<Duration>) {
    match wait {
        Some(wait) => tokio::time::sleep(wait).await,
        None => std::future::pending().await,
    }
}

/// Returns once the client's exchanges say the service answers again.
async fn answers_again(connection: &mut tokio::sync::watch::Receiver<Connection>) {
    loop {
        if connection.changed().await.is_err() {
            return std::future::pending().await;
        }
        if *connection.borrow_and_update() == Connection::Online {
            return;
        }
    }
}

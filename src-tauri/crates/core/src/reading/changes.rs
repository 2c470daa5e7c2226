//! When the screens read again: Rust's word that what the lists (and the
//! overview) of a workspace show may have changed, so the window reads
//! them again in place, keeping its view, columns, search words and
//! scroll ([`ChangedRecords`], pushed by the app as the `records-changed`
//! event through the [`WatchChanges`] callback that
//! [`Session::set_changes_watch`](crate::workspace::session::Session::set_changes_watch)
//! registers). The window never guesses it from its own calls: every
//! announcement goes through
//! [`Session::announce_changes`](crate::workspace::session::Session::announce_changes),
//! called in these places only:
//!
//! - a write sent to the service (create a task or a stakeholder, edit a
//!   lead, delete a stakeholder; [`crate::writing::writes`]):
//!   [`ChangeCause::Written`], its resource. A write kept in the outbox
//!   changes nothing on the service yet, and announces nothing;
//! - the service saying a record is gone (a 404 reading it, or deleting a
//!   stakeholder already deleted): [`ChangeCause::RecordGone`], its
//!   resource (the saved copy was dropped too);
//! - the outbox's sender having delivered changes
//!   ([`crate::writing::sender`]): [`ChangeCause::SentFromOutbox`], the
//!   resources of the changes that became `sent`, once at the end of each
//!   pass;
//! - the workspace's client finding the service again after it could not
//!   be reached (its connection from `offline` to `online`,
//!   [`crate::offline::reconnect`]): [`ChangeCause::ServiceBack`], every
//!   list;
//! - "Work offline" turned off ([`crate::offline::commands`]):
//!   [`ChangeCause::WorkingOnline`], every list;
//! - a new key, address or proxy saved for the workspace on screen
//!   ([`crate::workspace::commands`], `update_workspace`):
//!   [`ChangeCause::ConnectionChanged`], every list.
//!
//! A switch of workspace is not announced: the window gets the new
//! workspace's status, and its screen with it. Forms never read again
//! (they keep what was typed).

use std::sync::Arc;

use serde::Serialize;
use specta::Type;
use workdesk_api::ResourceName;

use crate::workspace::id::WorkspaceId;

/// Why the records changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum ChangeCause {
    /// A write was sent to the service and it answered (a record created,
    /// edited or deleted).
    Written,
    /// The service said a record is gone (404): its saved copy was dropped.
    RecordGone,
    /// The outbox's sender delivered changes kept while the service could
    /// not be reached.
    SentFromOutbox,
    /// The service answers again after it could not be reached.
    ServiceBack,
    /// "Work offline" was turned off: the service is asked again.
    WorkingOnline,
    /// A new key, address or proxy was saved for the workspace on screen.
    ConnectionChanged,
}

/// The records of `resources` in workspace `workspace` changed for
/// `cause`: a list of one of them (or any list and the overview, when
/// `resources` is empty) on screen reads its view again in place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct ChangedRecords {
    /// The workspace whose records they are (`demo` for the demo); the
    /// window drops it for a workspace it no longer shows.
    pub workspace: WorkspaceId,
    /// The resources whose lists changed, each once; empty: every list
    /// and the overview.
    pub resources: Vec<ResourceName>,
    /// Why.
    pub cause: ChangeCause,
}

/// How a [`ChangedRecords`] reaches the window (set at start-up; a test
/// sets its own to see what is announced).
pub type WatchChanges = Arc<dyn Fn(ChangedRecords) + Send + Sync>;

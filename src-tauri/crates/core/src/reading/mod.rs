//! Reading: lists of every resource and one record (the saved answer
//! first, then the service's), the views a list opens with, record
//! pickers, and the overview.
//!
//! - [`records`]: the read commands and saved views;
//! - [`changes`]: when the screens read again (a write sent, the outbox
//!   delivered, the service back…), announced to the window;
//! - [`views`]: the views a list opens with, fitted to the schema, and the
//!   ready-made ones;
//! - [`schema`]: each resource's fields, operators and default columns;
//! - [`pickers`]: how a record picker finds and shows records;
//! - [`names`]: names where IDs were (references named from saved records);
//! - [`palette`]: the command palette's search of every list's records;
//! - [`pins`]: the records and saved views pinned to the navigation;
//! - [`overview`]: the workspace at a glance;
//! - [`board`]: the leads board, by status seen.

pub mod board;
pub mod changes;
pub mod names;
pub mod overview;
pub mod palette;
pub mod pickers;
pub mod pins;
pub mod records;
pub mod schema;
pub mod views;

use std::collections::HashMap;
use std::sync::Arc;

use workdesk_api::ResourceName;

use crate::ui_error::UiError;
use crate::workspace::id::WorkspaceId;

/// Reading's state: the latest list request per resource, and the
/// overview's amounts added up this session.
#[derive(Default)]
pub struct Reading {
    /// The latest list request per workspace and resource whose view is to
    /// be remembered: only its answer may become the remembered view.
    pub view_tickets: ViewTickets,
    /// The views being remembered after their reads replied: what reads
    /// the kept views or the section shown last waits for them.
    pub view_writes: ViewWrites,
    /// The overview's parts whose amounts were added up from the service
    /// this session, by workspace and resource: shown in place of the
    /// service's counts until the overview is refreshed.
    pub added_up: std::sync::Mutex<
        HashMap<(WorkspaceId, ResourceName), workdesk_sync::overview::Part<UiError>>,
    >,
    /// The command palette's searches: the latest call's number, and the
    /// one under way (cancelled by the next).
    pub palette: palette::PaletteSearches,
}

/// Numbers the list requests whose view is remembered, per workspace and
/// resource, so that a slow earlier answer never overwrites the view of a
/// later request (the UI shows only the latest answer; the remembered view
/// must match).
#[derive(Default, Clone)]
pub struct ViewTickets(Arc<std::sync::Mutex<HashMap<(WorkspaceId, ResourceName), u64>>>);

impl ViewTickets {
    /// A ticket for a new request on `resource` in `workspace`, newer than
    /// all before.
    pub fn issue(&self, workspace: &WorkspaceId, resource: ResourceName) -> u64 {
        let mut tickets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let ticket = tickets.entry((workspace.clone(), resource)).or_default();
        *ticket += 1;
        *ticket
    }

    /// Whether `ticket` is still the latest issued for `resource` in
    /// `workspace`.
    pub fn is_latest(&self, workspace: &WorkspaceId, resource: ResourceName, ticket: u64) -> bool {
        let tickets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        tickets.get(&(workspace.clone(), resource)) == Some(&ticket)
    }
}

/// The writes of lists' current views under way. A page's read replies
/// before its view is written to the settings file (an atomic write with
/// its `fsync`s: 1–20 ms on a desktop's disk, none of it the user's wait);
/// each write holds a share of this while it runs, and what reads the kept
/// views first waits for every share ([`ViewWrites::settled`]), so it
/// never sees a view older than the list showed.
#[derive(Default, Clone)]
pub struct ViewWrites(Arc<tokio::sync::RwLock<()>>);

impl ViewWrites {
    /// Runs `write` (blocking file work) on tokio's blocking threads, after
    /// the caller returns; [`ViewWrites::settled`] waits for it.
    pub async fn spawn(&self, write: impl FnOnce() + Send + 'static) {
        let share = self.0.clone().read_owned().await;
        tokio::task::spawn_blocking(move || {
            let _share = share;
            write();
        });
    }

    /// Waits until every write spawned before has ended (at once when none
    /// is under way).
    pub async fn settled(&self) {
        drop(self.0.write().await);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_latest_ticket_of_a_resource_counts() {
        let tickets = ViewTickets::default();
        let a = WorkspaceId::parse("a").unwrap();
        let b = WorkspaceId::parse("b").unwrap();
        let first = tickets.issue(&a, ResourceName::Task);
        let other = tickets.issue(&a, ResourceName::Lead);
        let elsewhere = tickets.issue(&b, ResourceName::Task);
        assert!(tickets.is_latest(&a, ResourceName::Task, first));
        let second = tickets.issue(&a, ResourceName::Task);
        assert!(!tickets.is_latest(&a, ResourceName::Task, first));
        assert!(tickets.is_latest(&a, ResourceName::Task, second));
        assert!(tickets.is_latest(&a, ResourceName::Lead, other));
        assert!(tickets.is_latest(&b, ResourceName::Task, elsewhere));
    }
}

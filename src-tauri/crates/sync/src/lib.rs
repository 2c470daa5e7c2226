//! # workdesk-sync
//!
//! The flow between Workdesk's screen, its offline cache (`workdesk-cache`)
//! and the service (`workdesk-api`), free of Tauri so it is tested without
//! a window:
//!
//! - **One read path** ([`Replica::read_page`], [`Replica::read_record`]):
//!   the view checked once; the saved answer at once, marked with where
//!   it came from ([`Source`]); then the service's, written back in the
//!   background, saying whether it changed; or why the service's answer
//!   is missing ([`ReadEnd`], [`StaleReason`]: the client's one connection
//!   verdict), the saved answer kept on screen. Every list, record and
//!   customer card of the app reads this way.
//! - **Offline queries**: a view never seen is answered over every saved
//!   record with the shared engine, refusing per condition what the saved
//!   records cannot answer faithfully.
//! - **Take a list offline** ([`Replica::make_available_offline`]): every
//!   record, 200 a page, with [`Progress`] after each page, cancellable,
//!   never spending the last 10 % of the key's budget (it pauses until the
//!   reset and goes on); later runs fetch only what changed
//!   (`updated_at` / `created_at`) and walk the ids to drop what the
//!   service deleted.
//! - **Export a list** ([`Replica::export`]): every record of a view, in
//!   its order, into a `workdesk_export::Sheet`, from the service within
//!   the same budget rule, or from the saved records when working offline
//!   or the list was made available offline ([`ExportSource`]).
//! - **Totals** ([`Replica::saved_totals`]): the count and the exact sums
//!   of money columns over a whole filtered list saved offline.
//! - **The overview** ([`Replica::overview`], [`overview`]): invoices per
//!   month and status, those needing attention, tasks, leads, each figure
//!   from the saved records of a list made available offline or from the
//!   service's counts, with the list behind it.
//! - **Lead statuses seen** ([`Replica::lead_statuses_seen`]): the
//!   statuses the service returned (saved leads, leads read), remembered
//!   per workspace; the service documents none, so none is assumed.
//! - **Tasks due** ([`Replica::due_tasks`]): not completed, due today or
//!   overdue in the user's time zone, for reminders and the Overview.
//! - **Members seen** ([`Replica::members_seen`]): the workspace members
//!   the saved records name, for the pickers of an assignee or follower
//!   (the service has no list of members).
//! - **Changes made offline** ([`Replica::keep_change`],
//!   [`Replica::send_outbox`]): kept in the sealed outbox before the form
//!   says so, sent later in order, each exactly once (a change whose
//!   outcome is unknown is looked for on the service before it is sent
//!   again); a lead's edit that meets a change made on the service waits
//!   for the user's choice per field ([`Note::Conflict`]).
//! - **Writes update what they touch** ([`Replica::created`],
//!   [`Replica::changed`], [`Replica::deleted`]), and "Work offline" (one
//!   [`OfflineSwitch`] the app's replicas share) stops every request.
//!
//! `tokio-util`'s `CancellationToken` cancels downloads: the standard token
//! of the tokio ecosystem, already in the dependency tree.

#![warn(missing_docs)]

mod download;
mod due;
mod error;
mod export;
mod ids;
mod members;
mod outbox;
pub mod overview;
mod read;
mod replica;
mod statuses;
mod totals;

pub use download::{
    pages_for, reserve_of, OfflineList, Phase, Progress, CLOCK_MARGIN, ID_WALK_EVERY, PAGE_SIZE,
    RESERVE_PERCENT,
};
pub use due::{DueFrom, DueTask, DueTasks, DUE_TAKE};
pub use error::{Error, Result};
pub use export::ExportSource;
pub use members::{SeenIn, SeenMember, MEMBER_FIELDS};
pub use outbox::{
    carry_outbox, Carried, Change, FieldConflict, Keep, Note, PassEnd, Pending, PendingRow,
    RowMark, SentHow, SENT_KEPT,
};
pub use read::{Answer, Finality, ReadEnd, StaleReason};
pub use replica::{Fresh, OfflineSwitch, Replica, Saved, Source};
pub use statuses::{StatusSeen, SAMPLE_LEADS};
pub use tokio_util::sync::CancellationToken;
pub use totals::Totals;
pub use workdesk_cache::OutboxState;

//! Changes to many records: with several leads selected, "Change
//! status…" and "Assign to…" make one lead edit per lead (the same patch
//! for each); with several stakeholders selected, "Delete…" makes one
//! deletion per stakeholder. Every one is kept in the outbox first, in the
//! order given, then sent by the outbox's sender: at once when the service
//! answers, later when it does not. The outbox sends each exactly once, in
//! order, and records each one's outcome (sent; refused, with the
//! service's reason; a conflict with a change made on the service, held
//! for the user's choice; the lead gone). [`changes_progress`] tells the
//! window where they stand, one progress bar over them all; "Stop"
//! ([`stop_changes`]) withdraws those still waiting. A stop part-way (the
//! button, the app closed, the connection lost) leaves each record changed
//! or not: what went out stays sent, what was withdrawn was never sent,
//! and what was neither still waits in the outbox.

use std::collections::HashMap;

use serde::Serialize;
use specta::Type;
use workdesk_api::{JsonRecord, LeadPatch, ResourceName};
use workdesk_sync::{Change, Note, OutboxState, Pending, Replica};

use crate::error::Error;
use crate::guard::guarded;
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::writing::writes::lead_edit;

/// The most records one "Change status…", "Assign to…" or "Delete…"
/// changes.
pub const RECORDS_CHANGED_MAX: usize = 500;

/// "Change status…" / "Assign to…" over the leads `ids` (each once, in
/// the order given; at most [`RECORDS_CHANGED_MAX`]): one edit per lead
/// with `patch` (only what it names is sent: `status`, `user_member`),
/// each based on the lead's saved copy as the screen showed it (another
/// value on the service is a conflict) and named as its picker names it,
/// kept in the outbox of the workspace on screen, which is then asked to
/// send. Returns the changes kept, in order: where they stand comes from
/// [`changes_progress`].
///
/// Errors: `invalid_input` (`field` = `ids`: none, or more than the
/// most; `id` or `patch`: an id that is no UUID, a patch that changes
/// nothing), nothing kept then; `not_configured`; `saved_data_locked`,
/// `saved_data_unreadable` (those kept before stay kept).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn change_leads(
    state: &AppState,
    ids: Vec<String>,
    patch: LeadPatch,
) -> Result<Vec<Pending>, UiError> {
    guarded(async move {
        let ids = unique(ids)?;
        let workspace = state.workspace().await?;
        let replica = &workspace.replica;
        let labels = labels(replica, ResourceName::Lead, &ids).await;
        let changes = ids
            .iter()
            .map(|id| lead_edit(replica, id, &patch, labels.get(id).cloned()))
            .collect();
        Ok(keep_all(state, replica, changes, "lead edits").await?)
    })
    .await
}

/// "Delete…" over the stakeholders `ids` (each once, in the order given;
/// at most [`RECORDS_CHANGED_MAX`]), after the window's one confirmation
/// naming how many: one deletion per stakeholder, named by its saved
/// name, kept in the outbox and sent as [`change_leads`]'s edits are. A
/// stakeholder the service no longer has counts as deleted.
///
/// Errors: as [`change_leads`] (`id`: an id that is no UUID).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn delete_stakeholders(
    state: &AppState,
    ids: Vec<String>,
) -> Result<Vec<Pending>, UiError> {
    guarded(async move {
        let ids = unique(ids)?;
        let workspace = state.workspace().await?;
        let replica = &workspace.replica;
        let labels = labels(replica, ResourceName::Stakeholder, &ids).await;
        let changes = ids
            .into_iter()
            .map(|id| Change::DeleteStakeholder {
                label: labels.get(&id).cloned(),
                id,
            })
            .collect();
        Ok(keep_all(state, replica, changes, "stakeholder deletions").await?)
    })
    .await
}

/// Where one change of many stands, as its line in the progress shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChangeOutcome {
    /// Kept, not sent yet (the service cannot be reached, or it waits its
    /// turn).
    Waiting,
    /// Its request is going out.
    Sending,
    /// The service has it.
    Sent,
    /// The service refused it: its words (`null` when it gave none).
    Refused {
        /// The service's reason: its messages by field (`field: message`),
        /// else its summary.
        reason: Option<String>,
    },
    /// The record also changed on the service since the screen showed
    /// it: the user chooses per field in the outbox.
    Conflict,
    /// The record is no longer on the service.
    Gone,
    /// Held for the user's word in the outbox (its answer was lost and a
    /// like record was found, or it was written for another address).
    Held,
    /// No longer in the outbox: withdrawn by "Stop" or discarded (never
    /// sent), or cleared once sent.
    Removed,
}

impl ChangeOutcome {
    /// The outcome of `change` as the outbox holds it.
    fn of(change: &Pending) -> ChangeOutcome {
        match change.state {
            OutboxState::Waiting => ChangeOutcome::Waiting,
            OutboxState::Sending => ChangeOutcome::Sending,
            OutboxState::Sent => ChangeOutcome::Sent,
            OutboxState::NeedsYou => match &change.note {
                Some(Note::Conflict { .. }) => ChangeOutcome::Conflict,
                Some(Note::Gone) => ChangeOutcome::Gone,
                Some(Note::Unsure { .. } | Note::OtherAddress { .. }) => ChangeOutcome::Held,
                Some(Note::Refused { message, fields }) => ChangeOutcome::Refused {
                    reason: reason(message, fields),
                },
                Some(Note::Forbidden { message }) => ChangeOutcome::Refused {
                    reason: Some(message.clone()).filter(|m| !m.trim().is_empty()),
                },
                _ => ChangeOutcome::Refused { reason: None },
            },
        }
    }

    /// Whether the sender is done with it (it no longer waits nor is
    /// being sent).
    fn settled(&self) -> bool {
        !matches!(self, ChangeOutcome::Waiting | ChangeOutcome::Sending)
    }
}

/// The service's reason for a refusal: each field's messages as
/// `field: message` (`non_field_errors` without its name), joined by
/// "; ", else its summary; `None` when both are empty.
fn reason(message: &str, fields: &workdesk_api::FieldErrors) -> Option<String> {
    let by_field: Vec<String> = fields
        .iter()
        .flat_map(|(field, messages)| {
            messages.iter().map(move |text| {
                if field == "non_field_errors" {
                    text.clone()
                } else {
                    format!("{field}: {text}")
                }
            })
        })
        .collect();
    if by_field.is_empty() {
        Some(message.trim().to_owned()).filter(|m| !m.is_empty())
    } else {
        Some(by_field.join("; "))
    }
}

/// One change's line in the progress.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct ChangeProgress {
    /// The change's place in the outbox.
    pub change_id: i64,
    /// The record it changes (`null` once it left the outbox).
    pub record_id: Option<String>,
    /// What the screen called the record (`null` when it had no name).
    pub label: Option<String>,
    /// Where it stands.
    pub outcome: ChangeOutcome,
}

/// Where the changes of one "Change status…", "Assign to…" or "Delete…"
/// stand: the progress bar's figures and each record's line.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct ChangesProgress {
    /// How many changes (the bar's whole).
    pub total: u32,
    /// How many the sender is done with (the bar's value): sent, needing
    /// the user, or no longer in the outbox.
    pub settled: u32,
    /// How many the service has.
    pub sent: u32,
    /// How many need the user in the outbox: refused, in conflict, the
    /// record gone, held.
    pub needs_you: u32,
    /// How many still wait or are being sent.
    pub waiting: u32,
    /// How many are no longer in the outbox.
    pub removed: u32,
    /// Each change, in the order given.
    pub changes: Vec<ChangeProgress>,
}

impl ChangesProgress {
    /// The progress of changes `ids` (each once, in that order) in
    /// `outbox`.
    #[must_use]
    pub fn of(ids: &[i64], outbox: &[Pending]) -> ChangesProgress {
        let by_id: HashMap<i64, &Pending> = outbox.iter().map(|c| (c.id, c)).collect();
        let mut progress = ChangesProgress {
            total: 0,
            settled: 0,
            sent: 0,
            needs_you: 0,
            waiting: 0,
            removed: 0,
            changes: Vec::with_capacity(ids.len()),
        };
        let mut seen = std::collections::HashSet::new();
        for &id in ids.iter().filter(|id| seen.insert(**id)) {
            let held = by_id.get(&id);
            let outcome = held.map_or(ChangeOutcome::Removed, |c| ChangeOutcome::of(c));
            progress.total += 1;
            progress.settled += u32::from(outcome.settled());
            match outcome {
                ChangeOutcome::Waiting | ChangeOutcome::Sending => progress.waiting += 1,
                ChangeOutcome::Sent => progress.sent += 1,
                ChangeOutcome::Removed => progress.removed += 1,
                _ => progress.needs_you += 1,
            }
            let (record_id, label) = held
                .and_then(|c| c.change.as_ref())
                .map(target_of)
                .unwrap_or_default();
            progress.changes.push(ChangeProgress {
                change_id: id,
                record_id,
                label,
                outcome,
            });
        }
        progress
    }
}

/// The record a change acts on and its label.
fn target_of(change: &Change) -> (Option<String>, Option<String>) {
    match change {
        Change::PatchLead { id, label, .. } | Change::DeleteStakeholder { id, label } => {
            (Some(id.clone()), label.clone())
        }
        _ => (None, None),
    }
}

/// Where changes `ids` (as [`change_leads`] or [`delete_stakeholders`]
/// returned them) stand in the outbox of the workspace on screen: read
/// again by the window each time the outbox's counts change.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn changes_progress(state: &AppState, ids: Vec<i64>) -> Result<ChangesProgress, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let outbox = workspace.replica.outbox().map_err(Error::from)?;
        Ok(ChangesProgress::of(&ids, &outbox))
    })
    .await
}

/// "Stop": withdraws those of changes `ids` that still wait (nothing of
/// them went out), so their records stay as they are; one being sent
/// finishes, one sent stays sent, one needing the user stays in the
/// outbox. Returns the ids withdrawn.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`
/// (those withdrawn before stay withdrawn).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn stop_changes(state: &AppState, ids: Vec<i64>) -> Result<Vec<i64>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let replica = &workspace.replica;
        let mut withdrawn = Vec::new();
        for id in ids {
            match replica.withdraw(id) {
                Ok(true) => withdrawn.push(id),
                Ok(false) | Err(workdesk_sync::Error::NoSuchChange(_)) => {}
                Err(err) => return Err(Error::from(err).into()),
            }
        }
        log::info!("{} changes withdrawn from the outbox", withdrawn.len());
        state.session.kick_outbox().await;
        Ok(withdrawn)
    })
    .await
}

/// `ids` trimmed, in lower case, each once, in order.
///
/// # Errors
/// `invalid_input` (`ids`) when none is left, or more than
/// [`RECORDS_CHANGED_MAX`].
fn unique(ids: Vec<String>) -> Result<Vec<String>, Error> {
    let mut unique: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim().to_lowercase();
        if !unique.contains(&id) {
            unique.push(id);
        }
    }
    if unique.is_empty() || unique.len() > RECORDS_CHANGED_MAX {
        let mut problems = workdesk_api::ValidationErrors::default();
        let most = RECORDS_CHANGED_MAX.to_string();
        problems.add_problem(
            "ids",
            workdesk_api::Problem::new("records_to_change", [("max", most.as_str())]),
        );
        return Err(Error::Api(workdesk_api::Error::InvalidInput(problems)));
    }
    Ok(unique)
}

/// The saved records `ids` of `resource` named as their pickers name them
/// (by id); a record not saved, or without a name, is left out.
async fn labels(
    replica: &Replica,
    resource: ResourceName,
    ids: &[String],
) -> HashMap<String, String> {
    let records: Vec<JsonRecord> = ids
        .iter()
        .filter_map(|id| replica.pending_record(resource, id).ok().flatten())
        .collect();
    crate::reading::palette::results_of(replica, resource, &records)
        .await
        .into_iter()
        .filter(|result| !result.title.trim().is_empty())
        .map(|result| (result.id.to_lowercase(), result.title))
        .collect()
}

/// Keeps `changes` in the outbox of `replica`'s workspace, in order,
/// after checking every one (all or none refused), and asks for a pass.
async fn keep_all(
    state: &AppState,
    replica: &Replica,
    changes: Vec<Change>,
    what: &str,
) -> Result<Vec<Pending>, Error> {
    for change in &changes {
        change.check().map_err(Error::from)?;
    }
    let mut kept = Vec::with_capacity(changes.len());
    for change in &changes {
        kept.push(replica.keep_change(change).map_err(Error::from)?);
    }
    log::info!("{} {what} kept in the outbox", kept.len());
    state.session.kick_outbox().await;
    Ok(kept)
}

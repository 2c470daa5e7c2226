//! Changes made while the service cannot be reached (or "Work offline" is
//! on), kept in the workspace's sealed outbox (`workdesk_cache`'s
//! [`OutboxEntry`]) and sent later, in order, exactly once.
//!
//! - **What a change is** ([`Change`]): a new task, a lead's edit (with the
//!   values it started from), a new stakeholder, a stakeholder's deletion:
//!   the four writes of the service (`docs/service.md`, "Endpoints").
//!   Kept as JSON tagged by `kind`; a kind this version does not know
//!   (written by a newer Workdesk) is kept and shown, never sent, never
//!   dropped ([`Pending::change`] is `None`).
//! - **Sending** ([`Replica::send_outbox`], `send.rs`): one pass at a
//!   time, in the order the changes were made, each marked sending on the
//!   disk before its request and sent after the answer.
//! - **Exactly once** (`check.rs`): a change found marked sending (a
//!   crash, a timeout, a 502 in between) is looked for on the service
//!   before it is sent again.
//! - **Conflicts** (`conflict.rs`): a lead's edit is compared with the
//!   service's copy first; a field also changed there since the edit
//!   started waits for the user ([`Note::Conflict`]).
//!
//! What the user does with the outbox is here too: keep a change
//! ([`Replica::keep_change`]), edit one the service refused
//! ([`Replica::edit_change`]), choose per field in a conflict
//! ([`Replica::resolve_conflict`]), discard ([`Replica::discard_change`]).

mod carry;
mod check;
mod conflict;
mod send;

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use workdesk_api::{
    json_record_of, FieldErrors, JsonRecord, LeadPatch, NewStakeholder, NewTask, ResourceName,
};
use workdesk_cache::{OutboxEntry, OutboxState};
use workdesk_query::{Problem, ValidationErrors};

use crate::error::{Error, Result};
use crate::ids::uuid_like;
use crate::replica::Replica;

pub use carry::{carry_outbox, Carried};
pub use conflict::FieldConflict;
pub use send::{PassEnd, SENT_KEPT};

/// One change the user made, as the outbox keeps it (JSON tagged by
/// `kind`: `create_task`, `patch_lead`, `create_stakeholder`,
/// `delete_stakeholder`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// `POST /task/task/` with `task`.
    CreateTask {
        /// The task as typed.
        task: NewTask,
    },
    /// `PATCH /crm/lead/{id}/` with `patch`.
    PatchLead {
        /// The lead's id (a UUID).
        id: String,
        /// What the user changed (only those fields are sent).
        patch: LeadPatch,
        /// The values of the patched fields in the copy the edit started
        /// from, by field: a field whose value on the service is neither
        /// this nor the user's is a conflict. A field missing here is
        /// treated as unknown (any other value on the service conflicts).
        based_on: JsonRecord,
        /// What the screen called the lead when the edit was made (for the
        /// outbox's list); `None` when it had no name.
        label: Option<String>,
    },
    /// `POST /stakeholder/stakeholder/` with `stakeholder`.
    CreateStakeholder {
        /// The stakeholder as typed.
        stakeholder: NewStakeholder,
    },
    /// `DELETE /stakeholder/stakeholder/{id}/`.
    DeleteStakeholder {
        /// The stakeholder's id (a UUID).
        id: String,
        /// Its name when the deletion was asked for (for the outbox's list).
        label: Option<String>,
    },
}

impl Change {
    /// The resource whose records this change makes, edits or deletes.
    #[must_use]
    pub fn resource(&self) -> ResourceName {
        match self {
            Change::CreateTask { .. } => ResourceName::Task,
            Change::PatchLead { .. } => ResourceName::Lead,
            Change::CreateStakeholder { .. } | Change::DeleteStakeholder { .. } => {
                ResourceName::Stakeholder
            }
        }
    }

    /// The record this change acts on, for changes to an existing record
    /// (`lead:<id>`, `stakeholder:<id>`, ids in lower case): a later change
    /// of the same record waits while an earlier one needs the user.
    fn target(&self) -> Option<String> {
        match self {
            Change::PatchLead { id, .. } => Some(format!("lead:{}", id.trim().to_lowercase())),
            Change::DeleteStakeholder { id, .. } => {
                Some(format!("stakeholder:{}", id.trim().to_lowercase()))
            }
            Change::CreateTask { .. } | Change::CreateStakeholder { .. } => None,
        }
    }

    /// What can be checked without the service: a task's bounds
    /// ([`NewTask::check`]), ids that are UUIDs, a stakeholder's document
    /// number, type and location given, a lead edit that changes a field.
    /// The rest is checked by the service when the change is sent.
    ///
    /// # Errors
    /// [`Error::InvalidChange`], keyed by field (`title`, `id`,
    /// `document_number`, `patch`).
    pub fn check(&self) -> Result<()> {
        let mut problems = ValidationErrors::default();
        let mut uuid = |field: &str, value: &str| {
            if uuid_like(value).is_none() {
                problems.add_problem(field, Problem::new("not_a_uuid", [("value", value)]));
            }
        };
        match self {
            Change::CreateTask { task } => {
                if let Some(id) = &task.assigned_to_user {
                    uuid("assigned_to_user", id);
                }
                if let Err(more) = task.check() {
                    for (field, reason) in more.reasons() {
                        problems.add_reason(field, reason.clone());
                    }
                }
            }
            Change::PatchLead { id, patch, .. } => {
                uuid("id", id);
                if patch == &LeadPatch::default() {
                    problems.add_problem("patch", Problem::new("nothing_changed", []));
                }
            }
            Change::CreateStakeholder { stakeholder } => {
                for (field, value) in [
                    ("document_number", &stakeholder.document_number),
                    ("document_type", &stakeholder.document_type),
                    ("geographic_location", &stakeholder.geographic_location),
                ] {
                    if value.trim().is_empty() {
                        problems.add_problem(field, Problem::new("required", []));
                    }
                }
            }
            Change::DeleteStakeholder { id, .. } => uuid("id", id),
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::InvalidChange(problems))
        }
    }

    /// The change as the outbox keeps it.
    fn to_json(&self) -> Json {
        serde_json::to_value(self).unwrap_or(Json::Null)
    }

    /// The change kept as `json`; `None` for a kind this version does not
    /// know (or a shape it cannot read).
    fn of(json: &Json) -> Option<Change> {
        serde_json::from_value(json.clone()).ok()
    }

    fn same_kind(&self, other: &Change) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// What the sending noted with a change's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Note {
    /// The service has the change.
    Sent {
        /// The record created or changed (`None` for a deletion).
        record_id: Option<String>,
        /// How it was found to be done.
        how: SentHow,
    },
    /// The service refused it (400 or 422, or a status that is no success
    /// nor a failure of reaching it): its reasons by field (`non_field_errors`
    /// for the others). Edit and send again, or discard.
    Refused {
        /// The service's summary.
        message: String,
        /// Field → the service's messages.
        fields: FieldErrors,
    },
    /// The key's member may not do this (403).
    Forbidden {
        /// The service's message.
        message: String,
    },
    /// The lead edited is no longer on the service (deleted there).
    Gone,
    /// The record it names (`id`: a lead edited, a stakeholder to delete)
    /// is not a record id (a UUID), so nothing was sent: a change kept by
    /// an earlier version or read from a file. It can only be discarded.
    NotARecordId {
        /// The text given as the record's id.
        id: String,
    },
    /// The service answered a new task or stakeholder with 404: it has no
    /// such place to create it (this address does not offer it).
    NoPlaceToCreate,
    /// Fields of the lead also changed on the service since the edit
    /// started: the user chooses per field ([`Replica::resolve_conflict`]).
    Conflict {
        /// Each field in conflict, with the three values.
        fields: Vec<FieldConflict>,
    },
    /// Its request is going out (or went out and no answer was recorded):
    /// claimed by the key of member `by` (a UUID; `None` while this key's
    /// member was not known yet). After a lost answer the service is
    /// searched for that member's record only.
    Sending {
        /// The member whose key sends it.
        by: Option<String>,
    },
    /// Its answer was lost, and the service has a record like it that
    /// may be a colleague's (this key's member was not known yet): held
    /// until the user sends it anyway ([`Replica::release`]) or discards
    /// it.
    Unsure {
        /// The record found (its id), which may be this change's.
        record_id: Option<String>,
    },
    /// Written for another address of the workspace (its address or key
    /// changed since): held until the user sends it here
    /// ([`Replica::release`]), saves it to a file, or discards it.
    OtherAddress {
        /// The origin it was written for (`https://host[:port]`); `None`
        /// when the earlier file did not say.
        origin: Option<String>,
    },
}

/// How a change was found to be done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum SentHow {
    /// The service answered that it applied it.
    Applied,
    /// Its outcome was unknown (a crash, a timeout, a gateway's error),
    /// and the service was found to have it: not sent again.
    FoundOnService,
    /// A deletion of a stakeholder the service no longer has (deleted
    /// there too): nothing left to do.
    AlreadyGone,
    /// A lead's edit whose values the service already had.
    AlreadyThere,
}

/// One change in the outbox, as the outbox screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Pending {
    /// Its place in the outbox (changes are sent in this order).
    pub id: i64,
    /// The change; `None` when it was made by a newer Workdesk (a kind
    /// this version does not know): kept, never sent by this version.
    pub change: Option<Change>,
    /// Where it stands.
    pub state: OutboxState,
    /// What the sending noted: why it needs the user, or what the service
    /// answered; `None` while waiting.
    pub note: Option<Note>,
    /// When it was made (UTC).
    pub made_at: DateTime<Utc>,
    /// When its state or content last changed (UTC).
    pub changed_at: DateTime<Utc>,
    /// How many times its request went out.
    pub attempts: u32,
    /// Whether the user may edit it ([`Replica::edit_change`]): it waits or
    /// needs them, is not a conflict (chosen per field) nor an edit of a
    /// record gone or of no record id, and is not a deletion (nothing to
    /// type).
    pub can_edit: bool,
    /// Whether the user may discard it ([`Replica::discard_change`]): it
    /// waits or needs them (one being sent is checked first; one sent is
    /// cleared instead).
    pub can_discard: bool,
    /// Whether the user may let it go ([`Replica::release`]): it is held
    /// for their word, written for another address ([`Note::OtherAddress`])
    /// or unsure whether the service has it ([`Note::Unsure`]).
    pub can_release: bool,
}

impl Pending {
    fn of(entry: OutboxEntry) -> Pending {
        let change = Change::of(&entry.change);
        let note: Option<Note> = entry
            .note
            .and_then(|note| serde_json::from_value(note).ok());
        let open = matches!(entry.state, OutboxState::Waiting | OutboxState::NeedsYou);
        // What typing cannot fix: a choice per field, a record gone, no record id.
        let not_by_typing = matches!(
            note,
            Some(Note::Conflict { .. } | Note::Gone | Note::NotARecordId { .. })
        );
        let can_edit = open
            && !not_by_typing
            && matches!(
                change,
                Some(
                    Change::CreateTask { .. }
                        | Change::CreateStakeholder { .. }
                        | Change::PatchLead { .. }
                )
            );
        Pending {
            id: entry.id,
            change,
            state: entry.state,
            note,
            made_at: entry.made_at,
            changed_at: entry.changed_at,
            attempts: entry.attempts,
            can_edit,
            can_discard: open,
            can_release: false,
        }
        .with_held()
    }

    /// Whether it is held for having been written for another address.
    fn held(&self) -> bool {
        self.state == OutboxState::NeedsYou
            && matches!(
                self.note,
                Some(Note::OtherAddress { .. } | Note::Unsure { .. })
            )
    }

    fn with_held(mut self) -> Pending {
        self.can_release = self.held();
        self
    }
}

/// Change `id` of `cache`'s outbox.
///
/// # Errors
/// [`Error::NoSuchChange`]; [`Error::Cache`].
fn entry_of(cache: &workdesk_cache::Cache, id: i64) -> Result<OutboxEntry> {
    cache
        .outbox()?
        .into_iter()
        .find(|entry| entry.id == id)
        .ok_or(Error::NoSuchChange(id))
}

/// How a list marks a change not sent yet.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "mark", rename_all = "snake_case")]
pub enum RowMark {
    /// A record made offline: not on the service yet (it has no id).
    New,
    /// A record edited offline: these fields show the values to be sent.
    Edited {
        /// The fields edited, in the order first edited.
        fields: Vec<String>,
    },
    /// A record to be deleted when the outbox is sent.
    Deleting,
}

/// A change not sent yet (waiting, sending or needing the user), as the
/// list of its resource shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PendingRow {
    /// The change in the outbox (the latest one, for a record edited more
    /// than once).
    pub change_id: i64,
    /// How the row is marked.
    #[serde(flatten)]
    pub mark: RowMark,
    /// The record as the user will have it: the typed values of a new
    /// one; the saved copy with the edits laid over it; the saved copy of
    /// one to be deleted (its `id` at least).
    pub record: JsonRecord,
}

/// What the user keeps of one field in a conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Keep {
    /// The value typed offline: it is sent.
    Yours,
    /// The value on the service: it stays, the edit of this field goes.
    Service,
}

impl Replica {
    /// Keeps `change` at the end of the outbox, waiting to be sent; on the
    /// disk when it returns (the form may then say it is queued).
    ///
    /// # Errors
    /// [`Error::InvalidChange`] (nothing kept); [`Error::KeyRefused`];
    /// [`Error::Cache`] when it could not be written (a full disk).
    pub fn keep_change(&self, change: &Change) -> Result<Pending> {
        change.check()?;
        let entry = self.saved()?.outbox_add(change.to_json())?;
        Ok(Pending::of(entry))
    }

    /// Record `id` of `resource` as the user will have it once the outbox
    /// is sent: its saved copy with the lead edits still to send (waiting,
    /// sending or needing the user) laid over it, in order. What a new
    /// edit of the record starts from (its `based_on`), so an edit made
    /// after another one kept offline does not conflict with it. `None`
    /// when nothing is saved of it.
    ///
    /// # Errors
    /// [`Error::KeyRefused`]; [`Error::Cache`].
    pub fn pending_record(&self, resource: ResourceName, id: &str) -> Result<Option<JsonRecord>> {
        let Some(saved) = self.saved_record(resource, id)? else {
            return Ok(None);
        };
        let mut record = saved.value;
        if resource == ResourceName::Lead {
            let id = uuid_like(id);
            for pending in self.outbox()? {
                if pending.state == OutboxState::Sent {
                    continue;
                }
                if let Some(Change::PatchLead {
                    id: edited, patch, ..
                }) = &pending.change
                {
                    if uuid_like(edited) == id {
                        record.extend(json_record_of(patch).unwrap_or_default());
                    }
                }
            }
        }
        Ok(Some(record))
    }

    /// The changes of `resource` not sent yet, as its list marks them: new
    /// tasks and stakeholders (in the order made), leads edited (one row
    /// per lead, its fields edited), stakeholders to be deleted. Changes
    /// of a kind this version does not know are left out.
    ///
    /// # Errors
    /// [`Error::KeyRefused`]; [`Error::Cache`].
    pub fn pending_rows(&self, resource: ResourceName) -> Result<Vec<PendingRow>> {
        let mut rows: Vec<PendingRow> = Vec::new();
        for pending in self.outbox()? {
            if pending.state == OutboxState::Sent {
                continue;
            }
            let Some(change) = pending.change else {
                continue;
            };
            let id = pending.id;
            match (resource, change) {
                (ResourceName::Task, Change::CreateTask { task }) => rows.push(PendingRow {
                    change_id: id,
                    mark: RowMark::New,
                    record: json_record_of(&task).unwrap_or_default(),
                }),
                (ResourceName::Stakeholder, Change::CreateStakeholder { stakeholder }) => {
                    rows.push(PendingRow {
                        change_id: id,
                        mark: RowMark::New,
                        record: json_record_of(&stakeholder).unwrap_or_default(),
                    });
                }
                (ResourceName::Stakeholder, Change::DeleteStakeholder { id: gone, .. }) => {
                    let record = self
                        .saved_record(ResourceName::Stakeholder, &gone)?
                        .map(|saved| saved.value)
                        .unwrap_or_else(|| {
                            [("id".to_owned(), Json::String(gone))]
                                .into_iter()
                                .collect()
                        });
                    rows.push(PendingRow {
                        change_id: id,
                        mark: RowMark::Deleting,
                        record,
                    });
                }
                (
                    ResourceName::Lead,
                    Change::PatchLead {
                        id: lead, patch, ..
                    },
                ) => {
                    let edited: Vec<String> = json_record_of(&patch)
                        .map(|fields| fields.keys().cloned().collect())
                        .unwrap_or_default();
                    let same = uuid_like(&lead);
                    let earlier = rows.iter_mut().find(|row| {
                        row.record
                            .get("id")
                            .and_then(Json::as_str)
                            .and_then(uuid_like)
                            == same
                    });
                    match earlier {
                        Some(row) => {
                            row.change_id = id;
                            if let RowMark::Edited { fields } = &mut row.mark {
                                for field in edited {
                                    if !fields.contains(&field) {
                                        fields.push(field);
                                    }
                                }
                            }
                        }
                        None => {
                            let mut record = self
                                .pending_record(ResourceName::Lead, &lead)?
                                .unwrap_or_default();
                            record
                                .entry("id".to_owned())
                                .or_insert_with(|| Json::String(lead.clone()));
                            rows.push(PendingRow {
                                change_id: id,
                                mark: RowMark::Edited { fields: edited },
                                record,
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(rows)
    }

    /// Every change in the outbox, in the order they were made.
    ///
    /// # Errors
    /// [`Error::KeyRefused`]; [`Error::Cache`].
    pub fn outbox(&self) -> Result<Vec<Pending>> {
        Ok(self
            .saved()?
            .outbox()?
            .into_iter()
            .map(Pending::of)
            .collect())
    }

    /// Replaces change `id` with `change` (the user edited one that waits
    /// or needs them): waiting again, its note cleared.
    ///
    /// # Errors
    /// [`Error::InvalidChange`], also for a change of another kind;
    /// [`Error::NoSuchChange`]; [`Error::ChangeBusy`] while it is being
    /// sent or once sent; [`Error::Cache`].
    pub fn edit_change(&self, id: i64, change: &Change) -> Result<Pending> {
        change.check()?;
        let cache = self.saved()?;
        let kept = entry_of(cache, id)?;
        if let Some(before) = Change::of(&kept.change) {
            if !before.same_kind(change) {
                let mut problems = ValidationErrors::default();
                problems.add_problem("kind", Problem::new("other_kind", []));
                return Err(Error::InvalidChange(problems));
            }
        }
        Ok(Pending::of(
            cache
                .outbox_replace(id, change.to_json())
                .map_err(|err| Error::of_change(err, id))?,
        ))
    }

    /// Removes change `id` from the outbox: it will not be sent (or, once
    /// sent, no longer listed).
    ///
    /// # Errors
    /// [`Error::NoSuchChange`]; [`Error::ChangeBusy`] while it is being
    /// sent (its outcome is checked first); [`Error::Cache`].
    pub fn discard_change(&self, id: i64) -> Result<()> {
        self.saved()?
            .outbox_discard(id)
            .map_err(|err| Error::of_change(err, id))
    }

    /// Withdraws change `id` if it still waits (nothing of it went out):
    /// "Stop" on changes to many records. One a pass has taken, one sent
    /// and one needing the user stay as they are. Whether it was withdrawn.
    ///
    /// # Errors
    /// [`Error::NoSuchChange`]; [`Error::KeyRefused`]; [`Error::Cache`].
    pub fn withdraw(&self, id: i64) -> Result<bool> {
        self.saved()?
            .outbox_withdraw(id)
            .map_err(|err| Error::of_change(err, id))
    }

    /// Removes every change the service has (state sent).
    ///
    /// # Errors
    /// [`Error::KeyRefused`]; [`Error::Cache`].
    pub fn clear_sent(&self) -> Result<usize> {
        let cache = self.saved()?;
        let mut cleared = 0;
        for entry in cache.outbox()? {
            if entry.state == OutboxState::Sent {
                cache
                    .outbox_remove(entry.id)
                    .map_err(|err| Error::of_change(err, entry.id))?;
                cleared += 1;
            }
        }
        Ok(cleared)
    }

    /// Settles the conflict of lead edit `id` with the user's choice per
    /// field (`keep`: every field in conflict): the fields kept as typed
    /// are sent (with the fields that were not in conflict), now based on
    /// the service's values; the others leave the edit. When nothing is
    /// left to send the change leaves the outbox (`None`).
    ///
    /// # Errors
    /// [`Error::NotAConflict`] when the change is not a lead edit in
    /// conflict; [`Error::InvalidChange`] when a field in conflict has no
    /// choice (keyed by field); [`Error::NoSuchChange`]; [`Error::Cache`].
    pub fn resolve_conflict(
        &self,
        id: i64,
        keep: &BTreeMap<String, Keep>,
    ) -> Result<Option<Pending>> {
        let cache = self.saved()?;
        let entry = entry_of(cache, id)?;
        let pending = Pending::of(entry);
        let (
            Some(Change::PatchLead {
                id: lead,
                patch,
                based_on,
                label,
            }),
            Some(Note::Conflict { fields }),
            OutboxState::NeedsYou,
        ) = (pending.change, pending.note, pending.state)
        else {
            return Err(Error::NotAConflict(id));
        };
        let (patch, based_on) = conflict::settle(patch, based_on, &fields, keep)?;
        if patch == LeadPatch::default() {
            cache
                .outbox_remove(id)
                .map_err(|err| Error::of_change(err, id))?;
            return Ok(None);
        }
        let change = Change::PatchLead {
            id: lead,
            patch,
            based_on,
            label,
        };
        Ok(Some(Pending::of(
            cache
                .outbox_replace(id, change.to_json())
                .map_err(|err| Error::of_change(err, id))?,
        )))
    }
}

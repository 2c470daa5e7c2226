//! One pass over the outbox: the changes sent in the order they were
//! made, each exactly once.
//!
//! For each change: "Work offline" and the key's budget are checked; a
//! change marked sending is looked for on the service first (`check.rs`);
//! a lead's edit is compared with the service's copy (`conflict.rs`);
//! then the change is marked sending **on the disk**, its request goes
//! out, and the answer is recorded: sent (the saved records updated),
//! needs you (refused, forbidden, gone, in conflict), waiting again (the
//! service said it did nothing: 401, 429, 503, not reached), or left
//! sending when the outcome is unknown ([`workdesk_api::Error::outcome_unknown`]),
//! to be looked for on the next pass. A pass stops at the first change
//! that cannot be sent for a reason that holds for the others too
//! ([`PassEnd`]).

use std::collections::HashSet;

use chrono::{DateTime, TimeDelta, Utc};
use workdesk_api::{json_record_of, Connection, JsonRecord, ResourceName};
use workdesk_cache::{OutboxEntry, OutboxState};

use super::check::{self, id_of, Found};
use super::conflict::{self, Verdict};
use super::{Change, Note, SentHow};
use crate::download::reserve_of;
use crate::error::{Error, Result};
use crate::replica::Replica;
use crate::CancellationToken;

/// How long a sent change stays listed in the outbox before a pass
/// removes it (the user may also clear it at once): 7 days.
pub const SENT_KEPT: TimeDelta = TimeDelta::days(7);

/// How a pass over the outbox ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassEnd {
    /// Nothing left that can be sent now: what remains needs the user (or
    /// was made by a newer Workdesk).
    Done,
    /// "Work offline" is on.
    WorkingOffline,
    /// The service could not be reached or failed
    /// ([`Connection::Offline`] or [`Connection::ServiceError`]): try
    /// again when it answers.
    Unreachable(Connection),
    /// The service refused the key (401): nothing is sent until a key it
    /// accepts is entered.
    KeyRefused,
    /// The key's budget is spent down to its reserve
    /// ([`crate::RESERVE_PERCENT`]), or the service answered 429: go on at
    /// this instant (UTC).
    Budget(DateTime<Utc>),
    /// The pass was cancelled (between two requests).
    Cancelled,
}

/// What one change's turn came to.
enum Turn {
    /// On to the next change.
    Next,
    /// The pass ends.
    End(PassEnd),
}

impl Replica {
    /// Sends what the outbox holds, in order, until nothing can be sent
    /// now ([`PassEnd`]); `on_change` runs after each change of state (to
    /// show the outbox again). One pass at a time per workspace: a second
    /// caller waits for the first to end. Sent changes older than
    /// [`SENT_KEPT`] leave the outbox.
    ///
    /// A change of a record (a lead's edit, a deletion) waits while an
    /// earlier change of the same record needs the user; other changes go
    /// on.
    ///
    /// Nothing is sent once the service refused the key
    /// ([`PassEnd::KeyRefused`]): a new key makes a new replica.
    ///
    /// # Errors
    /// [`Error::Cache`] when the
    /// outbox cannot be read or written (then nothing more is sent);
    /// a request that could not be made at all (a bad address).
    pub async fn send_outbox(
        &self,
        cancel: &CancellationToken,
        mut on_change: impl FnMut(),
    ) -> Result<PassEnd> {
        let _pass = self.outbox_pass().lock().await;
        // One pass per file, whoever runs it: another replica of the same
        // file (in this process or another) waits for this one to end.
        let cache = self.cache().clone();
        let _file = tokio::task::spawn_blocking(move || cache.lock_outbox())
            .await
            .map_err(|_| Error::Cache(workdesk_cache::Error::WriterGone))??;
        if self.key_refused() {
            return Ok(PassEnd::KeyRefused);
        }
        self.drop_old_sent()?;
        loop {
            if cancel.is_cancelled() {
                return Ok(PassEnd::Cancelled);
            }
            let entries = self.cache().outbox()?;
            let Some((entry, change)) = next_of(&entries) else {
                return Ok(PassEnd::Done);
            };
            let claimed = claimed_by_others(&entries, entry.id);
            let turn = self.turn(entry, change, &claimed).await?;
            on_change();
            if let Turn::End(end) = turn {
                return Ok(end);
            }
        }
    }

    /// Sent changes older than [`SENT_KEPT`] leave the outbox.
    fn drop_old_sent(&self) -> Result<()> {
        let cache = self.cache();
        let before = Utc::now() - SENT_KEPT;
        for entry in cache.outbox()? {
            if entry.state == OutboxState::Sent && entry.changed_at < before {
                cache.outbox_remove(entry.id)?;
            }
        }
        Ok(())
    }

    /// One change's turn: looked for, compared, marked, sent, recorded.
    async fn turn(
        &self,
        entry: &OutboxEntry,
        change: Change,
        claimed: &HashSet<String>,
    ) -> Result<Turn> {
        let Ok(client) = self.service() else {
            return Ok(Turn::End(PassEnd::WorkingOffline));
        };
        if let Some(until) = self.budget_spent() {
            return Ok(Turn::End(PassEnd::Budget(until)));
        }
        let cache = self.cache();
        // Who sends it: the member noted when it was claimed (the key
        // may have been replaced since), else this key's, when known.
        let by = sending_by(entry).or_else(|| cache.member().ok().flatten());
        if entry.state == OutboxState::Sending {
            let mut claimed = claimed.clone();
            // Records other changes made: not this one's own (noted before
            // a crash that kept it from being marked sent).
            let own = entry.made_at.timestamp_millis();
            claimed.extend(
                cache
                    .outbox_made()?
                    .into_iter()
                    .filter(|(_, made)| made.change != own)
                    .map(|(id, _)| id),
            );
            let look = check::Look {
                since: entry.changed_at,
                by: by.as_deref(),
                claimed: &claimed,
            };
            match check::look_for(client, &change, &look).await {
                Ok(Found::Done(record)) => {
                    self.applied(entry, &change, record.as_ref());
                    self.record(
                        entry.id,
                        OutboxState::Sent,
                        Some(sent(record.as_ref(), SentHow::FoundOnService)),
                    )?;
                    log::info!(
                        "outbox change {}: found on the service, not sent again",
                        entry.id
                    );
                    return Ok(Turn::Next);
                }
                Ok(Found::Unsure(record)) => {
                    self.record(
                        entry.id,
                        OutboxState::NeedsYou,
                        Some(Note::Unsure {
                            record_id: id_of(&record),
                        }),
                    )?;
                    log::info!(
                        "outbox change {}: the service has one like it, perhaps a colleague's: the user decides",
                        entry.id
                    );
                    return Ok(Turn::Next);
                }
                Ok(Found::Missing) => {}
                // Still unknown: it stays marked sending, looked for again.
                Err(err) => return Ok(still_unknown(entry.id, &err)),
            }
        }
        if let Change::PatchLead {
            id,
            patch,
            based_on,
            ..
        } = &change
        {
            let current = match client.get_record(ResourceName::Lead, id).await {
                Ok(current) => current,
                // An edit marked sending stays so: nothing here says
                // whether its earlier request was applied.
                Err(err)
                    if entry.state == OutboxState::Sending
                        && !matches!(err, workdesk_api::Error::NotFound { .. }) =>
                {
                    return Ok(still_unknown(entry.id, &err));
                }
                Err(err) => return self.ended(entry.id, &change, err, false),
            };
            match conflict::compare(patch, based_on, &current) {
                Verdict::Send => {}
                Verdict::AlreadyThere => {
                    self.changed(ResourceName::Lead, current.clone());
                    self.record(
                        entry.id,
                        OutboxState::Sent,
                        Some(sent(Some(&current), SentHow::AlreadyThere)),
                    )?;
                    return Ok(Turn::Next);
                }
                Verdict::Conflict(fields) => {
                    self.changed(ResourceName::Lead, current);
                    self.record(
                        entry.id,
                        OutboxState::NeedsYou,
                        Some(Note::Conflict { fields }),
                    )?;
                    log::info!(
                        "outbox change {}: a conflict with the service's copy",
                        entry.id
                    );
                    return Ok(Turn::Next);
                }
            }
        }
        // Claimed (marked sending) on the disk before the request goes
        // out, only if it still stands as read: a change edited, discarded
        // or taken by another pass meanwhile starts the turn again.
        let note = serde_json::to_value(Note::Sending { by }).ok();
        match cache.outbox_claim(entry, note) {
            Ok(_) => {}
            Err(workdesk_cache::Error::ChangeTaken(_) | workdesk_cache::Error::NoSuchChange(_)) => {
                return Ok(Turn::Next);
            }
            Err(err) => return Err(err.into()),
        }
        let answer = self.send(&change).await;
        match answer {
            Ok(record) => {
                self.applied(entry, &change, record.as_ref());
                self.record(
                    entry.id,
                    OutboxState::Sent,
                    Some(sent(record.as_ref(), SentHow::Applied)),
                )?;
                log::info!("outbox change {}: sent", entry.id);
                Ok(Turn::Next)
            }
            Err(err) => self.ended(entry.id, &change, err, true),
        }
    }

    /// The change's request; the record the service answered with (none
    /// for a deletion).
    async fn send(&self, change: &Change) -> workdesk_api::Result<Option<JsonRecord>> {
        let client = self.client();
        Ok(match change {
            Change::CreateTask { task } => json_record_of(&client.create_task(task).await?),
            Change::PatchLead { id, patch, .. } => {
                json_record_of(&client.patch_lead(id, patch).await?)
            }
            Change::CreateStakeholder { stakeholder } => {
                json_record_of(&client.create_stakeholder(stakeholder).await?)
            }
            Change::DeleteStakeholder { id, .. } => {
                client.delete_stakeholder(id).await?;
                None
            }
        })
    }

    /// What a failed request means for change `id` and the pass;
    /// `went_out`: whether the change may have reached the service (it was
    /// marked sending).
    fn ended(
        &self,
        id: i64,
        change: &Change,
        err: workdesk_api::Error,
        went_out: bool,
    ) -> Result<Turn> {
        use workdesk_api::Error as Api;
        log::warn!("outbox change {id}: {}", err.log_summary());
        if went_out && err.outcome_unknown() {
            // Left marked sending: looked for on the next pass.
            let connection = err.connection().unwrap_or(Connection::Offline);
            return Ok(Turn::End(PassEnd::Unreachable(connection)));
        }
        let needs_you = |note| -> Result<Turn> {
            self.record(id, OutboxState::NeedsYou, Some(note))?;
            Ok(Turn::Next)
        };
        match err {
            Api::Validation {
                message, fields, ..
            } => needs_you(Note::Refused { message, fields }),
            Api::InvalidInput(problems) => needs_you(Note::Refused {
                message: problems.to_string(),
                fields: problems.into_map(),
            }),
            Api::InvalidId(id) => needs_you(Note::NotARecordId { id }),
            Api::Forbidden { message } => needs_you(Note::Forbidden { message }),
            Api::NotFound { .. } => match change {
                Change::DeleteStakeholder { id: gone, .. } => {
                    self.deleted(ResourceName::Stakeholder, gone);
                    self.record(
                        id,
                        OutboxState::Sent,
                        Some(sent(None, SentHow::AlreadyGone)),
                    )?;
                    Ok(Turn::Next)
                }
                Change::PatchLead { id: gone, .. } => {
                    self.deleted(ResourceName::Lead, gone);
                    needs_you(Note::Gone)
                }
                Change::CreateTask { .. } | Change::CreateStakeholder { .. } => {
                    needs_you(Note::NoPlaceToCreate)
                }
            },
            Api::UnexpectedStatus { status, message } if !(500..600).contains(&status) => {
                needs_you(Note::Refused {
                    message: format!("{message} ({status})"),
                    fields: Default::default(),
                })
            }
            Api::RateLimited { .. } => {
                self.record(id, OutboxState::Waiting, None)?;
                Ok(Turn::End(PassEnd::Budget(retry_at(&err))))
            }
            Api::Unauthorized { .. } => {
                self.record(id, OutboxState::Waiting, None)?;
                Ok(Turn::End(PassEnd::KeyRefused))
            }
            err => match err.connection() {
                // Not reached, or it said it did nothing (a 503).
                Some(connection) => {
                    self.record(id, OutboxState::Waiting, None)?;
                    Ok(Turn::End(PassEnd::Unreachable(connection)))
                }
                // Nothing could be sent (a bad address or key).
                None => {
                    self.record(id, OutboxState::Waiting, None)?;
                    Err(Error::Api(err))
                }
            },
        }
    }

    /// Records change `id`'s new state (on the disk when it returns).
    fn record(&self, id: i64, state: OutboxState, note: Option<Note>) -> Result<()> {
        let note = note.and_then(|note| serde_json::to_value(note).ok());
        match self.cache().outbox_mark(id, state, note) {
            // Discarded meanwhile (only possible before it was sending).
            Err(workdesk_cache::Error::NoSuchChange(_)) => Ok(()),
            other => other.map(|_| ()).map_err(Error::from),
        }
    }

    /// The saved records after `change` (outbox `entry`) was applied
    /// (`record`: the service's answer). A record it made is remembered as
    /// this change's ([`workdesk_cache::Cache::note_outbox_made`]).
    fn applied(&self, entry: &OutboxEntry, change: &Change, record: Option<&JsonRecord>) {
        if let (Change::CreateTask { .. } | Change::CreateStakeholder { .. }, Some(id)) =
            (change, record.and_then(id_of))
        {
            if let Err(err) = self.cache().note_outbox_made(&id, entry.made_at) {
                log::warn!("what an outbox change made could not be noted: {err}");
            }
        }
        match (change, record) {
            (Change::CreateTask { .. }, Some(record)) => {
                self.created(ResourceName::Task, record.clone());
            }
            (Change::CreateStakeholder { .. }, Some(record)) => {
                self.created(ResourceName::Stakeholder, record.clone());
            }
            (Change::PatchLead { .. }, Some(record)) => {
                self.changed(ResourceName::Lead, record.clone());
            }
            (Change::DeleteStakeholder { id, .. }, _) => {
                self.deleted(ResourceName::Stakeholder, id);
            }
            _ => {}
        }
    }

    /// When the next request would dip into the key's reserve: the instant
    /// the window resets. Once that instant has passed (or when the
    /// service did not say), the budget is no longer known to be spent:
    /// the next request goes, and its answer tells the new one (a 429
    /// says how long to wait).
    fn budget_spent(&self) -> Option<DateTime<Utc>> {
        let budget = self.client().rate_limit();
        let (Some(limit), Some(remaining)) = (budget.limit, budget.remaining) else {
            return None;
        };
        if remaining > reserve_of(limit) {
            return None;
        }
        budget.reset.filter(|reset| *reset > Utc::now())
    }
}

/// How the pass ends when the look for change `id`, whose outcome is
/// unknown, could not be made: the change stays marked sending (never
/// back to waiting, which would send it again unchecked).
fn still_unknown(id: i64, err: &workdesk_api::Error) -> Turn {
    log::warn!(
        "outbox change {id}: could not look for it: {}",
        err.log_summary()
    );
    Turn::End(match err {
        workdesk_api::Error::Unauthorized { .. } => PassEnd::KeyRefused,
        workdesk_api::Error::RateLimited { .. } => PassEnd::Budget(retry_at(err)),
        err => PassEnd::Unreachable(
            err.connection()
                .filter(|c| *c != Connection::Online)
                .unwrap_or(Connection::ServiceError),
        ),
    })
}

/// When a 429 (`err`) says to try again: its `Retry-After` or reset, else
/// a minute from now (UTC).
fn retry_at(err: &workdesk_api::Error) -> DateTime<Utc> {
    Utc::now()
        + err
            .retry_in()
            .and_then(|wait| TimeDelta::from_std(wait).ok())
            .unwrap_or(TimeDelta::minutes(1))
}

/// The note of a sent change.
fn sent(record: Option<&JsonRecord>, how: SentHow) -> Note {
    Note::Sent {
        record_id: record.and_then(id_of),
        how,
    }
}

/// The member noted as sending `entry` when it was claimed.
fn sending_by(entry: &OutboxEntry) -> Option<String> {
    match entry.note.clone().map(serde_json::from_value) {
        Some(Ok(Note::Sending { by })) => by,
        _ => None,
    }
}

/// The first change to send: waiting or sending, of a kind this version
/// knows, and not of a record an earlier change still holds (one that
/// waits, is being sent or needs the user).
fn next_of(entries: &[OutboxEntry]) -> Option<(&OutboxEntry, Change)> {
    let mut held = HashSet::new();
    for entry in entries {
        let Some(change) = Change::of(&entry.change) else {
            continue;
        };
        let target = change.target();
        if target.as_ref().is_some_and(|target| held.contains(target)) {
            continue;
        }
        match entry.state {
            OutboxState::Waiting | OutboxState::Sending => return Some((entry, change)),
            OutboxState::NeedsYou => held.extend(target),
            OutboxState::Sent => {}
        }
    }
    None
}

/// The ids of records the outbox's other sent changes made (a look for a
/// lost answer never takes another change's record for its own).
fn claimed_by_others(entries: &[OutboxEntry], id: i64) -> HashSet<String> {
    entries
        .iter()
        .filter(|entry| entry.id != id && entry.state == OutboxState::Sent)
        .filter_map(|entry| entry.note.clone())
        .filter_map(|note| match serde_json::from_value(note) {
            Ok(Note::Sent {
                record_id: Some(record),
                ..
            }) => Some(record),
            _ => None,
        })
        .collect()
}

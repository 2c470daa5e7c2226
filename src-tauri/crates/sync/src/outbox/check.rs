//! A change whose outcome is unknown (marked sending, no answer recorded:
//! a crash, a timeout, a gateway's error in between) is looked for on the
//! service before it is sent again, so it is never applied twice:
//!
//! - a new task: a task of the same title created since the change was
//!   marked sending, measured on the service's clock (this computer's
//!   time of the claim plus the offset the service's `Date` headers show,
//!   [`LOOK_MARGIN`] earlier; [`CLOCK_MARGIN`] when no answer told the
//!   offset), created by the member whose key sent it (when known: a
//!   colleague's task of the same title is never taken for ours), with
//!   the same description, status, priority and times when given, and not
//!   made by another change of the outbox (those still listed and those
//!   cleared within [`workdesk_cache::MADE_KEPT_MS`]);
//! - a new stakeholder: a stakeholder of the same document number and type;
//! - a deletion: the stakeholder no longer read;
//! - a lead's edit needs no look: it is compared with the service's copy
//!   before every send anyway, and sending it again changes nothing more.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use serde_json::Value as Json;
use workdesk_api::{
    Client, FilterSpec, JsonRecord, ListView, NewStakeholder, NewTask, Operator, ResourceName,
    SortSpec, Take,
};
use workdesk_query::parse_date_time;

use super::Change;
use crate::download::CLOCK_MARGIN;
use crate::ids::{created_by, uuid_like};

/// What the look found.
#[derive(Debug)]
pub(crate) enum Found {
    /// The service has the change: the record made (none for a deletion).
    Done(Option<JsonRecord>),
    /// The service has a record like it, but whether it is the change's
    /// own cannot be told (the key's member is not known yet, and records
    /// of more than one member match): the first of them.
    Unsure(JsonRecord),
    /// It does not: send it.
    Missing,
}

/// How many candidates one look reads (newest first): more records of one
/// title or document number made within minutes are not expected.
const LOOK_TAKE: u8 = 50;

/// How much earlier than the claim, on the service's clock, a record
/// found may have been created and still be the change's: the `Date`
/// header's one-second resolution and the answer's travel time. 15 s.
pub const LOOK_MARGIN: chrono::TimeDelta = chrono::TimeDelta::seconds(15);

/// What a look for a lost answer knows of the change.
pub(crate) struct Look<'a> {
    /// When it was claimed (marked sending), on this computer's clock.
    pub since: DateTime<Utc>,
    /// The member whose key sent it (a UUID), when known.
    pub by: Option<&'a str>,
    /// Ids of records other changes of the outbox made.
    pub claimed: &'a HashSet<String>,
}

/// Looks for `change` on the service (see the module's documentation).
///
/// # Errors
/// Those of the requests (the outcome stays unknown).
pub(crate) async fn look_for(
    client: &Client,
    change: &Change,
    look: &Look<'_>,
) -> workdesk_api::Result<Found> {
    let by = look.by.and_then(uuid_like);
    let ours = |record: &JsonRecord| {
        by.as_ref()
            .is_none_or(|by| created_by(record).as_ref() == Some(by))
    };
    match change {
        Change::CreateTask { task } => {
            let view = newest("title", &task.title);
            let page = client.list_view(ResourceName::Task, &view).await?;
            // On the service's clock, as its answers (this one included)
            // tell it.
            let earliest = match client.clock_offset() {
                Some(offset) => look.since + offset - LOOK_MARGIN,
                None => look.since - CLOCK_MARGIN,
            };
            let mut made: Vec<JsonRecord> = page
                .results
                .into_iter()
                .filter(|record| {
                    created_at(record).is_some_and(|at| at >= earliest)
                        && !id_of(record).is_some_and(|id| look.claimed.contains(&id))
                        && ours(record)
                        && same_task(task, record)
                })
                .collect();
            // The first made after the change was sent is its.
            made.sort_by_key(created_at);
            Ok(found_among(made, by.is_some()))
        }
        Change::CreateStakeholder { stakeholder } => {
            let view = newest("document_number", &stakeholder.document_number);
            let page = client.list_view(ResourceName::Stakeholder, &view).await?;
            let made: Vec<JsonRecord> = page
                .results
                .into_iter()
                .filter(|record| {
                    same_stakeholder(stakeholder, record)
                        && ours(record)
                        && !id_of(record).is_some_and(|id| look.claimed.contains(&id))
                })
                .collect();
            Ok(found_among(made, by.is_some()))
        }
        Change::DeleteStakeholder { id, .. } => {
            match client.get_record(ResourceName::Stakeholder, id).await {
                Err(workdesk_api::Error::NotFound { .. }) => Ok(Found::Done(None)),
                Ok(_) => Ok(Found::Missing),
                Err(err) => Err(err),
            }
        }
        Change::PatchLead { .. } => Ok(Found::Missing),
    }
}

/// What the look found among `made`, the candidates in order (the
/// change's own first); `known_member`: whether they were narrowed to the
/// member whose key sent it. Without that member, records by more than
/// one member could be a colleague's: unsure, the user decides.
fn found_among(made: Vec<JsonRecord>, known_member: bool) -> Found {
    let members: HashSet<Option<String>> = made.iter().map(created_by).collect();
    match made.into_iter().next() {
        None => Found::Missing,
        Some(record) if known_member || members.len() == 1 => Found::Done(Some(record)),
        Some(record) => Found::Unsure(record),
    }
}

/// The newest [`LOOK_TAKE`] records whose `field` is `value`.
fn newest(field: &str, value: &str) -> ListView {
    ListView {
        take: Take::Count(LOOK_TAKE),
        sort: vec![SortSpec {
            field: "created_at".to_owned(),
            descending: true,
        }],
        filters: vec![FilterSpec::and(field, Operator::Exact, [value])],
        ..ListView::default()
    }
}

/// The record's `id`, as a lower-case UUID when it is one.
pub(crate) fn id_of(record: &JsonRecord) -> Option<String> {
    let id = record.get("id")?.as_str()?;
    Some(uuid_like(id).unwrap_or_else(|| id.to_owned()))
}

fn created_at(record: &JsonRecord) -> Option<DateTime<Utc>> {
    record
        .get("created_at")
        .and_then(Json::as_str)
        .and_then(parse_date_time)
}

/// Whether `record` carries what `task` gave (the title was filtered on):
/// its description, status, recurrence rule and priority, its times as
/// instants, its assignee as a UUID. A field the record does not show is
/// not held against it.
fn same_task(task: &NewTask, record: &JsonRecord) -> bool {
    let text = |field: &str, given: &Option<String>| match (given, record.get(field)) {
        (Some(given), Some(Json::String(found))) => given == found,
        (Some(_), Some(Json::Null)) => false,
        _ => true,
    };
    let time = |field: &str, given: &Option<workdesk_api::Timestamp>| {
        let Some(given) = given else { return true };
        let Some(found) = record.get(field) else {
            return true;
        };
        match (
            parse_date_time(given.as_str()),
            found.as_str().and_then(parse_date_time),
        ) {
            (Some(a), Some(b)) => a == b,
            _ => found.as_str() == Some(given.as_str()),
        }
    };
    let assignee = match (&task.assigned_to_user, record.get("assigned_to_user")) {
        (Some(given), Some(Json::String(found))) => uuid_like(given) == uuid_like(found),
        (Some(_), Some(Json::Null)) => false,
        _ => true,
    };
    let priority = match (task.priority, record.get("priority")) {
        (Some(given), Some(found)) => found.as_i64() == Some(i64::from(given)),
        _ => true,
    };
    text("description", &task.description)
        && text("status", &task.status)
        && text("recurrence_rule", &task.recurrence_rule)
        && time("start", &task.start)
        && time("expiry", &task.expiry)
        && time("completed_at", &task.completed_at)
        && assignee
        && priority
}

/// Whether `record` is a stakeholder of `stakeholder`'s document (number
/// filtered on; type compared as a UUID when the record shows it).
fn same_stakeholder(stakeholder: &NewStakeholder, record: &JsonRecord) -> bool {
    match record.get("document_type").and_then(Json::as_str) {
        Some(found) => uuid_like(found) == uuid_like(&stakeholder.document_type),
        None => true,
    }
}

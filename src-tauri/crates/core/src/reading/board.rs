//! The leads board: the workspace's leads in columns by status, a column
//! per status seen ([`workdesk_sync::Replica::lead_statuses_seen`]: the
//! service documents none, so none is assumed), a card per lead.
//!
//! Decisions made here, which the window applies:
//! - **Where the leads come from**: the saved leads when the list was made
//!   available offline or "Work offline" is on (a card's fields from the
//!   cache's in-memory index, [`workdesk_sync::Replica::saved_fields`]:
//!   nothing unsealed), else the service, walked 200 a page, newest first
//!   ([`workdesk_sync::Replica::each_record`], as "Export…" and "Print"
//!   read), never into the last 10 % of the key's
//!   budget: the board stops there and says so ([`BoardCut::KeepReserve`])
//!   rather than wait for the reset. Leads read from the service are saved
//!   (a move's edit starts from that copy, and its statuses are seen).
//! - **How many**: at most [`BOARD_LEADS_MAX`], the newest; past that the
//!   board says how many there are ([`BoardCut::Limit`]).
//! - **Cards painted**: a column shows its first [`BOARD_CARDS_SHOWN`]
//!   cards, and as many more at each "Show more".
//! - **Column order**: the order the statuses were first seen in this
//!   workspace, which a move never changes (columns do not jump under the
//!   pointer); statuses seen that no lead holds now keep their (empty)
//!   column, a place to move a lead to; "no status" last, shown only when
//!   some lead has none. Cards newest first.
//! - **A card**: the lead named as its list names it (its company, else
//!   its person, from the saved stakeholders; else nothing, and the window
//!   shows its source), its source, its follower, when it was created and
//!   changed, and the edit of it still in the outbox, whose status places
//!   the card ([`CardChange`]).
//!
//! A move is a lead edit (`patch_lead` with the new `status`): sent at
//! once when the service answers, kept in the outbox when not.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use serde_json::Value as Json;
use specta::Type;
use workdesk_api::{JsonRecord, ListView, Patch, ResourceName, SortSpec};
use workdesk_sync::{CancellationToken, Change, ExportSource, Note, OutboxState, Pending, Replica};

use crate::error::Error;
use crate::guard::guarded;
use crate::reading::names::saved_names;
use crate::state::AppState;
use crate::ui_error::UiError;

/// The most leads a board shows: the newest; past that it says how many
/// there are. 2,000 leads are 10 requests from the service.
pub const BOARD_LEADS_MAX: u32 = 2_000;

/// The cards a column shows at first, and how many more each "Show more"
/// adds: a board of 2,000 leads paints a couple of hundred cards (30 a
/// column), not 2,000, within the 100 ms it has (BENCHMARKS.md).
pub const BOARD_CARDS_SHOWN: u32 = 30;

/// How long a change the outbox sent still marks its card "sent".
pub const SENT_SHOWN_MINUTES: i64 = 10;

/// The leads board.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct Board {
    /// The columns, in the order shown.
    pub columns: Vec<BoardColumn>,
    /// Every status seen, in column order: what "Move to…" offers.
    pub statuses: Vec<String>,
    /// Leads on the board.
    pub shown: u32,
    /// Leads in the list, when known (the service's count, or those
    /// saved).
    pub leads: Option<u64>,
    /// Why not every lead is on the board; `null` when all are.
    pub cut: Option<BoardCut>,
    /// Where the leads come from.
    pub source: ExportSource,
    /// When the board was read (UTC).
    pub at: DateTime<Utc>,
    /// The cards a column shows at first, and how many more "Show more"
    /// adds ([`BOARD_CARDS_SHOWN`]).
    pub cards_shown: u32,
}

/// Why a board does not show every lead.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardCut {
    /// More than [`BOARD_LEADS_MAX`]: the newest are shown.
    Limit {
        /// The most shown.
        max: u32,
    },
    /// Reading on would spend the last 10 % of the key's hourly budget.
    KeepReserve {
        /// When the budget comes back (UTC), if the service said.
        reset: Option<DateTime<Utc>>,
    },
}

/// A column: the leads of one status.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct BoardColumn {
    /// The status; `null` for leads without one.
    pub status: Option<String>,
    /// Its cards, newest first.
    pub cards: Vec<BoardCard>,
}

/// A lead as its card shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct BoardCard {
    /// The lead's id.
    pub id: String,
    /// Its name: its company's, else its person's (from the saved
    /// stakeholders); `null` when nothing saved names it.
    pub name: Option<String>,
    /// Which field named it: `company` or `person`.
    pub named_by: Option<String>,
    /// Its `source`.
    pub source: Option<String>,
    /// Its follower, a member (`user_member`).
    pub user_member: Option<String>,
    /// When it was created (UTC).
    pub created_at: Option<DateTime<Utc>>,
    /// When it was last changed (UTC).
    pub updated_at: Option<DateTime<Utc>>,
    /// Its edit still in the outbox (or just sent by it), if any.
    pub change: Option<CardChange>,
}

/// A lead's latest edit of its status in the outbox.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct CardChange {
    /// The change's id in the outbox.
    pub id: i64,
    /// Where it stands (`sent` only for [`SENT_SHOWN_MINUTES`]).
    pub state: OutboxState,
    /// It waits for the user because the service's copy changed too.
    pub conflict: bool,
}

/// The fields of a lead a card needs.
const CARD_FIELDS: [&str; 8] = [
    "id",
    "status",
    "source",
    "user_member",
    "created_at",
    "updated_at",
    "company",
    "person",
];

/// One lead read, before it is placed.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardLead {
    /// Its status (after its edits in the outbox).
    pub status: Option<String>,
    /// Its card.
    pub card: BoardCard,
}

/// The leads board of the workspace on screen (see the module's
/// documentation): columns by status seen, at most [`BOARD_LEADS_MAX`]
/// leads, from the saved leads or the service.
///
/// Errors: `not_configured`; the errors of reads (`refused` offline for
/// what the saved leads cannot answer, `network`, `rate_limited`…).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn lead_board(state: &AppState) -> Result<Board, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let board = board_of(&workspace.replica, BOARD_LEADS_MAX).await?;
        state.session.check_shown(&workspace)?;
        Ok(board)
    })
    .await
}

/// The lead statuses the service returned in the workspace on screen, in
/// the order first seen: what "Change status…" offers over the leads
/// selected (the service documents none, so any other text may be typed
/// too). Reads saved data only.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn lead_statuses(state: &AppState) -> Result<Vec<String>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let seen = workspace
            .replica
            .lead_statuses_seen()
            .map_err(Error::from)?;
        Ok(seen.into_iter().map(|s| s.status).collect())
    })
    .await
}

/// A lead's status edit in the outbox, as its card shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct LeadChange {
    /// The lead's id (lower case).
    pub lead: String,
    /// The status the edit sets (`null`: it clears it).
    pub status: Option<String>,
    /// The edit.
    pub change: CardChange,
}

/// The status edits of leads in the outbox of the workspace on screen,
/// as the board's cards show them (those not sent yet, and those sent in
/// the last [`SENT_SHOWN_MINUTES`]): what the board asks again when the
/// outbox's counts change, without reading the leads again. Reads saved
/// data only.
///
/// Errors: `not_configured`, `saved_data_locked`, `saved_data_unreadable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn lead_board_changes(state: &AppState) -> Result<Vec<LeadChange>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let outbox = workspace.replica.outbox().map_err(Error::from)?;
        let mut changes: Vec<LeadChange> = card_changes(&outbox, Utc::now())
            .into_iter()
            .map(|(lead, (change, status))| LeadChange {
                lead,
                status,
                change,
            })
            .collect();
        changes.sort_by_key(|c| c.change.id);
        Ok(changes)
    })
    .await
}

/// The board of `replica`'s leads, at most `max` of them.
///
/// # Errors
/// [`Error::Sync`]: the reads' errors.
pub async fn board_of(replica: &Replica, max: u32) -> Result<Board, Error> {
    let at = Utc::now();
    let view = ListView {
        sort: vec![SortSpec {
            field: "created_at".to_owned(),
            descending: true,
        }],
        ..ListView::default()
    };
    let cancel = CancellationToken::new();
    let mut records: Vec<JsonRecord> = Vec::new();
    let mut total: Option<u64> = None;
    let mut paused: Option<Option<DateTime<Utc>>> = None;
    let limited = AtomicBool::new(false);
    let source = replica.export_source(ResourceName::Lead)?;
    if source != ExportSource::Service {
        // The saved leads' fields from the in-memory index (nothing
        // unsealed): 2,000 leads in a few milliseconds.
        let mut saved = replica.saved_fields(ResourceName::Lead, &CARD_FIELDS)?;
        saved.sort_by(|a, b| {
            let newer = instant(b, "created_at").cmp(&instant(a, "created_at"));
            newer.then_with(|| text(a, "id").cmp(&text(b, "id")))
        });
        total = Some(saved.len() as u64);
        limited.store(saved.len() > max as usize, Ordering::Relaxed);
        saved.truncate(max as usize);
        records = saved;
    }
    let walked = if source != ExportSource::Service {
        Ok(source.clone())
    } else {
        replica
            .each_record(
                ResourceName::Lead,
                &view,
                |record| {
                    // The rest of the page is passed over; the walk stops after
                    // it (its count is then known).
                    if records.len() >= max as usize {
                        limited.store(true, Ordering::Relaxed);
                    } else {
                        records.push(record.clone());
                    }
                    Ok(())
                },
                |progress| {
                    total = progress.records_total.or(total);
                    if limited.load(Ordering::Relaxed) {
                        cancel.cancel();
                    }
                    if progress.paused_until.is_some() {
                        paused = Some(progress.budget.reset.or(progress.paused_until));
                        cancel.cancel();
                    }
                },
                &cancel,
            )
            .await
    };
    let source = match walked {
        Ok(source) => source,
        Err(workdesk_sync::Error::Cancelled)
            if limited.load(Ordering::Relaxed) || paused.is_some() =>
        {
            source
        }
        Err(err) => return Err(err.into()),
    };
    if source == ExportSource::Service {
        replica.note_lead_statuses(&records);
        replica
            .cache()
            .save_records(ResourceName::Lead.schema(), records.clone(), true);
    }
    let cut = if limited.into_inner() || total.is_some_and(|t| t > u64::from(max)) {
        Some(BoardCut::Limit { max })
    } else {
        paused.map(|reset| BoardCut::KeepReserve { reset })
    };
    let leads = match &source {
        ExportSource::SavedRecords { saved, .. } => Some(total.unwrap_or(*saved)),
        ExportSource::Service => total,
    };
    let replica = replica.clone();
    let (statuses, columns) = tokio::task::spawn_blocking(move || {
        let statuses: Vec<String> = replica
            .lead_statuses_seen()?
            .into_iter()
            .map(|s| s.status)
            .collect();
        let names = lead_names(&replica)?;
        let changes = card_changes(&replica.outbox()?, Utc::now());
        let leads = records
            .iter()
            .map(|record| lead_of(record, &names, &changes))
            .collect();
        Ok::<_, Error>((statuses.clone(), group(leads, &statuses)))
    })
    .await
    .map_err(|err| Error::SavedData(err.to_string()))??;
    let shown = columns.iter().map(|c| c.cards.len() as u32).sum();
    Ok(Board {
        columns,
        statuses,
        shown,
        leads,
        cut,
        source,
        at,
        cards_shown: BOARD_CARDS_SHOWN,
    })
}

/// The names the saved stakeholders give leads' `company` and `person`
/// (a stakeholder's `person_or_company_id`, lower case), by field.
fn lead_names(replica: &Replica) -> Result<HashMap<String, String>, Error> {
    let names = saved_names(
        replica,
        ResourceName::Stakeholder,
        "person_or_company_id",
        "name",
        "company",
    )?;
    Ok(names
        .into_iter()
        .map(|name| (name.id.to_lowercase(), name.name))
        .collect())
}

/// The latest status edit of each lead in `outbox` (by lead id, lower
/// case): those not sent yet, and those sent in the last
/// [`SENT_SHOWN_MINUTES`] before `now`. With it, the status it sets
/// (`None` inside: it clears the status).
pub fn card_changes(
    outbox: &[Pending],
    now: DateTime<Utc>,
) -> HashMap<String, (CardChange, Option<String>)> {
    let mut changes = HashMap::new();
    for pending in outbox {
        let Some(Change::PatchLead { id, patch, .. }) = &pending.change else {
            continue;
        };
        let status = match &patch.status {
            Patch::Keep => continue,
            Patch::Clear => None,
            Patch::Set(status) => Some(status.clone()),
        };
        if pending.state == OutboxState::Sent
            && now - pending.changed_at > Duration::minutes(SENT_SHOWN_MINUTES)
        {
            changes.remove(&id.to_lowercase());
            continue;
        }
        let change = CardChange {
            id: pending.id,
            state: pending.state,
            conflict: matches!(pending.note, Some(Note::Conflict { .. })),
        };
        changes.insert(id.to_lowercase(), (change, status));
    }
    changes
}

fn text(record: &JsonRecord, field: &str) -> Option<String> {
    match record.get(field) {
        Some(Json::String(text)) if !text.trim().is_empty() => Some(text.clone()),
        _ => None,
    }
}

fn instant(record: &JsonRecord, field: &str) -> Option<DateTime<Utc>> {
    let text = record.get(field)?.as_str()?;
    Some(DateTime::parse_from_rfc3339(text).ok()?.with_timezone(&Utc))
}

/// `record` (a lead) as the board places it: named from `names`, its
/// status and change from `changes` when the outbox holds an edit of it
/// not sent yet.
pub fn lead_of(
    record: &JsonRecord,
    names: &HashMap<String, String>,
    changes: &HashMap<String, (CardChange, Option<String>)>,
) -> BoardLead {
    let id = text(record, "id").unwrap_or_default();
    let named = ["company", "person"].into_iter().find_map(|field| {
        let reference = text(record, field)?.to_lowercase();
        Some((names.get(&reference)?.clone(), field.to_owned()))
    });
    let (name, named_by) = named.unzip();
    let mut status = text(record, "status");
    let change = changes.get(&id.to_lowercase()).map(|(change, set)| {
        if change.state != OutboxState::Sent {
            status.clone_from(set);
        }
        change.clone()
    });
    BoardLead {
        status,
        card: BoardCard {
            name,
            named_by,
            source: text(record, "source"),
            user_member: text(record, "user_member"),
            created_at: instant(record, "created_at"),
            updated_at: instant(record, "updated_at"),
            change,
            id,
        },
    }
}

/// `leads` (newest first) in columns: one per status of `statuses` (the
/// statuses seen, in that order), then one per status a lead holds that
/// is not among them (in the order met), then "no status" when a lead has
/// none. Each column keeps the leads' order.
pub fn group(leads: Vec<BoardLead>, statuses: &[String]) -> Vec<BoardColumn> {
    let mut columns: Vec<BoardColumn> = statuses
        .iter()
        .map(|status| BoardColumn {
            status: Some(status.clone()),
            cards: Vec::new(),
        })
        .collect();
    let mut place: HashMap<Option<String>, usize> = columns
        .iter()
        .enumerate()
        .map(|(index, column)| (column.status.clone(), index))
        .collect();
    let mut none: Vec<BoardCard> = Vec::new();
    for lead in leads {
        let Some(status) = lead.status else {
            none.push(lead.card);
            continue;
        };
        let key = Some(status);
        let index = *place.entry(key.clone()).or_insert_with(|| {
            columns.push(BoardColumn {
                status: key,
                cards: Vec::new(),
            });
            columns.len() - 1
        });
        columns[index].cards.push(lead.card);
    }
    if !none.is_empty() {
        columns.push(BoardColumn {
            status: None,
            cards: none,
        });
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lead(id: &str, status: Option<&str>) -> BoardLead {
        lead_of(
            serde_json::json!({"id": id, "status": status})
                .as_object()
                .unwrap(),
            &HashMap::new(),
            &HashMap::new(),
        )
    }

    #[test]
    fn columns_follow_the_statuses_seen_then_others_then_none() {
        let seen = ["ganado".to_owned(), "nuevo".to_owned(), "vacío".to_owned()];
        let columns = group(
            vec![
                lead("1", Some("nuevo")),
                lead("2", None),
                lead("3", Some("raro")),
                lead("4", Some("nuevo")),
                lead("5", Some("ganado")),
            ],
            &seen,
        );
        let shape: Vec<(Option<&str>, Vec<&str>)> = columns
            .iter()
            .map(|c| {
                (
                    c.status.as_deref(),
                    c.cards.iter().map(|card| card.id.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            shape,
            vec![
                (Some("ganado"), vec!["5"]),
                (Some("nuevo"), vec!["1", "4"]),
                (Some("vacío"), vec![]),
                (Some("raro"), vec!["3"]),
                (None, vec!["2"]),
            ]
        );
    }
}

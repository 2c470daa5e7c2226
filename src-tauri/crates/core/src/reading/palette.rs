//! The command palette's record search ([`palette_search`]): the text
//! typed, looked for in the records of every list at once, by name or
//! number, a few matches per list.
//!
//! Each list is asked the way its own search box asks it: the resource's
//! picker view ([`picker`]: `id`, the title and detail fields, sorted by the
//! title) with the text as its `search` (`Schema::search` and
//! `related_search`, `docs/read-path.md`, "The search box"), one page of
//! [`PALETTE_MATCHES`] rows, through the one read path
//! ([`workdesk_sync::Replica::read_page`]). Where each list's answer comes
//! from is decided here, per list ([`GroupSource`]):
//! - **the saved records**, with no request, when its list was made
//!   available offline (saved whole), "Work offline" is on, the service
//!   cannot be reached or failed, or asking would spend the last
//!   [`workdesk_sync::RESERVE_PERCENT`] of the key's hourly budget (the
//!   lists past what the budget covers, in the order of
//!   [`ResourceName::ALL`]);
//! - otherwise **the service**: one request per list, all of them at once.
//!
//! A list's failure is that group's error; the others still answer. Each
//! call is numbered: a newer call cancels the one under way, whose answer
//! says it was superseded and carries no groups, so an older answer never
//! replaces a newer one on screen.
//!
//! With nothing typed, the palette offers the records opened last
//! ([`recent_records`]): each record whose details are read
//! ([`note_opened`], from `read_record`) is kept first among the
//! workspace's [`RECENT_KEPT`], titled as a match is, in the meta data of
//! its sealed saved-data file (`workdesk_cache::Cache::note_opened`):
//! never in a plain file, cleared with the saved data, hidden once the
//! service refused the key.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use specta::Type;
use workdesk_api::{JsonRecord, ListView, Page, ResourceName, Take};
use workdesk_sync::{Answer, CancellationToken, ReadEnd, Replica, Saved, Source, StaleReason};

use crate::error::Error;
use crate::guard::guarded;
use crate::reading::names::{lookup_view, names_in};
use crate::reading::pickers::picker;
use crate::state::AppState;
use crate::ui_error::UiError;

/// The fewest characters (after trimming) the palette searches records
/// for: one letter matches nearly every record of every list, and would
/// spend eight requests for nothing.
pub const PALETTE_MIN_CHARS: usize = 2;

/// The most matches the palette shows per list: one page of this many
/// rows per request (the service's `take`).
pub const PALETTE_MATCHES: u8 = 5;

/// The palette's searches: the number of the latest call and the
/// cancellation of the one under way.
#[derive(Default)]
pub struct PaletteSearches {
    latest: AtomicU64,
    under_way: Mutex<CancellationToken>,
}

impl PaletteSearches {
    /// Starts a new search: its number (higher than every earlier one's)
    /// and its cancellation; the search under way, if any, is cancelled.
    pub fn begin(&self) -> (u64, CancellationToken) {
        let token = CancellationToken::new();
        let mut under_way = self
            .under_way
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        under_way.cancel();
        *under_way = token.clone();
        let sequence = self.latest.fetch_add(1, Ordering::SeqCst) + 1;
        (sequence, token)
    }

    /// Whether `sequence` is still the latest search begun.
    pub fn is_latest(&self, sequence: u64) -> bool {
        self.latest.load(Ordering::SeqCst) == sequence
    }
}

/// The palette's answer to one text.
///
/// JSON: `{"sequence": 7, "superseded": false, "too_short": false,
/// "min_chars": 2, "groups": [{"resource": "customer", "source": {"kind":
/// "service"}, "count": 3, "results": [...], "error": null}, ...]}`.
#[derive(Debug, Clone, Serialize, Type)]
pub struct PaletteAnswer {
    /// This call's number: higher for every later call. The window shows
    /// an answer only if no later one has been shown.
    pub sequence: u64,
    /// A later call began before this one ended: this answer carries no
    /// groups and is not to be shown.
    pub superseded: bool,
    /// The text has fewer than `min_chars` characters: nothing searched.
    pub too_short: bool,
    /// [`PALETTE_MIN_CHARS`].
    pub min_chars: u32,
    /// One group per list searched, in the order of the navigation
    /// ([`ResourceName::ALL`]); empty when superseded or too short.
    pub groups: Vec<PaletteGroup>,
}

/// The matches of one list.
#[derive(Debug, Clone, Serialize, Type)]
pub struct PaletteGroup {
    /// The list.
    pub resource: ResourceName,
    /// Where its matches come from.
    pub source: GroupSource,
    /// How many records match in all (the service's count, or the saved
    /// records'); at most [`PALETTE_MATCHES`] of them are in `results`.
    pub count: u64,
    /// The first matches, sorted by their title.
    pub results: Vec<PaletteResult>,
    /// Why this list gave no matches, when it failed (a refused search, a
    /// 403, saved data unreadable); `null` otherwise.
    pub error: Option<UiError>,
}

/// Where a group's matches come from.
///
/// JSON: `{"kind": "service"}` or `{"kind": "saved", "because": …,
/// "saved_at": "2026-11-26T10:42:00Z" | null}`.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GroupSource {
    /// The service, asked just now.
    Service,
    /// The records saved on this computer.
    Saved {
        /// Why not the service.
        because: SavedBecause,
        /// When the oldest record shown (or the page) was saved (UTC);
        /// `null` when none is shown.
        saved_at: Option<DateTime<Utc>>,
    },
}

/// Why a group comes from the saved records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum SavedBecause {
    /// The list is saved whole (made available offline): no request.
    SavedWhole,
    /// Asking would spend the last 10 % of the key's hourly budget.
    KeepReserve,
    /// "Work offline" is on.
    WorkingOffline,
    /// The service could not be reached.
    Offline,
    /// The service answered with an error of its own.
    ServiceError,
    /// The key's budget is spent until its reset (429).
    RateLimited,
}

impl From<StaleReason> for SavedBecause {
    fn from(reason: StaleReason) -> Self {
        match reason {
            StaleReason::WorkingOffline => SavedBecause::WorkingOffline,
            StaleReason::Offline => SavedBecause::Offline,
            StaleReason::ServiceError => SavedBecause::ServiceError,
            StaleReason::RateLimited => SavedBecause::RateLimited,
        }
    }
}

/// One match: what the palette shows and what it opens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Type)]
pub struct PaletteResult {
    /// The record's `id` (what opening it reads).
    pub id: String,
    /// Its name as a picker titles it: the title field's value (an
    /// invoice's or customer's `name`, a task's `title`), a lead's company
    /// or else person when the saved stakeholders name them, else its
    /// `source`; empty when the record has none.
    pub title: String,
    /// The values shown after the title, in order: the resource's other
    /// search fields (a document number, a product code) and a task's or
    /// lead's `status` (the window words a choice by its label); for a
    /// lead titled by its company, its `source` first. Absent or empty
    /// values are left out.
    pub detail: Vec<DetailValue>,
}

/// A field's value shown after a match's title.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Type)]
pub struct DetailValue {
    /// The field (`document_number`, `status`).
    pub field: String,
    /// Its value as the record holds it (a string, a number).
    pub value: Json,
}

/// Looks for `text` in the records of every list of the workspace on
/// screen, by name or number: a group per list with its first
/// [`PALETTE_MATCHES`] matches, each from the service (one request per
/// list, all at once) or from the saved records (a list saved whole, "Work
/// offline", the service out of reach, or the last 10 % of the key's
/// budget kept), as the group's `source` says. Text shorter than
/// [`PALETTE_MIN_CHARS`] characters searches nothing (`too_short`). A call
/// cancels the one under way, which answers `superseded` with no groups:
/// the window shows the answer with the highest `sequence`.
///
/// Errors: `not_configured`, `keychain_unavailable`, `cancelled` (the
/// workspace changed meanwhile); a list's own failure is its group's
/// `error`, never the command's.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn palette_search(state: &AppState, text: String) -> Result<PaletteAnswer, UiError> {
    let (sequence, cancelled) = state.reading.palette.begin();
    guarded(async move {
        let superseded = PaletteAnswer {
            sequence,
            superseded: true,
            too_short: false,
            min_chars: PALETTE_MIN_CHARS as u32,
            groups: Vec::new(),
        };
        let text = text.trim().to_owned();
        if text.chars().count() < PALETTE_MIN_CHARS {
            return Ok(PaletteAnswer {
                superseded: !state.reading.palette.is_latest(sequence),
                too_short: true,
                ..superseded
            });
        }
        let workspace = state.workspace().await?;
        let groups = tokio::select! {
            groups = search(&workspace.replica, &text) => groups,
            () = cancelled.cancelled() => return Ok(superseded),
        };
        state.session.check_shown(&workspace)?;
        if !state.reading.palette.is_latest(sequence) {
            return Ok(superseded);
        }
        Ok(PaletteAnswer {
            superseded: false,
            groups,
            ..superseded
        })
    })
    .await
}

/// A saved view the palette offers: opened on its list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct PaletteView {
    /// Its list.
    pub resource: ResourceName,
    /// Its name (the ready-made ones as named when their list first
    /// opened).
    pub name: String,
}

/// The saved views of every list of the workspace on screen, as each list
/// offers them (`open_list`'s `saved`, fitted), in the order of the
/// navigation ([`ResourceName::ALL`]) and then as saved. Reads the settings
/// only. A list never opened has no ready-made views yet.
///
/// Errors: `not_configured`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn palette_views(state: &AppState) -> Result<Vec<PaletteView>, UiError> {
    guarded(async move {
        let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
        let mut views = Vec::new();
        for resource in ResourceName::ALL {
            // As `list_views` gives them.
            let stored = state.settings.views(&workspace, resource);
            let list = crate::reading::views::ListViews::fitted(resource, stored);
            views.extend(list.saved.into_iter().map(|saved| PaletteView {
                resource,
                name: saved.name,
            }));
        }
        Ok(views)
    })
    .await
}

/// How many records opened last a workspace keeps.
pub const RECENT_KEPT: usize = 20;

/// A record opened last, as the palette offers it with nothing typed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Type)]
pub struct RecentRecord {
    /// Its list.
    pub resource: ResourceName,
    /// Its id, title and detail, as a match of the search shows them
    /// (when it was opened).
    pub result: PaletteResult,
    /// When its details were opened (UTC).
    pub opened_at: DateTime<Utc>,
}

/// Notes `record` of `resource` (its details just read) as the newest
/// record opened in `replica`'s workspace, titled as a match is; the
/// workspace keeps [`RECENT_KEPT`]. Answers that title (`None` for a
/// record without an id). A note that cannot be written is left out
/// (logged): opening a record never fails for it.
pub async fn note_opened(
    replica: &Replica,
    resource: ResourceName,
    record: JsonRecord,
) -> Option<PaletteResult> {
    let result = results_of(replica, resource, &[record]).await.pop()?;
    let key = format!("{}:{}", resource.as_str(), result.id);
    let recent = RecentRecord {
        resource,
        result: result.clone(),
        opened_at: Utc::now(),
    };
    let json = serde_json::to_value(&recent).ok()?;
    let cache = replica.cache().clone();
    let noted =
        tokio::task::spawn_blocking(move || cache.note_opened(&key, json, RECENT_KEPT)).await;
    if let Ok(Err(err)) = noted {
        log::warn!("the record opened could not be noted: {err}");
    }
    Some(result)
}

/// The records opened last in the workspace on screen, newest first, at
/// most [`RECENT_KEPT`]: what the palette offers with nothing typed. Read
/// from the workspace's sealed saved data; empty once the service refused
/// its key (as the saved records are hidden then).
///
/// Errors: `not_configured`, `keychain_unavailable`; `internal` when saved
/// data cannot be read.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn recent_records(state: &AppState) -> Result<Vec<RecentRecord>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        if workspace.replica.key_refused() {
            return Ok(Vec::new());
        }
        let cache = workspace.replica.cache().clone();
        let opened = tokio::task::spawn_blocking(move || cache.opened())
            .await
            .map_err(|err| Error::SavedData(err.to_string()))?
            .map_err(|err| Error::SavedData(err.to_string()))?;
        state.session.check_shown(&workspace)?;
        Ok(opened
            .into_iter()
            .filter_map(|json| serde_json::from_value(json).ok())
            .collect())
    })
    .await
}

/// How each list is to be asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ask {
    /// The service (and the saved records if it does not answer).
    Service,
    /// The saved records only.
    Saved(SavedBecause),
}

/// How each resource of `resources` is asked: lists saved whole from
/// their records; "Work offline" all from the saved records; otherwise the
/// service, for as many as the key's budget covers above its reserve
/// (`remaining - reserve_of(limit)`, in order), the rest from the saved
/// records. `complete` says which lists are saved whole; `budget` is the
/// key's `(limit, remaining)` when known.
fn plan(complete: &[bool], working_offline: bool, budget: Option<(u32, u32)>) -> Vec<Ask> {
    let mut room =
        budget.map(|(limit, remaining)| remaining.saturating_sub(workdesk_sync::reserve_of(limit)));
    complete
        .iter()
        .map(|&whole| {
            if whole {
                return Ask::Saved(SavedBecause::SavedWhole);
            }
            if working_offline {
                return Ask::Saved(SavedBecause::WorkingOffline);
            }
            match &mut room {
                Some(0) => Ask::Saved(SavedBecause::KeepReserve),
                Some(room) => {
                    *room -= 1;
                    Ask::Service
                }
                None => Ask::Service,
            }
        })
        .collect()
}

/// The view a list is searched with: its picker's, [`PALETTE_MATCHES`]
/// rows, `text` as its search.
pub fn palette_view(resource: ResourceName, text: &str) -> ListView {
    ListView {
        take: Take::Count(PALETTE_MATCHES),
        search: text.to_owned(),
        ..picker(resource).view
    }
}

/// Every list searched for `text` in `replica`, as the module says, the
/// lists at once.
pub async fn search(replica: &Replica, text: &str) -> Vec<PaletteGroup> {
    let resources = ResourceName::ALL;
    let complete: Vec<bool> = resources
        .iter()
        .map(|resource| {
            replica
                .cache()
                .state(resource.schema())
                .is_ok_and(|state| state.complete)
        })
        .collect();
    let budget = replica.client().rate_limit();
    let asks = plan(
        &complete,
        replica.working_offline(),
        budget.limit.zip(budget.remaining),
    );
    let groups = resources
        .iter()
        .zip(asks)
        .map(|(resource, ask)| group(replica, *resource, text, ask));
    futures_util::future::join_all(groups).await
}

/// The group of `resource`: its matches for `text`, asked as `ask` says.
async fn group(replica: &Replica, resource: ResourceName, text: &str, ask: Ask) -> PaletteGroup {
    let view = palette_view(resource, text);
    let failed = |error: UiError| PaletteGroup {
        resource,
        source: GroupSource::Service,
        count: 0,
        results: Vec::new(),
        error: Some(error),
    };
    let saved_group = |saved: Option<Saved<Page<JsonRecord>>>, because: SavedBecause| {
        let (page, saved_at) = match saved {
            Some(Saved { value, source }) => (Some(value), saved_at_of(&source)),
            None => (None, None),
        };
        (page, GroupSource::Saved { because, saved_at })
    };
    let (page, source) = match ask {
        Ask::Saved(because) => {
            let saved = {
                let replica = replica.clone();
                tokio::task::spawn_blocking(move || {
                    let checked = view.check(resource).map_err(|problems| {
                        Error::Api(workdesk_api::Error::InvalidQuery(problems))
                    })?;
                    Ok::<_, Error>(replica.saved_page(&checked)?)
                })
                .await
            };
            match saved {
                Ok(Ok(saved)) => saved_group(saved, because),
                Ok(Err(error)) => return failed(error.into()),
                Err(error) => return failed(Error::SavedData(error.to_string()).into()),
            }
        }
        Ask::Service => {
            let mut last = None;
            let end = replica
                .read_page(resource, &view, |answer, _| last = Some(answer))
                .await;
            match (end, last) {
                (Err(error), _) => return failed(Error::from(error).into()),
                (Ok(ReadEnd::Fresh), Some(Answer::Fresh { value, .. })) => {
                    (Some(value), GroupSource::Service)
                }
                (Ok(ReadEnd::KeptSaved { because, .. }), Some(Answer::Saved { value, source })) => {
                    saved_group(Some(Saved { value, source }), because.into())
                }
                (Ok(ReadEnd::NothingSaved { because, .. }), _) => saved_group(None, because.into()),
                (Ok(_), _) => (None, GroupSource::Service),
            }
        }
    };
    let page = page.unwrap_or(Page {
        count: 0,
        next: None,
        previous: None,
        results: Vec::new(),
    });
    let results = results_of(replica, resource, &page.results).await;
    PaletteGroup {
        resource,
        source,
        count: page.count,
        results,
        error: None,
    }
}

/// When a saved answer was saved.
fn saved_at_of(source: &Source) -> Option<DateTime<Utc>> {
    match source {
        Source::SavedPage { saved_at, .. } => Some(*saved_at),
        Source::SavedRecords { saved_at, .. } => *saved_at,
    }
}

/// `records` of `resource` as matches: titled and detailed as its picker
/// says; a lead by its company, else its person, when the saved
/// stakeholders name them (read from saved data only, never the service).
pub(crate) async fn results_of(
    replica: &Replica,
    resource: ResourceName,
    records: &[JsonRecord],
) -> Vec<PaletteResult> {
    let picker = picker(resource);
    let names = if picker.named_by.is_empty() || records.is_empty() {
        Vec::new()
    } else {
        let replica = replica.clone();
        let records = records.to_vec();
        let named_by = picker.named_by.clone();
        tokio::task::spawn_blocking(move || party_names(&replica, &records, &named_by))
            .await
            .unwrap_or_default()
    };
    records
        .iter()
        .filter_map(|record| {
            let id = record.get("id")?.as_str()?.to_owned();
            let text = |field: &str| match record.get(field) {
                None | Some(Json::Null) => None,
                Some(Json::String(s)) if s.trim().is_empty() => None,
                Some(Json::String(s)) => Some(Json::String(s.trim().to_owned())),
                Some(value) => Some(value.clone()),
            };
            let mut detail: Vec<DetailValue> = picker
                .detail
                .iter()
                .filter_map(|field| {
                    Some(DetailValue {
                        field: field.clone(),
                        value: text(field)?,
                    })
                })
                .collect();
            let own = text(&picker.title).map(|value| match value {
                Json::String(s) => s,
                other => other.to_string(),
            });
            let party = picker.named_by.iter().find_map(|field| {
                let id = record.get(field)?.as_str()?.to_lowercase();
                names
                    .iter()
                    .find(|(key, _)| *key == id)
                    .map(|(_, name)| name.clone())
            });
            let title = match party {
                Some(name) => {
                    if let Some(own) = &own {
                        detail.insert(
                            0,
                            DetailValue {
                                field: picker.title.clone(),
                                value: Json::String(own.clone()),
                            },
                        );
                    }
                    name
                }
                None => own.unwrap_or_default(),
            };
            Some(PaletteResult { id, title, detail })
        })
        .collect()
}

/// The names the saved stakeholders give the parties `named_by` of
/// `records` (a lead's company and person): `(lower-case id, name)`.
fn party_names(
    replica: &Replica,
    records: &[JsonRecord],
    named_by: &[String],
) -> Vec<(String, String)> {
    let stakeholder = ResourceName::Stakeholder;
    let key = "person_or_company_id";
    let title = picker(stakeholder).title;
    let ids: Vec<String> = records
        .iter()
        .flat_map(|record| named_by.iter().filter_map(|f| record.get(f)?.as_str()))
        .map(str::to_owned)
        .collect();
    let Some(view) = lookup_view(stakeholder, key, &title, &ids) else {
        return Vec::new();
    };
    let Ok(checked) = view.check(stakeholder) else {
        return Vec::new();
    };
    match replica.saved_page(&checked) {
        Ok(Some(saved)) => names_in(&saved.value.results, "party", key, &title)
            .into_iter()
            .map(|name| (name.id.to_lowercase(), name.name))
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_above_the_reserve_covers_the_first_lists_the_rest_are_saved() {
        let none = [false; 8];
        // 1,000 an hour: 100 kept; 103 left covers three lists.
        let asks = plan(&none, false, Some((1_000, 103)));
        assert_eq!(asks.iter().filter(|a| **a == Ask::Service).count(), 3);
        assert_eq!(asks[..3], [Ask::Service; 3]);
        assert!(asks[3..]
            .iter()
            .all(|a| *a == Ask::Saved(SavedBecause::KeepReserve)));
        // Unknown budget: every list asked; within the reserve: none.
        assert!(plan(&none, false, None).iter().all(|a| *a == Ask::Service));
        assert!(plan(&none, false, Some((1_000, 100)))
            .iter()
            .all(|a| *a == Ask::Saved(SavedBecause::KeepReserve)));
    }

    #[test]
    fn a_list_saved_whole_and_working_offline_ask_nothing() {
        let mut complete = [false; 8];
        complete[2] = true;
        let asks = plan(&complete, false, Some((1_000, 101)));
        assert_eq!(asks[2], Ask::Saved(SavedBecause::SavedWhole));
        // The list saved whole spends none of the one request left.
        assert_eq!(asks[0], Ask::Service);
        assert_eq!(asks[1], Ask::Saved(SavedBecause::KeepReserve));
        let offline = plan(&complete, true, None);
        assert_eq!(offline[2], Ask::Saved(SavedBecause::SavedWhole));
        assert_eq!(offline[0], Ask::Saved(SavedBecause::WorkingOffline));
    }

    #[test]
    fn a_later_search_supersedes_the_one_under_way() {
        let searches = PaletteSearches::default();
        let (first, cancelled) = searches.begin();
        assert!(searches.is_latest(first) && !cancelled.is_cancelled());
        let (second, _) = searches.begin();
        assert!(second > first);
        assert!(cancelled.is_cancelled(), "the earlier search is cancelled");
        assert!(!searches.is_latest(first) && searches.is_latest(second));
    }

    #[test]
    fn every_palette_view_checks() {
        for resource in ResourceName::ALL {
            let view = palette_view(resource, "acme 900");
            assert_eq!(view.take, Take::Count(PALETTE_MATCHES));
            view.check(resource).unwrap();
        }
    }
}

//! "Make available offline": every record of a resource downloaded into
//! the cache (200 a page), and later brought up to date with only what
//! changed, within the key's hourly budget.

use std::collections::HashSet;
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;
use serde_json::Value as Json;
use tokio_util::sync::CancellationToken;
use workdesk_api::{
    FilterSpec, JsonRecord, ListView, Operator, Page, RateLimit, ResourceName, Take,
};
use workdesk_cache::ResourceState;

use crate::error::{Error, Result};
use crate::replica::Replica;

/// Records a download asks for per page (the service's maximum).
pub const PAGE_SIZE: u8 = 200;

/// The pages (requests) a walk of `records` records takes, [`PAGE_SIZE`]
/// a page: at least one, since even an empty list is asked once.
#[must_use]
pub fn pages_for(records: u64) -> u32 {
    u32::try_from(records.div_ceil(u64::from(PAGE_SIZE)))
        .unwrap_or(u32::MAX)
        .max(1)
}

/// The requests of a key's hourly `limit` never spent by a walk or the
/// overview: [`RESERVE_PERCENT`] of it, rounded up.
#[must_use]
pub fn reserve_of(limit: u32) -> u32 {
    // In u64: a service may announce a limit near `u32::MAX`.
    let reserve = (u64::from(limit) * u64::from(RESERVE_PERCENT)).div_ceil(100);
    u32::try_from(reserve).unwrap_or(u32::MAX)
}

/// The share of the key's hourly budget a download never spends: it pauses
/// until the window resets instead (10 %).
pub const RESERVE_PERCENT: u32 = 10;

/// How often a refresh also walks every id to drop records the service
/// deleted, even when the counts agree (24 hours).
pub const ID_WALK_EVERY: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// What a download is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Fetching every record of the list.
    Downloading,
    /// Fetching the records changed since the last refresh.
    Updating,
    /// Fetching every id, to drop records the service deleted.
    CheckingDeleted,
    /// Writing a list to a file (from the service, or from saved records).
    Exporting,
    /// Adding up the overview's amounts from the service's records.
    Summing,
}

/// How far a download or an export has come, sent after every page and
/// pause.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Progress {
    /// What it is doing.
    pub phase: Phase,
    /// Pages fetched in this phase.
    pub pages_done: u32,
    /// Pages this phase has, once the first page said how many records
    /// there are.
    pub pages_total: Option<u32>,
    /// Records fetched in this phase.
    pub records: u64,
    /// Records this phase fetches in all, once known.
    pub records_total: Option<u64>,
    /// The key's budget as the latest answer reported it.
    pub budget: RateLimit,
    /// Waiting, so as not to spend the last 10 % of the budget, until this
    /// instant (UTC); the download goes on by itself then.
    pub paused_until: Option<DateTime<Utc>>,
}

/// The list as saved once a download or refresh is done.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OfflineList {
    /// Every record of the list is saved.
    pub complete: bool,
    /// Records saved.
    pub saved: u64,
    /// When the list was last brought up to date (UTC).
    pub refreshed_at: Option<DateTime<Utc>>,
}

impl OfflineList {
    /// What `state` and the saved count say.
    #[must_use]
    pub fn of(state: &ResourceState, saved: u64) -> OfflineList {
        OfflineList {
            complete: state.complete,
            saved,
            refreshed_at: state.refreshed_at,
        }
    }
}

pub(crate) struct Run<'a, F> {
    replica: &'a Replica,
    resource: ResourceName,
    cancel: &'a CancellationToken,
    report: F,
    pub(crate) progress: Progress,
    /// The reset a pause already waited for: the budget the client knows is
    /// stale until the next answer, so it must not pause again for it.
    waited_for: Option<Option<DateTime<Utc>>>,
}

impl Replica {
    /// Takes every record of `resource` offline, or, when the list is
    /// already saved whole, fetches only the records changed since (by
    /// `updated_at` / `created_at`) and, when the counts disagree or a day
    /// has passed, walks every id to drop records the service deleted.
    ///
    /// `report` gets the progress after every page and pause. Before each
    /// request the key's budget is checked: when no more than
    /// [`RESERVE_PERCENT`] of it is left, the download pauses until the
    /// window resets (reported in `paused_until`) and then goes on by itself;
    /// a 429 does the same. `cancel` stops it between or during requests;
    /// what was saved stays saved, but the list is not marked complete.
    ///
    /// # Errors
    /// [`Error::Cancelled`]; [`Error::WorkingOffline`]; the service's errors.
    pub async fn make_available_offline(
        &self,
        resource: ResourceName,
        report: impl FnMut(&Progress) + Send,
        cancel: &CancellationToken,
    ) -> Result<OfflineList> {
        self.service()?;
        let schema = resource.schema();
        let state = self.cache().state(schema)?;
        let started = Utc::now();
        let mut run = Run::new(self, resource, cancel, report, Phase::Downloading);
        let state = match changed_since(&state) {
            Some(since) if state.complete => {
                let state = run.update(state, since).await?;
                // Brought up to date whole: the records not sent again are
                // unchanged, current as of the start (their age, for
                // "Keep saved data at most N days", starts again).
                self.cache().confirm_records(schema, started);
                state
            }
            _ => run.download().await?,
        };
        let state = ResourceState {
            refreshed_at: Some(started),
            ..state
        };
        self.cache().set_state(schema, state.clone());
        self.cache().flush();
        let saved = self.cache().saved_count(schema)?;
        log::info!("{} available offline: {saved} saved", resource.as_str());
        Ok(OfflineList::of(&state, saved))
    }

    /// What is saved of `resource`'s list as a whole.
    ///
    /// # Errors
    /// [`Error::Cache`] for SQLite failures.
    pub fn offline_list(&self, resource: ResourceName) -> Result<OfflineList> {
        let schema = resource.schema();
        Ok(OfflineList::of(
            &self.cache().state(schema)?,
            self.cache().saved_count(schema)?,
        ))
    }
}

impl<'a, F: FnMut(&Progress) + Send> Run<'a, F> {
    pub(crate) fn new(
        replica: &'a Replica,
        resource: ResourceName,
        cancel: &'a CancellationToken,
        report: F,
        phase: Phase,
    ) -> Self {
        Run {
            replica,
            resource,
            cancel,
            report,
            progress: Progress {
                phase,
                pages_done: 0,
                pages_total: None,
                records: 0,
                records_total: None,
                budget: replica.client().rate_limit(),
                paused_until: None,
            },
            waited_for: None,
        }
    }

    fn start_phase(&mut self, phase: Phase) {
        self.progress.phase = phase;
        self.progress.pages_done = 0;
        self.progress.pages_total = None;
        self.progress.records = 0;
        self.progress.records_total = None;
    }

    pub(crate) fn resource(&self) -> ResourceName {
        self.resource
    }

    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    pub(crate) fn report(&mut self) {
        self.progress.budget = self.replica.client().rate_limit();
        (self.report)(&self.progress);
    }

    /// Every record, page by page; then the saved records the service no
    /// longer lists are dropped.
    async fn download(&mut self) -> Result<ResourceState> {
        self.start_phase(Phase::Downloading);
        let view = |page| ListView {
            page,
            take: Take::Count(PAGE_SIZE),
            ..ListView::default()
        };
        let (seen, count, newest) = self.walk_saving(view, true).await?;
        self.drop_unseen(&seen)?;
        let now = Utc::now();
        Ok(ResourceState {
            complete: true,
            count,
            refreshed_at: Some(now),
            ids_walked_at: Some(now),
            newest_change: newest,
        })
    }

    /// The records changed since `since`, then an id walk when the counts
    /// disagree or the last one is a day old.
    async fn update(
        &mut self,
        state: ResourceState,
        since: DateTime<Utc>,
    ) -> Result<ResourceState> {
        self.start_phase(Phase::Updating);
        let at = since.to_rfc3339_opts(SecondsFormat::Micros, true);
        let changed_since = |field: &str, or: bool| FilterSpec {
            or,
            not: false,
            field: field.to_owned(),
            operator: Operator::Gte,
            values: vec![at.clone()],
        };
        let filters = vec![
            changed_since("updated_at", false),
            changed_since("created_at", true),
        ];
        let view = |page| ListView {
            page,
            take: Take::Count(PAGE_SIZE),
            filters: filters.clone(),
            ..ListView::default()
        };
        let (_, _, newest) = self.walk_saving(view, true).await?;
        let schema = self.resource.schema();
        let now = Utc::now();
        // One cheap request for the service's total.
        let total = self
            .fetch(&ListView {
                page: 1,
                take: Take::Count(1),
                fields: Some(vec!["id".into()]),
                ..ListView::default()
            })
            .await?
            .map_or(0, |page| page.count);
        self.replica.cache().flush();
        let saved = self.replica.cache().saved_count(schema)?;
        let walk_due = state
            .ids_walked_at
            .is_none_or(|at| now - at >= ID_WALK_EVERY);
        let mut ids_walked_at = state.ids_walked_at;
        if saved != total || walk_due {
            self.start_phase(Phase::CheckingDeleted);
            let view = |page| ListView {
                page,
                take: Take::Count(PAGE_SIZE),
                fields: Some(vec!["id".into()]),
                ..ListView::default()
            };
            let (seen, _, _) = self.walk_saving(view, false).await?;
            self.drop_unseen(&seen)?;
            ids_walked_at = Some(now);
        }
        Ok(ResourceState {
            complete: true,
            count: total,
            refreshed_at: Some(now),
            ids_walked_at,
            newest_change: newest.max(state.newest_change),
        })
    }

    /// Fetches the pages of `view(1)`, `view(2)`, … to the last, handing
    /// each page's records to `each`; returns the count the service gave.
    pub(crate) async fn walk(
        &mut self,
        view: impl Fn(u32) -> ListView,
        mut each: impl FnMut(Vec<JsonRecord>) -> Result<()>,
    ) -> Result<u64> {
        let mut count = 0;
        let mut page = 1u32;
        loop {
            let Some(answer) = self.fetch(&view(page)).await? else {
                // The list got shorter while being walked: that was the end.
                break;
            };
            count = answer.count;
            let pages = pages_for(answer.count);
            self.progress.pages_total = Some(pages);
            self.progress.records_total = Some(answer.count);
            self.progress.pages_done = page;
            self.progress.records += answer.results.len() as u64;
            let empty = answer.results.is_empty();
            each(answer.results)?;
            self.report();
            if empty || page >= pages {
                break;
            }
            page += 1;
        }
        Ok(count)
    }

    /// [`Run::walk`] keeping the records (when `save`), and returning the
    /// ids seen, the count and the newest change.
    async fn walk_saving(
        &mut self,
        view: impl Fn(u32) -> ListView,
        save: bool,
    ) -> Result<(HashSet<String>, u64, Option<DateTime<Utc>>)> {
        let schema = self.resource.schema();
        let replica = self.replica;
        let mut seen = HashSet::new();
        let mut newest: Option<DateTime<Utc>> = None;
        let count = self
            .walk(view, |records| {
                for record in &records {
                    if let Some(id) = record.get("id").and_then(Json::as_str) {
                        seen.insert(id.to_owned());
                    }
                    newest = newest.max(changed_at(record));
                }
                if schema.resource == "lead" {
                    replica.note_lead_statuses(&records);
                }
                if save {
                    replica.cache().save_records(schema, records, true);
                }
                Ok(())
            })
            .await?;
        Ok((seen, count, newest))
    }

    /// One page, after waiting for the budget; `None` for a page past the
    /// last (404). A 429 waits for the reset and asks again.
    async fn fetch(&mut self, view: &ListView) -> Result<Option<Page<JsonRecord>>> {
        loop {
            self.wait_for_budget().await?;
            let client = self.replica.service()?;
            let answer = tokio::select! {
                answer = client.list_view(self.resource, view) => answer,
                () = self.cancel.cancelled() => return Err(Error::Cancelled),
            };
            match answer {
                Ok(page) => {
                    self.waited_for = None;
                    return Ok(Some(page));
                }
                Err(workdesk_api::Error::NotFound { .. }) if view.page > 1 => return Ok(None),
                Err(err @ workdesk_api::Error::RateLimited { .. }) => {
                    let until = err.retry_in().map_or_else(
                        || Utc::now() + Duration::from_secs(60),
                        |wait| Utc::now() + wait,
                    );
                    self.pause_until(until).await?;
                }
                Err(err) => return Err(err.into()),
            }
        }
    }

    /// Pauses when the next request would dip into the last
    /// [`RESERVE_PERCENT`] of the key's budget, until the window resets.
    async fn wait_for_budget(&mut self) -> Result<()> {
        if self.cancel.is_cancelled() {
            return Err(Error::Cancelled);
        }
        let budget = self.replica.client().rate_limit();
        let (Some(limit), Some(remaining)) = (budget.limit, budget.remaining) else {
            return Ok(());
        };
        let reserve = reserve_of(limit);
        if remaining > reserve || self.waited_for == Some(budget.reset) {
            return Ok(());
        }
        self.waited_for = Some(budget.reset);
        let until = budget
            .reset
            .filter(|reset| *reset > Utc::now())
            .unwrap_or_else(|| Utc::now() + Duration::from_secs(60));
        self.pause_until(until).await
    }

    async fn pause_until(&mut self, until: DateTime<Utc>) -> Result<()> {
        self.progress.paused_until = Some(until);
        self.report();
        log::info!("download paused until {until} to keep the key's reserve");
        // A moment past the reset, so the window has surely turned.
        let wait = (until - Utc::now()).to_std().unwrap_or_default() + Duration::from_millis(250);
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = self.cancel.cancelled() => return Err(Error::Cancelled),
        }
        self.progress.paused_until = None;
        self.report();
        Ok(())
    }

    /// Drops saved records of the resource that `seen` (every id the
    /// service lists) does not hold: the service deleted them.
    fn drop_unseen(&self, seen: &HashSet<String>) -> Result<()> {
        let schema = self.resource.schema();
        let cache = self.replica.cache();
        cache.flush();
        let gone: Vec<String> = cache
            .ids(schema)?
            .into_iter()
            .filter(|id| !seen.contains(id))
            .collect();
        if !gone.is_empty() {
            log::info!(
                "{} saved {} records were deleted on the service",
                gone.len(),
                self.resource.as_str()
            );
        }
        for id in gone {
            cache.forget(schema, &id);
        }
        Ok(())
    }
}

/// How long before the last refresh started a later refresh looks for
/// changes, for the service's clock being behind this computer's.
pub const CLOCK_MARGIN: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// Where an update of a list saved whole starts: the newest change saved
/// (the service's clock), but never after the last refresh began (minus
/// [`CLOCK_MARGIN`]), so a record whose stored time is ahead of the service's
/// clock cannot hide later changes.
fn changed_since(state: &ResourceState) -> Option<DateTime<Utc>> {
    let newest = state.newest_change?;
    Some(match state.refreshed_at {
        Some(refreshed) => newest.min(refreshed - CLOCK_MARGIN),
        None => newest,
    })
}

/// The later of the record's `updated_at` and `created_at`.
fn changed_at(record: &JsonRecord) -> Option<DateTime<Utc>> {
    ["updated_at", "created_at"]
        .iter()
        .filter_map(|field| record.get(*field).and_then(Json::as_str))
        .filter_map(workdesk_query::parse_date_time)
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserve_is_a_tenth_of_any_limit_rounded_up() {
        assert_eq!(reserve_of(1_000), 100);
        assert_eq!(reserve_of(15), 2);
        assert_eq!(reserve_of(0), 0);
        // A service announcing an unmetered key: no overflow.
        assert_eq!(reserve_of(u32::MAX), 429_496_730);
    }
}

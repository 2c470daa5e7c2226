//! The workspace at a glance: invoices per month and status, invoices
//! needing attention, tasks due and done, leads by status and month.
//!
//! Each resource's figures come from one place, said beside them
//! ([`PartSource`]):
//! - **saved records**, when its list was made available offline: exact,
//!   no request, each figure the conditions of its drill-down list read by
//!   the shared engine over every saved record (one pass);
//! - otherwise **the service's counts**: one `take=1` request per figure
//!   (the page's `count`), at most [`SERVICE_REQUESTS_MAX`] in all, never
//!   spending the last [`RESERVE_PERCENT`](crate::RESERVE_PERCENT) of the
//!   key's budget. Sums need every record: the part says how many requests
//!   each way to them takes ([`PartSource::Service`]): walking the
//!   service's records of those months ([`Replica::overview_amounts`], as
//!   an export walks) or making the list available offline.
//!
//! Months are calendar months in the user's time zone; a figure's
//! [`DrillDown`] is the list behind it (its count is the figure).

mod plan;
mod saved;
mod service;
mod tally;
mod walk;

use chrono::{DateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use workdesk_api::{FilterSpec, ResourceName, SortSpec};

use crate::download::pages_for;
use crate::error::Error;
use crate::read::StaleReason;
use crate::replica::Replica;

pub use plan::{dated_by, summed, ATTENTION, MONTHS, RESOURCES, STATUSES_COUNTED};
pub use service::SERVICE_REQUESTS_MAX;

/// The overview of a workspace, computed at `at`.
///
/// JSON: `{"at": "2026-11-26T15:42:00Z", "months": ["2025-11", …,
/// "2026-11"], "parts": [{"resource": "supplier_invoice", …}, …]}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Overview<E> {
    /// When the figures were computed (UTC).
    pub at: DateTime<Utc>,
    /// The [`MONTHS`] calendar months read, oldest first, as `"2026-11"`
    /// (the user's time zone): the last is this month.
    pub months: Vec<String>,
    /// One part per resource of [`RESOURCES`], in that order.
    pub parts: Vec<Part<E>>,
}

/// The figures of one resource and where they come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Part<E> {
    /// `supplier_invoice`, `customer_invoice`, `task` or `lead`.
    pub resource: ResourceName,
    /// Where the figures come from, or why there are none.
    pub source: PartSource<E>,
    /// The figures, in the order they are shown; empty when the source
    /// gives none.
    pub figures: Vec<Figure>,
}

/// Where a part's figures come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PartSource<E> {
    /// Every record of the list, saved on this computer (made available
    /// offline): exact, with sums.
    SavedRecords {
        /// Records saved.
        saved: u64,
        /// When the list was last brought up to date whole (UTC).
        refreshed_at: Option<DateTime<Utc>>,
    },
    /// The service's counts, asked just now: counts and the oldest date,
    /// no sums.
    Service {
        /// When the service answered (UTC).
        at: DateTime<Utc>,
        /// Requests spent.
        requests: u32,
        /// Records in the whole list, when asked (invoices, leads): making
        /// it available offline takes one request per 200.
        records: Option<u64>,
        /// Records [`Replica::overview_amounts`] would walk for the sums
        /// (invoices counted only; one request per 200); `null` once the
        /// sums are in, or where there are none.
        amounts: Option<u64>,
        /// The requests making the list available offline takes now
        /// ([`crate::pages_for`] `records`), when known.
        offline_requests: Option<u32>,
        /// The requests adding up the amounts takes ([`crate::pages_for`]
        /// `amounts`), when they can be added up.
        amounts_requests: Option<u32>,
    },
    /// "Work offline" is on and the list is not saved whole: no figure
    /// would be exact.
    NotSaved,
    /// Asking would spend the last 10 % of the key's hourly budget: nothing
    /// was sent. `reset`: when the budget comes back (UTC).
    KeepReserve {
        /// When the key's window resets, if the service said.
        reset: Option<DateTime<Utc>>,
    },
    /// The service did not give the counts.
    Failed {
        /// Why, when the service could not be reached or is rate-limited
        /// (the connection verdict every read uses); `null` when it
        /// answered with an error of the request itself (a 403).
        because: Option<StaleReason>,
        /// The failure.
        error: E,
    },
}

/// What a figure measures. Months are `"2026-11"` in the user's time zone,
/// by the resource's date field ([`dated_by`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Measure {
    /// Records of a month; with `status`, only those of that
    /// `operation_status` (`PR`, `CO`, `ER`).
    Month {
        /// `"2026-11"`.
        month: String,
        /// An `operation_status` code, or `null` for every record.
        status: Option<String>,
    },
    /// Records with this status: an invoice's `operation_status` (`ER`,
    /// `PR`: needing attention), a lead's `status`.
    Status {
        /// The code or value.
        status: String,
    },
    /// Leads without a status (saved records).
    NoStatus,
    /// Leads whose status is none of the statuses counted one by one (the
    /// statuses seen, [`STATUSES_COUNTED`] at most), or none (the
    /// service's counts).
    OtherStatus,
    /// Tasks whose expiry has passed and that are not completed.
    Overdue,
    /// Tasks not completed whose expiry falls from now to Sunday's end.
    DueThisWeek,
    /// Tasks completed this month.
    DoneThisMonth,
}

/// The list behind a figure: its conditions and order. Opened on the
/// resource's list, over the list's own columns, it shows exactly the
/// records the figure counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DrillDown {
    /// The conditions, folded left to right (all joined by AND here).
    pub filters: Vec<FilterSpec>,
    /// The order the records are listed in (oldest first for those needing
    /// attention).
    pub sort: Vec<SortSpec>,
}

/// One figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Figure {
    /// What it measures.
    pub measure: Measure,
    /// Records counted.
    pub count: u64,
    /// The exact sum of their money field ([`summed`], `total`) as a
    /// decimal string (`"1234567.89"`); `null` when the source gives counts
    /// only, the resource has no money, or the sum would pass 28
    /// significant digits.
    pub sum: Option<String>,
    /// The earliest date among them by the resource's date field (UTC),
    /// for those needing attention; else `null`.
    pub oldest: Option<DateTime<Utc>>,
    /// The list behind it.
    pub opens: DrillDown,
}

impl<E> Overview<E> {
    /// The same overview with each part's error turned by `into`.
    pub fn map_err<F>(self, mut into: impl FnMut(E) -> F) -> Overview<F> {
        Overview {
            at: self.at,
            months: self.months,
            parts: self
                .parts
                .into_iter()
                .map(|part| part.map_err(&mut into))
                .collect(),
        }
    }
}

impl<E> Part<E> {
    /// The same part with its error turned by `into`.
    pub fn map_err<F>(self, into: impl FnOnce(E) -> F) -> Part<F> {
        let source = match self.source {
            PartSource::SavedRecords {
                saved,
                refreshed_at,
            } => PartSource::SavedRecords {
                saved,
                refreshed_at,
            },
            PartSource::Service {
                at,
                requests,
                records,
                amounts,
                offline_requests,
                amounts_requests,
            } => PartSource::Service {
                at,
                requests,
                records,
                amounts,
                offline_requests,
                amounts_requests,
            },
            PartSource::NotSaved => PartSource::NotSaved,
            PartSource::KeepReserve { reset } => PartSource::KeepReserve { reset },
            PartSource::Failed { because, error } => PartSource::Failed {
                because,
                error: into(error),
            },
        };
        Part {
            resource: self.resource,
            source,
            figures: self.figures,
        }
    }
}

impl Replica {
    /// The overview at `now`, whose time zone cuts the months. Each part
    /// reads the saved records when its list is saved whole, else the
    /// service's counts (the parts' requests together at most
    /// [`SERVICE_REQUESTS_MAX`]); a part that cannot be given says why
    /// and the others still are.
    pub async fn overview<Tz: TimeZone>(&self, now: &DateTime<Tz>) -> Overview<Error> {
        let calendar = plan::Calendar::on(now);
        let parts = RESOURCES.map(|resource| self.part(resource, &calendar));
        let [a, b, c, d] = parts;
        let (a, b, c, d) = tokio::join!(a, b, c, d);
        Overview {
            at: now.with_timezone(&Utc),
            months: calendar.months.clone(),
            parts: vec![a, b, c, d],
        }
    }

    async fn part(&self, resource: ResourceName, calendar: &plan::Calendar) -> Part<Error> {
        let failed = |error: Error| Part {
            resource,
            source: PartSource::Failed {
                because: StaleReason::of(&error),
                error,
            },
            figures: Vec::new(),
        };
        let schema = resource.schema();
        let state = match self.saved().and_then(|cache| Ok(cache.state(schema)?)) {
            Ok(state) => state,
            Err(error) => return failed(error),
        };
        if state.complete {
            let replica = self.clone();
            let calendar = calendar.clone();
            let figures =
                tokio::task::spawn_blocking(move || saved::figures(&replica, resource, &calendar))
                    .await
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic()));
            return match figures {
                Ok((figures, saved)) => Part {
                    resource,
                    source: PartSource::SavedRecords {
                        saved,
                        refreshed_at: state.refreshed_at,
                    },
                    figures,
                },
                Err(error) => failed(error),
            };
        }
        if self.working_offline() {
            return Part {
                resource,
                source: PartSource::NotSaved,
                figures: Vec::new(),
            };
        }
        match service::figures(self, resource, calendar).await {
            Ok(service::Counted::Figures {
                figures,
                requests,
                records,
                amounts,
            }) => Part {
                resource,
                source: PartSource::Service {
                    at: Utc::now(),
                    requests,
                    records,
                    amounts,
                    offline_requests: records.map(pages_for),
                    amounts_requests: amounts.map(pages_for),
                },
                figures,
            },
            Ok(service::Counted::KeepReserve { reset }) => Part {
                resource,
                source: PartSource::KeepReserve { reset },
                figures: Vec::new(),
            },
            Err(error) => failed(error),
        }
    }
}

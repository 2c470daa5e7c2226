//! Figures from the service's counts: one `take=1` request per figure with
//! its conditions, read for the page's `count` (and, sorted oldest first,
//! the first record's date). No sums: those need every record.

use chrono::{DateTime, Utc};
use tokio::task::JoinSet;
use workdesk_api::ResourceName;
use workdesk_query::{FieldType, Value};

use super::plan::{self, Calendar, From, STATUSES_COUNTED};
use super::{Figure, Measure};
use crate::download::reserve_of;
use crate::error::Result;
use crate::replica::Replica;

/// The most requests an overview sends, every part from the service: 7
/// for each kind of invoice (this month, last month, the same month last
/// year, errors, drafts, the whole list, the records its amounts would
/// walk), 3 for tasks, 10 for leads (this and last month, at most
/// [`STATUSES_COUNTED`](super::plan::STATUSES_COUNTED) statuses seen, the
/// rest, and one page of the newest leads when no status was seen yet).
pub const SERVICE_REQUESTS_MAX: u32 = 27;

/// Requests sent at once.
const AT_ONCE: usize = 6;

/// What the service's counts gave.
pub(crate) enum Counted {
    /// The figures, the requests spent, and the whole list's count (when
    /// asked).
    Figures {
        figures: Vec<Figure>,
        requests: u32,
        records: Option<u64>,
        amounts: Option<u64>,
    },
    /// Not asked: the key's reserve would be spent.
    KeepReserve { reset: Option<DateTime<Utc>> },
}

/// `resource`'s figures from the service's counts.
///
/// # Errors
/// [`crate::Error::WorkingOffline`]; the service's errors (the first one).
pub(crate) async fn figures(
    replica: &Replica,
    resource: ResourceName,
    calendar: &Calendar,
) -> Result<Counted> {
    let (statuses, sample) = if resource == ResourceName::Lead {
        counted_statuses(replica)?
    } else {
        (Vec::new(), false)
    };
    let specs = plan::specs(
        resource,
        calendar,
        &From::Service {
            statuses: &statuses,
        },
    );
    // The whole list's count: what making it available offline costs.
    let whole = matches!(
        resource,
        ResourceName::SupplierInvoice | ResourceName::CustomerInvoice
    );
    // And the records the amounts would walk.
    let amounts = plan::amounts_filters(resource, calendar);
    let dated = plan::dated_by(resource);
    let requests = u32::try_from(specs.len()).unwrap_or(u32::MAX)
        + u32::from(whole)
        + u32::from(amounts.is_some());
    let budget = replica.service()?.rate_limit();
    if let (Some(limit), Some(remaining)) = (budget.limit, budget.remaining) {
        if remaining < reserve_of(limit).saturating_add(requests + u32::from(sample)) {
            return Ok(Counted::KeepReserve {
                reset: budget.reset,
            });
        }
    }
    if sample {
        // No status seen yet: the newest leads say which the service has.
        replica.sample_lead_statuses().await?;
        let (statuses, _) = counted_statuses(replica)?;
        let specs = plan::specs(
            resource,
            calendar,
            &From::Service {
                statuses: &statuses,
            },
        );
        let requests = u32::try_from(specs.len()).unwrap_or(u32::MAX)
            + u32::from(whole)
            + u32::from(amounts.is_some())
            + 1;
        return count(replica, resource, specs, requests, whole, amounts, dated).await;
    }
    count(replica, resource, specs, requests, whole, amounts, dated).await
}

/// The lead statuses the service's counts give one by one: the statuses
/// seen, those most saved leads hold first, then in the order first seen,
/// at most [`STATUSES_COUNTED`] (one holding a comma is never: `in` could
/// not leave it out of the rest); and whether none was seen at all (the
/// newest leads are read first).
fn counted_statuses(replica: &Replica) -> Result<(Vec<String>, bool)> {
    let seen = replica.lead_statuses_seen()?;
    let none = seen.is_empty();
    let mut seen: Vec<(usize, crate::StatusSeen)> = seen
        .into_iter()
        .filter(|s| !s.status.contains(','))
        .enumerate()
        .collect();
    seen.sort_by(|(i, a), (j, b)| b.saved.cmp(&a.saved).then(i.cmp(j)));
    Ok((
        seen.into_iter()
            .take(STATUSES_COUNTED)
            .map(|(_, s)| s.status)
            .collect(),
        none,
    ))
}

/// Counts `specs` (and the amounts' and whole list's records) with one
/// `take=1` request each, [`AT_ONCE`] at a time.
async fn count(
    replica: &Replica,
    resource: ResourceName,
    specs: Vec<plan::Spec>,
    requests: u32,
    whole: bool,
    amounts: Option<Vec<workdesk_api::FilterSpec>>,
    dated: Option<&'static str>,
) -> Result<Counted> {
    let ids = || Some(vec!["id".to_owned()]);
    let mut views = Vec::with_capacity(specs.len() + 2);
    for spec in &specs {
        // Sorted oldest first, the one record asked for is the oldest.
        let date = dated.filter(|_| plan::wants_oldest(resource, &spec.measure));
        let fields = std::iter::once("id")
            .chain(date)
            .map(str::to_owned)
            .collect();
        let sort = match date {
            Some(_) => spec.opens.sort.clone(),
            None => Vec::new(),
        };
        let view = plan::count_view(resource, spec.opens.filters.clone(), sort, Some(fields))?;
        views.push((view, date));
    }
    if let Some(filters) = &amounts {
        views.push((
            plan::count_view(resource, filters.clone(), Vec::new(), ids())?,
            None,
        ));
    }
    if whole {
        views.push((
            plan::count_view(resource, Vec::new(), Vec::new(), ids())?,
            None,
        ));
    }
    let mut answers: Vec<Option<(u64, Option<DateTime<Utc>>)>> = vec![None; views.len()];
    let mut pending = views.into_iter().enumerate();
    let mut running = JoinSet::new();
    loop {
        while running.len() < AT_ONCE {
            let Some((index, (view, date))) = pending.next() else {
                break;
            };
            let client = replica.service()?.clone();
            running.spawn(async move {
                let page = client.list_checked(&view).await?;
                let oldest = date.and_then(|date| {
                    let value = page.results.first()?.get(date)?;
                    match Value::from_json(FieldType::DateTime, Some(value)) {
                        Value::DateTime(at) => Some(at),
                        _ => None,
                    }
                });
                Ok::<_, workdesk_api::Error>((index, page.count, oldest))
            });
        }
        let Some(done) = running.join_next().await else {
            break;
        };
        let (index, count, oldest) =
            done.unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic()))?;
        answers[index] = Some((count, oldest));
    }
    let mut records = if whole {
        answers.pop().flatten().map(|(count, _)| count)
    } else {
        None
    };
    let amounts = if amounts.is_some() {
        answers.pop().flatten().map(|(count, _)| count)
    } else {
        None
    };
    if resource == ResourceName::Lead {
        // Every lead has one of the statuses counted, or another, or none.
        records = Some(
            answers
                .iter()
                .zip(&specs)
                .filter(|(_, spec)| {
                    matches!(spec.measure, Measure::Status { .. } | Measure::OtherStatus)
                })
                .map(|(answer, _)| answer.map_or(0, |(count, _)| count))
                .sum(),
        );
    }
    let figures = specs
        .into_iter()
        .zip(answers)
        .map(|(spec, answer)| {
            let (count, oldest) = answer.expect("every request answered");
            Figure {
                measure: spec.measure,
                count,
                sum: None,
                oldest,
                opens: spec.opens,
            }
        })
        .collect();
    Ok(Counted::Figures {
        figures,
        requests,
        records,
        amounts,
    })
}

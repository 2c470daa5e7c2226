//! Figures from the service's counts: one `take=1` request per figure with
//! its conditions, read for the page's `count` (and, sorted oldest first,
//! the first record's date). No sums: those need every record.

use chrono::{DateTime, Utc};
use tokio::task::JoinSet;
use workdesk_api::ResourceName;
use workdesk_query::{FieldType, Value};

use super::plan::{self, Calendar, From};
use super::{Figure, Measure};
use crate::download::reserve_of;
use crate::error::Result;
use crate::replica::Replica;

/// The most requests an overview sends, every part from the service: 7
/// for each kind of invoice (this month, last month, the same month last
/// year, errors, drafts, the whole list, the records its amounts would
/// walk), 3 for tasks, 9 for leads (this and last month, six statuses, the
/// rest).
pub const SERVICE_REQUESTS_MAX: u32 = 26;

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
    let specs = plan::specs(resource, calendar, &From::Service);
    // The whole list's count: what making it available offline costs.
    let whole = matches!(
        resource,
        ResourceName::SupplierInvoice | ResourceName::CustomerInvoice
    );
    // And the records the amounts would walk.
    let amounts = plan::amounts_filters(resource, calendar);
    let requests = u32::try_from(specs.len()).unwrap_or(u32::MAX)
        + u32::from(whole)
        + u32::from(amounts.is_some());
    let budget = replica.service()?.rate_limit();
    if let (Some(limit), Some(remaining)) = (budget.limit, budget.remaining) {
        if remaining < reserve_of(limit).saturating_add(requests) {
            return Ok(Counted::KeepReserve {
                reset: budget.reset,
            });
        }
    }
    let dated = plan::dated_by(resource);
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

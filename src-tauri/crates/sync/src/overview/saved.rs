//! Figures over every saved record of a list made available offline: each
//! figure's conditions, checked once into the shared engine's plan, tested
//! on every saved record in one pass (typed values from the cache's
//! in-memory index, nothing unsealed again).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use workdesk_api::{CheckedView, ListView, ResourceName, Take};
use workdesk_query::{FieldPath, FieldType, Value};

use super::plan::{self, Calendar, From};
use super::{Figure, Measure};
use crate::error::Result;
use crate::replica::{checked, Replica};

struct Tally {
    count: u64,
    /// `None` once the sum passed what a decimal holds.
    sum: Option<Decimal>,
    oldest: Option<DateTime<Utc>>,
}

/// The figures of `resource` over its saved records, and how many are
/// saved.
///
/// # Errors
/// [`crate::Error::KeyRefused`]; [`crate::Error::Cache`] for SQLite failures.
pub(crate) fn figures(
    replica: &Replica,
    resource: ResourceName,
    calendar: &Calendar,
) -> Result<(Vec<Figure>, u64)> {
    let schema = resource.schema();
    let cache = replica.saved()?;
    cache.flush();
    let statuses = if resource == ResourceName::Lead {
        lead_statuses(replica)?
    } else {
        Vec::new()
    };
    let specs = plan::specs(
        resource,
        calendar,
        &From::Saved {
            statuses: &statuses,
        },
    );
    let views: Vec<CheckedView> = specs
        .iter()
        .map(|spec| {
            checked(
                resource,
                &ListView {
                    page: 1,
                    take: Take::Count(1),
                    fields: None,
                    sort: spec.opens.sort.clone(),
                    filters: spec.opens.filters.clone(),
                    widths: None,
                    search: String::new(),
                },
            )
        })
        .collect::<Result<_>>()?;
    let money = plan::summed(resource).map(FieldPath::field);
    let dated = plan::dated_by(resource).map(FieldPath::field);
    let oldest_wanted: Vec<bool> = specs
        .iter()
        .map(|spec| matches!(spec.measure, Measure::Status { .. }) && money.is_some())
        .collect();
    let mut tallies: Vec<Tally> = specs
        .iter()
        .map(|_| Tally {
            count: 0,
            sum: Some(Decimal::ZERO),
            oldest: None,
        })
        .collect();
    let mut saved = 0;
    cache.each_saved(schema, |record| {
        saved += 1;
        let amount =
            money.as_ref().and_then(
                |path| match record.value(path, FieldType::Decimal).as_ref() {
                    Value::Decimal(amount) => Some(*amount),
                    _ => None,
                },
            );
        for ((view, tally), oldest) in views.iter().zip(&mut tallies).zip(&oldest_wanted) {
            if !view.plan().matches(record) {
                continue;
            }
            tally.count += 1;
            if let (Some(sum), Some(amount)) = (tally.sum, amount) {
                tally.sum = sum.checked_add(amount);
            }
            if *oldest {
                if let Some(path) = &dated {
                    if let Value::DateTime(at) = record.value(path, FieldType::DateTime).as_ref() {
                        tally.oldest = Some(tally.oldest.map_or(*at, |o| o.min(*at)));
                    }
                }
            }
        }
    })?;
    let figures = specs
        .into_iter()
        .zip(tallies)
        .map(|(spec, tally)| Figure {
            measure: spec.measure,
            count: tally.count,
            sum: money.as_ref().and(tally.sum).map(|sum| sum.to_string()),
            oldest: tally.oldest,
            opens: spec.opens,
        })
        .collect();
    Ok((figures, saved))
}

/// Every lead `status` saved, most frequent first (ties by value), `None`
/// last for leads without one.
fn lead_statuses(replica: &Replica) -> Result<Vec<Option<String>>> {
    let status = FieldPath::field("status");
    let mut seen: BTreeMap<Option<String>, u64> = BTreeMap::new();
    replica
        .saved()?
        .each_saved(ResourceName::Lead.schema(), |record| {
            let value = match record.value(&status, FieldType::String).as_ref() {
                Value::String(text) => Some(text.clone()),
                _ => None,
            };
            *seen.entry(value).or_default() += 1;
        })?;
    let mut statuses: Vec<(Option<String>, u64)> = seen.into_iter().collect();
    statuses.sort_by(|(a, x), (b, y)| a.is_none().cmp(&b.is_none()).then(y.cmp(x)).then(a.cmp(b)));
    Ok(statuses.into_iter().map(|(status, _)| status).collect())
}

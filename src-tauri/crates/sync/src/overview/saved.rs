//! Figures over every saved record of a list made available offline, in
//! one pass ([`Tallies`]) over typed values from the cache's in-memory
//! index (nothing unsealed again).

use std::collections::BTreeMap;

use workdesk_api::ResourceName;
use workdesk_query::{FieldPath, FieldType, Value};

use super::plan::{self, Calendar, From};
use super::tally::Tallies;
use super::Figure;
use crate::error::Result;
use crate::replica::Replica;

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
    let mut tallies = Tallies::new(resource, specs)?;
    let mut saved = 0;
    cache.each_saved(schema, |record| {
        saved += 1;
        tallies.add(record);
    })?;
    let figures = tallies.figures();
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

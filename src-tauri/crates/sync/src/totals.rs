//! The sums under a list: each money column added up over the whole
//! filtered list, from the saved records of a list made available offline.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::Value as Json;
use workdesk_api::{ListView, ResourceName, Take};

use crate::download::PAGE_SIZE;
use crate::error::Result;
use crate::replica::{checked, Replica};

/// The sums of a whole filtered list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Totals {
    /// Records the view selects.
    pub count: u64,
    /// Each field asked for, its sum as an exact decimal string
    /// (`"1234567.89"`); a field whose sum would pass 28 significant
    /// digits is left out rather than rounded.
    pub sums: BTreeMap<String, String>,
    /// When the saved list was last brought up to date whole (UTC).
    pub refreshed_at: Option<DateTime<Utc>>,
}

impl Replica {
    /// The count and the sums of `fields` (decimals: money) over every
    /// record `view` of `resource` selects (its filters; page, take and
    /// sort ignored), from the saved records, with the shared engine. Only
    /// for a list made available offline: `None` otherwise, since the
    /// saved records would give a partial sum. Values that are not
    /// decimals (`null`) are skipped.
    ///
    /// # Errors
    /// [`Error::Refused`](crate::Error::Refused) (keyed `filters.<index>`) for what the saved
    /// records cannot answer; [`Error::Cache`](crate::Error::Cache) for SQLite failures.
    pub fn saved_totals(
        &self,
        resource: ResourceName,
        view: &ListView,
        fields: &[String],
    ) -> Result<Option<Totals>> {
        let schema = resource.schema();
        let state = self.cache().state(schema)?;
        if !state.complete {
            return Ok(None);
        }
        self.cache().flush();
        let mut sums: BTreeMap<&str, Option<Decimal>> = fields
            .iter()
            .map(|f| (f.as_str(), Some(Decimal::ZERO)))
            .collect();
        let mut count = 0;
        for page in 1.. {
            let page_view = ListView {
                page,
                take: Take::Count(PAGE_SIZE),
                fields: Some(fields.iter().cloned().chain(["id".to_owned()]).collect()),
                sort: Vec::new(),
                filters: view.filters.clone(),
                widths: None,
                search: view.search.clone(),
            };
            let view = checked(resource, &page_view)?;
            let Some(answer) = self.answer_saved(&view)? else {
                break;
            };
            count = answer.count;
            for record in &answer.records {
                for (field, sum) in &mut sums {
                    let value = record.get(*field).and_then(Json::as_str);
                    if let (Some(total), Some(value)) =
                        (sum.as_mut(), value.and_then(|v| v.parse::<Decimal>().ok()))
                    {
                        *sum = total.checked_add(value);
                    }
                }
            }
            if u64::from(page) * u64::from(PAGE_SIZE) >= answer.count {
                break;
            }
        }
        Ok(Some(Totals {
            count,
            sums: sums
                .into_iter()
                .filter_map(|(field, sum)| Some((field.to_owned(), sum?.to_string())))
                .collect(),
            refreshed_at: state.refreshed_at,
        }))
    }
}

//! Figures tallied record by record: each figure's conditions, checked once
//! into the shared engine's plan, tested on every record given (saved
//! records from the cache's index, or records a walk of the service
//! fetched), counting them, summing their money exactly and keeping the
//! oldest date where wanted.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use workdesk_api::{CheckedView, ResourceName};
use workdesk_query::{FieldPath, FieldType, Record, Value};

use super::plan::{self, Spec};
use super::Figure;
use crate::error::Result;

struct Tally {
    count: u64,
    /// `None` once the sum passed what a decimal holds.
    sum: Option<Decimal>,
    oldest: Option<DateTime<Utc>>,
}

/// The running tallies of `specs`.
pub(crate) struct Tallies {
    specs: Vec<Spec>,
    views: Vec<CheckedView>,
    oldest_wanted: Vec<bool>,
    money: Option<FieldPath>,
    dated: Option<FieldPath>,
    tallies: Vec<Tally>,
}

impl Tallies {
    /// Nothing counted yet for `specs` of `resource`.
    ///
    /// # Errors
    /// [`crate::Error::Api`] when a figure's conditions do not check (a bug:
    /// they are built here).
    pub fn new(resource: ResourceName, specs: Vec<Spec>) -> Result<Tallies> {
        let views = specs
            .iter()
            .map(|spec| {
                plan::count_view(
                    resource,
                    spec.opens.filters.clone(),
                    spec.opens.sort.clone(),
                    None,
                )
            })
            .collect::<Result<_>>()?;
        let money = plan::summed(resource).map(FieldPath::field);
        let oldest_wanted = specs
            .iter()
            .map(|spec| plan::wants_oldest(resource, &spec.measure))
            .collect();
        let tallies = specs
            .iter()
            .map(|_| Tally {
                count: 0,
                sum: Some(Decimal::ZERO),
                oldest: None,
            })
            .collect();
        Ok(Tallies {
            specs,
            views,
            oldest_wanted,
            money,
            dated: plan::dated_by(resource).map(FieldPath::field),
            tallies,
        })
    }

    /// Counts `record` in every figure whose conditions it meets.
    pub fn add<R: Record + ?Sized>(&mut self, record: &R) {
        let amount = self.money.as_ref().and_then(|path| {
            match record.value(path, FieldType::Decimal).as_ref() {
                Value::Decimal(amount) => Some(*amount),
                _ => None,
            }
        });
        for ((view, tally), oldest) in self
            .views
            .iter()
            .zip(&mut self.tallies)
            .zip(&self.oldest_wanted)
        {
            if !view.saved_form().1.matches(record) {
                continue;
            }
            tally.count += 1;
            if let (Some(sum), Some(amount)) = (tally.sum, amount) {
                tally.sum = sum.checked_add(amount);
            }
            if *oldest {
                if let Some(path) = &self.dated {
                    if let Value::DateTime(at) = record.value(path, FieldType::DateTime).as_ref() {
                        tally.oldest = Some(tally.oldest.map_or(*at, |o| o.min(*at)));
                    }
                }
            }
        }
    }

    /// The figures, in the specs' order; sums only where the resource has
    /// money.
    pub fn figures(self) -> Vec<Figure> {
        let money = self.money.is_some();
        self.specs
            .into_iter()
            .zip(self.tallies)
            .map(|(spec, tally)| Figure {
                measure: spec.measure,
                count: tally.count,
                sum: tally.sum.filter(|_| money).map(|sum| sum.to_string()),
                oldest: tally.oldest,
                opens: spec.opens,
            })
            .collect()
    }
}

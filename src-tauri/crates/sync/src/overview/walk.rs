//! The overview's amounts from the service, for a list not saved: every
//! record of the months read and every one in error or provisional, walked
//! 200 a page as an export walks (progress after each page, cancellable,
//! pausing before the last 10 % of the key's budget), tallied by the same
//! conditions the saved records are.

use chrono::{DateTime, TimeZone, Utc};
use workdesk_api::{ListView, ResourceName, Take};
use workdesk_query::{Problem, ValidationErrors};

use super::plan::{self, Calendar, From};
use super::tally::Tallies;
use super::{Part, PartSource};
use crate::download::{Phase, Progress, Run, PAGE_SIZE};
use crate::error::{Error, Result};
use crate::replica::Replica;
use crate::CancellationToken;

impl Replica {
    /// The part of `resource` (supplier or customer invoices) with every
    /// figure and its exact sum, from the service's records at `now` (whose
    /// time zone cuts the months): as many requests as
    /// [`PartSource::Service`] `amounts` said (one per 200 records).
    /// `report` gets [`Progress`] (phase `summing`) after every page and
    /// pause; `cancel` stops it.
    ///
    /// # Errors
    /// [`Error::Cancelled`]; [`Error::WorkingOffline`]; [`Error::Refused`]
    /// (keyed `resource`) for a resource without amounts; the service's
    /// errors.
    pub async fn overview_amounts<Tz: TimeZone>(
        &self,
        resource: ResourceName,
        now: &DateTime<Tz>,
        report: impl FnMut(&Progress) + Send,
        cancel: &CancellationToken,
    ) -> Result<Part<Error>> {
        self.service()?;
        let calendar = Calendar::on(now);
        let Some(filters) = plan::amounts_filters(resource, &calendar) else {
            let mut refused = ValidationErrors::default();
            refused.add_problem("resource", Problem::new("amounts_of_invoices_only", []));
            return Err(Error::Refused(refused));
        };
        let specs = plan::specs(resource, &calendar, &From::Saved { statuses: &[] });
        let mut tallies = Tallies::new(resource, specs)?;
        let fields = plan::amounts_fields(resource);
        let mut run = Run::new(self, resource, cancel, report, Phase::Summing);
        run.walk(
            |page| ListView {
                page,
                take: Take::Count(PAGE_SIZE),
                fields: Some(fields.clone()),
                filters: filters.clone(),
                ..ListView::default()
            },
            |records| {
                for record in &records {
                    tallies.add(record);
                }
                Ok(())
            },
        )
        .await?;
        Ok(Part {
            resource,
            source: PartSource::Service {
                at: Utc::now(),
                requests: run.progress.pages_done,
                records: None,
                amounts: None,
                offline_requests: None,
                amounts_requests: None,
            },
            figures: tallies.figures(),
        })
    }
}

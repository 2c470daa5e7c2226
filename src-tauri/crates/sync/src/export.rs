//! "Export…": every record of a list's current view (all its pages, its
//! filters and sort, the columns shown) written to a file, from the
//! service within the key's budget, or from the saved records.

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio_util::sync::CancellationToken;
use workdesk_api::{JsonRecord, ListView, ResourceName, Take};
use workdesk_export::Sheet;

use crate::download::{pages_for, Phase, Progress, Run, PAGE_SIZE};
use crate::error::{Error, Result};
use crate::replica::{checked, Replica};

/// Where an export reads its records.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ExportSource {
    /// The service, 200 records a request, never spending the last 10 % of
    /// the key's hourly budget.
    Service,
    /// The records saved on this computer: "Work offline" is on, or the
    /// list was made available offline.
    SavedRecords {
        /// Records of the resource saved.
        saved: u64,
        /// Whether every record of the list is saved (made available
        /// offline); `false` when only the pages seen are.
        complete: bool,
        /// When the list was last brought up to date whole (UTC), else
        /// `null`.
        refreshed_at: Option<DateTime<Utc>>,
    },
}

impl Replica {
    /// Where an export of `resource` reads: saved records when "Work
    /// offline" is on or the list was made available offline, otherwise
    /// the service.
    ///
    /// # Errors
    /// [`Error::Cache`] for SQLite failures.
    pub fn export_source(&self, resource: ResourceName) -> Result<ExportSource> {
        let schema = resource.schema();
        let state = self.cache().state(schema)?;
        if self.working_offline() || state.complete {
            self.cache().flush();
            Ok(ExportSource::SavedRecords {
                saved: self.cache().saved_count(schema)?,
                complete: state.complete,
                refreshed_at: state.refreshed_at,
            })
        } else {
            Ok(ExportSource::Service)
        }
    }

    /// Writes every record `view` of `resource` selects to `sheet`, as
    /// [`Replica::each_record`] reads them. Returns the source the records
    /// came from.
    ///
    /// # Errors
    /// Those of [`Replica::each_record`]; [`Error::Export`] when the file
    /// cannot be written.
    pub async fn export(
        &self,
        resource: ResourceName,
        view: &ListView,
        sheet: &mut Sheet,
        report: impl FnMut(&Progress) + Send,
        cancel: &CancellationToken,
    ) -> Result<ExportSource> {
        self.each_record(
            resource,
            view,
            |record| Ok(sheet.write(record)?),
            report,
            cancel,
        )
        .await
    }

    /// Calls `each` with every record `view` of `resource` selects (all
    /// pages, in its sort order; its `page` and `take` are ignored), from
    /// [`Replica::export_source`]: what "Export…" writes and "Print" ›
    /// "All rows" shows. When the saved records cannot answer the view (a
    /// related record's name) and the service can be reached, the service
    /// answers instead. `report` gets [`Progress`] (phase `exporting`)
    /// after every page and pause; from the service, it pauses before the
    /// last 10 % of the key's budget and goes on after the reset. `cancel`
    /// stops it between or during pages. Returns the source the records
    /// came from.
    ///
    /// # Errors
    /// [`Error::Cancelled`]; [`Error::Refused`] (keyed `filters.<index>`,
    /// `sort`, `fields`) offline for what the saved records cannot answer;
    /// the error `each` returns, which stops the walk; the service's
    /// errors.
    pub async fn each_record(
        &self,
        resource: ResourceName,
        view: &ListView,
        mut each: impl FnMut(&JsonRecord) -> Result<()> + Send,
        report: impl FnMut(&Progress) + Send,
        cancel: &CancellationToken,
    ) -> Result<ExportSource> {
        let mut run = Run::new(self, resource, cancel, report, Phase::Exporting);
        let page_of = |page| ListView {
            page,
            take: Take::Count(PAGE_SIZE),
            ..view.clone()
        };
        let source = self.export_source(resource)?;
        if source != ExportSource::Service {
            let mut given = 0u64;
            let saved = self
                .each_saved(&mut run, page_of, |record| {
                    given += 1;
                    each(record)
                })
                .await;
            match saved {
                Err(Error::Refused(_)) if !self.working_offline() && given == 0 => {}
                other => return other.map(|()| source),
            }
        }
        run.walk(page_of, |records| {
            if resource == ResourceName::Lead {
                self.note_lead_statuses(&records);
            }
            records.iter().try_for_each(&mut each)
        })
        .await?;
        Ok(ExportSource::Service)
    }

    async fn each_saved<F: FnMut(&Progress) + Send>(
        &self,
        run: &mut Run<'_, F>,
        page_of: impl Fn(u32) -> ListView,
        mut each: impl FnMut(&JsonRecord) -> Result<()>,
    ) -> Result<()> {
        let resource = run.resource();
        self.cache().flush();
        let mut page = 1u32;
        loop {
            if run.cancelled() {
                return Err(Error::Cancelled);
            }
            let view = checked(resource, &page_of(page))?;
            let Some(answer) = self.answer_saved(&view)? else {
                break;
            };
            answer.records.iter().try_for_each(&mut each)?;
            let pages = pages_for(answer.count);
            run.progress.pages_total = Some(pages);
            run.progress.records_total = Some(answer.count);
            run.progress.pages_done = page;
            run.progress.records += answer.records.len() as u64;
            run.report();
            if page >= pages {
                break;
            }
            page += 1;
            // Lets a cancel and other work in between pages.
            tokio::task::yield_now().await;
        }
        Ok(())
    }
}

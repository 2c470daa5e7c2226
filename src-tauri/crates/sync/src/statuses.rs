//! The lead statuses seen: the service does not document a lead's
//! `status` (open text, `docs/service.md`, "Enumerations"), so Workdesk
//! never assumes a list of them. The statuses are those the service
//! returned: the distinct `status` of the saved leads, and of every lead
//! read from the service (pages of a list, a download, the board's walk,
//! an edit's answer), remembered per workspace in the sealed saved data
//! ([`workdesk_cache::Cache::lead_statuses`]) so that they outlive the
//! records that showed them.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value as Json;
use workdesk_api::{JsonRecord, ListView, ResourceName, SortSpec, Take};
use workdesk_query::{FieldPath, FieldType, Value};

use crate::error::Result;
use crate::replica::{checked, Replica};

/// A lead status the service returned, and how many saved leads hold it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct StatusSeen {
    /// The value, as the service sent it.
    pub status: String,
    /// Saved leads with this status (0 for one only remembered).
    pub saved: u64,
}

/// The leads a sample of the service's statuses reads when none was seen
/// yet (one request: the newest [`crate::PAGE_SIZE`]).
pub const SAMPLE_LEADS: u8 = crate::PAGE_SIZE;

/// The statuses of `records` (leads), in order, each once.
fn statuses_of(records: &[JsonRecord]) -> Vec<&str> {
    let mut seen: Vec<&str> = Vec::new();
    for record in records {
        if let Some(Json::String(status)) = record.get("status") {
            if !seen.contains(&status.as_str()) {
                seen.push(status);
            }
        }
    }
    seen
}

impl Replica {
    /// Remembers the statuses of `records`, leads the service returned
    /// (records without a `status` field change nothing). A failure to
    /// write is logged: the statuses are learnt again from later answers.
    pub fn note_lead_statuses(&self, records: &[JsonRecord]) {
        let statuses = statuses_of(records);
        if statuses.is_empty() {
            return;
        }
        if let Err(err) = self.cache().note_lead_statuses(statuses) {
            log::warn!("the lead statuses seen could not be noted: {err}");
        }
    }

    /// Every lead status seen in this workspace, in the order first seen
    /// (stable: a new one comes last), each with its saved leads. Saved
    /// leads' statuses not remembered yet are remembered first (most held
    /// first). Reads saved data only: nothing is sent.
    ///
    /// # Errors
    /// [`crate::Error::KeyRefused`]; [`crate::Error::Cache`] for SQLite
    /// failures.
    pub fn lead_statuses_seen(&self) -> Result<Vec<StatusSeen>> {
        let cache = self.saved()?;
        cache.flush();
        let status = FieldPath::field("status");
        let mut saved: HashMap<String, u64> = HashMap::new();
        cache.each_saved(ResourceName::Lead.schema(), |record| {
            if let Value::String(text) = record.value(&status, FieldType::String).as_ref() {
                if !text.trim().is_empty() {
                    *saved.entry(text.clone()).or_default() += 1;
                }
            }
        })?;
        let remembered = cache.lead_statuses()?;
        let mut new: Vec<(&String, &u64)> = saved
            .iter()
            .filter(|(status, _)| !remembered.contains(status))
            .collect();
        new.sort_by(|(a, x), (b, y)| y.cmp(x).then(a.cmp(b)));
        if !new.is_empty() {
            cache.note_lead_statuses(new.iter().map(|(status, _)| status.as_str()))?;
        }
        Ok(cache
            .lead_statuses()?
            .into_iter()
            .map(|status| StatusSeen {
                saved: saved.get(&status).copied().unwrap_or(0),
                status,
            })
            .collect())
    }

    /// Every saved record of `resource` with only `fields` (as JSON,
    /// `null` where absent), read from the cache's in-memory index:
    /// nothing is unsealed again, so it is what a screen over thousands of
    /// saved records (the leads board) reads instead of pages. In saved
    /// order.
    ///
    /// # Errors
    /// [`crate::Error::KeyRefused`]; [`crate::Error::Cache`] for SQLite
    /// failures.
    pub fn saved_fields(&self, resource: ResourceName, fields: &[&str]) -> Result<Vec<JsonRecord>> {
        let cache = self.saved()?;
        cache.flush();
        let paths: Vec<(&str, FieldPath)> = fields
            .iter()
            .map(|name| (*name, FieldPath::field(*name)))
            .collect();
        let mut records = Vec::new();
        cache.each_saved(resource.schema(), |record| {
            records.push(
                paths
                    .iter()
                    .map(|(name, path)| {
                        let value = record.get(path).map_or(Json::Null, |v| v.into_owned());
                        ((*name).to_owned(), value)
                    })
                    .collect(),
            );
        })?;
        Ok(records)
    }

    /// Learns the service's lead statuses from one page of its newest
    /// leads ([`SAMPLE_LEADS`], `id` and `status` only): what the overview
    /// asks when no status was seen yet. Returns the statuses seen after.
    ///
    /// # Errors
    /// [`crate::Error::WorkingOffline`]; the service's errors.
    pub async fn sample_lead_statuses(&self) -> Result<Vec<StatusSeen>> {
        let view = checked(
            ResourceName::Lead,
            &ListView {
                page: 1,
                take: Take::Count(SAMPLE_LEADS),
                fields: Some(vec!["id".to_owned(), "status".to_owned()]),
                sort: vec![SortSpec {
                    field: "created_at".to_owned(),
                    descending: true,
                }],
                ..ListView::default()
            },
        )?;
        let page = self.service()?.list_checked(&view).await?;
        self.note_lead_statuses(&page.results);
        self.lead_statuses_seen()
    }
}

//! Audit fields of seeded records (docs/service.md, "Common field rules":
//! `created_at`, `updated_at`, `deleted_at`, `created_by`, `updated_by`,
//! `deleted_by`, `member`; `audit_status` C/U/D).

use chrono::{DateTime, Days, NaiveDate, NaiveTime, TimeDelta, Utc};
use rand::Rng;
use serde_json::Value as Json;
use uuid::Uuid;

use super::pick;
use crate::data::Row;

/// Who created a record and when, and whether it was updated since.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Audit {
    pub created_at: DateTime<Utc>,
    pub created_by: Uuid,
    /// `(updated_at, updated_by)` of an updated record (`audit_status` U).
    pub updated: Option<(DateTime<Utc>, Uuid)>,
}

impl Audit {
    /// Created at `created_at` by one of `members`; about 30 % of records
    /// were updated by one of them between an hour and 30 days later.
    pub fn draw(rng: &mut impl Rng, members: &[Uuid], created_at: DateTime<Utc>) -> Audit {
        let created_by = pick(rng, members);
        let updated = rng.random_bool(0.3).then(|| {
            (
                created_at + TimeDelta::minutes(rng.random_range(60..=30 * 24 * 60)),
                pick(rng, members),
            )
        });
        Audit {
            created_at,
            created_by,
            updated,
        }
    }

    /// Sets the audit fields of `row`: `created_at`, `created_by`,
    /// `updated_at`/`updated_by` (null unless updated), `deleted_at` and
    /// `deleted_by` null and, where the resource has them, `audit_status`
    /// (`C` or `U`) and `member` (the creator).
    pub fn apply(&self, row: Row) -> Row {
        let schema = row.schema();
        let mut row = row
            .with("created_at", self.created_at)
            .with("created_by", self.created_by)
            .with("updated_at", self.updated.map(|(at, _)| at))
            .with("updated_by", self.updated.map(|(_, by)| by))
            .with("deleted_at", Json::Null)
            .with("deleted_by", Json::Null);
        if schema.field("audit_status").is_some() {
            row.set(
                "audit_status",
                if self.updated.is_some() { "U" } else { "C" },
            );
        }
        if schema.field("member").is_some() {
            row.set("member", self.created_by);
        }
        row
    }
}

/// An instant on one of the `days` days from `first` (inclusive), between
/// 07:00:00 and 18:59:59 UTC.
pub(crate) fn instant(rng: &mut impl Rng, first: NaiveDate, days: u64) -> DateTime<Utc> {
    let day = first + Days::new(rng.random_range(0..days.max(1)));
    let time = NaiveTime::from_hms_opt(
        rng.random_range(7..19),
        rng.random_range(0..60),
        rng.random_range(0..60),
    )
    .expect("valid time");
    day.and_time(time).and_utc()
}

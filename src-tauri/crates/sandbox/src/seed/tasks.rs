//! Tasks of one workspace (docs/service.md, "Task").

use chrono::{NaiveDate, TimeDelta};
use rand::Rng;
use workdesk_query::resources::TASK;

use super::audit::{instant, Audit};
use super::names::{RECURRENCE_RULES, TASK_DESCRIPTIONS, TASK_STATUSES, TASK_TITLES};
use super::references::References;
use super::stakeholders::Party;
use super::{pick, uuid};
use crate::data::Row;

/// Draws `count` tasks about `parties`, in creation order (`created_at`
/// ascending, the default list order). `priority` is 1..=5 or null,
/// `completed_at` is set exactly for `done` tasks.
pub(crate) fn draw(
    references: &References,
    parties: &[Party],
    count: usize,
    rng: &mut impl Rng,
) -> Vec<Row> {
    let first = NaiveDate::from_ymd_opt(2025, 1, 2).expect("valid date");
    let mut created: Vec<_> = (0..count).map(|_| instant(rng, first, 300)).collect();
    created.sort_unstable();
    created
        .into_iter()
        .map(|created_at| {
            let party: &Party = &parties[rng.random_range(0..parties.len())];
            let status = pick(rng, TASK_STATUSES);
            let start = created_at + TimeDelta::days(rng.random_range(0..=14));
            let audit = Audit::draw(rng, &references.members, created_at);
            let row = Row::new(&TASK, uuid(rng))
                .with("title", pick(rng, TASK_TITLES).replace("{}", &party.name))
                .with(
                    "description",
                    rng.random_bool(0.6).then(|| pick(rng, TASK_DESCRIPTIONS)),
                )
                .with("status", status)
                .with("start", rng.random_bool(0.8).then_some(start))
                .with(
                    "priority",
                    rng.random_bool(0.85).then(|| rng.random_range(1..=5_i64)),
                )
                .with(
                    "recurrence_rule",
                    rng.random_bool(0.15).then(|| pick(rng, RECURRENCE_RULES)),
                )
                .with(
                    "expiry",
                    rng.random_bool(0.6)
                        .then(|| start + TimeDelta::days(rng.random_range(1..=30))),
                )
                .with(
                    "completed_at",
                    (status == "done").then(|| start + TimeDelta::hours(rng.random_range(1..=72))),
                )
                .with(
                    "assigned_to_user",
                    rng.random_bool(0.75)
                        .then(|| pick(rng, &references.members)),
                );
            audit.apply(row)
        })
        .collect()
}

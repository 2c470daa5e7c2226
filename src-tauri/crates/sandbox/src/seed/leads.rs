//! Leads of one workspace (docs/service.md, "Lead").

use chrono::NaiveDate;
use rand::Rng;
use uuid::Uuid;
use workdesk_query::resources::LEAD;

use super::audit::{instant, Audit};
use super::names::{LEAD_SOURCES, LEAD_STATUSES};
use super::references::References;
use super::stakeholders::Party;
use super::{pick, uuid};
use crate::data::Row;

/// Draws `count` leads in creation order (`created_at` ascending, the
/// default list order). `person` / `company` are the `person_or_company_id`
/// of a person / company stakeholder (each null for some leads).
pub(crate) fn draw(
    references: &References,
    parties: &[Party],
    count: usize,
    rng: &mut impl Rng,
) -> Vec<Row> {
    let persons: Vec<Uuid> = parties
        .iter()
        .filter(|p| !p.is_company)
        .map(|p| p.person_or_company)
        .collect();
    let companies: Vec<Uuid> = parties
        .iter()
        .filter(|p| p.is_company)
        .map(|p| p.person_or_company)
        .collect();
    let first = NaiveDate::from_ymd_opt(2025, 2, 3).expect("valid date");
    let mut created: Vec<_> = (0..count).map(|_| instant(rng, first, 240)).collect();
    created.sort_unstable();
    created
        .into_iter()
        .map(|created_at| {
            let audit = Audit::draw(rng, &references.members, created_at);
            let row = Row::new(&LEAD, uuid(rng))
                .with(
                    "source",
                    rng.random_bool(0.9).then(|| pick(rng, LEAD_SOURCES)),
                )
                .with("status", pick(rng, LEAD_STATUSES))
                .with(
                    "user_member",
                    rng.random_bool(0.8).then(|| pick(rng, &references.members)),
                )
                .with(
                    "person",
                    (!persons.is_empty() && rng.random_bool(0.7)).then(|| pick(rng, &persons)),
                )
                .with(
                    "company",
                    (!companies.is_empty() && rng.random_bool(0.5)).then(|| pick(rng, &companies)),
                );
            audit.apply(row)
        })
        .collect()
}

//! Stakeholders (persons and companies) and the customers among them
//! (docs/service.md, "Stakeholder", "Customer").

use std::sync::Arc;

use chrono::{Days, NaiveDate};
use rand::Rng;
use rust_decimal::Decimal;
use uuid::Uuid;
use workdesk_query::resources::{CUSTOMER, STAKEHOLDER};

use super::audit::{instant, Audit};
use super::names::{self, NOTABLE_COMPANIES};
use super::references::References;
use super::{pick, uuid};
use crate::data::{DocumentType, Named, Party as Customer, Row};

/// What other records need to know of a seeded stakeholder.
#[derive(Debug, Clone)]
pub(crate) struct Party {
    /// The stakeholder's id.
    pub id: Uuid,
    pub name: Arc<str>,
    pub document_number: String,
    /// The underlying person or company (`person_or_company_id`), which
    /// leads reference as `person` / `company`.
    pub person_or_company: Uuid,
    pub is_company: bool,
}

/// Stakeholders are created between 2024-11-01 and 2025-10-31.
fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, 11, 1).expect("valid date")
}

/// Draws `count` stakeholders in creation order (`created_at` ascending,
/// the default list order). When `notable` is set the first ones are the
/// companies of [`NOTABLE_COMPANIES`]; about 40 % of the others are
/// companies (document type NIT, with a verification digit), the rest
/// persons.
pub(crate) fn draw(
    references: &References,
    count: usize,
    notable: bool,
    rng: &mut impl Rng,
) -> (Vec<Row>, Vec<Party>) {
    let mut created: Vec<_> = (0..count).map(|_| instant(rng, first_day(), 365)).collect();
    created.sort_unstable();
    let mut rows = Vec::with_capacity(count);
    let mut parties = Vec::with_capacity(count);
    for (index, created_at) in created.into_iter().enumerate() {
        let fixed = NOTABLE_COMPANIES.get(index).filter(|_| notable);
        let is_company = fixed.is_some() || rng.random_bool(0.4);
        let name = match fixed {
            Some(name) => (*name).to_owned(),
            None if is_company => names::company(rng),
            None => names::person(rng),
        };
        let document_type = document_type(references, is_company, rng);
        let document_number = if is_company {
            rng.random_range(800_000_000_u32..=901_999_999).to_string()
        } else {
            rng.random_range(10_000_000_u32..=1_199_999_999).to_string()
        };
        let party = Party {
            id: uuid(rng),
            name: Arc::from(name.as_str()),
            document_number,
            person_or_company: uuid(rng),
            is_company,
        };
        let location = pick_named(rng, &references.geographic_locations);
        let audit = Audit::draw(rng, &references.members, created_at);
        let row = Row::new(&STAKEHOLDER, party.id)
            .with("name", name)
            .with("person_or_company_member_id", uuid(rng))
            .with("person_or_company_id", party.person_or_company)
            .with("is_company", is_company)
            .with("document_type_name", document_type.name)
            .with("document_number", party.document_number.as_str())
            .with("document_type", document_type.id)
            .with(
                "verification_digit",
                is_company.then(|| rng.random_range(0..10_u32).to_string()),
            )
            .with("geographic_location", location.id)
            .with_related("geographic_location", "name", &location.name)
            .with_related("document_type", "code", document_type.code)
            .with_related("document_type", "name", document_type.name);
        rows.push(audit.apply(row));
        parties.push(party);
    }
    (rows, parties)
}

/// A document type for a company (NIT) or a person (any other).
fn document_type<'r>(
    references: &'r References,
    is_company: bool,
    rng: &mut impl Rng,
) -> &'r DocumentType {
    let fitting: Vec<&DocumentType> = references
        .document_types
        .iter()
        .filter(|t| t.is_company == is_company)
        .collect();
    // Most persons have the first person type (Cédula de ciudadanía).
    if !is_company && rng.random_bool(0.7) {
        return fitting[0];
    }
    fitting[rng.random_range(0..fitting.len())]
}

fn pick_named<'n>(rng: &mut impl Rng, items: &'n [Named]) -> &'n Named {
    &items[rng.random_range(0..items.len())]
}

/// Draws `count` customers among `parties` (every third stakeholder, then
/// the others), in creation order. Returns the rows and each customer's id
/// and name (for `customer__name`).
pub(crate) fn customers(
    references: &References,
    parties: &[Party],
    count: usize,
    rng: &mut impl Rng,
) -> (Vec<Row>, Vec<Customer>) {
    let chosen = (0..parties.len())
        .step_by(3)
        .chain((0..parties.len()).filter(|i| i % 3 != 0))
        .take(count);
    let mut drafts: Vec<_> = chosen
        .map(|index| (instant(rng, first_day(), 365), &parties[index]))
        .collect();
    drafts.sort_by_key(|(created_at, _)| *created_at);
    let since_first = NaiveDate::from_ymd_opt(2015, 1, 1).expect("valid date");
    let mut rows = Vec::with_capacity(count);
    let mut named = Vec::with_capacity(count);
    for (created_at, party) in drafts {
        let id = uuid(rng);
        let audit = Audit::draw(rng, &references.members, created_at);
        let credit_limit = match rng.random_range(0..10) {
            0 => Decimal::new(0, 2),
            1..7 => Decimal::new(rng.random_range(1_000..=50_000) * 100_000, 2),
            _ => Decimal::new(rng.random_range(10_000_000..=999_999_999), 2),
        };
        let customer_since = rng
            .random_bool(0.9)
            .then(|| since_first + Days::new(rng.random_range(0..3_650)));
        let row = Row::new(&CUSTOMER, id)
            .with("name", &*party.name)
            .with("document_number", party.document_number.as_str())
            .with("stakeholder", party.id)
            .with(
                "customer_status",
                rng.random_bool(0.8)
                    .then(|| pick(rng, &references.customer_statuses)),
            )
            .with("is_active", rng.random_bool(0.85))
            .with("credit_limit", credit_limit)
            .with("customer_since", customer_since);
        rows.push(audit.apply(row));
        named.push(Customer {
            id,
            name: party.name.clone(),
            document_number: Arc::from(party.document_number.as_str()),
        });
    }
    (rows, named)
}

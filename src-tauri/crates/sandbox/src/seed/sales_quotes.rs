//! Sales quotes of one workspace (`/order/sales_quote/`; fields assumed,
//! see `workdesk_query::resources::SALES_QUOTE`).

use chrono::{DateTime, Datelike, TimeDelta, Utc};
use rand::Rng;
use rust_decimal::Decimal;
use workdesk_query::resources::SALES_QUOTE;

use super::amounts::Amounts;
use super::audit::Audit;
use super::names::SALES_DESCRIPTIONS;
use super::references::References;
use super::supplier_invoices::issue_date;
use super::{pick, uuid};
use crate::data::{Party, Row};

/// Draws `count` quotes for `customers`, in the default list order:
/// `issue_date` descending, ties by `id` ascending. `name` is
/// `COT-YYYY-NNNNN`, `quote_number` grows with time, `valid_until` is 15 to
/// 60 days after issue (null for about one in ten) and
/// `total = subtotal − discount_value` (no taxes on quotes).
pub(crate) fn draw(
    references: &References,
    customers: &[Party],
    count: usize,
    rng: &mut impl Rng,
) -> Vec<Row> {
    let mut dates: Vec<DateTime<Utc>> = (0..count).map(|_| issue_date(rng)).collect();
    dates.sort_unstable();
    let mut drafts = Vec::with_capacity(count);
    for (index, issued) in dates.into_iter().enumerate() {
        let id = uuid(rng);
        let number = u32::try_from(index + 1).expect("fewer than 2^31 quotes");
        let customer = &customers[rng.random_range(0..customers.len())];
        let amounts = Amounts::new(
            Decimal::new(rng.random_range(50_000..=20_000_000), 2),
            Decimal::new(pick(rng, &[0, 0, 0, 500, 1000]), 2),
            Decimal::ZERO,
            Decimal::ZERO,
        );
        let operation_status = match rng.random_range(0..100) {
            0..60 => "CO",
            60..95 => "PR",
            _ => "ER",
        };
        let created_at = issued + TimeDelta::minutes(rng.random_range(1..=120));
        let audit = Audit::draw(rng, &references.members, created_at);
        let row = Row::new(&SALES_QUOTE, id)
            .with("name", format!("COT-{}-{:05}", issued.year(), number))
            .with("quote_number", number)
            .with("issue_date", issued)
            .with(
                "valid_until",
                rng.random_bool(0.9)
                    .then(|| issued + TimeDelta::days(rng.random_range(15..=60))),
            )
            .with(
                "description",
                rng.random_bool(0.7).then(|| pick(rng, SALES_DESCRIPTIONS)),
            )
            .with("operation_status", operation_status)
            .with("subtotal", amounts.subtotal)
            .with("discount_value", amounts.discount_value)
            .with("total", amounts.total)
            .with("customer", customer.id)
            .with("branch_office", pick(rng, &references.branch_offices).id)
            .with(
                "salesman",
                rng.random_bool(0.8).then(|| pick(rng, &references.members)),
            )
            .with_related("customer", "name", &customer.name)
            .with_related("customer", "document_number", &customer.document_number);
        drafts.push((issued, id, audit.apply(row)));
    }
    drafts.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    drafts.into_iter().map(|(_, _, row)| row).collect()
}

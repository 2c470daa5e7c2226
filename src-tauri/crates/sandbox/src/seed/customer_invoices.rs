//! Customer invoices of one workspace (docs/service.md, "Customer invoice").

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, TimeDelta, Utc};
use rand::Rng;
use rust_decimal::Decimal;
use uuid::Uuid;
use workdesk_query::resources::CUSTOMER_INVOICE;

use super::amounts::Amounts;
use super::audit::Audit;
use super::catalog::{ERROR_REASONS, PENDING_REASON};
use super::names::{INVOICE_STATUSES, SALES_DESCRIPTIONS};
use super::references::References;
use super::supplier_invoices::issue_date;
use super::{pick, uuid};
use crate::data::{Party, Row};

/// Draws `count` customer invoices billed to `customers`, in the default
/// list order: `operation_date` descending, ties by `id` ascending.
///
/// `name` is `FV-YYYY-NNNNNN` (yearly sequence); money has two fraction
/// digits, `discount_value = subtotal × discount_percentage / 100` and
/// `total = subtotal − discount_value − additional_discount_value + VAT`,
/// VAT (19 % or 5 %) only when `apply_taxes_by` is true.
pub(crate) fn draw(
    references: &References,
    customers: &[Party],
    count: usize,
    rng: &mut impl Rng,
) -> Vec<Row> {
    let mut dates: Vec<DateTime<Utc>> = (0..count).map(|_| issue_date(rng)).collect();
    dates.sort_unstable();
    let mut yearly_sequence: BTreeMap<i32, u32> = BTreeMap::new();
    let mut drafts = Vec::with_capacity(count);
    for (index, operation_date) in dates.into_iter().enumerate() {
        let sequence = yearly_sequence.entry(operation_date.year()).or_default();
        *sequence += 1;
        let name = format!("FV-{}-{:06}", operation_date.year(), sequence);
        let number = u32::try_from(index + 1).expect("fewer than 2^31 invoices");
        let id = uuid(rng);
        let row = invoice(references, customers, id, name, number, operation_date, rng);
        drafts.push((operation_date, id, row));
    }
    drafts.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    drafts.into_iter().map(|(_, _, row)| row).collect()
}

fn invoice(
    references: &References,
    customers: &[Party],
    id: Uuid,
    name: String,
    operation_number: u32,
    operation_date: DateTime<Utc>,
    rng: &mut impl Rng,
) -> Row {
    let customer = &customers[rng.random_range(0..customers.len())];
    let operation_status = match rng.random_range(0..100) {
        0..75 => "CO",
        75..93 => "PR",
        _ => "ER",
    };
    let status_description = match operation_status {
        "ER" => Some(pick(rng, ERROR_REASONS)),
        "PR" if rng.random_bool(0.5) => Some(PENDING_REASON),
        _ => None,
    };
    let amounts = Amounts::draw(rng);
    let apply_taxes_by = amounts.vat_value_included > Decimal::ZERO;
    // Export sales carry an exchange rate and a trade term.
    let foreign = rng.random_bool(0.05);
    let branch_office = pick(rng, &references.branch_offices);
    let created_at = operation_date + TimeDelta::minutes(rng.random_range(5..=24 * 60));
    let audit = Audit::draw(rng, &references.members, created_at);
    let row = Row::new(&CUSTOMER_INVOICE, id)
        .with("name", name)
        .with("operation_number", operation_number)
        .with("operation_date", operation_date)
        .with(
            "description",
            rng.random_bool(0.8).then(|| pick(rng, SALES_DESCRIPTIONS)),
        )
        .with("operation_status", operation_status)
        .with("status_description", status_description)
        .with("invoice_status", pick(rng, INVOICE_STATUSES))
        .with("discount_percentage", amounts.discount_percentage)
        .with("discount_value", amounts.discount_value)
        .with("additional_discount_value", amounts.other_discount_value)
        .with("subtotal", amounts.subtotal)
        .with("total", amounts.total)
        .with(
            "order_number",
            rng.random_bool(0.4)
                .then(|| rng.random_range(7_000_000_000_i64..7_100_000_000)),
        )
        .with("apply_taxes_by", apply_taxes_by)
        .with("invoice_electronic", rng.random_bool(0.9))
        .with("is_directly_created", rng.random_bool(0.2))
        .with("operation", uuid(rng))
        .with("branch_office", branch_office.id)
        .with("customer", customer.id)
        .with("customer_detail", uuid(rng))
        .with("location", branch_office.location)
        .with(
            "cost_center",
            rng.random_bool(0.6)
                .then(|| pick(rng, &references.cost_centers)),
        )
        .with(
            "commercial_condition",
            pick(rng, &references.commercial_conditions),
        )
        .with(
            "salesman",
            rng.random_bool(0.7).then(|| pick(rng, &references.members)),
        )
        .with(
            "market_exchange_rate",
            foreign.then(|| pick(rng, &references.exchange_rates)),
        )
        .with(
            "discount_type",
            (amounts.discount_percentage > Decimal::ZERO)
                .then(|| pick(rng, &references.discount_types)),
        )
        .with(
            "price_list_type",
            rng.random_bool(0.5)
                .then(|| pick(rng, &references.price_list_types)),
        )
        .with(
            "international_trade_term",
            foreign.then(|| pick(rng, &references.trade_terms)),
        )
        .with("tree_hash", rng.random_bool(0.1).then(|| uuid(rng)))
        .with(
            "warehouse",
            rng.random_bool(0.6)
                .then(|| pick(rng, &references.warehouses)),
        )
        .with(
            "cash_register",
            rng.random_bool(0.3)
                .then(|| pick(rng, &references.cash_registers)),
        )
        .with_related("customer", "name", &customer.name)
        .with_related("customer", "document_number", &customer.document_number);
    audit.apply(row)
}

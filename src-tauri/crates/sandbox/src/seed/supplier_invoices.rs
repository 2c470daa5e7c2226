//! Supplier invoices of one workspace (docs/service.md, "Supplier invoice").

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Days, NaiveDate, TimeDelta, Utc, Weekday};
use rand::distr::{weighted::WeightedIndex, Distribution};
use rand::Rng;
use rust_decimal::Decimal;
use uuid::Uuid;
use workdesk_query::resources::SUPPLIER_INVOICE;

use super::amounts::Amounts;
use super::audit::Audit;
use super::catalog::{ERROR_REASONS, PENDING_REASON};
use super::references::References;
use super::{pick, uuid};
use crate::data::Row;

/// Issue dates fall on business days from 2024-11-01 (a Friday) to 2026-10-31.
const PERIOD_DAYS: u64 = 730;

pub(crate) fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, 11, 1).expect("valid date")
}

/// Draws `count` invoices from `references`, returned in the default list
/// order: `issue_date` descending, ties by `id` ascending.
///
/// Issue dates are drawn first and sorted, so `operation_number`, the yearly
/// sequence of `name` (`FP-YYYY-NNNNNN`) and each supplier's
/// `invoice_number` grow with time. Money has two fraction digits and
/// `total = subtotal − discount_value − other_discount_value + vat_value_included`
/// exactly.
pub(crate) fn draw(references: &References, count: usize, rng: &mut impl Rng) -> Vec<Row> {
    let mut issue_dates: Vec<DateTime<Utc>> = (0..count).map(|_| issue_date(rng)).collect();
    issue_dates.sort_unstable();

    let supplier_weights =
        WeightedIndex::new(references.suppliers.iter().map(|s| s.profile.weight))
            .expect("suppliers with positive weights");
    let mut next_number: Vec<u32> = references
        .suppliers
        .iter()
        .map(|s| s.first_number)
        .collect();
    let mut yearly_sequence: BTreeMap<i32, u32> = BTreeMap::new();
    let mut drafts = Vec::with_capacity(count);
    for (index, issued) in issue_dates.into_iter().enumerate() {
        let supplier_index = supplier_weights.sample(rng);
        let invoice_number = next_number[supplier_index];
        next_number[supplier_index] += rng.random_range(1..=3);
        let sequence = yearly_sequence.entry(issued.year()).or_default();
        *sequence += 1;
        let numbers = Numbers {
            name: format!("FP-{}-{:06}", issued.year(), sequence),
            operation: u32::try_from(index + 1).expect("fewer than 2^31 invoices"),
            invoice: invoice_number,
        };
        let id = uuid(rng);
        let row = invoice(references, supplier_index, id, numbers, issued, rng);
        drafts.push((issued, id, row));
    }
    drafts.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    drafts.into_iter().map(|(_, _, row)| row).collect()
}

/// The numbers an invoice gets from its position in time.
struct Numbers {
    name: String,
    operation: u32,
    invoice: u32,
}

fn invoice(
    references: &References,
    supplier_index: usize,
    id: Uuid,
    numbers: Numbers,
    issued: DateTime<Utc>,
    rng: &mut impl Rng,
) -> Row {
    let supplier = &references.suppliers[supplier_index];
    let profile = supplier.profile;
    let operation_status = match rng.random_range(0..100) {
        0..70 => "CO",
        70..92 => "PR",
        _ => "ER",
    };
    let status_description = match operation_status {
        "ER" => Some(pick(rng, ERROR_REASONS)),
        "PR" if rng.random_bool(0.5) => Some(PENDING_REASON),
        _ => None,
    };
    let document_type = match rng.random_range(0..100) {
        0..80 => "INV",
        80..92 => "CRN",
        _ => "ADV",
    };
    let first_instant = first_day().and_time(chrono::NaiveTime::MIN).and_utc();
    let operation_date = (issued - TimeDelta::days(rng.random_range(0..=7))).max(first_instant);
    let created_at = issued + TimeDelta::minutes(rng.random_range(30..=72 * 60));
    let audit = Audit::draw(rng, &references.members, created_at);
    let amounts = Amounts::draw(rng);
    let branch_office = pick(rng, &references.branch_offices);
    let row = Row::new(&SUPPLIER_INVOICE, id)
        .with("name", numbers.name)
        .with("operation_number", numbers.operation)
        .with("operation_date", operation_date)
        .with(
            "description",
            rng.random_bool(0.85)
                .then(|| pick(rng, profile.descriptions)),
        )
        .with("operation_status", operation_status)
        .with("status_description", status_description)
        .with("prefix", profile.prefix)
        .with("invoice_number", numbers.invoice)
        .with("issue_date", issued)
        .with("document_type", document_type)
        .with(
            "is_pay_authorized",
            operation_status == "CO" && rng.random_bool(0.85),
        )
        .with("discount_percentage", amounts.discount_percentage)
        .with("discount_value", amounts.discount_value)
        .with("other_discount_value", amounts.other_discount_value)
        .with("subtotal", amounts.subtotal)
        .with("total", amounts.total)
        .with("vat_value_included", amounts.vat_value_included)
        .with(
            "order_number",
            rng.random_bool(0.6)
                .then(|| rng.random_range(4_500_000_000_i64..4_600_000_000)),
        )
        .with("invoice_electronic", rng.random_bool(0.85))
        .with("is_directly_created", rng.random_bool(0.15))
        .with("operation", uuid(rng))
        .with(
            "market_exchange_rate",
            profile
                .foreign
                .then(|| pick(rng, &references.exchange_rates)),
        )
        .with("branch_office", branch_office.id)
        .with("supplier", supplier.supplier.id)
        .with("supplier_detail", supplier.detail)
        .with("supplier_type", supplier.supplier_type)
        .with("account", pick(rng, &references.accounts))
        .with(
            "cost_center",
            rng.random_bool(0.7)
                .then(|| pick(rng, &references.cost_centers)),
        )
        .with("location", branch_office.location)
        .with(
            "international_trade_term",
            profile.foreign.then(|| pick(rng, &references.trade_terms)),
        )
        .with(
            "commercial_condition",
            pick(rng, &references.commercial_conditions),
        )
        .with(
            "discount_type",
            (amounts.discount_percentage > Decimal::ZERO)
                .then(|| pick(rng, &references.discount_types)),
        )
        .with("tree_hash", rng.random_bool(0.1).then(|| uuid(rng)))
        .with_related("supplier", "name", &supplier.supplier.name)
        .with_related(
            "supplier",
            "document_number",
            &supplier.supplier.document_number,
        );
    audit.apply(row)
}

/// A business day of the period at a time between 07:00:00 and 18:59:59 UTC.
pub(crate) fn issue_date(rng: &mut impl Rng) -> DateTime<Utc> {
    let mut day = first_day() + Days::new(rng.random_range(0..PERIOD_DAYS));
    match day.weekday() {
        Weekday::Sat => day = day - Days::new(1),
        Weekday::Sun => day = day - Days::new(2),
        _ => {}
    }
    day.and_hms_opt(
        rng.random_range(7..19),
        rng.random_range(0..60),
        rng.random_range(0..60),
    )
    .expect("valid time")
    .and_utc()
}

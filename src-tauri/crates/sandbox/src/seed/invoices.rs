//! Supplier invoices of one workspace.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Days, NaiveDate, TimeDelta, Utc, Weekday};
use rand::distr::{weighted::WeightedIndex, Distribution};
use rand::Rng;
use rust_decimal::Decimal;

use super::amounts::Amounts;
use super::catalog::{ERROR_REASONS, PENDING_REASON};
use super::references::References;
use super::{pick, uuid};
use crate::dataset::InvoiceEntry;
use crate::model::{AuditStatus, DocumentType, OperationStatus, SupplierInvoice, Timestamp};

/// Issue dates fall on business days from 2024-11-01 (a Friday) to 2026-10-31.
const PERIOD_DAYS: u64 = 730;

fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, 11, 1).expect("valid date")
}

/// Draws `count` invoices from `references`, returned in the default list
/// order: `issue_date` descending, ties by `id` ascending.
///
/// Issue dates are drawn first and sorted, so `operation_number`, the yearly
/// sequence of `name` and each supplier's `invoice_number` grow with time.
pub(crate) fn draw(references: &References, count: usize, rng: &mut impl Rng) -> Vec<InvoiceEntry> {
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
    let mut entries = Vec::with_capacity(count);
    for (index, issued) in issue_dates.into_iter().enumerate() {
        let supplier_index = supplier_weights.sample(rng);
        let invoice_number = next_number[supplier_index];
        next_number[supplier_index] += rng.random_range(1..=3);
        let sequence = yearly_sequence.entry(issued.year()).or_default();
        *sequence += 1;
        let name = format!("FP-{}-{:06}", issued.year(), sequence);
        let operation_number = u32::try_from(index + 1).expect("fewer than 2^31 invoices");
        entries.push(invoice(
            references,
            supplier_index,
            name,
            operation_number,
            invoice_number,
            issued,
            rng,
        ));
    }
    entries.sort_unstable_by(|x, y| {
        (y.invoice.issue_date.cmp(&x.invoice.issue_date)).then(x.invoice.id.cmp(&y.invoice.id))
    });
    entries
}

fn invoice(
    references: &References,
    supplier_index: usize,
    name: String,
    operation_number: u32,
    invoice_number: u32,
    issued: DateTime<Utc>,
    rng: &mut impl Rng,
) -> InvoiceEntry {
    let supplier = &references.suppliers[supplier_index];
    let profile = supplier.profile;
    let operation_status = match rng.random_range(0..100) {
        0..70 => OperationStatus::Complete,
        70..92 => OperationStatus::Provisional,
        _ => OperationStatus::Error,
    };
    let status_description = match operation_status {
        OperationStatus::Error => Some(pick(rng, ERROR_REASONS).to_owned()),
        OperationStatus::Provisional if rng.random_bool(0.5) => Some(PENDING_REASON.to_owned()),
        _ => None,
    };
    let document_type = match rng.random_range(0..100) {
        0..80 => DocumentType::Invoice,
        80..92 => DocumentType::CreditNote,
        _ => DocumentType::Advance,
    };
    let member = pick(rng, &references.members);
    let first_instant = first_day().and_time(chrono::NaiveTime::MIN).and_utc();
    let operation_date = (issued - TimeDelta::days(rng.random_range(0..=7))).max(first_instant);
    let created_at = issued + TimeDelta::minutes(rng.random_range(30..=72 * 60));
    let audit_status = if rng.random_bool(0.3) {
        AuditStatus::Updated
    } else {
        AuditStatus::Created
    };
    let (updated_at, updated_by) = match audit_status {
        AuditStatus::Updated => (
            Some(Timestamp(
                created_at + TimeDelta::minutes(rng.random_range(60..=30 * 24 * 60)),
            )),
            Some(pick(rng, &references.members)),
        ),
        AuditStatus::Created => (None, None),
    };
    let amounts = Amounts::draw(rng);
    let branch_office = pick(rng, &references.branch_offices);
    let invoice = SupplierInvoice {
        id: uuid(rng),
        name,
        custom_fields: None,
        operation_number,
        operation_date: Timestamp(operation_date),
        description: rng
            .random_bool(0.85)
            .then(|| pick(rng, profile.descriptions).to_owned()),
        operation_status,
        status_description,
        created_at: Timestamp(created_at),
        updated_at,
        deleted_at: None,
        audit_status,
        prefix: profile.prefix.map(str::to_owned),
        invoice_number,
        issue_date: Timestamp(issued),
        document_type,
        is_pay_authorized: operation_status == OperationStatus::Complete && rng.random_bool(0.85),
        discount_percentage: amounts.discount_percentage,
        discount_value: amounts.discount_value,
        other_discount_value: amounts.other_discount_value,
        subtotal: amounts.subtotal,
        total: amounts.total,
        vat_value_included: amounts.vat_value_included,
        order_number: rng
            .random_bool(0.6)
            .then(|| rng.random_range(4_500_000_000_i64..4_600_000_000)),
        invoice_electronic: rng.random_bool(0.85),
        is_directly_created: rng.random_bool(0.15),
        member,
        operation: uuid(rng),
        market_exchange_rate: profile
            .foreign
            .then(|| pick(rng, &references.exchange_rates)),
        branch_office: branch_office.id,
        created_by: member,
        updated_by,
        deleted_by: None,
        supplier: supplier.supplier.id,
        supplier_detail: supplier.detail,
        supplier_type: supplier.supplier_type,
        account: pick(rng, &references.accounts),
        cost_center: rng
            .random_bool(0.7)
            .then(|| pick(rng, &references.cost_centers)),
        location: branch_office.location,
        international_trade_term: profile.foreign.then(|| pick(rng, &references.trade_terms)),
        commercial_condition: pick(rng, &references.commercial_conditions),
        discount_type: (amounts.discount_percentage > Decimal::ZERO)
            .then(|| pick(rng, &references.discount_types)),
        tree_hash: rng.random_bool(0.1).then(|| uuid(rng)),
    };
    InvoiceEntry {
        invoice,
        supplier_name: supplier.supplier.name.clone(),
    }
}

/// A business day of the period at a time between 07:00:00 and 18:59:59 UTC.
fn issue_date(rng: &mut impl Rng) -> DateTime<Utc> {
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

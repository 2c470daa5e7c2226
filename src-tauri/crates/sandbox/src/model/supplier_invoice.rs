//! Supplier invoice (service-api.md, "Supplier invoice"), listed at
//! `GET /account_payable/invoice/`.

use rust_decimal::Decimal;
use serde::Serialize;
use uuid::Uuid;

use super::{AuditStatus, DocumentType, OperationStatus, Record, Timestamp};

/// One supplier invoice, with exactly the fields of the spec's table, in its order.
///
/// uuids serialise as hyphenated strings, date-times as [`Timestamp`], decimals
/// as strings with two fraction digits (`"1234.50"`; `discount_percentage` is a
/// percentage, `"5.00"` = 5 %), integers as numbers. `custom_fields` is always null.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct SupplierInvoice {
    pub id: Uuid,
    /// `FP-YYYY-NNNNNN`: issue year and sequence within that year.
    pub name: String,
    pub custom_fields: Option<serde_json::Value>,
    /// 1-based, in issue order within the workspace (0..=2147483647).
    pub operation_number: u32,
    pub operation_date: Timestamp,
    pub description: Option<String>,
    pub operation_status: OperationStatus,
    pub status_description: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Option<Timestamp>,
    pub deleted_at: Option<Timestamp>,
    pub audit_status: AuditStatus,
    /// The supplier's numbering prefix; null for suppliers without one.
    pub prefix: Option<String>,
    /// The supplier's own invoice number (0..=2147483647).
    pub invoice_number: u32,
    pub issue_date: Timestamp,
    pub document_type: DocumentType,
    pub is_pay_authorized: bool,
    pub discount_percentage: Decimal,
    pub discount_value: Decimal,
    pub other_discount_value: Decimal,
    pub subtotal: Decimal,
    pub total: Decimal,
    pub vat_value_included: Decimal,
    /// Purchase order number (int64), null when the invoice has none.
    pub order_number: Option<i64>,
    pub invoice_electronic: bool,
    pub is_directly_created: bool,
    pub member: Uuid,
    pub operation: Uuid,
    pub market_exchange_rate: Option<Uuid>,
    pub branch_office: Uuid,
    pub created_by: Uuid,
    pub updated_by: Option<Uuid>,
    pub deleted_by: Option<Uuid>,
    pub supplier: Uuid,
    pub supplier_detail: Uuid,
    pub supplier_type: Uuid,
    pub account: Uuid,
    pub cost_center: Option<Uuid>,
    pub location: Uuid,
    pub international_trade_term: Option<Uuid>,
    pub commercial_condition: Uuid,
    pub discount_type: Option<Uuid>,
    pub tree_hash: Option<Uuid>,
}

impl Record for SupplierInvoice {
    const FIELDS: &'static [&'static str] = &[
        "id",
        "name",
        "custom_fields",
        "operation_number",
        "operation_date",
        "description",
        "operation_status",
        "status_description",
        "created_at",
        "updated_at",
        "deleted_at",
        "audit_status",
        "prefix",
        "invoice_number",
        "issue_date",
        "document_type",
        "is_pay_authorized",
        "discount_percentage",
        "discount_value",
        "other_discount_value",
        "subtotal",
        "total",
        "vat_value_included",
        "order_number",
        "invoice_electronic",
        "is_directly_created",
        "member",
        "operation",
        "market_exchange_rate",
        "branch_office",
        "created_by",
        "updated_by",
        "deleted_by",
        "supplier",
        "supplier_detail",
        "supplier_type",
        "account",
        "cost_center",
        "location",
        "international_trade_term",
        "commercial_condition",
        "discount_type",
        "tree_hash",
    ];
}

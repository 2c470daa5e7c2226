//! Customer invoice (`docs/service.md`, "Customer invoice": the fields of a
//! list result; `GET /account_receivable/invoice/`).

use rust_decimal::Decimal;
use serde_json::Value;

use super::{record, AuditStatus, OperationStatus, Timestamp};

record! {
    /// A customer invoice as a list returns it (see the
    /// [module rules](crate::records)).
    pub struct CustomerInvoice: workdesk_query::resources::CUSTOMER_INVOICE {
        /// `id`: uuid.
        pub id: Option<String>,
        /// `name`: string.
        pub name: Option<String>,
        /// `custom_fields`: any, nullable.
        pub custom_fields: Option<Value>,
        /// `operation_number`: integer.
        pub operation_number: Option<i64>,
        /// `operation_date`: date-time.
        pub operation_date: Option<Timestamp>,
        /// `description`: string.
        pub description: Option<String>,
        /// `operation_status`: PR, CO or ER.
        pub operation_status: Option<OperationStatus>,
        /// `status_description`: string.
        pub status_description: Option<String>,
        /// `invoice_status`: string (values not shown in the spec; the
        /// sandbox uses issued, paid, partially_paid, overdue, voided).
        pub invoice_status: Option<String>,
        /// `created_at`: date-time.
        pub created_at: Option<Timestamp>,
        /// `updated_at`: date-time.
        pub updated_at: Option<Timestamp>,
        /// `deleted_at`: date-time.
        pub deleted_at: Option<Timestamp>,
        /// `audit_status`: C, U or D.
        pub audit_status: Option<AuditStatus>,
        /// `discount_percentage`: decimal string.
        pub discount_percentage: Option<Decimal>,
        /// `discount_value`: decimal string.
        pub discount_value: Option<Decimal>,
        /// `additional_discount_value`: decimal string.
        pub additional_discount_value: Option<Decimal>,
        /// `subtotal`: decimal string.
        pub subtotal: Option<Decimal>,
        /// `total`: decimal string.
        pub total: Option<Decimal>,
        /// `order_number`: integer.
        pub order_number: Option<i64>,
        /// `apply_taxes_by`: boolean.
        pub apply_taxes_by: Option<bool>,
        /// `invoice_electronic`: boolean.
        pub invoice_electronic: Option<bool>,
        /// `is_directly_created`: boolean.
        pub is_directly_created: Option<bool>,
        /// `member`: uuid.
        pub member: Option<String>,
        /// `operation`: uuid.
        pub operation: Option<String>,
        /// `branch_office`: uuid.
        pub branch_office: Option<String>,
        /// `created_by`: uuid.
        pub created_by: Option<String>,
        /// `updated_by`: uuid.
        pub updated_by: Option<String>,
        /// `deleted_by`: uuid.
        pub deleted_by: Option<String>,
        /// `customer`: uuid.
        pub customer: Option<String>,
        /// `customer_detail`: uuid.
        pub customer_detail: Option<String>,
        /// `location`: uuid.
        pub location: Option<String>,
        /// `cost_center`: uuid.
        pub cost_center: Option<String>,
        /// `commercial_condition`: uuid.
        pub commercial_condition: Option<String>,
        /// `salesman`: uuid.
        pub salesman: Option<String>,
        /// `market_exchange_rate`: uuid.
        pub market_exchange_rate: Option<String>,
        /// `discount_type`: uuid.
        pub discount_type: Option<String>,
        /// `price_list_type`: uuid.
        pub price_list_type: Option<String>,
        /// `international_trade_term`: uuid.
        pub international_trade_term: Option<String>,
        /// `tree_hash`: uuid.
        pub tree_hash: Option<String>,
        /// `warehouse`: uuid.
        pub warehouse: Option<String>,
        /// `cash_register`: uuid.
        pub cash_register: Option<String>,
    }
}

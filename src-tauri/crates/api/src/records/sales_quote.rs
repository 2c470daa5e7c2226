//! Sales quote (`GET /order/sales_quote/`). The spec names the endpoint but
//! not its fields: these are the **assumed** ones of
//! `workdesk_query::resources::SALES_QUOTE` (the sandbox serves them;
//! `docs/service.md`, "Sales quote").

use rust_decimal::Decimal;
use serde_json::Value;

use super::{record, AuditStatus, OperationStatus, Timestamp};

record! {
    /// A sales quote (fields assumed; see the [module rules](crate::records)).
    pub struct SalesQuote: workdesk_query::resources::SALES_QUOTE {
        /// `id`: uuid.
        pub id: Option<String>,
        /// `name`: string.
        pub name: Option<String>,
        /// `custom_fields`: any, nullable.
        pub custom_fields: Option<Value>,
        /// `quote_number`: integer.
        pub quote_number: Option<i64>,
        /// `issue_date`: date-time.
        pub issue_date: Option<Timestamp>,
        /// `valid_until`: date-time, nullable.
        pub valid_until: Option<Timestamp>,
        /// `description`: string, nullable.
        pub description: Option<String>,
        /// `operation_status`: PR, CO or ER.
        pub operation_status: Option<OperationStatus>,
        /// `subtotal`: decimal string.
        pub subtotal: Option<Decimal>,
        /// `discount_value`: decimal string.
        pub discount_value: Option<Decimal>,
        /// `total`: decimal string.
        pub total: Option<Decimal>,
        /// `created_at`: date-time.
        pub created_at: Option<Timestamp>,
        /// `updated_at`: date-time, nullable.
        pub updated_at: Option<Timestamp>,
        /// `deleted_at`: date-time, nullable.
        pub deleted_at: Option<Timestamp>,
        /// `audit_status`: C, U or D.
        pub audit_status: Option<AuditStatus>,
        /// `member`: uuid.
        pub member: Option<String>,
        /// `created_by`: uuid.
        pub created_by: Option<String>,
        /// `updated_by`: uuid, nullable.
        pub updated_by: Option<String>,
        /// `deleted_by`: uuid, nullable.
        pub deleted_by: Option<String>,
        /// `customer`: uuid.
        pub customer: Option<String>,
        /// `branch_office`: uuid.
        pub branch_office: Option<String>,
        /// `salesman`: uuid, nullable.
        pub salesman: Option<String>,
    }
}

//! Product (`GET /inventory/product/`). The spec names the endpoint but not
//! its fields: these are the **assumed** ones of
//! `workdesk_query::resources::PRODUCT` (the sandbox serves them;
//! `docs/service.md`, "Product").

use rust_decimal::Decimal;
use serde_json::Value;

use super::{record, AuditStatus, Timestamp};

record! {
    /// A product (fields assumed; see the [module rules](crate::records)).
    pub struct Product: workdesk_query::resources::PRODUCT {
        /// `id`: uuid.
        pub id: Option<String>,
        /// `name`: string.
        pub name: Option<String>,
        /// `custom_fields`: any, nullable.
        pub custom_fields: Option<Value>,
        /// `code`: string.
        pub code: Option<String>,
        /// `description`: string, nullable.
        pub description: Option<String>,
        /// `category`: string, nullable.
        pub category: Option<String>,
        /// `unit_price`: decimal string.
        pub unit_price: Option<Decimal>,
        /// `stock_quantity`: integer.
        pub stock_quantity: Option<i64>,
        /// `is_active`: boolean.
        pub is_active: Option<bool>,
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
    }
}

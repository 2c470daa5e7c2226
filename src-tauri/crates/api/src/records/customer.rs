//! Customer (`docs/service.md`, "Customer";
//! `GET /stakeholder/customer/{id}/`, and the assumed list).

use rust_decimal::Decimal;
use serde_json::Value;

use super::{record, AuditStatus, CalendarDate, Timestamp};

record! {
    /// A customer (see the [module rules](crate::records)).
    pub struct Customer: workdesk_query::resources::CUSTOMER {
        /// `id`: uuid.
        pub id: Option<String>,
        /// `name`: string.
        pub name: Option<String>,
        /// `document_number`: string.
        pub document_number: Option<String>,
        /// `member`: uuid.
        pub member: Option<String>,
        /// `created_by`: uuid.
        pub created_by: Option<String>,
        /// `updated_by`: uuid.
        pub updated_by: Option<String>,
        /// `deleted_by`: uuid.
        pub deleted_by: Option<String>,
        /// `stakeholder`: uuid.
        pub stakeholder: Option<String>,
        /// `customer_status`: uuid.
        pub customer_status: Option<String>,
        /// `created_at`: date-time.
        pub created_at: Option<Timestamp>,
        /// `updated_at`: date-time.
        pub updated_at: Option<Timestamp>,
        /// `deleted_at`: date-time.
        pub deleted_at: Option<Timestamp>,
        /// `audit_status`: C, U or D.
        pub audit_status: Option<AuditStatus>,
        /// `custom_fields`: any, nullable.
        pub custom_fields: Option<Value>,
        /// `is_active`: boolean.
        pub is_active: Option<bool>,
        /// `credit_limit`: decimal string.
        pub credit_limit: Option<Decimal>,
        /// `customer_since`: date, `YYYY-MM-DD`.
        pub customer_since: Option<CalendarDate>,
    }
}

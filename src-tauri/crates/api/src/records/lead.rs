//! Lead (`docs/service.md`, "Lead"; `PATCH /crm/lead/{id}/`, and
//! the assumed `GET /crm/lead/` and `GET /crm/lead/{id}/`).

use serde_json::Value;

use super::{record, AuditStatus, Timestamp};

record! {
    /// A lead (see the [module rules](crate::records)).
    pub struct Lead: workdesk_query::resources::LEAD {
        /// `id`: uuid.
        pub id: Option<String>,
        /// `created_at`: date-time.
        pub created_at: Option<Timestamp>,
        /// `updated_at`: date-time.
        pub updated_at: Option<Timestamp>,
        /// `deleted_at`: date-time.
        pub deleted_at: Option<Timestamp>,
        /// `audit_status`: C, U or D.
        pub audit_status: Option<AuditStatus>,
        /// `member`: uuid.
        pub member: Option<String>,
        /// `created_by`: uuid.
        pub created_by: Option<String>,
        /// `updated_by`: uuid.
        pub updated_by: Option<String>,
        /// `deleted_by`: uuid.
        pub deleted_by: Option<String>,
        /// `source`: string.
        pub source: Option<String>,
        /// `status`: string (values not shown in the spec; the sandbox uses
        /// new, contacted, qualified, proposal, won, lost).
        pub status: Option<String>,
        /// `user_member`: uuid.
        pub user_member: Option<String>,
        /// `person`: uuid.
        pub person: Option<String>,
        /// `company`: uuid.
        pub company: Option<String>,
        /// `custom_fields`: any, nullable.
        pub custom_fields: Option<Value>,
    }
}

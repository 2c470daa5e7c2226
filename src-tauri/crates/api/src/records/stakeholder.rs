//! Stakeholder (`docs/service.md`, "Stakeholder";
//! `POST /stakeholder/stakeholder/`, `DELETE /stakeholder/stakeholder/{id}/`,
//! and the assumed list and `GET …/{id}/`).

use super::{record, Timestamp};

record! {
    /// A stakeholder (see the [module rules](crate::records)).
    pub struct Stakeholder: workdesk_query::resources::STAKEHOLDER {
        /// `id`: uuid.
        pub id: Option<String>,
        /// `name`: string.
        pub name: Option<String>,
        /// `person_or_company_member_id`: string.
        pub person_or_company_member_id: Option<String>,
        /// `person_or_company_id`: string.
        pub person_or_company_id: Option<String>,
        /// `is_company`: boolean.
        pub is_company: Option<bool>,
        /// `document_type_name`: string.
        pub document_type_name: Option<String>,
        /// `created_at`: date-time.
        pub created_at: Option<Timestamp>,
        /// `updated_at`: date-time.
        pub updated_at: Option<Timestamp>,
        /// `deleted_at`: date-time.
        pub deleted_at: Option<Timestamp>,
        /// `created_by`: uuid.
        pub created_by: Option<String>,
        /// `updated_by`: uuid.
        pub updated_by: Option<String>,
        /// `deleted_by`: uuid.
        pub deleted_by: Option<String>,
        /// `document_number`: string.
        pub document_number: Option<String>,
        /// `document_type`: uuid.
        pub document_type: Option<String>,
        /// `verification_digit`: string.
        pub verification_digit: Option<String>,
        /// `geographic_location`: uuid.
        pub geographic_location: Option<String>,
    }
}

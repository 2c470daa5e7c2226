//! Task (`docs/service.md`, "Task": the response fields;
//! `POST /task/task/`, and the assumed `GET /task/task/` and
//! `GET /task/task/{id}/`).

use serde_json::Value;

use super::{record, Timestamp};

record! {
    /// A task as the service returns it (see the [module rules](crate::records)).
    /// `entity_id` and `record_id` are request-only: see [`crate::NewTask`].
    pub struct Task: workdesk_query::resources::TASK {
        /// `id`: uuid.
        pub id: Option<String>,
        /// `created_at`: date-time.
        pub created_at: Option<Timestamp>,
        /// `updated_at`: date-time.
        pub updated_at: Option<Timestamp>,
        /// `deleted_at`: date-time.
        pub deleted_at: Option<Timestamp>,
        /// `member`: uuid.
        pub member: Option<String>,
        /// `created_by`: uuid.
        pub created_by: Option<String>,
        /// `updated_by`: uuid.
        pub updated_by: Option<String>,
        /// `deleted_by`: uuid.
        pub deleted_by: Option<String>,
        /// `title`: string, at most 255 characters.
        pub title: Option<String>,
        /// `description`: string.
        pub description: Option<String>,
        /// `status`: string, at most 255 characters (values not shown in the
        /// spec; the sandbox uses pending, in_progress, done, cancelled).
        pub status: Option<String>,
        /// `start`: date-time.
        pub start: Option<Timestamp>,
        /// `custom_fields`: any, nullable.
        pub custom_fields: Option<Value>,
        /// `priority`: integer, -32768 to 32767.
        pub priority: Option<i64>,
        /// `recurrence_rule`: string, at most 255 characters.
        pub recurrence_rule: Option<String>,
        /// `expiry`: date-time.
        pub expiry: Option<Timestamp>,
        /// `completed_at`: date-time.
        pub completed_at: Option<Timestamp>,
        /// `assigned_to_user`: uuid.
        pub assigned_to_user: Option<String>,
    }
}

//! Record ids as the service writes them: a UUID in any case and with
//! or without spaces around is the same id, compared in one form.

use serde_json::Value as Json;
use workdesk_api::JsonRecord;

/// `text` as a lower-case hyphenated UUID, if it is one.
pub(crate) fn uuid_like(text: &str) -> Option<String> {
    uuid::Uuid::try_parse(text.trim())
        .ok()
        .map(|id| id.hyphenated().to_string())
}

/// The record's `created_by` (the member who created it), as a
/// lower-case UUID.
pub(crate) fn created_by(record: &JsonRecord) -> Option<String> {
    record
        .get("created_by")
        .and_then(Json::as_str)
        .and_then(uuid_like)
}

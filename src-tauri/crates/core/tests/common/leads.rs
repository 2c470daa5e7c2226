//! The demo's leads as the service has them, read and changed with the
//! plain client (what the board's and the bulk changes' tests compare
//! with).

use workdesk_api::{JsonRecord, LeadPatch, ListView, Patch, ResourceName, Take};
use workdesk_core::state::AppState;

/// Every lead of the demo, newest first, read with the plain client.
pub async fn every_lead(state: &AppState) -> Vec<JsonRecord> {
    let workspace = state.workspace().await.unwrap();
    let view = ListView {
        take: Take::Count(200),
        sort: vec![workdesk_api::SortSpec {
            field: "created_at".into(),
            descending: true,
        }],
        ..ListView::default()
    };
    workspace
        .replica
        .client()
        .list_view(ResourceName::Lead, &view)
        .await
        .unwrap()
        .results
}

/// A lead's `status`, when it has one.
pub fn status(record: &JsonRecord) -> Option<String> {
    record
        .get("status")
        .and_then(|s| s.as_str())
        .map(str::to_owned)
}

/// A record's `id`.
pub fn id(record: &JsonRecord) -> String {
    record["id"].as_str().unwrap().to_owned()
}
/// The patch that sets a lead's status to `status`.
pub fn moved_to(status: &str) -> LeadPatch {
    LeadPatch {
        status: Patch::Set(status.to_owned()),
        ..LeadPatch::default()
    }
}

/// Sets lead `id`'s status on the service, as someone in the office would.
pub async fn office_sets(state: &AppState, id: &str, to: &str) {
    let workspace = state.workspace().await.unwrap();
    workspace
        .replica
        .client()
        .patch_lead(id, &moved_to(to))
        .await
        .unwrap();
}

//! Changes to many records: with several leads selected, "Change
//! status…" and "Assign to…" make one lead edit per lead (the same patch
//! for each), every one kept in the outbox first, in the order given, then
//! sent by the outbox's sender: at once when the service answers, later
//! when it does not. The outbox sends each exactly once, in order, and
//! records each one's outcome (sent; refused, with the service's reason;
//! a conflict with a change made on the service, held for the user's
//! choice; the lead gone). A stop part-way (the app closed, the
//! connection lost) leaves each lead changed or not, and what was not sent
//! still waits in the outbox.

use workdesk_api::LeadPatch;
use workdesk_sync::Pending;

use crate::error::Error;
use crate::guard::guarded;
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::writing::writes::lead_edit;

/// The most leads one "Change status…" or "Assign to…" changes.
pub const LEADS_CHANGED_MAX: usize = 500;

/// "Change status…" / "Assign to…" over the leads `ids` (each once, in
/// the order given; at most [`LEADS_CHANGED_MAX`]): one edit per lead
/// with `patch` (only what it names is sent), each based on the lead's
/// saved copy as the screen showed it (another value on the service is a
/// conflict), kept in the outbox of the workspace on screen, which is
/// then asked to send. Returns the changes kept, in order: their outcomes
/// come through the outbox (`outbox`, and its counts as they change).
///
/// Errors: `invalid_input` (`field` = `ids`: none, or more than the
/// most; `id` or `patch`: an id that is no UUID, a patch that changes
/// nothing), nothing kept then; `not_configured`; `saved_data_locked`,
/// `saved_data_unreadable` (those kept before stay kept).
///
/// Not a command yet: it becomes one (the `tauri::command` attribute, as
/// `patch_lead` has) with the window's "Change status…" and "Assign to…"
/// on the leads selected, which is still to come (every command must be
/// one the window calls).
pub async fn change_leads(
    state: &AppState,
    ids: Vec<String>,
    patch: LeadPatch,
) -> Result<Vec<Pending>, UiError> {
    guarded(async move {
        let mut unique: Vec<String> = Vec::with_capacity(ids.len());
        for id in ids {
            let id = id.trim().to_lowercase();
            if !unique.contains(&id) {
                unique.push(id);
            }
        }
        if unique.is_empty() || unique.len() > LEADS_CHANGED_MAX {
            let mut problems = workdesk_api::ValidationErrors::default();
            let most = LEADS_CHANGED_MAX.to_string();
            problems.add_problem(
                "ids",
                workdesk_api::Problem::new("leads_to_change", [("max", most.as_str())]),
            );
            return Err(Error::Api(workdesk_api::Error::InvalidInput(problems)).into());
        }
        let workspace = state.workspace().await?;
        let replica = &workspace.replica;
        // Every change checked before any is kept: all or none refused.
        let changes: Vec<_> = unique
            .iter()
            .map(|id| lead_edit(replica, id, &patch))
            .collect();
        for change in &changes {
            change.check().map_err(Error::from)?;
        }
        let mut kept = Vec::with_capacity(changes.len());
        for change in &changes {
            kept.push(replica.keep_change(change).map_err(Error::from)?);
        }
        log::info!("{} lead edits kept in the outbox", kept.len());
        state.session.kick_outbox().await;
        Ok(kept)
    })
    .await
}

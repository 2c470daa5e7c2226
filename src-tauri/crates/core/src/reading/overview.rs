//! The `overview` and `overview_amounts` commands' work: the workspace at
//! a glance ([`workdesk_sync::overview`]), its months cut in this
//! computer's time zone, remembered as the section shown last; amounts
//! added up from the service kept for the session in place of the counts.

use workdesk_api::ResourceName;
use workdesk_sync::overview::{Overview, Part, PartSource};
use workdesk_sync::Progress;

use crate::channel::Channel;
use crate::error::Error;
use crate::guard::guarded;
use crate::offline::saved_data::lock;
use crate::state::AppState;
use crate::ui_error::UiError;

/// The overview's part of `resource` (supplier or customer invoices) with
/// every figure and its exact sum, from the service's records: those of
/// the 13 months read and those in error or provisional, walked 200 a page
/// (as many requests as the overview's `amounts` said), sending
/// [`Progress`] (phase `summing`) on `progress` after every page and pause;
/// it pauses before the last 10 % of the key's budget and goes on after
/// the reset. `cancel_download` with the same resource stops it.
///
/// Errors: `cancelled`; `offline` ("Work offline" is on); `invalid_input`
/// when a download of that list is already running, or for a resource
/// without amounts; the errors of `list_records`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn overview_amounts(
    state: &AppState,
    resource: ResourceName,
    progress: Channel<Progress>,
) -> Result<Part<UiError>, UiError> {
    guarded(async move {
        let progress = |step: &Progress| progress.send(step.clone(), "overview amounts");
        let workspace = state.workspace().await?;
        let walk = state.offline.walk_list(resource)?;
        let part = workspace
            .replica
            .overview_amounts(resource, &chrono::Local::now(), progress, &walk.cancel)
            .await;
        drop(walk);
        state.session.check_shown(&workspace)?;
        let part = part
            .map_err(Error::from)?
            .map_err(|error| UiError::from(Error::from(error)));
        lock(&state.reading.added_up).insert((workspace.id.clone(), resource), part.clone());
        Ok(part)
    })
    .await
}

/// The workspace at a glance: supplier and customer invoices per month
/// (the last 13, this computer's time zone) and operation status, those in
/// error or draft, tasks overdue, due this week and done this month, leads
/// by status and month. Each resource's part says where its figures come
/// from: every saved record of a list made available offline (exact, with
/// sums), the service's counts (`take=1` requests, at most 27 in all, no
/// sums; never the key's last 10 %), or why none (working offline and not
/// saved, the key's reserve, the service's failure as a UI error). Each
/// figure carries the conditions of the list behind it (`opens`, for
/// `open_list`). Remembered as the section shown last. A part whose
/// amounts `overview_amounts` added up this session shows them (with
/// their time) in place of the counts, unless `refresh` (the Refresh
/// button), which asks again.
///
/// Errors: `not_configured`; a part's failure is inside the answer.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn overview(state: &AppState, refresh: bool) -> Result<Overview<UiError>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let overview = workspace.replica.overview(&chrono::Local::now()).await;
        state.session.check_shown(&workspace)?;
        // After the views of lists shown before it (written after their reads).
        state.reading.view_writes.settled().await;
        if let Err(err) = state.settings.set_overview_shown(&workspace.id) {
            log::warn!("the overview could not be kept as the section shown last: {err}");
        }
        let mut overview = overview.map_err(|error| {
            log::info!("an overview part was not given: {}", error.log_summary());
            UiError::from(Error::from(error))
        });
        let mut added_up = lock(&state.reading.added_up);
        if refresh {
            added_up.retain(|(id, _), _| *id != workspace.id);
        }
        // Amounts added up this session stay in place of the counts (their
        // time says when), until a refresh or the list is saved whole.
        for part in &mut overview.parts {
            if let PartSource::Service { .. } = part.source {
                if let Some(added) = added_up.get(&(workspace.id.clone(), part.resource)) {
                    *part = added.clone();
                }
            } else {
                added_up.remove(&(workspace.id.clone(), part.resource));
            }
        }
        Ok(overview)
    })
    .await
}

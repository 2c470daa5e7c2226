//! The `overview` and `overview_amounts` commands' work: the workspace at
//! a glance ([`workdesk_sync::overview`]), its months cut in this
//! computer's time zone, remembered as the section shown last; amounts
//! added up from the service kept for the session in place of the counts.

use workdesk_api::ResourceName;
use workdesk_sync::overview::{Overview, Part, PartSource};
use workdesk_sync::Progress;

use crate::error::Error;
use crate::saved_data::lock;
use crate::state::AppState;
use crate::ui_error::UiError;

impl AppState {
    /// The `overview` command's work (documented where the app declares it).
    pub async fn overview(&self, refresh: bool) -> Result<Overview<UiError>, UiError> {
        let workspace = self.workspace().await?;
        let overview = workspace.replica.overview(&chrono::Local::now()).await;
        self.check_shown(&workspace)?;
        if let Err(err) = self.settings.set_overview_shown(&workspace.id) {
            log::warn!("the overview could not be kept as the section shown last: {err}");
        }
        let mut overview = overview.map_err(|error| {
            log::info!("an overview part was not given: {}", error.log_summary());
            UiError::from(Error::from(error))
        });
        let mut added_up = lock(&self.added_up);
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
    }

    /// The `overview_amounts` command's work (documented where the app
    /// declares it). One long walk per list at a time, like "Make
    /// available offline" (and cancelled by the same `cancel_download`).
    pub async fn overview_amounts(
        &self,
        resource: ResourceName,
        progress: impl FnMut(&Progress) + Send,
    ) -> Result<Part<UiError>, UiError> {
        let workspace = self.workspace().await?;
        let walk = self.walk_list(resource)?;
        let part = workspace
            .replica
            .overview_amounts(resource, &chrono::Local::now(), progress, &walk.cancel)
            .await;
        drop(walk);
        self.check_shown(&workspace)?;
        let part = part
            .map_err(Error::from)?
            .map_err(|error| UiError::from(Error::from(error)));
        lock(&self.added_up).insert((workspace.id.clone(), resource), part.clone());
        Ok(part)
    }
}

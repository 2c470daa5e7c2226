//! The `overview` command's work: the workspace at a glance
//! ([`workdesk_sync::overview`]), its months cut in this computer's time
//! zone, remembered as the section shown last.

use workdesk_sync::overview::Overview;

use crate::error::Error;
use crate::state::AppState;
use crate::ui_error::UiError;

impl AppState {
    /// The `overview` command's work (documented where the app declares it).
    pub async fn overview(&self) -> Result<Overview<UiError>, UiError> {
        let workspace = self.workspace().await?;
        let overview = workspace.replica.overview(&chrono::Local::now()).await;
        self.check_shown(&workspace)?;
        if let Err(err) = self.settings.set_overview_shown(&workspace.id) {
            log::warn!("the overview could not be kept as the section shown last: {err}");
        }
        Ok(overview.map_err(|error| {
            log::info!("an overview part was not given: {}", error.log_summary());
            UiError::from(Error::from(error))
        }))
    }
}

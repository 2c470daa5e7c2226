//! What the commands over the lists of every resource do: schemas, pages,
//! one record, and the views kept per resource (in the settings).

use workdesk_api::{JsonRecord, ListView, Page, ResourceName};
use workdesk_sync::Fresh;

use crate::error::Error;
use crate::schema::{resource_schema, ResourceSchema};
use crate::settings::{NamedView, ResourceViews};
use crate::state::AppState;
use crate::ui_error::UiError;

/// Longest name of a saved view, in characters.
pub const VIEW_NAME_MAX_CHARS: usize = 80;

/// The field schemas of all eight resources, in the order the app lists
/// them.
pub fn resource_schemas() -> Vec<ResourceSchema> {
    ResourceName::ALL.into_iter().map(resource_schema).collect()
}

/// `Ok` when `view` reads over `resource` (what `list_records` would
/// send, and widths within bounds for its fields), so that no view kept in
/// the settings is one the list cannot show.
///
/// # Errors
/// `invalid_input` with `field_errors` keyed by the view's parts.
pub fn check_view(resource: ResourceName, view: &ListView) -> Result<(), UiError> {
    view.list_query(resource)
        .map(|_| ())
        .map_err(|problems| Error::Api(workdesk_api::Error::InvalidQuery(problems)).into())
}

impl AppState {
    /// One page of `resource` as `view` asks for it, from the service,
    /// saved for offline use; with `remember`, `view` becomes the
    /// resource's current view unless a later request on it was made
    /// meanwhile (the `list_records` command).
    ///
    /// # Errors
    /// The service's and the view's, as [`UiError`]s.
    pub async fn list_records(
        &self,
        resource: ResourceName,
        view: ListView,
        remember: bool,
    ) -> Result<Fresh<Page<JsonRecord>>, UiError> {
        let workspace = self.workspace().await?;
        let ticket = remember.then(|| self.view_tickets.issue(&workspace.id, resource));
        let started = std::time::Instant::now();
        let result = workspace.replica.fetch_page(resource, &view).await;
        match &result {
            Ok(fresh) => log::info!(
                "GET {} page={} take={} filters={} -> {} of {} in {} ms",
                resource.as_str(),
                view.page,
                view.take.rows(),
                view.filters.len(),
                fresh.value.results.len(),
                fresh.value.count,
                started.elapsed().as_millis()
            ),
            Err(err) => log::warn!(
                "GET {} page={} failed: {}",
                resource.as_str(),
                view.page,
                err.log_summary()
            ),
        }
        let fresh = result.map_err(Error::from)?;
        // Only the latest request's view is remembered: an earlier one that
        // answers late is not what the screen shows.
        if ticket.is_some_and(|t| self.view_tickets.is_latest(&workspace.id, resource, t)) {
            self.settings
                .set_current_view(&workspace.id, resource, &view)?;
        }
        // An answer for the workspace shown before a switch is not shown.
        self.check_shown(&workspace)?;
        Ok(fresh)
    }

    /// Record `id` of `resource` from the service, saved for offline use
    /// (the `get_record` command).
    ///
    /// # Errors
    /// `not_found` for a record gone; the service's.
    pub async fn get_record(
        &self,
        resource: ResourceName,
        id: String,
    ) -> Result<Fresh<JsonRecord>, UiError> {
        let workspace = self.workspace().await?;
        let record = workspace
            .replica
            .fetch_record(resource, &id)
            .await
            .map_err(|e| match e {
                workdesk_sync::Error::Api(api) => Error::record(api, resource.label()),
                other => Error::from(other),
            })?;
        self.check_shown(&workspace)?;
        Ok(record)
    }

    /// The views of `resource` kept for the workspace on screen (the
    /// `list_views` command).
    pub async fn list_views(&self, resource: ResourceName) -> ResourceViews {
        match self.shown().await {
            Some(workspace) => self.settings.views(&workspace, resource),
            None => ResourceViews::default(),
        }
    }

    /// Saves `view` of `resource` under `name` (trimmed; 1 to
    /// [`VIEW_NAME_MAX_CHARS`] characters), replacing a saved view of the
    /// same name (the `save_view` command).
    ///
    /// # Errors
    /// `invalid_input` for the name or the view; `not_configured`; the
    /// settings file's.
    pub async fn save_view(
        &self,
        resource: ResourceName,
        name: String,
        view: ListView,
    ) -> Result<ResourceViews, UiError> {
        let name = name.trim().to_owned();
        let length = name.chars().count();
        if length == 0 || length > VIEW_NAME_MAX_CHARS {
            return Err(Error::ViewName.into());
        }
        check_view(resource, &view)?;
        let workspace = self.shown().await.ok_or(Error::NotConfigured)?;
        Ok(self.settings.update_views(&workspace, resource, |views| {
            match views.saved.iter_mut().find(|saved| saved.name == name) {
                Some(saved) => saved.view = view,
                None => views.saved.push(NamedView { name, view }),
            }
        })?)
    }

    /// Remembers `view` as `resource`'s current view without loading it
    /// (the `remember_view` command).
    ///
    /// # Errors
    /// `invalid_input` for the view; `not_configured`; the settings file's.
    pub async fn remember_view(
        &self,
        resource: ResourceName,
        view: ListView,
    ) -> Result<(), UiError> {
        check_view(resource, &view)?;
        let workspace = self.shown().await.ok_or(Error::NotConfigured)?;
        // A list request under way must not overwrite this with its older view.
        self.view_tickets.issue(&workspace, resource);
        self.settings
            .set_current_view(&workspace, resource, &view)?;
        Ok(())
    }

    /// Deletes the saved view `name` of `resource` (the `delete_view`
    /// command).
    ///
    /// # Errors
    /// `not_configured`; the settings file's.
    pub async fn delete_view(
        &self,
        resource: ResourceName,
        name: String,
    ) -> Result<ResourceViews, UiError> {
        let workspace = self.shown().await.ok_or(Error::NotConfigured)?;
        Ok(self.settings.update_views(&workspace, resource, |views| {
            views.saved.retain(|saved| saved.name != name);
        })?)
    }
}

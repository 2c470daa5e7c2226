//! What the commands over the lists of every resource do: schemas, pages,
//! one record, and the views kept per resource (in the settings).

use serde::Serialize;
use specta::Type;
use workdesk_api::{JsonRecord, ListView, Page, ResourceName};
use workdesk_sync::overview::DrillDown;
use workdesk_sync::{Answer, ReadEnd, Then};

use crate::error::Error;
use crate::schema::{resource_schema, ResourceSchema};
use crate::settings::{LanguageChoice, NamedView, VIEW_NAME_MAX_CHARS};
use crate::state::{AppState, Workspace};
use crate::ui_error::UiError;
use crate::views::{add_ready_views, ListViews};

/// One message of a list's opening read ([`AppState::open_list`]).
///
/// JSON: `{"opened": ListViews}` first, then answers as `read_list` sends
/// them (`{"kind": "saved" | "fresh", ...}`).
#[derive(Debug, Serialize, Type)]
#[serde(untagged)]
pub enum ListMessage {
    /// The views the list opens with; its `current` is the view read.
    Opened {
        /// The resource's views, fitted.
        opened: ListViews,
    },
    /// An answer to the read of the opened view.
    Answer(Answer<Page<JsonRecord>>),
}

/// The field schemas of all eight resources, in the order the app lists
/// them.
pub fn resource_schemas() -> Vec<ResourceSchema> {
    ResourceName::ALL.into_iter().map(resource_schema).collect()
}

/// `Ok` when `view` reads over `resource` (what `list_records` would
/// send, and widths within bounds for its fields), so that no view kept in
/// the settings is one the list cannot show: the view as it is read
/// today, each relative period (`@this_month`) of its conditions worked
/// out into the dates it stands for in this computer's time zone
/// ([`ListView::dated_on`]), what a filter shows beside the period.
///
/// # Errors
/// `invalid_input` with `field_errors` keyed by the view's parts.
pub fn check_view(resource: ResourceName, view: &ListView) -> Result<ListView, UiError> {
    let now = chrono::Local::now();
    view.check_on(resource, &now)
        .map(|_| view.dated_on(resource, &now))
        .map_err(|problems| Error::Api(workdesk_api::Error::InvalidQuery(problems)).into())
}

impl AppState {
    /// Reads `view` of `resource` the one way every list is read
    /// ([`workdesk_sync::Replica::read_page`]): `send` gets the saved
    /// answer, then the service's (each with whether another may follow), unless the workspace on screen changed
    /// meanwhile; the end says whether the service answered, or why not.
    /// With `remember` (the list on screen, not a form's lookup), `view`
    /// becomes the resource's current view once it shows, unless a later
    /// read of the same resource was asked for meanwhile (the `read_list`
    /// command).
    ///
    /// # Errors
    /// The view's (`invalid_input`), the service's about the request
    /// (`forbidden`, `not_found`, `unauthorized`, `invalid_input`), and
    /// the saved records' when they had to answer and could not
    /// (`invalid_input` keyed by condition, `unauthorized`, `internal`).
    pub async fn read_list(
        &self,
        resource: ResourceName,
        view: ListView,
        remember: bool,
        send: impl FnMut(Answer<Page<JsonRecord>>, Then) + Send,
    ) -> Result<ReadEnd<UiError>, UiError> {
        let workspace = self.workspace().await?;
        self.read_in(&workspace, resource, view, remember, send)
            .await
    }

    /// [`AppState::read_list`] in `workspace`.
    async fn read_in(
        &self,
        workspace: &Workspace,
        resource: ResourceName,
        view: ListView,
        remember: bool,
        mut send: impl FnMut(Answer<Page<JsonRecord>>, Then) + Send,
    ) -> Result<ReadEnd<UiError>, UiError> {
        let ticket = remember.then(|| self.view_tickets.issue(&workspace.id, resource));
        let started = std::time::Instant::now();
        let end = workspace
            .replica
            .read_page(resource, &view, |answer, then| {
                // An answer for the workspace shown before a switch is not shown.
                if self.check_shown(workspace).is_ok() {
                    send(answer, then);
                }
            })
            .await;
        log_read(resource, &view, started, &end);
        let end = end.map_err(Error::from)?;
        // Only the latest read's view is remembered: an earlier one that
        // ends late is not what the screen shows.
        if ticket.is_some_and(|t| self.view_tickets.is_latest(&workspace.id, resource, t))
            && !matches!(end, ReadEnd::NothingSaved { .. })
        {
            self.settings
                .set_current_view(&workspace.id, resource, &view)?;
        }
        self.check_shown(workspace)?;
        Ok(end.map_err(|error| UiError::from(Error::from(error))))
    }

    /// Reads record `id` of `resource` as [`AppState::read_list`] reads a
    /// list ([`workdesk_sync::Replica::read_record`]): the saved copy, then
    /// the service's (a customer from `GET /stakeholder/customer/{id}/`),
    /// or the end that says why not (the `read_record` command).
    ///
    /// # Errors
    /// `invalid_input` (`field` = `id`: not a record id), `not_found`
    /// (`record_not_found`: no such record, or it was deleted), and the
    /// errors of [`AppState::read_list`].
    pub async fn read_record(
        &self,
        resource: ResourceName,
        id: String,
        mut send: impl FnMut(Answer<JsonRecord>, Then) + Send,
    ) -> Result<ReadEnd<UiError>, UiError> {
        let workspace = self.workspace().await?;
        let end = workspace
            .replica
            .read_record(resource, &id, |answer, then| {
                if self.check_shown(&workspace).is_ok() {
                    send(answer, then);
                }
            })
            .await;
        if let Err(err) = &end {
            log::warn!(
                "GET one {} failed: {}",
                resource.as_str(),
                err.log_summary()
            );
        }
        let end = end.map_err(|e| match e {
            workdesk_sync::Error::Api(api) => Error::record(api, resource.as_str()),
            other => Error::from(other),
        })?;
        self.check_shown(&workspace)?;
        Ok(end.map_err(|error| UiError::from(Error::from(error))))
    }

    /// Opens the list of `resource` with one read (the `open_list`
    /// command): `send` gets the resource's views, fitted
    /// ([`ListMessage::Opened`]), before anything else; then its current
    /// view (or the default) is read and remembered as
    /// [`AppState::read_list`] reads one, each answer a
    /// [`ListMessage::Answer`]. The first time in a workspace, the
    /// resource's ready-made views are added to its saved views, named in
    /// `language` (the window's; [`crate::views::ready_views`]). With
    /// `drill_down` (an overview's figure), the current view takes its
    /// conditions and order, from the first page, and that is what is read
    /// and remembered.
    ///
    /// # Errors
    /// Those of [`AppState::read_list`]; nothing is sent when there is no
    /// workspace to read (`not_configured`, `keychain_unavailable`) or it
    /// changed meanwhile.
    pub async fn open_list(
        &self,
        resource: ResourceName,
        language: LanguageChoice,
        drill_down: Option<DrillDown>,
        mut send: impl FnMut(ListMessage, Then) + Send,
    ) -> Result<ReadEnd<UiError>, UiError> {
        // One workspace for the views and the read: a switch meanwhile
        // shows neither.
        let workspace = self.workspace().await?;
        // The first time the list opens in this workspace, its ready-made
        // views join the saved ones, named in the window's language. They
        // are shown at once and written while the list is read (settings
        // that cannot be written do not stop the list opening).
        let stored = self.settings.views(&workspace.id, resource);
        let first = !stored.ready_added;
        let mut views = stored;
        add_ready_views(&mut views, resource, language);
        let mut opened = ListViews::fitted(resource, views);
        if let Some(DrillDown { filters, sort }) = drill_down {
            // The list behind an overview's figure: its conditions and
            // order over the list's own columns, from the first page.
            let current = &mut opened.current;
            current.page = 1;
            current.filters = filters;
            if !sort.is_empty() {
                current.sort = sort;
            }
            current.search = String::new();
        }
        let view = opened.current.clone();
        self.check_shown(&workspace)?;
        send(ListMessage::Opened { opened }, Then::MayFollow);
        let keep_ready = async {
            if first {
                let kept = self
                    .settings
                    .update_views(&workspace.id, resource, |views| {
                        add_ready_views(views, resource, language);
                    });
                if let Err(err) = kept {
                    log::warn!("the ready-made views could not be kept: {err}");
                }
            }
        };
        let read = self.read_in(&workspace, resource, view, true, |answer, then| {
            send(ListMessage::Answer(answer), then);
        });
        let (end, ()) = tokio::join!(read, keep_ready);
        end
    }

    /// The views of `resource` kept for the workspace on screen, fitted to
    /// the schema ([`ListViews::fitted`]).
    ///
    /// # Errors
    /// `not_configured` when no workspace is shown.
    pub async fn list_views(&self, resource: ResourceName) -> Result<ListViews, UiError> {
        let workspace = self.shown().await.ok_or(Error::NotConfigured)?;
        Ok(ListViews::fitted(
            resource,
            self.settings.views(&workspace, resource),
        ))
    }

    /// Saves `view` of `resource` under `name` (trimmed; 1 to
    /// [`VIEW_NAME_MAX_CHARS`] characters), replacing a saved view of the
    /// same name (the `save_view` command). Returns the resource's views,
    /// fitted.
    ///
    /// # Errors
    /// `invalid_input` for the name or the view; `not_configured`; the
    /// settings file's.
    pub async fn save_view(
        &self,
        resource: ResourceName,
        name: String,
        view: ListView,
    ) -> Result<ListViews, UiError> {
        let name = name.trim().to_owned();
        let length = name.chars().count();
        if length == 0 || length > VIEW_NAME_MAX_CHARS {
            return Err(Error::ViewName.into());
        }
        check_view(resource, &view)?;
        let workspace = self.shown().await.ok_or(Error::NotConfigured)?;
        let views = self.settings.update_views(&workspace, resource, |views| {
            match views.saved.iter_mut().find(|saved| saved.name == name) {
                Some(saved) => saved.view = view,
                None => views.saved.push(NamedView { name, view }),
            }
        })?;
        Ok(ListViews::fitted(resource, views))
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
    /// command). Returns the resource's views, fitted.
    ///
    /// # Errors
    /// `not_configured`; the settings file's.
    pub async fn delete_view(
        &self,
        resource: ResourceName,
        name: String,
    ) -> Result<ListViews, UiError> {
        let workspace = self.shown().await.ok_or(Error::NotConfigured)?;
        let views = self.settings.update_views(&workspace, resource, |views| {
            views.saved.retain(|saved| saved.name != name);
        })?;
        Ok(ListViews::fitted(resource, views))
    }
}

/// One line in the log for a list read: what was asked (never a filter's
/// value) and how it ended.
fn log_read(
    resource: ResourceName,
    view: &ListView,
    started: std::time::Instant,
    end: &workdesk_sync::Result<ReadEnd<workdesk_sync::Error>>,
) {
    let asked = format!(
        "{} page={} take={} filters={}",
        resource.as_str(),
        view.page,
        view.take.rows(),
        view.filters.len()
    );
    let ms = started.elapsed().as_millis();
    match end {
        Ok(ReadEnd::Fresh) => log::info!("GET {asked} -> answered in {ms} ms"),
        Ok(ReadEnd::KeptSaved { because, error } | ReadEnd::NothingSaved { because, error }) => {
            log::warn!(
                "GET {asked} -> not answered ({because:?}: {}) in {ms} ms",
                error.log_summary()
            );
        }
        Err(err) => log::warn!("GET {asked} failed: {}", err.log_summary()),
    }
}

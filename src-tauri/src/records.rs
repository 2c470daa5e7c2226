//! Commands over the lists of every resource: schemas, pages, one record,
//! and the views kept per resource (tauri-plugin-store).

use tauri::State;
use workdesk_api::{JsonRecord, ListView, Page, ResourceName};
use workdesk_sync::Fresh;

use crate::error::{Error, UiError};
use crate::schema::{resource_schema, ResourceSchema};
use crate::settings::{NamedView, ResourceViews};
use crate::state::AppState;

/// The field schemas of all eight resources, in the order the app lists
/// them: columns, sortable fields and the operators each field takes.
/// Never fails (a `Result` like every command, for the UI's one `call`).
#[tauri::command]
#[specta::specta]
pub fn resource_schemas() -> Result<Vec<ResourceSchema>, UiError> {
    crate::guard::guarded_sync(move || {
        Ok(ResourceName::ALL.into_iter().map(resource_schema).collect())
    })
}

/// One page of `resource` as `view` asks for it, from the service
/// (`GET <path>?<query>`), records as JSON objects (every field, `null`
/// when absent, unknown fields included; decimals as strings). The page is
/// saved for offline use in the background; `changed` says whether it
/// differs from the saved answer the UI may have shown first
/// (`list_saved`). With `remember` (the list on screen, not a form's
/// lookup), remembers `view` as the resource's current view and `resource`
/// as the one shown last, unless a later request on the same resource was
/// made meanwhile.
///
/// Errors: `invalid_input` with `field_errors` keyed `page`, `take`,
/// `fields`, `sort` or `filters.<index>` (nothing was sent);
/// `not_configured`, `unauthorized`, `forbidden`, `not_found` (a page past
/// the last), `rate_limited`, `network`, `service`, `keychain_unavailable`,
/// `offline` ("Work offline" is on).
#[tauri::command]
#[specta::specta]
pub async fn list_records(
    state: State<'_, AppState>,
    resource: ResourceName,
    view: ListView,
    remember: bool,
) -> Result<Fresh<Page<JsonRecord>>, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let ticket = remember.then(|| state.view_tickets.issue(&workspace.id, resource));
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
        if ticket.is_some_and(|t| state.view_tickets.is_latest(&workspace.id, resource, t)) {
            state
                .settings
                .set_current_view(&workspace.id, resource, &view)?;
        }
        // An answer for the workspace shown before a switch is not shown.
        state.check_shown(&workspace)?;
        Ok(fresh)
    })
    .await
}

/// Checks `view` of `resource` as `list_records` does before it sends
/// anything (the query engine's rules: fields, operators, values of the
/// right type and within the service's bounds, sort keys, page size): the
/// one authority the filter builder asks as the user types. Needs no
/// workspace and sends nothing.
///
/// Errors: `invalid_input` with `field_errors` keyed `filters.<index>`,
/// `fields`, `sort`, `page`, `take` or `widths`, exactly as `list_records`
/// would answer for the same view.
#[tauri::command]
#[specta::specta]
pub fn check_view(resource: ResourceName, view: ListView) -> Result<(), UiError> {
    crate::guard::guarded_sync(move || checked(resource, &view))
}

/// One record of `resource` with every field, by id (for the detail
/// panel), from the service; saved for offline use, `changed` against the
/// saved copy (`saved_record`).
///
/// Errors: `invalid_input` (`field` = `id`: not a record id), `not_found`
/// (no such record, or it was deleted), and the errors of `list_records`.
#[tauri::command]
#[specta::specta]
pub async fn get_record(
    state: State<'_, AppState>,
    resource: ResourceName,
    id: String,
) -> Result<Fresh<JsonRecord>, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let record = workspace
            .replica
            .fetch_record(resource, &id)
            .await
            .map_err(|e| match e {
                workdesk_sync::Error::Api(api) => Error::record(api, resource.label()),
                other => Error::from(other),
            })?;
        state.check_shown(&workspace)?;
        Ok(record)
    })
    .await
}

/// The views of `resource` kept for the workspace on screen: the current
/// one (restored at start) and those saved by name.
///
/// Errors: none in practice (`internal` if state is missing).
#[tauri::command]
#[specta::specta]
pub async fn list_views(
    state: State<'_, AppState>,
    resource: ResourceName,
) -> Result<ResourceViews, UiError> {
    crate::guard::guarded(async move {
        Ok(match state.shown().await {
            Some(workspace) => state.settings.views(&workspace, resource),
            None => ResourceViews::default(),
        })
    })
    .await
}

/// Saves `view` of `resource` under `name` (trimmed; 1 to 80 characters),
/// replacing a saved view of the same name. Returns the resource's views.
///
/// Errors: `invalid_input` with `field` = `name`, or with `field_errors`
/// keyed as `list_records` keys them (and `widths`) when the view does not
/// read; `not_configured`; `internal` when the settings file cannot be
/// written.
#[tauri::command]
#[specta::specta]
pub async fn save_view(
    state: State<'_, AppState>,
    resource: ResourceName,
    name: String,
    view: ListView,
) -> Result<ResourceViews, UiError> {
    crate::guard::guarded(async move {
        let name = name.trim().to_owned();
        let length = name.chars().count();
        if length == 0 || length > 80 {
            return Err(Error::ViewName.into());
        }
        checked(resource, &view)?;
        let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
        Ok(state.settings.update_views(&workspace, resource, |views| {
            match views.saved.iter_mut().find(|saved| saved.name == name) {
                Some(saved) => saved.view = view,
                None => views.saved.push(NamedView { name, view }),
            }
        })?)
    })
    .await
}

/// Remembers `view` as `resource`'s current view without loading it: what
/// changes only the screen (a column moved or resized) and needs no
/// request. Returns nothing.
///
/// Errors: `invalid_input` with `field_errors` keyed as `list_records`
/// keys them (and `widths`) when the view does not read (nothing kept);
/// `not_configured`; `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn remember_view(
    state: State<'_, AppState>,
    resource: ResourceName,
    view: ListView,
) -> Result<(), UiError> {
    crate::guard::guarded(async move {
        checked(resource, &view)?;
        let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
        // A list request under way must not overwrite this with its older view.
        state.view_tickets.issue(&workspace, resource);
        state
            .settings
            .set_current_view(&workspace, resource, &view)?;
        Ok(())
    })
    .await
}

/// Deletes the saved view `name` of `resource` (nothing if there is none).
/// Returns the resource's views.
///
/// Errors: `not_configured`; `internal` when the settings file cannot be
/// written.
#[tauri::command]
#[specta::specta]
pub async fn delete_view(
    state: State<'_, AppState>,
    resource: ResourceName,
    name: String,
) -> Result<ResourceViews, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
        Ok(state.settings.update_views(&workspace, resource, |views| {
            views.saved.retain(|saved| saved.name != name);
        })?)
    })
    .await
}

/// `Ok` when `view` reads over `resource` (what `list_records` would
/// send, and widths within bounds for its fields), so that no view kept in
/// the settings is one the list cannot show.
fn checked(resource: ResourceName, view: &ListView) -> Result<(), UiError> {
    view.list_query(resource)
        .map(|_| ())
        .map_err(|problems| Error::Api(workdesk_api::Error::InvalidQuery(problems)).into())
}

//! The link commands the UI calls: the link of a record or of a saved view
//! of the workspace on screen ("Copy link"), and where a link that arrived
//! takes the window (`open_link`).

use serde::Serialize;
use specta::Type;
use workdesk_api::ResourceName;

use crate::error::{Error, Result};
use crate::guard::guarded;
use crate::links::link::{Link, Target};
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::workspace::id::{WorkspaceEntry, WorkspaceId};

/// Where a link takes the window: the workspace to show first, then the
/// resource's list with the record's details or the saved view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct LinkOpening {
    /// The workspace to switch to first (`switch_workspace`); `None` when
    /// the link's workspace is the one on screen.
    pub switch_to: Option<WorkspaceId>,
    /// The resource whose list opens.
    pub resource: ResourceName,
    /// The record whose details open (its id), for a record's link.
    pub record: Option<String>,
    /// The saved view applied (its name), for a view's link.
    pub view: Option<String>,
}

/// The workspace on screen, as links name it: refused in the demo, whose
/// records are made anew each time it starts.
async fn linked_workspace(state: &AppState) -> Result<WorkspaceEntry> {
    if state.session.demo.lock().await.is_some() {
        return Err(Error::LinkDemo);
    }
    state
        .settings
        .current_workspace()
        .ok_or(Error::NotConfigured)
}

/// Whether `workspace` keeps a saved view `name` of `resource`.
fn has_view(state: &AppState, workspace: &WorkspaceId, resource: ResourceName, name: &str) -> bool {
    let views = state.settings.views(workspace, resource);
    views.saved.iter().any(|saved| saved.name == name)
}

/// The `workdesk://` link of record `id` of `resource` in the workspace on
/// screen (docs/links.md): its server's origin and its id on this
/// computer, never its key. The window puts it on the clipboard.
///
/// Errors: `invalid_input` (code `invalid_id` when `id` is not a UUID,
/// `link_demo` in the demo workspace), `not_configured`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn record_link(
    state: &AppState,
    resource: ResourceName,
    id: String,
) -> Result<String, UiError> {
    guarded(async move {
        let workspace = linked_workspace(state).await?;
        let record = uuid::Uuid::try_parse(id.trim())
            .map_err(|_| Error::Api(workdesk_api::Error::InvalidId(id.clone())))?;
        let link = Link::new(&workspace, resource, Target::Record(record)).map_err(Error::from)?;
        Ok(link.to_string())
    })
    .await
}

/// The `workdesk://` link of the saved view `name` of `resource` in the
/// workspace on screen (docs/links.md). The window puts it on the
/// clipboard.
///
/// Errors: `link` (code `link_view_missing`: no saved view has that
/// name), `invalid_input` (code `link_demo` in the demo workspace),
/// `not_configured`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn view_link(
    state: &AppState,
    resource: ResourceName,
    name: String,
) -> Result<String, UiError> {
    guarded(async move {
        let workspace = linked_workspace(state).await?;
        if !has_view(state, &workspace.id, resource, &name) {
            return Err(Error::LinkViewMissing(name).into());
        }
        let link = Link::new(&workspace, resource, Target::View(name)).map_err(Error::from)?;
        Ok(link.to_string())
    })
    .await
}

/// Where the link that arrived last takes the window, once (`None` when
/// none is waiting): Rust pushes `link-arrived` when one comes, and the
/// window asks at start too, for the link Workdesk was started with.
/// Nothing changes here: the window switches workspace (`switch_to`,
/// asking first when a form holds what was typed) and opens the list.
///
/// Errors, all of kind `link` (nothing changed): `link_malformed` (with
/// `reason`: not a link Workdesk opens), `link_workspace_missing` (with
/// `server`: no workspace with the link's id and server is saved on this
/// computer), `link_view_missing` (with `name`: the workspace has no saved
/// view of that name).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn open_link(state: &AppState) -> Result<Option<LinkOpening>, UiError> {
    guarded(async move {
        let Some(text) = state.links.take() else {
            return Ok(None);
        };
        let opening = opening(state, &text).await;
        match &opening {
            Ok(to) => log::info!(
                "a link opens {} in workspace {}",
                to.resource.as_str(),
                to.switch_to
                    .as_ref()
                    .map_or("on screen", WorkspaceId::as_str)
            ),
            Err(err) => log::warn!("a link was not opened: {err}"),
        }
        Ok(Some(opening?))
    })
    .await
}

/// Where link `text` takes the window, with the workspaces saved now.
async fn opening(state: &AppState, text: &str) -> Result<LinkOpening> {
    let link = Link::parse(text).map_err(|problem| Error::LinkMalformed(problem.code()))?;
    let saved = state.settings.workspaces();
    let workspace = link
        .resolve(&saved)
        .map_err(|not_here| Error::LinkNotHere(not_here.server))?;
    let (record, view) = match link.target {
        Target::Record(id) => (Some(id.hyphenated().to_string()), None),
        Target::View(name) => {
            if !has_view(state, &workspace.id, link.resource, &name) {
                return Err(Error::LinkViewMissing(name));
            }
            (None, Some(name))
        }
    };
    let shown = state.shown().await;
    Ok(LinkOpening {
        switch_to: (shown.as_ref() != Some(&workspace.id)).then(|| workspace.id.clone()),
        resource: link.resource,
        record,
        view,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::store::tests::memory_settings;
    use crate::settings::store::NamedView;
    use crate::ui_error::{ErrorCode, ErrorKind};

    const RECORD: &str = "6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f";

    fn entry(id: &str, name: &str, base_url: &str) -> WorkspaceEntry {
        WorkspaceEntry {
            id: WorkspaceId::parse(id).unwrap(),
            name: name.into(),
            base_url: base_url.into(),
            proxy: None,
        }
    }

    /// Two workspaces saved (`books` shown), `books` with a saved view
    /// "Unpaid" of supplier invoices.
    fn state() -> (AppState, tempfile::TempDir) {
        let (_, settings) = memory_settings();
        settings
            .add_workspace(&entry("others", "Others", "https://others.example.co/"))
            .unwrap();
        settings
            .add_workspace(&entry("books", "Books", "https://books.example.co/api/"))
            .unwrap();
        settings
            .update_views(
                &WorkspaceId::parse("books").unwrap(),
                ResourceName::SupplierInvoice,
                |views| {
                    views.saved.push(NamedView {
                        name: "Unpaid".into(),
                        view: Default::default(),
                    })
                },
            )
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let keychain = workdesk_keychain::Keychain::session_only("dev.workdesk.links.test", "none");
        let state = AppState::new(keychain, settings, dir.path().join("saved"));
        (state, dir)
    }

    async fn open(state: &AppState, link: &str) -> Result<Option<LinkOpening>, UiError> {
        state.links.arrived(link);
        open_link(state).await
    }

    #[tokio::test]
    async fn a_copied_record_link_opens_that_record_in_its_workspace() {
        let (state, _dir) = state();
        let link = record_link(&state, ResourceName::SupplierInvoice, RECORD.into())
            .await
            .unwrap();
        assert!(
            link.starts_with("workdesk://open/supplier_invoice?record="),
            "{link}"
        );
        assert!(
            link.contains("server=https%3A%2F%2Fbooks.example.co"),
            "{link}"
        );
        assert_eq!(
            open(&state, &link).await.unwrap(),
            Some(LinkOpening {
                switch_to: None,
                resource: ResourceName::SupplierInvoice,
                record: Some(RECORD.into()),
                view: None,
            }),
            "the workspace on screen: no switch"
        );
        assert_eq!(open_link(&state).await.unwrap(), None, "once");
        state
            .settings
            .set_current_workspace(&WorkspaceId::parse("others").unwrap())
            .unwrap();
        let opening = open(&state, &link).await.unwrap().unwrap();
        assert_eq!(
            opening.switch_to,
            WorkspaceId::parse("books"),
            "another saved workspace"
        );
        assert_eq!(
            state.settings.current_workspace().unwrap().id.as_str(),
            "others",
            "nothing switched before the window applies it"
        );
    }

    #[tokio::test]
    async fn a_view_link_opens_a_view_the_workspace_keeps() {
        let (state, _dir) = state();
        let link = view_link(&state, ResourceName::SupplierInvoice, "Unpaid".into())
            .await
            .unwrap();
        let opening = open(&state, &link).await.unwrap().unwrap();
        assert_eq!(opening.view.as_deref(), Some("Unpaid"));
        assert_eq!(opening.record, None);
        let missing = view_link(&state, ResourceName::SupplierInvoice, "Gone".into())
            .await
            .unwrap_err();
        assert_eq!(
            (missing.kind, missing.code),
            (ErrorKind::Link, ErrorCode::LinkViewMissing)
        );
        // Deleted after the link was copied.
        state
            .settings
            .update_views(
                &WorkspaceId::parse("books").unwrap(),
                ResourceName::SupplierInvoice,
                |views| views.saved.clear(),
            )
            .unwrap();
        let gone = open(&state, &link).await.unwrap_err();
        assert_eq!(
            (gone.kind, gone.code),
            (ErrorKind::Link, ErrorCode::LinkViewMissing)
        );
        assert_eq!(gone.params["name"], "Unpaid");
    }

    #[tokio::test]
    async fn a_link_that_does_not_open_says_why_and_changes_nothing() {
        let (state, _dir) = state();
        let before = state.settings.current_workspace();
        let elsewhere = format!(
            "workdesk://open/supplier_invoice?record={RECORD}&workspace=books&server=https%3A%2F%2Felsewhere.example.co"
        );
        let missing = open(&state, &elsewhere).await.unwrap_err();
        assert_eq!(
            (missing.kind, missing.code),
            (ErrorKind::Link, ErrorCode::LinkWorkspaceMissing)
        );
        assert_eq!(missing.params["server"], "https://elsewhere.example.co");
        let foreign = open(&state, "https://books.example.co/invoice/1")
            .await
            .unwrap_err();
        assert_eq!(
            (foreign.kind, foreign.code),
            (ErrorKind::Link, ErrorCode::LinkMalformed)
        );
        assert_eq!(foreign.params["reason"], "other_scheme");
        let bad = open(&state, "workdesk://open/supplier_invoice?record=1&workspace=books&server=https%3A%2F%2Fbooks.example.co").await.unwrap_err();
        assert_eq!(bad.params["reason"], "record_id");
        assert_eq!(state.settings.current_workspace(), before);
    }

    #[test]
    fn a_link_carries_view_names_as_long_as_views_have() {
        assert_eq!(
            crate::links::link::VIEW_NAME_MAX,
            crate::settings::store::VIEW_NAME_MAX_CHARS
        );
    }

    #[tokio::test]
    async fn no_link_is_made_of_what_is_not_an_id_nor_without_a_workspace() {
        let (state, _dir) = state();
        let bad = record_link(&state, ResourceName::Task, "42".into())
            .await
            .unwrap_err();
        assert_eq!(
            (bad.kind, bad.code),
            (ErrorKind::InvalidInput, ErrorCode::InvalidId)
        );
        let (_, empty) = memory_settings();
        let dir = tempfile::tempdir().unwrap();
        let keychain = workdesk_keychain::Keychain::session_only("dev.workdesk.links.test", "none");
        let none = AppState::new(keychain, empty, dir.path().join("saved"));
        let unset = record_link(&none, ResourceName::Task, RECORD.into())
            .await
            .unwrap_err();
        assert_eq!(unset.kind, ErrorKind::NotConfigured);
    }
}

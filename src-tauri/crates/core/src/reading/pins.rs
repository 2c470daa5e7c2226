//! Pins: records and saved views pinned to the navigation, per workspace,
//! in the user's order (the newest last), at most [`PINS_MAX`].
//!
//! A record's pin is titled as the command palette titles a match
//! ([`PaletteResult`]: its id, title and detail), from its saved copy when
//! it is pinned, and titled again each time its details are read
//! ([`retitle`], from `read_record`); a saved view's pin is its list and its
//! name, as saved views name themselves. The pins are kept in the meta
//! data of the workspace's sealed saved-data file
//! (`workdesk_cache::Cache::pins`), as the records opened last are: never
//! in a plain file, hidden once the service refused the key. "Clear saved
//! data" removes the records' pins, whose titles are record data
//! ([`forget_records`]); the views' pins stay, as the views do. A view's
//! pin whose view was deleted is no longer listed, and is dropped at the
//! next change.

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use specta::Type;
use workdesk_api::ResourceName;
use workdesk_cache::Cache;
use workdesk_sync::Replica;

use crate::error::Error;
use crate::guard::guarded;
use crate::reading::palette::{results_of, PaletteResult};
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::workspace::session::Workspace;

/// The most pins a workspace keeps: pinning one more is refused
/// (`invalid_input`, code `too_many_pins`, `max`).
pub const PINS_MAX: usize = 30;

/// What is pinned to the navigation.
///
/// JSON: `{"kind": "record", "resource": "customer", "result": {"id": …,
/// "title": "Acme", "detail": […]}}` or `{"kind": "view", "resource":
/// "task", "name": "Overdue"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pin {
    /// A record: opened in its list with its details shown.
    Record {
        /// Its list.
        resource: ResourceName,
        /// Its id, title and detail, as a match of the palette shows them
        /// (when its details were last read, or it was pinned).
        result: PaletteResult,
    },
    /// A saved view: applied in its list.
    View {
        /// Its list.
        resource: ResourceName,
        /// Its name, as the list's saved views name it.
        name: String,
    },
}

impl Pin {
    /// What it pins: the record or view it stands for.
    #[must_use]
    pub fn target(&self) -> PinTarget {
        match self {
            Pin::Record { resource, result } => PinTarget::Record {
                resource: *resource,
                id: result.id.clone(),
            },
            Pin::View { resource, name } => PinTarget::View {
                resource: *resource,
                name: name.clone(),
            },
        }
    }
}

/// A record or a saved view to pin or unpin, as the window names it.
///
/// JSON: `{"kind": "record", "resource": "customer", "id": "…"}` or
/// `{"kind": "view", "resource": "task", "name": "Overdue"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PinTarget {
    /// Record `id` of `resource`.
    Record {
        /// Its list.
        resource: ResourceName,
        /// Its id.
        id: String,
    },
    /// The saved view `name` of `resource`.
    View {
        /// Its list.
        resource: ResourceName,
        /// Its name.
        name: String,
    },
}

impl PinTarget {
    /// The key one pin of it is kept under: its kind, list and id (lower
    /// case, as ids compare) or name. Pinning the same thing twice keeps
    /// one.
    #[must_use]
    pub fn key(&self) -> String {
        match self {
            PinTarget::Record { resource, id } => {
                format!("record:{}:{}", resource.as_str(), id.trim().to_lowercase())
            }
            PinTarget::View { resource, name } => format!("view:{}:{name}", resource.as_str()),
        }
    }
}

/// The pins of the workspace on screen, in the user's order (the newest
/// last), at most [`PINS_MAX`]: what the navigation's "Pinned" group
/// shows. A view's pin whose view is gone is left out. Read from the
/// workspace's sealed saved data; empty once the service refused its key.
///
/// Errors: `not_configured`, `keychain_unavailable`; `internal` when saved
/// data cannot be read.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn pinned(state: &AppState) -> Result<Vec<Pin>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        if workspace.replica.key_refused() {
            return Ok(Vec::new());
        }
        let cache = workspace.replica.cache().clone();
        let pins = blocking(move || cache.pins()).await?;
        state.session.check_shown(&workspace)?;
        Ok(listed(&saved_views(state, &workspace), pins))
    })
    .await
}

/// Pins `target` last among the pins of the workspace on screen (a record
/// titled from its saved copy, as a match of the palette is; a saved view
/// by its name); pinning what is pinned already keeps the one pin where it
/// is. Answers the pins after it, as [`pinned`] does.
///
/// Errors: `invalid_input` (`too_many_pins`, `max`: [`PINS_MAX`] are
/// pinned already), `not_found` (`record_not_found`: no saved copy of the
/// record; `view_not_found`, `name`: no saved view so named),
/// `unauthorized` (`saved_data_locked`: the service refused the key),
/// `not_configured`, `keychain_unavailable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn pin(state: &AppState, target: PinTarget) -> Result<Vec<Pin>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        refused(&workspace)?;
        let key = target.key();
        let views = saved_views(state, &workspace);
        let cache = workspace.replica.cache().clone();
        let kept = blocking(move || cache.pins()).await?;
        if kept.iter().any(|pin| key_of(pin) == key) {
            // Pinned already: kept where it is (its id in any case).
            state.session.check_shown(&workspace)?;
            return Ok(listed(&views, kept));
        }
        let pin = match &target {
            PinTarget::Record { resource, id } => {
                let (resource, id) = (*resource, id.trim().to_owned());
                let replica = workspace.replica.clone();
                let saved =
                    tokio::task::spawn_blocking(move || replica.saved_record(resource, &id))
                        .await
                        .map_err(|err| Error::SavedData(err.to_string()))?
                        .map_err(Error::from)?;
                let record = saved
                    .ok_or_else(|| Error::RecordNotFound(resource.as_str().to_owned()))?
                    .value;
                let result = results_of(&workspace.replica, resource, &[record])
                    .await
                    .pop()
                    .ok_or_else(|| Error::RecordNotFound(resource.as_str().to_owned()))?;
                Pin::Record { resource, result }
            }
            PinTarget::View { resource, name } => {
                if !views.contains(&key) {
                    return Err(Error::ViewNotFound(name.clone()).into());
                }
                Pin::View {
                    resource: *resource,
                    name: name.clone(),
                }
            }
        };
        let json = serde_json::to_value(&pin).map_err(|err| Error::SavedData(err.to_string()))?;
        let kept = views.clone();
        let cache = workspace.replica.cache().clone();
        let (pins, full) = blocking(move || {
            let mut full = false;
            let pins = cache.change_pins(|pins| {
                let before = pins.len();
                // The pins of views deleted meanwhile go.
                pins.retain(|pin| {
                    let key = key_of(pin);
                    !key.starts_with("view:") || kept.contains(&key)
                });
                if pins.iter().any(|pin| key_of(pin) == key) {
                    return pins.len() != before;
                }
                if pins.len() >= PINS_MAX {
                    full = true;
                    return pins.len() != before;
                }
                pins.push(keyed(json, &key));
                true
            })?;
            Ok::<_, workdesk_cache::Error>((pins, full))
        })
        .await?;
        if full {
            return Err(Error::TooManyPins(PINS_MAX).into());
        }
        state.session.check_shown(&workspace)?;
        Ok(listed(&views, pins))
    })
    .await
}

/// Unpins `target` from the workspace on screen (nothing happens when it
/// is not pinned). Answers the pins after it, as [`pinned`] does.
///
/// Errors: `unauthorized` (`saved_data_locked`: the service refused the
/// key), `not_configured`, `keychain_unavailable`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn unpin(state: &AppState, target: PinTarget) -> Result<Vec<Pin>, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        refused(&workspace)?;
        let key = target.key();
        let cache = workspace.replica.cache().clone();
        let pins = blocking(move || {
            cache.change_pins(|pins| {
                let before = pins.len();
                pins.retain(|kept| key_of(kept) != key);
                pins.len() != before
            })
        })
        .await?;
        state.session.check_shown(&workspace)?;
        Ok(listed(&saved_views(state, &workspace), pins))
    })
    .await
}

/// Titles the pin of record `result.id` of `resource` in `replica`'s
/// workspace, if it is pinned, as `result` (the record as its details were
/// just read) titles it. A change that cannot be written is left out
/// (logged): opening a record never fails for it.
pub async fn retitle(replica: &Replica, resource: ResourceName, result: PaletteResult) {
    let key = PinTarget::Record {
        resource,
        id: result.id.clone(),
    }
    .key();
    let Ok(json) = serde_json::to_value(Pin::Record { resource, result }) else {
        return;
    };
    let cache = replica.cache().clone();
    let changed = tokio::task::spawn_blocking(move || {
        cache.change_pins(|pins| {
            let Some(kept) = pins.iter_mut().find(|kept| key_of(kept) == key) else {
                return false;
            };
            let json = keyed(json, &key);
            let same = *kept == json;
            *kept = json;
            !same
        })
    })
    .await;
    if let Ok(Err(err)) = changed {
        log::warn!("the pinned record could not be titled again: {err}");
    }
}

/// Removes the records' pins from `cache` (its saved data was cleared: their
/// titles are record data); the views' pins stay.
///
/// # Errors
/// SQLite failures.
pub fn forget_records(cache: &Cache) -> workdesk_cache::Result<()> {
    cache
        .change_pins(|pins| {
            let before = pins.len();
            pins.retain(|kept| !key_of(kept).starts_with("record:"));
            pins.len() != before
        })
        .map(|_| ())
}

/// The pins in `pins` that read and whose view, for a view's, is among
/// `views` (the keys of the saved views).
fn listed(views: &[String], pins: Vec<Json>) -> Vec<Pin> {
    pins.into_iter()
        .filter_map(|json| serde_json::from_value::<Pin>(json).ok())
        .filter(|pin| match pin {
            Pin::Record { .. } => true,
            Pin::View { .. } => views.contains(&pin.target().key()),
        })
        .collect()
}

/// The keys a pin of each saved view of `workspace` has, every list's
/// (the settings only).
fn saved_views(state: &AppState, workspace: &Workspace) -> Vec<String> {
    ResourceName::ALL
        .into_iter()
        .flat_map(|resource| {
            let views = state.settings.views(&workspace.id, resource);
            views.saved.into_iter().map(move |saved| {
                PinTarget::View {
                    resource,
                    name: saved.name,
                }
                .key()
            })
        })
        .collect()
}

/// The saved data's refusal, once the service refused `workspace`'s key
/// (its pins are hidden then, and kept as they are).
fn refused(workspace: &Workspace) -> Result<(), Error> {
    if workspace.replica.key_refused() {
        return Err(Error::Sync(workdesk_sync::Error::KeyRefused));
    }
    Ok(())
}

/// A pin's JSON with its key (its `"key"` member).
fn keyed(mut json: Json, key: &str) -> Json {
    if let Some(members) = json.as_object_mut() {
        members.insert("key".to_owned(), Json::from(key));
    }
    json
}

/// The key a pin's JSON was kept under (empty when it has none).
fn key_of(json: &Json) -> String {
    json.get("key")
        .and_then(Json::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// Runs `work` (saved data, synchronous) off the async threads; its
/// failure is saved data's.
async fn blocking<T: Send + 'static, E: std::fmt::Display + Send + 'static>(
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, Error> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|err| Error::SavedData(err.to_string()))?
        .map_err(|err| Error::SavedData(err.to_string()))
}

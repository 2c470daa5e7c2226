//! The workspace commands the UI calls (exported to TypeScript by
//! tauri-specta): add, change, rename, switch and remove workspaces, the
//! demo, the rate-limit budget.
//!
//! Each is thin: it validates input with the API types, touches the keychain,
//! the settings store or the API client, and turns failures into [`UiError`].
//! An API key goes in (`add_workspace`, `update_workspace`) but never comes
//! out: the UI only ever receives a masked hint. A stored key is sent only
//! to the origin (scheme, host, port) it was entered for: no command can
//! point it at another.

use serde::Serialize;
use specta::Type;
use workdesk_api::{
    ApiKey, BaseUrl, Client, ClientConfig, ListView, ProxyUrl, RateLimit, ResourceName, Take,
};
use workdesk_keychain::{Availability, Persistence, StoredKey};
use zeroize::Zeroize;

use crate::error::{Error, Result};
use crate::guard::guarded;
use crate::offline::saved_data;
use crate::reading::changes::ChangeCause;
use crate::settings::store::{Density, LanguageChoice};
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::workspace::demo::Demo;
use crate::workspace::id::{
    check_name, default_name, typed_proxy, WorkspaceEntry, WorkspaceId, NAME_MAX_CHARS,
};

/// Where the current key is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum KeyStorage {
    /// In the OS keychain; remembered across restarts.
    Keychain,
    /// In memory for this session only (no working keychain).
    Session,
    /// The demo workspace's built-in key.
    Demo,
}

/// What the UI may know about the API key: a masked hint, never the key.
#[derive(Debug, Clone, Serialize, Type)]
pub struct KeyStatus {
    /// E.g. `service_…3f9a`; `None` when no key may be used.
    pub hint: Option<String>,
    /// Where the key is kept; `None` when no key may be used.
    pub storage: Option<KeyStorage>,
    /// Why the workspace needs its key typed (the first-run form then asks
    /// for it, naming the address); `None` when its key may be used.
    pub needed: Option<KeyNeeded>,
    /// The service refused this key (401) since it was entered: the
    /// workspace's saved records are hidden until a key it accepts is
    /// entered. The UI asks for the key at once, saying why (`refusal`).
    pub refusal: Option<UiError>,
}

/// Why a workspace's key must be typed before anything is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum KeyNeeded {
    /// No key is stored for it on this computer.
    Missing,
    /// The stored key was entered for another server address than the
    /// one in the settings: it is not sent there.
    OtherAddress,
    /// The stored key was saved by an earlier version of Workdesk, without
    /// the address it was entered for: it is not sent until typed again.
    EarlierVersion,
}

impl KeyNeeded {
    /// Why `stored` cannot be used (`None`: it can).
    pub fn of(stored: &StoredKey) -> Option<KeyNeeded> {
        match stored {
            StoredKey::Bound { .. } => None,
            StoredKey::Missing => Some(KeyNeeded::Missing),
            StoredKey::OtherOrigin { .. } => Some(KeyNeeded::OtherAddress),
            StoredKey::Unbound => Some(KeyNeeded::EarlierVersion),
        }
    }
}

/// Whether the OS keychain works.
#[derive(Debug, Clone, Serialize, Type)]
pub struct KeychainStatus {
    /// True when keys are stored in the OS keychain.
    pub available: bool,
    /// Why not, in words for the user, when `available` is false.
    pub reason: Option<String>,
}

impl KeychainStatus {
    /// Whether `keychain` is the system's own (Credential Manager, the
    /// login Keychain, the Secret Service), and why not.
    pub fn of(keychain: &workdesk_keychain::Keychain) -> KeychainStatus {
        match keychain.availability() {
            Availability::Os => KeychainStatus {
                available: true,
                reason: None,
            },
            Availability::SessionOnly { reason } => KeychainStatus {
                available: false,
                reason: Some(reason),
            },
        }
    }
}

/// Which workspace the app shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Nothing configured: show the first-run screen.
    Setup,
    /// The configured service (base URL + key).
    Service,
    /// The in-process demo workspace.
    Demo,
}

/// Everything the UI needs at start-up and after each change of workspace.
#[derive(Debug, Clone, Serialize, Type)]
pub struct WorkspaceStatus {
    /// Which workspace is shown.
    pub mode: Mode,
    /// The current workspace (shown unless the demo runs; reopened when it
    /// stops); `None` before any was added.
    pub workspace: Option<WorkspaceEntry>,
    /// Every workspace, in the order they were added (`Ctrl+1`…`Ctrl+9`
    /// switch to the first nine). Never the demo.
    pub workspaces: Vec<WorkspaceEntry>,
    /// The base URL in use (the demo's loopback URL in demo mode).
    pub base_url: Option<String>,
    /// The shown workspace's key: hint and storage.
    pub key: KeyStatus,
    /// Whether the OS keychain works.
    pub keychain: KeychainStatus,
    /// The resource whose list was shown last in the shown workspace.
    pub last_resource: ResourceName,
    /// The shown workspace opens on its overview: it was shown last, or
    /// the workspace was just added.
    pub opens_overview: bool,
    /// "Work offline" is on: nothing is sent to the service.
    pub working_offline: bool,
    /// The language chosen for the UI (settings `language`).
    pub language: LanguageChoice,
    /// The records table's density (settings `density`).
    pub density: Density,
    /// The window's zoom in percent (settings `zoom_percent`), one of
    /// `LIMITS.zoom_steps`.
    pub zoom_percent: u16,
    /// The settings file was unreadable at start and set aside: told once
    /// (the first status after start carries it).
    pub settings_notice: Option<crate::settings::file::SettingsNotice>,
}

fn keychain_status(state: &AppState) -> KeychainStatus {
    KeychainStatus::of(&state.session.keychain)
}

async fn stored_key_status(state: &AppState, entry: &WorkspaceEntry) -> Result<KeyStatus> {
    let Ok(base_url) = entry.base_url() else {
        return Ok(KeyStatus {
            hint: None,
            storage: None,
            needed: Some(KeyNeeded::OtherAddress),
            refusal: None,
        });
    };
    let account = entry.id.clone();
    let origin = base_url.origin();
    let stored = state
        .session
        .with_keychain(move |k| k.key(account.as_str(), &origin))
        .await?;
    let storage = match state.session.keychain.availability() {
        Availability::Os => KeyStorage::Keychain,
        Availability::SessionOnly { .. } => KeyStorage::Session,
    };
    let needed = KeyNeeded::of(&stored);
    if let Some(needed) = needed {
        if needed != KeyNeeded::Missing {
            log::warn!(
                "the stored key of workspace {} is not sent to {base_url} ({needed:?}); asking for it",
                entry.id
            );
        }
    }
    Ok(match stored {
        StoredKey::Bound { key, refused } => KeyStatus {
            hint: Some(key.hint()),
            storage: Some(storage),
            needed: None,
            refusal: refused.then(|| Error::from(workdesk_sync::Error::KeyRefused).into()),
        },
        _ => KeyStatus {
            hint: None,
            storage: None,
            needed,
            refusal: None,
        },
    })
}

async fn status(state: &AppState) -> Result<WorkspaceStatus, UiError> {
    // The list shown last is written after its read replied.
    state.reading.view_writes.settled().await;
    let workspaces = state.settings.workspaces();
    let current = state.settings.current_workspace();
    if let Some(demo) = state.session.demo.lock().await.as_ref() {
        let last_resource = state.settings.last_resource(&WorkspaceId::demo());
        let opens_overview = state.settings.opens_overview(&WorkspaceId::demo());
        return Ok(WorkspaceStatus {
            mode: Mode::Demo,
            workspace: current,
            workspaces,
            base_url: Some(demo.replica.client().base_url().to_string()),
            key: KeyStatus {
                hint: Some(demo.key_hint()),
                storage: Some(KeyStorage::Demo),
                needed: None,
                refusal: None,
            },
            keychain: keychain_status(state),
            last_resource,
            opens_overview,
            working_offline: state.working_offline(),
            language: state.settings.language(),
            density: state.settings.density(),
            zoom_percent: state.settings.zoom_percent(),
            settings_notice: state.settings.take_notice(),
        });
    }
    let no_key = KeyStatus {
        hint: None,
        storage: None,
        needed: None,
        refusal: None,
    };
    let (key, keychain) = match &current {
        None => (no_key, keychain_status(state)),
        Some(entry) => match stored_key_status(state, entry).await {
            Ok(key) => (key, keychain_status(state)),
            Err(err) => (
                no_key,
                KeychainStatus {
                    available: false,
                    reason: Some(err.to_string()),
                },
            ),
        },
    };
    let mode = if current.is_some() && key.hint.is_some() {
        Mode::Service
    } else {
        Mode::Setup
    };
    let last_resource = current
        .as_ref()
        .map(|w| state.settings.last_resource(&w.id))
        .unwrap_or(ResourceName::SupplierInvoice);
    let opens_overview = current
        .as_ref()
        .is_some_and(|w| state.settings.opens_overview(&w.id));
    Ok(WorkspaceStatus {
        mode,
        base_url: current.as_ref().map(|w| w.base_url.clone()),
        last_resource,
        opens_overview,
        workspace: current,
        workspaces,
        key,
        keychain,
        working_offline: state.working_offline(),
        language: state.settings.language(),
        density: state.settings.density(),
        zoom_percent: state.settings.zoom_percent(),
        settings_notice: state.settings.take_notice(),
    })
}

/// Asks the service at `base_url` for one supplier invoice with `key`: the
/// check that the address is the service's and that it accepts the key.
///
/// A 403 is a success here: the service authenticated the key (a bad key
/// is a 401), and its member may simply not read supplier invoices
/// (`docs/service.md`, "Member permissions": the member's permissions apply).
/// The list then says so in its place, and the other lists work.
async fn check_key(base_url: &BaseUrl, key: ApiKey, proxy: Option<ProxyUrl>) -> Result<()> {
    let probe = ListView {
        take: Take::Count(1),
        fields: Some(vec!["id".to_owned()]),
        ..ListView::default()
    };
    let config = ClientConfig {
        proxy,
        ..ClientConfig::default()
    };
    let client = Client::with_config(base_url.clone(), key, config)?;
    match client
        .list_view(ResourceName::SupplierInvoice, &probe)
        .await
    {
        Ok(_) => Ok(()),
        Err(workdesk_api::Error::Forbidden { .. }) => {
            log::info!("the key's member may not read supplier invoices at {base_url}");
            Ok(())
        }
        Err(workdesk_api::Error::NotFound { .. }) => Err(Error::WrongAddress(base_url.to_string())),
        Err(err) => {
            log::warn!("connecting to {base_url} failed: {}", err.log_summary());
            Err(Error::from(err))
        }
    }
}

/// `wanted`, or `wanted 2`, `wanted 3`… when another workspace has it.
fn free_name(wanted: &str, existing: &[WorkspaceEntry]) -> String {
    let wanted: String = wanted.chars().take(NAME_MAX_CHARS - 4).collect();
    (1..)
        .map(|n| {
            if n == 1 {
                wanted.clone()
            } else {
                format!("{wanted} {n}")
            }
        })
        .find(|name| check_name(name, existing, None).is_ok())
        .expect("some number is free")
}

/// Parses a key as typed, then wipes the typed text: from here on the key
/// lives only in [`ApiKey`], which zeroes its memory on drop.
fn typed_key(mut text: String) -> Result<ApiKey> {
    let parsed = ApiKey::parse(&text);
    text.zeroize();
    Ok(parsed?)
}

/// Stores `key` for `workspace`, bound to `base_url`'s origin (OS
/// keychain, or this session only when there is none; a refusal noted for
/// the key before is cleared: the service just accepted it), and drops
/// the cached client built from the previous key.
async fn store_key(
    state: &AppState,
    workspace: &WorkspaceId,
    base_url: &BaseUrl,
    key: ApiKey,
) -> KeyStorage {
    let hint = key.hint();
    let account = workspace.clone();
    let origin = base_url.origin();
    let persistence = state
        .session
        .with_keychain(move |k| Ok(k.set_key(account.as_str(), &origin, &key)))
        .await
        // Given up (a prompt nobody answered): kept for this session, as
        // without a keychain.
        .unwrap_or_else(|err| Persistence::Session {
            reason: err.to_string(),
        });
    state.session.client.lock().await.invalidate();
    let storage = match persistence {
        Persistence::Os => KeyStorage::Keychain,
        Persistence::Session { reason } => {
            log::warn!("no working keychain ({reason}); the API key is kept for this session only");
            KeyStorage::Session
        }
    };
    log::info!("API key {hint} saved ({storage:?})");
    storage
}

/// Stops the demo if it runs (a real workspace is to be shown).
async fn leave_demo(state: &AppState) {
    let demo = state.session.demo.lock().await.take();
    if let Some(demo) = demo {
        demo.stop().await;
    }
}

/// Start-up state: which screen to show, the workspaces, the shown one's
/// key hint, keychain health and the last view. A keychain that cannot be
/// read is reported in `keychain`, not as an error, so the app still opens.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn workspace_status(state: &AppState) -> Result<WorkspaceStatus, UiError> {
    guarded(async move { status(state).await }).await
}

/// Adds a workspace and shows it: checks the address and key by asking the
/// service for one supplier invoice (through `proxy` when one is typed),
/// and only if the service accepts the key stores it (OS keychain under a
/// new id, or this session only when there is none) and adds the workspace
/// to the settings. `name` empty: the server's host (numbered when taken).
/// Nothing is kept on failure. The demo stops if it ran.
///
/// Errors: `invalid_input` (`field` = `name`, `base_url`, `api_key` or
/// `proxy`; also a `base_url` that answers 404), `unauthorized` (`field` =
/// `api_key`), `network` (code `certificate` when the server's certificate
/// is refused, naming its host), `rate_limited`, `service`, `offline`
/// ("Work offline" is on), `internal` (settings).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn add_workspace(
    state: &AppState,
    name: String,
    base_url: String,
    api_key: String,
    proxy: Option<String>,
) -> Result<WorkspaceStatus, UiError> {
    guarded(async move {
        let key = typed_key(api_key);
        if state.working_offline() {
            return Err(Error::from(workdesk_sync::Error::WorkingOffline).into());
        }
        let base_url = BaseUrl::parse(&base_url).map_err(Error::from)?;
        let key = key?;
        let proxy = typed_proxy(proxy.as_deref()).map_err(Error::from)?;
        let existing = state.settings.workspaces();
        let name = if name.trim().is_empty() {
            free_name(&default_name(&base_url), &existing)
        } else {
            check_name(&name, &existing, None).map_err(Error::from)?
        };
        check_key(&base_url, key.clone(), proxy.clone()).await?;
        let entry = WorkspaceEntry {
            id: WorkspaceId::generate(),
            name,
            base_url: base_url.to_string(),
            proxy: proxy.map(|p| p.to_string()),
        };
        store_key(state, &entry.id, &base_url, key).await;
        if let Err(err) = state.settings.add_workspace(&entry) {
            // Nothing kept on failure: the key goes too.
            let account = entry.id.clone();
            if let Err(err) = state
                .session
                .with_keychain(move |k| k.delete(account.as_str()))
                .await
            {
                log::warn!("the key of a workspace not added could not be deleted: {err}");
            }
            return Err(err.into());
        }
        leave_demo(state).await;
        state.switched().await;
        log::info!("workspace {} added ({base_url})", entry.id);
        status(state).await
    })
    .await
}

/// Changes a workspace's server address, key or proxy: checks them with
/// the service first (as [`add_workspace`]), then saves the address and
/// proxy (`null` or empty: none) and stores the key typed. `api_key: null`
/// keeps the stored key. Nothing is saved on failure.
///
/// A stored key is never sent to another origin than the one its keychain
/// item was entered for (whatever the settings file says): `api_key: null`
/// with an address of another scheme, host or port, or with a key an
/// earlier version stored without its origin, is refused before anything
/// is sent (`invalid_input`, `field` = `api_key`, code
/// `key_for_another_server`): the user types the key again.
///
/// For the workspace on screen, Rust then says its records changed
/// (`records-changed`, cause `connection_changed`): its screens read again.
///
/// Errors: those of [`add_workspace`], and `not_found` (no such workspace).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn update_workspace(
    state: &AppState,
    workspace: WorkspaceId,
    base_url: String,
    api_key: Option<String>,
    proxy: Option<String>,
) -> Result<WorkspaceStatus, UiError> {
    guarded(async move {
        let new_key = api_key.map(typed_key);
        if state.working_offline() {
            return Err(Error::from(workdesk_sync::Error::WorkingOffline).into());
        }
        let entry = state
            .settings
            .workspace(&workspace)
            .ok_or(Error::UnknownWorkspace)?;
        let base_url = BaseUrl::parse(&base_url).map_err(Error::from)?;
        let new_key = new_key.transpose()?;
        let proxy = typed_proxy(proxy.as_deref()).map_err(Error::from)?;
        let key = match &new_key {
            Some(key) => key.clone(),
            None => {
                // The stored key goes to the origin its keychain item was
                // entered for, and nowhere else, whatever the settings say.
                let account = workspace.clone();
                let origin = base_url.origin();
                let stored = state
                    .session
                    .with_keychain(move |k| k.key(account.as_str(), &origin))
                    .await
                    .map_err(Error::from)?;
                match stored {
                    StoredKey::Bound { key, .. } => key,
                    StoredKey::Missing => return Err(Error::MissingKey.into()),
                    StoredKey::OtherOrigin { .. } | StoredKey::Unbound => {
                        return Err(Error::KeyForAnotherServer.into())
                    }
                }
            }
        };
        check_key(&base_url, key, proxy.clone()).await?;
        state.settings.update_workspace(&workspace, |w| {
            w.base_url = base_url.to_string();
            w.proxy = proxy.map(|p| p.to_string());
        })?;
        if let Some(key) = new_key {
            store_key(state, &workspace, &base_url, key).await;
        }
        if state.settings.current_workspace().map(|w| w.id) == Some(workspace.clone()) {
            state.switched().await;
            // Opened at once with the new key or address: its saved data
            // (the outbox moved into it) and its sender, so changes that
            // waited go now, not at the next screen the user opens.
            if let Err(err) = state.workspace().await {
                log::warn!("the workspace could not be opened after its connection changed: {err}");
            }
            // Its screens read again with it (records a refused key hid
            // show again).
            let cause = ChangeCause::ConnectionChanged;
            state
                .session
                .announce_changes(&workspace, Vec::new(), cause);
        }
        log::info!("workspace {} connected to {base_url}", entry.id);
        status(state).await
    })
    .await
}

/// Renames a workspace (its key, data and views stay; they are kept under
/// its id, never its name).
///
/// Errors: `invalid_input` (`field` = `name`: empty, longer than 60
/// characters, or another workspace's), `not_found`, `internal`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn rename_workspace(
    state: &AppState,
    workspace: WorkspaceId,
    name: String,
) -> Result<WorkspaceStatus, UiError> {
    guarded(async move {
        state
            .settings
            .update_workspace(&workspace, |w| w.name = name)?;
        status(state).await
    })
    .await
}

/// Shows workspace `workspace` (and reopens it at the next start, on its
/// last view); the demo stops if it ran. Answers still on their way for
/// the workspace before are dropped (`cancelled`, code
/// `workspace_changed`), and its downloads stop (what they saved stays).
///
/// Errors: `not_found`, `internal`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn switch_workspace(
    state: &AppState,
    workspace: WorkspaceId,
) -> Result<WorkspaceStatus, UiError> {
    guarded(async move {
        state.settings.set_current_workspace(&workspace)?;
        leave_demo(state).await;
        state.switched().await;
        log::info!("switched to workspace {workspace}");
        status(state).await
    })
    .await
}

/// Removes workspace `workspace`: its key and its saved data's data key
/// from the keychain, its saved data (the folder, files set aside
/// included), its views; then shows the first of the others (or the
/// first-run screen). The UI confirms first, naming it.
///
/// Errors: `keychain_unavailable` when the keychain refuses to delete the
/// key (then nothing is removed); `not_found`; `internal`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn remove_workspace(
    state: &AppState,
    workspace: WorkspaceId,
) -> Result<WorkspaceStatus, UiError> {
    guarded(async move {
        let entry = state
            .settings
            .workspace(&workspace)
            .ok_or(Error::UnknownWorkspace)?;
        // Changes made offline and not sent yet are never dropped with it.
        let unsent = saved_data::unsent_changes(&state.offline.saved, &workspace).await;
        if unsent > 0 {
            return Err(Error::UnsentChanges(unsent).into());
        }
        let set_aside = saved_data::unsent_set_aside(&state.offline.saved, &workspace).await;
        if set_aside > 0 {
            return Err(Error::UnsentSetAside {
                count: set_aside,
                folder: state
                    .offline
                    .saved
                    .workspace_dir(&workspace)
                    .display()
                    .to_string(),
            }
            .into());
        }
        let account = workspace.clone();
        state
            .session
            .with_keychain(move |k| k.delete(account.as_str()))
            .await
            .map_err(Error::from)?;
        let shown = state.settings.current_workspace().map(|w| w.id) == Some(workspace.clone());
        // Out of the settings first: from here no command can open it again
        // (and make its saved data anew) while its files go.
        state.settings.remove_workspace(&workspace)?;
        if shown {
            state.switched().await;
        }
        saved_data::forget(
            &state.offline.saved,
            state.session.keychain.clone(),
            &workspace,
        )
        .await;
        log::info!(
            "workspace {} removed, with its key and saved data",
            entry.id
        );
        status(state).await
    })
    .await
}

/// The key's rate-limit budget as the latest response reported it
/// (`docs/service.md`, "Rate limits"): `limit`, `remaining` and `reset`
/// (UTC, RFC 3339); each `null` until the service has said. All `null`
/// when no workspace is set up.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn rate_limit(state: &AppState) -> Result<RateLimit, UiError> {
    guarded(async move {
        Ok(match state.workspace().await {
            Ok(workspace) => workspace.client().rate_limit(),
            Err(_) => RateLimit::default(),
        })
    })
    .await
}

/// Starts the demo workspace (the sandbox, in-process on a free loopback
/// port) and switches the app to it. Starting it twice is harmless.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn start_demo(state: &AppState) -> Result<WorkspaceStatus, UiError> {
    guarded(async move {
        {
            let mut demo = state.session.demo.lock().await;
            if demo.is_none() {
                let mut started = Demo::start(state.offline.working_offline.clone()).await?;
                started.sender = Some(state.session.follow(&started.replica, WorkspaceId::demo()));
                *demo = Some(started);
            }
        }
        state.switched().await;
        status(state).await
    })
    .await
}

/// Stops the demo workspace and returns to the current workspace (or the
/// first-run screen).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn stop_demo(state: &AppState) -> Result<WorkspaceStatus, UiError> {
    guarded(async move {
        leave_demo(state).await;
        state.switched().await;
        status(state).await
    })
    .await
}

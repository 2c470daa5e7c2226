//! The Tauri commands the UI calls (exported to TypeScript by tauri-specta).
//!
//! Each is thin: it validates input with the API types, touches the keychain,
//! the settings store or the API client, and turns failures into [`UiError`].
//! The API key goes in (`connect`) but never comes out: the UI only ever
//! receives a masked hint. A stored key is sent only to the origin (scheme,
//! host, port) it was entered for: no command can point it at another.

use serde::Serialize;
use specta::Type;
use tauri::State;
use workdesk_api::{ApiKey, BaseUrl, Client, ListRequest, RateLimit, ResourceName, Take};
use workdesk_keychain::{Availability, Persistence};
use zeroize::Zeroize;

use crate::demo::Demo;
use crate::error::{Error, Result, UiError};
use crate::saved_data;
use crate::settings::LanguageChoice;
use crate::state::{AppState, DEMO_PROFILE, PROFILE};

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
    /// E.g. `service_…3f9a`; `None` when no key is set.
    pub hint: Option<String>,
    /// Where the key is kept; `None` when no key is set.
    pub storage: Option<KeyStorage>,
}

/// Whether the OS keychain works.
#[derive(Debug, Clone, Serialize, Type)]
pub struct KeychainStatus {
    /// True when keys are stored in the OS keychain.
    pub available: bool,
    /// Why not, in words for the user, when `available` is false.
    pub reason: Option<String>,
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

/// Everything the UI needs at start-up to pick a screen.
#[derive(Debug, Clone, Serialize, Type)]
pub struct WorkspaceStatus {
    /// Which workspace is shown.
    pub mode: Mode,
    /// The base URL in use (the demo's loopback URL in demo mode).
    pub base_url: Option<String>,
    /// The key's hint and storage.
    pub key: KeyStatus,
    /// Whether the OS keychain works.
    pub keychain: KeychainStatus,
    /// The resource whose list was shown last in this workspace.
    pub last_resource: ResourceName,
    /// "Work offline" is on: nothing is sent to the service.
    pub working_offline: bool,
    /// The language chosen for the UI (settings `language`).
    pub language: LanguageChoice,
}

fn keychain_status(state: &AppState) -> KeychainStatus {
    match state.keychain.availability() {
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

async fn stored_key_status(state: &AppState) -> Result<KeyStatus> {
    let key = state.with_keychain(|k| k.get(PROFILE)).await?;
    let storage = match state.keychain.availability() {
        Availability::Os => KeyStorage::Keychain,
        Availability::SessionOnly { .. } => KeyStorage::Session,
    };
    Ok(KeyStatus {
        storage: key.as_ref().map(|_| storage),
        hint: key.map(|k| k.hint()),
    })
}

/// Start-up state: which screen to show, the key hint, keychain health and
/// the last view. A keychain that cannot be read is reported in `keychain`,
/// not as an error, so the app still opens.
#[tauri::command]
#[specta::specta]
pub async fn workspace_status(state: State<'_, AppState>) -> Result<WorkspaceStatus, UiError> {
    if let Some(demo) = state.demo.lock().await.as_ref() {
        return Ok(WorkspaceStatus {
            mode: Mode::Demo,
            base_url: Some(demo.replica.client().base_url().to_string()),
            key: KeyStatus {
                hint: Some(demo.key_hint()),
                storage: Some(KeyStorage::Demo),
            },
            keychain: keychain_status(&state),
            last_resource: state.settings.last_resource(DEMO_PROFILE),
            working_offline: state.working_offline(),
            language: state.settings.language(),
        });
    }
    let base_url = state.settings.base_url();
    let (key, keychain) = match stored_key_status(&state).await {
        Ok(key) => (key, keychain_status(&state)),
        Err(err) => (
            KeyStatus {
                hint: None,
                storage: None,
            },
            KeychainStatus {
                available: false,
                reason: Some(err.to_string()),
            },
        ),
    };
    let mode = if base_url.is_some() && key.hint.is_some() {
        Mode::Service
    } else {
        Mode::Setup
    };
    Ok(WorkspaceStatus {
        mode,
        base_url: base_url.map(|u| u.to_string()),
        key,
        keychain,
        last_resource: state.settings.last_resource(PROFILE),
        working_offline: state.working_offline(),
        language: state.settings.language(),
    })
}

/// Sets the language of the UI (`system`: the operating system's) and
/// keeps it in the settings. Returns it.
///
/// Errors: `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub fn set_language(
    state: State<'_, AppState>,
    language: LanguageChoice,
) -> Result<LanguageChoice, UiError> {
    state.settings.set_language(language)?;
    Ok(language)
}

/// Connects to a workspace: checks the address and key by asking the service
/// for one supplier invoice, and only if the service accepts the key saves
/// the address and stores the key (OS keychain, or this session only when
/// there is none). `api_key: null` keeps the key already stored. Nothing is
/// saved on failure.
///
/// A stored key is never sent to another origin than the one it was saved
/// with: `api_key: null` with an address of another scheme, host or port
/// is refused before anything is sent (`invalid_input`, `field` =
/// `api_key`, code `key_for_another_server`): the user types the key again.
///
/// A 403 is a success here: the service authenticated the key (a bad key
/// is a 401), and its member may simply not read supplier invoices
/// (`service-api.md` §Authentication 6: the member's permissions apply).
/// The list then says so in its place, and the other lists work.
///
/// Errors: `invalid_input` (`field` = `base_url` or `api_key`; also a
/// `base_url` that answers 404), `unauthorized` (`field` = `api_key`),
/// `network`, `rate_limited`, `service`, `keychain_unavailable`, `offline`
/// ("Work offline" is on).
#[tauri::command]
#[specta::specta]
pub async fn connect(
    state: State<'_, AppState>,
    base_url: String,
    api_key: Option<String>,
) -> Result<WorkspaceStatus, UiError> {
    let new_key = api_key.map(typed_key);
    if state.working_offline() {
        return Err(Error::from(workdesk_sync::Error::WorkingOffline).into());
    }
    let base_url = BaseUrl::parse(&base_url).map_err(Error::from)?;
    let new_key = new_key.transpose()?;
    let key = match &new_key {
        Some(key) => key.clone(),
        None => {
            // The stored key was entered for the saved address's origin only.
            let saved = state.settings.base_url();
            if saved.as_ref().map(origin) != Some(origin(&base_url)) {
                return Err(Error::KeyForAnotherServer.into());
            }
            state
                .with_keychain(|k| k.get(PROFILE))
                .await
                .map_err(Error::from)?
                .ok_or(Error::MissingKey)?
        }
    };
    let probe = ListRequest::new().page(1).take(Take::Count(1));
    let client = Client::new(base_url.clone(), key).map_err(Error::from)?;
    match client.list_supplier_invoices(&probe).await {
        Ok(_) => {}
        Err(workdesk_api::Error::Forbidden { .. }) => {
            log::info!("the key's member may not read supplier invoices at {base_url}");
        }
        Err(workdesk_api::Error::NotFound { .. }) => {
            return Err(Error::WrongAddress(base_url.to_string()).into())
        }
        Err(err) => {
            log::warn!("connecting to {base_url} failed: {err}");
            return Err(Error::from(err).into());
        }
    }
    state.settings.set_base_url(&base_url)?;
    if let Some(key) = new_key {
        store_key(&state, key).await;
    }
    state.client.lock().await.invalidate();
    log::info!("connected to {base_url}");
    workspace_status(state).await
}

/// Parses a key as typed, then wipes the typed text: from here on the key
/// lives only in [`ApiKey`], which zeroes its memory on drop.
fn typed_key(mut text: String) -> Result<ApiKey> {
    let parsed = ApiKey::parse(&text);
    text.zeroize();
    Ok(parsed?)
}

/// Stores `key` for the profile (OS keychain, or this session only when there
/// is none) and drops the cached client built from the previous key.
async fn store_key(state: &AppState, key: ApiKey) -> KeyStorage {
    let hint = key.hint();
    let persistence = state.with_keychain(move |k| k.set(PROFILE, &key)).await;
    state.client.lock().await.invalidate();
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

/// Removes the key from the keychain (and memory), and with it the
/// workspace's saved data and data key. The base URL stays.
///
/// Errors: `keychain_unavailable` when the keychain refuses.
#[tauri::command]
#[specta::specta]
pub async fn clear_api_key(state: State<'_, AppState>) -> Result<KeyStatus, UiError> {
    state
        .with_keychain(|k| k.delete(PROFILE))
        .await
        .map_err(Error::from)?;
    state.client.lock().await.invalidate();
    // The key's saved data and its data key go with it.
    saved_data::forget(&state.saved, state.keychain.clone(), PROFILE).await;
    log::info!("API key removed, with its saved data");
    Ok(KeyStatus {
        hint: None,
        storage: None,
    })
}

/// The key's rate-limit budget as the latest response reported it
/// (`service-api.md` §Limits): `limit`, `remaining` and `reset` (UTC,
/// RFC 3339); each `null` until the service has said. All `null` when no
/// workspace is set up.
#[tauri::command]
#[specta::specta]
pub async fn rate_limit(state: State<'_, AppState>) -> Result<RateLimit, UiError> {
    Ok(match state.workspace().await {
        Ok(workspace) => workspace.client().rate_limit(),
        Err(_) => RateLimit::default(),
    })
}

/// Starts the demo workspace (the sandbox, in-process on a free loopback
/// port) and switches the app to it. Starting it twice is harmless.
#[tauri::command]
#[specta::specta]
pub async fn start_demo(state: State<'_, AppState>) -> Result<WorkspaceStatus, UiError> {
    {
        let mut demo = state.demo.lock().await;
        if demo.is_none() {
            *demo = Some(Demo::start().await?);
        }
    }
    workspace_status(state).await
}

/// Stops the demo workspace and returns to the configured workspace (or the
/// first-run screen).
#[tauri::command]
#[specta::specta]
pub async fn stop_demo(state: State<'_, AppState>) -> Result<WorkspaceStatus, UiError> {
    let demo = state.demo.lock().await.take();
    if let Some(demo) = demo {
        demo.stop().await;
    }
    workspace_status(state).await
}

/// `base_url`'s origin: scheme, host and port (`https://api.example.com:443`).
fn origin(base_url: &BaseUrl) -> String {
    base_url.as_url().origin().ascii_serialization()
}

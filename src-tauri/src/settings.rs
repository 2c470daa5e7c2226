//! Non-secret settings in `settings.json` (tauri-plugin-store), in the app's
//! data folder (`$XDG_DATA_HOME/<identifier>/` on Linux, `~/Library/Application
//! Support/<identifier>/` on macOS, `%APPDATA%\<identifier>\` on Windows).
//!
//! Holds the base URL and, per profile (`default`, `demo`) and resource,
//! the list views: the current one and the named ones
//! (`views/<profile>/<resource>`), and the resource shown last
//! (`last_resource/<profile>`). Never the API key.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use specta::Type;
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::StoreExt;
use workdesk_api::{BaseUrl, ListView, ResourceName};

use crate::error::{Error, Result};

/// File name of the store, relative to the app data folder.
pub const FILE: &str = "settings.json";

const BASE_URL: &str = "base_url";
const LAST_RESOURCE: &str = "last_resource";
const VIEWS: &str = "views";

/// A key-value store of JSON values that can be written to disk. Implemented
/// by tauri-plugin-store's `Store` for any runtime, which lets commands stay
/// independent of the Tauri runtime type.
pub trait KeyValueStore: Send + Sync {
    /// The value under `key`, if any.
    fn get(&self, key: &str) -> Option<Value>;
    /// Sets `key` to `value` in memory.
    fn set(&self, key: &str, value: Value);
    /// Writes the store to disk.
    fn save(&self) -> std::result::Result<(), String>;
}

impl<R: Runtime> KeyValueStore for tauri_plugin_store::Store<R> {
    fn get(&self, key: &str) -> Option<Value> {
        tauri_plugin_store::Store::get(self, key)
    }
    fn set(&self, key: &str, value: Value) {
        tauri_plugin_store::Store::set(self, key, value);
    }
    fn save(&self) -> std::result::Result<(), String> {
        tauri_plugin_store::Store::save(self).map_err(|e| e.to_string())
    }
}

/// The app's settings, typed.
#[derive(Clone)]
pub struct Settings(Arc<dyn KeyValueStore>);

impl Settings {
    /// Opens (or creates) `settings.json` through tauri-plugin-store.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file exists but cannot be read.
    pub fn open<R: Runtime>(app: &AppHandle<R>) -> Result<Self> {
        let store = app
            .store(FILE)
            .map_err(|e| Error::Settings(e.to_string()))?;
        Ok(Self(store))
    }

    fn save(&self) -> Result<()> {
        self.0.save().map_err(Error::Settings)
    }

    /// The saved base URL, if one was saved and still parses.
    pub fn base_url(&self) -> Option<BaseUrl> {
        self.0
            .get(BASE_URL)
            .and_then(|v| v.as_str().and_then(|s| BaseUrl::parse(s).ok()))
    }

    /// Saves the (validated) base URL and writes the file.
    pub fn set_base_url(&self, base_url: &BaseUrl) -> Result<()> {
        self.0.set(BASE_URL, json!(base_url.as_str()));
        self.save()
    }

    /// The resource whose list `profile` showed last (supplier invoices if
    /// none).
    pub fn last_resource(&self, profile: &str) -> ResourceName {
        self.0
            .get(&format!("{LAST_RESOURCE}/{profile}"))
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or(ResourceName::SupplierInvoice)
    }

    /// The views of `resource` kept for `profile`: the current one and the
    /// saved ones. Stored views that no longer read (an older format) are
    /// left out rather than failing.
    pub fn views(&self, profile: &str, resource: ResourceName) -> ResourceViews {
        self.0
            .get(&views_key(profile, resource))
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default()
    }

    /// Replaces the views of `resource` for `profile` and writes the file.
    pub fn set_views(
        &self,
        profile: &str,
        resource: ResourceName,
        views: &ResourceViews,
    ) -> Result<()> {
        self.0.set(&views_key(profile, resource), json!(views));
        self.save()
    }

    /// Remembers `view` as the current view of `resource` for `profile`,
    /// and `resource` as the one shown last.
    pub fn set_current_view(
        &self,
        profile: &str,
        resource: ResourceName,
        view: &ListView,
    ) -> Result<()> {
        let mut views = self.views(profile, resource);
        if views.current.as_ref() == Some(view) && self.last_resource(profile) == resource {
            return Ok(());
        }
        views.current = Some(view.clone());
        self.0.set(&views_key(profile, resource), json!(views));
        self.0
            .set(&format!("{LAST_RESOURCE}/{profile}"), json!(resource));
        self.save()
    }
}

fn views_key(profile: &str, resource: ResourceName) -> String {
    format!("{VIEWS}/{profile}/{}", resource.as_str())
}

/// The views of one resource: the one on screen and the ones saved by name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Type)]
pub struct ResourceViews {
    /// The view last shown (restored at start), if any.
    pub current: Option<ListView>,
    /// Views saved under a name, in the order they were saved.
    #[serde(default)]
    pub saved: Vec<NamedView>,
}

/// A view saved under a name the user chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Type)]
pub struct NamedView {
    /// The name, as typed (trimmed), unique per resource.
    pub name: String,
    /// The view.
    pub view: ListView,
}

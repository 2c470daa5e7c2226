//! Non-secret settings in `settings.json` (tauri-plugin-store), in the app's
//! data folder (`$XDG_DATA_HOME/<identifier>/` on Linux, `~/Library/Application
//! Support/<identifier>/` on macOS, `%APPDATA%\<identifier>\` on Windows).
//!
//! Holds the base URL and the last list view. Never the API key.

use std::sync::Arc;

use serde_json::{json, Value};
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::StoreExt;
use workdesk_api::{BaseUrl, PageView};

use crate::error::{Error, Result};

/// File name of the store, relative to the app data folder.
pub const FILE: &str = "settings.json";

const BASE_URL: &str = "base_url";
const LAST_VIEW: &str = "last_view";

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

    /// The page and page size the user last looked at (page 1, 20 rows if none).
    pub fn last_view(&self) -> PageView {
        self.0
            .get(LAST_VIEW)
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default()
    }

    /// Remembers the page and page size the user looks at.
    pub fn set_last_view(&self, view: &PageView) -> Result<()> {
        self.0.set(LAST_VIEW, json!(view));
        self.save()
    }
}

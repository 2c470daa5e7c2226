//! `settings.json` held by tauri-plugin-store: the plugin reads the file
//! and keeps it in memory; every write goes through `workdesk-core`'s
//! atomic writer ([`file::write`]) under the file's lock, after
//! reading it again, never through the plugin's own save.

use std::sync::Arc;

use serde_json::Value;
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::{Store, StoreBuilder};
use workdesk_core::error::{Error, Result};
use workdesk_core::settings::file;
use workdesk_core::settings::store::{KeyValueStore, Settings, FILE};

/// tauri-plugin-store's store of `settings.json` (read by the plugin,
/// its auto-save off), saved whole and atomically by
/// [`file::write`].
struct FileStore<R: Runtime> {
    store: Arc<Store<R>>,
    path: std::path::PathBuf,
}

impl<R: Runtime> KeyValueStore for FileStore<R> {
    fn get(&self, key: &str) -> Option<Value> {
        self.store.get(key)
    }
    fn set(&self, key: &str, value: Value) {
        self.store.set(key, value);
    }
    fn delete(&self, key: &str) {
        self.store.delete(key);
    }
    fn keys(&self) -> Vec<String> {
        self.store.keys()
    }
    fn save(&self) -> std::result::Result<(), String> {
        let entries = self.store.entries().into_iter().collect();
        file::write(&self.path, &entries).map_err(|e| e.to_string())
    }
    fn lock_file(&self) -> Option<std::fs::File> {
        file::lock(&self.path)
            .map_err(|err| log::warn!("the settings file could not be locked: {err}"))
            .ok()
    }
    fn reload(&self) {
        if !self.path.exists() {
            return;
        }
        if let Err(err) = self.store.reload_ignore_defaults() {
            log::warn!(
                "the settings file could not be read again; the copy in memory is kept: {err}"
            );
        }
    }
}

/// The store plugin's own save: refused. The plugin saves every store it
/// knows when the app exits, with a plain `fs::write` of its copy in
/// memory; `settings.json` is written only by [`file::write`]
/// (atomic, after reading the file again), so a window that closes never
/// puts back an older copy over what another process wrote.
fn refuse_plugin_save(
    _: &std::collections::HashMap<String, Value>,
) -> std::result::Result<Vec<u8>, Box<dyn std::error::Error + Send + Sync>> {
    Err("settings.json is written only by Workdesk's own atomic writer".into())
}

/// Opens (or creates) `settings.json` through tauri-plugin-store, after
/// [`file::recover`] set an unreadable one aside (the backup or
/// the defaults are then used, and [`Settings::take_notice`] says so once).
///
/// # Errors
/// [`Error::Settings`] when the app data folder cannot be found.
pub fn open<R: Runtime>(app: &AppHandle<R>) -> Result<Settings> {
    let path = tauri_plugin_store::resolve_store_path(app, FILE)
        .map_err(|e| Error::Settings(e.to_string()))?;
    let notice = file::recover(&path).unwrap_or_else(|err| {
        log::warn!("the settings file could not be checked: {err}");
        None
    });
    let store = StoreBuilder::new(app, FILE)
        .disable_auto_save()
        .serialize(refuse_plugin_save)
        .build()
        .map_err(|e| Error::Settings(e.to_string()))?;
    Ok(Settings::over_file(
        Arc::new(FileStore { store, path }),
        notice,
    ))
}

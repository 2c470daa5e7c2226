//! Non-secret settings in `settings.json` (read and held by
//! tauri-plugin-store in the app, through [`KeyValueStore`]), in the app's
//! data folder (`$XDG_DATA_HOME/<identifier>/` on Linux, `~/Library/Application
//! Support/<identifier>/` on macOS, `%APPDATA%\<identifier>\` on Windows).
//!
//! Holds the workspaces (names and server addresses, see
//! [`crate::workspace::id`]) and, per workspace (its id, or `demo`) and
//! resource, the list views: the current one and the named ones
//! (`views/<workspace>/<resource>`), and the resource shown last, or
//! `"overview"` when the overview was (`last_resource/<workspace>`); "Work offline" (`working_offline`), the
//! size cap of saved data (`saved_data_cap_mb`) and its age limit
//! (`saved_data_max_age_days`, absent when off); the language of the
//! UI (`language`); the records table's density (`density`); the
//! window's zoom (`zoom_percent`); the part
//! files exports are writing (`exports_under_way`). Never an API key.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use specta::Type;
use workdesk_api::{ListView, ResourceName};

use crate::error::{Error, Result};
use crate::settings::file::SettingsNotice;
use crate::workspace::id::WorkspaceId;

/// File name of the store, relative to the app data folder.
pub const FILE: &str = "settings.json";

const LAST_RESOURCE: &str = "last_resource";
/// What `last_resource/<workspace>` holds when the overview was shown last.
const OVERVIEW: &str = "overview";
const VIEWS: &str = "views";
const WORKING_OFFLINE: &str = "working_offline";
const SAVED_DATA_CAP_MB: &str = "saved_data_cap_mb";
const SAVED_DATA_MAX_AGE_DAYS: &str = "saved_data_max_age_days";
const LANGUAGE: &str = "language";
const DENSITY: &str = "density";
const ZOOM: &str = "zoom_percent";

/// The zoom levels of the window, in percent, smallest first: what `Ctrl`
/// `+` and `-` step through (as browsers do), from 50 % to 200 %.
pub const ZOOM_STEPS: [u16; 11] = [50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200];
const EXPORT_FOLDERS: &str = "exports_under_way";

/// How tightly the records table sets its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Type)]
#[serde(rename_all = "lowercase")]
pub enum Density {
    /// Rows of about 33 CSS pixels.
    #[default]
    Normal,
    /// Rows of about 25 CSS pixels: more of a list on screen.
    Compact,
}

/// The language of the UI as the user chose it: the operating system's
/// (English unless it asks for Spanish), or one of the app's two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Type)]
#[serde(rename_all = "lowercase")]
pub enum LanguageChoice {
    /// Follow the operating system's language.
    #[default]
    System,
    /// English.
    En,
    /// Spanish (Latin American accounting terms).
    Es,
}

/// The size cap of a workspace's saved data unless set otherwise, in MB.
pub const DEFAULT_CAP_MB: u32 = 512;

/// The size caps that may be set, in MB (16 MB to 1 TB).
pub const CAP_MB: std::ops::RangeInclusive<u32> = 16..=1_048_576;

/// The ages "Keep saved data at most N days" takes, in days (a day to ten
/// years).
pub const MAX_AGE_DAYS: std::ops::RangeInclusive<u32> = 1..=3650;

/// A key-value store of JSON values that can be written to disk. Implemented
/// by tauri-plugin-store's `Store` for any runtime, which lets commands stay
/// independent of the Tauri runtime type.
pub trait KeyValueStore: Send + Sync {
    /// The value under `key`, if any.
    fn get(&self, key: &str) -> Option<Value>;
    /// Sets `key` to `value` in memory.
    fn set(&self, key: &str, value: Value);
    /// Removes `key` in memory.
    fn delete(&self, key: &str);
    /// Every key.
    fn keys(&self) -> Vec<String>;
    /// Writes the store to disk.
    fn save(&self) -> std::result::Result<(), String>;
    /// Locks the file against every other process until the returned
    /// lock drops (`None`: nothing to lock, or it failed and was logged).
    fn lock_file(&self) -> Option<std::fs::File> {
        None
    }
    /// Reads the file again, replacing what is in memory: another process
    /// may have written it since. A file that does not read is left to
    /// the next save (which sets it aside), and what is in memory stays.
    fn reload(&self) {}
}

/// One change of the settings under way: this process's other changes
/// wait ([`Settings::lock`]), so do other processes' (the file's lock),
/// and the store holds what was on disk when it began.
pub(crate) struct Writing<'a> {
    _process: std::sync::MutexGuard<'a, ()>,
    _file: Option<std::fs::File>,
}

/// The app's settings, typed: the store, a lock that makes each change of
/// a resource's views one read-modify-write, and what to tell the user
/// once about the file (set aside at start).
#[derive(Clone)]
pub struct Settings(
    Arc<dyn KeyValueStore>,
    Arc<std::sync::Mutex<()>>,
    Arc<std::sync::Mutex<Option<SettingsNotice>>>,
);

impl Settings {
    /// Settings over `store` as read from `settings.json`, with what to
    /// tell the user once about the file (`notice`: set aside at start by
    /// [`crate::settings::file::recover`]).
    pub fn over_file(store: Arc<dyn KeyValueStore>, notice: Option<SettingsNotice>) -> Self {
        Self(
            store,
            Arc::default(),
            Arc::new(std::sync::Mutex::new(notice)),
        )
    }

    /// Settings over `store` (tests keep them in memory).
    pub fn over(store: Arc<dyn KeyValueStore>) -> Self {
        Self(store, Arc::default(), Arc::default())
    }

    /// What to tell the user about the settings file (set aside at start),
    /// once.
    pub fn take_notice(&self) -> Option<SettingsNotice> {
        self.2.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// Whether there is something to tell the user about the settings file
    /// ([`Settings::take_notice`] has not taken it yet).
    pub fn has_notice(&self) -> bool {
        self.2.lock().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    /// The store itself.
    pub(crate) fn store(&self) -> &dyn KeyValueStore {
        &*self.0
    }

    /// Begins a change (a read-modify-write, then [`Settings::save`]):
    /// takes this process's lock and the file's (so another Workdesk
    /// process waits too), then reads the file again, so that the change
    /// is made to what is on disk and nothing another process wrote is
    /// put back to an older copy.
    pub(crate) fn lock(&self) -> Writing<'_> {
        let process = self.1.lock().unwrap_or_else(|e| e.into_inner());
        let file = self.0.lock_file();
        self.0.reload();
        Writing {
            _process: process,
            _file: file,
        }
    }

    /// Writes the store to disk (under [`Settings::lock`]).
    pub(crate) fn save(&self) -> Result<()> {
        self.0.save().map_err(Error::Settings)
    }

    /// The choice kept under `key` (the language, the density): its
    /// default unless set, or when the file holds something else.
    fn choice<T: serde::de::DeserializeOwned + Default>(&self, key: &str) -> T {
        self.0
            .get(key)
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default()
    }

    /// Sets `key` to `value` as one change, and writes the file.
    fn put(&self, key: &str, value: Value) -> Result<()> {
        let _one_at_a_time = self.lock();
        self.0.set(key, value);
        self.save()
    }

    /// Removes the views and the last resource of `workspace` (in memory;
    /// the caller saves).
    pub(crate) fn forget_views(&self, workspace: &WorkspaceId) {
        let views = format!("{VIEWS}/{workspace}/");
        let last = format!("{LAST_RESOURCE}/{workspace}");
        for key in self.0.keys() {
            if key.starts_with(&views) || key == last {
                self.0.delete(&key);
            }
        }
    }

    /// Whether "Work offline" is on (off unless turned on).
    pub fn working_offline(&self) -> bool {
        self.0
            .get(WORKING_OFFLINE)
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    }

    /// Turns "Work offline" on or off and writes the file.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_working_offline(&self, on: bool) -> Result<()> {
        self.put(WORKING_OFFLINE, json!(on))
    }

    /// The size cap of each workspace's saved data, in MB (1 MB = 2^20
    /// bytes); [`DEFAULT_CAP_MB`] unless set.
    pub fn saved_data_cap_mb(&self) -> u32 {
        self.0
            .get(SAVED_DATA_CAP_MB)
            .and_then(|v| v.as_u64())
            .and_then(|mb| u32::try_from(mb).ok())
            .filter(|mb| *mb > 0)
            .unwrap_or(DEFAULT_CAP_MB)
    }

    /// [`Settings::saved_data_cap_mb`] in bytes.
    pub fn saved_data_cap_bytes(&self) -> u64 {
        u64::from(self.saved_data_cap_mb()) * 1024 * 1024
    }

    /// Sets the size cap of saved data (MB) and writes the file.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_saved_data_cap_mb(&self, mb: u32) -> Result<()> {
        self.put(SAVED_DATA_CAP_MB, json!(mb))
    }

    /// "Keep saved data at most N days": N, or `None` when off (the
    /// default; also when the file holds something outside
    /// [`MAX_AGE_DAYS`]).
    pub fn saved_data_max_age_days(&self) -> Option<u32> {
        self.0
            .get(SAVED_DATA_MAX_AGE_DAYS)
            .and_then(|v| v.as_u64())
            .and_then(|days| u32::try_from(days).ok())
            .filter(|days| MAX_AGE_DAYS.contains(days))
    }

    /// Sets "Keep saved data at most N days" (`None`: off) and writes the
    /// file.
    ///
    /// # Errors
    /// [`Error::MaxAgeOutOfRange`] outside [`MAX_AGE_DAYS`] (nothing is
    /// written); [`Error::Settings`] when the file cannot be written.
    pub fn set_saved_data_max_age_days(&self, days: Option<u32>) -> Result<()> {
        match days {
            Some(days) if !MAX_AGE_DAYS.contains(&days) => Err(Error::MaxAgeOutOfRange),
            Some(days) => self.put(SAVED_DATA_MAX_AGE_DAYS, json!(days)),
            None => {
                let _one_at_a_time = self.lock();
                self.0.delete(SAVED_DATA_MAX_AGE_DAYS);
                self.save()
            }
        }
    }

    /// The part files exports are writing now, or were when Workdesk
    /// stopped before they ended (removed at the next start:
    /// [`crate::export::parts::remove_leftover_parts`]).
    pub fn export_parts(&self) -> Vec<std::path::PathBuf> {
        match self.0.get(EXPORT_FOLDERS) {
            Some(Value::Array(folders)) => folders
                .iter()
                .filter_map(|folder| folder.as_str().map(std::path::PathBuf::from))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Notes that an export writes its part file at `part` (`under_way`),
    /// or no longer does, and writes the file. A failure is logged: the
    /// export goes on.
    pub fn note_export_part(&self, part: &std::path::Path, under_way: bool) {
        let _one_at_a_time = self.lock();
        let text = part.to_string_lossy().into_owned();
        let mut folders: Vec<String> = self
            .export_parts()
            .iter()
            .map(|f| f.to_string_lossy().into_owned())
            .filter(|f| f != &text)
            .collect();
        if under_way {
            folders.push(text);
        }
        if folders.is_empty() {
            self.0.delete(EXPORT_FOLDERS);
        } else {
            self.0.set(EXPORT_FOLDERS, json!(folders));
        }
        if let Err(err) = self.save() {
            log::warn!("the export's part file could not be noted: {err}");
        }
    }

    /// The language chosen for the UI ([`LanguageChoice::System`] unless set,
    /// or when the file holds something else).
    pub fn language(&self) -> LanguageChoice {
        self.choice(LANGUAGE)
    }

    /// Sets the language of the UI and writes the file.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_language(&self, language: LanguageChoice) -> Result<()> {
        self.put(LANGUAGE, json!(language))
    }

    /// The density of the records table ([`Density::Normal`] unless set,
    /// or when the file holds something else).
    pub fn density(&self) -> Density {
        self.choice(DENSITY)
    }

    /// Sets the density of the records table and writes the file.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_density(&self, density: Density) -> Result<()> {
        self.put(DENSITY, json!(density))
    }

    /// The window's zoom in percent: one of [`ZOOM_STEPS`], 100 unless set
    /// (or when the file holds something else).
    pub fn zoom_percent(&self) -> u16 {
        self.0
            .get(ZOOM)
            .and_then(|v| v.as_u64())
            .and_then(|v| u16::try_from(v).ok())
            .filter(|v| ZOOM_STEPS.contains(v))
            .unwrap_or(100)
    }

    /// Keeps the window's zoom (one of [`ZOOM_STEPS`]) and writes the file.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_zoom_percent(&self, percent: u16) -> Result<()> {
        self.put(ZOOM, json!(percent))
    }

    /// The resource whose list `workspace` showed last (supplier invoices if
    /// none, or when the overview was shown last).
    pub fn last_resource(&self, workspace: &WorkspaceId) -> ResourceName {
        self.last_shown(workspace)
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or(ResourceName::SupplierInvoice)
    }

    /// Whether `workspace` opens on its overview: it was shown last, or
    /// nothing was shown yet in a workspace the user added (the demo opens
    /// on its supplier invoices).
    pub fn opens_overview(&self, workspace: &WorkspaceId) -> bool {
        match self.last_shown(workspace) {
            None => *workspace != WorkspaceId::demo(),
            Some(shown) => shown == json!(OVERVIEW),
        }
    }

    /// Remembers that `workspace` showed its overview last; writes the file
    /// only when that changed.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_overview_shown(&self, workspace: &WorkspaceId) -> Result<()> {
        if self.last_shown(workspace) == Some(json!(OVERVIEW)) {
            return Ok(());
        }
        self.put(&format!("{LAST_RESOURCE}/{workspace}"), json!(OVERVIEW))
    }

    /// What `last_resource/<workspace>` holds: a resource name, or
    /// `"overview"`.
    fn last_shown(&self, workspace: &WorkspaceId) -> Option<Value> {
        self.0.get(&format!("{LAST_RESOURCE}/{workspace}"))
    }

    /// The views of `resource` kept for `workspace`: the current one and the
    /// saved ones. A stored view that no longer reads (another version's
    /// format) is left out here, and kept in the file.
    pub fn views(&self, workspace: &WorkspaceId, resource: ResourceName) -> ResourceViews {
        self.stored_views(workspace, resource).0
    }

    /// The views and the saved entries that do not read as views.
    fn stored_views(
        &self,
        workspace: &WorkspaceId,
        resource: ResourceName,
    ) -> (ResourceViews, Vec<Value>) {
        let stored = self.0.get(&views_key(workspace, resource));
        let field = |name: &str| stored.as_ref().and_then(|v| v.get(name)).cloned();
        let current = field("current").and_then(|v| serde_json::from_value(v).ok());
        let mut saved = Vec::new();
        let mut unreadable = Vec::new();
        if let Some(Value::Array(entries)) = field("saved") {
            for entry in entries {
                match serde_json::from_value::<NamedView>(entry.clone()) {
                    Ok(view) => saved.push(view),
                    Err(err) => {
                        log::warn!(
                            "a saved view of {} does not read ({err}); kept as it is",
                            resource.as_str()
                        );
                        unreadable.push(entry);
                    }
                }
            }
        }
        let ready_added = field("ready_added")
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        (
            ResourceViews {
                current,
                saved,
                ready_added,
            },
            unreadable,
        )
    }

    /// Changes the views of `resource` for `workspace` with `change` and
    /// writes the file if they changed; returns them. One change at a time:
    /// a list remembering its view cannot undo a view being saved.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn update_views(
        &self,
        workspace: &WorkspaceId,
        resource: ResourceName,
        change: impl FnOnce(&mut ResourceViews),
    ) -> Result<ResourceViews> {
        self.change_views(workspace, resource, change, false)
    }

    /// [`Settings::update_views`]; `shown`: `resource` also becomes the one
    /// shown last in `workspace` (written when that changed too).
    fn change_views(
        &self,
        workspace: &WorkspaceId,
        resource: ResourceName,
        change: impl FnOnce(&mut ResourceViews),
        shown: bool,
    ) -> Result<ResourceViews> {
        let writing = self.lock();
        self.change_views_in(&writing, workspace, resource, change, shown)
    }

    /// [`Settings::change_views`] within a change already begun.
    fn change_views_in(
        &self,
        _writing: &Writing<'_>,
        workspace: &WorkspaceId,
        resource: ResourceName,
        change: impl FnOnce(&mut ResourceViews),
        shown: bool,
    ) -> Result<ResourceViews> {
        let mut dirty = false;
        if shown && self.last_shown(workspace) != Some(json!(resource)) {
            self.0
                .set(&format!("{LAST_RESOURCE}/{workspace}"), json!(resource));
            dirty = true;
        }
        let (mut views, unreadable) = self.stored_views(workspace, resource);
        let before = views.clone();
        change(&mut views);
        if views != before {
            let mut saved = serde_json::to_value(&views.saved).unwrap_or_else(|_| json!([]));
            if let Value::Array(entries) = &mut saved {
                entries.extend(unreadable);
            }
            self.0.set(
                &views_key(workspace, resource),
                json!({"current": views.current, "saved": saved, "ready_added": views.ready_added}),
            );
            dirty = true;
        }
        if dirty {
            self.save()?;
        }
        Ok(views)
    }

    /// Remembers `view` as the current view of `resource` for `workspace`,
    /// and `resource` as the one shown last. Writes the file only when
    /// either changed (every page shown comes through here: when this
    /// process already holds both, nothing is locked or read). The search
    /// box's words are not kept: they are what a user looked for (names,
    /// document numbers), and this file is not sealed; the list opens
    /// without them.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_current_view(
        &self,
        workspace: &WorkspaceId,
        resource: ResourceName,
        view: &ListView,
    ) -> Result<()> {
        self.set_current_view_if(workspace, resource, view, || true)
    }

    /// [`Settings::set_current_view`] if `still` says so once the change
    /// has begun (under this process's lock and the file's): a list's read
    /// remembers its view only while no later read of the list was asked
    /// for, and that is decided where no other change can come between.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written.
    pub fn set_current_view_if(
        &self,
        workspace: &WorkspaceId,
        resource: ResourceName,
        view: &ListView,
        still: impl FnOnce() -> bool,
    ) -> Result<()> {
        let view = &ListView {
            search: String::new(),
            ..view.clone()
        };
        if self.last_shown(workspace) == Some(json!(resource))
            && self.views(workspace, resource).current.as_ref() == Some(view)
        {
            return Ok(());
        }
        let writing = self.lock();
        if !still() {
            return Ok(());
        }
        self.change_views_in(
            &writing,
            workspace,
            resource,
            |views| views.current = Some(view.clone()),
            true,
        )?;
        Ok(())
    }
}

fn views_key(workspace: &WorkspaceId, resource: ResourceName) -> String {
    format!("{VIEWS}/{workspace}/{}", resource.as_str())
}

/// The views of one resource as the settings keep them: the one on screen
/// and the ones saved by name (the list gets them fitted, as
/// [`crate::reading::views::ListViews`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ResourceViews {
    /// The view last shown (restored at start), if any.
    pub current: Option<ListView>,
    /// Views saved under a name, in the order they were saved.
    #[serde(default)]
    pub saved: Vec<NamedView>,
    /// Whether the resource's ready-made views were added to `saved` (once:
    /// one the user deleted or renamed does not come back).
    #[serde(default)]
    pub ready_added: bool,
}

/// Longest name of a saved view, in characters.
pub const VIEW_NAME_MAX_CHARS: usize = 80;

/// A view saved under a name the user chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedView {
    /// The name, as typed (trimmed), unique per resource.
    pub name: String,
    /// The view.
    pub view: ListView,
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use super::*;

    /// Settings in memory, and their store.
    pub(crate) fn memory_settings() -> (Arc<Memory>, Settings) {
        let memory = Arc::new(Memory::default());
        (memory.clone(), Settings::over(memory))
    }

    #[derive(Default)]
    pub(crate) struct Memory(
        Mutex<HashMap<String, Value>>,
        std::sync::atomic::AtomicUsize,
    );

    impl KeyValueStore for Memory {
        fn get(&self, key: &str) -> Option<Value> {
            self.0.lock().unwrap().get(key).cloned()
        }
        fn set(&self, key: &str, value: Value) {
            self.0.lock().unwrap().insert(key.to_owned(), value);
        }
        fn delete(&self, key: &str) {
            self.0.lock().unwrap().remove(key);
        }
        fn keys(&self) -> Vec<String> {
            self.0.lock().unwrap().keys().cloned().collect()
        }
        fn save(&self) -> std::result::Result<(), String> {
            self.1.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(())
        }
    }

    #[test]
    fn the_language_follows_the_system_until_chosen_and_survives_a_bad_value() {
        let (memory, settings) = memory_settings();
        assert_eq!(settings.language(), LanguageChoice::System);
        settings.set_language(LanguageChoice::Es).unwrap();
        assert_eq!(memory.get("language"), Some(json!("es")));
        assert_eq!(settings.language(), LanguageChoice::Es);
        memory.set("language", json!("klingon"));
        assert_eq!(settings.language(), LanguageChoice::System);
        assert_eq!(settings.density(), Density::Normal);
        settings.set_density(Density::Compact).unwrap();
        assert_eq!(memory.get("density"), Some(json!("compact")));
        assert_eq!(settings.density(), Density::Compact);
        memory.set("density", json!(3));
        assert_eq!(settings.density(), Density::Normal);
    }

    #[test]
    fn the_zoom_is_100_until_set_and_only_one_of_the_steps() {
        let (memory, settings) = memory_settings();
        assert_eq!(settings.zoom_percent(), 100);
        settings.set_zoom_percent(150).unwrap();
        assert_eq!(memory.get("zoom_percent"), Some(json!(150)));
        assert_eq!(settings.zoom_percent(), 150);
        for bad in [json!(333), json!(-5), json!("big"), json!(149)] {
            memory.set("zoom_percent", bad);
            assert_eq!(settings.zoom_percent(), 100);
        }
        assert_eq!(ZOOM_STEPS.first(), Some(&50));
        assert_eq!(ZOOM_STEPS.last(), Some(&200));
    }

    #[test]
    fn a_saved_view_that_no_longer_reads_survives_other_changes() {
        let memory = Arc::new(Memory::default());
        memory.set(
            "views/default/task",
            json!({"current": {"page": "two"}, "saved": [
                {"name": "Mine", "view": {"page": 1, "take": 20}},
                {"name": "Future", "view": {"page": 1, "take": 20, "groups": 3, "sort": "weird"}}
            ]}),
        );
        let settings = Settings::over(memory.clone());
        let workspace = WorkspaceId::parse("default").unwrap();
        let views = settings.views(&workspace, ResourceName::Task);
        assert_eq!(views.current, None, "an unreadable current view is ignored");
        assert_eq!(views.saved.len(), 1);

        settings
            .set_current_view(&workspace, ResourceName::Task, &ListView::default())
            .unwrap();
        let stored = memory.get("views/default/task").unwrap();
        assert_eq!(stored["saved"].as_array().unwrap().len(), 2, "{stored}");
        assert_eq!(stored["saved"][1]["name"], "Future");
        assert_eq!(settings.last_resource(&workspace), ResourceName::Task);

        // Showing the same view again writes nothing.
        let saves = memory.1.load(std::sync::atomic::Ordering::SeqCst);
        settings
            .set_current_view(&workspace, ResourceName::Task, &ListView::default())
            .unwrap();
        assert_eq!(memory.1.load(std::sync::atomic::Ordering::SeqCst), saves);
    }
}

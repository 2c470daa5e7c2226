//! The workspaces the user keeps: each a name, a server address and an API
//! key (one workspace of the service, per `docs/service.md`, "One workspace
//! per key": each key is bound to one workspace).
//!
//! In `settings.json`: `workspaces`, the list in the order they were added
//! (`[{id, name, base_url}]`), and `current_workspace`, the id of the one
//! shown last. The key is in the OS keychain under the workspace's id
//! (never its name), its saved data under `saved/<id>/` with the data key
//! under `<id>#data-key`, and its views under `views/<id>/<resource>` and
//! `last_resource/<id>`: removing a workspace removes all of them.
//!
//! **Upgrade.** Versions before workspaces kept one connection: the address
//! in `base_url`, the key under the account `default`, its views under
//! `views/default/…` and its saved data under `saved/default/`. On the first
//! start of this version that connection becomes the workspace with the id
//! `default`, named after its server's host: every item it had is already
//! where a workspace with that id keeps it, so nothing is copied and
//! nothing can be lost half-way. `base_url` is removed once the list is
//! written.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use specta::Type;
use workdesk_api::{BaseUrl, ClientConfig, ProxyUrl};

use crate::error::{Error, Result};
use crate::settings::Settings;

const WORKSPACES: &str = "workspaces";
const CURRENT: &str = "current_workspace";
/// Where versions before workspaces kept their one connection's address.
const LEGACY_BASE_URL: &str = "base_url";

/// Longest workspace name, in characters.
pub const NAME_MAX_CHARS: usize = 60;

/// A workspace's id: the keychain account of its key, the folder of its
/// saved data and the prefix of its settings. A UUID (simple form) for
/// workspaces added in this version, `default` for the one connection of
/// earlier versions, `demo` for the demo's views. 1 to 64 ASCII letters,
/// digits, `-` or `_`, so it is safe as a file name and an account.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Type)]
#[serde(try_from = "String", into = "String")]
pub struct WorkspaceId(String);

impl WorkspaceId {
    /// The id of the connection kept by versions before workspaces.
    pub const LEGACY: &'static str = "default";
    /// The id the demo workspace's views are kept under.
    pub const DEMO: &'static str = "demo";

    /// A new, random id (UUID v4).
    pub fn generate() -> WorkspaceId {
        WorkspaceId(uuid::Uuid::new_v4().simple().to_string())
    }

    /// The demo workspace's id.
    pub fn demo() -> WorkspaceId {
        WorkspaceId(Self::DEMO.to_owned())
    }

    /// `text` as an id, if it is one (see the type's rules).
    pub fn parse(text: &str) -> Option<WorkspaceId> {
        let fits = (1..=64).contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        fits.then(|| WorkspaceId(text.to_owned()))
    }

    /// The id as text (also the keychain account of the workspace's key).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether this is the demo workspace.
    pub fn is_demo(&self) -> bool {
        self.0 == Self::DEMO
    }
}

impl TryFrom<String> for WorkspaceId {
    type Error = String;
    fn try_from(text: String) -> std::result::Result<Self, String> {
        WorkspaceId::parse(&text).ok_or_else(|| format!("not a workspace id: {text:?}"))
    }
}

impl From<WorkspaceId> for String {
    fn from(id: WorkspaceId) -> String {
        id.0
    }
}

impl std::fmt::Display for WorkspaceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// One workspace as the settings keep it and the UI lists it (no key: the
/// key is in the keychain, and only its hint ever reaches the UI).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Type)]
pub struct WorkspaceEntry {
    /// Its id.
    pub id: WorkspaceId,
    /// The name the user gave it (1 to [`NAME_MAX_CHARS`] characters,
    /// unique ignoring case).
    pub name: String,
    /// The server's base URL, as validated by [`BaseUrl`]. Its key is sent
    /// to this origin (scheme, host, port) only.
    pub base_url: String,
    /// The workspace's own HTTP proxy (`http://proxy.example.com:3128`, as
    /// validated by [`ProxyUrl`]); `None`: the environment's
    /// (`HTTPS_PROXY`, `NO_PROXY`), if any. Never used for loopback.
    #[serde(default)]
    pub proxy: Option<String>,
}

impl WorkspaceEntry {
    /// The base URL, parsed.
    ///
    /// # Errors
    /// [`Error::Api`] (`InvalidBaseUrl`) when the settings file was edited
    /// into something that is not one.
    pub fn base_url(&self) -> Result<BaseUrl> {
        Ok(BaseUrl::parse(&self.base_url)?)
    }

    /// How its client is built: the default timeouts and retries, and its
    /// proxy (one the settings file was edited into that does not read is
    /// left out, and logged).
    pub fn client_config(&self) -> ClientConfig {
        let proxy = self.proxy.as_deref().and_then(|text| {
            ProxyUrl::parse(text)
                .map_err(|err| log::warn!("the proxy of workspace {} is not used: {err}", self.id))
                .ok()
        });
        ClientConfig {
            proxy,
            ..ClientConfig::default()
        }
    }
}

/// A proxy address as typed in a form: `None` when empty.
///
/// # Errors
/// [`Error::Api`] (`InvalidProxy`) with the reason.
pub fn typed_proxy(text: Option<&str>) -> Result<Option<ProxyUrl>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => Ok(Some(ProxyUrl::parse(text)?)),
    }
}

/// Why a workspace name was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum NameProblem {
    /// Nothing but spaces.
    Empty,
    /// More than [`NAME_MAX_CHARS`] characters.
    TooLong,
    /// Another workspace has it (ignoring case).
    Taken,
}

/// `name` trimmed, if it can name a workspace among `others` (`except`: the
/// workspace being renamed, whose own name does not count).
///
/// # Errors
/// [`Error::WorkspaceName`] with the reason.
pub fn check_name(
    name: &str,
    others: &[WorkspaceEntry],
    except: Option<&WorkspaceId>,
) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::WorkspaceName(NameProblem::Empty));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(Error::WorkspaceName(NameProblem::TooLong));
    }
    let folded = name.to_lowercase();
    if others
        .iter()
        .any(|w| Some(&w.id) != except && w.name.trim().to_lowercase() == folded)
    {
        return Err(Error::WorkspaceName(NameProblem::Taken));
    }
    Ok(name.to_owned())
}

/// The name a workspace gets when none is typed: its server's host.
pub fn default_name(base_url: &BaseUrl) -> String {
    base_url
        .as_url()
        .host_str()
        .unwrap_or(base_url.as_str())
        .to_owned()
}

impl Settings {
    /// The workspaces in the order they were added. An entry that does not
    /// read (edited by hand, another version's) is left out here and kept
    /// in the file.
    pub fn workspaces(&self) -> Vec<WorkspaceEntry> {
        self.stored_workspaces().0
    }

    fn stored_workspaces(&self) -> (Vec<WorkspaceEntry>, Vec<Value>) {
        let mut readable = Vec::new();
        let mut unreadable = Vec::new();
        if let Some(Value::Array(entries)) = self.store().get(WORKSPACES) {
            for entry in entries {
                match serde_json::from_value::<WorkspaceEntry>(entry.clone()) {
                    Ok(w)
                        if !w.id.is_demo()
                            && !readable.iter().any(|r: &WorkspaceEntry| r.id == w.id) =>
                    {
                        readable.push(w)
                    }
                    Ok(_) | Err(_) => {
                        log::warn!(
                            "a workspace entry in the settings does not read; kept as it is"
                        );
                        unreadable.push(entry);
                    }
                }
            }
        }
        (readable, unreadable)
    }

    fn write_workspaces(&self, workspaces: &[WorkspaceEntry], unreadable: Vec<Value>) {
        let mut entries: Vec<Value> = workspaces
            .iter()
            .map(|w| serde_json::to_value(w).unwrap_or(Value::Null))
            .collect();
        entries.extend(unreadable);
        self.store().set(WORKSPACES, Value::Array(entries));
    }

    /// The workspace `id`, if the settings have it.
    pub fn workspace(&self, id: &WorkspaceId) -> Option<WorkspaceEntry> {
        self.workspaces().into_iter().find(|w| &w.id == id)
    }

    /// The workspace shown last (`current_workspace`); the first one when
    /// that is gone; `None` when there is none.
    pub fn current_workspace(&self) -> Option<WorkspaceEntry> {
        let workspaces = self.workspaces();
        let current = self
            .store()
            .get(CURRENT)
            .and_then(|v| v.as_str().and_then(WorkspaceId::parse));
        current
            .and_then(|id| workspaces.iter().find(|w| w.id == id).cloned())
            .or_else(|| workspaces.into_iter().next())
    }

    /// Makes `id` the workspace shown (and reopened at the next start).
    ///
    /// # Errors
    /// [`Error::UnknownWorkspace`]; [`Error::Settings`] when the file cannot
    /// be written.
    pub fn set_current_workspace(&self, id: &WorkspaceId) -> Result<()> {
        let _one_at_a_time = self.lock();
        if !self.workspaces().iter().any(|w| &w.id == id) {
            return Err(Error::UnknownWorkspace);
        }
        self.store().set(CURRENT, json!(id.as_str()));
        self.save()
    }

    /// Adds `entry` at the end of the list and makes it the current one.
    ///
    /// # Errors
    /// [`Error::WorkspaceName`] when its name is taken meanwhile;
    /// [`Error::Settings`] when the file cannot be written.
    pub fn add_workspace(&self, entry: &WorkspaceEntry) -> Result<()> {
        let _one_at_a_time = self.lock();
        let (mut workspaces, unreadable) = self.stored_workspaces();
        check_name(&entry.name, &workspaces, None)?;
        workspaces.push(entry.clone());
        self.write_workspaces(&workspaces, unreadable);
        self.store().set(CURRENT, json!(entry.id.as_str()));
        self.save()
    }

    /// Changes workspace `id` with `change` (its name or address) and
    /// writes the file; returns it as changed.
    ///
    /// # Errors
    /// [`Error::UnknownWorkspace`]; [`Error::WorkspaceName`] when the new
    /// name is taken; [`Error::Settings`] when the file cannot be written.
    pub fn update_workspace(
        &self,
        id: &WorkspaceId,
        change: impl FnOnce(&mut WorkspaceEntry),
    ) -> Result<WorkspaceEntry> {
        let _one_at_a_time = self.lock();
        let (mut workspaces, unreadable) = self.stored_workspaces();
        let index = workspaces
            .iter()
            .position(|w| &w.id == id)
            .ok_or(Error::UnknownWorkspace)?;
        let mut entry = workspaces[index].clone();
        change(&mut entry);
        entry.name = check_name(&entry.name, &workspaces, Some(id))?;
        workspaces[index] = entry.clone();
        self.write_workspaces(&workspaces, unreadable);
        self.save()?;
        Ok(entry)
    }

    /// Removes workspace `id` with its views and last resource; the current
    /// workspace becomes the first of the others if it was `id`. Returns the
    /// entry removed.
    ///
    /// # Errors
    /// [`Error::UnknownWorkspace`]; [`Error::Settings`] when the file cannot
    /// be written.
    pub fn remove_workspace(&self, id: &WorkspaceId) -> Result<WorkspaceEntry> {
        let _one_at_a_time = self.lock();
        let (mut workspaces, unreadable) = self.stored_workspaces();
        let index = workspaces
            .iter()
            .position(|w| &w.id == id)
            .ok_or(Error::UnknownWorkspace)?;
        let removed = workspaces.remove(index);
        self.write_workspaces(&workspaces, unreadable);
        let current = self.store().get(CURRENT);
        if current.as_ref().and_then(|v| v.as_str()) == Some(id.as_str()) {
            match workspaces.first() {
                Some(next) => self.store().set(CURRENT, json!(next.id.as_str())),
                None => {
                    self.store().delete(CURRENT);
                }
            }
        }
        self.forget_views(id);
        self.save()?;
        Ok(removed)
    }

    /// Turns the one connection of a version before workspaces into the
    /// workspace `default` (see the module's documentation). Does nothing
    /// when the list exists or there is no such connection. Returns whether
    /// it upgraded.
    ///
    /// # Errors
    /// [`Error::Settings`] when the file cannot be written (the old
    /// settings are then untouched on disk, and the upgrade runs again at
    /// the next start).
    pub fn upgrade(&self) -> Result<bool> {
        let _one_at_a_time = self.lock();
        if self.store().get(WORKSPACES).is_some() {
            return Ok(false);
        }
        let Some(base_url) = self
            .store()
            .get(LEGACY_BASE_URL)
            .and_then(|v| v.as_str().and_then(|s| BaseUrl::parse(s).ok()))
        else {
            return Ok(false);
        };
        let entry = WorkspaceEntry {
            id: WorkspaceId(WorkspaceId::LEGACY.to_owned()),
            name: default_name(&base_url),
            base_url: base_url.to_string(),
            proxy: None,
        };
        self.write_workspaces(std::slice::from_ref(&entry), Vec::new());
        self.store().set(CURRENT, json!(WorkspaceId::LEGACY));
        self.store().delete(LEGACY_BASE_URL);
        self.save()?;
        log::info!(
            "the connection to {base_url} became the workspace {}",
            entry.id
        );
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::tests::memory_settings;
    use crate::settings::KeyValueStore;

    fn entry(id: &str, name: &str) -> WorkspaceEntry {
        WorkspaceEntry {
            id: WorkspaceId::parse(id).unwrap(),
            name: name.into(),
            base_url: "https://api.example.com/".into(),
            proxy: None,
        }
    }

    #[test]
    fn ids_are_safe_as_file_names_and_accounts() {
        assert!(WorkspaceId::parse("default").is_some());
        let id = WorkspaceId::generate();
        assert_eq!(id.as_str().len(), 32, "{id}");
        assert_ne!(id, WorkspaceId::generate());
        for bad in ["", "../x", "a/b", "a b", "é", &"x".repeat(65)] {
            assert!(WorkspaceId::parse(bad).is_none(), "{bad:?}");
        }
        assert!(serde_json::from_value::<WorkspaceId>(json!("../../etc")).is_err());
    }

    #[test]
    fn names_are_trimmed_bounded_and_unique_ignoring_case() {
        let others = [entry("a", "Contabilidad Pérez")];
        assert_eq!(check_name("  Acme  ", &others, None).unwrap(), "Acme");
        assert!(matches!(
            check_name("   ", &others, None),
            Err(Error::WorkspaceName(NameProblem::Empty))
        ));
        assert!(matches!(
            check_name(&"ñ".repeat(61), &others, None),
            Err(Error::WorkspaceName(NameProblem::TooLong))
        ));
        assert!(check_name(&"ñ".repeat(60), &others, None).is_ok());
        assert!(matches!(
            check_name("contabilidad pérez", &others, None),
            Err(Error::WorkspaceName(NameProblem::Taken))
        ));
        // Renaming a workspace to its own name in other case is fine.
        let own = WorkspaceId::parse("a").unwrap();
        assert!(check_name("CONTABILIDAD PÉREZ", &others, Some(&own)).is_ok());
    }

    #[test]
    fn the_one_connection_of_earlier_versions_becomes_the_default_workspace() {
        let (memory, settings) = memory_settings();
        memory.set("base_url", json!("https://books.example.co/api"));
        memory.set(
            "views/default/task",
            json!({"current": {"page": 3, "take": 50}, "saved": []}),
        );
        assert!(settings.upgrade().unwrap());
        let current = settings.current_workspace().unwrap();
        assert_eq!(current.id.as_str(), "default");
        assert_eq!(current.name, "books.example.co");
        assert_eq!(current.base_url, "https://books.example.co/api/");
        assert_eq!(memory.get("base_url"), None);
        assert_eq!(
            settings
                .views(&current.id, workdesk_api::ResourceName::Task)
                .current
                .unwrap()
                .page,
            3,
            "its views are the workspace's"
        );
        // Once only.
        assert!(!settings.upgrade().unwrap());
        assert_eq!(settings.workspaces().len(), 1);
    }

    #[test]
    fn nothing_to_upgrade_on_a_first_start() {
        let (_, settings) = memory_settings();
        assert!(!settings.upgrade().unwrap());
        assert!(settings.workspaces().is_empty());
        assert_eq!(settings.current_workspace(), None);
    }

    #[test]
    fn removing_the_current_workspace_takes_its_views_and_moves_to_the_next() {
        let (memory, settings) = memory_settings();
        let a = entry("aaa", "A");
        let b = entry("bbb", "B");
        settings.add_workspace(&a).unwrap();
        settings.add_workspace(&b).unwrap();
        assert_eq!(settings.current_workspace().unwrap().id, b.id);
        settings
            .set_current_view(&a.id, workdesk_api::ResourceName::Lead, &Default::default())
            .unwrap();
        settings
            .set_current_view(&b.id, workdesk_api::ResourceName::Lead, &Default::default())
            .unwrap();
        settings.set_current_workspace(&a.id).unwrap();
        settings.remove_workspace(&a.id).unwrap();
        assert_eq!(settings.current_workspace().unwrap().id, b.id);
        assert_eq!(memory.get("views/aaa/lead"), None);
        assert_eq!(memory.get("last_resource/aaa"), None);
        assert!(
            memory.get("views/bbb/lead").is_some(),
            "the other's views stay"
        );
        assert!(matches!(
            settings.remove_workspace(&a.id),
            Err(Error::UnknownWorkspace)
        ));
        settings.remove_workspace(&b.id).unwrap();
        assert_eq!(settings.current_workspace(), None);
        assert_eq!(memory.get("current_workspace"), None);
    }

    #[test]
    fn an_entry_that_does_not_read_is_kept_through_changes() {
        let (memory, settings) = memory_settings();
        memory.set(
            "workspaces",
            json!([{"id": "../evil", "name": "x", "base_url": "y"}, {"id": "ok", "name": "Ok", "base_url": "https://a.example/"}]),
        );
        assert_eq!(settings.workspaces().len(), 1);
        settings
            .update_workspace(&WorkspaceId::parse("ok").unwrap(), |w| {
                w.name = "Renamed".into()
            })
            .unwrap();
        let stored = memory.get("workspaces").unwrap();
        assert_eq!(stored.as_array().unwrap().len(), 2, "{stored}");
        assert_eq!(settings.workspaces()[0].name, "Renamed");
    }
}

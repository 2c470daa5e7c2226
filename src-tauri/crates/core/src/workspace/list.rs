//! The workspaces the user keeps, in `settings.json`: `workspaces`, the
//! list in the order they were added (`[{id, name, base_url, proxy}]`),
//! and `current_workspace`, the id of the one shown last. The key is in the
//! OS keychain under the workspace's id (never its name), its saved data
//! under `saved/<id>/` with the data key under `<id>#data-key`, and its
//! views under `views/<id>/<resource>` and `last_resource/<id>`: removing a
//! workspace removes all of them.
//!
//! **Upgrade.** Versions before workspaces kept one connection: the address
//! in `base_url`, the key under the account `default`, its views under
//! `views/default/…` and its saved data under `saved/default/`. On the first
//! start of this version that connection becomes the workspace with the id
//! `default`, named after its server's host: every item it had is already
//! where a workspace with that id keeps it, so nothing is copied and
//! nothing can be lost half-way. `base_url` is removed once the list is
//! written.

use serde_json::{json, Value};
use workdesk_api::BaseUrl;

use crate::error::{Error, Result};
use crate::settings::store::Settings;
use crate::workspace::id::{check_name, default_name, WorkspaceEntry, WorkspaceId};

const WORKSPACES: &str = "workspaces";
const CURRENT: &str = "current_workspace";
/// Where versions before workspaces kept their one connection's address.
const LEGACY_BASE_URL: &str = "base_url";

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
        let index = position_of(&workspaces, id)?;
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
        let index = position_of(&workspaces, id)?;
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
        crate::reminders::forget_this_is_me(self, id);
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
            id: WorkspaceId::legacy(),
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

/// Where workspace `id` stands in `workspaces`.
///
/// # Errors
/// [`Error::UnknownWorkspace`] when it is not there.
fn position_of(workspaces: &[WorkspaceEntry], id: &WorkspaceId) -> Result<usize> {
    workspaces
        .iter()
        .position(|w| &w.id == id)
        .ok_or(Error::UnknownWorkspace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::store::tests::memory_settings;
    use crate::settings::store::KeyValueStore;
    use crate::workspace::id::WorkspaceId;
    use serde_json::json;

    fn entry(id: &str, name: &str) -> WorkspaceEntry {
        WorkspaceEntry {
            id: WorkspaceId::parse(id).unwrap(),
            name: name.into(),
            base_url: "https://api.example.com/".into(),
            proxy: None,
        }
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

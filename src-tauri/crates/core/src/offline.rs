//! Commands over saved data: "Make available offline" with its progress
//! over a Tauri channel, "Work offline", totals over saved records, and the
//! Storage section. (The saved answer shown before the service's comes
//! with every read: `records.rs`.)

use serde::Serialize;
use specta::Type;
use workdesk_api::{ListView, ResourceName};
use workdesk_sync::{CancellationToken, OfflineList, Progress, SeenMember, Totals};

use crate::error::Error;
use crate::saved_data::{lock, Kept, Notice, SavedData, SessionOnlyReason};
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::work_done::{DoneNotice, Notifier};

/// One workspace's saved data, as the Storage section lists it.
#[derive(Debug, Clone, Serialize, Type)]
pub struct WorkspaceStorage {
    /// The workspace's name; `None` for the demo workspace (the UI names
    /// it).
    pub name: Option<String>,
    /// Whether it is the workspace on screen.
    pub on_screen: bool,
    /// How its data is kept (`null` when nothing was opened yet this session).
    pub kept: Option<Kept>,
    /// Bytes it takes (on disk, or in memory for the session).
    pub bytes: u64,
    /// Records saved (`null` when not opened this session).
    pub records: Option<u64>,
    /// Bytes of unreadable files set aside (kept, named with their date).
    pub set_aside_bytes: u64,
}

/// The Storage section: each workspace's saved data and the total.
#[derive(Debug, Clone, Serialize, Type)]
pub struct Storage {
    /// Every workspace (the demo first, while it runs) and its saved data.
    pub workspaces: Vec<WorkspaceStorage>,
    /// Bytes of all saved data.
    pub total_bytes: u64,
    /// The size cap of each workspace's saved data, in MB.
    pub cap_mb: u32,
    /// "Keep saved data at most N days": N, or `null` when off.
    pub max_age_days: Option<u32>,
    /// Something to tell the user once (a file set aside, a failed write).
    pub notice: Option<Notice>,
}

/// A long walk of one list under way ("Make available offline", or the
/// overview adding up its amounts): one per list at a time, stopped by
/// `cancel_download`; the list is free again once this is dropped.
pub(crate) struct ListWalk<'a> {
    walks: &'a std::sync::Mutex<std::collections::HashMap<ResourceName, CancellationToken>>,
    resource: ResourceName,
    /// Cancelled by `cancel_download` for the list.
    pub cancel: CancellationToken,
}

impl Drop for ListWalk<'_> {
    fn drop(&mut self) {
        lock(self.walks).remove(&self.resource);
    }
}

impl AppState {
    /// Starts a long walk of `resource`'s list.
    ///
    /// # Errors
    /// [`Error::DownloadRunning`] when one is already under way.
    pub(crate) fn walk_list(&self, resource: ResourceName) -> Result<ListWalk<'_>, Error> {
        let cancel = CancellationToken::new();
        let mut walks = lock(&self.downloads);
        if walks.contains_key(&resource) {
            return Err(Error::DownloadRunning);
        }
        walks.insert(resource, cancel.clone());
        Ok(ListWalk {
            walks: &self.downloads,
            resource,
            cancel,
        })
    }

    /// The `make_available_offline` command's work (documented where the app declares it).
    pub async fn make_available_offline(
        &self,
        notifier: &Notifier,
        resource: ResourceName,
        progress: impl FnMut(&Progress) + Send,
        notice: DoneNotice,
    ) -> Result<OfflineList, UiError> {
        let workspace = self.workspace().await?;
        let started = std::time::Instant::now();
        let walk = self.walk_list(resource)?;
        let result = workspace
            .replica
            .make_available_offline(resource, progress, &walk.cancel)
            .await;
        drop(walk);
        if !matches!(result, Err(workdesk_sync::Error::Cancelled)) {
            notifier.work_ended(started, self.long_work, &notice, result.is_ok(), "");
        }
        Ok(result.map_err(Error::from)?)
    }

    /// The `saved_totals` command's work (documented where the app declares it).
    pub async fn saved_totals(
        &self,
        resource: ResourceName,
        view: ListView,
        fields: Vec<String>,
    ) -> Result<Option<Totals>, UiError> {
        let workspace = self.workspace().await?;
        let replica = workspace.replica.clone();
        let totals =
            tokio::task::spawn_blocking(move || replica.saved_totals(resource, &view, &fields))
                .await
                .map_err(|err| Error::SavedData(err.to_string()))?;
        self.check_shown(&workspace)?;
        Ok(totals.map_err(Error::from)?)
    }

    /// The `members_seen` command's work (documented where the app declares it).
    pub async fn members_seen(&self) -> Result<Vec<SeenMember>, UiError> {
        let workspace = self.workspace().await?;
        let replica = workspace.replica.clone();
        let members = tokio::task::spawn_blocking(move || replica.members_seen())
            .await
            .map_err(|err| Error::SavedData(err.to_string()))?;
        self.check_shown(&workspace)?;
        Ok(members.map_err(Error::from)?)
    }

    /// The `cancel_download` command's work (documented where the app declares it).
    pub fn cancel_download(&self, resource: ResourceName) -> Result<(), UiError> {
        if let Some(cancel) = lock(&self.downloads).get(&resource) {
            cancel.cancel();
        }
        Ok(())
    }

    /// The `offline_list` command's work (documented where the app declares it).
    pub async fn offline_list(&self, resource: ResourceName) -> Result<OfflineList, UiError> {
        let workspace = self.workspace().await?;
        Ok(workspace
            .replica
            .offline_list(resource)
            .map_err(Error::from)?)
    }

    /// The `set_working_offline` command's work (documented where the app declares it).
    pub async fn set_working_offline(&self, on: bool) -> Result<bool, UiError> {
        self.settings.set_working_offline(on)?;
        self.working_offline.set(on);
        log::info!("work offline {}", if on { "on" } else { "off" });
        if !on {
            // What was kept meanwhile goes now.
            self.kick_outbox().await;
        }
        Ok(on)
    }

    /// The `storage` command's work (documented where the app declares it).
    pub async fn storage(&self) -> Result<Storage, UiError> {
        let mut workspaces = Vec::new();
        let demo = self
            .demo
            .lock()
            .await
            .as_ref()
            .map(|demo| demo.replica.clone());
        if let Some(replica) = &demo {
            let usage = replica
                .cache()
                .usage()
                .map_err(workdesk_sync::Error::from)
                .map_err(Error::from)?;
            workspaces.push(WorkspaceStorage {
                name: None,
                on_screen: true,
                kept: Some(Kept::SessionOnly {
                    reason: SessionOnlyReason::Demo,
                    detail: None,
                }),
                bytes: usage.bytes,
                records: Some(usage.records),
                set_aside_bytes: 0,
            });
        }
        let shown = if demo.is_none() {
            self.settings.current_workspace().map(|w| w.id)
        } else {
            None
        };
        let open = self.client.lock().await.open.clone();
        for entry in self.settings.workspaces() {
            let (on_disk, set_aside) = self.saved.bytes_on_disk(&entry.id);
            // Only the open workspace's cache is counted in records; the
            // others are measured by their files.
            let replica = open
                .as_ref()
                .filter(|(id, _)| id == &entry.id)
                .map(|(_, replica)| replica);
            let usage = match replica {
                Some(replica) => {
                    if let Some(err) = replica.cache().take_write_error() {
                        self.saved.notify(SavedData::write_failed_notice(&err));
                    }
                    Some(
                        replica
                            .cache()
                            .usage()
                            .map_err(workdesk_sync::Error::from)
                            .map_err(Error::from)?,
                    )
                }
                None => None,
            };
            let kept = replica.and(self.saved.kept());
            let in_memory = matches!(kept, Some(Kept::SessionOnly { .. }));
            workspaces.push(WorkspaceStorage {
                name: Some(entry.name),
                on_screen: shown.as_ref() == Some(&entry.id),
                bytes: match (&usage, in_memory) {
                    (Some(usage), true) => usage.bytes,
                    _ => on_disk,
                },
                records: usage.map(|usage| usage.records),
                kept,
                set_aside_bytes: set_aside,
            });
        }
        let total_bytes = workspaces.iter().map(|w| w.bytes + w.set_aside_bytes).sum();
        Ok(Storage {
            workspaces,
            total_bytes,
            cap_mb: self.settings.saved_data_cap_mb(),
            max_age_days: self.settings.saved_data_max_age_days(),
            notice: self.saved.take_notice(),
        })
    }

    /// The `set_storage_cap` command's work (documented where the app declares it).
    pub async fn set_storage_cap(&self, cap_mb: u32) -> Result<Storage, UiError> {
        if !crate::settings::CAP_MB.contains(&cap_mb) {
            return Err(Error::CapOutOfRange.into());
        }
        self.settings.set_saved_data_cap_mb(cap_mb)?;
        if let Some(replica) = self.client.lock().await.replica() {
            replica.cache().set_cap(u64::from(cap_mb) * 1024 * 1024);
        }
        self.storage().await
    }

    /// The `set_saved_data_max_age` command's work (documented where the app declares it).
    pub async fn set_saved_data_max_age(&self, days: Option<u32>) -> Result<Storage, UiError> {
        self.settings.set_saved_data_max_age_days(days)?;
        self.forget_old_saved_data().await;
        self.storage().await
    }

    /// The `clear_saved_data` command's work (documented where the app declares it).
    pub async fn clear_saved_data(&self) -> Result<Storage, UiError> {
        let workspace = self.workspace().await?;
        let cache = workspace.replica.cache().clone();
        tokio::task::spawn_blocking(move || {
            cache.clear();
            cache.flush();
        })
        .await
        .map_err(|err| Error::SavedData(err.to_string()))?;
        if !workspace.id.is_demo() {
            let kept = self.saved.delete_set_aside(&workspace.id);
            if kept > 0 {
                log::info!("{kept} changes never sent kept in files set aside");
            }
        }
        log::info!("saved data cleared");
        self.storage().await
    }
}

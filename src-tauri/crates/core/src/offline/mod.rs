//! Offline copies: the sealed saved data of each workspace, "Make
//! available offline", "Work offline", the Storage section, and asking
//! the service again while it cannot be reached.
//!
//! - [`commands`]: downloads, "Work offline", saved totals, Storage;
//! - [`saved_data`]: where each workspace's sealed file and data key live,
//!   and the age limit;
//! - [`reconnect`]: the service asked again, with back-off, until it
//!   answers.

pub mod commands;
pub mod reconnect;
pub mod saved_data;

use std::collections::HashMap;
use std::path::PathBuf;

use workdesk_api::ResourceName;
use workdesk_sync::{CancellationToken, OfflineSwitch};

use crate::error::Error;
use saved_data::{lock, SavedData};

/// Offline copies' state: where saved data lives, "Work offline", and the
/// downloads under way.
pub struct Offline {
    /// Where saved data lives, and what to tell the user about it once.
    pub saved: SavedData,
    /// "Work offline": nothing is sent to the service while on. The one
    /// switch every replica the app makes shares (kept in the settings
    /// file across starts).
    pub working_offline: OfflineSwitch,
    /// The downloads under way ("Make available offline"), by resource.
    downloads: std::sync::Mutex<HashMap<ResourceName, CancellationToken>>,
}

impl Offline {
    /// Saved data under `saved_dir`, "Work offline" as `working_offline`,
    /// no download under way.
    pub fn new(saved_dir: PathBuf, working_offline: bool) -> Offline {
        Offline {
            saved: SavedData::new(saved_dir),
            working_offline: OfflineSwitch::new(working_offline),
            downloads: std::sync::Mutex::default(),
        }
    }

    /// Starts a long walk of `resource`'s list (a download, an export).
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

    /// Cancels the download of `resource`'s list, if one is under way.
    pub(crate) fn cancel_download(&self, resource: ResourceName) {
        if let Some(cancel) = lock(&self.downloads).get(&resource) {
            cancel.cancel();
        }
    }

    /// Stops every download under way (what they saved stays).
    pub(crate) fn stop_downloads(&self) {
        for (_, cancel) in lock(&self.downloads).drain() {
            cancel.cancel();
        }
    }
}

/// A long walk of one list under way: its entry is removed when dropped.
pub(crate) struct ListWalk<'a> {
    walks: &'a std::sync::Mutex<HashMap<ResourceName, CancellationToken>>,
    resource: ResourceName,
    /// Cancelled by `cancel_download` for the list.
    pub cancel: CancellationToken,
}

impl Drop for ListWalk<'_> {
    fn drop(&mut self) {
        lock(self.walks).remove(&self.resource);
    }
}

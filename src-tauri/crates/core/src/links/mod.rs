//! `workdesk://` links (docs/links.md): a record or a saved view of one
//! saved workspace, to paste into an e-mail or a chat.
//!
//! - [`link`]: a link, written and read ([`link::Link`]), and the saved
//!   workspace it names;
//! - [`commands`]: the link of a record or a saved view ("Copy link"),
//!   and where a link that arrived takes the window (`open_link`).
//!
//! A link reaches Workdesk as the argument of a launch: the first one's,
//! or a second launch's, which the single instance hands to the running
//! one (tauri-plugin-deep-link reads both; macOS sends it as an event).
//! The app crate puts it in [`Links`] and tells the window, which asks
//! [`commands::open_link`] where to go: nothing changes before the window
//! applies the answer, and a link that does not open changes nothing.

pub mod commands;
pub mod link;

use std::sync::Mutex;

/// The link that arrived last and the window has not opened yet.
#[derive(Debug, Default)]
pub struct Links {
    arrived: Mutex<Option<String>>,
}

impl Links {
    /// `url` arrived (replacing one not opened yet: the latest wins).
    pub fn arrived(&self, url: &str) {
        *self.arrived.lock().unwrap_or_else(|e| e.into_inner()) = Some(url.to_owned());
    }

    /// The link that arrived and was not opened yet, once.
    pub fn take(&self) -> Option<String> {
        self.arrived
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }
}

//! Export: "Export…" of a list to XLSX or CSV through the system's save
//! dialog, a chart saved as an image, and the part files of an export
//! under way.
//!
//! - [`commands`]: asking where, writing the file, Open and Show in folder;
//! - [`chart_image`]: an overview chart saved as PNG or SVG;
//! - [`parts`]: the `.part` files noted in the settings, removed at start
//!   when an export was cut short.

pub mod chart_image;
pub mod commands;
pub mod parts;

use std::path::PathBuf;

use workdesk_sync::CancellationToken;

use crate::offline::saved_data::lock;

/// Export's state: the export under way ("Export…", one at a time) and
/// the file the last one wrote.
#[derive(Default)]
pub struct Exports {
    /// The export under way, cancelled by `cancel_export` or a switch of
    /// workspace.
    pub under_way: std::sync::Mutex<Option<CancellationToken>>,
    /// The file the last export of this session wrote (or the update
    /// package saved): the one file "Open" and "Show in folder" may open.
    pub last: std::sync::Mutex<Option<PathBuf>>,
}

impl Exports {
    /// Cancels the export under way, if any (it leaves no file).
    pub fn cancel(&self) {
        if let Some(cancel) = lock(&self.under_way).as_ref() {
            cancel.cancel();
        }
    }
}

//! The part files of exports under way, noted in the settings
//! (`exports_under_way`) while they are written, so that one left by an
//! export killed half-way (the app closed by force, the computer turned
//! off) is removed at the next start.

use std::path::{Path, PathBuf};

use crate::settings::Settings;

/// An export's part file, noted in the settings while it is written
/// (`exports_under_way`), and no longer once this drops: finished,
/// failed or cancelled alike.
pub(crate) struct NotedPart<'a> {
    settings: &'a Settings,
    path: PathBuf,
}

impl<'a> NotedPart<'a> {
    pub(crate) fn new(settings: &'a Settings, path: &Path) -> NotedPart<'a> {
        settings.note_export_part(path, true);
        NotedPart {
            settings,
            path: path.to_owned(),
        }
    }
}

impl Drop for NotedPart<'_> {
    fn drop(&mut self) {
        self.settings.note_export_part(&self.path, false);
    }
}

/// Removes the part files that exports killed before they ended (the app
/// closed by force, the computer turned off) left, as the settings noted
/// them, then forgets them. Only a file named as a part file
/// (`.workdesk-export-….part`) is removed, whatever path the settings
/// name, and only the very file an export of this installation wrote:
/// another computer's export to a shared folder is never touched. Blocks
/// on the file system (a network folder may be slow): run it off the
/// async runtime. Returns how many went.
pub fn remove_leftover_parts(settings: &Settings) -> usize {
    let mut removed = 0;
    for path in settings.export_parts() {
        let is_part = path.file_name().is_some_and(|name| {
            let name = name.to_string_lossy();
            name.starts_with(workdesk_export::PART_PREFIX)
                && name.ends_with(workdesk_export::PART_SUFFIX)
        });
        if is_part {
            match std::fs::remove_file(&path) {
                Ok(()) => removed += 1,
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                Err(err) => log::warn!("a leftover export part could not be removed: {err}"),
            }
        }
        settings.note_export_part(&path, false);
    }
    if removed > 0 {
        log::info!("{removed} leftover export parts removed");
    }
    removed
}

//! The part files of exports under way, noted in the settings
//! (`exports_under_way`) while they are written, so that one left by an
//! export killed half-way (the app closed by force, the computer turned
//! off) is removed at the next start; and [`write_whole`], how the other
//! files Workdesk saves where the user chose (a chart's image, an update
//! package, the changes not sent) are written whole or not at all.

use std::path::{Path, PathBuf};

use crate::settings::store::Settings;

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

/// Writes `bytes` to `path` whole or not at all: into a new file of its
/// own in `path`'s folder, made by `tempfile` (a random name with
/// [`workdesk_export::PART_PREFIX`] and [`workdesk_export::PART_SUFFIX`], as the exports' are, created only if
/// nothing is there, so a file or link someone planted is never followed),
/// synced, then renamed over `path`. A failure removes it (a disk that
/// fills up halfway leaves nothing behind).
///
/// # Errors
/// The file system's: the folder cannot be written, the disk is full.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let mut part = tempfile::Builder::new()
        .prefix(workdesk_export::PART_PREFIX)
        .suffix(workdesk_export::PART_SUFFIX)
        .tempfile_in(folder)?;
    std::io::Write::write_all(&mut part, bytes)?;
    part.as_file().sync_all()?;
    part.persist(path).map_err(|err| err.error)?;
    Ok(())
}

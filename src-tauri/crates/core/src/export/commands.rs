//! "Export…": the whole filtered list to an XLSX or CSV file the user
//! picks in the system's save dialog, opened here in Rust
//! (tauri-plugin-dialog), so the web UI never gets file access: it names
//! the columns and formats, Rust asks where, walks the list
//! (`workdesk_sync::Replica::export`) and writes the file
//! (`workdesk_export::Sheet`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use specta::Type;
use workdesk_api::{ListView, ResourceName};
use workdesk_export::{Column, Layout, Sheet};
use workdesk_sync::{CancellationToken, ExportSource, Progress};

use crate::channel::Channel;
use crate::error::Error;
use crate::export::parts::NotedPart;
use crate::guard::{guarded, guarded_sync};
use crate::offline::saved_data::lock;
use crate::state::AppState;
use crate::ui_error::UiError;

/// The save dialog's texts, in the user's language.
#[derive(Debug, Clone, Deserialize, Type)]
pub struct SaveDialog {
    /// The dialog's title ("Export supplier invoices").
    pub title: String,
    /// The file name offered ("Supplier invoices 2026-11-24.xlsx").
    pub file_name: String,
    /// The name of the file type in the type filter ("Excel workbook").
    pub file_type: String,
    /// The question asked before a file is replaced that the save dialog
    /// did not ask about (a name typed without its extension, whose full
    /// name exists): `{name}` stands for the file's name ("{name} already
    /// exists. Replace it?").
    pub replace_question: String,
    /// The button that replaces it ("Replace").
    pub replace: String,
    /// The button that goes back to the save dialog ("Cancel").
    pub keep: String,
    /// The system notification when the export ends while Workdesk is not
    /// the focused window and took long ([`crate::work_done`]).
    pub notice: crate::work_done::DoneNotice,
}

/// A finished export.
#[derive(Debug, Clone, Serialize, Type)]
pub struct Exported {
    /// Where the file was written (as the user chose it, with its
    /// extension).
    pub path: String,
    /// Its name alone, for "Exported to invoices.xlsx".
    pub file_name: String,
    /// Records written.
    pub records: u64,
    /// The file's size, bytes.
    pub bytes: u64,
    /// Where the records came from.
    pub source: ExportSource,
}

/// Writes the export of `view` to `path` (see [`export_list`]). Its part
/// file is noted in `settings` while it is written, so that one left by an
/// export killed half-way is removed at the next start.
#[allow(clippy::too_many_arguments)]
async fn write_export(
    settings: &crate::settings::store::Settings,
    workspace: &crate::workspace::session::Workspace,
    resource: ResourceName,
    view: &ListView,
    columns: Vec<Column>,
    layout: &Layout,
    path: &Path,
    progress: impl FnMut(&Progress) + Send,
    cancel: &CancellationToken,
) -> Result<Exported, Error> {
    let columns = crate::reading::names::with_names(&workspace.replica, resource, columns).await?;
    let mut sheet = Sheet::create(
        path,
        resource.schema(),
        columns,
        layout,
        workdesk_export::system_time_zone(),
    )
    .map_err(|err| Error::Sync(err.into()))?;
    let _noted = NotedPart::new(settings, sheet.part_path());
    let source = workspace
        .replica
        .export(resource, view, &mut sheet, progress, cancel)
        .await
        .map_err(Error::from)?;
    let written = tokio::task::spawn_blocking(move || sheet.finish())
        .await
        .map_err(|err| Error::SavedData(err.to_string()))?
        .map_err(|err| Error::Sync(err.into()))?;
    Ok(Exported {
        file_name: written
            .path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default(),
        path: written.path.to_string_lossy().into_owned(),
        records: written.records,
        bytes: written.bytes,
        source,
    })
}

/// What to do with the file last exported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum FileAction {
    /// Open it with the program the system opens its type with.
    Open,
    /// Show it in its folder, selected, in the system's file manager.
    ShowInFolder,
}

/// How files are opened and shown: the system's programs
/// (tauri-plugin-opener) in the app; tests stand in their own.
pub struct FileOpener(std::sync::Arc<OpenFile>);

/// Opens or shows one file: the system's error in words when it cannot.
pub type OpenFile = dyn Fn(FileAction, &Path) -> Result<(), String> + Send + Sync;

impl FileOpener {
    /// Another way of opening (tests record what they were asked).
    pub fn new(
        open: impl Fn(FileAction, &Path) -> Result<(), String> + Send + Sync + 'static,
    ) -> FileOpener {
        FileOpener(std::sync::Arc::new(open))
    }
}

/// Where "Export…" asks the user for a file: the system's save dialog
/// (tauri-plugin-dialog) over the main window, and its question before a
/// file is replaced; tests that run the command without a display answer
/// with their own.
pub struct SaveFileDialog {
    ask: Box<dyn Fn(Ask) + Send + Sync>,
    confirm: Box<dyn Fn(Confirm) + Send + Sync>,
}

/// One question to a [`SaveFileDialog`]: where to save.
pub struct Ask {
    /// The dialog's title, offered name and file type name.
    pub dialog: SaveDialog,
    /// The folder to open in (the one chosen before, when the user went
    /// back from "Replace it?"); `None`: the system's choice.
    pub directory: Option<PathBuf>,
    /// The file name extension of the format, without the dot.
    pub extension: &'static str,
    /// Gets the chosen path, or `None` when the dialog was closed.
    pub answer: tokio::sync::oneshot::Sender<Option<PathBuf>>,
}

/// One question to a [`SaveFileDialog`]: replace a file?
pub struct Confirm {
    /// The question, its file's name filled in.
    pub question: String,
    /// The button that replaces the file.
    pub replace: String,
    /// The button that does not.
    pub keep: String,
    /// Gets `true` to replace.
    pub answer: tokio::sync::oneshot::Sender<bool>,
}

impl SaveFileDialog {
    /// Other ways of asking (tests without a display answer with their
    /// own paths and answers).
    pub fn new(
        ask: impl Fn(Ask) + Send + Sync + 'static,
        confirm: impl Fn(Confirm) + Send + Sync + 'static,
    ) -> SaveFileDialog {
        SaveFileDialog {
            ask: Box::new(ask),
            confirm: Box::new(confirm),
        }
    }

    /// Asks for a file to save to with `dialog`'s texts. The name chosen
    /// is the file's name; one typed without `extension` gets it, and when
    /// a file of that full name exists (which the save dialog could not
    /// know) the user is asked before it is replaced: "no" opens the save
    /// dialog again on that name. `None` when the user closed the dialog.
    pub async fn ask(&self, dialog: &SaveDialog, extension: &'static str) -> Option<PathBuf> {
        let mut dialog = dialog.clone();
        let mut directory = None;
        loop {
            let (answer, chosen) = tokio::sync::oneshot::channel();
            (self.ask)(Ask {
                dialog: dialog.clone(),
                directory: directory.clone(),
                extension,
                answer,
            });
            let chosen = chosen.await.ok()??;
            let path = with_extension(chosen, extension)?;
            if !path.added || !path.path.exists() {
                return Some(path.path);
            }
            let name = path
                .path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            let (answer, replace) = tokio::sync::oneshot::channel();
            (self.confirm)(Confirm {
                question: dialog.replace_question.replace("{name}", &name),
                replace: dialog.replace.clone(),
                keep: dialog.keep.clone(),
                answer,
            });
            if replace.await.unwrap_or(false) {
                return Some(path.path);
            }
            dialog.file_name = name;
            directory = path.path.parent().map(Path::to_owned);
        }
    }
}

/// A path as the export will write it.
struct Named {
    path: PathBuf,
    /// The extension was added to the name the dialog returned.
    added: bool,
}

/// `path` with `.extension` at its end (any case), added when missing:
/// `report` and `report.v2` become `report.xlsx` and `report.v2.xlsx`.
/// `None` for a path with no file name.
fn with_extension(path: PathBuf, extension: &str) -> Option<Named> {
    path.file_name()?;
    let has = path
        .extension()
        .is_some_and(|ext| ext.to_string_lossy().eq_ignore_ascii_case(extension));
    if has {
        return Some(Named { path, added: false });
    }
    let mut name = path.into_os_string();
    name.push(".");
    name.push(extension);
    Some(Named {
        path: PathBuf::from(name),
        added: true,
    })
}

/// Exports every record `view` of `resource` selects (all pages; its
/// filters and sort; `page` and `take` ignored) with `columns` in screen
/// order: opens the system's save dialog over `window` with `dialog`'s
/// texts, then writes the file in `layout`, sending [`Progress`] on
/// `progress` after every page and pause (from the service it never
/// spends the last 10 % of the key's hourly budget: it pauses until the
/// reset and goes on). `null` when the user closed the dialog without
/// choosing a file. Cancelled (`cancel_export`) or failed, no file is left
/// under the chosen name (a file already there stays as it was).
///
/// Errors: `cancelled`; `invalid_input` (`export_running`) while another
/// export runs; `invalid_input` (`saved_data_refused`) offline for a view
/// the saved records cannot answer; `internal` (`export_failed`, with
/// `path` and `detail`) when the file cannot be written; the errors of
/// `list_records`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
#[allow(clippy::too_many_arguments)] // As the window sends them, plus three managed objects.
pub async fn export_list(
    state: &AppState,
    save_dialog: &SaveFileDialog,
    notifier: &crate::work_done::Notifier,
    resource: ResourceName,
    view: ListView,
    columns: Vec<Column>,
    layout: Layout,
    dialog: SaveDialog,
    progress: Channel<Progress>,
) -> Result<Option<Exported>, UiError> {
    guarded(async move {
        let progress = |step: &Progress| progress.send(step.clone(), "export");
        let workspace = state.workspace().await?;
        let cancel = CancellationToken::new();
        {
            let mut export = lock(&state.exports.under_way);
            if export.is_some() {
                return Err(Error::ExportRunning.into());
            }
            *export = Some(cancel.clone());
        }
        // The clock starts once a file is chosen: time in the dialog is
        // the user's, not the export's.
        let mut started = std::time::Instant::now();
        let result = async {
            let Some(path) = save_dialog.ask(&dialog, layout.format.extension()).await else {
                return Ok(None);
            };
            started = std::time::Instant::now();
            write_export(
                &state.settings,
                &workspace,
                resource,
                &view,
                columns,
                &layout,
                &path,
                progress,
                &cancel,
            )
            .await
            .map(Some)
        }
        .await;
        *lock(&state.exports.under_way) = None;
        if let Ok(Some(done)) = &result {
            *lock(&state.exports.last) = Some(PathBuf::from(&done.path));
        }
        if !matches!(
            result,
            Ok(None) | Err(Error::Sync(workdesk_sync::Error::Cancelled))
        ) {
            let file = match &result {
                Ok(Some(done)) => done.file_name.clone(),
                _ => String::new(),
            };
            notifier.work_ended(
                started,
                state.long_work,
                &dialog.notice,
                result.is_ok(),
                &file,
            );
        }
        Ok(result?)
    })
    .await
}

/// "Open" or "Show in folder" for the file the last export of this
/// session wrote, and for no other: the UI names no path, so nothing it
/// sends can open anything else (tauri-plugin-opener, called from Rust;
/// the web UI is granted none of it).
///
/// Errors: `not_found` (code `no_export`) before any export finished, or
/// when the file is no longer there; `internal` (code `open_failed`, with
/// `detail`) when the system cannot open it.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn open_exported(
    state: &AppState,
    opener: &FileOpener,
    action: FileAction,
) -> Result<(), UiError> {
    guarded(async move {
        let path = lock(&state.exports.last).clone().ok_or(Error::NoExport)?;
        if !path.is_file() {
            return Err(Error::NoExport.into());
        }
        let open = opener.0.clone();
        tokio::task::spawn_blocking(move || open(action, &path))
            .await
            .map_err(|err| Error::OpenFailed(err.to_string()))?
            .map_err(Error::OpenFailed)?;
        Ok(())
    })
    .await
}

/// Where an export of `resource` would read its records now: the service,
/// or the saved records (working offline, or the list was made available
/// offline), with how many and when they were brought up to date; the
/// export dialog says so before the user starts.
///
/// Errors: `not_configured`; `internal` when saved data cannot be read.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn export_source(
    state: &AppState,
    resource: ResourceName,
) -> Result<ExportSource, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let source = workspace
            .replica
            .export_source(resource)
            .map_err(Error::from)?;
        state.session.check_shown(&workspace)?;
        Ok(source)
    })
    .await
}

/// Cancels the export under way, if any: it stops between or during pages
/// and leaves no file.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn cancel_export(state: &AppState) -> Result<(), UiError> {
    guarded_sync(|| {
        if let Some(cancel) = lock(&state.exports.under_way).as_ref() {
            cancel.cancel();
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_s_extension_is_added_only_when_missing() {
        let named = |p: &str| with_extension(PathBuf::from(p), "xlsx").map(|n| (n.path, n.added));
        assert_eq!(
            named("/tmp/x.xlsx"),
            Some((PathBuf::from("/tmp/x.xlsx"), false))
        );
        assert_eq!(
            named("/tmp/x.XLSX"),
            Some((PathBuf::from("/tmp/x.XLSX"), false))
        );
        assert_eq!(named("/tmp/x"), Some((PathBuf::from("/tmp/x.xlsx"), true)));
        assert_eq!(
            named("/tmp/x.v2"),
            Some((PathBuf::from("/tmp/x.v2.xlsx"), true))
        );
        assert_eq!(
            named("/tmp/x.csv"),
            Some((PathBuf::from("/tmp/x.csv.xlsx"), true))
        );
        assert_eq!(named("/"), None);
    }
}

//! "Export…": the whole filtered list to an XLSX or CSV file the user
//! picks in the system's save dialog, opened here in Rust
//! (tauri-plugin-dialog), so the web UI never gets file access: it names
//! the columns and formats, Rust asks where, walks the list
//! (`workdesk_sync::Replica::export`) and writes the file
//! (`workdesk_export::Sheet`).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use specta::Type;
use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime, State};
use tauri_plugin_dialog::DialogExt;
use workdesk_api::{ListView, ResourceName};
use workdesk_export::{Column, Layout, Sheet};
use workdesk_sync::{CancellationToken, ExportSource, Progress};

use crate::error::{Error, UiError};
use crate::saved_data::lock;
use crate::state::AppState;

/// The save dialog's texts, in the user's language.
#[derive(Debug, Clone, Deserialize, Type)]
pub struct SaveDialog {
    /// The dialog's title ("Export supplier invoices").
    pub title: String,
    /// The file name offered ("Supplier invoices 2026-11-24.xlsx").
    pub file_name: String,
    /// The name of the file type in the type filter ("Excel workbook").
    pub file_type: String,
}

/// A finished export.
#[derive(Debug, Clone, Serialize, Type)]
pub struct Exported {
    /// Where the file was written (as the user chose it).
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

/// Where an export of `resource` would read its records now: the service,
/// or the saved records (working offline, or the list was made available
/// offline), with how many and when they were brought up to date; the
/// export dialog says so before the user starts.
///
/// Errors: `not_configured`; `internal` when saved data cannot be read.
#[tauri::command]
#[specta::specta]
pub async fn export_source(
    state: State<'_, AppState>,
    resource: ResourceName,
) -> Result<ExportSource, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let source = workspace
            .replica
            .export_source(resource)
            .map_err(Error::from)?;
        state.check_shown(&workspace)?;
        Ok(source)
    })
    .await
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
#[tauri::command]
#[specta::specta]
#[allow(clippy::too_many_arguments)]
pub async fn export_list(
    state: State<'_, AppState>,
    save_dialog: State<'_, SaveFileDialog>,
    resource: ResourceName,
    view: ListView,
    columns: Vec<Column>,
    layout: Layout,
    dialog: SaveDialog,
    progress: Channel<Progress>,
) -> Result<Option<Exported>, UiError> {
    crate::guard::guarded(async move {
        let workspace = state.workspace().await?;
        let cancel = CancellationToken::new();
        {
            let mut export = lock(&state.export);
            if export.is_some() {
                return Err(Error::ExportRunning.into());
            }
            *export = Some(cancel.clone());
        }
        let result = async {
            let Some(path) = save_dialog.ask(&dialog, layout.format.extension()).await else {
                return Ok(None);
            };
            let mut sheet = Sheet::create(
                &path,
                resource.schema(),
                columns,
                &layout,
                workdesk_export::system_time_zone(),
            )
            .map_err(|err| Error::Sync(err.into()))?;
            let source = workspace
                .replica
                .export(
                    resource,
                    &view,
                    &mut sheet,
                    |step| {
                        if let Err(err) = progress.send(step.clone()) {
                            log::warn!("the export's progress could not reach the window: {err}");
                        }
                    },
                    &cancel,
                )
                .await
                .map_err(Error::from)?;
            let written = tokio::task::spawn_blocking(move || sheet.finish())
                .await
                .map_err(|err| Error::SavedData(err.to_string()))?
                .map_err(|err| Error::Sync(err.into()))?;
            Ok::<_, Error>(Some(Exported {
                file_name: written
                    .path
                    .file_name()
                    .map(|name| name.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                path: written.path.to_string_lossy().into_owned(),
                records: written.records,
                bytes: written.bytes,
                source,
            }))
        }
        .await;
        *lock(&state.export) = None;
        Ok(result?)
    })
    .await
}

/// Cancels the export under way, if any: it stops between or during pages
/// and leaves no file.
#[tauri::command]
#[specta::specta]
pub fn cancel_export(state: State<'_, AppState>) -> Result<(), UiError> {
    crate::guard::guarded_sync(move || {
        if let Some(cancel) = lock(&state.export).as_ref() {
            cancel.cancel();
        }
        Ok(())
    })
}

/// Where "Export…" asks the user for a file: the system's save dialog
/// (tauri-plugin-dialog) over the main window, in the app; tests that run
/// the command without a display answer with a path of their own.
pub struct SaveFileDialog(Box<dyn Fn(Ask) + Send + Sync>);

/// One question to a [`SaveFileDialog`].
pub struct Ask {
    /// The dialog's title, offered name and file type name.
    pub dialog: SaveDialog,
    /// The file name extension of the format, without the dot.
    pub extension: &'static str,
    /// Gets the chosen path, or `None` when the dialog was closed.
    pub answer: tokio::sync::oneshot::Sender<Option<PathBuf>>,
}

impl SaveFileDialog {
    /// The system's save dialog, modal over the window labelled `main`.
    pub fn system<R: Runtime>(app: AppHandle<R>) -> SaveFileDialog {
        SaveFileDialog(Box::new(move |ask: Ask| {
            let mut builder = app
                .dialog()
                .file()
                .set_title(&ask.dialog.title)
                .set_file_name(&ask.dialog.file_name)
                .add_filter(&ask.dialog.file_type, &[ask.extension]);
            if let Some(window) = app.get_webview_window("main") {
                builder = builder.set_parent(&window);
            }
            let answer = ask.answer;
            builder.save_file(move |path| {
                let _ = answer.send(path.and_then(|path| path.into_path().ok()));
            });
        }))
    }

    /// Another way of asking (tests without a display answer with a
    /// path of their own).
    pub fn new(ask: impl Fn(Ask) + Send + Sync + 'static) -> SaveFileDialog {
        SaveFileDialog(Box::new(ask))
    }

    /// Asks for a file to save to with `dialog`'s texts; a name typed
    /// without the extension gets `extension`. `None` when the user
    /// closed the dialog.
    pub async fn ask(&self, dialog: &SaveDialog, extension: &'static str) -> Option<PathBuf> {
        let (answer, chosen) = tokio::sync::oneshot::channel();
        (self.0)(Ask {
            dialog: dialog.clone(),
            extension,
            answer,
        });
        let path = chosen.await.ok()??;
        Some(if path.extension().is_none() {
            path.with_extension(extension)
        } else {
            path
        })
    }
}

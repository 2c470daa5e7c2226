//! "Export…": the whole filtered list to an XLSX or CSV file the user
//! picks in the system's save dialog, opened from Rust
//! (tauri-plugin-dialog), so the web UI never gets file access; "Open" and
//! "Show in folder" for the file written (tauri-plugin-opener, from Rust,
//! for that file only). The commands are one line over [`AppState`]'s
//! methods (`workdesk-core`); this module also gives the system's dialog
//! and opener ([`system_save_dialog`], [`system_opener`]).

use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime, State};
use tauri_plugin_dialog::DialogExt;
use workdesk_api::{ListView, ResourceName};
use workdesk_core::chart_image::SavedImage;
pub use workdesk_core::export::{
    Ask, Confirm, Exported, FileAction, FileOpener, SaveDialog, SaveFileDialog,
};
use workdesk_core::guard::{guarded, guarded_sync};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::UiError;
use workdesk_core::work_done::Notifier;
use workdesk_export::{Column, Layout};
use workdesk_sync::{ExportSource, Progress};

use crate::send;

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
    guarded(state.export_source(resource)).await
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
    notifier: State<'_, Notifier>,
    resource: ResourceName,
    view: ListView,
    columns: Vec<Column>,
    layout: Layout,
    dialog: SaveDialog,
    progress: Channel<Progress>,
) -> Result<Option<Exported>, UiError> {
    guarded(state.export_list(
        &save_dialog,
        &notifier,
        resource,
        view,
        columns,
        layout,
        dialog,
        |step| send(&progress, step.clone(), "export"),
    ))
    .await
}

/// Cancels the export under way, if any: it stops between or during pages
/// and leaves no file.
#[tauri::command]
#[specta::specta]
pub fn cancel_export(state: State<'_, AppState>) -> Result<(), UiError> {
    guarded_sync(|| state.cancel_export())
}

/// "Open" or "Show in folder" for the file the last export of this
/// session wrote, and for no other: the UI names no path, so nothing it
/// sends can open anything else (tauri-plugin-opener, called from Rust;
/// the web UI is granted none of it).
///
/// Errors: `not_found` (code `no_export`) before any export finished, or
/// when the file is no longer there; `internal` (code `open_failed`, with
/// `detail`) when the system cannot open it.
#[tauri::command]
#[specta::specta]
pub async fn open_exported(
    state: State<'_, AppState>,
    opener: State<'_, FileOpener>,
    action: FileAction,
) -> Result<(), UiError> {
    guarded(state.open_exported(&opener, action)).await
}

/// The system's way of opening files: the default program of the file's
/// type, and the file manager (Explorer, Finder, the desktop's own on
/// Linux), through tauri-plugin-opener's functions.
pub fn system_opener() -> FileOpener {
    FileOpener::new(|action, path| {
        match action {
            FileAction::Open => tauri_plugin_opener::open_path(path, None::<&str>),
            FileAction::ShowInFolder => tauri_plugin_opener::reveal_item_in_dir(path),
        }
        .map_err(|err| err.to_string())
    })
}

/// The system's save dialog and message box (tauri-plugin-dialog), modal
/// over the window labelled `main`.
pub fn system_save_dialog<R: Runtime>(app: AppHandle<R>) -> SaveFileDialog {
    let confirm_app = app.clone();
    SaveFileDialog::new(
        move |ask: Ask| {
            let mut builder = app
                .dialog()
                .file()
                .set_title(&ask.dialog.title)
                .set_file_name(&ask.dialog.file_name)
                .add_filter(&ask.dialog.file_type, &[ask.extension]);
            if let Some(directory) = &ask.directory {
                builder = builder.set_directory(directory);
            }
            if let Some(window) = app.get_webview_window("main") {
                builder = builder.set_parent(&window);
            }
            let answer = ask.answer;
            builder.save_file(move |path| {
                let _ = answer.send(path.and_then(|path| path.into_path().ok()));
            });
        },
        move |confirm: Confirm| {
            let mut builder = confirm_app
                .dialog()
                .message(confirm.question)
                .kind(tauri_plugin_dialog::MessageDialogKind::Warning)
                .buttons(tauri_plugin_dialog::MessageDialogButtons::OkCancelCustom(
                    confirm.replace,
                    confirm.keep,
                ));
            if let Some(window) = confirm_app.get_webview_window("main") {
                builder = builder.parent(&window);
            }
            let answer = confirm.answer;
            builder.show(move |replace| {
                let _ = answer.send(replace);
            });
        },
    )
}

/// "Save as PNG" of an overview chart: asks where with the system's save
/// dialog (`dialog`'s texts; `.png` added to a name typed without it, and
/// a file that exists replaced only when the user says so), then writes
/// `png` (the image's bytes, at most 32 MiB). Returns the file written, or
/// `null` when the dialog was closed. "Open" then opens it
/// (`open_exported`).
///
/// Errors: `invalid_input` (`field` `png`, code `not_png`) for bytes that
/// are no PNG; `internal` (code `image_not_saved`, `detail`) when the file
/// cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn save_image(
    state: State<'_, AppState>,
    save_dialog: State<'_, SaveFileDialog>,
    dialog: SaveDialog,
    png: Vec<u8>,
) -> Result<Option<SavedImage>, UiError> {
    guarded(state.save_image(&save_dialog, dialog, png)).await
}

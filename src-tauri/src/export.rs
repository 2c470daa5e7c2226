//! The system's save dialog (tauri-plugin-dialog) and file opener
//! (tauri-plugin-opener) behind "Export…", "Save as PNG" and "Save
//! changes to a file": opened from Rust, so the web UI never gets file
//! access (`workdesk_core::export::commands` asks them and says what for).

use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_dialog::DialogExt;
pub use workdesk_core::export::commands::{Ask, Confirm, FileAction, FileOpener, SaveFileDialog};

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

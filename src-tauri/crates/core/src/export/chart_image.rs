//! "Save as PNG" of an overview chart: the window draws the image (the
//! chart's canvas, at the screen's pixel density), Rust asks where with
//! the system's save dialog and writes it (a new temporary file beside it,
//! renamed into place, so a file it replaces is never left half-written).

use serde::Serialize;
use specta::Type;

use crate::error::Error;
use crate::export::commands::{SaveDialog, SaveFileDialog};
use crate::guard::guarded;
use crate::offline::saved_data::lock;
use crate::state::AppState;
use crate::ui_error::UiError;

/// The eight bytes every PNG file starts with.
const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// The largest image saved: 32 MiB (a 4K chart is well under 1 MiB).
pub const IMAGE_MAX_BYTES: usize = 32 << 20;

/// An image written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct SavedImage {
    /// Where (as the user chose it, with `.png`).
    pub path: String,
    /// Its name alone, for "Saved chart.png".
    pub file_name: String,
    /// Its size, bytes.
    pub bytes: u64,
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
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn save_image(
    state: &AppState,
    save_dialog: &SaveFileDialog,
    dialog: SaveDialog,
    png: Vec<u8>,
) -> Result<Option<SavedImage>, UiError> {
    guarded(async move {
        if png.len() > IMAGE_MAX_BYTES || !png.starts_with(&PNG_SIGNATURE) {
            return Err(Error::NotPng.into());
        }
        let Some(path) = save_dialog.ask(&dialog, "png").await else {
            return Ok(None);
        };
        let written = path.clone();
        tokio::task::spawn_blocking(move || crate::export::parts::write_whole(&written, &png))
            .await
            .map_err(|err| Error::ImageNotSaved(err.to_string()))?
            .map_err(|err| Error::ImageNotSaved(err.to_string()))?;
        *lock(&state.exports.last) = Some(path.clone());
        Ok(Some(SavedImage {
            file_name: path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default(),
            bytes: std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
            path: path.to_string_lossy().into_owned(),
        }))
    })
    .await
}

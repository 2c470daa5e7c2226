//! The preferences' commands: the language, the window's zoom and the
//! records table's density, each kept in the settings.

use crate::guard::guarded_sync;
use crate::settings::store::{Density, LanguageChoice};
use crate::state::AppState;
use crate::ui_error::UiError;

/// Sets the language of the UI (`system`: the operating system's) and
/// keeps it in the settings. Returns it.
///
/// Errors: `internal` when the settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn set_language(state: &AppState, language: LanguageChoice) -> Result<LanguageChoice, UiError> {
    guarded_sync(|| {
        state.settings.set_language(language)?;
        Ok(language)
    })
}

/// Keeps the window's zoom for the next start: the level of
/// `LIMITS.zoom_steps` nearest to `percent` (50 to 200), which it returns
/// for the window to zoom to (the webview's own `setZoom`, granted by the
/// capability); at start Rust zooms the window to it before showing it.
///
/// Errors: `internal` when the settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn set_zoom(state: &AppState, percent: u16) -> Result<u16, UiError> {
    guarded_sync(|| {
        let level = crate::settings::store::ZOOM_STEPS
            .into_iter()
            .min_by_key(|step| step.abs_diff(percent))
            .unwrap_or(100);
        state.settings.set_zoom_percent(level)?;
        Ok(level)
    })
}

/// Sets the records table's density (`normal`, `compact`) and keeps it in
/// the settings. Returns it.
///
/// Errors: `internal` when the settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn set_density(state: &AppState, density: Density) -> Result<Density, UiError> {
    guarded_sync(|| {
        state.settings.set_density(density)?;
        Ok(density)
    })
}

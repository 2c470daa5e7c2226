//! The native menu bar (File, Edit, View, Help), on every system, in the
//! window's language. Its words come from the window (`set_menu`: the UI's
//! catalogues hold every text), each item showing its shortcut; Edit's
//! items are the system's own (undo, redo, cut, copy, paste, select all in
//! text fields). A choice reaches the window as the [`MenuChosen`] event,
//! which does what the same shortcut or button does; Quit closes the
//! window the way its close button does.

use serde::{Deserialize, Serialize};
use specta::Type;
use tauri::menu::{AboutMetadata, Menu, MenuBuilder, MenuEvent, MenuItemBuilder, SubmenuBuilder};
use tauri::{AppHandle, Manager, Runtime};
use workdesk_core::guard::guarded_sync;
use workdesk_core::ui_error::UiError;

/// The words of the menu bar in the window's language.
#[derive(Debug, Clone, PartialEq, Deserialize, Type)]
pub struct MenuWords {
    /// "File".
    pub file: String,
    /// "New task".
    pub new_task: String,
    /// "Export…" (the list on screen).
    pub export: String,
    /// "Print…" (what is on screen).
    pub print: String,
    /// "Quit".
    pub quit: String,
    /// "Edit".
    pub edit: String,
    /// "View".
    pub view: String,
    /// The sections of the navigation, in its order: each opens its section.
    pub sections: Vec<MenuSection>,
    /// "Zoom in".
    pub zoom_in: String,
    /// "Zoom out".
    pub zoom_out: String,
    /// "Actual size".
    pub zoom_reset: String,
    /// "Work offline" (switches it on or off).
    pub work_offline: String,
    /// "Help".
    pub help: String,
    /// "Keyboard shortcuts".
    pub shortcuts: String,
    /// "Diagnostics" (Preferences, where they are copied).
    pub diagnostics: String,
    /// "About Workdesk".
    pub about: String,
}

/// One section of the navigation as the View menu lists it.
#[derive(Debug, Clone, PartialEq, Deserialize, Type)]
pub struct MenuSection {
    /// What the window opens for it (`list:supplier_invoice`, `task`…).
    pub id: String,
    /// Its name in the navigation.
    pub label: String,
}

/// An item of the menu bar was chosen: `id` is `new_task`, `export`, `print`,
/// `zoom_in`, `zoom_out`, `zoom_reset`, `work_offline`, `shortcuts`,
/// `diagnostics`, or `section:<id>` of a [`MenuSection`].
#[derive(Debug, Clone, PartialEq, Serialize, Type, tauri_specta::Event)]
pub struct MenuChosen {
    /// Which item.
    pub id: String,
}

/// The menu bar for `words`.
///
/// # Errors
/// When the system refuses a menu or an item.
pub fn build<R: Runtime>(app: &AppHandle<R>, words: &MenuWords) -> tauri::Result<Menu<R>> {
    let item = |id: &str, text: &str, accelerator: Option<&str>| {
        let builder = MenuItemBuilder::with_id(id, text);
        match accelerator {
            Some(keys) => builder.accelerator(keys).build(app),
            None => builder.build(app),
        }
    };
    let file = SubmenuBuilder::with_id(app, "file", &words.file)
        .item(&item("new_task", &words.new_task, Some("CmdOrCtrl+N"))?)
        .item(&item("export", &words.export, Some("CmdOrCtrl+E"))?)
        .item(&item("print", &words.print, Some("CmdOrCtrl+P"))?)
        .separator()
        .item(&item("quit", &words.quit, Some("CmdOrCtrl+Q"))?)
        .build()?;
    let edit = SubmenuBuilder::with_id(app, "edit", &words.edit)
        .undo()
        .redo()
        .separator()
        .cut()
        .copy()
        .paste()
        .select_all()
        .build()?;
    let mut view = SubmenuBuilder::with_id(app, "view", &words.view);
    for section in &words.sections {
        view = view.item(&item(
            &format!("section:{}", section.id),
            &section.label,
            None,
        )?);
    }
    let view = view
        .separator()
        .item(&item("zoom_in", &words.zoom_in, Some("CmdOrCtrl+="))?)
        .item(&item("zoom_out", &words.zoom_out, Some("CmdOrCtrl+-"))?)
        .item(&item("zoom_reset", &words.zoom_reset, Some("CmdOrCtrl+0"))?)
        .separator()
        .item(&item("work_offline", &words.work_offline, None)?)
        .build()?;
    let about = AboutMetadata {
        name: Some("Workdesk".to_owned()),
        version: Some(app.package_info().version.to_string()),
        ..AboutMetadata::default()
    };
    let help = SubmenuBuilder::with_id(app, "help", &words.help)
        .item(&item("shortcuts", &words.shortcuts, Some("F1"))?)
        .item(&item("diagnostics", &words.diagnostics, None)?)
        .separator()
        .about_with_text(&words.about, Some(about))
        .build()?;
    MenuBuilder::new(app)
        .items(&[&file, &edit, &view, &help])
        .build()
}

/// What a choice in the menu bar does: Quit closes the main window (which
/// asks first about a half-filled form, as its close button does); any
/// other item is the window's to do ([`MenuChosen`]).
pub fn chosen<R: Runtime>(app: &AppHandle<R>, event: &MenuEvent) {
    let id = event.id().as_ref();
    if id == "quit" {
        if let Some(window) = app.get_webview_window("main") {
            if let Err(err) = window.close() {
                log::warn!("the window could not be closed from the menu: {err}");
            }
        }
        return;
    }
    crate::events::push(app, MenuChosen { id: id.to_owned() });
}

/// The menu bar words the window sent last, for the app to build the menu
/// from (the command cannot reach the app itself on every runtime).
pub type MenuSender = tokio::sync::watch::Sender<Option<MenuWords>>;

/// Shows the menu bar in the window's language, with `words` (the window
/// sends them at start and whenever its language changes).
///
/// Errors: `internal` when the menu could not be handed over.
#[tauri::command]
#[specta::specta]
pub fn set_menu(sender: tauri::State<'_, MenuSender>, words: MenuWords) -> Result<(), UiError> {
    guarded_sync(|| {
        // The same words again (the window sends them on every change of
        // its state) build nothing.
        sender.send_if_modified(|shown| {
            if shown.as_ref() == Some(&words) {
                return false;
            }
            *shown = Some(words);
            true
        });
        Ok(())
    })
}

/// Builds the menu bar each time the window sends its words (on the main
/// thread, where the system's menus live).
pub fn follow<R: Runtime>(
    app: AppHandle<R>,
    mut words: tokio::sync::watch::Receiver<Option<MenuWords>>,
) {
    tauri::async_runtime::spawn(async move {
        while words.changed().await.is_ok() {
            let Some(latest) = words.borrow_and_update().clone() else {
                continue;
            };
            let handle = app.clone();
            let set = app.run_on_main_thread(move || {
                match build(&handle, &latest).and_then(|menu| handle.set_menu(menu)) {
                    Ok(_) => {}
                    Err(err) => log::warn!("the menu bar could not be shown: {err}"),
                }
            });
            if let Err(err) = set {
                log::warn!("the menu bar could not be shown: {err}");
            }
        }
    });
}

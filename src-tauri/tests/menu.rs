//! The menu bar on the mock runtime: built from the window's words, with
//! File, Edit, View and Help, every item the window acts on under its id,
//! the shortcuts shown beside them, and the sections in the navigation's
//! order.

mod common;

use tauri::menu::MenuItemKind;
use workdesk_lib::menu::{build, MenuSection, MenuWords};

fn words(language: &str) -> MenuWords {
    let es = language == "es";
    let w = |en: &str, spanish: &str| if es { spanish } else { en }.to_owned();
    MenuWords {
        file: w("File", "Archivo"),
        new_task: w("New task", "Nueva tarea"),
        export: w("Export…", "Exportar…"),
        print: w("Print…", "Imprimir…"),
        quit: w("Quit", "Salir"),
        edit: w("Edit", "Edición"),
        view: w("View", "Ver"),
        sections: vec![
            MenuSection {
                id: "list:supplier_invoice".into(),
                label: w("Supplier invoices", "Facturas de proveedor"),
            },
            MenuSection {
                id: "task".into(),
                label: w("New task", "Nueva tarea"),
            },
        ],
        zoom_in: w("Zoom in", "Ampliar"),
        zoom_out: w("Zoom out", "Reducir"),
        zoom_reset: w("Zoom back to 100 %", "Volver al 100 %"),
        work_offline: w("Work offline", "Trabajar sin conexión"),
        help: w("Help", "Ayuda"),
        shortcuts: w("Keyboard shortcuts", "Atajos de teclado"),
        diagnostics: w("Diagnostics", "Diagnóstico"),
        about: w("About Workdesk", "Acerca de Workdesk"),
    }
}

/// Each submenu's title and its items as `id text`, separators as `—`.
fn outline(menu: &tauri::menu::Menu<tauri::test::MockRuntime>) -> Vec<(String, Vec<String>)> {
    menu.items()
        .unwrap()
        .into_iter()
        .map(|kind| {
            let MenuItemKind::Submenu(sub) = kind else {
                panic!("a submenu")
            };
            let items = sub
                .items()
                .unwrap()
                .into_iter()
                .map(|item| match item {
                    MenuItemKind::MenuItem(i) => {
                        format!("{} {}", i.id().as_ref(), i.text().unwrap())
                    }
                    MenuItemKind::Predefined(p) => format!("predefined {}", p.text().unwrap()),
                    _ => "—".to_owned(),
                })
                .collect();
            (sub.text().unwrap(), items)
        })
        .collect()
}

#[test]
fn the_menu_bar_has_file_edit_view_and_help_in_the_windows_words() {
    let (app, _webview) = common::open_app("dev.workdesk.menu.test");
    let menu = build(app.handle(), &words("es")).unwrap();
    let outline = outline(&menu);
    let titles: Vec<&str> = outline.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(titles, ["Archivo", "Edición", "Ver", "Ayuda"]);
    let file = &outline[0].1;
    assert_eq!(file[0], "new_task Nueva tarea");
    assert_eq!(file[1], "export Exportar…");
    assert_eq!(file[2], "print Imprimir…");
    assert_eq!(file.last().unwrap(), "quit Salir");
    assert!(
        outline[1]
            .1
            .iter()
            .filter(|i| i.starts_with("predefined"))
            .count()
            >= 6,
        "{:?}",
        outline[1]
    );
    let view = &outline[2].1;
    assert_eq!(
        view[0],
        "section:list:supplier_invoice Facturas de proveedor"
    );
    assert_eq!(view[1], "section:task Nueva tarea");
    for id in [
        "zoom_in Ampliar",
        "zoom_out Reducir",
        "work_offline Trabajar sin conexión",
    ] {
        assert!(view.iter().any(|i| i == id), "{id} in {view:?}");
    }
    let help = &outline[3].1;
    assert_eq!(help[0], "shortcuts Atajos de teclado");
    assert_eq!(help[1], "diagnostics Diagnóstico");
}

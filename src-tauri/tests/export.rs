//! "Export…" through Tauri's IPC on the mock runtime, against the sandbox:
//! the command writes the whole filtered list where the save dialog says
//! (answered by the test), says nothing when the dialog is closed, never
//! replaces a file the dialog did not ask about without asking, keeps a
//! refused export from leaving a file, opens only the file it wrote,
//! tells a long export that ended out of sight by a notification, and a
//! restart removes what a killed export left. A mock keychain and the
//! real settings store.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

mod common;

use common::{invoke, read_list, saved_list};
use serde_json::{json, Value};
use tauri::test::mock_builder;
use tauri::Manager;
use workdesk_core::work_done::Notifier;
use workdesk_lib::export::{FileAction, FileOpener, SaveFileDialog};
use workdesk_lib::Options;

const SERVICE: &str = "export.workdesk.test";

/// What the save dialog was asked: title, file name offered, extension.
type Question = (String, String, &'static str);

#[test]
fn the_whole_filtered_list_is_written_where_the_save_dialog_says() {
    let data = std::env::temp_dir().join(format!("workdesk-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join(SERVICE)).unwrap();
    std::env::set_var("XDG_DATA_HOME", &data);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let sandbox = tauri::async_runtime::block_on(workdesk_sandbox::start(
        workdesk_sandbox::Config::default(),
    ))
    .unwrap();

    // The save dialog's answers, in turn; what it was asked. The same for
    // "Replace it?".
    let answers: Arc<Mutex<VecDeque<Option<PathBuf>>>> = Arc::default();
    let asked: Arc<Mutex<Vec<Question>>> = Arc::default();
    let replies: Arc<Mutex<VecDeque<bool>>> = Arc::default();
    let confirmed: Arc<Mutex<Vec<String>>> = Arc::default();
    let directories: Arc<Mutex<Vec<Option<PathBuf>>>> = Arc::default();
    let (queue, questions, folders) = (answers.clone(), asked.clone(), directories.clone());
    let (reply, confirmations) = (replies.clone(), confirmed.clone());
    let dialog = SaveFileDialog::new(
        move |ask| {
            folders.lock().unwrap().push(ask.directory.clone());
            questions.lock().unwrap().push((
                ask.dialog.title.clone(),
                ask.dialog.file_name.clone(),
                ask.extension,
            ));
            let _ = ask.answer.send(queue.lock().unwrap().pop_front().flatten());
        },
        move |confirm| {
            confirmations.lock().unwrap().push(format!(
                "{} [{}|{}]",
                confirm.question, confirm.replace, confirm.keep
            ));
            let _ = confirm.answer.send(
                reply
                    .lock()
                    .unwrap()
                    .pop_front()
                    .expect("an answer to Replace?"),
            );
        },
    );
    // What "Open" and "Show in folder" were asked to open; the
    // notifications shown (the window is never focused here).
    let opened: Arc<Mutex<Vec<(FileAction, PathBuf)>>> = Arc::default();
    let told: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
    let (opens, tells) = (opened.clone(), told.clone());
    let opener = FileOpener::new(move |action, path| {
        opens.lock().unwrap().push((action, path.to_owned()));
        Ok(())
    });
    let notifier = Notifier::new(
        || false,
        move |title, text| {
            tells
                .lock()
                .unwrap()
                .push((title.to_owned(), text.to_owned()))
        },
    );
    let app = common::start_app(
        mock_builder()
            .manage(dialog)
            .manage(opener)
            .manage(notifier),
        SERVICE,
        Options {
            long_work: Some(std::time::Duration::ZERO),
            ..Options::default()
        },
    );
    let webview = app.get_webview_window("main").unwrap();
    invoke(
        &webview,
        "add_workspace",
        json!({"name": "Pérez y Cía", "baseUrl": sandbox.base_url(), "apiKey": sandbox.keys().workspace_a}),
    )
    .unwrap();

    let view = json!({
        "page": 2, "take": 20,
        "fields": ["name", "total", "id"],
        "sort": [{"field": "total", "descending": true}],
        "filters": [{"field": "operation_status", "operator": "exact", "values": ["PR"]}]
    });
    let args = |_: &std::path::Path| {
        json!({
            "resource": "supplier_invoice",
            "view": view,
            "columns": [
                {"field": "name", "header": "Nombre"},
                {"field": "total", "header": "Total"}
            ],
            "layout": {
                "format": "csv", "separator": "semicolon",
                "date_time_format": "dd/mm/yyyy hh:mm", "date_format": "dd/mm/yyyy",
                "sheet_name": "Facturas de proveedor"
            },
            "dialog": {
                "title": "Exportar facturas de proveedor", "file_name": "Facturas.csv", "file_type": "CSV",
                "replace_question": "{name} ya existe. ¿Reemplazarlo?", "replace": "Reemplazar", "keep": "Cancelar",
                "notice": {"title": "Workdesk", "done": "Exportado a {file}", "failed": "La exportación falló"}
            },
            "progress": "__CHANNEL__:7",
        })
    };
    let folder = data.join("exports");
    std::fs::create_dir_all(&folder).unwrap();

    // Nothing exported yet: nothing to open.
    let err = invoke(&webview, "open_exported", json!({"action": "open"})).unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["code"].as_str()),
        (Some("not_found"), Some("no_export"))
    );

    // Closed without choosing: nothing written, nothing said.
    answers.lock().unwrap().push_back(None);
    let closed = invoke(&webview, "export_list", args(&folder)).unwrap();
    assert_eq!(closed, Value::Null);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    assert!(
        told.lock().unwrap().is_empty(),
        "nothing ended: nothing told"
    );

    // A name typed without its extension gets it.
    answers
        .lock()
        .unwrap()
        .push_back(Some(folder.join("facturas")));
    let done = invoke(&webview, "export_list", args(&folder)).unwrap();
    let path = folder.join("facturas.csv");
    assert_eq!(done["path"], path.to_string_lossy().as_ref(), "{done}");
    assert_eq!(done["file_name"], "facturas.csv");
    assert_eq!(done["source"]["kind"], "service");
    assert_eq!(
        asked.lock().unwrap()[1],
        (
            "Exportar facturas de proveedor".into(),
            "Facturas.csv".into(),
            "csv"
        )
    );
    assert!(
        confirmed.lock().unwrap().is_empty(),
        "no file of that name yet: nothing asked"
    );
    assert_eq!(
        told.lock().unwrap().as_slice(),
        [("Workdesk".to_owned(), "Exportado a facturas.csv".to_owned())],
        "a long export that ended out of sight is told"
    );
    // "Open" and "Show in folder" reach that file, and only it.
    for action in ["open", "show_in_folder"] {
        invoke(&webview, "open_exported", json!({"action": action})).unwrap();
    }
    assert_eq!(
        opened.lock().unwrap().as_slice(),
        [
            (FileAction::Open, path.clone()),
            (FileAction::ShowInFolder, path.clone())
        ]
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    assert_eq!(lines.next(), Some("Nombre;Total"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(done["records"], rows.len());
    assert_eq!(done["bytes"], text.len());
    // Every provisional invoice, biggest first, with a decimal comma.
    let service = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": {
            "page": 1, "take": 1, "filters": view["filters"]}}),
    )
    .unwrap();
    let service = service
        .fresh()
        .unwrap_or_else(|| panic!("the service answered: {service:?}"));
    assert_eq!(
        rows.len() as u64,
        service["value"]["count"].as_u64().unwrap()
    );
    let totals: Vec<rust_decimal::Decimal> = rows
        .iter()
        .map(|row| {
            row.rsplit(';')
                .next()
                .unwrap()
                .replace(',', ".")
                .parse()
                .unwrap()
        })
        .collect();
    assert!(
        totals.windows(2).all(|w| w[0] >= w[1]),
        "sorted by total, descending"
    );

    // The same name typed again without its extension: the file of the
    // full name exists, which the save dialog could not know, so the user
    // is asked before it is replaced. "Cancel" goes back to the dialog,
    // offering the full name; a new name is written, the old file kept.
    std::fs::write(&path, "the user's own file").unwrap();
    answers.lock().unwrap().extend([
        Some(folder.join("facturas")),
        Some(folder.join("facturas-2.csv")),
    ]);
    replies.lock().unwrap().push_back(false);
    let done = invoke(&webview, "export_list", args(&folder)).unwrap();
    assert_eq!(done["file_name"], "facturas-2.csv", "{done}");
    assert_eq!(
        confirmed.lock().unwrap().as_slice(),
        ["facturas.csv ya existe. ¿Reemplazarlo? [Reemplazar|Cancelar]"]
    );
    assert_eq!(
        asked.lock().unwrap().last().unwrap().1,
        "facturas.csv",
        "offered again, whole"
    );
    assert_eq!(
        directories.lock().unwrap().last().unwrap().as_ref(),
        Some(&folder),
        "offered again in the folder chosen"
    );
    assert!(
        directories
            .lock()
            .unwrap()
            .iter()
            .rev()
            .skip(1)
            .all(Option::is_none),
        "the system's choice before"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "the user's own file"
    );
    // "Replace": replaced.
    answers
        .lock()
        .unwrap()
        .push_back(Some(folder.join("facturas")));
    replies.lock().unwrap().push_back(true);
    invoke(&webview, "export_list", args(&folder)).unwrap();
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("Nombre;Total"));
    assert_eq!(confirmed.lock().unwrap().len(), 2);
    std::fs::remove_file(folder.join("facturas-2.csv")).unwrap();

    // Offline, a related record's name cannot be answered from saved
    // records: refused by condition, and no file under the chosen name.
    invoke(&webview, "set_working_offline", json!({"on": true})).unwrap();
    answers
        .lock()
        .unwrap()
        .push_back(Some(folder.join("refused.csv")));
    let mut refused = args(&folder);
    refused["view"]["filters"] =
        json!([{"field": "supplier__name", "operator": "icontains", "values": ["a"]}]);
    let err = invoke(&webview, "export_list", refused).unwrap_err();
    assert_eq!(err["code"], "saved_data_refused", "{err}");
    assert!(err["field_errors"]["filters.0"].is_array(), "{err}");
    assert!(!folder.join("refused.csv").exists());
    assert_eq!(
        std::fs::read_dir(&folder).unwrap().count(),
        1,
        "only facturas.csv"
    );
    assert_eq!(
        told.lock().unwrap().last().unwrap().1,
        "La exportación falló",
        "a failure is told too"
    );
    app.cleanup_before_exit();
    drop(app);

    // Nothing is left noted by the exports that ended.
    let settings = data.join(SERVICE).join("settings.json");
    let mut entries: serde_json::Map<String, Value> =
        serde_json::from_slice(&std::fs::read(&settings).unwrap()).unwrap();
    assert!(entries.get("exports_under_way").is_none(), "{entries:?}");

    // An export killed half-way (the app closed by force) left its part
    // file, and the settings still name it: the next start removes it, and
    // nothing else: not another part file of the folder (another
    // computer's export to a shared folder), nor a file not named as a
    // part even if the settings name it.
    let part = folder.join(".workdesk-export-Ab12Cd.part");
    let others = folder.join(".workdesk-export-Zz99Yy.part");
    let users = folder.join("notes.part");
    for file in [&part, &others, &users] {
        std::fs::write(file, "half a file").unwrap();
    }
    entries.insert(
        "exports_under_way".into(),
        json!([part, users, path, data.join(".workdesk-export-gone.part")]),
    );
    std::fs::write(&settings, Value::Object(entries).to_string()).unwrap();
    let app = common::start_app(mock_builder(), SERVICE, Options::default());
    let webview = app.get_webview_window("main").unwrap();
    // Saved data opens only once the start's tidying is done.
    saved_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": {"page": 1, "take": 20}}),
    )
    .unwrap();
    assert!(!part.exists(), "the leftover part is removed");
    assert!(
        others.exists() && users.exists() && path.exists(),
        "nothing else is"
    );
    let entries: Value = serde_json::from_slice(&std::fs::read(&settings).unwrap()).unwrap();
    assert!(entries.get("exports_under_way").is_none(), "{entries}");
    app.cleanup_before_exit();
    let _ = std::fs::remove_dir_all(&data);
}

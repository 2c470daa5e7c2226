//! "Export…" through Tauri's IPC on the mock runtime, against the sandbox:
//! the command writes the whole filtered list where the save dialog says
//! (answered by the test), says nothing when the dialog is closed, and
//! keeps a refused export from leaving a file. A mock keychain and the
//! real settings store.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

mod common;

use common::invoke;
use serde_json::{json, Value};
use tauri::test::mock_builder;
use tauri::Manager;
use workdesk_lib::export::SaveFileDialog;
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

    // The save dialog's answers, in turn; what it was asked.
    let answers: Arc<Mutex<VecDeque<Option<PathBuf>>>> = Arc::default();
    let asked: Arc<Mutex<Vec<Question>>> = Arc::default();
    let (queue, questions) = (answers.clone(), asked.clone());
    let dialog = SaveFileDialog::new(move |ask| {
        questions.lock().unwrap().push((
            ask.dialog.title.clone(),
            ask.dialog.file_name.clone(),
            ask.extension,
        ));
        let _ = ask.answer.send(queue.lock().unwrap().pop_front().flatten());
    });
    let app = common::start_app(mock_builder().manage(dialog), SERVICE, Options::default());
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
            "dialog": {"title": "Exportar facturas de proveedor", "file_name": "Facturas.csv", "file_type": "CSV"},
            "progress": "__CHANNEL__:7",
        })
    };
    let folder = data.join("exports");
    std::fs::create_dir_all(&folder).unwrap();

    // Closed without choosing: nothing written, nothing said.
    answers.lock().unwrap().push_back(None);
    let closed = invoke(&webview, "export_list", args(&folder)).unwrap();
    assert_eq!(closed, Value::Null);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);

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
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    assert_eq!(lines.next(), Some("Nombre;Total"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(done["records"], rows.len());
    assert_eq!(done["bytes"], text.len());
    // Every provisional invoice, biggest first, with a decimal comma.
    let service = invoke(
        &webview,
        "list_records",
        json!({"resource": "supplier_invoice", "remember": false, "view": {
            "page": 1, "take": 1, "filters": view["filters"]}}),
    )
    .unwrap();
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
    let _ = std::fs::remove_dir_all(&data);
}

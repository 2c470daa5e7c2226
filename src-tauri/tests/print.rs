//! "Print" through Tauri's IPC on the mock runtime, against the sandbox:
//! `print_rows` reads every row of a filtered, sorted list the way
//! "Export…" does (the service's records, in its order, amounts exact),
//! a list longer than Rust prints whole stops at its limit and says so,
//! and `print_window` opens the print dialog the app was given. A mock
//! keychain and the real settings store.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone (README.md, "Windows on this machine
// (every CI run)").
#![cfg(target_os = "linux")]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

mod common;

use common::{invoke, read_list};
use serde_json::json;
use tauri::test::mock_builder;
use tauri::Manager;
use workdesk_core::print::{PrintDialog, PRINT_ROWS_MAX};
use workdesk_lib::Options;

const SERVICE: &str = "print.workdesk.test";

#[test]
fn every_row_is_read_as_the_export_reads_it_up_to_rust_s_limit() {
    let data = std::env::temp_dir().join(format!("workdesk-print-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join(SERVICE)).unwrap();
    std::env::set_var("XDG_DATA_HOME", &data);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let sandbox = tauri::async_runtime::block_on(workdesk_sandbox::start(
        workdesk_sandbox::Config::default(),
    ))
    .unwrap();
    let dialogs = Arc::new(AtomicUsize::new(0));
    let opened = dialogs.clone();
    let app = common::start_app(
        mock_builder().manage(PrintDialog::new(move || {
            opened.fetch_add(1, Ordering::SeqCst);
            Ok(())
        })),
        SERVICE,
        Options::default(),
    );
    let webview = app.get_webview_window("main").unwrap();
    invoke(
        &webview,
        "add_workspace",
        json!({"name": "Pérez y Cía", "baseUrl": sandbox.base_url(), "apiKey": sandbox.keys().workspace_a}),
    )
    .unwrap();

    // The provisional invoices, biggest first: every one, in the
    // service's order, as its cells.
    let filters = json!([{"field": "operation_status", "operator": "exact", "values": ["PR"]}]);
    let view = json!({
        "page": 3, "take": 20,
        "fields": ["name", "total", "operation_status", "id"],
        "sort": [{"field": "total", "descending": true}],
        "filters": filters
    });
    let columns = json!([
        {"field": "name", "header": "Nombre"},
        {"field": "total", "header": "Total"},
        {"field": "operation_status", "header": "Estado", "labels": {"PR": "Provisional"}}
    ]);
    let printed = invoke(
        &webview,
        "print_rows",
        json!({"resource": "supplier_invoice", "view": view, "columns": columns, "progress": "__CHANNEL__:7"}),
    )
    .unwrap();
    assert_eq!(printed["cut"], false);
    assert_eq!(printed["source"]["kind"], "service");
    let rows = printed["rows"].as_array().unwrap();
    let service = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": {
            "page": 1, "take": 200, "fields": ["name", "total", "id"],
            "sort": [{"field": "total", "descending": true}], "filters": filters}}),
    )
    .unwrap();
    let service = service
        .fresh()
        .unwrap_or_else(|| panic!("the service answered: {service:?}"));
    let expected: Vec<_> = service["value"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| json!([r["name"], r["total"], "Provisional"]))
        .collect();
    assert_eq!(
        rows.len() as u64,
        service["value"]["count"].as_u64().unwrap(),
        "every page, not the view's page 3 of 20"
    );
    assert!(expected.len() > 20);
    assert_eq!(
        &rows[..expected.len()],
        expected.as_slice(),
        "in the service's order"
    );

    // The whole list is longer than a print holds: the first rows, and
    // `cut` says there were more.
    let all = invoke(
        &webview,
        "print_rows",
        json!({"resource": "supplier_invoice",
               "view": {"page": 1, "take": 20, "fields": ["name", "id"], "sort": [], "filters": []},
               "columns": [{"field": "name", "header": "Name"}], "progress": "__CHANNEL__:8"}),
    )
    .unwrap();
    let count = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": {"page": 1, "take": 1}}),
    )
    .unwrap()
    .fresh()
    .unwrap()["value"]["count"]
        .as_u64()
        .unwrap();
    assert!(count > u64::from(PRINT_ROWS_MAX), "the sandbox's {count}");
    assert_eq!(all["cut"], true);
    assert_eq!(
        all["rows"].as_array().unwrap().len(),
        PRINT_ROWS_MAX as usize
    );

    // The print dialog the app was given opens, once per ask.
    invoke(&webview, "print_window", json!({})).unwrap();
    assert_eq!(dialogs.load(Ordering::SeqCst), 1);

    drop(app);
    let _ = std::fs::remove_dir_all(&data);
}

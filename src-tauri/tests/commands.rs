//! The commands, run through Tauri's IPC on the mock runtime: no window, no
//! display, a mock keychain, the real settings store and the real sandbox.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

mod common;

use std::sync::{Arc, Mutex};

use common::{
    invoke, list_views, nothing_kept, read_list, read_record, saved_list, saved_record, Read,
};
use serde_json::{json, Value};
use tauri::ipc::InvokeResponseBody;
use tauri::test::{mock_builder, MockRuntime};
use tauri::{Listener, Manager};
use workdesk_lib::{configure, Options};

/// One app per process: Tauri's mock app and the global keyring store are
/// process-wide, so the whole story runs in one test.
#[test]
fn commands_work_with_no_desktop_around_them() {
    let data = std::env::temp_dir().join(format!("workdesk-commands-{}", std::process::id()));
    std::fs::create_dir_all(&data).unwrap();
    // The settings store lives under the app data folder; keep it private.
    std::env::set_var("XDG_DATA_HOME", &data);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let keychain = workdesk_keychain::Keychain::with_default_store("dev.workdesk.test");

    // The app's real context: its config and capabilities (the ACL that lets
    // the main window call exactly these commands).
    let mut context: tauri::Context<MockRuntime> = tauri::generate_context!();
    context.config_mut().identifier = "dev.workdesk.test".into();
    // What the commands send over the window's channels, by channel id:
    // kept here, as the mock runtime's webview runs no script to get them.
    let channels: Arc<Mutex<Vec<(u32, Value)>>> = Arc::default();
    let sent = channels.clone();
    let builder = mock_builder().channel_interceptor(move |_, channel, _, body| {
        let InvokeResponseBody::Json(json) = body else {
            panic!("a channel message is JSON");
        };
        sent.lock()
            .unwrap()
            .push((channel.0, serde_json::from_str(json).unwrap()));
        true
    });
    let on_channel = |id: u32| -> Vec<Value> {
        let channels = channels.lock().unwrap();
        let on = channels.iter().filter(|(channel, _)| *channel == id);
        on.map(|(_, message)| message.clone()).collect()
    };
    let mut app = configure(builder, Options::default(), move || keychain)
        .build(context)
        .expect("the app builds on the mock runtime");
    // One turn of the event loop runs the setup hook (state, settings store)
    // and opens the configured "main" window. (Deprecated only for use in a
    // loop; one turn is exactly what is needed here.)
    #[allow(deprecated)]
    app.run_iteration(|_, _| {});
    let webview = app
        .get_webview_window("main")
        .expect("the main window from tauri.conf.json");
    // The service's state the window is sent, as it happens.
    let (pushed, service_states) = std::sync::mpsc::channel::<Value>();
    app.listen_any("service-state", move |event| {
        let _ = pushed.send(serde_json::from_str(event.payload()).unwrap());
    });

    // Nothing configured yet: the first-run screen.
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "setup");
    assert_eq!(status["key"]["hint"], Value::Null);
    let err = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": {"page": 1, "take": 20}}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "not_configured");
    let schemas = invoke(&webview, "resource_schemas", json!({})).unwrap();
    assert_eq!(schemas.as_array().unwrap().len(), 8);
    assert_eq!(schemas[0]["resource"], "supplier_invoice");

    // Bad input is refused with the field it concerns.
    let err = invoke(
        &webview,
        "add_workspace",
        json!({"name": "", "baseUrl": "http://example.com", "apiKey": format!("service_{}", "k".repeat(40))}),
    )
    .unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["field"].as_str()),
        (Some("invalid_input"), Some("base_url"))
    );
    let err = invoke(
        &webview,
        "add_workspace",
        json!({"name": "", "baseUrl": "https://api.example.com", "apiKey": "hello"}),
    )
    .unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["field"].as_str()),
        (Some("invalid_input"), Some("api_key"))
    );

    // A real workspace: the sandbox on loopback.
    let sandbox = tauri::async_runtime::block_on(workdesk_sandbox::start(
        workdesk_sandbox::Config::default(),
    ))
    .unwrap();
    let key = sandbox.keys().workspace_a.clone();
    let connected = invoke(
        &webview,
        "add_workspace",
        json!({"name": "", "baseUrl": sandbox.base_url(), "apiKey": key}),
    )
    .unwrap();
    assert_eq!(connected["base_url"], format!("{}/", sandbox.base_url()));
    assert_eq!(
        connected["workspace"]["name"], "127.0.0.1",
        "named after its host"
    );
    let workspace_id = connected["workspace"]["id"].as_str().unwrap().to_owned();
    assert_eq!(connected["workspaces"].as_array().unwrap().len(), 1);
    let key_status = &connected["key"];
    assert_eq!(key_status["storage"], "keychain");
    assert_eq!(
        key_status["hint"],
        format!("service_…{}", &key[key.len() - 4..])
    );

    let view = json!({
        "page": 2, "take": 50, "fields": ["id", "name", "total", "operation_status"],
        "sort": [{"field": "total", "descending": true}],
        "filters": [
            {"field": "operation_status", "operator": "in", "values": ["PR", "CO"]},
            {"or": true, "not": true, "field": "supplier__name", "operator": "icontains", "values": ["a"]}
        ]
    });
    let read = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": view}),
    )
    .unwrap();
    assert_eq!(read.end, json!({"end": "fresh"}), "{read:?}");
    assert_eq!(read.answers.len(), 1, "nothing was saved before: {read:?}");
    assert_eq!(read.fresh().unwrap()["changed"], Value::Null);
    // The window is told the service answered and what budget is left,
    // without asking.
    let pushed = loop {
        let state = service_states
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the service's state is pushed");
        if state["connection"] == "online" && state["budget"]["remaining"].is_number() {
            break state;
        }
    };
    assert_eq!(pushed["workspace"], workspace_id, "{pushed}");
    assert_eq!(pushed["budget"]["limit"], 1000);
    let page = read.shown();
    let rows = page["results"].as_array().unwrap();
    assert_eq!(rows.len(), 50);
    assert!(page["count"].as_u64().unwrap() > 100);
    assert!(
        rows[0]["total"].is_string(),
        "decimals cross IPC as strings"
    );
    assert!(
        rows.iter()
            .all(|r| r["total"].as_str().unwrap().parse::<f64>().is_ok()),
        "every row has its total"
    );

    // Nothing is sent while "Work offline" is on: a read sends only what
    // is saved on this computer, and says why (`common::saved_list`).
    assert_eq!(
        invoke(&webview, "set_working_offline", json!({"on": true})).unwrap(),
        true
    );
    assert_eq!(
        invoke(&webview, "workspace_status", json!({})).unwrap()["working_offline"],
        true
    );
    // The page was saved: it opens from this computer, as it was.
    let saved = saved_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": view}),
    )
    .unwrap();
    assert_eq!(saved["source"]["kind"], "saved_page", "{}", saved["source"]);
    assert_eq!(saved["value"]["results"], page["results"]);
    // A view never seen is answered over every saved record...
    let unseen = json!({"page": 1, "take": 5, "sort": [{"field": "total"}],
        "filters": [{"field": "total", "operator": "gte", "values": ["0"]}]});
    let saved = saved_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": unseen}),
    )
    .unwrap();
    assert_eq!(saved["source"]["kind"], "saved_records");
    assert_eq!(saved["source"]["saved"], 50);
    // ...except what was not saved: refused beside the condition.
    let err = saved_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": {"page": 1, "take": 5, "filters": [
            {"field": "total", "operator": "gte", "values": ["0"]},
            {"field": "supplier__name", "operator": "icontains", "values": ["a"]}
        ]}}),
    )
    .unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["code"].as_str()),
        (Some("invalid_input"), Some("saved_data_refused")),
        "{err}"
    );
    assert!(err["field_errors"]["filters.1"].is_array(), "{err}");
    // A resource with nothing saved: nothing to show.
    let nothing = saved_list(
        &webview,
        json!({"resource": "task", "remember": false, "view": {"page": 1, "take": 20}}),
    )
    .unwrap();
    assert_eq!(nothing, Value::Null);
    invoke(&webview, "set_working_offline", json!({"on": false})).unwrap();
    // The same page again: unchanged.
    let again = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": view}),
    )
    .unwrap();
    assert_unchanged(&again, page);

    // The read command itself, through the IPC as the window calls it:
    // a saved answer over the window's channel (how many it sent is
    // counted), the service's with the reply, and how the read ended; or
    // the view's problems before anything is sent.
    let done = invoke(
        &webview,
        "read_list",
        json!({"resource": "supplier_invoice", "remember": false, "view": view, "answers": "__CHANNEL__:7"}),
    )
    .unwrap();
    let answers = on_channel(7);
    assert_eq!(done["answers"], json!(answers.len()), "{done}");
    assert_eq!(done["end"], json!({"end": "fresh"}));
    assert_eq!(
        done["last"]["kind"], "fresh",
        "the service's answer last, with the reply: {done}"
    );
    assert_eq!(done["last"]["value"], *page);
    match answers.as_slice() {
        [] => {}
        [saved] => assert_eq!(saved["kind"], "saved", "{answers:?}"),
        _ => panic!("a saved answer at most before the service's: {answers:?}"),
    }
    // Opening the list, through the IPC: the views Rust fitted first over
    // the channel (counted with the answers), then the remembered view's
    // answers as `read_list` sends them.
    let done = invoke(
        &webview,
        "open_list",
        json!({
            "resource": "supplier_invoice",
            "readyNames": {"issued_this_month": "Emitidas este mes", "in_error": "Con error"},
            "messages": "__CHANNEL__:11",
        }),
    )
    .unwrap();
    let messages = on_channel(11);
    assert_eq!(done["answers"], json!(messages.len()), "{done}");
    assert_eq!(
        messages[0]["opened"],
        list_views(&webview, "supplier_invoice").unwrap(),
        "{messages:?}"
    );
    // The first time, the ready-made views join the saved ones, named as
    // the window words them (a name it did not send: the view's key).
    assert_eq!(
        messages[0]["opened"]["saved"][0]["name"], "Emitidas este mes",
        "{messages:?}"
    );
    assert_eq!(
        messages[0]["opened"]["saved"][2]["name"], "drafts",
        "{messages:?}"
    );
    assert_eq!(done["end"], json!({"end": "fresh"}));
    assert_eq!(done["last"]["kind"], "fresh", "{done}");
    match &messages[1..] {
        [] => {}
        [saved] => assert_eq!(saved["kind"], "saved", "{messages:?}"),
        _ => panic!("a saved answer at most after the views: {messages:?}"),
    }
    // Working offline, the saved page is the last answer: it comes with
    // the reply, and nothing goes over the channel.
    invoke(&webview, "set_working_offline", json!({"on": true})).unwrap();
    let done = invoke(
        &webview,
        "read_list",
        json!({"resource": "supplier_invoice", "remember": false, "view": view, "answers": "__CHANNEL__:9"}),
    )
    .unwrap();
    invoke(&webview, "set_working_offline", json!({"on": false})).unwrap();
    assert_eq!(on_channel(9), Vec::<Value>::new());
    assert_eq!(done["answers"], 0, "{done}");
    assert_eq!(done["last"]["kind"], "saved", "{done}");
    assert_eq!(done["last"]["value"], *page);
    assert_eq!(done["end"]["because"], "working_offline", "{done}");
    let err = invoke(
        &webview,
        "read_list",
        json!({"resource": "supplier_invoice", "remember": false, "answers": "__CHANNEL__:7",
        "view": {"page": 1, "take": 20, "filters": [
            {"field": "total", "operator": "gte", "values": ["lots"]}
        ]}}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "invalid_input", "{err}");
    assert!(err["field_errors"]["filters.0"].is_array(), "{err}");
    assert_eq!(on_channel(7), answers, "nothing sent for a view refused");

    // The view is kept per resource, and the resource as the last shown.
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "service");
    assert_eq!(status["last_resource"], "supplier_invoice");
    let views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(views["current"]["filters"][1]["or"], true);
    assert_eq!(views["current"]["page"], 2);

    // A condition that cannot work is refused before sending, keyed by its
    // index, and the view on record stays the last good one.
    let err = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": {"page": 1, "take": 20, "filters": [
            {"field": "name", "operator": "icontains", "values": ["x"]},
            {"field": "total", "operator": "gte", "values": ["lots"]}
        ]}}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "invalid_input");
    assert!(err["field_errors"]["filters.1"].is_array(), "{err}");
    assert!(err["field_errors"].get("filters.0").is_none(), "{err}");
    // A form's lookup (`remember: false`) leaves the list's view alone.
    let lookup = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": {"page": 1, "take": "all", "fields": ["id"]}}),
    )
    .unwrap();
    assert_eq!(lookup.end, json!({"end": "fresh"}), "{lookup:?}");
    let views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(views["current"]["page"], 2);

    // A column moved or resized is remembered without a request; a width
    // for a field the list lacks, or out of bounds, is refused and the
    // view on record stays as it was.
    let arranged =
        json!({"page": 2, "take": 20, "fields": ["total", "name", "id"], "widths": {"name": 300}});
    invoke(
        &webview,
        "remember_view",
        json!({"resource": "supplier_invoice", "view": arranged}),
    )
    .unwrap();
    let views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(views["current"]["fields"], json!(["total", "name", "id"]));
    assert_eq!(views["current"]["widths"], json!({"name": 300}));
    for widths in [
        json!({"title": 100}),
        json!({"name": 20}),
        json!({"name": 5000}),
    ] {
        let err = invoke(
            &webview,
            "remember_view",
            json!({"resource": "supplier_invoice", "view": {"page": 1, "take": 20, "widths": widths}}),
        )
        .unwrap_err();
        assert_eq!(err["kind"], "invalid_input", "{err}");
        assert!(err["field_errors"]["widths"].is_array(), "{err}");
        let err = invoke(
            &webview,
            "save_view",
            json!({"resource": "supplier_invoice", "name": "Wide", "view": {"page": 1, "take": 20, "widths": widths}}),
        )
        .unwrap_err();
        assert!(err["field_errors"]["widths"].is_array(), "{err}");
    }
    let views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(views["current"]["widths"], json!({"name": 300}));
    // Only the ready-made views the list was opened with: nothing refused was saved.
    let names: Vec<&Value> = views["saved"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| &v["name"])
        .collect();
    assert_eq!(
        names,
        [
            &json!("Emitidas este mes"),
            &json!("Con error"),
            &json!("drafts")
        ]
    );

    // Named views: saved, replaced by name, deleted.
    let named = json!({"page": 1, "take": "all", "filters": []});
    let err = invoke(
        &webview,
        "save_view",
        json!({"resource": "task", "name": "  ", "view": named}),
    )
    .unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["field"].as_str()),
        (Some("invalid_input"), Some("name"))
    );
    invoke(
        &webview,
        "save_view",
        json!({"resource": "task", "name": "Todo", "view": named}),
    )
    .unwrap();
    let views = invoke(
        &webview,
        "save_view",
        json!({"resource": "task", "name": " Todo ", "view": {"page": 1, "take": 20}}),
    )
    .unwrap();
    assert_eq!(views["saved"].as_array().unwrap().len(), 1, "{views}");
    assert_eq!(views["saved"][0]["view"]["take"], 20);
    let views = invoke(
        &webview,
        "delete_view",
        json!({"resource": "task", "name": "Todo"}),
    )
    .unwrap();
    assert_eq!(views["saved"], json!([]));

    // Every write operation of the spec, through the commands.
    let ids = *sandbox.ids();
    let written = invoke(
        &webview,
        "create_task",
        json!({"task": {"title": "Llamar a Peña", "priority": -32768, "start": "2026-11-22T09:30:00Z"}}),
    )
    .unwrap();
    assert_eq!(written["outcome"], "sent", "{written}");
    let task = &written["record"];
    assert_eq!(
        (task["title"].as_str(), task["priority"].as_i64()),
        (Some("Llamar a Peña"), Some(-32768))
    );
    let err = invoke(
        &webview,
        "create_task",
        json!({"task": {"title": "x".repeat(256)}}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "invalid_input");
    assert!(err["field_errors"]["title"].is_array(), "{err}");

    let lead = invoke(&webview, "get_lead", json!({"id": ids.lead.to_string()})).unwrap();
    let written = invoke(
        &webview,
        "patch_lead",
        json!({"id": ids.lead.to_string(), "patch": {"status": "won", "person": null}}),
    )
    .unwrap();
    let patched = &written["record"];
    assert_eq!(patched["status"], "won");
    assert_eq!(patched["person"], Value::Null);
    assert_eq!(
        patched["source"], lead["source"],
        "fields not sent are kept"
    );
    let err = invoke(&webview, "get_lead", json!({"id": "not-an-id"})).unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["field"].as_str()),
        (Some("invalid_input"), Some("id"))
    );

    // A customer is read as any record is.
    let customer_id = ids.customer.to_string();
    let read = read_record(&webview, json!({"resource": "customer", "id": customer_id})).unwrap();
    assert_eq!(read.end, json!({"end": "fresh"}), "{read:?}");
    let customer = read.fresh().unwrap()["value"].clone();
    assert_eq!(customer["id"], customer_id.as_str(), "{customer}");
    assert!(customer["credit_limit"].is_string(), "{customer}");
    // Read again: the same customer, unchanged if its saved copy came first.
    let again = read_record(&webview, json!({"resource": "customer", "id": customer_id})).unwrap();
    assert_unchanged(&again, &customer);
    // Through the IPC, as the window calls it.
    let done = invoke(
        &webview,
        "read_record",
        json!({"resource": "customer", "id": customer_id, "answers": "__CHANNEL__:8"}),
    )
    .unwrap();
    let answers = on_channel(8);
    assert_eq!(done["answers"], json!(answers.len()), "{done}");
    assert_eq!(done["end"], json!({"end": "fresh"}));
    assert_eq!(done["last"]["kind"], "fresh", "{done}");
    assert_eq!(done["last"]["value"], customer, "{done}");
    // It was saved: it opens from this computer.
    let saved = saved_record(&webview, json!({"resource": "customer", "id": customer_id})).unwrap();
    assert_eq!(saved["value"]["credit_limit"], customer["credit_limit"]);

    let written = invoke(
        &webview,
        "create_stakeholder",
        json!({"stakeholder": {
            "document_number": "900123456", "document_type": ids.document_type.to_string(),
            "verification_digit": "7", "geographic_location": ids.geographic_location.to_string()
        }}),
    )
    .unwrap();
    let id = written["record"]["id"].as_str().unwrap().to_owned();
    let found = read_record(&webview, json!({"resource": "stakeholder", "id": id})).unwrap();
    assert_eq!(found.end, json!({"end": "fresh"}), "{found:?}");
    assert_eq!(found.shown()["document_number"], "900123456");
    let saved = saved_record(&webview, json!({"resource": "stakeholder", "id": id})).unwrap();
    assert_eq!(saved["value"]["document_number"], "900123456");
    assert_eq!(
        invoke(&webview, "delete_stakeholder", json!({"id": id})).unwrap(),
        json!({"outcome": "sent", "record": null})
    );
    assert_eq!(
        saved_record(&webview, json!({"resource": "stakeholder", "id": id})).unwrap(),
        Value::Null,
        "a deleted record goes from the saved data too"
    );
    let err = read_record(&webview, json!({"resource": "stakeholder", "id": id})).unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["code"].as_str()),
        (Some("not_found"), Some("record_not_found")),
        "{err}"
    );
    let err = invoke(&webview, "delete_stakeholder", json!({"id": id})).unwrap_err();
    assert_eq!(err["kind"], "not_found", "deleting twice: already gone");

    // The budget the status bar shows comes from the latest response.
    let budget = invoke(&webview, "rate_limit", json!({})).unwrap();
    assert!(budget["limit"].as_u64().unwrap() >= budget["remaining"].as_u64().unwrap());
    assert!(budget["reset"].is_string(), "{budget}");

    assert_eq!(
        invoke(&webview, "workspace_status", json!({})).unwrap()["key"]["hint"],
        key_status["hint"]
    );

    // The stored key goes only where it was entered for: another server
    // (another port on this computer) without the key typed again gets
    // nothing, not even a connection, and the UI is asked for the key.
    let elsewhere = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    elsewhere.set_nonblocking(true).unwrap();
    let other = format!("http://{}", elsewhere.local_addr().unwrap());
    let err = invoke(
        &webview,
        "update_workspace",
        json!({"workspace": workspace_id, "baseUrl": other, "apiKey": null}),
    )
    .unwrap_err();
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (Some("key_for_another_server"), Some("api_key")),
        "{err}"
    );
    assert_eq!(
        elsewhere.accept().unwrap_err().kind(),
        std::io::ErrorKind::WouldBlock,
        "the other server was never contacted"
    );
    let still = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(
        still["base_url"],
        format!("{}/", sandbox.base_url()),
        "nothing saved"
    );
    // The same server without the key typed again keeps the stored key.
    invoke(
        &webview,
        "update_workspace",
        json!({"workspace": workspace_id, "baseUrl": sandbox.base_url(), "apiKey": null}),
    )
    .unwrap();

    // The key never comes back out, and never lands in the settings file.
    assert!(!status.to_string().contains(&key));
    let settings =
        std::fs::read_to_string(data.join("dev.workdesk.test").join("settings.json")).unwrap();
    assert!(settings.contains(sandbox.base_url()), "{settings}");
    assert!(
        !settings.contains(&key[8..]),
        "the key must not be in settings.json"
    );

    // The demo takes over while it runs, and hands back afterwards.
    let demo = invoke(&webview, "start_demo", json!({})).unwrap();
    assert_ne!(
        demo["base_url"], status["base_url"],
        "the demo runs its own sandbox"
    );
    assert_eq!(
        (demo["mode"].as_str(), demo["key"]["storage"].as_str()),
        (Some("demo"), Some("demo"))
    );
    let page = read_list(
        &webview,
        json!({"resource": "lead", "remember": true, "view": {"page": 1, "take": "all"}}),
    )
    .unwrap();
    assert_eq!(page.end, json!({"end": "fresh"}), "{page:?}");
    assert!(!page.shown()["results"].as_array().unwrap().is_empty());
    // The status names the list to open on; it opens on the view read.
    let reopened = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(reopened["last_resource"], "lead");
    assert_eq!(
        list_views(&webview, "lead").unwrap()["current"]["take"],
        "all"
    );
    let storage = invoke(&webview, "storage", json!({})).unwrap();
    assert_eq!(
        storage["workspaces"][0]["name"],
        json!(null),
        "the UI names the demo"
    );
    assert_eq!(storage["workspaces"][0]["kept"]["kind"], "session_only");
    assert_eq!(storage["workspaces"][0]["kept"]["reason"], "demo");
    // The demo keeps its own views: the workspace's are untouched.
    let demo_views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(demo_views, nothing_kept("supplier_invoice"));
    let back = invoke(&webview, "stop_demo", json!({})).unwrap();
    assert_eq!(back["mode"], "service");
    assert_eq!(back["last_resource"], "supplier_invoice");
    assert_eq!(
        list_views(&webview, "supplier_invoice").unwrap()["current"]["page"],
        2,
        "the workspace's own views, not the demo's"
    );

    // A key whose member may not read supplier invoices connects (a 403
    // proves the service accepted the key); that list says why it is
    // empty, the other lists and reads work, and its writes are refused.
    let reader = sandbox.keys().read_only.clone();
    let status = invoke(
        &webview,
        "update_workspace",
        json!({"workspace": workspace_id, "baseUrl": sandbox.base_url(), "apiKey": reader}),
    )
    .unwrap();
    assert_eq!(status["mode"], "service");
    assert_eq!(
        status["key"]["hint"],
        format!("service_…{}", &reader[reader.len() - 4..])
    );
    let first_page = json!({"page": 1, "take": 20});
    let err = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": first_page}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "forbidden", "{err}");
    let page = read_list(
        &webview,
        json!({"resource": "customer_invoice", "remember": true, "view": first_page}),
    )
    .unwrap();
    assert_eq!(page.end, json!({"end": "fresh"}), "{page:?}");
    assert!(!page.shown()["results"].as_array().unwrap().is_empty());
    let err = invoke(
        &webview,
        "create_task",
        json!({"task": {"title": "Conciliar bancos"}}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "forbidden", "{err}");
    assert_eq!(
        err["code"], "forbidden_write",
        "refused, nothing saved: {err}"
    );
    // A bad key is still refused, and nothing of it is saved.
    let err = invoke(
        &webview,
        "update_workspace",
        json!({"workspace": workspace_id, "baseUrl": sandbox.base_url(), "apiKey": sandbox.keys().expired}),
    )
    .unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["field"].as_str()),
        (Some("unauthorized"), Some("api_key"))
    );
    assert_eq!(
        invoke(&webview, "workspace_status", json!({})).unwrap()["key"]["hint"],
        status["key"]["hint"]
    );

    // A proxy's or firewall's 403 page is not the service accepting a key:
    // nothing is saved, and the error says what answered.
    let firewall = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let firewall_url = format!("http://{}", firewall.local_addr().unwrap());
    std::thread::spawn(move || {
        use std::io::{Read, Write};
        for mut stream in firewall.incoming().flatten() {
            // The whole request head first: closing on unread bytes would
            // reset the connection under the answer.
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                head.push(byte[0]);
            }
            let page = "<html><body>Access denied by policy</body></html>";
            let _ = write!(
                stream,
                "HTTP/1.1 403 Forbidden\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
        }
    });
    let err = invoke(
        &webview,
        "update_workspace",
        json!({"workspace": workspace_id, "baseUrl": firewall_url, "apiKey": reader}),
    )
    .unwrap_err();
    assert_ne!(err["kind"], "forbidden", "{err}");
    assert_eq!(err["params"]["status"], "403", "{err}");
    assert_eq!(
        invoke(&webview, "workspace_status", json!({})).unwrap()["base_url"],
        format!("{}/", sandbox.base_url()),
        "nothing saved"
    );

    // "Copy diagnostics": the app, the system and the log, never a key,
    // even one that reached the log file by some other way.
    let logs = data.join("dev.workdesk.test").join("logs");
    assert!(logs.is_dir(), "the log folder is made at start");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&logs).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "the user's only");
    }
    std::fs::write(
        logs.join("workdesk.log"),
        format!(
            "[..][workdesk][INFO] list loaded\n[..][workdesk][WARN] leaked {key} and {reader}\n"
        ),
    )
    .unwrap();
    let report = invoke(&webview, "diagnostics", json!({})).unwrap();
    let text = report["text"].as_str().unwrap();
    assert!(text.starts_with("Workdesk "), "{text}");
    assert!(text.contains("Operating system: linux"), "{text}");
    assert!(text.contains("list loaded"), "{text}");
    assert!(
        !text.contains(&key[8..]) && !text.contains(&reader[8..]),
        "no key: {text}"
    );

    // Storage: the workspace's sealed file, its size and the cap.
    let storage = invoke(&webview, "storage", json!({})).unwrap();
    let workspace = &storage["workspaces"][0];
    assert_eq!(workspace["kept"]["kind"], "on_disk", "{storage}");
    assert!(workspace["bytes"].as_u64().unwrap() > 0, "{storage}");
    assert_eq!(storage["cap_mb"], 512);
    let err = invoke(&webview, "set_storage_cap", json!({"capMb": 1})).unwrap_err();
    assert_eq!(err["field"], "cap_mb");
    let storage = invoke(&webview, "set_storage_cap", json!({"capMb": 64})).unwrap();
    assert_eq!(storage["cap_mb"], 64);
    let saved_dir = data
        .join("dev.workdesk.test")
        .join("saved")
        .join(&workspace_id);
    let files = |dir: &std::path::Path| -> Vec<String> {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(
        files(&saved_dir).iter().any(|f| f.ends_with(".sqlite3")),
        "{:?}",
        files(&saved_dir)
    );
    // Named by the fingerprint of the server's origin and the key in use
    // (the read-only one now), never by the key.
    let origin = sandbox.base_url().trim_end_matches('/');
    assert!(
        workdesk_cache::file_of(&saved_dir, &workdesk_cache::fingerprint(origin, &reader)).exists(),
        "{:?}",
        files(&saved_dir)
    );
    for file in files(&saved_dir) {
        assert!(
            !file.contains(&key[8..]) && !file.contains(&reader[8..]),
            "named by a fingerprint, never by the key"
        );
    }
    let data_key =
        keyring_core::Entry::new("dev.workdesk.test", &format!("{workspace_id}#data-key")).unwrap();
    assert_eq!(
        data_key.get_secret().unwrap().len(),
        32,
        "the data key is in the keychain"
    );
    // A change kept while working offline: "Clear saved data" keeps it,
    // and the workspace is not removed while it is not sent.
    invoke(&webview, "set_working_offline", json!({"on": true})).unwrap();
    let kept = invoke(
        &webview,
        "create_task",
        json!({"task": {"title": "Sin enviar"}}),
    )
    .unwrap();
    assert_eq!(kept["outcome"], "queued", "{kept}");
    let change_id = kept["change"]["id"].clone();
    let cleared = invoke(&webview, "clear_saved_data", json!({})).unwrap();
    assert_eq!(cleared["workspaces"][0]["records"], 0);
    let outbox = invoke(&webview, "outbox", json!({})).unwrap();
    assert_eq!(
        outbox["summary"]["unsent"], 1,
        "Clear saved data keeps the outbox: {outbox}"
    );
    let err = invoke(
        &webview,
        "remove_workspace",
        json!({"workspace": workspace_id}),
    )
    .unwrap_err();
    assert_eq!(
        (err["code"].as_str(), err["params"]["count"].as_str()),
        (Some("unsent_changes"), Some("1")),
        "{err}"
    );
    invoke(&webview, "discard_change", json!({"id": change_id})).unwrap();
    invoke(&webview, "set_working_offline", json!({"on": false})).unwrap();

    // Removing the only workspace goes back to the first-run screen...
    let api_key = keyring_core::Entry::new("dev.workdesk.test", &workspace_id).unwrap();
    assert!(
        api_key.get_password().is_ok(),
        "the key is under the workspace's id"
    );
    let status = invoke(
        &webview,
        "remove_workspace",
        json!({"workspace": workspace_id}),
    )
    .unwrap();
    assert_eq!(status["mode"], "setup");
    assert_eq!(status["workspace"], Value::Null);
    assert_eq!(status["workspaces"], json!([]));
    // ...and its key, saved data and data key are gone with it.
    assert!(!saved_dir.exists(), "{:?}", files(&saved_dir));
    assert!(matches!(
        api_key.get_password(),
        Err(keyring_core::Error::NoEntry)
    ));
    assert!(matches!(
        data_key.get_secret(),
        Err(keyring_core::Error::NoEntry)
    ));
    let err = invoke(
        &webview,
        "remove_workspace",
        json!({"workspace": workspace_id}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "not_found");

    let _ = std::fs::remove_dir_all(&data);
}

/// `read` of what was read before as `before`, with nothing changed at the
/// service since: the service's answer is `before`, and when the saved
/// copy was sent first (only if it was ready before the service answered)
/// it is `before` too and the service's answer says it is unchanged.
fn assert_unchanged(read: &Read, before: &Value) {
    assert_eq!(read.end, json!({"end": "fresh"}), "{read:?}");
    let fresh = read
        .fresh()
        .unwrap_or_else(|| panic!("a fresh answer: {read:?}"));
    assert_eq!(&fresh["value"], before, "{read:?}");
    assert_eq!(
        read.answers.last(),
        Some(fresh),
        "the service's answer last"
    );
    match read.saved() {
        Some(saved) => {
            assert_eq!(read.answers.len(), 2, "{read:?}");
            assert_eq!(&saved["value"], before, "{read:?}");
            assert_eq!(fresh["changed"], false, "{read:?}");
        }
        None => {
            assert_eq!(read.answers.len(), 1, "{read:?}");
            assert_eq!(fresh["changed"], Value::Null, "{read:?}");
        }
    }
}

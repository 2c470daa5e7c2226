//! The commands, run through Tauri's IPC on the mock runtime: no window, no
//! display, a mock keychain, the real settings store and the real sandbox.

use serde_json::{json, Value};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindow};
use workdesk_lib::{configure, Options};

fn invoke(webview: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Result<Value, Value> {
    get_ipc_response(
        webview,
        InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        },
    )
    .map(|body| body.deserialize::<Value>().unwrap())
}

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
    let mut app = configure(mock_builder(), Options::default(), keychain)
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

    // Nothing configured yet: the first-run screen.
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "setup");
    assert_eq!(status["key"]["hint"], Value::Null);
    let err = invoke(
        &webview,
        "list_supplier_invoices",
        json!({"query": {"page": 1, "take": 20}}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "not_configured");

    // Bad input is refused with the field it concerns.
    let err = invoke(
        &webview,
        "save_base_url",
        json!({"baseUrl": "http://example.com"}),
    )
    .unwrap_err();
    assert_eq!(
        (err["kind"].as_str(), err["field"].as_str()),
        (Some("invalid_input"), Some("base_url"))
    );
    let err = invoke(&webview, "set_api_key", json!({"apiKey": "hello"})).unwrap_err();
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
    let saved = invoke(
        &webview,
        "save_base_url",
        json!({"baseUrl": sandbox.base_url()}),
    )
    .unwrap();
    assert_eq!(saved, format!("{}/", sandbox.base_url()));
    let key_status = invoke(&webview, "set_api_key", json!({"apiKey": key})).unwrap();
    assert_eq!(key_status["storage"], "keychain");
    assert_eq!(
        key_status["hint"],
        format!("service_…{}", &key[key.len() - 4..])
    );

    let page = invoke(
        &webview,
        "list_supplier_invoices",
        json!({"query": {"page": 2, "take": 50}}),
    )
    .unwrap();
    assert_eq!(page["results"].as_array().unwrap().len(), 50);
    assert!(page["count"].as_u64().unwrap() > 1000);
    assert!(
        page["results"][0]["total"].is_string(),
        "decimals cross IPC as strings"
    );

    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "service");
    assert_eq!(status["last_view"], json!({"page": 2, "take": 50}));
    assert_eq!(
        invoke(&webview, "get_api_key", json!({})).unwrap()["hint"],
        key_status["hint"]
    );

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
    let page = invoke(
        &webview,
        "list_supplier_invoices",
        json!({"query": {"page": 1, "take": "all"}}),
    )
    .unwrap();
    assert_eq!(page["results"].as_array().unwrap().len(), 200);
    assert_eq!(
        invoke(&webview, "stop_demo", json!({})).unwrap()["mode"],
        "service"
    );

    // Clearing the key goes back to the first-run screen, base URL kept.
    assert_eq!(
        invoke(&webview, "clear_api_key", json!({})).unwrap()["hint"],
        Value::Null
    );
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "setup");
    assert_eq!(status["base_url"], format!("{}/", sandbox.base_url()));

    let _ = std::fs::remove_dir_all(&data);
}

//! What the integration tests on the mock runtime share: a command called
//! through Tauri's IPC, as the web UI calls it.

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::WebviewWindow;

/// Calls command `cmd` with `args` (camelCase names) in `webview`: its
/// answer, or the error it returned (a `UiError` object, or the string
/// Tauri gives for arguments that do not read).
pub fn invoke(
    webview: &WebviewWindow<MockRuntime>,
    cmd: &str,
    args: Value,
) -> Result<Value, Value> {
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

/// The app on Tauri's mock runtime (no window, no display), its settings
/// and data under the identifier `service`, built from `builder`
/// (`tauri::test::mock_builder()`, with any state a test manages first)
/// and run once, so that commands can be invoked on its `main` webview.
/// The keychain is the process's default store (a test sets a mock one).
#[allow(dead_code)] // Not every test binary starts one this way.
pub fn start_app(
    builder: tauri::Builder<MockRuntime>,
    service: &str,
    options: workdesk_lib::Options,
) -> tauri::App<MockRuntime> {
    let mut context: tauri::Context<MockRuntime> = tauri::generate_context!();
    context.config_mut().identifier = service.into();
    let mut app = workdesk_lib::configure(
        builder,
        options,
        workdesk_keychain::Keychain::with_default_store(service),
    )
    .build(context)
    .expect("the app builds on the mock runtime");
    #[allow(deprecated)]
    app.run_iteration(|_, _| {});
    app
}

/// A new, empty data folder for this test binary (named `name` and the
/// process id, in the system's temporary folder) with the app's folder
/// `service` in it, made the process's `XDG_DATA_HOME`. Returned.
#[allow(dead_code)] // Not every test binary needs one.
pub fn fresh_data_folder(name: &str, service: &str) -> std::path::PathBuf {
    let data = std::env::temp_dir().join(format!("workdesk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join(service)).unwrap();
    std::env::set_var("XDG_DATA_HOME", &data);
    data
}

/// The app on the mock runtime (see [`start_app`], keychain calls timing
/// out after 5 s) with one workspace named `name` on `base_url`, added
/// through `add_workspace` with `api_key`, and its `main` webview.
///
/// # Panics
/// When the workspace cannot be added (the key refused, the server down).
#[allow(dead_code)] // Not every test binary starts one this way.
pub fn app_with_workspace(
    service: &str,
    name: &str,
    base_url: &str,
    api_key: &str,
) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    use tauri::Manager;
    let app = start_app(
        tauri::test::mock_builder(),
        service,
        workdesk_lib::Options {
            keychain_timeout: Some(std::time::Duration::from_secs(5)),
            ..workdesk_lib::Options::default()
        },
    );
    let webview = app.get_webview_window("main").unwrap();
    invoke(
        &webview,
        "add_workspace",
        serde_json::json!({"name": name, "baseUrl": base_url, "apiKey": api_key}),
    )
    .unwrap_or_else(|error| panic!("workspace {name} is added: {error}"));
    (app, webview)
}

/// A test's app over its own sandbox: a fresh data folder (see
/// [`fresh_data_folder`]), the mock keychain as the process's default
/// store, the sandbox started with its defaults, and the app with the
/// sandbox's workspace A added as "Empresa A".
#[allow(dead_code)] // Not every test binary starts one this way.
pub struct OnSandbox {
    pub data: std::path::PathBuf,
    pub sandbox: workdesk_sandbox::Running,
    pub app: tauri::App<MockRuntime>,
    pub webview: WebviewWindow<MockRuntime>,
}

#[allow(dead_code)]
impl OnSandbox {
    /// Starts it all for test binary `name`, the app's data under `service`.
    pub fn start(name: &str, service: &str) -> OnSandbox {
        let data = fresh_data_folder(name, service);
        keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
        let sandbox =
            tauri::async_runtime::block_on(workdesk_sandbox::start(Default::default())).unwrap();
        let (app, webview) = app_with_workspace(
            service,
            "Empresa A",
            sandbox.base_url(),
            &sandbox.keys().workspace_a,
        );
        OnSandbox {
            data,
            sandbox,
            app,
            webview,
        }
    }

    /// Stops the app and removes the data folder.
    pub fn finish(self) {
        self.app.cleanup_before_exit();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

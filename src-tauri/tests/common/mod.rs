//! What the integration tests on the mock runtime share: a command called
//! through Tauri's IPC, as the web UI calls it.

use std::io::{Read as _, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::WebviewWindow;

/// The URL the app's own pages have, from which its capability lets
/// commands be invoked: Tauri serves them as `tauri://localhost` on Linux
/// and macOS, and as `http://tauri.localhost` on Windows (WebView2 takes
/// no custom scheme).
const LOCAL_URL: &str = if cfg!(windows) {
    "http://tauri.localhost"
} else {
    "tauri://localhost"
};

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
            url: LOCAL_URL.parse().unwrap(),
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
    let mut app = build_app(builder, service, options);
    #[allow(deprecated)]
    app.run_iteration(|_, _| {});
    app
}

/// The app on Tauri's mock runtime as [`start_app`] makes it, built but
/// not run: for a test that runs it (`App::run`), to see it exit.
pub fn build_app(
    builder: tauri::Builder<MockRuntime>,
    service: &str,
    options: workdesk_lib::Options,
) -> tauri::App<MockRuntime> {
    let mut context: tauri::Context<MockRuntime> = tauri::generate_context!();
    context.config_mut().identifier = service.into();
    workdesk_lib::configure(builder, options, {
        let keychain = workdesk_keychain::Keychain::with_default_store(service);
        move || keychain
    })
    .build(context)
    .expect("the app builds on the mock runtime")
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

/// The data folder of this test binary, `workdesk-<name>-<pid>` in the
/// temporary folder (each test has its own app folder in it, named by its
/// identifier), made afresh and set as `XDG_DATA_HOME`, with the mock
/// keychain as the process's default store: once per binary.
#[allow(dead_code)] // Not every test binary shares one folder.
pub fn data_folder_once(name: &str) -> std::path::PathBuf {
    static SETUP: std::sync::Once = std::sync::Once::new();
    let data = std::env::temp_dir().join(format!("workdesk-{name}-{}", std::process::id()));
    SETUP.call_once(|| {
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        std::env::set_var("XDG_DATA_HOME", &data);
        keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    });
    data
}

/// The app on the mock runtime (see [`start_app`], keychain calls timing
/// out after 5 s) over its data folder as it is, and its `main` webview.
#[allow(dead_code)] // Not every test binary starts one this way.
pub fn open_app(service: &str) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
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
    (app, webview)
}

/// [`open_app`] with one workspace named `name` on `base_url`, added
/// through `add_workspace` with `api_key`.
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
    let (app, webview) = open_app(service);
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

/// One plain HTTP/1.1 request to the sandbox's control routes
/// (`/_sandbox/faults`, `/_sandbox/requests`); the JSON body of the answer.
#[allow(dead_code)] // Not every test binary arms faults.
pub fn control(addr: std::net::SocketAddr, method: &str, path: &str, body: &str) -> Value {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (_, body) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// A server on loopback that is not the service: it keeps the head of
/// every request it gets (`heads`) and answers each with a 404 (or the
/// answer given), so a test can say what reached it, and that a key never
/// did. Also a company proxy that refuses every tunnel.
#[allow(dead_code)] // Not every test binary needs one.
pub struct Stranger {
    /// Its address: `http://127.0.0.1:<port>/`.
    pub url: String,
    /// The request line and headers of each request, as received.
    pub heads: Arc<Mutex<Vec<String>>>,
}

#[allow(dead_code)]
impl Stranger {
    /// Starts listening on a free port, answering 404 to everything.
    pub fn start() -> Stranger {
        Stranger::answering(
            b"HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
        )
    }

    /// Starts listening on a free port, answering `answer` (a whole HTTP
    /// response) to everything.
    pub fn answering(answer: &'static [u8]) -> Stranger {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        let heads: Arc<Mutex<Vec<String>>> = Arc::default();
        let seen = heads.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut stream = stream;
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                    head.push(byte[0]);
                }
                seen.lock()
                    .unwrap()
                    .push(String::from_utf8_lossy(&head).into_owned());
                let _ = stream.write_all(answer);
            }
        });
        Stranger { url, heads }
    }

    /// Every request head that carried an `Authorization` header.
    pub fn authorized(&self) -> Vec<String> {
        self.heads
            .lock()
            .unwrap()
            .iter()
            .filter(|head| head.to_ascii_lowercase().contains("\r\nauthorization:"))
            .cloned()
            .collect()
    }
}

/// What a read sent and how it ended ([`read_list`], [`read_record`]).
#[allow(dead_code)] // Not every test binary reads.
#[derive(Debug)]
pub struct Read {
    /// Each answer as the window gets it (`{"kind": "saved" | "fresh",
    /// "value", ...}`), in order.
    pub answers: Vec<Value>,
    /// How it ended: `{"end": "fresh"}`, or `kept_saved` / `nothing_saved`
    /// with `because` and `error`.
    pub end: Value,
}

#[allow(dead_code)]
impl Read {
    /// The value of the last answer sent: what the screen shows at the end.
    ///
    /// # Panics
    /// When no answer was sent.
    pub fn shown(&self) -> &Value {
        &self
            .answers
            .last()
            .unwrap_or_else(|| panic!("an answer was sent: {self:?}"))["value"]
    }

    /// The service's answer, when it was sent (`{"value", "changed"}`).
    pub fn fresh(&self) -> Option<&Value> {
        self.answers.iter().find(|answer| answer["kind"] == "fresh")
    }

    /// The saved answer, when one was sent (`{"value", "source"}`).
    pub fn saved(&self) -> Option<&Value> {
        self.answers.iter().find(|answer| answer["kind"] == "saved")
    }
}

/// Reads a list with the `read_list` command, with `args` as it takes
/// them (`{"resource", "view", "remember"}`), the answers it sends over
/// the window's channel collected here (the mock runtime's webview runs
/// no script that could receive them), then the one its reply carries.
/// The end-to-end tests read through the real webview.
#[allow(dead_code)]
pub fn read_list(webview: &WebviewWindow<MockRuntime>, args: Value) -> Result<Read, Value> {
    use tauri::Manager;
    let state = webview.state::<workdesk_core::state::AppState>();
    let resource = serde_json::from_value(args["resource"].clone()).expect("a resource");
    let view = serde_json::from_value(args["view"].clone()).expect("a view");
    let remember = args["remember"].as_bool().unwrap_or(false);
    let (channel, answers) = collecting();
    let done = tauri::async_runtime::block_on(workdesk_core::reading::records::read_list(
        &state, resource, view, remember, channel,
    ));
    finish(answers, done)
}

/// Reads one record with the `read_record` command (`{"resource",
/// "id"}`), as [`read_list`] reads a list.
#[allow(dead_code)]
pub fn read_record(webview: &WebviewWindow<MockRuntime>, args: Value) -> Result<Read, Value> {
    use tauri::Manager;
    let state = webview.state::<workdesk_core::state::AppState>();
    let resource = serde_json::from_value(args["resource"].clone()).expect("a resource");
    let id = args["id"].as_str().expect("an id").to_owned();
    let (channel, answers) = collecting();
    let done = tauri::async_runtime::block_on(workdesk_core::reading::records::read_record(
        &state, resource, id, channel,
    ));
    finish(answers, done)
}

/// A channel whose messages are kept, as JSON, in the list it returns.
fn collecting<M: serde::Serialize>() -> (
    workdesk_core::channel::Channel<M>,
    std::sync::Arc<std::sync::Mutex<Vec<Value>>>,
) {
    let answers = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = answers.clone();
    let channel = workdesk_core::channel::Channel::new(move |message: M| {
        kept.lock()
            .unwrap()
            .push(serde_json::to_value(message).unwrap());
        Ok(())
    });
    (channel, answers)
}

/// The views of `resource` as the `open_list` command sends them first
/// (`{"current", "left_out", "saved"}`, each view fitted), read without
/// reading the list (`reading::records::list_views`).
#[allow(dead_code)]
pub fn list_views(webview: &WebviewWindow<MockRuntime>, resource: &str) -> Result<Value, Value> {
    use tauri::Manager;
    let state = webview.state::<workdesk_core::state::AppState>();
    let resource = serde_json::from_value(Value::from(resource)).expect("a resource");
    tauri::async_runtime::block_on(workdesk_core::reading::records::list_views(
        &state, resource,
    ))
    .map(|views| serde_json::to_value(views).unwrap())
    .map_err(|error| serde_json::to_value(error).unwrap())
}

/// What [`list_views`] answers for `resource` when nothing is kept: the
/// default view, nothing left out, nothing saved.
#[allow(dead_code)]
pub fn nothing_kept(resource: &str) -> Value {
    let resource = serde_json::from_value(Value::from(resource)).expect("a resource");
    let default_view = workdesk_core::reading::schema::resource_schema(resource).default_view;
    serde_json::json!({"current": default_view, "left_out": false, "saved": []})
}

fn finish<M: serde::Serialize>(
    answers: std::sync::Arc<std::sync::Mutex<Vec<Value>>>,
    done: Result<workdesk_core::reading::records::ReadDone<M>, workdesk_core::ui_error::UiError>,
) -> Result<Read, Value> {
    let mut answers = std::mem::take(&mut *answers.lock().unwrap());
    match done {
        Ok(done) => {
            answers.extend(done.last.map(|last| serde_json::to_value(last).unwrap()));
            Ok(Read {
                answers,
                end: serde_json::to_value(done.end).unwrap(),
            })
        }
        Err(error) => Err(serde_json::to_value(error).unwrap()),
    }
}

/// What a list read shows from this computer alone: `args` read as
/// [`read_list`] reads them while "Work offline" is on (turned on for the
/// read if it is off, and off again after), when a read sends the saved
/// answer only and never asks the service. The saved answer (`{"kind":
/// "saved", "value", "source"}`), `null` when nothing is saved; or the
/// read's error (the saved records' refusal, keyed `filters.<index>`;
/// `saved_data_locked` after the key was refused; `not_configured`).
///
/// # Panics
/// When the read sent anything else, or ended otherwise than without the
/// service's answer because of "Work offline".
#[allow(dead_code)]
pub fn saved_list(webview: &WebviewWindow<MockRuntime>, args: Value) -> Result<Value, Value> {
    while_working_offline(webview, || read_list(webview, args))
}

/// What a record read shows from this computer alone (`{"resource",
/// "id"}`), as [`saved_list`] reads a list.
#[allow(dead_code)]
pub fn saved_record(webview: &WebviewWindow<MockRuntime>, args: Value) -> Result<Value, Value> {
    while_working_offline(webview, || read_record(webview, args))
}

fn while_working_offline(
    webview: &WebviewWindow<MockRuntime>,
    read: impl FnOnce() -> Result<Read, Value>,
) -> Result<Value, Value> {
    use tauri::Manager;
    let state = webview.state::<workdesk_core::state::AppState>();
    let was_on = state.working_offline();
    let switch = |on: bool| {
        invoke(
            webview,
            "set_working_offline",
            serde_json::json!({"on": on}),
        )
        .unwrap_or_else(|err| panic!("work offline {on}: {err}"));
    };
    if !was_on {
        switch(true);
    }
    let read = read();
    if !was_on {
        switch(false);
    }
    let read = read?;
    let ended = match read.answers.as_slice() {
        [] => "nothing_saved",
        [answer] if answer["kind"] == "saved" => "kept_saved",
        _ => panic!("only the saved answer is sent while working offline: {read:?}"),
    };
    assert_eq!(read.end["end"], ended, "{read:?}");
    assert_eq!(read.end["because"], "working_offline", "{read:?}");
    assert_eq!(read.end["error"]["kind"], "offline", "{read:?}");
    Ok(read.saved().cloned().unwrap_or(Value::Null))
}

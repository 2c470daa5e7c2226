//! Several workspaces, through Tauri's IPC on the mock runtime: the upgrade
//! of the single connection of earlier versions, add, switch, rename and
//! remove, each workspace's views, key and saved data kept apart, and an
//! answer for the workspace shown before a switch dropped. A mock keychain,
//! the real settings store and the real sandbox (its workspaces A and B).

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

mod common;

use common::{control, invoke, list_views, nothing_kept, read_list, saved_list};
use serde_json::{json, Value};
use tauri::test::mock_builder;
use tauri::Manager;
use workdesk_lib::Options;

const SERVICE: &str = "dev.workdesk.test";

/// The ids of the records of `page` (a page's value).
fn ids(page: &Value) -> Vec<String> {
    page["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn workspaces_are_added_switched_renamed_and_removed_each_with_its_own_things() {
    let data = std::env::temp_dir().join(format!("workdesk-workspaces-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let app_dir = data.join(SERVICE);
    std::fs::create_dir_all(&app_dir).unwrap();
    std::env::set_var("XDG_DATA_HOME", &data);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());

    let sandbox =
        tauri::async_runtime::block_on(workdesk_sandbox::start(workdesk_sandbox::Config {
            faults: true,
            ..workdesk_sandbox::Config::default()
        }))
        .unwrap();
    let keys = sandbox.keys().clone();

    // What the version before workspaces left: its settings file and its
    // one keychain item (account `default`).
    std::fs::write(
        app_dir.join("settings.json"),
        json!({
            "base_url": format!("{}/", sandbox.base_url()),
            "last_resource/default": "task",
            "views/default/task": {
                "current": {"page": 3, "take": 50},
                "saved": [{"name": "Mías", "view": {"page": 1, "take": 20, "sort": [{"field": "title"}]}}]
            },
            "working_offline": false,
            "language": "es"
        })
        .to_string(),
    )
    .unwrap();
    keyring_core::Entry::new(SERVICE, "default")
        .unwrap()
        .set_password(&keys.workspace_a)
        .unwrap();
    // ...and its saved data: a sealed file under saved/default/, its data
    // key in the keychain beside the API key.
    let old_leads: Vec<workdesk_api::JsonRecord> = (1..=2)
        .map(|n| {
            json!({"id": format!("00000000-0000-4000-8000-00000000000{n}"), "source": format!("Feria {n}"), "status": "new"})
                .as_object()
                .unwrap()
                .clone()
        })
        .collect();
    let leads_first_page = json!({"page": 1, "take": 20});
    {
        let data_key = workdesk_cache::DataKey::generate();
        keyring_core::Entry::new(SERVICE, "default#data-key")
            .unwrap()
            .set_secret(data_key.expose_secret())
            .unwrap();
        let fingerprint = workdesk_cache::fingerprint(sandbox.base_url(), &keys.workspace_a);
        let dir = app_dir.join("saved").join("default");
        std::fs::create_dir_all(&dir).unwrap();
        let (cache, _) = workdesk_cache::Cache::open(
            &workdesk_cache::file_of(&dir, &fingerprint),
            &fingerprint,
            &data_key,
            true,
        )
        .unwrap();
        let view: workdesk_api::ListView =
            serde_json::from_value(leads_first_page.clone()).unwrap();
        let query = view
            .list_query(workdesk_api::ResourceName::Lead)
            .unwrap()
            .to_query_string();
        cache.save_page(
            &workdesk_api::resources::LEAD,
            &query,
            workdesk_cache::PageData {
                count: 2,
                next: None,
                previous: None,
                records: old_leads.clone(),
                digest: None,
            },
            true,
        );
        cache.flush();
    }

    let app = common::start_app(mock_builder(), SERVICE, Options::default());
    let webview = app.get_webview_window("main").unwrap();

    // Upgrade: the connection is the first workspace, nothing lost. Its
    // key was stored without the address it was entered for, so it is not
    // sent anywhere until typed again: the form asks for it, naming the
    // address.
    let status = invoke(&webview, "workspace_status", json!({})).unwrap();
    assert_eq!(status["mode"], "setup", "{status}");
    assert_eq!(status["key"]["needed"], "earlier_version", "{status}");
    assert_eq!(status["base_url"], format!("{}/", sandbox.base_url()));
    assert_eq!(status["workspace"]["id"], "default");
    assert_eq!(status["workspace"]["name"], "127.0.0.1");
    assert_eq!(status["workspaces"].as_array().unwrap().len(), 1);
    assert_eq!(status["last_resource"], "task");
    assert_eq!(status["language"], "es");
    let err = read_list(
        &webview,
        json!({"resource": "task", "remember": false, "view": {"page": 1, "take": 20}}),
    )
    .unwrap_err();
    assert_eq!(err["kind"], "not_configured", "nothing sent: {err}");
    let status = invoke(
        &webview,
        "update_workspace",
        json!({"workspace": "default", "baseUrl": sandbox.base_url(), "apiKey": keys.workspace_a}),
    )
    .unwrap();
    assert_eq!(status["mode"], "service", "{status}");
    let hint_a = format!(
        "service_…{}",
        &keys.workspace_a[keys.workspace_a.len() - 4..]
    );
    assert_eq!(status["key"]["hint"], hint_a);
    let views = list_views(&webview, "task").unwrap();
    assert_eq!(views["current"]["page"], 3);
    assert_eq!(views["saved"][0]["name"], "Mías");
    let settings: Value =
        serde_json::from_str(&std::fs::read_to_string(app_dir.join("settings.json")).unwrap())
            .unwrap();
    assert_eq!(settings.get("base_url"), None, "{settings}");
    assert_eq!(settings["current_workspace"], "default");
    // Its saved data opens as it was.
    let saved = saved_list(
        &webview,
        json!({"resource": "lead", "remember": false, "view": leads_first_page}),
    )
    .unwrap();
    assert_eq!(saved["value"]["results"], json!(old_leads), "{saved}");

    // Workspace A's list, seen once (saved), and a view saved by name.
    let first = json!({"page": 1, "take": 20});
    let page_a = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": first}),
    )
    .unwrap();
    assert_eq!(page_a.end, json!({"end": "fresh"}), "{page_a:?}");
    let page_a = page_a.shown().clone();
    invoke(
        &webview,
        "save_view",
        json!({"resource": "supplier_invoice", "name": "Solo A", "view": first}),
    )
    .unwrap();

    // A second workspace: its own name, the sandbox's workspace B key.
    let err = invoke(
        &webview,
        "add_workspace",
        json!({"name": " 127.0.0.1 ", "baseUrl": sandbox.base_url(), "apiKey": keys.workspace_b}),
    )
    .unwrap_err();
    assert_eq!(
        (
            err["code"].as_str(),
            err["field"].as_str(),
            err["params"]["reason"].as_str()
        ),
        (Some("workspace_name"), Some("name"), Some("taken")),
        "{err}"
    );
    let err = invoke(
        &webview,
        "add_workspace",
        json!({"name": "Empresa B", "baseUrl": sandbox.base_url(), "apiKey": keys.workspace_b,
               "proxy": "http://me:secret@proxy.example.com:3128"}),
    )
    .unwrap_err();
    assert_eq!(
        (
            err["code"].as_str(),
            err["field"].as_str(),
            err["params"]["reason"].as_str()
        ),
        (Some("invalid_proxy"), Some("proxy"), Some("credentials")),
        "{err}"
    );
    // A company proxy is kept with the workspace; loopback never goes
    // through it (nothing listens there, and B still connects).
    let status = invoke(
        &webview,
        "add_workspace",
        json!({"name": "Empresa B", "baseUrl": sandbox.base_url(), "apiKey": keys.workspace_b,
               "proxy": " proxy.invalid:3128 "}),
    )
    .unwrap();
    assert_eq!(status["workspace"]["proxy"], "http://proxy.invalid:3128");
    let b = status["workspace"]["id"].as_str().unwrap().to_owned();
    assert_ne!(b, "default");
    assert_eq!(status["workspace"]["name"], "Empresa B");
    assert_eq!(
        status["workspaces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["name"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["127.0.0.1", "Empresa B"],
        "in the order they were added"
    );
    assert_ne!(status["key"]["hint"], hint_a);
    assert_eq!(status["last_resource"], "supplier_invoice");

    // Nothing of A shows in B: no saved page, no views, other records.
    assert_eq!(
        saved_list(
            &webview,
            json!({"resource": "supplier_invoice", "remember": false, "view": first})
        )
        .unwrap(),
        Value::Null,
        "A's saved page is not B's"
    );
    let views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(views, nothing_kept("supplier_invoice"));
    let views = list_views(&webview, "task").unwrap();
    assert_eq!(views, nothing_kept("task"));
    let page_b = read_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": true, "view": first}),
    )
    .unwrap();
    assert_eq!(page_b.end, json!({"end": "fresh"}), "{page_b:?}");
    assert!(
        page_b.saved().is_none(),
        "nothing of A's shown first: {page_b:?}"
    );
    let page_b = page_b.shown().clone();
    assert!(
        ids(&page_b).iter().all(|id| !ids(&page_a).contains(id)),
        "B's invoices are not A's"
    );

    // An answer for B still on its way when the user switches to A is
    // dropped: it never reaches A's screen.
    control(
        sandbox.addr(),
        "POST",
        "/_sandbox/faults",
        r#"{"mode": "delay-ms=3000", "times": 1}"#,
    );
    let slow = {
        let webview = webview.clone();
        std::thread::spawn(move || {
            read_list(
                &webview,
                json!({"resource": "supplier_invoice", "remember": true, "view": {"page": 2, "take": 20}}),
            )
        })
    };
    // The request has reached the sandbox when the armed fault is used up.
    while !control(sandbox.addr(), "GET", "/_sandbox/faults", "")["data"]["armed"].is_null() {
        std::thread::yield_now();
    }
    let status = invoke(
        &webview,
        "switch_workspace",
        json!({"workspace": "default"}),
    )
    .unwrap();
    assert_eq!(status["workspace"]["id"], "default");
    assert_eq!(status["key"]["hint"], hint_a);
    let late = slow.join().unwrap().unwrap_err();
    assert_eq!(
        (late["kind"].as_str(), late["code"].as_str()),
        (Some("cancelled"), Some("workspace_changed")),
        "{late}"
    );
    // A is as it was: its saved page, its views.
    let saved = saved_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": first}),
    )
    .unwrap();
    assert_eq!(saved["value"]["results"], page_a["results"]);
    let views = list_views(&webview, "supplier_invoice").unwrap();
    assert_eq!(views["saved"][0]["name"], "Solo A");
    assert_eq!(views["current"]["page"], 1);

    // Rename: the name changes, nothing else; a taken name is refused.
    let err = invoke(
        &webview,
        "rename_workspace",
        json!({"workspace": b, "name": "127.0.0.1"}),
    )
    .unwrap_err();
    assert_eq!(err["params"]["reason"], "taken");
    let status = invoke(
        &webview,
        "rename_workspace",
        json!({"workspace": b, "name": "  Empresa Beta "}),
    )
    .unwrap();
    assert_eq!(status["workspaces"][1]["name"], "Empresa Beta");
    assert_eq!(
        status["workspace"]["id"], "default",
        "renaming does not switch"
    );

    // Remove B: its key, data key, saved data and views go; A is untouched.
    let b_dir = app_dir.join("saved").join(&b);
    assert!(b_dir.exists(), "B's saved data was on disk");
    let b_key = keyring_core::Entry::new(SERVICE, &b).unwrap();
    let b_data_key = keyring_core::Entry::new(SERVICE, &format!("{b}#data-key")).unwrap();
    assert!(b_key.get_password().is_ok());
    assert_eq!(b_data_key.get_secret().unwrap().len(), 32);
    let status = invoke(&webview, "remove_workspace", json!({"workspace": b})).unwrap();
    assert_eq!(status["workspaces"].as_array().unwrap().len(), 1);
    assert_eq!(status["workspace"]["id"], "default");
    assert!(!b_dir.exists());
    assert!(
        !app_dir.join("saved").join(format!("{b}.lock")).exists(),
        "its data key's lock file too"
    );
    assert!(matches!(
        b_key.get_password(),
        Err(keyring_core::Error::NoEntry)
    ));
    assert!(matches!(
        b_data_key.get_secret(),
        Err(keyring_core::Error::NoEntry)
    ));
    let settings = std::fs::read_to_string(app_dir.join("settings.json")).unwrap();
    assert!(
        !settings.contains(&b),
        "nothing of B in the settings: {settings}"
    );
    assert!(keyring_core::Entry::new(SERVICE, "default")
        .unwrap()
        .get_password()
        .is_ok());
    assert!(app_dir.join("saved").join("default").exists());
    let saved = saved_list(
        &webview,
        json!({"resource": "supplier_invoice", "remember": false, "view": first}),
    )
    .unwrap();
    assert_eq!(saved["value"]["results"], page_a["results"]);

    // An unknown workspace is refused, not created.
    let err = invoke(&webview, "switch_workspace", json!({"workspace": b})).unwrap_err();
    assert_eq!(err["kind"], "not_found");
    assert!(
        invoke(
            &webview,
            "switch_workspace",
            json!({"workspace": "../../etc"})
        )
        .is_err(),
        "not an id: refused at the boundary"
    );

    let _ = std::fs::remove_dir_all(&data);
}

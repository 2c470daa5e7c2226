//! Pins (`pinned`, `pin`, `unpin`) on a workspace of the sandbox over
//! loopback HTTP, with a mock keychain and a real saved-data file: records
//! and saved views pinned in the user's order, once each, at most
//! `PINS_MAX`; a record titled as the palette titles it, again when its
//! details are read; a view's pin gone with its view; the records' pins
//! cleared with the saved data, the views' kept; everything sealed in the
//! file, and hidden once the service refused the key.

use std::sync::Once;

use serde_json::Value;
use workdesk_api::{ListView, ResourceName, Take};
use workdesk_core::reading::palette::PaletteResult;
use workdesk_core::reading::pins::{pin, pinned, retitle, unpin, Pin, PinTarget, PINS_MAX};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::{ErrorCode, ErrorKind};
use workdesk_keychain::Keychain;

mod common;

/// The app's state on a workspace of a sandbox of its own, shown and
/// opened, its saved data in a file under the folder returned; `test`
/// names its keychain (the mock store is shared by the tests).
async fn workspace(test: &str) -> (AppState, workdesk_sandbox::Running, tempfile::TempDir) {
    static STORE: Once = Once::new();
    STORE.call_once(|| keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap()));
    let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config {
        faults: true,
        ..workdesk_sandbox::Config::default()
    })
    .await
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::new(
        Keychain::with_default_store(&format!("dev.workdesk.pins.{test}")),
        common::settings_in_memory(),
        dir.path().to_owned(),
    );
    workdesk_core::workspace::commands::add_workspace(
        &state,
        "Empresa A".into(),
        sandbox.base_url().to_owned(),
        sandbox.keys().workspace_a.clone(),
        None,
    )
    .await
    .unwrap();
    let workspace = state.workspace().await.unwrap();
    assert!(workspace.replica.cache().path().is_some(), "a real file");
    (state, sandbox, dir)
}

/// The first `count` records of `resource` as its list reads them (ids and
/// `title_field`), saved on the way.
async fn listed(
    state: &AppState,
    resource: ResourceName,
    title_field: &str,
    count: u8,
) -> Vec<(String, String)> {
    let view = ListView {
        take: Take::Count(count),
        fields: Some(vec!["id".to_owned(), title_field.to_owned()]),
        ..ListView::default()
    };
    let (answers, _) = common::messages(|answers| {
        workdesk_core::reading::records::read_list(state, resource, view, false, answers)
    })
    .await
    .unwrap();
    let page = serde_json::to_value(answers.last().unwrap()).unwrap();
    page["value"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| {
            (
                record["id"].as_str().unwrap().to_owned(),
                record[title_field].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

fn record(resource: ResourceName, id: &str) -> PinTarget {
    PinTarget::Record {
        resource,
        id: id.to_owned(),
    }
}

fn view(resource: ResourceName, name: &str) -> PinTarget {
    PinTarget::View {
        resource,
        name: name.to_owned(),
    }
}

fn targets(pins: &[Pin]) -> Vec<PinTarget> {
    pins.iter().map(Pin::target).collect()
}

/// Opens the tasks' list once, as the window does: its ready-made views
/// (Overdue…) join its saved views.
async fn open_tasks(state: &AppState) {
    common::messages(|messages| {
        workdesk_core::reading::records::open_list(
            state,
            ResourceName::Task,
            common::ready_names("en"),
            None,
            messages,
        )
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_and_views_are_pinned_in_order_once_each_and_unpinned() {
    let (state, _sandbox, _dir) = workspace("order").await;
    assert!(pinned(&state).await.unwrap().is_empty());
    let customers = listed(&state, ResourceName::Customer, "name", 2).await;
    let (acme, acme_name) = &customers[0];
    let (other, _) = &customers[1];
    open_tasks(&state).await;

    pin(&state, record(ResourceName::Customer, acme))
        .await
        .unwrap();
    pin(&state, view(ResourceName::Task, "Overdue"))
        .await
        .unwrap();
    let pins = pin(&state, record(ResourceName::Customer, other))
        .await
        .unwrap();
    assert_eq!(
        targets(&pins),
        [
            record(ResourceName::Customer, acme),
            view(ResourceName::Task, "Overdue"),
            record(ResourceName::Customer, other),
        ],
        "in the order pinned"
    );
    // A record's pin is titled as the palette titles a match.
    let Pin::Record { result, .. } = &pins[0] else {
        panic!("{pins:?}")
    };
    assert_eq!(result.title, acme_name.trim());

    // Pinned again (its id in capitals too): one pin, where it was.
    let again = pin(&state, record(ResourceName::Customer, &acme.to_uppercase()))
        .await
        .unwrap();
    assert_eq!(again, pins);
    assert_eq!(pinned(&state).await.unwrap(), pins, "as kept");

    let pins = unpin(&state, record(ResourceName::Customer, acme))
        .await
        .unwrap();
    assert_eq!(
        targets(&pins),
        [
            view(ResourceName::Task, "Overdue"),
            record(ResourceName::Customer, other),
        ]
    );
    // Unpinning what is not pinned changes nothing.
    let same = unpin(&state, record(ResourceName::Customer, acme))
        .await
        .unwrap();
    assert_eq!(same, pins);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_not_there_is_not_pinned() {
    let (state, _sandbox, _dir) = workspace("missing").await;
    open_tasks(&state).await;
    let missing = pin(&state, view(ResourceName::Task, "Nothing so named"))
        .await
        .unwrap_err();
    assert_eq!(
        (missing.kind, missing.code),
        (ErrorKind::NotFound, ErrorCode::ViewNotFound)
    );
    assert_eq!(missing.params["name"], "Nothing so named");
    // A record this computer has no copy of.
    let unknown = pin(
        &state,
        record(
            ResourceName::Customer,
            "99999999-9999-4999-8999-999999999999",
        ),
    )
    .await
    .unwrap_err();
    assert_eq!(
        (unknown.kind, unknown.code),
        (ErrorKind::NotFound, ErrorCode::RecordNotFound)
    );
    assert!(pinned(&state).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_most_thirty_are_pinned() {
    let (state, _sandbox, _dir) = workspace("most").await;
    let count = u8::try_from(PINS_MAX + 1).unwrap();
    let invoices = listed(&state, ResourceName::SupplierInvoice, "name", count).await;
    assert_eq!(invoices.len(), PINS_MAX + 1);
    for (id, _) in &invoices[..PINS_MAX] {
        pin(&state, record(ResourceName::SupplierInvoice, id))
            .await
            .unwrap();
    }
    let last = &invoices[PINS_MAX].0;
    let full = pin(&state, record(ResourceName::SupplierInvoice, last))
        .await
        .unwrap_err();
    assert_eq!(
        (full.kind, full.code),
        (ErrorKind::InvalidInput, ErrorCode::TooManyPins)
    );
    assert_eq!(full.params["max"], PINS_MAX.to_string());
    let pins = pinned(&state).await.unwrap();
    assert_eq!(pins.len(), PINS_MAX);
    // One pinned already is pinned again without a complaint; after an
    // unpin there is room again.
    pin(
        &state,
        record(ResourceName::SupplierInvoice, &invoices[0].0),
    )
    .await
    .unwrap();
    unpin(
        &state,
        record(ResourceName::SupplierInvoice, &invoices[0].0),
    )
    .await
    .unwrap();
    let pins = pin(&state, record(ResourceName::SupplierInvoice, last))
        .await
        .unwrap();
    assert_eq!(pins.len(), PINS_MAX);
    assert_eq!(
        pins.last().unwrap().target(),
        record(ResourceName::SupplierInvoice, last)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pinned_record_is_titled_again_and_a_deleted_view_is_unpinned() {
    let (state, _sandbox, _dir) = workspace("retitle").await;
    let customers = listed(&state, ResourceName::Customer, "name", 1).await;
    let (id, name) = &customers[0];
    open_tasks(&state).await;
    pin(&state, record(ResourceName::Customer, id))
        .await
        .unwrap();
    pin(&state, view(ResourceName::Task, "Overdue"))
        .await
        .unwrap();

    // Its details read with another name (renamed meanwhile): its pin says so.
    let workspace = state.workspace().await.unwrap();
    let renamed = PaletteResult {
        id: id.clone(),
        title: "Renamed meanwhile".to_owned(),
        detail: Vec::new(),
    };
    retitle(&workspace.replica, ResourceName::Customer, renamed.clone()).await;
    // Its details read as they are: titled as the palette titles it again.
    common::messages(|answers| {
        workdesk_core::reading::records::read_record(
            &state,
            ResourceName::Customer,
            id.clone(),
            answers,
        )
    })
    .await
    .unwrap();
    let pins = pinned(&state).await.unwrap();
    let Pin::Record { result, .. } = &pins[0] else {
        panic!("{pins:?}")
    };
    assert_eq!(result.title, name.trim(), "titled from its details again");
    retitle(&workspace.replica, ResourceName::Customer, renamed.clone()).await;
    let pins = pinned(&state).await.unwrap();
    assert_eq!(
        pins[0],
        Pin::Record {
            resource: ResourceName::Customer,
            result: renamed
        }
    );

    // The view deleted: its pin is no longer listed.
    workdesk_core::reading::records::delete_view(&state, ResourceName::Task, "Overdue".to_owned())
        .await
        .unwrap();
    let pins = pinned(&state).await.unwrap();
    assert_eq!(targets(&pins), [record(ResourceName::Customer, id)]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pins_are_sealed_and_the_records_pins_go_with_the_saved_data() {
    let (state, _sandbox, _dir) = workspace("sealed").await;
    let customers = listed(&state, ResourceName::Customer, "name", 1).await;
    let (id, name) = &customers[0];
    open_tasks(&state).await;
    pin(&state, record(ResourceName::Customer, id))
        .await
        .unwrap();
    pin(&state, view(ResourceName::Task, "Overdue"))
        .await
        .unwrap();

    let workspace = state.workspace().await.unwrap();
    let cache = workspace.replica.cache();
    let kept = cache.pins().unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[0]["result"]["title"], Value::from(name.trim()));
    cache.flush();
    let file = std::fs::read(cache.path().unwrap()).unwrap();
    let plain = |text: &str| file.windows(text.len()).any(|w| w == text.as_bytes());
    assert!(!plain(name.trim()), "the record's name is sealed");
    assert!(!plain(id), "its id is sealed");
    assert!(!plain("Overdue"), "the view's name is sealed");

    workdesk_core::offline::commands::clear_saved_data(&state)
        .await
        .unwrap();
    let pins = pinned(&state).await.unwrap();
    assert_eq!(targets(&pins), [view(ResourceName::Task, "Overdue")]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn once_the_service_refused_the_key_nothing_pinned_is_shown_or_changed() {
    let (state, sandbox, _dir) = workspace("refused").await;
    let customers = listed(&state, ResourceName::Customer, "name", 2).await;
    pin(&state, record(ResourceName::Customer, &customers[0].0))
        .await
        .unwrap();
    // The key revoked since: the next read is refused (401).
    common::arm(sandbox.base_url(), "401", 1);
    let view = ListView {
        take: Take::Count(1),
        ..ListView::default()
    };
    let refused = common::messages(|answers| {
        workdesk_core::reading::records::read_list(
            &state,
            ResourceName::Customer,
            view,
            false,
            answers,
        )
    })
    .await;
    assert!(
        matches!(&refused, Err(error) if error.kind == ErrorKind::Unauthorized),
        "{refused:?}"
    );
    assert!(pinned(&state).await.unwrap().is_empty(), "hidden");
    let locked = pin(&state, record(ResourceName::Customer, &customers[1].0))
        .await
        .unwrap_err();
    assert_eq!(
        (locked.kind, locked.code),
        (ErrorKind::Unauthorized, ErrorCode::SavedDataLocked)
    );
    let locked = unpin(&state, record(ResourceName::Customer, &customers[0].0))
        .await
        .unwrap_err();
    assert_eq!(locked.code, ErrorCode::SavedDataLocked);
    // Kept as they were, sealed, for a key the service accepts.
    let workspace = state.workspace().await.unwrap();
    assert_eq!(workspace.replica.cache().pins().unwrap().len(), 1);
}

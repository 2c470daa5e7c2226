//! The read commands' work without a window (`AppState::read_list`,
//! `read_record`, `check_view`, `check_task`), on the demo workspace (the
//! sandbox in-process, over loopback HTTP) with settings in memory: what
//! the UI receives over its channel and how each read ends.

use serde_json::{json, Value};
use workdesk_api::{ListView, ResourceName, Take};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::{ErrorCode, ErrorKind};
use workdesk_sync::{Answer, ReadEnd, StaleReason};

mod common;
use common::demo;

fn view(take: u8) -> ListView {
    ListView {
        take: Take::Count(take),
        fields: Some(vec!["id".into(), "name".into(), "total".into()]),
        ..ListView::default()
    }
}

/// Reads supplier invoices: the answers as the UI gets them, and the end.
async fn read(
    state: &AppState,
    view: ListView,
    remember: bool,
) -> (
    Vec<Value>,
    Result<ReadEnd<workdesk_core::ui_error::UiError>, Value>,
) {
    match common::messages(|answers| {
        workdesk_core::reading::records::read_list(
            state,
            ResourceName::SupplierInvoice,
            view,
            remember,
            answers,
        )
    })
    .await
    {
        Ok((answers, end)) => (
            answers
                .into_iter()
                .map(|answer| serde_json::to_value(answer).unwrap())
                .collect(),
            Ok(end),
        ),
        Err(error) => (Vec::new(), Err(serde_json::to_value(error).unwrap())),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_is_one_read_its_view_remembered_and_working_offline_ends_it_with_the_saved_page() {
    let (state, _dir) = demo().await;
    let (answers, end) = read(&state, view(20), true).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    let last = answers.last().unwrap();
    assert_eq!(last["kind"], "fresh");
    assert_eq!(last["value"]["results"].as_array().unwrap().len(), 20);
    assert_eq!(
        last["value"]["results"][0].as_object().unwrap().len(),
        3,
        "the view's fields only"
    );
    // The view read is the one remembered (a lookup's is not).
    let views = workdesk_core::reading::records::list_views(&state, ResourceName::SupplierInvoice)
        .await
        .unwrap();
    assert_eq!(views.current, view(20));
    read(&state, view(5), false).await.1.unwrap();
    let views = workdesk_core::reading::records::list_views(&state, ResourceName::SupplierInvoice)
        .await
        .unwrap();
    assert_eq!(views.current, view(20));

    // Working offline: one read, nothing sent, the saved page kept.
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    let (answers, end) = read(&state, view(20), true).await;
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!(answers[0]["kind"], "saved");
    assert_eq!(answers[0]["source"]["kind"], "saved_page");
    let Ok(ReadEnd::KeptSaved {
        because: StaleReason::WorkingOffline,
        error,
    }) = end
    else {
        panic!("{end:?}")
    };
    assert_eq!(
        (error.kind, error.code),
        (ErrorKind::Offline, ErrorCode::WorkingOffline)
    );
    // A list never read: nothing saved, and said so.
    let (answers, end) = common::messages(|answers| {
        workdesk_core::reading::records::read_list(
            &state,
            ResourceName::Task,
            ListView::default(),
            true,
            answers,
        )
    })
    .await
    .unwrap();
    assert!(answers.is_empty());
    assert!(
        matches!(
            end,
            ReadEnd::NothingSaved {
                because: StaleReason::WorkingOffline,
                ..
            }
        ),
        "{end:?}"
    );
    workdesk_core::offline::commands::set_working_offline(&state, false)
        .await
        .unwrap();

    // A view that does not check: the error, keyed, and nothing remembered.
    let mut bad = view(20);
    bad.filters = vec![workdesk_api::FilterSpec {
        or: false,
        not: false,
        field: "total".into(),
        operator: workdesk_api::Operator::Gte,
        values: vec!["lots".into()],
    }];
    let (answers, end) = read(&state, bad, true).await;
    assert!(answers.is_empty());
    let error = end.unwrap_err();
    assert_eq!(error["kind"], "invalid_input");
    assert!(error["field_errors"]["filters.0"].is_array(), "{error}");
    let views = workdesk_core::reading::records::list_views(&state, ResourceName::SupplierInvoice)
        .await
        .unwrap();
    assert_eq!(views.current, view(20));
}

/// `what`, or a failure after 30 s (what hangs fails the test).
async fn within<T>(what: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(std::time::Duration::from_secs(30), what)
        .await
        .expect("waited 30 s")
}

/// `settings.json` in memory whose writes wait for the test's word once it
/// holds them (`held`), or fail (`failing`).
#[derive(Default)]
struct HeldFile {
    values: std::sync::Mutex<std::collections::HashMap<String, Value>>,
    held: std::sync::Mutex<Option<std::sync::mpsc::Receiver<()>>>,
    failing: std::sync::atomic::AtomicBool,
}

impl workdesk_core::settings::store::KeyValueStore for HeldFile {
    fn get(&self, key: &str) -> Option<Value> {
        self.values.lock().unwrap().get(key).cloned()
    }
    fn set(&self, key: &str, value: Value) {
        self.values.lock().unwrap().insert(key.to_owned(), value);
    }
    fn delete(&self, key: &str) {
        self.values.lock().unwrap().remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.values.lock().unwrap().keys().cloned().collect()
    }
    fn save(&self) -> Result<(), String> {
        if let Some(word) = self.held.lock().unwrap().as_ref() {
            word.recv().map_err(|e| e.to_string())?;
        }
        if self.failing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err("disk full".into());
        }
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_replies_before_its_view_is_written_and_the_views_wait_for_it() {
    let file = std::sync::Arc::new(HeldFile::default());
    let (state, _dir) =
        common::plain_over(workdesk_core::settings::store::Settings::over(file.clone()));
    workdesk_core::workspace::commands::start_demo(&state)
        .await
        .unwrap();
    let views =
        || workdesk_core::reading::records::list_views(&state, ResourceName::SupplierInvoice);

    // The file's writes held: the page still answers.
    let (word, heard) = std::sync::mpsc::channel();
    *file.held.lock().unwrap() = Some(heard);
    let (answers, end) = within(read(&state, view(20), true)).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    assert_eq!(
        answers.last().unwrap()["value"]["results"]
            .as_array()
            .unwrap()
            .len(),
        20
    );
    // What reads the kept views waits for the write, then has it.
    let kept = views();
    tokio::pin!(kept);
    tokio::select! {
        biased;
        _ = &mut kept => panic!("the views were read before the page's view was written"),
        () = std::future::ready(()) => {}
    }
    word.send(()).unwrap();
    assert_eq!(within(kept).await.unwrap().current, view(20));
    *file.held.lock().unwrap() = None;

    // Many pages at once: the last asked for is kept, whichever write ends last.
    let page = |page| ListView { page, ..view(20) };
    let reads: Vec<_> = (1..=5).map(|n| read(&state, page(n), true)).collect();
    for (_, end) in futures_util::future::join_all(reads).await {
        end.unwrap();
    }
    assert_eq!(views().await.unwrap().current, page(5));

    // A file that cannot be written: the page still answers, and its view
    // is kept for this session (the next change of the settings writes it).
    file.failing
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let (_, end) = read(&state, view(50), true).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    assert_eq!(views().await.unwrap().current, view(50));
}

/// Opens supplier invoices' list: the messages as the UI gets them, and the end.
async fn open(state: &AppState) -> (Vec<Value>, ReadEnd<workdesk_core::ui_error::UiError>) {
    let (messages, end) = common::messages(|messages| {
        workdesk_core::reading::records::open_list(
            state,
            ResourceName::SupplierInvoice,
            common::ready_names("en"),
            None,
            messages,
        )
    })
    .await
    .unwrap();
    let messages: Vec<Value> = messages
        .into_iter()
        .map(|message| serde_json::to_value(message).unwrap())
        .collect();
    // The views come first, and an answer always follows them.
    assert!(messages[0].get("opened").is_some(), "{messages:?}");
    assert!(messages.len() > 1, "{messages:?}");
    (messages, end)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_opens_with_one_read_of_its_fitted_views() {
    let (state, _dir) = demo().await;
    // Nothing kept: the default view, sent first, then read.
    let (messages, end) = open(&state).await;
    assert!(matches!(end, ReadEnd::Fresh), "{end:?}");
    let opened = &messages[0]["opened"];
    assert_eq!(opened["left_out"], false);
    assert_eq!(opened["current"]["take"], 20);
    let fields = opened["current"]["fields"].as_array().unwrap().clone();
    assert_eq!(fields.last().unwrap(), "id");
    let last = messages.last().unwrap();
    assert_eq!(last["kind"], "fresh");
    let row = last["value"]["results"][0].as_object().unwrap();
    assert_eq!(row.len(), fields.len(), "the opened view's fields: {row:?}");

    // The view read last is the one the list opens on next time, without
    // the words searched for (settings.json is not sealed).
    let searched = ListView {
        search: "FP-2026".into(),
        ..view(50)
    };
    read(&state, searched, true).await.1.unwrap();
    let (messages, _) = open(&state).await;
    assert_eq!(
        serde_json::from_value::<ListView>(messages[0]["opened"]["current"].clone()).unwrap(),
        view(50)
    );
    let last = messages.last().unwrap();
    assert_eq!(last["kind"], "fresh");
    assert_eq!(last["value"]["results"].as_array().unwrap().len(), 50);

    // A view kept by an older version, with a column and a sort key this
    // one does not have: fitted, said, read, and remembered fitted. (As if
    // the file held it at start: the writes of the reads above end first.)
    let mut old = view(100);
    old.fields.as_mut().unwrap().push("retired_column".into());
    old.sort = vec![workdesk_api::SortSpec {
        field: "retired_column".into(),
        descending: false,
    }];
    state.reading.view_writes.settled().await;
    state
        .settings
        .set_current_view(
            &workdesk_core::workspace::id::WorkspaceId::demo(),
            ResourceName::SupplierInvoice,
            &old,
        )
        .unwrap();
    let (messages, end) = open(&state).await;
    assert!(matches!(end, ReadEnd::Fresh), "{end:?}");
    assert_eq!(messages[0]["opened"]["left_out"], true);
    assert_eq!(
        serde_json::from_value::<ListView>(messages[0]["opened"]["current"].clone()).unwrap(),
        view(100)
    );
    let views = workdesk_core::reading::records::list_views(&state, ResourceName::SupplierInvoice)
        .await
        .unwrap();
    assert_eq!((views.current, views.left_out), (view(100), false));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_and_a_customer_are_read_the_same_way() {
    let (state, _dir) = demo().await;
    let (answers, _) = read(&state, view(1), false).await;
    let id = answers.last().unwrap()["value"]["results"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (answers, end) = common::messages(|answers| {
        workdesk_core::reading::records::read_record(
            &state,
            ResourceName::SupplierInvoice,
            id.clone(),
            answers,
        )
    })
    .await
    .unwrap();
    assert!(matches!(end, ReadEnd::Fresh), "{end:?}");
    let Some(Answer::Fresh { value, .. }) = answers.last() else {
        panic!("{answers:?}")
    };
    assert_eq!(value["id"], json!(id));
    assert!(value.contains_key("supplier"), "every field: {value:?}");
    // Not an id: refused, nothing sent, with the field it concerns.
    let error = workdesk_core::reading::records::read_record(
        &state,
        ResourceName::Customer,
        "not an id".into(),
        workdesk_core::channel::Channel::new(|_| Ok(())),
    )
    .await
    .unwrap_err();
    assert_eq!(
        (error.kind, error.code, error.field.as_deref()),
        (ErrorKind::InvalidInput, ErrorCode::InvalidId, Some("id"))
    );
    // An id no customer has: gone, in the resource's words.
    let error = workdesk_core::reading::records::read_record(
        &state,
        ResourceName::Customer,
        "00000000-0000-4000-8000-000000000000".into(),
        workdesk_core::channel::Channel::new(|_| Ok(())),
    )
    .await
    .unwrap_err();
    assert_eq!(
        (error.kind, error.code),
        (ErrorKind::NotFound, ErrorCode::RecordNotFound)
    );
    assert_eq!(error.params["resource"], "customer");
}

//! The one read path (`Replica::read_page`, `Replica::read_record`)
//! against the sandbox over loopback HTTP, with its faults, and a real
//! SQLite file: what a list, a record's details and the customer card
//! show, and why.

mod common;

use workdesk_api::{
    ClientConfig, FilterSpec, JsonRecord, ListView, Operator, Page, ResourceName, RetryPolicy, Take,
};
use workdesk_sandbox::{Config, Running};
use workdesk_sync::{
    Answer, Error, Finality, OfflineSwitch, ReadEnd, Replica, Source, StaleReason,
};

struct Setup {
    sandbox: Running,
    replica: Replica,
    offline: OfflineSwitch,
    _dir: tempfile::TempDir,
}

/// A replica of workspace A on a sandbox with faults on, its client
/// without retries (one armed fault is one failed read).
async fn setup() -> Setup {
    let sandbox = workdesk_sandbox::start(Config {
        faults: true,
        ..Config::default()
    })
    .await
    .unwrap();
    let config = ClientConfig {
        retry: RetryPolicy::none(),
        ..ClientConfig::default()
    };
    let client = common::client_of(&sandbox, &sandbox.keys().workspace_a, config);
    let (replica, offline, dir) = common::replica_of(client);
    Setup {
        replica,
        offline,
        sandbox,
        _dir: dir,
    }
}

/// The next request to `sandbox` gets `mode` (`502`, `html`, `429=60`…).
async fn arm(sandbox: &Running, mode: &str) {
    common::arm(sandbox, mode, 1).await;
}

fn view() -> ListView {
    ListView {
        take: Take::Count(20),
        fields: Some(vec!["id".into(), "name".into(), "total".into()]),
        ..ListView::default()
    }
}

type PageAnswer = Answer<Page<JsonRecord>>;

/// Reads `view` of supplier invoices: the answers sent, in order, and the
/// end. Checks what each answer says of those after it ([`Finality`]): the
/// service's answer is final, as is the saved one while working offline,
/// and nothing follows a final answer.
async fn read(
    replica: &Replica,
    view: &ListView,
) -> (Vec<PageAnswer>, Result<ReadEnd<Error>, Error>) {
    let mut sent = Vec::new();
    let end = replica
        .read_page(ResourceName::SupplierInvoice, view, |answer, finality| {
            sent.push((answer, finality))
        })
        .await;
    for (i, (answer, finality)) in sent.iter().enumerate() {
        if *finality == Finality::Final {
            assert_eq!(i + 1, sent.len(), "nothing follows the last: {sent:?}");
        }
        let ends = match (answer, &end) {
            (Answer::Fresh { .. }, _) => true,
            (
                Answer::Saved { .. },
                Ok(ReadEnd::KeptSaved {
                    because: StaleReason::WorkingOffline,
                    ..
                }),
            ) => true,
            _ => continue,
        };
        assert_eq!(*finality == Finality::Final, ends, "{sent:?}");
    }
    (sent.into_iter().map(|(answer, _)| answer).collect(), end)
}

fn ids(page: &Page<JsonRecord>) -> Vec<String> {
    page.results
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

/// A read whose page is saved: the answers end with the service's, and a
/// saved one sent before it is the same page, which it then says is
/// unchanged.
#[tokio::test]
async fn a_list_reads_saved_then_fresh_and_the_fresh_says_whether_the_saved_one_changed() {
    let setup = setup().await;
    let (answers, end) = read(&setup.replica, &view()).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    let [Answer::Fresh {
        value: first,
        changed: None,
    }] = answers.as_slice()
    else {
        panic!("nothing saved yet: only the service's answer, {answers:?}");
    };
    setup.replica.cache().flush();

    let (answers, end) = read(&setup.replica, &view()).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    let Some(Answer::Fresh { value, changed }) = answers.last() else {
        panic!("the service's answer comes last: {answers:?}");
    };
    assert_eq!(ids(value), ids(first));
    match answers.as_slice() {
        // The service answered before the saved page was read: it alone.
        [_] => assert_eq!(*changed, None),
        [Answer::Saved {
            value: saved,
            source,
        }, _] => {
            assert!(
                matches!(source, Source::SavedPage { stale: false, .. }),
                "{source:?}"
            );
            assert_eq!(ids(saved), ids(first));
            assert_eq!(saved.results[0]["total"], first.results[0]["total"]);
            assert_eq!(*changed, Some(false), "the same page as saved");
        }
        other => panic!("at most one saved answer, then the service's: {other:?}"),
    }
}

/// A gateway's 502, a proxy's HTML page and a closed port are one state:
/// the service cannot be reached, the saved page stays.
#[tokio::test]
async fn a_502_an_html_page_and_no_server_all_keep_the_saved_page_because_offline() {
    let setup = setup().await;
    let (first, _) = read(&setup.replica, &view()).await;
    let [Answer::Fresh { value: first, .. }] = first.as_slice() else {
        panic!("{first:?}")
    };
    setup.replica.cache().flush();
    for mode in ["502", "html", "503"] {
        arm(&setup.sandbox, mode).await;
        let (answers, end) = read(&setup.replica, &view()).await;
        let Ok(ReadEnd::KeptSaved {
            because: StaleReason::Offline,
            error: Error::Api(_),
        }) = end
        else {
            panic!("{mode}: {end:?}");
        };
        let [Answer::Saved { value, .. }] = answers.as_slice() else {
            panic!("{mode}: the saved page, sent whatever the timing: {answers:?}");
        };
        assert_eq!(ids(value), ids(first), "{mode}");
    }
    // Never saved: the same verdict, and nothing to show.
    let mut other = view();
    other.page = 2;
    arm(&setup.sandbox, "html").await;
    let (answers, end) = read(&setup.replica, &other).await;
    assert!(answers.is_empty(), "{answers:?}");
    assert!(
        matches!(
            end,
            Ok(ReadEnd::NothingSaved {
                because: StaleReason::Offline,
                ..
            })
        ),
        "{end:?}"
    );
    // The server gone: the same.
    let Setup {
        sandbox, replica, ..
    } = setup;
    sandbox.shutdown().await;
    let (answers, end) = read(&replica, &view()).await;
    assert!(
        matches!(answers.as_slice(), [Answer::Saved { .. }]),
        "{answers:?}"
    );
    assert!(
        matches!(
            end,
            Ok(ReadEnd::KeptSaved {
                because: StaleReason::Offline,
                ..
            })
        ),
        "{end:?}"
    );
}

#[tokio::test]
async fn the_services_own_error_and_a_spent_budget_keep_the_saved_page_and_say_so() {
    let setup = setup().await;
    let (_, end) = read(&setup.replica, &view()).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    setup.replica.cache().flush();
    for (mode, reason) in [
        ("500", StaleReason::ServiceError),
        ("429=60", StaleReason::RateLimited),
    ] {
        arm(&setup.sandbox, mode).await;
        let (answers, end) = read(&setup.replica, &view()).await;
        assert!(
            matches!(answers.as_slice(), [Answer::Saved { .. }]),
            "{mode}: {answers:?}"
        );
        let Ok(ReadEnd::KeptSaved { because, .. }) = end else {
            panic!("{mode}: {end:?}");
        };
        assert_eq!(because, reason, "{mode}");
    }
}

#[tokio::test]
async fn working_offline_sends_nothing_and_answers_from_the_saved_records_only() {
    let setup = setup().await;
    let (_, end) = read(&setup.replica, &view()).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    setup.replica.cache().flush();
    setup.offline.set(true);
    let before = setup.replica.client().rate_limit().remaining;
    let (answers, end) = read(&setup.replica, &view()).await;
    assert!(
        matches!(answers.as_slice(), [Answer::Saved { .. }]),
        "{answers:?}"
    );
    assert!(
        matches!(
            end,
            Ok(ReadEnd::KeptSaved {
                because: StaleReason::WorkingOffline,
                error: Error::WorkingOffline,
            })
        ),
        "{end:?}"
    );
    // A view never seen, over the 20 saved records.
    let mut named = view();
    named.filters = vec![FilterSpec {
        or: false,
        not: false,
        field: "total".into(),
        operator: Operator::Gte,
        values: vec!["0".into()],
    }];
    let (answers, _) = read(&setup.replica, &named).await;
    let [Answer::Saved {
        source: Source::SavedRecords { saved: 20, .. },
        ..
    }] = answers.as_slice()
    else {
        panic!("{answers:?}")
    };
    // A search: the saved records answer it in the invoices' own fields,
    // and say the supplier's name is searched when connected.
    let mut searched = view();
    searched.search = "fp".into();
    let (answers, _) = read(&setup.replica, &searched).await;
    let [Answer::Saved {
        source: Source::SavedRecords {
            searched_when_connected,
            ..
        },
        value,
    }] = answers.as_slice()
    else {
        panic!("{answers:?}")
    };
    assert_eq!(searched_when_connected, &["supplier__name"]);
    assert_eq!(value.count, 20, "every saved invoice's name holds FP");
    // What the saved records cannot answer is the refusal, keyed by condition.
    named.filters[0].field = "supplier__name".into();
    named.filters[0].operator = Operator::Icontains;
    let (answers, end) = read(&setup.replica, &named).await;
    assert!(answers.is_empty());
    let Err(Error::Refused(problems)) = end else {
        panic!("{end:?}")
    };
    assert!(problems.get("filters.0").is_some(), "{problems}");
    // Another resource, never read: nothing saved.
    let mut nothing = Vec::new();
    let end = setup
        .replica
        .read_page(ResourceName::Task, &ListView::default(), |a, _| {
            nothing.push(a)
        })
        .await;
    assert!(nothing.is_empty());
    assert!(
        matches!(
            end,
            Ok(ReadEnd::NothingSaved {
                because: StaleReason::WorkingOffline,
                ..
            })
        ),
        "{end:?}"
    );
    assert_eq!(
        setup.replica.client().rate_limit().remaining,
        before,
        "no request was made"
    );
}

#[tokio::test]
async fn an_answer_about_the_request_is_the_error_itself() {
    let setup = setup().await;
    let (_, end) = read(&setup.replica, &view()).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    setup.replica.cache().flush();
    // A view that does not check: nothing sent, nothing shown.
    let mut bad = view();
    bad.take = Take::Count(0);
    let (answers, end) = read(&setup.replica, &bad).await;
    assert!(answers.is_empty());
    let Err(Error::Api(workdesk_api::Error::InvalidQuery(problems))) = end else {
        panic!("{end:?}")
    };
    assert!(problems.get("take").is_some());
    // A page past the last.
    let mut far = view();
    far.page = 10_000;
    let (_, end) = read(&setup.replica, &far).await;
    assert!(
        matches!(
            end,
            Err(Error::Api(workdesk_api::Error::NotFound { .. }) | Error::PastLastPage { .. })
        ),
        "{end:?}"
    );
    // 403 and 401: errors, whatever is saved.
    arm(&setup.sandbox, "403").await;
    let (_, end) = read(&setup.replica, &view()).await;
    assert!(
        matches!(end, Err(Error::Api(workdesk_api::Error::Forbidden { .. }))),
        "{end:?}"
    );
    arm(&setup.sandbox, "401").await;
    let (_, end) = read(&setup.replica, &view()).await;
    assert!(
        matches!(
            end,
            Err(Error::Api(workdesk_api::Error::Unauthorized { .. }))
        ),
        "{end:?}"
    );
    // From then on the saved records are hidden: unreachable, nothing shows.
    arm(&setup.sandbox, "502").await;
    let (answers, end) = read(&setup.replica, &view()).await;
    assert!(answers.is_empty(), "{answers:?}");
    assert!(matches!(end, Err(Error::KeyRefused)), "{end:?}");
}

#[tokio::test]
async fn a_record_reads_the_same_way_and_one_gone_from_the_service_is_forgotten() {
    let setup = setup().await;
    let (replica, sandbox) = (&setup.replica, &setup.sandbox);
    let id = sandbox.ids().customer.to_string();
    let record = |replica: &Replica, id: String| {
        let replica = replica.clone();
        async move {
            let mut answers = Vec::new();
            let end = replica
                .read_record(ResourceName::Customer, &id, |a, _| answers.push(a))
                .await;
            (answers, end)
        }
    };
    let (answers, end) = record(replica, id.clone()).await;
    assert!(matches!(end, Ok(ReadEnd::Fresh)), "{end:?}");
    let [Answer::Fresh {
        value,
        changed: None,
    }] = answers.as_slice()
    else {
        panic!("{answers:?}")
    };
    assert_eq!(value["id"], id.as_str());
    assert!(value.contains_key("credit_limit"), "every field: {value:?}");
    replica.cache().flush();

    arm(sandbox, "html").await;
    let (answers, end) = record(replica, id.clone()).await;
    let [Answer::Saved { value: saved, .. }] = answers.as_slice() else {
        panic!("{answers:?}")
    };
    assert_eq!(saved["id"], id.as_str());
    assert!(
        matches!(
            end,
            Ok(ReadEnd::KeptSaved {
                because: StaleReason::Offline,
                ..
            })
        ),
        "{end:?}"
    );

    // Not an id: refused before anything is sent.
    let (_, end) = record(replica, "not an id".into()).await;
    assert!(
        matches!(end, Err(Error::Api(workdesk_api::Error::InvalidId(_)))),
        "{end:?}"
    );

    // Gone on the service: the error, and the saved copy is dropped.
    let stakeholder = sandbox.ids().stakeholder.to_string();
    let mut answers = Vec::new();
    replica
        .read_record(ResourceName::Stakeholder, &stakeholder, |a, _| {
            answers.push(a)
        })
        .await
        .unwrap();
    replica
        .client()
        .delete_stakeholder(&stakeholder)
        .await
        .unwrap();
    replica.cache().flush();
    let end = replica
        .read_record(ResourceName::Stakeholder, &stakeholder, |_, _| {})
        .await;
    assert!(
        matches!(end, Err(Error::Api(workdesk_api::Error::NotFound { .. }))),
        "{end:?}"
    );
    replica.cache().flush();
    assert_eq!(
        replica
            .saved_record(ResourceName::Stakeholder, &stakeholder)
            .unwrap(),
        None
    );
}

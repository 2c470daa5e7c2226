//! The saved-then-fresh flow against the sandbox over loopback HTTP and a
//! real SQLite file.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use workdesk_api::{
    ClientConfig, FilterSpec, JsonRecord, LeadPatch, ListView, Operator, Patch, ResourceName,
    SortSpec, Take,
};
use workdesk_sandbox::{Config, RateLimit, Running};
use workdesk_sync::{CancellationToken, Error, OfflineSwitch, Phase, Progress, Replica, Source};

struct Setup {
    sandbox: Running,
    replica: Replica,
    /// "Work offline" of `replica`.
    offline: OfflineSwitch,
    _dir: tempfile::TempDir,
}

async fn setup_with(config: Config, key: impl Fn(&Running) -> String) -> Setup {
    let sandbox = workdesk_sandbox::start(config).await.unwrap();
    let client = common::client_of(&sandbox, &key(&sandbox), ClientConfig::default());
    let (replica, offline, dir) = common::replica_of(client);
    Setup {
        replica,
        offline,
        sandbox,
        _dir: dir,
    }
}

async fn setup() -> Setup {
    setup_with(Config::default(), |s| s.keys().workspace_a.clone()).await
}

/// Takes `resource` offline, keeping every progress report.
async fn with_reports(
    replica: &Replica,
    resource: ResourceName,
    cancel: &CancellationToken,
) -> (workdesk_sync::OfflineList, Vec<Progress>) {
    let reports = Arc::new(Mutex::new(Vec::<Progress>::new()));
    let seen = reports.clone();
    let list = replica
        .make_available_offline(
            resource,
            move |p| seen.lock().unwrap().push(p.clone()),
            cancel,
        )
        .await
        .unwrap();
    let reports = reports.lock().unwrap().clone();
    (list, reports)
}

fn ids(records: &[JsonRecord]) -> Vec<String> {
    records
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

fn view(page: u32, take: u8) -> ListView {
    ListView {
        page,
        take: Take::Count(take),
        fields: Some(vec![
            "id".into(),
            "name".into(),
            "total".into(),
            "operation_status".into(),
        ]),
        sort: vec![SortSpec {
            field: "total".into(),
            descending: true,
        }],
        filters: vec![],
        widths: None,
        search: String::new(),
    }
}

/// `view` of `resource`, checked.
fn checked(resource: ResourceName, view: &ListView) -> workdesk_api::CheckedView {
    view.check(resource).unwrap()
}

fn filter(field: &str, operator: Operator, value: &str) -> FilterSpec {
    FilterSpec {
        or: false,
        not: false,
        field: field.into(),
        operator,
        values: vec![value.into()],
    }
}

#[tokio::test]
async fn a_page_seen_once_opens_saved_then_fresh_says_whether_it_changed() {
    let setup = setup().await;
    let replica = &setup.replica;
    let invoices = ResourceName::SupplierInvoice;
    assert!(replica
        .saved_page(&checked(invoices, &view(2, 20)))
        .unwrap()
        .is_none());

    let fresh = replica
        .fetch_page(&checked(invoices, &view(2, 20)))
        .await
        .unwrap();
    assert_eq!(fresh.changed, None, "nothing was saved before");
    replica.cache().flush();
    let saved = replica
        .saved_page(&checked(invoices, &view(2, 20)))
        .unwrap()
        .unwrap();
    assert!(matches!(
        saved.source,
        Source::SavedPage { stale: false, .. }
    ));
    assert_eq!(saved.value.count, fresh.value.count);
    assert_eq!(ids(&saved.value.results), ids(&fresh.value.results));
    assert_eq!(
        saved.value.results[0]["total"],
        fresh.value.results[0]["total"]
    );

    let again = replica
        .fetch_page(&checked(invoices, &view(2, 20)))
        .await
        .unwrap();
    assert_eq!(again.changed, Some(false));
}

#[tokio::test]
async fn columns_in_any_order_and_id_named_twice_show_every_value_and_the_same_page() {
    let setup = setup().await;
    let replica = &setup.replica;
    let invoices = ResourceName::SupplierInvoice;
    // The UI names `id` twice when the user put the ID column last.
    let mut arranged = view(1, 20);
    arranged.fields = Some(vec![
        "total".into(),
        "name".into(),
        "id".into(),
        "id".into(),
    ]);
    let fresh = replica
        .fetch_page(&checked(invoices, &arranged))
        .await
        .unwrap();
    assert_eq!(fresh.value.results.len(), 20);
    for record in &fresh.value.results {
        assert!(
            record["id"].as_str().is_some_and(|id| !id.is_empty()),
            "{record:?}"
        );
        assert!(record["total"].is_string() && record["name"].is_string());
    }
    replica.cache().flush();
    let saved = replica
        .saved_page(&checked(invoices, &arranged))
        .unwrap()
        .unwrap();
    assert_eq!(ids(&saved.value.results), ids(&fresh.value.results));

    // The same columns in another order: the same page, not a changed one.
    let mut moved = arranged.clone();
    moved.fields = Some(vec!["id".into(), "name".into(), "total".into()]);
    let again = replica
        .fetch_page(&checked(invoices, &moved))
        .await
        .unwrap();
    assert_eq!(again.changed, Some(false));
    assert_eq!(ids(&again.value.results), ids(&fresh.value.results));
}

#[tokio::test]
async fn a_change_on_the_service_shows_as_changed_and_replaces_the_saved_copy() {
    let setup = setup().await;
    let (replica, sandbox) = (&setup.replica, &setup.sandbox);
    let leads = ResourceName::Lead;
    let lead_id = sandbox.ids().lead.to_string();
    let one = ListView {
        filters: vec![filter("id", Operator::Exact, &lead_id)],
        ..ListView::default()
    };
    replica.fetch_page(&checked(leads, &one)).await.unwrap();
    replica.cache().flush();
    let patch = LeadPatch {
        status: Patch::Set("Ganado".into()),
        ..LeadPatch::default()
    };
    replica.client().patch_lead(&lead_id, &patch).await.unwrap();
    let fresh = replica.fetch_page(&checked(leads, &one)).await.unwrap();
    assert_eq!(fresh.changed, Some(true));
    replica.cache().flush();
    let saved = replica.saved_record(leads, &lead_id).unwrap().unwrap();
    assert_eq!(saved.value["status"], "Ganado");
}

#[tokio::test]
async fn a_view_never_seen_is_answered_over_the_saved_records_and_refuses_related_names() {
    let setup = setup().await;
    let replica = &setup.replica;
    let invoices = ResourceName::SupplierInvoice;
    for page in 1..=3 {
        replica
            .fetch_page(&checked(
                invoices,
                &ListView {
                    page,
                    take: Take::Count(50),
                    ..ListView::default()
                },
            ))
            .await
            .unwrap();
    }
    replica.cache().flush();
    let mut pending = view(1, 10);
    pending.filters = vec![filter("operation_status", Operator::Exact, "PR")];
    let saved = replica
        .saved_page(&checked(invoices, &pending))
        .unwrap()
        .unwrap();
    let Source::SavedRecords { saved: total, .. } = saved.source else {
        panic!("answered over the saved records: {:?}", saved.source);
    };
    assert_eq!(total, 150);
    assert!(saved
        .value
        .results
        .iter()
        .all(|r| r["operation_status"] == "PR"));
    assert!(saved.value.count <= 150);
    assert!(saved.value.results.windows(2).all(|w| {
        let total = |r: &JsonRecord| r["total"].as_str().unwrap().parse::<f64>().unwrap();
        total(&w[0]) >= total(&w[1])
    }));
    assert_eq!(saved.value.results[0].len(), 4, "the view's fields only");

    pending
        .filters
        .push(filter("supplier__name", Operator::Icontains, "a"));
    let Err(Error::Refused(refused)) = replica.saved_page(&checked(invoices, &pending)) else {
        panic!("a supplier's name is not saved");
    };
    assert!(refused.get("filters.1").is_some(), "{refused}");
    assert!(refused.get("filters.0").is_none());
}

#[tokio::test]
async fn working_offline_sends_nothing() {
    let setup = setup().await;
    let replica = &setup.replica;
    setup.offline.set(true);
    let err = replica
        .fetch_page(&checked(ResourceName::Task, &ListView::default()))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::WorkingOffline));
    assert!(matches!(
        replica
            .make_available_offline(ResourceName::Task, |_| {}, &CancellationToken::new())
            .await,
        Err(Error::WorkingOffline)
    ));
    assert_eq!(
        replica.client().rate_limit().remaining,
        None,
        "no request was made"
    );
}

#[tokio::test]
async fn a_whole_list_goes_offline_with_progress_after_every_page() {
    let setup = setup().await;
    let replica = &setup.replica;
    let (list, reports) = with_reports(
        replica,
        ResourceName::SupplierInvoice,
        &CancellationToken::new(),
    )
    .await;
    assert!(list.complete);
    assert_eq!(list.saved, 2437);
    assert!(list.refreshed_at.is_some());
    assert_eq!(reports.len(), 13, "one report a page: 2,437 / 200");
    assert!(reports
        .iter()
        .all(|p| p.phase == Phase::Downloading && p.pages_total == Some(13)));
    assert_eq!(
        reports.iter().map(|p| p.pages_done).collect::<Vec<_>>(),
        (1..=13).collect::<Vec<_>>()
    );
    assert_eq!(reports.last().unwrap().records, 2437);
    assert!(reports.last().unwrap().budget.remaining.is_some());
    // Every saved record is there for offline queries.
    let all = replica
        .saved_page(&checked(ResourceName::SupplierInvoice, &view(1, 200)))
        .unwrap()
        .unwrap();
    assert_eq!(all.value.count, 2437);
}

#[tokio::test]
async fn a_cancelled_download_keeps_what_it_saved_but_is_not_complete() {
    let setup = setup().await;
    let replica = &setup.replica;
    let cancel = CancellationToken::new();
    let stop = cancel.clone();
    let result = replica
        .make_available_offline(
            ResourceName::SupplierInvoice,
            move |_| stop.cancel(),
            &cancel,
        )
        .await;
    assert!(matches!(result, Err(Error::Cancelled)), "{result:?}");
    replica.cache().flush();
    let list = replica.offline_list(ResourceName::SupplierInvoice).unwrap();
    assert!(!list.complete);
    assert_eq!(list.saved, 200);
}

#[tokio::test]
async fn a_download_never_spends_the_last_tenth_of_the_budget_it_pauses_and_goes_on() {
    let config = Config {
        invoices: 3000,
        journal: true,
        rate_limit: RateLimit {
            requests: 10,
            window: Duration::from_secs(2),
        },
        ..Config::default()
    };
    let setup = setup_with(config, |s| s.keys().workspace_a.clone()).await;
    let (replica, sandbox) = (&setup.replica, &setup.sandbox);
    let (list, reports) = with_reports(
        replica,
        ResourceName::SupplierInvoice,
        &CancellationToken::new(),
    )
    .await;
    assert_eq!(list.saved, 3000);
    let paused: Vec<_> = reports
        .iter()
        .filter(|p| p.paused_until.is_some())
        .collect();
    assert!(!paused.is_empty(), "it paused at the reserve");
    let lowest = reports
        .iter()
        .filter_map(|p| p.budget.remaining)
        .min()
        .unwrap();
    assert!(
        lowest >= 1,
        "the last 10 % (1 of 10) was never spent: {lowest}"
    );
    let journal = common::journal(sandbox).await;
    let statuses: Vec<u64> = journal["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_u64().unwrap())
        .collect();
    assert!(statuses.iter().all(|s| *s == 200), "no 429: {statuses:?}");
    assert_eq!(statuses.len(), 15);
}

#[tokio::test]
async fn a_later_run_fetches_only_what_changed_and_drops_what_the_service_deleted() {
    let setup = setup().await;
    let (replica, sandbox) = (&setup.replica, &setup.sandbox);
    let (leads, stakeholders) = (ResourceName::Lead, ResourceName::Stakeholder);
    let token = CancellationToken::new();
    replica
        .make_available_offline(leads, |_| {}, &token)
        .await
        .unwrap();
    let before = replica.offline_list(stakeholders).unwrap();
    assert!(!before.complete);
    let first = replica
        .make_available_offline(stakeholders, |_| {}, &token)
        .await
        .unwrap();

    // On the service: a lead changes, a stakeholder is deleted.
    let lead_id = sandbox.ids().lead.to_string();
    let patch = LeadPatch {
        status: Patch::Set("Perdido".into()),
        ..LeadPatch::default()
    };
    replica.client().patch_lead(&lead_id, &patch).await.unwrap();
    let gone = sandbox.ids().stakeholder.to_string();
    replica.client().delete_stakeholder(&gone).await.unwrap();

    let (_, reports) = with_reports(replica, leads, &token).await;
    let updating: Vec<_> = reports
        .iter()
        .filter(|p| p.phase == Phase::Updating)
        .cloned()
        .collect();
    let total_leads = replica.offline_list(leads).unwrap().saved;
    assert!(!updating.is_empty());
    assert!(
        updating.last().unwrap().records < total_leads,
        "only the changed leads were fetched: {:?} of {total_leads}",
        updating.last()
    );
    assert_eq!(
        replica
            .saved_record(leads, &lead_id)
            .unwrap()
            .unwrap()
            .value["status"],
        "Perdido"
    );

    let (after, reports) = with_reports(replica, stakeholders, &token).await;
    assert!(
        reports.iter().any(|p| p.phase == Phase::CheckingDeleted),
        "the counts disagreed, so the ids were walked"
    );
    assert_eq!(after.saved, first.saved - 1);
    assert_eq!(replica.saved_record(stakeholders, &gone).unwrap(), None);
}

#[tokio::test]
async fn writes_update_the_saved_records() {
    let setup = setup().await;
    let replica = &setup.replica;
    let stakeholders = ResourceName::Stakeholder;
    let page = replica
        .fetch_page(&checked(stakeholders, &ListView::default()))
        .await
        .unwrap()
        .value;
    replica.cache().flush();
    let victim = page.results[0]["id"].as_str().unwrap().to_owned();
    replica.client().delete_stakeholder(&victim).await.unwrap();
    replica.deleted(stakeholders, &victim);
    replica.cache().flush();
    let saved = replica
        .saved_page(&checked(stakeholders, &ListView::default()))
        .unwrap()
        .unwrap();
    assert!(!ids(&saved.value.results).contains(&victim));
    assert!(matches!(
        saved.source,
        Source::SavedPage { stale: true, .. }
    ));
}

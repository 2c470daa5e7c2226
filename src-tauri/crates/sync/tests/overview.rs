//! The overview against the sandbox over loopback HTTP: its figures equal
//! the sandbox's own records counted and added up here (plain Rust, not the
//! query engine), from saved records and from the service's counts; each
//! figure's drill-down list counts the same; months are cut in a time zone
//! other than UTC.

mod common;

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Duration, FixedOffset, TimeZone, Utc};
use rust_decimal::Decimal;
use serde_json::Value as Json;
use workdesk_api::{Client, ClientConfig, JsonRecord, ListView, ResourceName, Take};
use workdesk_sandbox::{Config, Running};
use workdesk_sync::overview::{Figure, Measure, Overview, PartSource, SERVICE_REQUESTS_MAX};
use workdesk_sync::{CancellationToken, Error, OfflineSwitch, Replica};

struct Setup {
    _sandbox: Running,
    client: Client,
    replica: Replica,
    offline: OfflineSwitch,
    _dir: tempfile::TempDir,
}

async fn setup() -> Setup {
    let sandbox = workdesk_sandbox::start(Config::default()).await.unwrap();
    let client = common::client_of(
        &sandbox,
        &sandbox.keys().workspace_a,
        ClientConfig::default(),
    );
    let (replica, offline, dir) = common::replica_of(client.clone());
    Setup {
        replica,
        client,
        offline,
        _sandbox: sandbox,
        _dir: dir,
    }
}

/// Bogotá's offset all year, and one where the sandbox's invoices (issued
/// 07:00–18:59 UTC) on the first of a month fall on the month before.
fn zone() -> FixedOffset {
    FixedOffset::west_opt(8 * 3600).unwrap()
}

/// Mid-June 2026 in that zone: thirteen months of seeded invoices behind.
fn now() -> DateTime<FixedOffset> {
    zone().with_ymd_and_hms(2026, 6, 15, 10, 30, 0).unwrap()
}

/// Every record of `resource`, read page by page with the client.
async fn every(client: &Client, resource: ResourceName) -> Vec<JsonRecord> {
    let mut records = Vec::new();
    for page in 1.. {
        let view = ListView {
            page,
            take: Take::Count(200),
            ..ListView::default()
        };
        let answer = client
            .list_checked(&view.check(resource).unwrap())
            .await
            .unwrap();
        let done = records.len() + answer.results.len() >= answer.count as usize;
        records.extend(answer.results);
        if done {
            break;
        }
    }
    records
}

fn instant(record: &JsonRecord, field: &str) -> Option<DateTime<Utc>> {
    let text = record.get(field)?.as_str()?;
    Some(DateTime::parse_from_rfc3339(text).ok()?.with_timezone(&Utc))
}

fn month_of(at: DateTime<Utc>) -> String {
    at.with_timezone(&zone()).format("%Y-%m").to_string()
}

fn text<'r>(record: &'r JsonRecord, field: &str) -> Option<&'r str> {
    record.get(field).and_then(Json::as_str)
}

fn amount(record: &JsonRecord) -> Decimal {
    text(record, "total").unwrap().parse().unwrap()
}

/// What a figure should be: records counted, their total, their oldest date.
#[derive(Debug, Default, PartialEq)]
struct Expected {
    count: u64,
    sum: Decimal,
    oldest: Option<DateTime<Utc>>,
}

impl Expected {
    fn add(&mut self, amount: Decimal, at: Option<DateTime<Utc>>) {
        self.count += 1;
        self.sum += amount;
        self.oldest = match (self.oldest, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
}

fn figures_of(
    overview: &Overview<Error>,
    resource: ResourceName,
) -> (&PartSource<Error>, BTreeMap<String, &Figure>) {
    let part = overview
        .parts
        .iter()
        .find(|p| p.resource == resource)
        .unwrap();
    let figures = part.figures.iter().map(|f| (key(&f.measure), f)).collect();
    (&part.source, figures)
}

fn key(measure: &Measure) -> String {
    match measure {
        Measure::Month { month, status } => format!("{month}/{}", status.as_deref().unwrap_or("*")),
        Measure::Status { status } => format!("status {status}"),
        Measure::NoStatus => "no status".into(),
        Measure::OtherStatus => "other status".into(),
        Measure::Overdue => "overdue".into(),
        Measure::DueThisWeek => "due this week".into(),
        Measure::DoneThisMonth => "done this month".into(),
    }
}

/// The invoice figures counted here from `records`: each month and status,
/// and those in error or draft.
fn expected_invoices(
    records: &[JsonRecord],
    dated: &str,
    months: &[String],
) -> BTreeMap<String, Expected> {
    let mut expected: BTreeMap<String, Expected> = BTreeMap::new();
    for month in months {
        for status in ["*", "PR", "CO", "ER"] {
            expected.entry(format!("{month}/{status}")).or_default();
        }
    }
    for status in ["ER", "PR"] {
        expected.entry(format!("status {status}")).or_default();
    }
    for record in records {
        let at = instant(record, dated).unwrap();
        let status = text(record, "operation_status").unwrap();
        let month = month_of(at);
        if months.contains(&month) {
            expected
                .get_mut(&format!("{month}/*"))
                .unwrap()
                .add(amount(record), None);
            expected
                .get_mut(&format!("{month}/{status}"))
                .unwrap()
                .add(amount(record), None);
        }
        if let Some(figure) = expected.get_mut(&format!("status {status}")) {
            figure.add(amount(record), Some(at));
        }
    }
    expected
}

fn assert_invoices(
    overview: &Overview<Error>,
    resource: ResourceName,
    records: &[JsonRecord],
    dated: &str,
    saved: bool,
) {
    let (_, figures) = figures_of(overview, resource);
    let expected = expected_invoices(records, dated, &overview.months);
    if saved {
        assert_eq!(
            figures.keys().collect::<Vec<_>>(),
            expected.keys().collect::<Vec<_>>(),
            "every month and status, and those needing attention"
        );
    }
    for (key, figure) in &figures {
        let want = &expected[key];
        assert_eq!(figure.count, want.count, "{resource:?} {key}: count");
        if saved {
            let sum: Decimal = figure.sum.as_deref().unwrap().parse().unwrap();
            assert_eq!(sum, want.sum, "{resource:?} {key}: sum");
        } else {
            assert_eq!(figure.sum, None, "{resource:?} {key}: no sum from counts");
        }
        if key.starts_with("status") {
            assert_eq!(figure.oldest, want.oldest, "{resource:?} {key}: oldest");
        }
    }
    assert!(
        expected.values().filter(|e| e.count > 0).count() > 20,
        "the seeded workspace fills the months"
    );
}

fn expected_tasks(records: &[JsonRecord], now: DateTime<FixedOffset>) -> BTreeMap<String, u64> {
    let today = now.date_naive();
    let sunday = today + Duration::days(6 - i64::from(today.weekday().num_days_from_monday()));
    let week_end = zone()
        .from_local_datetime(&(sunday + Duration::days(1)).and_hms_opt(0, 0, 0).unwrap())
        .unwrap()
        .with_timezone(&Utc)
        - Duration::microseconds(1);
    let now = now.with_timezone(&Utc);
    let this_month = month_of(now);
    let mut expected = BTreeMap::from([
        ("overdue".to_owned(), 0),
        ("due this week".to_owned(), 0),
        ("done this month".to_owned(), 0),
    ]);
    for record in records {
        let done = instant(record, "completed_at");
        if let (None, Some(expiry)) = (done, instant(record, "expiry")) {
            if expiry < now {
                *expected.get_mut("overdue").unwrap() += 1;
            }
            if expiry >= now && expiry <= week_end {
                *expected.get_mut("due this week").unwrap() += 1;
            }
        }
        if done.is_some_and(|at| month_of(at) == this_month) {
            *expected.get_mut("done this month").unwrap() += 1;
        }
    }
    expected
}

fn expected_leads(records: &[JsonRecord], months: &[String]) -> BTreeMap<String, u64> {
    let mut expected = BTreeMap::new();
    for month in &months[1..] {
        expected.insert(format!("{month}/*"), 0);
    }
    for record in records {
        let month = month_of(instant(record, "created_at").unwrap());
        if let Some(count) = expected.get_mut(&format!("{month}/*")) {
            *count += 1;
        }
        let status = match text(record, "status") {
            Some(status) => format!("status {status}"),
            None => "no status".to_owned(),
        };
        *expected.entry(status).or_default() += 1;
    }
    expected
}

async fn take_offline(replica: &Replica, resource: ResourceName) {
    replica
        .make_available_offline(resource, |_| {}, &CancellationToken::new())
        .await
        .unwrap();
}

#[tokio::test]
async fn over_saved_records_every_figure_equals_the_sandboxs_records_counted_here() {
    let kept = setup().await;
    let Setup {
        client,
        replica,
        offline,
        ..
    } = &kept;
    for resource in workdesk_sync::overview::RESOURCES {
        take_offline(replica, resource).await;
    }
    // Saved whole: exact, and nothing is asked of the service.
    offline.set(true);
    let overview = replica.overview(&now()).await;
    assert_eq!(overview.months.first().unwrap(), "2025-06");
    assert_eq!(overview.months.last().unwrap(), "2026-06");
    for part in &overview.parts {
        assert!(
            matches!(part.source, PartSource::SavedRecords { .. }),
            "{:?}: {:?}",
            part.resource,
            part.source
        );
    }
    let invoices = [
        (ResourceName::SupplierInvoice, "issue_date"),
        (ResourceName::CustomerInvoice, "operation_date"),
    ];
    for (resource, dated) in invoices {
        let records = every(client, resource).await;
        assert_invoices(&overview, resource, &records, dated, true);
    }
    let tasks = every(client, ResourceName::Task).await;
    let (_, figures) = figures_of(&overview, ResourceName::Task);
    let counted: BTreeMap<String, u64> =
        figures.iter().map(|(k, f)| (k.clone(), f.count)).collect();
    assert_eq!(counted, expected_tasks(&tasks, now()));
    let leads = every(client, ResourceName::Lead).await;
    let (_, figures) = figures_of(&overview, ResourceName::Lead);
    let counted: BTreeMap<String, u64> =
        figures.iter().map(|(k, f)| (k.clone(), f.count)).collect();
    assert_eq!(counted, expected_leads(&leads, &overview.months));
}

#[tokio::test]
async fn from_the_service_counts_equal_the_records_counted_here_within_the_request_bound() {
    let kept = setup().await;
    let Setup {
        client, replica, ..
    } = &kept;
    // One request first, to read the key's budget before.
    let supplier = every(client, ResourceName::SupplierInvoice).await;
    let before = client.rate_limit().remaining.unwrap();
    let overview = replica.overview(&now()).await;
    let after = client.rate_limit().remaining.unwrap();
    let mut spent = 0;
    for part in &overview.parts {
        let PartSource::Service { requests, .. } = part.source else {
            panic!("{:?}: {:?}", part.resource, part.source);
        };
        spent += requests;
    }
    assert_eq!(before - after, spent, "requests the parts say they spent");
    assert!(spent <= SERVICE_REQUESTS_MAX, "{spent} requests");
    assert_invoices(
        &overview,
        ResourceName::SupplierInvoice,
        &supplier,
        "issue_date",
        false,
    );
    let customer = every(client, ResourceName::CustomerInvoice).await;
    assert_invoices(
        &overview,
        ResourceName::CustomerInvoice,
        &customer,
        "operation_date",
        false,
    );
    let (source, figures) = figures_of(&overview, ResourceName::SupplierInvoice);
    let PartSource::Service { records, .. } = source else {
        unreachable!()
    };
    assert_eq!(
        *records,
        Some(supplier.len() as u64),
        "what taking it offline costs"
    );
    let PartSource::Service {
        offline_requests, ..
    } = source
    else {
        unreachable!()
    };
    assert_eq!(
        *offline_requests,
        Some((supplier.len() as u64).div_ceil(200) as u32),
        "in requests of 200 records"
    );
    let months = &overview.months;
    assert_eq!(
        figures
            .keys()
            .filter(|k| k.contains('/'))
            .cloned()
            .collect::<Vec<_>>(),
        vec![
            format!("{}/*", months[0]),
            format!("{}/*", months[11]),
            format!("{}/*", months[12])
        ],
        "this month, last month, the same month last year"
    );
    let tasks = every(client, ResourceName::Task).await;
    let (_, figures) = figures_of(&overview, ResourceName::Task);
    let counted: BTreeMap<String, u64> =
        figures.iter().map(|(k, f)| (k.clone(), f.count)).collect();
    assert_eq!(counted, expected_tasks(&tasks, now()));
    let leads = every(client, ResourceName::Lead).await;
    let expected = expected_leads(&leads, months);
    let (source, figures) = figures_of(&overview, ResourceName::Lead);
    let PartSource::Service {
        records, requests, ..
    } = source
    else {
        unreachable!()
    };
    assert_eq!(*records, Some(leads.len() as u64));
    assert_lead_statuses_counted(&figures, &leads, &expected);
    // Nothing was seen of the leads before: the newest page of them told
    // the statuses (one request), remembered since.
    let seen: Vec<String> = replica
        .lead_statuses_seen()
        .unwrap()
        .into_iter()
        .map(|s| s.status)
        .collect();
    assert!(!seen.is_empty());
    let counted = statuses_counted(&figures);
    assert!(counted.iter().all(|s| seen.contains(s)), "{counted:?}");
    assert_eq!(*requests as usize, 2 + counted.len() + 1 + 1, "the sample");
}

/// The statuses a lead part counts one by one.
fn statuses_counted(figures: &BTreeMap<String, &Figure>) -> Vec<String> {
    figures
        .keys()
        .filter_map(|k| k.strip_prefix("status ").map(str::to_owned))
        .collect()
}

/// Each status counted one by one counts the leads holding it, "other"
/// those holding none of them (or none), and together they are every lead.
fn assert_lead_statuses_counted(
    figures: &BTreeMap<String, &Figure>,
    leads: &[JsonRecord],
    expected: &BTreeMap<String, u64>,
) {
    let counted = statuses_counted(figures);
    assert!(!counted.is_empty());
    assert!(counted.len() <= workdesk_sync::overview::STATUSES_COUNTED);
    let mut total = 0;
    for (key, figure) in figures {
        let want = match key.as_str() {
            "other status" => leads
                .iter()
                .filter(|r| !text(r, "status").is_some_and(|s| counted.iter().any(|c| c == s)))
                .count() as u64,
            _ => expected.get(key).copied().unwrap_or(0),
        };
        assert_eq!(figure.count, want, "lead {key}");
        if !key.contains('/') {
            total += figure.count;
        }
    }
    assert_eq!(total, leads.len() as u64, "every lead once");
}

#[tokio::test]
async fn lead_statuses_are_those_the_service_returned_never_a_fixed_list() {
    let kept = setup().await;
    let Setup {
        client, replica, ..
    } = &kept;
    assert!(
        replica.lead_statuses_seen().unwrap().is_empty(),
        "none seen"
    );
    // A status the sandbox never seeds, set on 40 leads of the first page.
    let view = ListView {
        take: Take::Count(200),
        ..ListView::default()
    }
    .check(ResourceName::Lead)
    .unwrap();
    let first = client.list_checked(&view).await.unwrap();
    for lead in first.results.iter().take(40) {
        let patch = workdesk_api::LeadPatch {
            status: workdesk_api::Patch::Set("en negociación".to_owned()),
            ..Default::default()
        };
        client
            .patch_lead(text(lead, "id").unwrap(), &patch)
            .await
            .unwrap();
    }
    // Read through the replica: its statuses are seen (and its leads saved).
    let page = replica.fetch_page(&view).await.unwrap().value;
    let mut distinct: Vec<String> = page
        .results
        .iter()
        .filter_map(|r| text(r, "status").map(str::to_owned))
        .collect();
    distinct.sort();
    distinct.dedup();
    let seen = replica.lead_statuses_seen().unwrap();
    let mut names: Vec<String> = seen.iter().map(|s| s.status.clone()).collect();
    names.sort();
    assert_eq!(names, distinct, "exactly the statuses the page held");
    let ours = seen.iter().find(|s| s.status == "en negociación").unwrap();
    assert_eq!(ours.saved, 40);
    // The overview from the service counts it on its own, and needs no
    // sample: statuses were seen.
    let overview = replica.overview(&now()).await;
    let (source, figures) = figures_of(&overview, ResourceName::Lead);
    let PartSource::Service { requests, .. } = source else {
        panic!("{source:?}")
    };
    assert_eq!(figures["status en negociación"].count, 40);
    let counted = statuses_counted(&figures);
    let part = overview
        .parts
        .iter()
        .find(|p| p.resource == ResourceName::Lead)
        .unwrap();
    let first = part
        .figures
        .iter()
        .find_map(|f| match &f.measure {
            Measure::Status { status } => Some(status.as_str()),
            _ => None,
        })
        .unwrap();
    assert_eq!(first, "en negociación", "most saved first");
    assert_eq!(*requests as usize, 2 + counted.len() + 1, "no sample");
    let leads = every(client, ResourceName::Lead).await;
    assert_lead_statuses_counted(&figures, &leads, &expected_leads(&leads, &overview.months));
    // Remembered per workspace: the saved leads gone, the statuses stay.
    replica.cache().clear();
    let after: Vec<String> = replica
        .lead_statuses_seen()
        .unwrap()
        .into_iter()
        .map(|s| s.status)
        .collect();
    assert!(after.contains(&"en negociación".to_owned()), "{after:?}");
}

#[tokio::test]
async fn each_figures_list_counts_what_the_figure_says() {
    let kept = setup().await;
    let Setup {
        client, replica, ..
    } = &kept;
    take_offline(replica, ResourceName::SupplierInvoice).await;
    take_offline(replica, ResourceName::Lead).await;
    let overview = replica.overview(&now()).await;
    let mut checked = 0;
    for part in &overview.parts {
        for figure in &part.figures {
            let view = ListView {
                take: Take::Count(1),
                filters: figure.opens.filters.clone(),
                sort: figure.opens.sort.clone(),
                ..ListView::default()
            };
            let page = client
                .list_checked(&view.check(part.resource).unwrap())
                .await
                .unwrap();
            assert_eq!(
                page.count, figure.count,
                "{:?} {:?}",
                part.resource, figure.measure
            );
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked} figures");
}

#[tokio::test]
async fn working_offline_only_lists_saved_whole_give_figures() {
    let kept = setup().await;
    let Setup {
        replica, offline, ..
    } = &kept;
    take_offline(replica, ResourceName::Task).await;
    offline.set(true);
    let overview = replica.overview(&now()).await;
    for part in &overview.parts {
        if part.resource == ResourceName::Task {
            assert!(matches!(part.source, PartSource::SavedRecords { .. }));
            assert_eq!(part.figures.len(), 3);
        } else {
            assert!(
                matches!(part.source, PartSource::NotSaved),
                "{:?}",
                part.resource
            );
            assert!(part.figures.is_empty());
        }
    }
}

/// Invoices issued around midnight at the turn of a month, saved, read in
/// Bogotá (UTC−5): the month is the local one.
#[tokio::test]
async fn invoices_near_midnight_fall_in_their_local_month() {
    let kept = setup().await;
    let Setup {
        client, replica, ..
    } = &kept;
    let mut records = every(client, ResourceName::SupplierInvoice).await;
    records.truncate(4);
    let issued = [
        "2026-06-01T04:59:59Z",        // 31 May, 23:59:59 in Bogotá
        "2026-06-01T05:00:00Z",        // 1 June, 00:00:00
        "2026-05-01T04:30:00Z",        // 30 April, 23:30
        "2026-07-01T04:59:59.999999Z", // 30 June, the last instant
    ];
    for (record, at) in records.iter_mut().zip(issued) {
        record.insert("issue_date".into(), Json::String(at.into()));
        record.insert("operation_status".into(), Json::String("CO".into()));
        record.insert("total".into(), Json::String("100.10".into()));
    }
    let schema = ResourceName::SupplierInvoice.schema();
    replica.cache().save_records(schema, records, true);
    let mut state = replica.cache().state(schema).unwrap();
    state.complete = true;
    replica.cache().set_state(schema, state);
    let bogota = FixedOffset::west_opt(5 * 3600).unwrap();
    let now = bogota.with_ymd_and_hms(2026, 6, 30, 23, 0, 0).unwrap();
    let overview = replica.overview(&now).await;
    let (_, figures) = figures_of(&overview, ResourceName::SupplierInvoice);
    let month = |key: &str| figures[&format!("{key}/*")].count;
    assert_eq!(
        month("2026-06"),
        2,
        "1 June 00:00 and 30 June 23:59:59.999999"
    );
    assert_eq!(month("2026-05"), 1, "31 May 23:59:59");
    assert_eq!(month("2026-04"), 1, "30 April 23:30");
    assert_eq!(figures["2026-06/CO"].sum.as_deref(), Some("200.20"));
}

#[tokio::test]
async fn amounts_walked_from_the_service_equal_the_records_added_up_here_in_the_requests_announced()
{
    let kept = setup().await;
    let Setup {
        client, replica, ..
    } = &kept;
    let counted = replica.overview(&now()).await;
    let (source, _) = figures_of(&counted, ResourceName::CustomerInvoice);
    let PartSource::Service {
        amounts: Some(amounts),
        ..
    } = *source
    else {
        panic!("the counts say what the amounts would walk: {source:?}");
    };
    let mut pages = Vec::new();
    let part = replica
        .overview_amounts(
            ResourceName::CustomerInvoice,
            &now(),
            |progress| pages.push((progress.phase, progress.pages_done, progress.pages_total)),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    let announced = amounts.div_ceil(200) as u32;
    let PartSource::Service {
        amounts_requests, ..
    } = *source
    else {
        unreachable!()
    };
    assert_eq!(
        amounts_requests,
        Some(announced),
        "the requests said beside the offer"
    );
    let PartSource::Service { requests, .. } = part.source else {
        panic!("{:?}", part.source);
    };
    assert_eq!(
        requests, announced,
        "one request per 200 records, as announced"
    );
    assert_eq!(
        pages.last(),
        Some(&(workdesk_sync::Phase::Summing, announced, Some(announced)))
    );
    let walked = Overview {
        at: counted.at,
        months: counted.months.clone(),
        parts: vec![part],
    };
    let records = every(client, ResourceName::CustomerInvoice).await;
    assert_invoices(
        &walked,
        ResourceName::CustomerInvoice,
        &records,
        "operation_date",
        true,
    );

    // Cancelled before it starts: nothing is walked.
    let cancel = CancellationToken::new();
    cancel.cancel();
    let stopped = replica
        .overview_amounts(ResourceName::SupplierInvoice, &now(), |_| {}, &cancel)
        .await;
    assert!(matches!(stopped, Err(Error::Cancelled)), "{stopped:?}");
    // Only invoices have amounts.
    let refused = replica
        .overview_amounts(
            ResourceName::Task,
            &now(),
            |_| {},
            &CancellationToken::new(),
        )
        .await;
    assert!(matches!(refused, Err(Error::Refused(_))), "{refused:?}");
}

//! "Export…" and the totals under a list, against the sandbox over
//! loopback HTTP: files read back with calamine (XLSX) and the csv crate;
//! sums compared with the service's records added up here.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use calamine::{open_workbook, Data, Reader, Xlsx};
use workdesk_api::{
    ClientConfig, FilterSpec, JsonRecord, ListView, Operator, ResourceName, SortSpec, Take,
};
use workdesk_export::{Column, Format, Layout, Separator, Sheet};
use workdesk_sandbox::{Config, RateLimit, Running};
use workdesk_sync::{
    CancellationToken, Error, ExportSource, OfflineSwitch, Phase, Progress, Replica,
};

struct Setup {
    sandbox: Running,
    replica: Replica,
    /// "Work offline" of `replica`.
    offline: OfflineSwitch,
    dir: tempfile::TempDir,
}

async fn setup_with(config: Config) -> Setup {
    let sandbox = workdesk_sandbox::start(config).await.unwrap();
    let client = common::client_of(
        &sandbox,
        &sandbox.keys().workspace_a,
        ClientConfig::default(),
    );
    let (replica, offline, dir) = common::replica_of(client);
    Setup {
        replica,
        offline,
        sandbox,
        dir,
    }
}

/// Invoices of 1,000 or more, not completed, biggest first: several pages.
fn view() -> ListView {
    ListView {
        page: 3,
        take: Take::Count(20),
        fields: Some(vec![
            "name".into(),
            "total".into(),
            "operation_status".into(),
            "id".into(),
        ]),
        sort: vec![
            SortSpec {
                field: "total".into(),
                descending: true,
            },
            SortSpec {
                field: "name".into(),
                descending: false,
            },
        ],
        filters: vec![
            FilterSpec {
                or: false,
                not: false,
                field: "total".into(),
                operator: Operator::Gte,
                values: vec!["1000".into()],
            },
            FilterSpec {
                or: false,
                not: true,
                field: "operation_status".into(),
                operator: Operator::Exact,
                values: vec!["CO".into()],
            },
        ],
        widths: None,
        search: String::new(),
    }
}

fn columns() -> Vec<Column> {
    let column = |field: &str, header: &str| Column {
        field: field.into(),
        header: header.into(),
        labels: BTreeMap::new(),
        named: false,
    };
    let mut status = column("operation_status", "Status");
    status.labels = [("PR", "Provisional"), ("CO", "Complete"), ("ER", "Error")]
        .into_iter()
        .map(|(code, label)| (code.into(), label.into()))
        .collect();
    vec![
        column("name", "Name"),
        column("total", "Total"),
        status,
        column("id", "ID"),
    ]
}

fn layout(format: Format) -> Layout {
    Layout {
        format,
        separator: Separator::Comma,
        date_time_format: "yyyy-mm-dd hh:mm".into(),
        date_format: "yyyy-mm-dd".into(),
        sheet_name: "Supplier invoices".into(),
    }
}

/// Every record the service lists for `view`, page by page, straight from
/// the client.
async fn service_records(replica: &Replica, view: &ListView) -> Vec<JsonRecord> {
    let mut all = Vec::new();
    for page in 1.. {
        let answer = replica
            .client()
            .list_view(
                ResourceName::SupplierInvoice,
                &ListView {
                    page,
                    take: Take::Count(200),
                    ..view.clone()
                },
            )
            .await
            .unwrap();
        let done = answer.next.is_none();
        all.extend(answer.results);
        if done {
            break;
        }
    }
    all
}

async fn export(
    replica: &Replica,
    path: &Path,
    format: Format,
    view: &ListView,
    cancel: &CancellationToken,
) -> (Result<ExportSource, Error>, Vec<Progress>) {
    let reports = Arc::new(Mutex::new(Vec::<Progress>::new()));
    let seen = reports.clone();
    let mut sheet = Sheet::create(
        path,
        ResourceName::SupplierInvoice.schema(),
        columns(),
        &layout(format),
        workdesk_export::system_time_zone(),
    )
    .unwrap();
    let result = replica
        .export(
            ResourceName::SupplierInvoice,
            view,
            &mut sheet,
            move |p| seen.lock().unwrap().push(p.clone()),
            cancel,
        )
        .await;
    if result.is_ok() {
        sheet.finish().unwrap();
    }
    let reports = reports.lock().unwrap().clone();
    (result, reports)
}

/// The rows of an XLSX export under its header, as (name, total, status, id).
fn xlsx_rows(path: &Path) -> Vec<(String, String, String, String)> {
    let mut book: Xlsx<_> = open_workbook(path).unwrap();
    let range = book.worksheet_range("Supplier invoices").unwrap();
    let mut rows = range.rows();
    let header: Vec<Data> = rows.next().unwrap().to_vec();
    assert_eq!(
        header,
        ["Name", "Total", "Status", "ID"].map(|h| Data::String(h.into()))
    );
    rows.map(|row| {
        let text = |cell: &Data| match cell {
            Data::String(text) => text.clone(),
            Data::Float(number) => format!("{number}"),
            other => panic!("unexpected cell {other:?}"),
        };
        assert!(
            matches!(row[1], Data::Float(_)),
            "money is a number: {:?}",
            row[1]
        );
        (text(&row[0]), text(&row[1]), text(&row[2]), text(&row[3]))
    })
    .collect()
}

/// The service's records as the XLSX shows them.
fn as_shown(records: &[JsonRecord]) -> Vec<(String, String, String, String)> {
    fn label(code: &str) -> &str {
        match code {
            "PR" => "Provisional",
            "CO" => "Complete",
            "ER" => "Error",
            other => other,
        }
    }
    records
        .iter()
        .map(|r| {
            let total: f64 = r["total"].as_str().unwrap().parse().unwrap();
            (
                r["name"].as_str().unwrap().to_owned(),
                format!("{total}"),
                label(r["operation_status"].as_str().unwrap()).to_owned(),
                r["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_filtered_sorted_list_exports_whole_to_xlsx_and_csv_exactly_as_the_service_lists_it() {
    let setup = setup_with(Config::default()).await;
    let replica = &setup.replica;
    let expected = service_records(replica, &view()).await;
    assert!(expected.len() > 400, "several pages: {}", expected.len());

    let xlsx = setup.dir.path().join("invoices.xlsx");
    let (source, reports) = export(
        replica,
        &xlsx,
        Format::Xlsx,
        &view(),
        &CancellationToken::new(),
    )
    .await;
    assert_eq!(source.unwrap(), ExportSource::Service);
    assert_eq!(xlsx_rows(&xlsx), as_shown(&expected));
    let pages = expected.len().div_ceil(200) as u32;
    assert_eq!(
        reports.iter().map(|p| p.pages_done).collect::<Vec<_>>(),
        (1..=pages).collect::<Vec<_>>()
    );
    assert!(reports.iter().all(|p| p.phase == Phase::Exporting));
    assert_eq!(reports.last().unwrap().records, expected.len() as u64);
    assert!(reports.last().unwrap().budget.remaining.is_some());

    let csv_path = setup.dir.path().join("invoices.csv");
    let (source, _) = export(
        replica,
        &csv_path,
        Format::Csv,
        &view(),
        &CancellationToken::new(),
    )
    .await;
    assert_eq!(source.unwrap(), ExportSource::Service);
    let bytes = std::fs::read(&csv_path).unwrap();
    let mut reader = csv::Reader::from_reader(&bytes[3..]);
    let rows: Vec<(String, String, String)> = reader
        .records()
        .map(|row| {
            let row = row.unwrap();
            (row[0].to_owned(), row[1].to_owned(), row[3].to_owned())
        })
        .collect();
    // Amounts exactly as the service wrote them.
    let exact: Vec<(String, String, String)> = expected
        .iter()
        .map(|r| {
            let name = r["name"].as_str().unwrap();
            let name = workdesk_export::escape_formula(name).into_owned();
            (
                name,
                r["total"].as_str().unwrap().to_owned(),
                r["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(rows, exact);
}

#[tokio::test]
async fn a_cancelled_export_stops_and_leaves_no_file() {
    let setup = setup_with(Config::default()).await;
    let path = setup.dir.path().join("invoices.xlsx");
    let cancel = CancellationToken::new();
    let stop = cancel.clone();
    let reports = Arc::new(Mutex::new(0));
    let seen = reports.clone();
    let mut sheet = Sheet::create(
        &path,
        ResourceName::SupplierInvoice.schema(),
        columns(),
        &layout(Format::Xlsx),
        workdesk_export::system_time_zone(),
    )
    .unwrap();
    let result = setup
        .replica
        .export(
            ResourceName::SupplierInvoice,
            &ListView::default(),
            &mut sheet,
            move |_| {
                *seen.lock().unwrap() += 1;
                stop.cancel();
            },
            &cancel,
        )
        .await;
    assert!(matches!(result, Err(Error::Cancelled)), "{result:?}");
    assert_eq!(*reports.lock().unwrap(), 1, "stopped after the first page");
    assert_eq!(sheet.records(), 200);
    drop(sheet);
    assert_eq!(
        std::fs::read_dir(setup.dir.path())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains("export")
                    || e.as_ref().unwrap().file_name() == "invoices.xlsx"
            })
            .count(),
        0
    );
}

#[tokio::test]
async fn an_export_never_spends_the_last_tenth_of_the_budget_it_pauses_and_goes_on() {
    let config = Config {
        invoices: 2500,
        journal: true,
        rate_limit: RateLimit {
            requests: 10,
            window: Duration::from_secs(2),
        },
        ..Config::default()
    };
    let setup = setup_with(config).await;
    let path = setup.dir.path().join("all.csv");
    let all = ListView {
        fields: Some(vec![
            "name".into(),
            "total".into(),
            "operation_status".into(),
            "id".into(),
        ]),
        ..ListView::default()
    };
    let (source, reports) = export(
        &setup.replica,
        &path,
        Format::Csv,
        &all,
        &CancellationToken::new(),
    )
    .await;
    assert_eq!(source.unwrap(), ExportSource::Service);
    assert!(
        reports.iter().any(|p| p.paused_until.is_some()),
        "it paused at the reserve"
    );
    let lowest = reports
        .iter()
        .filter_map(|p| p.budget.remaining)
        .min()
        .unwrap();
    assert!(
        lowest >= 1,
        "the last 10 % (1 of 10) was never spent: {lowest}"
    );
    let journal = common::journal(&setup.sandbox).await;
    let statuses: Vec<u64> = journal["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_u64().unwrap())
        .collect();
    assert!(statuses.iter().all(|s| *s == 200), "no 429: {statuses:?}");
    assert_eq!(
        statuses.len(),
        13,
        "2,500 records in 13 pages, each asked once"
    );
    let rows = csv::Reader::from_path(&path).unwrap().records().count();
    assert_eq!(rows, 2500);
}

#[tokio::test]
async fn a_list_made_available_offline_exports_from_its_saved_records_the_same_rows() {
    let setup = setup_with(Config::default()).await;
    let replica = &setup.replica;
    let expected = service_records(replica, &view()).await;
    assert_eq!(
        replica
            .export_source(ResourceName::SupplierInvoice)
            .unwrap(),
        ExportSource::Service
    );
    replica
        .make_available_offline(
            ResourceName::SupplierInvoice,
            |_| {},
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    let ExportSource::SavedRecords {
        saved,
        complete,
        refreshed_at,
    } = replica
        .export_source(ResourceName::SupplierInvoice)
        .unwrap()
    else {
        panic!("not from saved records");
    };
    assert_eq!((saved, complete), (2437, true));
    assert!(refreshed_at.is_some());

    let path = setup.dir.path().join("saved.xlsx");
    let (source, reports) = export(
        replica,
        &path,
        Format::Xlsx,
        &view(),
        &CancellationToken::new(),
    )
    .await;
    assert!(matches!(source.unwrap(), ExportSource::SavedRecords { .. }));
    assert_eq!(xlsx_rows(&path), as_shown(&expected));
    assert_eq!(reports.last().unwrap().records, expected.len() as u64);

    // Offline, a related record's name cannot be answered: refused, no file.
    setup.offline.set(true);
    let mut related = view();
    related.filters.push(FilterSpec {
        or: false,
        not: false,
        field: "supplier__name".into(),
        operator: Operator::Icontains,
        values: vec!["a".into()],
    });
    let refused = setup.dir.path().join("refused.xlsx");
    let (result, _) = export(
        replica,
        &refused,
        Format::Xlsx,
        &related,
        &CancellationToken::new(),
    )
    .await;
    assert!(matches!(result, Err(Error::Refused(_))), "{result:?}");
    assert!(!refused.exists());
}

#[tokio::test]
async fn totals_of_a_list_saved_offline_are_the_exact_sums_of_the_services_records() {
    let setup = setup_with(Config::default()).await;
    let replica = &setup.replica;
    let fields = vec!["total".to_owned(), "subtotal".to_owned()];
    assert_eq!(
        replica
            .saved_totals(ResourceName::SupplierInvoice, &view(), &fields)
            .unwrap(),
        None,
        "not saved whole: no sum over part of the list"
    );
    let expected = service_records(
        replica,
        &ListView {
            fields: Some(vec!["total".into(), "subtotal".into(), "id".into()]),
            ..view()
        },
    )
    .await;
    let sum = |field: &str| {
        expected
            .iter()
            .map(|r| {
                r[field]
                    .as_str()
                    .unwrap()
                    .parse::<rust_decimal::Decimal>()
                    .unwrap()
            })
            .sum::<rust_decimal::Decimal>()
            .to_string()
    };
    replica
        .make_available_offline(
            ResourceName::SupplierInvoice,
            |_| {},
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    let totals = replica
        .saved_totals(ResourceName::SupplierInvoice, &view(), &fields)
        .unwrap()
        .unwrap();
    assert_eq!(totals.count, expected.len() as u64);
    assert_eq!(totals.sums["total"], sum("total"));
    assert_eq!(totals.sums["subtotal"], sum("subtotal"));
    assert!(totals.refreshed_at.is_some());
}

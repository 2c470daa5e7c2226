//! "Export…" figures for BENCHMARKS.md, against the sandbox in this
//! process (release build), into real files in a temporary folder.
//!
//! `cargo bench -p workdesk-sync --bench export`:
//!
//! - `export/service_xlsx_10000`: 10,000 supplier invoices (50 pages of
//!   200 from the service over loopback HTTP) written to XLSX, nine
//!   columns, the file finished;
//! - `export/saved_xlsx_10000`: the same list from the saved records of
//!   the list made available offline.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use workdesk_api::{ApiKey, BaseUrl, Client, ListView, ResourceName};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_export::{Column, Format, Layout, Separator, Sheet};
use workdesk_sync::{CancellationToken, OfflineSwitch, Replica};

const INVOICES: ResourceName = ResourceName::SupplierInvoice;
const FIELDS: [&str; 9] = [
    "name",
    "issue_date",
    "document_type",
    "operation_status",
    "total",
    "subtotal",
    "discount_value",
    "invoice_number",
    "is_pay_authorized",
];

fn replica(
    rt: &tokio::runtime::Runtime,
    dir: &std::path::Path,
) -> (workdesk_sandbox::Running, Replica) {
    let config = workdesk_sandbox::Config::unmetered(10_000);
    let sandbox = rt.block_on(workdesk_sandbox::start(config)).unwrap();
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();
    let (cache, _) =
        Cache::open(&file_of(dir, "bench"), "bench", &DataKey::generate(), true).unwrap();
    (
        sandbox,
        Replica::new(client, Arc::new(cache), OfflineSwitch::default()),
    )
}

fn export(rt: &tokio::runtime::Runtime, replica: &Replica, path: &std::path::Path) -> u64 {
    let columns = FIELDS
        .iter()
        .map(|field| Column {
            field: (*field).into(),
            header: (*field).into(),
            labels: BTreeMap::new(),
            named: false,
        })
        .collect();
    let layout = Layout {
        format: Format::Xlsx,
        separator: Separator::Comma,
        date_time_format: "dd/mm/yyyy hh:mm".into(),
        date_format: "dd/mm/yyyy".into(),
        sheet_name: "Supplier invoices".into(),
    };
    let mut sheet = Sheet::create(
        path,
        INVOICES.schema(),
        columns,
        &layout,
        workdesk_export::system_time_zone(),
    )
    .unwrap();
    let view = ListView {
        fields: Some(
            FIELDS
                .iter()
                .map(|f| (*f).to_owned())
                .chain(["id".to_owned()])
                .collect(),
        ),
        ..ListView::default()
    };
    rt.block_on(replica.export(
        INVOICES,
        &view,
        &mut sheet,
        |_| {},
        &CancellationToken::new(),
    ))
    .unwrap();
    sheet.finish().unwrap().records
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (_sandbox, replica) = replica(&rt, dir.path());
    let path = dir.path().join("export.xlsx");
    let mut group = c.benchmark_group("export");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("service_xlsx_10000", |b| {
        b.iter(|| assert_eq!(export(&rt, &replica, &path), 10_000));
    });
    println!(
        "XLSX of 10,000 invoices: {} bytes",
        std::fs::metadata(&path).unwrap().len()
    );
    rt.block_on(replica.make_available_offline(INVOICES, |_| {}, &CancellationToken::new()))
        .unwrap();
    group.bench_function("saved_xlsx_10000", |b| {
        b.iter(|| assert_eq!(export(&rt, &replica, &path), 10_000));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

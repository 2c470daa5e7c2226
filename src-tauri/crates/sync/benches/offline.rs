//! The offline cache's figures for BENCHMARKS.md, against the sandbox in
//! this process (release build) and real SQLite files in a temporary folder.
//!
//! `cargo bench -p workdesk-sync --bench offline`:
//!
//! - `saved_page/200_rows`: the saved answer for a 200-row page seen
//!   before (what `list_saved` does before IPC);
//! - `offline_query/warm` and `offline_query/first_after_start`: a filter
//!   with 3 conditions and a 2-key sort over 50,000 saved supplier
//!   invoices, the index built (warm) or the cache just opened (each
//!   iteration reopens the file);
//! - `make_available_offline/10000`: every one of 10,000 invoices taken
//!   offline (50 pages of 200) into a new file;
//! - printed once: the file size per 10,000 saved invoices, and the
//!   `list_records` time with the cache on and off, interleaved request by
//!   request (medians and their ratio): the time until the command
//!   returns; the write it queues runs afterwards, and is waited for
//!   between rounds so that it does not share the cores with the next.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use workdesk_api::{ApiKey, BaseUrl, Client, ListView, ResourceName, SortSpec, Take};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_query::ListQuery;
use workdesk_sync::{CancellationToken, OfflineSwitch, Replica};

const INVOICES: ResourceName = ResourceName::SupplierInvoice;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn sandbox(rt: &tokio::runtime::Runtime, invoices: usize) -> (workdesk_sandbox::Running, Client) {
    // The default 1000 requests per hour would stop the benchmark mid-way.
    let config = workdesk_sandbox::Config::unmetered(invoices);
    let sandbox = rt.block_on(workdesk_sandbox::start(config)).unwrap();
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();
    (sandbox, client)
}

fn open(dir: &std::path::Path, name: &str, key: &DataKey, new: bool) -> Arc<Cache> {
    let (cache, _) = Cache::open(&file_of(dir, name), name, key, new).unwrap();
    Arc::new(cache)
}

fn take_offline(rt: &tokio::runtime::Runtime, replica: &Replica) {
    rt.block_on(replica.make_available_offline(INVOICES, |_| {}, &CancellationToken::new()))
        .unwrap();
}

/// The list's default columns, as the app asks for them.
fn default_view(page: u32, take: u8) -> ListView {
    ListView {
        page,
        take: Take::Count(take),
        fields: Some(
            [
                "name",
                "operation_status",
                "invoice_number",
                "issue_date",
                "is_pay_authorized",
                "total",
                "id",
            ]
            .map(str::to_owned)
            .to_vec(),
        ),
        sort: Vec::<SortSpec>::new(),
        filters: Vec::new(),
        widths: None,
        search: String::new(),
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn bench(c: &mut Criterion) {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();

    // 10,000 invoices: size on disk, the download, and cache on vs off.
    let (_small, client) = sandbox(&rt, 10_000);
    let key = DataKey::generate();
    let replica = Replica::new(
        client.clone(),
        open(dir.path(), "ten-thousand", &key, true),
        OfflineSwitch::default(),
    );
    take_offline(&rt, &replica);
    let usage = replica.cache().usage().unwrap();
    drop(replica);
    let file = std::fs::metadata(file_of(dir.path(), "ten-thousand"))
        .unwrap()
        .len();
    println!(
        "file size per 10,000 supplier invoices: {:.1} MB on disk ({:.1} MB in use, {} records)",
        file as f64 / 1e6,
        usage.bytes as f64 / 1e6,
        usage.records
    );

    let mut download = c.benchmark_group("make_available_offline");
    download.sample_size(10);
    download.bench_function("10000", |b| {
        let mut n = 0;
        b.iter(|| {
            n += 1;
            let replica = Replica::new(
                client.clone(),
                open(
                    dir.path(),
                    &format!("download-{n}"),
                    &DataKey::generate(),
                    true,
                ),
                OfflineSwitch::default(),
            );
            take_offline(&rt, &replica);
        });
    });
    download.finish();

    // list_records with the cache on (fetch, compare with the saved page,
    // queue the write) and off (the client alone, records cut to the same
    // columns), interleaved; each also
    // turned into the JSON the command hands to the webview and dropped, as
    // the command's return includes both.
    let on = Replica::new(
        client.clone(),
        open(dir.path(), "on", &key, true),
        OfflineSwitch::default(),
    );
    let view = default_view(3, 200);
    let checked = view.check(INVOICES).unwrap();
    let (mut with_cache, mut without) = (Vec::new(), Vec::new());
    let (mut with_cache_ipc, mut without_ipc) = (Vec::new(), Vec::new());
    for round in 0..300 {
        let started = Instant::now();
        let fresh = rt.block_on(on.fetch_page(&checked)).unwrap();
        let cached = started.elapsed();
        let json = serde_json::to_vec(&fresh).unwrap();
        drop((fresh, json));
        let cached_ipc = started.elapsed();
        // What the command queued for the background writer is done after
        // it returned: let it finish before the next round, so that neither
        // side of the pair runs beside it (the in-process sandbox shares
        // the two cores).
        on.cache().flush();
        // Off: the client alone, its records cut to the view's columns as
        // the command hands them over either way (the same work as the
        // "on" side, minus the cache's: the fingerprint and the queued
        // write).
        let started = Instant::now();
        let mut page = rt.block_on(client.list_view(INVOICES, &view)).unwrap();
        if let Some(fields) = &view.fields {
            for record in &mut page.results {
                *record = fields
                    .iter()
                    .map(|name| (name.clone(), record.get(name).cloned().unwrap_or_default()))
                    .collect();
            }
        }
        let bare = started.elapsed();
        let json = serde_json::to_vec(&page).unwrap();
        drop((page, json));
        let bare_ipc = started.elapsed();
        if round >= 20 {
            with_cache.push(cached);
            without.push(bare);
            with_cache_ipc.push(cached_ipc);
            without_ipc.push(bare_ipc);
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for (what, on_ms, off_ms) in [
        ("the Rust call", median(with_cache), median(without)),
        (
            "the command's return, JSON for the webview included",
            median(with_cache_ipc),
            median(without_ipc),
        ),
    ] {
        println!(
            "list_records, 200 rows, default columns, {what}: cache on {:.3} ms vs off {:.3} ms (medians of 280 interleaved rounds): {:.3}x",
            ms(on_ms),
            ms(off_ms),
            on_ms.as_secs_f64() / off_ms.as_secs_f64()
        );
    }

    // A saved 200-row page, opened again.
    on.cache().flush();
    let mut saved = c.benchmark_group("saved_page");
    saved.bench_function("200_rows", |b| {
        b.iter(|| {
            on.saved_page(&checked)
                .unwrap()
                .unwrap()
                .value
                .results
                .len()
        });
    });
    saved.finish();
    drop(on);

    // 50,000 saved invoices: an offline filter and 2-key sort.
    let (_large, client) = sandbox(&rt, 50_000);
    let key = DataKey::generate();
    let replica = Replica::new(
        client,
        open(dir.path(), "fifty-thousand", &key, true),
        OfflineSwitch::default(),
    );
    take_offline(&rt, &replica);
    let query = ListQuery::parse(
        "take=200&operation_status__in=PR,CO&total__gte=500&or__issue_date__lt=2025-01-01&sort=-total,issue_date",
    )
    .unwrap();
    let schema = INVOICES.schema();
    let answer = replica.cache().query(schema, &query).unwrap();
    println!(
        "offline query: {} of {} saved invoices match",
        answer.count, answer.saved
    );
    let mut offline = c.benchmark_group("offline_query");
    offline.bench_function("warm", |b| {
        b.iter(|| replica.cache().query(schema, &query).unwrap().count);
    });
    // The search box over the same records: a piece of a name and a
    // number (in the name, or the invoice's number), page of 20; the
    // query saved records answer (`CheckedView::saved_form`: without the
    // supplier's name and number, which only the service holds).
    let search = ListView {
        search: "26-00 7".to_owned(),
        ..default_view(1, 20)
    }
    .check(INVOICES)
    .unwrap()
    .saved_form()
    .0
    .clone();
    let found = replica.cache().query(schema, &search).unwrap();
    println!(
        "offline search: {} of {} saved invoices match {}",
        found.count,
        found.saved,
        search.to_query_string()
    );
    offline.bench_function("search_warm", |b| {
        b.iter(|| replica.cache().query(schema, &search).unwrap().count);
    });
    drop(replica);
    offline.sample_size(10);
    offline.bench_function("first_after_start", |b| {
        b.iter_custom(|iterations| {
            let mut spent = Duration::ZERO;
            for _ in 0..iterations {
                let cache = open(dir.path(), "fifty-thousand", &key, false);
                let started = Instant::now();
                cache.query(schema, &query).unwrap();
                spent += started.elapsed();
            }
            spent
        });
    });
    offline.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

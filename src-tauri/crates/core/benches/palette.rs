//! The command palette's first results for BENCHMARKS.md: the time from
//! the search being asked (once the pause in typing is over) to its answer,
//! every list searched (`workdesk_core::reading::palette::search`, what
//! `palette_search` runs), against the sandbox in this process over
//! loopback HTTP (release build, no rate limit) with 50,000 supplier
//! invoices, and a real SQLite file.
//!
//! `cargo bench -p workdesk-core --bench palette`:
//!
//! - `palette/saved_50000`: "0012" working offline, the 50,000 invoices
//!   made available offline: every list from the saved records;
//! - `palette/online_saved_whole_50000`: the same words connected, the
//!   invoices saved whole (answered from them, no request), the seven other
//!   lists from the service at once;
//! - `palette/service_50000`: the same words connected, nothing saved:
//!   every list from the service at once (the sandbox's own search over
//!   50,000 invoices is most of it).

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use workdesk_api::{ApiKey, BaseUrl, Client, ResourceName};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_core::reading::palette::search;
use workdesk_sync::{CancellationToken, OfflineSwitch, Replica};

/// The words searched: a whole number, as a part of an invoice's number is typed.
const WORDS: &str = "0012";

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// The time until the palette's answer for [`WORDS`], and how many
/// matches it showed.
fn answer(rt: &tokio::runtime::Runtime, replica: &Replica) -> (Duration, usize) {
    rt.block_on(async {
        let started = Instant::now();
        let groups = search(replica, WORDS).await;
        let took = started.elapsed();
        for group in &groups {
            assert!(group.error.is_none(), "{group:?}");
        }
        (took, groups.iter().map(|g| g.results.len()).sum())
    })
}

fn bench(c: &mut Criterion) {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let config = workdesk_sandbox::Config::unmetered(50_000);
    let sandbox = rt.block_on(workdesk_sandbox::start(config)).unwrap();
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();
    let (cache, _) = Cache::open(
        &file_of(dir.path(), "palette"),
        "palette",
        &DataKey::generate(),
        true,
    )
    .unwrap();
    let offline = OfflineSwitch::default();
    let replica = Replica::new(client, Arc::new(cache), offline.clone());
    let mut group = c.benchmark_group("palette");

    group.sample_size(20);
    println!("matches from the service: {}", answer(&rt, &replica).1);
    group.bench_function("service_50000", |b| {
        b.iter_custom(|n| {
            (0..n)
                .map(|_| {
                    // Nothing saved: forget what the last search saved.
                    replica.cache().clear();
                    replica.cache().flush();
                    answer(&rt, &replica).0
                })
                .sum()
        });
    });

    rt.block_on(replica.make_available_offline(
        ResourceName::SupplierInvoice,
        |_| {},
        &CancellationToken::new(),
    ))
    .unwrap();
    replica.cache().flush();
    println!("matches, invoices saved whole: {}", answer(&rt, &replica).1);
    group.bench_function("online_saved_whole_50000", |b| {
        b.iter_custom(|n| (0..n).map(|_| answer(&rt, &replica).0).sum());
    });

    offline.set(true);
    println!("matches working offline: {}", answer(&rt, &replica).1);
    group.sample_size(50);
    group.bench_function("saved_50000", |b| {
        b.iter_custom(|n| (0..n).map(|_| answer(&rt, &replica).0).sum());
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

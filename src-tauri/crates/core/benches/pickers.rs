//! A record picker's first results for BENCHMARKS.md: the time from the
//! read being asked (once the pause in typing is over) to its first
//! answer, through the one read path (`Replica::read_page`) with the
//! picker's own view (`workdesk_core::reading::pickers`), against the sandbox in
//! this process over loopback HTTP (release build) and a real SQLite file.
//!
//! `cargo bench -p workdesk-core --bench pickers`:
//!
//! - `picker/sandbox_customers`: "s.a" among the demo's customers, nothing
//!   saved: the service's answer;
//! - `picker/sandbox_invoices_50000`: "FP-2026 0012" among 50,000 supplier
//!   invoices, nothing saved: the service's answer;
//! - `picker/saved_invoices_50000`: the same words working offline, over
//!   the 50,000 invoices made available offline: the saved answer;
//! - `members_seen/50000`: the members the 50,000 saved invoices name.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use workdesk_api::{ApiKey, BaseUrl, Client, ListView, ResourceName};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_core::reading::pickers::picker;
use workdesk_sync::{CancellationToken, OfflineSwitch, Replica};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A replica over a new sandbox of `invoices` supplier invoices and a new
/// cache file in `dir`, with its "Work offline" switch.
fn replica(
    rt: &tokio::runtime::Runtime,
    dir: &std::path::Path,
    invoices: usize,
) -> (workdesk_sandbox::Running, Replica, OfflineSwitch) {
    let config = workdesk_sandbox::Config::unmetered(invoices);
    let sandbox = rt.block_on(workdesk_sandbox::start(config)).unwrap();
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();
    let name = format!("pickers-{invoices}");
    let (cache, _) = Cache::open(&file_of(dir, &name), &name, &DataKey::generate(), true).unwrap();
    let offline = OfflineSwitch::default();
    (
        sandbox,
        Replica::new(client, Arc::new(cache), offline.clone()),
        offline,
    )
}

/// The picker view of `resource` searching `words`.
fn searching(resource: ResourceName, words: &str) -> ListView {
    ListView {
        search: words.to_owned(),
        ..picker(resource).view
    }
}

/// The time until the first answer of reading `view`, and how many
/// records it showed.
fn first_answer(
    rt: &tokio::runtime::Runtime,
    replica: &Replica,
    resource: ResourceName,
    view: &ListView,
) -> (Duration, usize) {
    rt.block_on(async {
        let started = Instant::now();
        let mut first = None;
        replica
            .read_page(resource, view, |answer, _| {
                if first.is_none() {
                    let shown = match answer {
                        workdesk_sync::Answer::Saved { value, .. }
                        | workdesk_sync::Answer::Fresh { value, .. } => value.results.len(),
                    };
                    first = Some((started.elapsed(), shown));
                }
            })
            .await
            .unwrap();
        first.expect("an answer")
    })
}

fn bench(c: &mut Criterion) {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("picker");

    let (_demo, small, _) = replica(&rt, dir.path(), 1_000);
    let customers = searching(ResourceName::Customer, "s.a");
    println!(
        "customers matching s.a shown: {}",
        first_answer(&rt, &small, ResourceName::Customer, &customers).1
    );
    group.bench_function("sandbox_customers", |b| {
        b.iter_custom(|n| {
            (0..n)
                .map(|_| first_answer(&rt, &small, ResourceName::Customer, &customers).0)
                .sum()
        });
    });

    let invoices = ResourceName::SupplierInvoice;
    let (_large, large, offline) = replica(&rt, dir.path(), 50_000);
    let words = searching(invoices, "FP-2026 0012");
    group.sample_size(20);
    group.bench_function("sandbox_invoices_50000", |b| {
        b.iter_custom(|n| {
            (0..n)
                .map(|_| {
                    // Nothing saved: forget what the last read saved.
                    large.cache().clear();
                    first_answer(&rt, &large, invoices, &words).0
                })
                .sum()
        });
    });

    rt.block_on(large.make_available_offline(invoices, |_| {}, &CancellationToken::new()))
        .unwrap();
    offline.set(true);
    println!(
        "saved invoices matching FP-2026 0012 shown: {}",
        first_answer(&rt, &large, invoices, &words).1
    );
    group.sample_size(50);
    group.bench_function("saved_invoices_50000", |b| {
        b.iter_custom(|n| {
            (0..n)
                .map(|_| first_answer(&rt, &large, invoices, &words).0)
                .sum()
        });
    });
    group.finish();

    let mut members = c.benchmark_group("members_seen");
    println!("members seen: {}", large.members_seen().unwrap().len());
    members.bench_function("50000", |b| b.iter(|| large.members_seen().unwrap().len()));
    members.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

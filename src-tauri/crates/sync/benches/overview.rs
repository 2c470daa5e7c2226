//! The overview's figures for BENCHMARKS.md, against the sandbox in this
//! process (release build) and a real SQLite file in a temporary folder.
//!
//! `cargo bench -p workdesk-sync --bench overview`:
//!
//! - `overview/saved_10000_invoices`: the whole overview (every part) over
//!   10,000 saved supplier invoices, 5,000 customer invoices and the
//!   workspace's tasks and leads, all made available offline (no request):
//!   what the `overview` command computes before IPC;
//! - `overview/service_counts`: the whole overview from the service's
//!   counts over loopback HTTP, nothing saved; the requests it sends are
//!   printed once (at most `SERVICE_REQUESTS_MAX`).

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use workdesk_api::{ApiKey, BaseUrl, Client};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_sync::overview::{PartSource, RESOURCES, SERVICE_REQUESTS_MAX};
use workdesk_sync::{CancellationToken, OfflineSwitch, Replica};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn replica(sandbox: &workdesk_sandbox::Running, dir: &std::path::Path) -> Replica {
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();
    let (cache, _) = Cache::open(&file_of(dir, "ws"), "ws", &DataKey::generate(), true).unwrap();
    Replica::new(client, Arc::new(cache), OfflineSwitch::default())
}

fn bench(c: &mut Criterion) {
    let rt = runtime();
    // The default 1000 requests per hour would stop the benchmark mid-way.
    let sandbox = rt
        .block_on(workdesk_sandbox::start(
            workdesk_sandbox::Config::unmetered(10_000),
        ))
        .unwrap();
    let now = chrono::Local::now();
    let mut group = c.benchmark_group("overview");

    let dir = tempfile::tempdir().unwrap();
    let saved = replica(&sandbox, dir.path());
    for resource in RESOURCES {
        rt.block_on(saved.make_available_offline(resource, |_| {}, &CancellationToken::new()))
            .unwrap();
    }
    let overview = rt.block_on(saved.overview(&now));
    for part in &overview.parts {
        let PartSource::SavedRecords { saved, .. } = part.source else {
            panic!("{:?} is not saved whole: {:?}", part.resource, part.source);
        };
        println!(
            "{:?}: {saved} saved records, {} figures",
            part.resource,
            part.figures.len()
        );
    }
    group.bench_function("saved_10000_invoices", |b| {
        b.iter(|| rt.block_on(saved.overview(&now)));
    });

    let other = tempfile::tempdir().unwrap();
    let counted = replica(&sandbox, other.path());
    let overview = rt.block_on(counted.overview(&now));
    let requests: u32 = overview
        .parts
        .iter()
        .map(|part| match part.source {
            PartSource::Service { requests, .. } => requests,
            ref other => panic!("{:?}: {other:?}", part.resource),
        })
        .sum();
    println!("from the service's counts: {requests} requests (at most {SERVICE_REQUESTS_MAX})");
    group.bench_function("service_counts", |b| {
        b.iter(|| rt.block_on(counted.overview(&now)));
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);

//! The leads board for BENCHMARKS.md: 2,000 leads grouped by status in
//! Rust, the board command's own work (`workdesk_core::reading::board`).
//!
//! `cargo bench -p workdesk-core --bench board`:
//!
//! - `board/saved_2000`: `board_of` over 2,000 leads saved whole on a real
//!   SQLite file, working offline (nothing sent): the saved leads' card
//!   fields (from the cache's index), sorted, the statuses seen, the
//!   names, the outbox, the grouping;
//! - `board/group_2000`: the grouping alone (`lead_of` and `group`).
//!
//! The window's part (request to the columns painted) is the measure
//! `workdesk:board` (User Timing) in the app.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
use workdesk_api::{ApiKey, BaseUrl, Client, JsonRecord, ResourceName};
use workdesk_cache::{file_of, Cache, DataKey, ResourceState};
use workdesk_core::reading::board::{board_of, group, lead_of, BOARD_LEADS_MAX};
use workdesk_sync::{OfflineSwitch, Replica};

/// Leads on the board.
const LEADS: usize = 2_000;

/// Statuses a workspace might use (none of them the sandbox's).
const STATUSES: [&str; 7] = [
    "prospecto",
    "contactado",
    "en negociación",
    "propuesta enviada",
    "ganado",
    "perdido",
    "en pausa",
];

/// Lead `n`: a status (every 23rd none), a source, a follower, created
/// `n` hours after the first.
fn lead(n: usize) -> JsonRecord {
    let created = Utc.with_ymd_and_hms(2026, 1, 1, 9, 0, 0).unwrap() + Duration::hours(n as i64);
    let status = (!n.is_multiple_of(23)).then(|| STATUSES[n % STATUSES.len()]);
    serde_json::json!({
        "id": format!("00000000-0000-4000-8000-{n:012}"),
        "created_at": created.to_rfc3339(),
        "updated_at": null,
        "audit_status": "C",
        "member": "11111111-1111-4111-8111-111111111111",
        "created_by": "11111111-1111-4111-8111-111111111111",
        "source": format!("Feria {}", n % 40),
        "status": status,
        "user_member": "22222222-2222-4222-8222-222222222222",
        "person": null,
        "company": format!("33333333-3333-4333-8333-{:012}", n % 300),
        "custom_fields": null,
    })
    .as_object()
    .unwrap()
    .clone()
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (cache, _) = Cache::open(
        &file_of(dir.path(), "board"),
        "board",
        &DataKey::generate(),
        true,
    )
    .unwrap();
    let schema = ResourceName::Lead.schema();
    let records: Vec<JsonRecord> = (0..LEADS).map(lead).collect();
    cache.save_records(schema, records.clone(), true);
    cache.set_state(
        schema,
        ResourceState {
            complete: true,
            count: LEADS as u64,
            refreshed_at: Some(Utc::now()),
            ids_walked_at: Some(Utc::now()),
            newest_change: None,
        },
    );
    cache.flush();
    // Working offline: the address is never asked.
    let client = Client::new(
        BaseUrl::parse("https://127.0.0.1:9").unwrap(),
        ApiKey::parse("service_bench00000000000000000000000000000000").unwrap(),
    )
    .unwrap();
    let offline = OfflineSwitch::default();
    offline.set(true);
    let replica = Replica::new(client, Arc::new(cache), offline);
    let board = rt.block_on(board_of(&replica, BOARD_LEADS_MAX)).unwrap();
    assert_eq!(board.shown as usize, LEADS);
    assert_eq!(board.columns.len(), STATUSES.len() + 1);

    let mut group_bench = c.benchmark_group("board");
    group_bench.sample_size(20);
    group_bench.bench_function("saved_2000", |b| {
        b.iter(|| rt.block_on(board_of(&replica, BOARD_LEADS_MAX)).unwrap());
    });
    let statuses: Vec<String> = STATUSES.iter().map(|s| (*s).to_owned()).collect();
    let names = HashMap::new();
    let changes = HashMap::new();
    group_bench.bench_function("group_2000", |b| {
        b.iter(|| {
            let leads = records
                .iter()
                .map(|r| lead_of(r, &names, &changes))
                .collect();
            group(leads, &statuses)
        });
    });
    group_bench.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

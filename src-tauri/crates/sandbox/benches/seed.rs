//! Cost of the demo's seeding: both workspaces of the default seed with the
//! default sizes (workspace A: 2,437 supplier invoices, 1,218 customer
//! invoices, 80 leads; workspace B), as `start_seeding` builds them on a
//! blocking thread before the sandbox answers (BENCHMARKS.md, "Demo seed").
//! `cargo bench -p workdesk-sandbox --bench seed`

use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    c.bench_function("seed: default dataset", |b| {
        b.iter_with_large_drop(workdesk_sandbox::build_default_dataset_for_bench);
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

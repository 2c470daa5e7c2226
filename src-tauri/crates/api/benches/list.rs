//! How long one page of supplier invoices takes: parsing a response body, and
//! the whole request against the sandbox over loopback HTTP.
//!
//! `cargo bench -p workdesk-api --bench list` (figures in BENCHMARKS.md).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use workdesk_api::{ApiKey, BaseUrl, Client, Envelope, ListQuery, Page, SupplierInvoice, Take};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn bench(c: &mut Criterion) {
    let rt = runtime();
    // The default 1000 requests per hour would stop the benchmark mid-way.
    let config = workdesk_sandbox::Config {
        rate_limit: workdesk_sandbox::RateLimit {
            requests: u32::MAX,
            window: std::time::Duration::from_secs(3600),
        },
        ..workdesk_sandbox::Config::default()
    };
    let sandbox = rt.block_on(workdesk_sandbox::start(config)).unwrap();
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();

    // The raw body of a 200-row page, as the service sends it.
    let body = rt.block_on(async {
        let url = format!("{}/account_payable/invoice/?take=all", sandbox.base_url());
        reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .get(url)
            .bearer_auth(&sandbox.keys().workspace_a)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap()
    });

    let mut parse = c.benchmark_group("parse_page");
    parse.throughput(Throughput::Bytes(body.len() as u64));
    parse.bench_function("200_supplier_invoices", |b| {
        b.iter(|| {
            let envelope: Envelope<Page<SupplierInvoice>> = serde_json::from_slice(&body).unwrap();
            envelope.data.unwrap().results.len()
        })
    });
    parse.finish();

    let mut list = c.benchmark_group("list_supplier_invoices_loopback");
    for take in [20u8, 200] {
        list.throughput(Throughput::Elements(u64::from(take)));
        list.bench_with_input(BenchmarkId::from_parameter(take), &take, |b, &take| {
            b.to_async(&rt).iter(|| async {
                let query = ListQuery {
                    page: 3,
                    take: Take::Count(take),
                };
                client
                    .list_supplier_invoices(&query)
                    .await
                    .unwrap()
                    .results
                    .len()
            })
        });
    }
    list.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

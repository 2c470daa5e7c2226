//! How long one page of supplier invoices takes: parsing a response body
//! into JSON records, the whole request against the sandbox over loopback
//! HTTP (`Client::list_view`: check, send, decode, each field read by its
//! schema type), and the client's overhead over a bare reqwest GET of the
//! same URL with the same headers (same process, same run).
//!
//! `cargo bench -p workdesk-api --bench list` (figures in BENCHMARKS.md).
//! The overhead ratio is `client_overhead/client` over
//! `client_overhead/bare_get_json` (a bare GET plus the client's own
//! decode: `serde_json` into JSON records, each field then read by its
//! schema type with `read_fields`) and over `bare_get_bytes` (a
//! bare GET, body unread). Because separate criterion groups can see different machine
//! load, the run ends with a paired measurement that interleaves the three
//! request by request and prints their medians and ratios.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use reqwest::header::{HeaderMap, HeaderValue, ACCEPT, AUTHORIZATION};
use workdesk_api::{
    read_fields, ApiKey, BaseUrl, Client, Envelope, JsonRecord, ListView, Page, ResourceName, Take,
};

/// The records of a supplier-invoice page body, decoded as the client
/// decodes them (`serde_json`, then each field by its schema type).
fn decode_as_the_client(body: &[u8]) -> usize {
    let envelope: Envelope<Page<JsonRecord>> = serde_json::from_slice(body).unwrap();
    let mut page = envelope.data.unwrap();
    let schema = ResourceName::SupplierInvoice.schema();
    for record in &mut page.results {
        read_fields(schema, record, None);
    }
    page.results.len()
}

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
    let key = &sandbox.keys().workspace_a;
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(key).unwrap(),
    )
    .unwrap();

    // A bare reqwest client sending the same headers as the API client.
    let mut headers = HeaderMap::new();
    headers.insert(
        AUTHORIZATION,
        HeaderValue::try_from(format!("Bearer {key}")).unwrap(),
    );
    headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
    workdesk_api::crypto_provider();
    let bare = reqwest::Client::builder()
        .no_proxy()
        .default_headers(headers)
        .user_agent(concat!("Workdesk/", env!("CARGO_PKG_VERSION")))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = format!(
        "{}/account_payable/invoice/?page=3&take=200",
        sandbox.base_url()
    );
    let view = ListView {
        page: 3,
        take: Take::Count(200),
        ..ListView::default()
    };

    // The raw body of a 200-row page, as the service sends it.
    let body = rt.block_on(async { bare.get(&url).send().await.unwrap().bytes().await.unwrap() });

    let mut parse = c.benchmark_group("parse_page");
    parse.throughput(Throughput::Bytes(body.len() as u64));
    // The body read straight into JSON objects, as the client decodes it
    // before reading each field by its schema type.
    parse.bench_function("200_supplier_invoices", |b| {
        b.iter(|| {
            let envelope: Envelope<Page<JsonRecord>> = serde_json::from_slice(&body).unwrap();
            envelope.data.unwrap().results.len()
        })
    });
    parse.finish();

    let mut list = c.benchmark_group("list_supplier_invoices_loopback");
    for take in [20u8, 200] {
        list.throughput(Throughput::Elements(u64::from(take)));
        list.bench_with_input(BenchmarkId::from_parameter(take), &take, |b, &take| {
            let view = ListView {
                page: 3,
                take: Take::Count(take),
                ..ListView::default()
            };
            b.to_async(&rt).iter(|| async {
                client
                    .list_view(ResourceName::SupplierInvoice, &view)
                    .await
                    .unwrap()
                    .results
                    .len()
            })
        });
    }
    list.finish();

    // Client overhead on a 200-row page: the three variants interleave in
    // one group so they see the same machine load.
    let mut overhead = c.benchmark_group("client_overhead");
    overhead.throughput(Throughput::Elements(200));
    overhead.bench_function("bare_get_bytes", |b| {
        b.to_async(&rt).iter(|| async {
            bare.get(&url)
                .send()
                .await
                .unwrap()
                .bytes()
                .await
                .unwrap()
                .len()
        })
    });
    overhead.bench_function("bare_get_json", |b| {
        b.to_async(&rt).iter(|| async {
            let bytes = bare.get(&url).send().await.unwrap().bytes().await.unwrap();
            decode_as_the_client(&bytes)
        })
    });
    overhead.bench_function("client", |b| {
        b.to_async(&rt).iter(|| async {
            client
                .list_view(ResourceName::SupplierInvoice, &view)
                .await
                .unwrap()
                .results
                .len()
        })
    });
    overhead.finish();

    paired(&rt, &client, &view, &bare, &url);
}

/// Rounds of the paired measurement.
const ROUNDS: usize = 300;

/// Times the three ways of getting the page interleaved, in rotating
/// order, and prints medians and ratios.
fn paired(
    rt: &tokio::runtime::Runtime,
    client: &Client,
    view: &ListView,
    bare: &reqwest::Client,
    url: &str,
) {
    let mut times: [Vec<f64>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    rt.block_on(async {
        for round in 0..ROUNDS {
            for step in 0..3 {
                let which = (round + step) % 3;
                let started = std::time::Instant::now();
                let rows = match which {
                    0 => bare
                        .get(url)
                        .send()
                        .await
                        .unwrap()
                        .bytes()
                        .await
                        .unwrap()
                        .len(),
                    1 => {
                        let bytes = bare.get(url).send().await.unwrap().bytes().await.unwrap();
                        decode_as_the_client(&bytes)
                    }
                    _ => client
                        .list_view(ResourceName::SupplierInvoice, view)
                        .await
                        .unwrap()
                        .results
                        .len(),
                };
                times[which].push(started.elapsed().as_secs_f64() * 1000.0);
                assert!(rows > 0);
            }
        }
    });
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let [bytes, json, via_client] = times.each_mut().map(median);
    println!(
        "client_overhead/paired ({ROUNDS} interleaved rounds, medians): \
         bare_get_bytes {bytes:.3} ms, bare_get_json {json:.3} ms, client {via_client:.3} ms; \
         client/bare_get_json = {:.3}x, client/bare_get_bytes = {:.3}x",
        via_client / json,
        via_client / bytes
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);

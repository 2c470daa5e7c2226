//! Cost of the engine alone: check a query, then filter and sort 50,000
//! supplier-invoice JSON records (the size of the sandbox benchmark).
//! `cargo bench -p workdesk-query --bench select`

use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Map, Value};
use workdesk_query::{resources, ListQuery};

const RECORDS: usize = 50_000;
const SUPPLIERS: [&str; 6] = [
    "Acme Industrial Supply S.A.S.",
    "Peña Hermanos",
    "Óptica Álvarez",
    "Díaz & Muñoz Ltda.",
    "Northwind Traders",
    "Ibáñez Logística",
];
const QUERY: &str = "operation_status__in=PR,CO&total__gte=500&or__issue_date__lt=2025-01-01&not__supplier__name__icontains=acme&sort=-total,issue_date&take=200";

fn records() -> Vec<Map<String, Value>> {
    (0..RECORDS)
        .map(|i| {
            let status = ["PR", "CO", "ER"][i % 3];
            let supplier = SUPPLIERS[i % SUPPLIERS.len()];
            let record = json!({
                "id": uuid::Uuid::from_u128(i as u128 * 7919).hyphenated().to_string(),
                "operation_status": status,
                "total": format!("{}.{:02}", (i * 37) % 10_000, i % 100),
                "issue_date": format!("2025-{:02}-{:02}T10:00:00Z", i % 12 + 1, i % 28 + 1),
                "description": if i % 5 == 0 { Value::Null } else { json!("Servicios de mantenimiento") },
                "supplier": {"name": supplier},
            });
            let Value::Object(map) = record else { unreachable!() };
            map
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let records = records();
    c.bench_function("parse + check a 5-condition query", |b| {
        b.iter(|| {
            ListQuery::parse(QUERY)
                .unwrap()
                .check(&resources::SUPPLIER_INVOICE)
                .unwrap()
        });
    });
    let plan = ListQuery::parse(QUERY)
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .unwrap();
    let selected = plan.select(records.iter()).len();
    c.bench_function(
        &format!("filter {RECORDS} records (4 conditions) and sort {selected} by 2 keys"),
        |b| b.iter(|| plan.select(records.iter()).len()),
    );
    let unsorted = ListQuery::parse("operation_status__in=PR,CO&total__gte=500")
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .unwrap();
    c.bench_function(
        &format!("filter {RECORDS} records (2 conditions), no sort"),
        |b| b.iter(|| unsorted.select(records.iter()).len()),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);

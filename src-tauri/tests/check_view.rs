//! `check_view`, the one authority the filter builder asks as the user
//! types, answers every draft view exactly as `read_list` would: a
//! property test over random views (fields, operators and values of every
//! kind, good and bad, page sizes, sort keys, columns) of every resource,
//! on the mock runtime, with `read_list` going to a real sandbox over
//! loopback HTTP. A view `check_view` accepts is one the service takes
//! and answers (no rule of the service's is missing from the engine); a
//! view it refuses is refused by `read_list` with the same problems, keyed
//! alike (`filters.<index>`, `take`, `sort`…), before anything is sent.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

use std::cell::Cell;

mod common;

use common::{invoke, read_list};
use proptest::prelude::*;
use serde_json::{json, Value};

const SERVICE: &str = "dev.workdesk.test-check-view";

/// The operators of the service's filters (docs/service.md, "Filters").
const OPERATORS: &[&str] = &[
    "exact",
    "iexact",
    "icontains",
    "startswith",
    "in",
    "gt",
    "gte",
    "lt",
    "lte",
    "range",
    "isnull",
];

/// Values as a user might type them into any control: numbers within and
/// past the service's decimal bounds, whole and not, dates and instants
/// (one with its `+` lost), booleans, choice codes, ids, commas, blanks.
const VALUES: &[&str] = &[
    "",
    " ",
    "10",
    "9.5",
    "-2.50",
    "0.000001",
    "0.0000001",
    "99999999999999.999999",
    "100000000000000",
    "1e400",
    "abc",
    "true",
    "false",
    "PR",
    "ER",
    "2025-01-01",
    "2025-01-01T00:00:00Z",
    "2025-01-01T00:00:00 01:00",
    "2024-12-31T23:00:00+01:00",
    "00000000-0000-4000-8000-000000000001",
    "a,b",
    "Acme",
];

/// One resource's name and the names of its fields (from `resource_schemas`).
type Resource = (String, Vec<String>);

/// A random view of one of `resources`, as the UI sends it.
fn view(resources: Vec<Resource>) -> impl Strategy<Value = (String, Value)> {
    (0..resources.len()).prop_flat_map(move |index| {
        let (resource, fields) = resources[index].clone();
        // Fields of the resource, a relation's, and one no resource has.
        let mut names = fields.clone();
        names.extend(["supplier__name".to_owned(), "colour".to_owned()]);
        let names = prop::sample::select(names);
        let filter = (
            any::<bool>(),
            any::<bool>(),
            names.clone(),
            prop::sample::select(OPERATORS),
            prop::collection::vec(prop::sample::select(VALUES), 0..4),
        )
            .prop_map(|(or, not, field, operator, values)| {
                json!({"or": or, "not": not, "field": field, "operator": operator, "values": values})
            });
        let sort = (names.clone(), any::<bool>())
            .prop_map(|(field, descending)| json!({"field": field, "descending": descending}));
        let take = prop_oneof![
            Just(json!(20)),
            Just(json!(1)),
            Just(json!(200)),
            Just(json!(0)),
            Just(json!(201))
        ];
        let columns = prop::option::weighted(0.3, prop::collection::vec(names, 0..3));
        (
            prop::collection::vec(filter, 0..4),
            prop::collection::vec(sort, 0..2),
            take,
            prop_oneof![4 => Just(1u32), 1 => Just(0u32)],
            columns,
        )
            .prop_map(move |(filters, sort, take, page, columns)| {
                let view = json!({
                    "page": page,
                    "take": take,
                    "fields": columns,
                    "sort": sort,
                    "filters": filters,
                });
                (resource.clone(), view)
            })
    })
}

/// What a refusal says, for comparing: its kind and, by key, each
/// problem's source, code and values.
fn verdict(answer: &Result<Value, Value>) -> Value {
    match answer {
        Ok(_) => json!("ok"),
        Err(error) => {
            let problems: serde_json::Map<String, Value> = error["field_errors"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(key, list)| {
                    let list: Vec<Value> = list
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|p| json!([p["source"], p["code"], p["values"]]))
                        .collect();
                    (key.clone(), Value::from(list))
                })
                .collect();
            json!({"kind": error["kind"], "problems": problems})
        }
    }
}

#[test]
fn check_view_answers_every_view_as_read_list_does() {
    let on = common::OnSandbox::start("check-view", SERVICE);
    let webview = &on.webview;
    let schemas = invoke(webview, "resource_schemas", json!({})).unwrap();
    let resources: Vec<Resource> = schemas
        .as_array()
        .unwrap()
        .iter()
        .map(|schema| {
            let fields = schema["fields"].as_array().unwrap();
            let names = fields
                .iter()
                .map(|f| f["name"].as_str().unwrap().to_owned());
            (
                schema["resource"].as_str().unwrap().to_owned(),
                names.collect(),
            )
        })
        .collect();
    assert!(resources.len() >= 5, "{schemas}");

    let (valid, refused) = (Cell::new(0), Cell::new(0));
    let config = ProptestConfig {
        cases: 192,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |((resource, view) in view(resources.clone()))| {
        let checked = invoke(webview, "check_view", json!({"resource": resource, "view": view}));
        let listed = read_list(
            webview,
            json!({"resource": resource, "view": view, "remember": false}),
        );
        if let Ok(read) = &listed {
            // Taken: the service answered it.
            prop_assert_eq!(&read.end, &json!({"end": "fresh"}), "{} {} {:?}", resource, view, read);
        }
        let listed = listed.map(|read| read.end);
        prop_assert_eq!(verdict(&checked), verdict(&listed), "{} {}", resource, view);
        let side = if checked.is_ok() { &valid } else { &refused };
        side.set(side.get() + 1);
    });
    // Both sides of the property were exercised.
    let (valid, refused) = (valid.get(), refused.get());
    assert!(
        valid >= 10 && refused >= 10,
        "{valid} valid, {refused} refused"
    );
    on.finish();
}

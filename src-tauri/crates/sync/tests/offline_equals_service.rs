//! Property: for random views (filters of every operator over every field,
//! `or` / `not`, sort keys, pages, page sizes, fields, the search box's
//! words where they can be sent with the filters), the offline answer
//! over the records saved from the sandbox (ids, order, count) equals the
//! sandbox's own answer for the same view.

use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use serde_json::Value as Json;
use workdesk_api::{
    ApiKey, BaseUrl, Client, FilterSpec, JsonRecord, ListView, Operator, ResourceName, SortSpec,
    Take,
};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_query::FieldType;
use workdesk_sync::{CancellationToken, OfflineSwitch, Replica};

const RESOURCE: ResourceName = ResourceName::SupplierInvoice;

struct World {
    runtime: tokio::runtime::Runtime,
    replica: Replica,
    /// Values the saved records hold, per field, to build conditions that
    /// match something.
    samples: Vec<JsonRecord>,
    _sandbox: workdesk_sandbox::Running,
    _dir: tempfile::TempDir,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let (sandbox, replica, samples) = runtime.block_on(async {
            let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config::default())
                .await
                .unwrap();
            let client = Client::new(
                BaseUrl::parse(sandbox.base_url()).unwrap(),
                ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
            )
            .unwrap();
            let (cache, _) =
                Cache::open(&file_of(dir.path(), "ws"), "ws", &DataKey::generate(), true).unwrap();
            let replica = Replica::new(client, Arc::new(cache), OfflineSwitch::default());
            replica
                .make_available_offline(RESOURCE, |_| {}, &CancellationToken::new())
                .await
                .unwrap();
            let samples = replica
                .client()
                .list_view(
                    RESOURCE,
                    &ListView {
                        take: Take::All,
                        ..ListView::default()
                    },
                )
                .await
                .unwrap()
                .results;
            (sandbox, replica, samples)
        });
        World {
            runtime,
            replica,
            samples,
            _sandbox: sandbox,
            _dir: dir,
        }
    })
}

/// The query text of a JSON value as a filter takes it.
fn text_of(value: &Json) -> Option<String> {
    match value {
        Json::String(text) => Some(text.clone()),
        Json::Number(number) => Some(number.to_string()),
        Json::Bool(flag) => Some(flag.to_string()),
        _ => None,
    }
}

fn value_for(
    field: &'static workdesk_query::Field,
    operator: Operator,
    pick: usize,
    cut: usize,
) -> String {
    let samples = &world().samples;
    let seen: Vec<String> = samples
        .iter()
        .filter_map(|record| record.get(field.name).and_then(text_of))
        .collect();
    if operator == Operator::Isnull {
        return if pick.is_multiple_of(2) {
            "true"
        } else {
            "false"
        }
        .into();
    }
    let Some(value) = seen.get(pick % seen.len().max(1)).cloned() else {
        return "0".into();
    };
    match operator {
        Operator::Icontains | Operator::Startswith if !value.is_empty() => {
            let chars: Vec<char> = value.chars().collect();
            let start = if operator == Operator::Startswith {
                0
            } else {
                cut % chars.len()
            };
            let end = (start + 1 + cut % 4).min(chars.len());
            let part: String = chars[start..end].iter().collect();
            if operator == Operator::Icontains && cut.is_multiple_of(2) {
                part.to_uppercase()
            } else {
                part
            }
        }
        Operator::Iexact if cut.is_multiple_of(2) => value.to_uppercase(),
        _ => value,
    }
}

/// A word a user might type in the search box: a piece of a saved
/// invoice's name or its supplier's name, its number, or a word nothing
/// holds.
fn search_word(pick: usize, cut: usize) -> String {
    let samples = &world().samples;
    let record = &samples[pick % samples.len()];
    let text = |value: Option<&Json>| value.and_then(text_of).unwrap_or_default();
    let source = match cut % 4 {
        0 => text(record.get("name")),
        1 => text(record.get("supplier").and_then(|s| s.get("name"))),
        2 => text(record.get("invoice_number")),
        _ => "zzqx".to_owned(),
    };
    let chars: Vec<char> = source.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.is_empty() || cut % 4 == 2 {
        return source;
    }
    let start = (cut / 4) % chars.len();
    let end = (start + 2 + cut % 3).min(chars.len());
    chars[start..end].iter().collect()
}

fn view_strategy() -> impl Strategy<Value = ListView> {
    let schema = RESOURCE.schema();
    let filterable: Vec<&'static workdesk_query::Field> = schema
        .fields
        .iter()
        .filter(|f| f.filterable && f.kind != FieldType::Json)
        .collect();
    let sortable: Vec<&'static str> = schema
        .fields
        .iter()
        .filter(|f| f.sortable)
        .map(|f| f.name)
        .collect();
    let condition = (
        prop::sample::select(filterable),
        any::<prop::sample::Index>(),
        any::<bool>(),
        any::<bool>(),
        0usize..400,
        0usize..400,
        0usize..400,
    )
        .prop_map(|(field, op, or, not, a, b, cut)| {
            let operators: Vec<Operator> = field.kind.operators().collect();
            let operator = operators[op.index(operators.len())];
            let values = match operator {
                Operator::In => vec![
                    value_for(field, operator, a, cut),
                    value_for(field, operator, b, cut),
                ],
                Operator::Range => {
                    let (low, high) = (
                        value_for(field, operator, a, cut),
                        value_for(field, operator, b, cut),
                    );
                    vec![low, high]
                }
                _ => vec![value_for(field, operator, a, cut)],
            };
            FilterSpec {
                or,
                not,
                field: field.name.to_owned(),
                operator,
                values,
            }
        });
    (
        1u32..=3,
        prop::sample::select(vec![5u8, 20, 50]),
        prop::collection::vec((prop::sample::select(sortable), any::<bool>()), 0..3),
        prop::collection::vec(condition, 0..4),
        any::<bool>(),
        prop::collection::vec((0usize..400, 0usize..400), 0..3),
    )
        .prop_map(|(page, take, sort, filters, narrow, words)| ListView {
            page,
            take: Take::Count(take),
            fields: narrow.then(|| vec!["id".into(), "name".into(), "total".into()]),
            sort: sort
                .into_iter()
                .map(|(field, descending)| SortSpec {
                    field: field.to_owned(),
                    descending,
                })
                .collect(),
            filters,
            widths: None,
            search: words
                .into_iter()
                .map(|(pick, cut)| search_word(pick, cut))
                .collect::<Vec<_>>()
                .join(" "),
        })
}

fn ids(records: &[JsonRecord]) -> Vec<String> {
    records
        .iter()
        .map(|r| r["id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn the_offline_answer_is_the_services(view in view_strategy()) {
        let world = world();
        let Ok(query) = view.list_query(RESOURCE) else {
            // A view that cannot be sent is refused before either answers.
            return Ok(());
        };
        let service = world.runtime.block_on(world.replica.client().list_view(RESOURCE, &view));
        let offline = world.replica.cache().query(RESOURCE.schema(), &query);
        match (service, offline) {
            (Ok(page), Ok(answer)) => {
                prop_assert_eq!(answer.count, page.count, "count of {}", query.to_query_string());
                prop_assert_eq!(ids(&answer.records), ids(&page.results), "ids of {}", query.to_query_string());
            }
            (Err(workdesk_api::Error::NotFound { .. }), Err(workdesk_cache::Error::PastLastPage { .. })) => {}
            (Err(workdesk_api::Error::Validation { .. }), Err(workdesk_cache::Error::Refused(_))) => {}
            (service, offline) => {
                prop_assert!(false, "{}: service {:?}, offline {:?}", query.to_query_string(), service.map(|p| p.count), offline.map(|a| a.count));
            }
        }
    }
}

//! Property: for random views of every resource (filters of every
//! operator over every field, `or` / `not`, sort keys, pages, page sizes,
//! fields, the search box's words where they can be sent with the
//! filters), the offline answer over the records saved from the sandbox
//! (ids, order, count) equals the sandbox's own answer for the same
//! question. Where the search also looks in related records' fields
//! (`supplier__name`), which only the service can, the question is the
//! one saved records answer (`CheckedView::saved_view`): the search in
//! the records' own fields.

use std::collections::HashMap;
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

struct World {
    runtime: tokio::runtime::Runtime,
    replica: Replica,
    /// The records of each resource, to build conditions that match
    /// something.
    samples: HashMap<ResourceName, Vec<JsonRecord>>,
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
            // Unmetered: every case is a request, over 1,000 in a run.
            let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config::unmetered(
                workdesk_sandbox::DEFAULT_INVOICES,
            ))
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
            let mut samples = HashMap::new();
            for resource in ResourceName::ALL {
                replica
                    .make_available_offline(resource, |_| {}, &CancellationToken::new())
                    .await
                    .unwrap();
                let page = replica
                    .client()
                    .list_view(
                        resource,
                        &ListView {
                            take: Take::All,
                            ..ListView::default()
                        },
                    )
                    .await
                    .unwrap();
                samples.insert(resource, page.results);
            }
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
    resource: ResourceName,
    field: &'static workdesk_query::Field,
    operator: Operator,
    pick: usize,
    cut: usize,
) -> String {
    let samples = &world().samples[&resource];
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
/// record's value in one of its resource's search fields, one of them
/// whole (a number), or a word nothing holds.
fn search_word(resource: ResourceName, pick: usize, cut: usize) -> String {
    let samples = &world().samples[&resource];
    let record = &samples[pick % samples.len()];
    let search = resource.schema().search;
    let (field, _) = search[(cut / 7) % search.len()];
    let source = match cut % 4 {
        0..=2 => record.get(field).and_then(text_of).unwrap_or_default(),
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

fn view_strategy(resource: ResourceName) -> impl Strategy<Value = (ResourceName, ListView)> {
    let schema = resource.schema();
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
        .prop_map(move |(field, op, or, not, a, b, cut)| {
            let operators: Vec<Operator> = field.kind.operators().collect();
            let operator = operators[op.index(operators.len())];
            let values = match operator {
                Operator::In => vec![
                    value_for(resource, field, operator, a, cut),
                    value_for(resource, field, operator, b, cut),
                ],
                Operator::Range => {
                    let (low, high) = (
                        value_for(resource, field, operator, a, cut),
                        value_for(resource, field, operator, b, cut),
                    );
                    vec![low, high]
                }
                _ => vec![value_for(resource, field, operator, a, cut)],
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
        .prop_map(move |(page, take, sort, filters, narrow, words)| {
            let view = ListView {
                page,
                take: Take::Count(take),
                fields: narrow.then(|| {
                    schema
                        .fields
                        .iter()
                        .filter(|f| f.kind != FieldType::Json)
                        .take(3)
                        .map(|f| f.name.to_owned())
                        .collect()
                }),
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
                    .map(|(pick, cut)| search_word(resource, pick, cut))
                    .collect::<Vec<_>>()
                    .join(" "),
            };
            (resource, view)
        })
}

/// A resource, then a view of it.
fn resource_and_view() -> impl Strategy<Value = (ResourceName, ListView)> {
    prop::sample::select(ResourceName::ALL.to_vec()).prop_flat_map(view_strategy)
}

fn ids(records: &[JsonRecord]) -> Vec<String> {
    records
        .iter()
        .map(|r| r["id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_offline_answer_is_the_services((resource, view) in resource_and_view()) {
        let world = world();
        let Ok(checked) = view.check(resource) else {
            // A view that cannot be sent is refused before either answers.
            return Ok(());
        };
        let asked = checked.saved_view();
        let query = asked.query().clone();
        let service = world.runtime.block_on(world.replica.client().list_checked(&asked));
        let offline = world.replica.cache().query(resource.schema(), &query);
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

//! Record pickers on the demo workspace (the sandbox over loopback HTTP, a
//! real SQLite file): a lead's company and person are found by the field the
//! service's leads hold, a picker's search finds a record by each of its
//! searchable fields online and over the saved records, the members
//! offered are exactly those the saved records name, and a new
//! stakeholder's location and document type are found by the words typed
//! through the stakeholders' related filters.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use workdesk_api::{FilterSpec, ListView, Operator, ResourceName, Take};
use workdesk_core::reading::pickers::{picker, references, ReferenceTo};
use workdesk_core::state::AppState;
use workdesk_sync::{ReadEnd, MEMBER_FIELDS};

mod common;
use common::demo;

/// How a read ended, and the last page it answered with.
async fn read(state: &AppState, resource: ResourceName, view: ListView) -> (String, Value) {
    let (answers, end) = common::messages(|answers| {
        workdesk_core::reading::records::read_list(state, resource, view, false, answers)
    })
    .await
    .unwrap();
    let last = answers.last().map_or(Value::Null, |answer| {
        serde_json::to_value(answer).unwrap()["value"].clone()
    });
    let end = match end {
        ReadEnd::Fresh => "fresh",
        ReadEnd::KeptSaved { .. } => "kept_saved",
        ReadEnd::NothingSaved { .. } => "nothing_saved",
    };
    (end.to_owned(), last)
}

fn exact(field: &str, value: &str) -> FilterSpec {
    FilterSpec {
        or: false,
        not: false,
        field: field.to_owned(),
        operator: Operator::Exact,
        values: vec![value.to_owned()],
    }
}

fn results(page: &Value) -> Vec<Value> {
    page["results"].as_array().cloned().unwrap_or_default()
}

/// Every record of `resource` with `fields`, read page by page as a list
/// is (so every one is saved).
async fn every(state: &AppState, resource: ResourceName, fields: &[&str]) -> Vec<Value> {
    let mut records = Vec::new();
    for page in 1.. {
        let view = ListView {
            page,
            take: Take::All,
            fields: Some(fields.iter().map(|f| (*f).to_owned()).collect()),
            ..ListView::default()
        };
        let (end, answer) = read(state, resource, view).await;
        assert_eq!(end, "fresh");
        let got = results(&answer);
        records.extend(got.iter().cloned());
        if records.len() as u64 >= answer["count"].as_u64().unwrap() || got.is_empty() {
            break;
        }
    }
    records
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leads_company_and_person_are_found_by_the_stakeholders_person_or_company_id() {
    let (state, _dir) = demo().await;
    let leads = every(&state, ResourceName::Lead, &["id", "company", "person"]).await;
    let lead_refs = references(ResourceName::Lead);
    let mut checked = 0;
    for field in ["company", "person"] {
        let reference = lead_refs.iter().find(|r| r.field == field).unwrap();
        let ReferenceTo::Record {
            resource,
            value,
            view,
        } = &reference.to
        else {
            panic!("{reference:?}");
        };
        let held: BTreeSet<&str> = leads
            .iter()
            .filter_map(|l| l[field].as_str())
            .take(5)
            .collect();
        assert!(!held.is_empty(), "no seeded lead has a {field}");
        for id in held {
            // The name shown for the value held: the picker's view, filtered
            // by the reference's value field, finds exactly one stakeholder
            // of the right kind (a company for `company`, else a person).
            let mut lookup = view.clone();
            lookup.filters.push(exact(value, id));
            let (end, page) = read(&state, *resource, lookup).await;
            assert_eq!(end, "fresh");
            let found = results(&page);
            assert_eq!(found.len(), 1, "{field} {id}: {found:?}");
            assert_eq!(found[0][value.as_str()], id);
            assert!(found[0]["name"].as_str().is_some_and(|n| !n.is_empty()));
            // Not a stakeholder's own id.
            let by_id = ListView {
                filters: vec![exact("id", id)],
                ..view.clone()
            };
            let (_, page) = read(&state, *resource, by_id).await;
            assert!(
                results(&page).is_empty(),
                "{field} {id} is a stakeholder id"
            );
            checked += 1;
        }
    }
    assert!(checked >= 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picker_finds_a_record_by_each_searchable_field_online_and_offline() {
    let (state, _dir) = demo().await;
    for resource in [
        ResourceName::Customer,
        ResourceName::Stakeholder,
        ResourceName::SupplierInvoice,
    ] {
        let picker = picker(resource);
        let schema = resource.schema();
        let all = every(&state, resource, &["id", "name"]).await;
        let fields: Vec<&str> = schema.search.iter().map(|(f, _)| *f).collect();
        let sample = every(&state, resource, &[&["id"][..], &fields[..]].concat()).await;
        let target = &sample[sample.len() / 2];
        assert!(all.len() > 1);
        for field in &fields {
            let Some(text) = target[*field]
                .as_str()
                .map(str::to_owned)
                .or_else(|| target[*field].as_i64().map(|n| n.to_string()))
            else {
                continue;
            };
            // A part of a name (its longest word), a document number whole.
            let word = text
                .split_whitespace()
                .max_by_key(|w| w.len())
                .unwrap()
                .to_owned();
            let mut view = picker.view.clone();
            view.search = word.clone();
            view.take = Take::Count(200);
            let (end, online) = read(&state, resource, view.clone()).await;
            assert_eq!(end, "fresh");
            let ids = |page: &Value| -> Vec<String> {
                results(page)
                    .iter()
                    .map(|r| r["id"].as_str().unwrap().to_owned())
                    .collect()
            };
            assert!(
                ids(&online).contains(&target["id"].as_str().unwrap().to_owned()),
                "{resource:?} {field} {word}"
            );
            // Working offline, the saved records give the same matches.
            workdesk_core::offline::commands::set_working_offline(&state, true)
                .await
                .unwrap();
            let (end, saved) = read(&state, resource, view).await;
            workdesk_core::offline::commands::set_working_offline(&state, false)
                .await
                .unwrap();
            assert_eq!(end, "kept_saved");
            assert_eq!(ids(&saved), ids(&online), "{resource:?} {field} {word}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_members_offered_are_those_the_saved_records_name_with_counts() {
    let (state, _dir) = demo().await;
    assert!(
        workdesk_core::offline::commands::members_seen(&state)
            .await
            .unwrap()
            .is_empty(),
        "nothing saved yet"
    );
    let mut expected: BTreeMap<String, (u32, String)> = BTreeMap::new();
    for resource in [ResourceName::Lead, ResourceName::Task] {
        let mut fields = vec!["id", "created_at", "updated_at"];
        fields.extend(
            MEMBER_FIELDS
                .iter()
                .filter(|f| resource.schema().field(f).is_some()),
        );
        for record in every(&state, resource, &fields).await {
            let named: BTreeSet<&str> = MEMBER_FIELDS
                .iter()
                .filter_map(|f| record[*f].as_str())
                .collect();
            let at = record["updated_at"]
                .as_str()
                .or(record["created_at"].as_str())
                .unwrap()
                .to_owned();
            for member in named {
                let entry = expected
                    .entry(member.to_owned())
                    .or_insert((0, String::new()));
                entry.0 += 1;
                entry.1 = entry.1.clone().max(at.clone());
            }
        }
    }
    let seen = workdesk_core::offline::commands::members_seen(&state)
        .await
        .unwrap();
    let got: BTreeMap<String, u32> = seen.iter().map(|m| (m.id.clone(), m.records)).collect();
    let want: BTreeMap<String, u32> = expected
        .iter()
        .map(|(id, (n, _))| (id.clone(), *n))
        .collect();
    assert_eq!(got, want);
    assert!(
        seen.windows(2).all(|w| w[0].records >= w[1].records),
        "most named first"
    );
    for member in &seen {
        let newest = chrono::DateTime::parse_from_rfc3339(&expected[&member.id].1).unwrap();
        assert_eq!(member.newest.at, newest, "{}", member.id);
        assert!(matches!(
            member.newest.resource,
            ResourceName::Lead | ResourceName::Task
        ));
    }
}

/// `reference`'s view with its conditions given `words`, as the window reads it.
fn related_view(reference: &ReferenceTo, words: &str) -> (ResourceName, String, ListView) {
    let ReferenceTo::Related {
        resource,
        value,
        by,
        view,
        ..
    } = reference
    else {
        panic!("{reference:?}");
    };
    let mut view = view.clone();
    view.filters.extend(by.iter().cloned().map(|mut condition| {
        condition.values = vec![words.to_owned()];
        condition
    }));
    (*resource, value.clone(), view)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stakeholders_location_and_document_type_are_found_by_the_words_typed() {
    let (state, _dir) = demo().await;
    let stakeholder = references(ResourceName::Stakeholder);
    let of = |field: &str| &stakeholder.iter().find(|r| r.field == field).unwrap().to;

    // "Cali": the distinct locations of the stakeholders whose location's
    // name contains it, each of which the sandbox names so.
    let (resource, value, view) = related_view(of("geographic_location"), "cali");
    let (end, page) = read(&state, resource, view).await;
    assert_eq!(end, "fresh");
    let ids: BTreeSet<String> = results(&page)
        .iter()
        .filter_map(|r| r[value.as_str()].as_str().map(str::to_owned))
        .collect();
    assert!(!ids.is_empty(), "no stakeholder in Cali");
    for id in &ids {
        let (_, other) = read(
            &state,
            ResourceName::Stakeholder,
            ListView {
                take: Take::Count(1),
                filters: vec![
                    exact("geographic_location", id),
                    FilterSpec {
                        or: false,
                        not: false,
                        field: "geographic_location__name".to_owned(),
                        operator: Operator::Iexact,
                        values: vec!["Cali".to_owned()],
                    },
                ],
                ..ListView::default()
            },
        )
        .await;
        assert_eq!(
            results(&other).len(),
            1,
            "{id} is not the location named Cali"
        );
    }

    // "nit": the document type coded NIT, named by the stakeholders; one id.
    let (resource, value, view) = related_view(of("document_type"), "nit");
    let (end, page) = read(&state, resource, view).await;
    assert_eq!(end, "fresh");
    let found = results(&page);
    let types: BTreeMap<&str, &str> = found
        .iter()
        .map(|r| {
            (
                r[value.as_str()].as_str().unwrap(),
                r["document_type_name"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(types.len(), 1, "{types:?}");
    assert_eq!(types.values().next(), Some(&"NIT"));
}

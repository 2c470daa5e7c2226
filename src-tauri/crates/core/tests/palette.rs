//! The command palette's record search (`palette_search`) against the
//! sandbox over loopback HTTP: a customer found by a part of its name from
//! the service, then from the saved records while working offline, and
//! from its records without a request once its list is saved whole; the
//! saved records answer when the service cannot be reached, and for the
//! lists past what the key's budget covers above its reserve; a later
//! search supersedes the one under way; the records opened last are kept,
//! newest first, at most twenty, sealed, and cleared with the saved data.

use std::sync::Arc;

use serde_json::Value;
use workdesk_api::{ApiKey, BaseUrl, Client, ListView, ResourceName, Take};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_core::reading::palette::{
    palette_search, recent_records, search, GroupSource, PaletteAnswer, PaletteGroup, SavedBecause,
    PALETTE_MATCHES, RECENT_KEPT,
};
use workdesk_core::state::AppState;
use workdesk_sync::{OfflineSwitch, Replica};

mod common;
use common::demo;

/// A customer of the demo (its id and name), read from the service as the
/// customers' list reads it: a name with a word of five letters or more.
async fn a_customer(state: &AppState) -> (String, String) {
    let view = ListView {
        take: Take::All,
        fields: Some(vec!["id".to_owned(), "name".to_owned()]),
        ..ListView::default()
    };
    let (answers, _) = common::messages(|answers| {
        workdesk_core::reading::records::read_list(
            state,
            ResourceName::Customer,
            view,
            false,
            answers,
        )
    })
    .await
    .unwrap();
    let page = serde_json::to_value(answers.last().unwrap()).unwrap();
    page["value"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|record| {
            let name = record["name"].as_str()?;
            name.split_whitespace()
                .any(|w| w.chars().count() >= 5)
                .then(|| (record["id"].as_str().unwrap().to_owned(), name.to_owned()))
        })
        .expect("a customer with a long word in its name")
}

/// The longest word of `name`, lower case, its first and last letters cut
/// off: a part of the name, not the whole.
fn part_of(name: &str) -> String {
    let word = name
        .split_whitespace()
        .max_by_key(|w| w.chars().count())
        .unwrap()
        .to_lowercase();
    let letters: Vec<char> = word.chars().collect();
    letters[1..letters.len() - 1].iter().collect()
}

fn group(answer: &PaletteAnswer, resource: ResourceName) -> &PaletteGroup {
    answer
        .groups
        .iter()
        .find(|g| g.resource == resource)
        .unwrap_or_else(|| panic!("no group for {resource:?}"))
}

fn finds(group: &PaletteGroup, id: &str, name: &str) -> bool {
    group
        .results
        .iter()
        .any(|r| r.id == id && r.title == name.trim())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_customer_is_found_by_a_part_of_its_name_online_offline_and_saved_whole() {
    let (state, _dir) = demo().await;
    let (id, name) = a_customer(&state).await;
    let text = part_of(&name);

    // Online: every list asked, the customer among its group's matches.
    let online = palette_search(&state, text.clone()).await.unwrap();
    assert!(!online.superseded && !online.too_short);
    let resources: Vec<ResourceName> = online.groups.iter().map(|g| g.resource).collect();
    assert_eq!(
        resources,
        ResourceName::ALL.to_vec(),
        "one group per list, in order"
    );
    let customers = group(&online, ResourceName::Customer);
    assert_eq!(customers.source, GroupSource::Service, "{customers:?}");
    assert!(finds(customers, &id, &name), "{text:?}: {customers:?}");
    for group in &online.groups {
        assert!(group.error.is_none(), "{group:?}");
        assert!(group.results.len() <= usize::from(PALETTE_MATCHES));
        assert!(group.count >= group.results.len() as u64);
    }

    // Working offline: the saved records answer, and say why.
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    let offline = palette_search(&state, text.clone()).await.unwrap();
    for group in &offline.groups {
        assert!(
            matches!(
                group.source,
                GroupSource::Saved {
                    because: SavedBecause::WorkingOffline,
                    ..
                }
            ),
            "{group:?}"
        );
        assert!(group.error.is_none(), "{group:?}");
    }
    let customers = group(&offline, ResourceName::Customer);
    assert!(finds(customers, &id, &name), "saved: {customers:?}");
    assert!(
        matches!(
            customers.source,
            GroupSource::Saved {
                saved_at: Some(_),
                ..
            }
        ),
        "{customers:?}"
    );

    // Online again, with the customers saved whole: that list asks nothing.
    workdesk_core::offline::commands::set_working_offline(&state, false)
        .await
        .unwrap();
    let workspace = state.workspace().await.unwrap();
    workspace
        .replica
        .make_available_offline(
            ResourceName::Customer,
            |_| {},
            &workdesk_sync::CancellationToken::new(),
        )
        .await
        .unwrap();
    let whole = palette_search(&state, text).await.unwrap();
    let customers = group(&whole, ResourceName::Customer);
    assert!(
        matches!(
            customers.source,
            GroupSource::Saved {
                because: SavedBecause::SavedWhole,
                ..
            }
        ),
        "{customers:?}"
    );
    assert!(finds(customers, &id, &name), "saved whole: {customers:?}");
    assert_eq!(
        group(&whole, ResourceName::SupplierInvoice).source,
        GroupSource::Service
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_later_search_supersedes_the_one_under_way_and_short_text_searches_nothing() {
    let (state, _dir) = demo().await;
    let (first, second) = tokio::join!(
        palette_search(&state, "acme".to_owned()),
        palette_search(&state, "optica".to_owned())
    );
    let (first, second) = (first.unwrap(), second.unwrap());
    let (older, newer) = if first.sequence < second.sequence {
        (first, second)
    } else {
        (second, first)
    };
    assert!(older.superseded, "{older:?}");
    assert!(older.groups.is_empty(), "a superseded answer shows nothing");
    assert!(!newer.superseded, "{newer:?}");
    assert_eq!(newer.groups.len(), ResourceName::ALL.len());

    let short = palette_search(&state, " a ".to_owned()).await.unwrap();
    assert!(short.too_short && short.groups.is_empty(), "{short:?}");
    assert!(short.sequence > newer.sequence);
    assert_eq!(short.min_chars, 2);
}

/// A replica over a new sandbox with `config`, its cache in `dir`.
async fn replica(
    config: workdesk_sandbox::Config,
    dir: &std::path::Path,
) -> (workdesk_sandbox::Running, Replica) {
    let sandbox = workdesk_sandbox::start(config).await.unwrap();
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();
    let (cache, _) = Cache::open(&file_of(dir, "ws"), "ws", &DataKey::generate(), true).unwrap();
    let replica = Replica::new(client, Arc::new(cache), OfflineSwitch::default());
    (sandbox, replica)
}

/// Reads every customer once (so they are saved), as a list does.
async fn read_customers(replica: &Replica) {
    let view = ListView {
        take: Take::All,
        ..ListView::default()
    };
    replica
        .read_page(ResourceName::Customer, &view, |_, _| {})
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_saved_records_answer_when_the_service_cannot_be_reached() {
    let dir = tempfile::tempdir().unwrap();
    let config = workdesk_sandbox::Config {
        faults: true,
        ..workdesk_sandbox::Config::default()
    };
    let (sandbox, replica) = replica(config, dir.path()).await;
    read_customers(&replica).await;
    replica.cache().flush();
    // A gateway's page instead of the service, for every request and retry.
    common::arm(sandbox.base_url(), "html", 200);
    let groups = search(&replica, "s.a").await;
    for group in &groups {
        assert!(group.error.is_none(), "{group:?}");
        assert!(
            matches!(
                group.source,
                GroupSource::Saved {
                    because: SavedBecause::Offline,
                    ..
                }
            ),
            "{group:?}"
        );
    }
    let customers = groups
        .iter()
        .find(|g| g.resource == ResourceName::Customer)
        .unwrap();
    assert!(
        !customers.results.is_empty(),
        "saved customers found: {customers:?}"
    );
    for result in &customers.results {
        assert!(result.title.to_lowercase().contains("s.a"), "{result:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lists_past_the_budget_above_the_reserve_answer_from_the_saved_records() {
    let dir = tempfile::tempdir().unwrap();
    let config = workdesk_sandbox::Config {
        rate_limit: workdesk_sandbox::RateLimit {
            requests: 20,
            window: std::time::Duration::from_secs(3600),
        },
        ..workdesk_sandbox::Config::default()
    };
    let (_sandbox, replica) = replica(config, dir.path()).await;
    // 20 an hour keeps 2; after 15 requests, 5 remain: 3 lists are asked.
    for _ in 0..15 {
        read_customers(&replica).await;
    }
    assert_eq!(replica.client().rate_limit().remaining, Some(5));
    let groups = search(&replica, "s.a").await;
    let sources: Vec<Value> = groups
        .iter()
        .map(|g| serde_json::to_value(&g.source).unwrap())
        .collect();
    let asked = groups
        .iter()
        .filter(|g| g.source == GroupSource::Service)
        .count();
    assert_eq!(asked, 3, "{sources:?}");
    for group in &groups[3..] {
        assert!(
            matches!(
                group.source,
                GroupSource::Saved {
                    because: SavedBecause::KeepReserve,
                    ..
                }
            ),
            "{group:?}"
        );
    }
    // The saved customers still answer; the reserve is untouched.
    let customers = groups
        .iter()
        .find(|g| g.resource == ResourceName::Customer)
        .unwrap();
    assert!(!customers.results.is_empty(), "{customers:?}");
    // Three requests were spent, no more: the next one leaves 1 (the
    // headers of answers that arrived together may come in any order).
    read_customers(&replica).await;
    assert_eq!(replica.client().rate_limit().remaining, Some(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_saved_views_of_every_list_opened_are_offered() {
    let (state, _dir) = demo().await;
    let none = workdesk_core::reading::palette::palette_views(&state)
        .await
        .unwrap();
    assert!(
        none.is_empty(),
        "no list opened, no ready-made view: {none:?}"
    );
    let names = common::ready_names("en");
    common::messages(|messages| {
        workdesk_core::reading::records::open_list(
            &state,
            ResourceName::Task,
            names,
            None,
            messages,
        )
    })
    .await
    .unwrap();
    let views = workdesk_core::reading::palette::palette_views(&state)
        .await
        .unwrap();
    assert!(
        views
            .iter()
            .any(|v| v.resource == ResourceName::Task && v.name == "Overdue"),
        "{views:?}"
    );
    assert!(views.iter().all(|v| v.resource == ResourceName::Task));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_records_opened_last_are_kept_newest_first_at_most_twenty() {
    let (state, _dir) = demo().await;
    let (id, name) = a_customer(&state).await;
    let none = recent_records(&state).await.unwrap();
    assert!(none.is_empty(), "{none:?}");
    // The details of 21 supplier invoices, then the customer's.
    let view = ListView {
        take: Take::Count(21),
        fields: Some(vec!["id".to_owned()]),
        ..ListView::default()
    };
    let (answers, _) = common::messages(|answers| {
        workdesk_core::reading::records::read_list(
            &state,
            ResourceName::SupplierInvoice,
            view,
            false,
            answers,
        )
    })
    .await
    .unwrap();
    let page = serde_json::to_value(answers.last().unwrap()).unwrap();
    let invoices: Vec<String> = page["value"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(invoices.len(), 21);
    for invoice in invoices.iter().chain([&invoices[0]]) {
        open_details(&state, ResourceName::SupplierInvoice, invoice).await;
    }
    open_details(&state, ResourceName::Customer, &id).await;
    let recent = recent_records(&state).await.unwrap();
    assert_eq!(recent.len(), RECENT_KEPT);
    assert_eq!(recent[0].resource, ResourceName::Customer);
    assert_eq!(
        (
            recent[0].result.id.as_str(),
            recent[0].result.title.as_str()
        ),
        (id.as_str(), name.trim())
    );
    // The invoice opened again is second, once; the oldest ones are gone.
    assert_eq!(recent[1].result.id, invoices[0]);
    assert_eq!(
        recent.iter().filter(|r| r.result.id == invoices[0]).count(),
        1
    );
    assert!(!recent.iter().any(|r| r.result.id == invoices[1]));
    assert!(recent[1].opened_at >= recent[2].opened_at);

    // Cleared with the saved data.
    workdesk_core::offline::commands::clear_saved_data(&state)
        .await
        .unwrap();
    assert!(recent_records(&state).await.unwrap().is_empty());
}

/// Opens record `id`'s details, as the window does (`read_record`).
async fn open_details(state: &AppState, resource: ResourceName, id: &str) {
    common::messages(|answers| {
        workdesk_core::reading::records::read_record(state, resource, id.to_owned(), answers)
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_opened_is_kept_sealed_in_the_saved_data_file() {
    let dir = tempfile::tempdir().unwrap();
    let (_sandbox, replica) = replica(workdesk_sandbox::Config::default(), dir.path()).await;
    let mut record = workdesk_api::JsonRecord::new();
    record.insert(
        "id".to_owned(),
        Value::from("33333333-3333-4333-8333-333333333333"),
    );
    record.insert("name".to_owned(), Value::from("Ferretería Zyxwvut e Hijos"));
    workdesk_core::reading::palette::note_opened(&replica, ResourceName::Customer, record).await;
    let opened = replica.cache().opened().unwrap();
    assert_eq!(opened.len(), 1);
    assert_eq!(opened[0]["result"]["title"], "Ferretería Zyxwvut e Hijos");
    replica.cache().flush();
    let file = std::fs::read(replica.cache().path().unwrap()).unwrap();
    let plain = |text: &str| file.windows(text.len()).any(|w| w == text.as_bytes());
    assert!(!plain("Zyxwvut"), "the name is sealed");
    assert!(!plain("33333333-3333"), "the id is sealed");
}

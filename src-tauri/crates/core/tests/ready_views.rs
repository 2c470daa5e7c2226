//! Ready-made views on the demo workspace (the sandbox over loopback
//! HTTP): added once, in the window's language, as ordinary saved views;
//! each reads exactly the records its conditions name, its relative
//! period worked out into today's dates.

use serde_json::Value;
use workdesk_api::{FilterSpec, ListView, Operator, ResourceName, Take};
use workdesk_core::reading::views::ListViews;
use workdesk_core::state::AppState;

mod common;
use common::demo;

/// Opens `resource`'s list: the views it opened with.
async fn open(state: &AppState, resource: ResourceName, language: &str) -> ListViews {
    let (messages, _) = common::messages(|messages| {
        workdesk_core::reading::records::open_list(
            state,
            resource,
            common::ready_names(language),
            None,
            messages,
        )
    })
    .await
    .unwrap();
    match messages.into_iter().next() {
        Some(workdesk_core::reading::records::ListMessage::Opened { opened }) => opened,
        _ => panic!("the views come first"),
    }
}

/// How many records `view` of `resource` selects, as the service counts them.
async fn count(state: &AppState, resource: ResourceName, view: ListView) -> u64 {
    let (answers, _) = common::messages(|answers| {
        workdesk_core::reading::records::read_list(state, resource, view, false, answers)
    })
    .await
    .unwrap();
    serde_json::to_value(answers.last().expect("an answer")).unwrap()["value"]["count"]
        .as_u64()
        .unwrap()
}

fn condition(field: &str, operator: Operator, values: &[&str]) -> FilterSpec {
    FilterSpec {
        or: false,
        not: false,
        field: field.to_owned(),
        operator,
        values: values.iter().map(|v| (*v).to_owned()).collect(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ready_views_are_added_once_in_the_windows_language_and_read_what_they_say() {
    let (state, _dir) = demo().await;
    let views = open(&state, ResourceName::SupplierInvoice, "es").await;
    let names: Vec<&str> = views.saved.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Emitidas este mes", "Con error", "Borradores"]);
    assert!(views.saved.iter().all(|v| !v.left_out));

    // "In error" selects exactly the invoices in error.
    let in_error = views.saved[1].view.clone();
    let explicit = ListView {
        take: Take::Count(1),
        filters: vec![condition("operation_status", Operator::Exact, &["ER"])],
        ..ListView::default()
    };
    let errors = count(&state, ResourceName::SupplierInvoice, explicit).await;
    assert!(errors > 0, "the demo has invoices in error");
    assert_eq!(
        count(&state, ResourceName::SupplierInvoice, in_error).await,
        errors
    );

    // "Issued this month" is the dates of this month, in this computer's
    // time zone, worked out when it is read.
    let this_month = views.saved[0].view.clone();
    assert_eq!(this_month.filters[0].values, ["@this_month"]);
    let dated = this_month.dated_on(ResourceName::SupplierInvoice, &chrono::Local::now());
    let [from, to] = [&dated.filters[0].values[0], &dated.filters[0].values[1]];
    let explicit = ListView {
        filters: vec![condition("issue_date", Operator::Range, &[from, to])],
        ..this_month.clone()
    };
    assert_eq!(
        count(&state, ResourceName::SupplierInvoice, this_month).await,
        count(&state, ResourceName::SupplierInvoice, explicit).await
    );

    // Deleted, a ready-made view does not come back; the others stay.
    let left = workdesk_core::reading::records::delete_view(
        &state,
        ResourceName::SupplierInvoice,
        "Borradores".to_owned(),
    )
    .await
    .unwrap();
    assert_eq!(left.saved.len(), 2);
    let again = open(&state, ResourceName::SupplierInvoice, "en").await;
    let names: Vec<&str> = again.saved.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Emitidas este mes", "Con error"]);

    // Another list, in English: its own ready-made views.
    let tasks = open(&state, ResourceName::Task, "en").await;
    let names: Vec<&str> = tasks.saved.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Due this week", "Overdue"]);
    let overdue: Value = serde_json::to_value(&tasks.saved[1].view.filters).unwrap();
    assert_eq!(overdue[0]["values"][0], "@today");
}

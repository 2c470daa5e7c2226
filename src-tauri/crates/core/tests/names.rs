//! Names where IDs were, on the demo workspace (the sandbox over loopback
//! HTTP, saved data as the app keeps it): a customer invoice's customer
//! and a lead's company are named from the records saved once their lists
//! were read (on screen and in an export's column of names), a reference
//! nothing saved names stays unnamed, and a field that holds no reference
//! is refused.

use serde_json::Value;
use workdesk_api::{ListView, ResourceName, Take};
use workdesk_core::reading::names::{reference_names, ReferenceIds};

mod common;
use common::demo;

/// The first page of `resource` (200 rows, every field), read as a list
/// reads it, so it is saved.
async fn page(state: &workdesk_core::state::AppState, resource: ResourceName) -> Vec<Value> {
    let view = ListView {
        take: Take::All,
        ..ListView::default()
    };
    let (answers, _) = common::messages(|answers| {
        workdesk_core::reading::records::read_list(state, resource, view, false, answers)
    })
    .await
    .unwrap();
    let last = serde_json::to_value(answers.last().unwrap()).unwrap();
    last["value"]["results"].as_array().unwrap().clone()
}

fn text<'a>(record: &'a Value, field: &str) -> &'a str {
    record[field].as_str().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn references_are_named_from_the_saved_records_they_name() {
    let (state, _dir) = demo().await;
    let invoices = page(&state, ResourceName::CustomerInvoice).await;
    let ids: Vec<String> = invoices
        .iter()
        .map(|r| text(r, "customer").to_owned())
        .collect();
    let wanted = || {
        vec![ReferenceIds {
            field: "customer".into(),
            ids: ids.clone(),
        }]
    };
    // No customer saved yet: nothing is named.
    let none = reference_names(&state, ResourceName::CustomerInvoice, wanted())
        .await
        .unwrap();
    assert!(none.is_empty(), "{none:?}");
    // Once the customers were read, each invoice's customer has its name.
    let customers = page(&state, ResourceName::Customer).await;
    let names = reference_names(&state, ResourceName::CustomerInvoice, wanted())
        .await
        .unwrap();
    assert!(!names.is_empty());
    for name in &names {
        let customer = customers
            .iter()
            .find(|c| text(c, "id") == name.id)
            .expect("a saved customer");
        assert_eq!(
            (name.field.as_str(), name.name.as_str()),
            ("customer", text(customer, "name"))
        );
    }
    let distinct: std::collections::BTreeSet<&String> = ids.iter().collect();
    assert_eq!(
        names.len(),
        distinct.len(),
        "every customer of the page is among the 60 saved"
    );

    // An export's column of names: every customer saved, by id.
    let mut columns = vec![workdesk_export::Column {
        field: "customer".into(),
        header: "Customer name".into(),
        labels: Default::default(),
        named: true,
    }];
    let workspace = state.workspace().await.unwrap();
    workdesk_core::reading::names::name_columns(
        &workspace.replica,
        ResourceName::CustomerInvoice,
        &mut columns,
    )
    .unwrap();
    assert_eq!(columns[0].labels.len(), customers.len());
    for customer in &customers {
        assert_eq!(
            columns[0].labels[text(customer, "id")],
            text(customer, "name")
        );
    }

    // A lead's company: the stakeholder whose person_or_company_id it holds.
    let leads = page(&state, ResourceName::Lead).await;
    let stakeholders = page(&state, ResourceName::Stakeholder).await;
    let lead = leads.iter().find(|l| l["company"].is_string()).unwrap();
    let unknown = "00000000-0000-4000-8000-000000000000".to_owned();
    let names = reference_names(
        &state,
        ResourceName::Lead,
        vec![ReferenceIds {
            field: "company".into(),
            ids: vec![text(lead, "company").to_owned(), unknown.clone()],
        }],
    )
    .await
    .unwrap();
    let company = stakeholders
        .iter()
        .find(|s| text(s, "person_or_company_id") == text(lead, "company"))
        .unwrap();
    assert_eq!(names.len(), 1, "the unknown id stays unnamed: {names:?}");
    assert_eq!(names[0].name, text(company, "name"));

    // Members and suppliers are never looked up; other fields are refused.
    let members = reference_names(
        &state,
        ResourceName::Lead,
        vec![ReferenceIds {
            field: "user_member".into(),
            ids: vec![unknown.clone()],
        }],
    )
    .await
    .unwrap();
    assert!(members.is_empty());
    let refused = reference_names(
        &state,
        ResourceName::Lead,
        vec![ReferenceIds {
            field: "source".into(),
            ids: vec![unknown],
        }],
    )
    .await
    .unwrap_err();
    assert_eq!(
        refused.kind,
        workdesk_core::ui_error::ErrorKind::InvalidInput
    );
}

//! `workdesk://` links and the demo workspace: its records are made anew
//! each time it starts, so no link is made of one (nor of a saved view),
//! and a link that arrives while it runs goes to the saved workspace it
//! names, switching away from the demo.

mod common;

use workdesk_api::ResourceName;
use workdesk_core::links::commands::{open_link, record_link, view_link};
use workdesk_core::ui_error::{ErrorCode, ErrorKind};
use workdesk_core::workspace::id::{WorkspaceEntry, WorkspaceId};

const RECORD: &str = "6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f";

#[tokio::test]
async fn no_link_is_made_in_the_demo_and_a_link_opened_there_leaves_it() {
    let (state, _dir) = common::demo().await;
    let record = record_link(&state, ResourceName::SupplierInvoice, RECORD.into())
        .await
        .unwrap_err();
    assert_eq!(
        (record.kind, record.code),
        (ErrorKind::InvalidInput, ErrorCode::LinkDemo)
    );
    let view = view_link(&state, ResourceName::Task, "Overdue".into())
        .await
        .unwrap_err();
    assert_eq!(view.code, ErrorCode::LinkDemo);

    let books = WorkspaceEntry {
        id: WorkspaceId::parse("books").unwrap(),
        name: "Books".into(),
        base_url: "https://books.example.co/".into(),
        proxy: None,
    };
    state.settings.add_workspace(&books).unwrap();
    state.links.arrived(&format!(
        "workdesk://open/supplier_invoice?record={RECORD}&workspace=books&server=https%3A%2F%2Fbooks.example.co"
    ));
    let opening = open_link(&state).await.unwrap().unwrap();
    assert_eq!(
        opening.switch_to,
        Some(books.id),
        "the demo on screen: switched away from it"
    );
    assert_eq!(opening.record.as_deref(), Some(RECORD));
}

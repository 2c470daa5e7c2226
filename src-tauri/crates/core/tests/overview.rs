//! The `overview` command on the demo workspace (the sandbox over loopback
//! HTTP): each figure's list, opened through `open_list` with the figure's
//! drill-down, counts what the figure says over the list's own columns;
//! the overview is remembered as the section shown last, and a list shown
//! after it replaces it.

use workdesk_api::{ListView, ResourceName};
use workdesk_core::reading::records::ListMessage;
use workdesk_core::state::AppState;
use workdesk_sync::overview::{DrillDown, PartSource};

mod common;
use common::demo;

/// Opens `resource`'s list (with `drill_down`): the view it read and the
/// count of its answer.
async fn open(
    state: &AppState,
    resource: ResourceName,
    drill_down: Option<DrillDown>,
) -> (ListView, u64) {
    let mut opened = None;
    let mut count = None;
    let (messages, _) = common::messages(|messages| {
        workdesk_core::reading::records::open_list(
            state,
            resource,
            common::ready_names("en"),
            drill_down,
            messages,
        )
    })
    .await
    .unwrap();
    for message in messages {
        match message {
            ListMessage::Opened { opened: views } => opened = Some(views.current),
            ListMessage::Answer(answer) => {
                count = serde_json::to_value(answer).unwrap()["value"]["count"].as_u64();
            }
        }
    }
    (opened.unwrap(), count.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_figures_list_opened_from_the_overview_counts_the_figure() {
    let (state, _dir) = demo().await;
    let (before, _) = open(&state, ResourceName::SupplierInvoice, None).await;
    let overview = workdesk_core::reading::overview::overview(&state, false)
        .await
        .unwrap();
    assert_eq!(overview.parts.len(), 4);
    let mut opened = 0;
    for part in &overview.parts {
        assert!(
            matches!(part.source, PartSource::Service { .. }),
            "{:?}: {:?}",
            part.resource,
            part.source
        );
        for figure in &part.figures {
            let (view, count) = open(&state, part.resource, Some(figure.opens.clone())).await;
            assert_eq!(
                count, figure.count,
                "{:?} {:?}",
                part.resource, figure.measure
            );
            assert_eq!(view.filters, figure.opens.filters);
            assert_eq!(view.page, 1);
            if part.resource == ResourceName::SupplierInvoice {
                assert_eq!(view.fields, before.fields, "the list's own columns");
            }
            opened += 1;
        }
    }
    assert!(opened >= 20, "{opened} figures");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_overview_is_remembered_as_the_section_shown_last() {
    let (state, _dir) = demo().await;
    let status = workdesk_core::workspace::commands::workspace_status(&state)
        .await
        .unwrap();
    assert!(
        !status.opens_overview,
        "the demo opens on its supplier invoices"
    );
    workdesk_core::reading::overview::overview(&state, false)
        .await
        .unwrap();
    assert!(
        workdesk_core::workspace::commands::workspace_status(&state)
            .await
            .unwrap()
            .opens_overview
    );
    open(&state, ResourceName::Lead, None).await;
    let status = workdesk_core::workspace::commands::workspace_status(&state)
        .await
        .unwrap();
    assert!(!status.opens_overview);
    assert_eq!(status.last_resource, ResourceName::Lead);
    workdesk_core::reading::overview::overview(&state, false)
        .await
        .unwrap();
    // Supplier invoices (what `last_resource` reads while the overview is
    // the last shown) replace it too.
    open(&state, ResourceName::SupplierInvoice, None).await;
    let status = workdesk_core::workspace::commands::workspace_status(&state)
        .await
        .unwrap();
    assert!(!status.opens_overview);
    assert_eq!(status.last_resource, ResourceName::SupplierInvoice);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn amounts_added_up_stay_in_place_of_the_counts_until_a_refresh() {
    let (state, _dir) = demo().await;
    let counted = workdesk_core::reading::overview::overview(&state, false)
        .await
        .unwrap();
    let part = |overview: &workdesk_sync::overview::Overview<_>| {
        overview
            .parts
            .iter()
            .find(|p| p.resource == ResourceName::SupplierInvoice)
            .cloned()
            .unwrap()
    };
    assert!(part(&counted).figures.iter().all(|f| f.sum.is_none()));
    let steps = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted_steps = steps.clone();
    let added = workdesk_core::reading::overview::overview_amounts(
        &state,
        ResourceName::SupplierInvoice,
        workdesk_core::channel::Channel::new(move |_| {
            counted_steps.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        }),
    )
    .await
    .unwrap();
    assert!(
        steps.load(std::sync::atomic::Ordering::Relaxed) > 0,
        "progress after each page"
    );
    assert!(added.figures.iter().any(|f| f.sum.is_some()));
    // Back on the overview: the amounts stay, said as the service's at their time.
    let again = workdesk_core::reading::overview::overview(&state, false)
        .await
        .unwrap();
    assert_eq!(part(&again), added);
    // Refresh asks again: counts only.
    let refreshed = workdesk_core::reading::overview::overview(&state, true)
        .await
        .unwrap();
    assert!(part(&refreshed).figures.iter().all(|f| f.sum.is_none()));
    assert!(part(
        &workdesk_core::reading::overview::overview(&state, false)
            .await
            .unwrap()
    )
    .figures
    .iter()
    .all(|f| f.sum.is_none()));
}

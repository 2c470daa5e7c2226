//! The leads board on the demo workspace (the sandbox over loopback HTTP):
//! its columns are the statuses the service returned, each holding the
//! leads of that status (counted here with the plain client); past its
//! limit it shows the newest and says so; a move is a lead edit, sent at
//! once, or kept in the outbox while working offline and sent once after
//! (changes to many leads at once: `bulk.rs`).

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use common::leads::{every_lead, id, moved_to, status};
use tokio::sync::mpsc;
use workdesk_api::ResourceName;
use workdesk_core::reading::board::{board_of, lead_board, Board, BoardCut};
use workdesk_core::writing::outbox::Written;
use workdesk_sync::{CancellationToken, ExportSource, OutboxState};

/// The board's columns as `status → card ids`.
fn shape(board: &Board) -> BTreeMap<Option<String>, Vec<String>> {
    board
        .columns
        .iter()
        .map(|c| {
            (
                c.status.clone(),
                c.cards.iter().map(|card| card.id.clone()).collect(),
            )
        })
        .collect()
}

/// The column a lead's card is in.
fn column_of(board: &Board, lead: &str) -> Option<Option<String>> {
    board
        .columns
        .iter()
        .find(|c| c.cards.iter().any(|card| card.id == lead))
        .map(|c| c.status.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_groups_every_lead_by_the_statuses_the_service_returned() {
    let (state, _dir) = common::demo().await;
    let workspace = state.workspace().await.unwrap();
    // The stakeholders saved: the cards are named by company or person.
    workspace
        .replica
        .make_available_offline(ResourceName::Stakeholder, |_| {}, &CancellationToken::new())
        .await
        .unwrap();
    let leads = every_lead(&state).await;
    let board = lead_board(&state).await.unwrap();
    assert_eq!(board.source, ExportSource::Service);
    assert_eq!(board.cut, None);
    assert_eq!(board.leads, Some(leads.len() as u64));
    assert_eq!(board.shown as usize, leads.len());
    let mut expected: BTreeMap<Option<String>, Vec<String>> = BTreeMap::new();
    for lead in &leads {
        expected.entry(status(lead)).or_default().push(id(lead));
    }
    assert_eq!(
        shape(&board),
        expected,
        "each lead in its status, newest first"
    );
    let statuses: Vec<String> = expected.keys().flatten().cloned().collect();
    let mut offered = board.statuses.clone();
    offered.sort();
    assert_eq!(offered, statuses, "Move to… offers the statuses seen");
    let named = board
        .columns
        .iter()
        .flat_map(|c| &c.cards)
        .filter(|card| card.named_by.as_deref() == Some("company"))
        .count();
    let with_company = leads.iter().filter(|l| l["company"].is_string()).count();
    assert!(with_company > 0);
    assert_eq!(named, with_company, "named by their company");
    // Asked again, the columns keep their order (first seen).
    let again = lead_board(&state).await.unwrap();
    let order = |b: &Board| {
        b.columns
            .iter()
            .map(|c| c.status.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(order(&again), order(&board));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_limit_the_board_shows_the_newest_and_says_how_many_there_are() {
    let (state, _dir) = common::demo().await;
    let leads = every_lead(&state).await;
    assert!(leads.len() > 30);
    let workspace = state.workspace().await.unwrap();
    let board = board_of(&workspace.replica, 30).await.unwrap();
    assert_eq!(board.shown, 30);
    assert_eq!(board.cut, Some(BoardCut::Limit { max: 30 }));
    assert_eq!(board.leads, Some(leads.len() as u64));
    let mut shown: Vec<String> = shape(&board).into_values().flatten().collect();
    let mut newest: Vec<String> = leads.iter().take(30).map(id).collect();
    shown.sort();
    newest.sort();
    assert_eq!(shown, newest, "the 30 newest");
    // The same from the saved leads, working offline (the whole list read
    // once, and so saved).
    lead_board(&state).await.unwrap();
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    let saved = board_of(&workspace.replica, 30).await.unwrap();
    assert!(matches!(saved.source, ExportSource::SavedRecords { .. }));
    assert_eq!(saved.cut, Some(BoardCut::Limit { max: 30 }));
    assert_eq!(saved.leads, Some(leads.len() as u64));
    assert_eq!(shape(&saved), shape(&board), "the same columns and cards");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_sent_at_once_or_kept_offline_and_sent_once_after() {
    let (state, dir) = common::plain();
    let (tx, mut rx) = mpsc::unbounded_channel();
    state.session.set_outbox_watch(Arc::new(move |_, summary| {
        let _ = tx.send(summary);
    }));
    workdesk_core::workspace::commands::start_demo(&state)
        .await
        .unwrap();
    let board = lead_board(&state).await.unwrap();
    let first = &board.columns[0];
    let lead = first.cards[0].id.clone();
    let to = board
        .statuses
        .iter()
        .find(|s| Some(*s) != first.status.as_ref())
        .unwrap()
        .clone();
    // Connected: sent at once.
    let written = workdesk_core::writing::writes::patch_lead(&state, lead.clone(), moved_to(&to))
        .await
        .unwrap();
    assert!(matches!(written, Written::Sent { .. }));
    let board = lead_board(&state).await.unwrap();
    assert_eq!(column_of(&board, &lead), Some(Some(to.clone())));

    // Working offline: kept, shown in its new column as waiting.
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    let back = first.status.clone().unwrap();
    let written = workdesk_core::writing::writes::patch_lead(&state, lead.clone(), moved_to(&back))
        .await
        .unwrap();
    assert!(matches!(written, Written::Queued { .. }));
    let board = lead_board(&state).await.unwrap();
    assert!(matches!(board.source, ExportSource::SavedRecords { .. }));
    assert_eq!(column_of(&board, &lead), Some(Some(back.clone())));
    let card = board
        .columns
        .iter()
        .flat_map(|c| &c.cards)
        .find(|c| c.id == lead)
        .unwrap();
    assert_eq!(card.change.as_ref().unwrap().state, OutboxState::Waiting);

    // Back: sent once, and the service holds it.
    workdesk_core::offline::commands::set_working_offline(&state, false)
        .await
        .unwrap();
    let summary = common::until(&mut rx, |s| s.sent == 1).await;
    assert_eq!(summary.unsent, 0);
    let leads = every_lead(&state).await;
    let on_service = leads.iter().find(|l| id(l) == lead).unwrap();
    assert_eq!(status(on_service), Some(back));
    let board = lead_board(&state).await.unwrap();
    let card = board
        .columns
        .iter()
        .flat_map(|c| &c.cards)
        .find(|c| c.id == lead)
        .unwrap();
    assert_eq!(card.change.as_ref().unwrap().state, OutboxState::Sent);
    drop(dir);
}

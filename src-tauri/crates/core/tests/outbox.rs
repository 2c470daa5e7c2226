//! Writes kept in the outbox while the service cannot be reached, and the
//! background sender, on the demo workspace (the sandbox over loopback
//! HTTP).

mod common;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use workdesk_api::{FilterSpec, ListView, NewTask, Operator, ResourceName, Take};
use workdesk_core::outbox::{OutboxSummary, Written};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::{ErrorCode, ErrorKind};
use workdesk_sync::{Change, OutboxState};

/// The demo, with every change of its outbox's counts sent to the receiver.
async fn demo_watched() -> (
    AppState,
    mpsc::UnboundedReceiver<OutboxSummary>,
    tempfile::TempDir,
) {
    let (state, dir) = common::plain();
    let (tx, rx) = mpsc::unbounded_channel();
    state.set_outbox_watch(Arc::new(move |_, summary| {
        let _ = tx.send(summary);
    }));
    state.start_demo().await.unwrap();
    (state, rx, dir)
}

/// Waits (at most a minute, as a guard) for counts that satisfy `done`.
async fn until(
    rx: &mut mpsc::UnboundedReceiver<OutboxSummary>,
    done: impl Fn(&OutboxSummary) -> bool,
) -> OutboxSummary {
    tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            let summary = rx.recv().await.expect("the sender stopped");
            if done(&summary) {
                return summary;
            }
        }
    })
    .await
    .expect("the outbox never got there")
}

async fn tasks_titled(state: &AppState, title: &str) -> usize {
    let view = ListView {
        take: Take::Count(50),
        filters: vec![FilterSpec::and("title", Operator::Exact, [title])],
        ..ListView::default()
    };
    let workspace = state.workspace().await.unwrap();
    workspace
        .replica
        .client()
        .list_view(ResourceName::Task, &view)
        .await
        .unwrap()
        .results
        .len()
}

#[tokio::test]
async fn a_task_made_while_working_offline_is_kept_and_sent_once_when_it_ends() {
    let (state, mut rx, _dir) = demo_watched().await;
    state.set_working_offline(true).await.unwrap();

    let written = state
        .create_task(NewTask::titled("Conciliar banco"))
        .await
        .unwrap();
    let Written::Kept { change } = written else {
        panic!("sent while working offline")
    };
    assert_eq!(change.state, OutboxState::Waiting);
    until(&mut rx, |s| s.waiting == 1).await;
    let outbox = state.outbox().await.unwrap();
    assert_eq!(outbox.summary.unsent, 1);

    state.set_working_offline(false).await.unwrap();
    let summary = until(&mut rx, |s| s.sent == 1).await;
    assert_eq!(summary.unsent, 0);
    assert_eq!(tasks_titled(&state, "Conciliar banco").await, 1);
}

#[tokio::test]
async fn a_task_the_service_can_take_is_sent_at_once() {
    let (state, _rx, _dir) = demo_watched().await;
    let written = state
        .create_task(NewTask::titled("Pagar proveedores"))
        .await
        .unwrap();
    assert!(matches!(written, Written::Sent { .. }));
    assert!(state.outbox().await.unwrap().changes.is_empty());
}

#[tokio::test]
async fn a_task_outside_the_bounds_is_refused_not_kept() {
    let (state, _rx, _dir) = demo_watched().await;
    state.set_working_offline(true).await.unwrap();
    let err = state
        .create_task(NewTask::titled("x".repeat(256)))
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidInput);
    assert!(state.outbox().await.unwrap().changes.is_empty());
}

#[tokio::test]
async fn a_kept_change_can_be_edited_and_discarded_and_says_when_it_is_gone() {
    let (state, _rx, _dir) = demo_watched().await;
    state.set_working_offline(true).await.unwrap();
    let Written::Kept { change } = state
        .create_task(NewTask::titled("Borrador"))
        .await
        .unwrap()
    else {
        panic!("sent while working offline")
    };
    let edited = state
        .edit_change(
            change.id,
            Change::CreateTask {
                task: NewTask::titled("Borrador corregido"),
            },
        )
        .await
        .unwrap();
    assert!(matches!(
        edited.change,
        Some(Change::CreateTask { ref task }) if task.title == "Borrador corregido"
    ));
    state.discard_change(change.id).await.unwrap();
    let err = state.discard_change(change.id).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::ChangeGone);

    let err = state.send_outbox_now().await.unwrap_err();
    assert_eq!(
        err.kind,
        ErrorKind::Offline,
        "nothing is sent while working offline"
    );
}

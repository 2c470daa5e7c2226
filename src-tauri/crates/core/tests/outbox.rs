//! Writes kept in the outbox while the service cannot be reached, and the
//! background sender, on the demo workspace (the sandbox over loopback
//! HTTP).

mod common;

use std::sync::Arc;

use workdesk_api::{FilterSpec, ListView, NewTask, Operator, ResourceName, Take};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::{ErrorCode, ErrorKind};
use workdesk_core::writing::outbox::Written;
use workdesk_sync::{Change, OutboxState};

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
    let (state, mut rx, _dir) = common::demo_watched().await;
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();

    let written =
        workdesk_core::writing::writes::create_task(&state, NewTask::titled("Conciliar banco"))
            .await
            .unwrap();
    let Written::Queued { change } = written else {
        panic!("sent while working offline")
    };
    assert_eq!(change.state, OutboxState::Waiting);
    common::until(&mut rx, |s| s.waiting == 1).await;
    let outbox = workdesk_core::writing::outbox::outbox(&state)
        .await
        .unwrap();
    assert_eq!(outbox.summary.unsent, 1);

    workdesk_core::offline::commands::set_working_offline(&state, false)
        .await
        .unwrap();
    let summary = common::until(&mut rx, |s| s.sent == 1).await;
    assert_eq!(summary.unsent, 0);
    assert_eq!(tasks_titled(&state, "Conciliar banco").await, 1);
}

#[tokio::test]
async fn a_task_the_service_can_take_is_sent_at_once() {
    let (state, _rx, _dir) = common::demo_watched().await;
    let written =
        workdesk_core::writing::writes::create_task(&state, NewTask::titled("Pagar proveedores"))
            .await
            .unwrap();
    assert!(matches!(written, Written::Sent { .. }));
    assert!(workdesk_core::writing::outbox::outbox(&state)
        .await
        .unwrap()
        .changes
        .is_empty());
}

#[tokio::test]
async fn a_task_outside_the_bounds_is_refused_not_kept() {
    let (state, _rx, _dir) = common::demo_watched().await;
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    let err = workdesk_core::writing::writes::create_task(&state, NewTask::titled("x".repeat(256)))
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidInput);
    assert!(workdesk_core::writing::outbox::outbox(&state)
        .await
        .unwrap()
        .changes
        .is_empty());
}

#[tokio::test]
async fn a_kept_change_can_be_edited_and_discarded_and_says_when_it_is_gone() {
    let (state, _rx, _dir) = common::demo_watched().await;
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    let Written::Queued { change } =
        workdesk_core::writing::writes::create_task(&state, NewTask::titled("Borrador"))
            .await
            .unwrap()
    else {
        panic!("sent while working offline")
    };
    let edited = workdesk_core::writing::outbox::edit_change(
        &state,
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
    workdesk_core::writing::outbox::discard_change(&state, change.id)
        .await
        .unwrap();
    let err = workdesk_core::writing::outbox::discard_change(&state, change.id)
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::ChangeGone);

    let err = workdesk_core::writing::outbox::send_outbox_now(&state)
        .await
        .unwrap_err();
    assert_eq!(
        err.kind,
        ErrorKind::Offline,
        "nothing is sent while working offline"
    );
}

/// "Save to a file…": the changes not sent yet, as typed, in a JSON file
/// the user picked; nothing written when the dialog is closed; sent ones
/// left out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_not_sent_are_saved_to_a_file_as_typed() {
    use std::sync::Mutex as StdMutex;
    use workdesk_core::export::commands::{SaveDialog, SaveFileDialog};
    let (state, mut rx, dir) = common::demo_watched().await;
    workdesk_core::writing::writes::create_task(&state, NewTask::titled("Ya enviada"))
        .await
        .unwrap();
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    workdesk_core::writing::writes::create_task(
        &state,
        NewTask {
            description: Some("Llamar por la factura 1043".into()),
            ..NewTask::titled("Conciliar banco")
        },
    )
    .await
    .unwrap();
    common::until(&mut rx, |s| s.waiting == 1).await;
    let target = dir.path().join("sin enviar.json");
    let answer = Arc::new(StdMutex::new(Some(target.clone())));
    let chosen = answer.clone();
    let dialog = SaveFileDialog::new(
        move |ask| {
            let _ = ask.answer.send(chosen.lock().unwrap().clone());
        },
        |confirm| {
            let _ = confirm.answer.send(true);
        },
    );
    let texts = SaveDialog {
        title: "Save".into(),
        file_name: "changes.json".into(),
        file_type: "JSON file".into(),
        replace_question: "{name} exists. Replace it?".into(),
        replace: "Replace".into(),
        keep: "Cancel".into(),
        notice: workdesk_core::work_done::DoneNotice {
            title: "Workdesk".into(),
            done: String::new(),
            failed: String::new(),
        },
    };
    let saved = workdesk_core::writing::outbox::save_changes(&state, &dialog, texts.clone())
        .await
        .unwrap()
        .expect("a file chosen");
    assert_eq!(
        (saved.file_name.as_str(), saved.count),
        ("sin enviar.json", 1)
    );
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&target).unwrap()).unwrap();
    let changes = written.as_array().unwrap();
    assert_eq!(changes.len(), 1, "the sent one left out: {written}");
    assert_eq!(changes[0]["state"], "waiting");
    assert_eq!(changes[0]["change"]["kind"], "create_task");
    assert_eq!(changes[0]["change"]["task"]["title"], "Conciliar banco");
    assert_eq!(
        changes[0]["change"]["task"]["description"],
        "Llamar por la factura 1043"
    );

    // Closed without a choice: nothing written.
    *answer.lock().unwrap() = None;
    std::fs::remove_file(&target).unwrap();
    assert!(
        workdesk_core::writing::outbox::save_changes(&state, &dialog, texts)
            .await
            .unwrap()
            .is_none()
    );
    assert!(!target.exists());
}

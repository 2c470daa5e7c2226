//! Exactly once after a lost answer, even when a colleague writes tasks of
//! the same title and this computer's clock is ahead of or behind the
//! service's: against the sandbox over loopback HTTP (its clock skewed,
//! faults on) and a real sealed SQLite file.

mod common;

use workdesk_api::{
    ClientConfig, FilterSpec, JsonRecord, ListView, NewTask, Operator, ResourceName, RetryPolicy,
    Take,
};
use workdesk_sandbox::{Config, Running};
use workdesk_sync::{CancellationToken, Change, Note, OutboxState, PassEnd, Replica, SentHow};

fn config() -> ClientConfig {
    ClientConfig {
        retry: RetryPolicy::none(),
        ..ClientConfig::default()
    }
}

async fn sandbox(clock_skew_s: i64) -> Running {
    workdesk_sandbox::start(Config {
        faults: true,
        clock_skew_s,
        ..Config::default()
    })
    .await
    .unwrap()
}

fn task(title: &str) -> Change {
    Change::CreateTask {
        task: NewTask::titled(title),
    }
}

async fn send(replica: &Replica) -> PassEnd {
    replica
        .send_outbox(&CancellationToken::new(), || {})
        .await
        .unwrap()
}

async fn tasks_titled(sandbox: &Running, title: &str) -> Vec<JsonRecord> {
    let view = ListView {
        take: Take::Count(50),
        filters: vec![FilterSpec::and("title", Operator::Exact, [title])],
        ..ListView::default()
    };
    common::client_of(sandbox, &sandbox.keys().workspace_a.clone(), config())
        .list_view(ResourceName::Task, &view)
        .await
        .unwrap()
        .results
}

fn how(replica: &Replica, index: usize) -> SentHow {
    match &replica.outbox().unwrap()[index] {
        pending @ workdesk_sync::Pending {
            note: Some(Note::Sent { how, .. }),
            ..
        } if pending.state == OutboxState::Sent => *how,
        other => panic!("not sent: {other:?}"),
    }
}

/// Our task was never made (the process died after marking it sending),
/// and a colleague made one of the same title meanwhile: the look does not
/// take the colleague's for ours, and ours is sent.
#[tokio::test]
async fn a_colleagues_task_of_the_same_title_is_never_taken_for_ours() {
    let sandbox = sandbox(0).await;
    let ours = common::client_of(&sandbox, &sandbox.keys().workspace_a.clone(), config());
    let (replica, _offline, _dir) = common::replica_of(ours);
    // A first change teaches the replica which member its key is.
    replica.keep_change(&task("Primera del día")).unwrap();
    assert_eq!(send(&replica).await, PassEnd::Done);

    let kept = replica.keep_change(&task("Llamar al banco")).unwrap();
    replica
        .cache()
        .outbox_mark(kept.id, OutboxState::Sending, None)
        .unwrap();
    let colleague = common::client_of(&sandbox, &sandbox.keys().colleague.clone(), config());
    colleague
        .create_task(&NewTask::titled("Llamar al banco"))
        .await
        .unwrap();

    assert_eq!(send(&replica).await, PassEnd::Done);
    assert_eq!(how(&replica, 1), SentHow::Applied, "ours was sent");
    let made = tasks_titled(&sandbox, "Llamar al banco").await;
    assert_eq!(made.len(), 2, "the colleague's and ours");
}

/// The service's clock ten minutes behind this computer's, then ten
/// minutes ahead: a task whose answer was lost is found (not sent twice),
/// measured on the service's clock.
#[tokio::test]
async fn a_clock_off_by_ten_minutes_neither_sends_twice_nor_loses_a_change() {
    for skew in [-600, 600] {
        let sandbox = sandbox(skew).await;
        let ours = common::client_of(&sandbox, &sandbox.keys().workspace_a.clone(), config());
        let (replica, _offline, _dir) = common::replica_of(ours);
        let title = format!("Conciliar con reloj {skew}");
        replica.keep_change(&task(&title)).unwrap();
        // Made by the service, its answer cut off.
        common::arm(&sandbox, "truncated", 1).await;
        assert!(matches!(send(&replica).await, PassEnd::Unreachable(_)));
        assert_eq!(replica.outbox().unwrap()[0].state, OutboxState::Sending);
        assert_eq!(send(&replica).await, PassEnd::Done, "skew {skew}");
        assert_eq!(how(&replica, 0), SentHow::FoundOnService, "skew {skew}");
        assert_eq!(tasks_titled(&sandbox, &title).await.len(), 1, "skew {skew}");
    }
}

/// Records made by changes already cleared from the list ("Clear sent")
/// are still never taken for a later change's.
#[tokio::test]
async fn a_task_made_by_a_change_cleared_from_the_list_is_not_taken_for_a_later_one() {
    let sandbox = sandbox(0).await;
    let ours = common::client_of(&sandbox, &sandbox.keys().workspace_a.clone(), config());
    let (replica, _offline, _dir) = common::replica_of(ours);
    replica.keep_change(&task("Revisar IVA")).unwrap();
    assert_eq!(send(&replica).await, PassEnd::Done);
    assert_eq!(replica.clear_sent().unwrap(), 1);
    // The same title again; marked sending, then the process died before
    // the request went out.
    let again = replica.keep_change(&task("Revisar IVA")).unwrap();
    replica
        .cache()
        .outbox_mark(again.id, OutboxState::Sending, None)
        .unwrap();
    assert_eq!(send(&replica).await, PassEnd::Done);
    assert_eq!(
        how(&replica, 0),
        SentHow::Applied,
        "not taken for the first"
    );
    assert_eq!(tasks_titled(&sandbox, "Revisar IVA").await.len(), 2);
}

/// Before this key's member is known (its very first change lost its
/// answer), records of two members like the change cannot be told apart:
/// the change waits for the user, who sends it anyway (or discards it).
#[tokio::test]
async fn without_the_keys_member_a_colleagues_look_alike_is_left_to_the_user() {
    let sandbox = sandbox(0).await;
    let ours = common::client_of(&sandbox, &sandbox.keys().workspace_a.clone(), config());
    let (replica, _offline, _dir) = common::replica_of(ours.clone());
    let kept = replica.keep_change(&task("Cerrar caja")).unwrap();
    replica
        .cache()
        .outbox_mark(kept.id, OutboxState::Sending, None)
        .unwrap();
    // One like it by this key's member (made elsewhere), one by a colleague.
    ours.create_task(&NewTask::titled("Cerrar caja"))
        .await
        .unwrap();
    let colleague = common::client_of(&sandbox, &sandbox.keys().colleague.clone(), config());
    colleague
        .create_task(&NewTask::titled("Cerrar caja"))
        .await
        .unwrap();

    assert_eq!(send(&replica).await, PassEnd::Done);
    let held = replica.outbox().unwrap().remove(0);
    assert_eq!(held.state, OutboxState::NeedsYou);
    assert!(matches!(held.note, Some(Note::Unsure { .. })), "{held:?}");
    assert!(held.can_release && held.can_discard);
    assert_eq!(
        tasks_titled(&sandbox, "Cerrar caja").await.len(),
        2,
        "nothing sent yet"
    );

    replica.release(held.id).unwrap();
    assert_eq!(send(&replica).await, PassEnd::Done);
    assert_eq!(how(&replica, 0), SentHow::Applied);
    assert_eq!(tasks_titled(&sandbox, "Cerrar caja").await.len(), 3);
}

/// The process died after noting the record its change made and before
/// marking the change sent: the next look takes that record as the
/// change's own (it is not another change's), and nothing is sent twice.
#[tokio::test]
async fn a_record_noted_as_the_changes_own_before_a_crash_is_found_not_sent_again() {
    let sandbox = sandbox(0).await;
    let ours = common::client_of(&sandbox, &sandbox.keys().workspace_a.clone(), config());
    let (replica, _offline, _dir) = common::replica_of(ours.clone());
    replica.keep_change(&task("Primera del día")).unwrap();
    assert_eq!(send(&replica).await, PassEnd::Done);
    let kept = replica.keep_change(&task("Pagar arriendo")).unwrap();
    let entry = replica
        .cache()
        .outbox_mark(kept.id, OutboxState::Sending, None)
        .unwrap();
    // Its request was applied, and what it made noted; then the crash.
    let made = ours
        .create_task(&NewTask::titled("Pagar arriendo"))
        .await
        .unwrap();
    replica
        .cache()
        .note_outbox_made(&made.id.unwrap(), entry.made_at)
        .unwrap();

    assert_eq!(send(&replica).await, PassEnd::Done);
    assert_eq!(how(&replica, 1), SentHow::FoundOnService);
    assert_eq!(tasks_titled(&sandbox, "Pagar arriendo").await.len(), 1);
}

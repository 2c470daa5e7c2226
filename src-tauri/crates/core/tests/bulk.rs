//! Changes to many records at once on the demo workspace (the sandbox
//! over loopback HTTP): one outbox change per record, each sent once, in
//! order, with each one's outcome (sent; refused with the service's
//! reason; a conflict; the lead gone) in the progress the window shows;
//! "Stop" withdraws what still waits, so each record is changed or not;
//! "Delete…" over several stakeholders likewise.

mod common;

use common::leads::{every_lead, id, moved_to, office_sets, status};
use workdesk_api::{LeadPatch, ListView, Patch, ResourceName, Take};
use workdesk_core::reading::board::lead_board;
use workdesk_core::state::AppState;
use workdesk_core::writing::bulk::{
    change_leads, changes_progress, delete_stakeholders, stop_changes, ChangeOutcome,
};
use workdesk_sync::{CancellationToken, OutboxState};

/// The first `n` leads on the board (their copies saved by reading it).
async fn leads_on_board(state: &AppState, n: usize) -> Vec<String> {
    lead_board(state)
        .await
        .unwrap()
        .columns
        .iter()
        .flat_map(|c| &c.cards)
        .take(n)
        .map(|c| c.id.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changing_many_leads_makes_one_edit_each_sent_once_with_each_outcome() {
    let (state, mut rx, dir) = common::demo_watched().await;
    // The board read: the leads' copies the edits start from are saved.
    let mut ids = leads_on_board(&state, 6).await;
    // One changed in the office since (a conflict), one that does not exist.
    office_sets(&state, &ids[2], "cambiado en la oficina").await;
    ids.push("00000000-0000-4000-8000-00000000dead".to_owned());
    ids.push(ids[0].to_uppercase()); // the same lead twice: changed once
    let kept = change_leads(&state, ids.clone(), moved_to("en revisión"))
        .await
        .unwrap();
    assert_eq!(kept.len(), 7, "one edit per lead");
    let summary = common::until(&mut rx, |s| {
        s.unsent == 2 && s.waiting == 0 && s.sending == 0
    })
    .await;
    assert_eq!((summary.sent, summary.needs_you), (5, 2));
    // The progress the window shows: each lead's outcome, in order.
    let change_ids: Vec<i64> = kept.iter().map(|c| c.id).collect();
    let progress = changes_progress(&state, change_ids).await.unwrap();
    assert_eq!(
        (
            progress.total,
            progress.settled,
            progress.sent,
            progress.needs_you,
            progress.waiting
        ),
        (7, 7, 5, 2, 0)
    );
    let outcomes: Vec<&ChangeOutcome> = progress.changes.iter().map(|c| &c.outcome).collect();
    assert_eq!(outcomes[2], &ChangeOutcome::Conflict);
    assert_eq!(outcomes[6], &ChangeOutcome::Gone);
    assert_eq!(
        outcomes
            .iter()
            .filter(|o| ***o == ChangeOutcome::Sent)
            .count(),
        5
    );
    assert_eq!(
        progress.changes[0].record_id.as_deref(),
        Some(ids[0].as_str())
    );
    let outbox = workdesk_core::writing::outbox::outbox(&state)
        .await
        .unwrap();
    let note_of = |id: &str| {
        outbox
            .changes
            .iter()
            .find(|p| matches!(&p.change, Some(workdesk_sync::Change::PatchLead { id: lead, .. }) if lead == id))
            .map(|p| (p.state, p.note.clone()))
            .unwrap()
    };
    assert!(matches!(
        note_of(&ids[2]),
        (
            OutboxState::NeedsYou,
            Some(workdesk_sync::Note::Conflict { .. })
        )
    ));
    assert!(matches!(
        note_of(&ids[6]),
        (OutboxState::NeedsYou, Some(workdesk_sync::Note::Gone))
    ));
    let leads = every_lead(&state).await;
    for id in ids.iter().take(6) {
        let on_service = leads.iter().find(|l| &common::leads::id(l) == id).unwrap();
        let want = if id == &ids[2] {
            "cambiado en la oficina"
        } else {
            "en revisión"
        };
        assert_eq!(status(on_service).as_deref(), Some(want), "{id}");
    }
    // Nothing refused as a whole is kept: a patch that changes nothing.
    let before = workdesk_core::writing::outbox::outbox(&state)
        .await
        .unwrap()
        .changes
        .len();
    assert!(change_leads(&state, ids, LeadPatch::default())
        .await
        .is_err());
    assert_eq!(
        workdesk_core::writing::outbox::outbox(&state)
            .await
            .unwrap()
            .changes
            .len(),
        before
    );
    drop(dir);
}

/// "Assign to…" a member the service does not know: each lead's edit is
/// refused with the service's own reason, and none is changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_refusal_carries_the_services_reason() {
    let (state, mut rx, dir) = common::demo_watched().await;
    let ids = leads_on_board(&state, 3).await;
    let before = every_lead(&state).await;
    let nobody = LeadPatch {
        user_member: Patch::Set("0a0a0a0a-0000-4000-8000-000000000001".into()),
        ..LeadPatch::default()
    };
    let kept = change_leads(&state, ids.clone(), nobody).await.unwrap();
    common::until(&mut rx, |s| {
        s.needs_you == 3 && s.waiting == 0 && s.sending == 0
    })
    .await;
    let progress = changes_progress(&state, kept.iter().map(|c| c.id).collect())
        .await
        .unwrap();
    assert_eq!(
        (progress.settled, progress.needs_you, progress.sent),
        (3, 3, 0)
    );
    for line in &progress.changes {
        let ChangeOutcome::Refused {
            reason: Some(reason),
        } = &line.outcome
        else {
            panic!("not refused with a reason: {line:?}");
        };
        assert!(reason.starts_with("user_member: "), "{reason}");
    }
    assert_eq!(every_lead(&state).await, before, "no lead changed");
    drop(dir);
}

/// "Stop" while the service cannot be reached: every edit still waiting is
/// withdrawn, so no lead is changed when it answers again; nothing is
/// withdrawn twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_withdraws_what_still_waits_and_nothing_is_sent_after() {
    let (state, mut rx, dir) = common::demo_watched().await;
    let ids = leads_on_board(&state, 4).await;
    let before = every_lead(&state).await;
    workdesk_core::offline::commands::set_working_offline(&state, true)
        .await
        .unwrap();
    let kept = change_leads(&state, ids, moved_to("detenido"))
        .await
        .unwrap();
    let change_ids: Vec<i64> = kept.iter().map(|c| c.id).collect();
    let progress = changes_progress(&state, change_ids.clone()).await.unwrap();
    assert_eq!((progress.waiting, progress.settled), (4, 0));
    assert!(kept.iter().all(|c| c.state == OutboxState::Waiting));
    let withdrawn = stop_changes(&state, change_ids.clone()).await.unwrap();
    assert_eq!(withdrawn, change_ids);
    assert_eq!(
        stop_changes(&state, change_ids.clone()).await.unwrap(),
        Vec::<i64>::new()
    );
    let progress = changes_progress(&state, change_ids).await.unwrap();
    assert_eq!((progress.removed, progress.settled), (4, 4));
    workdesk_core::offline::commands::set_working_offline(&state, false)
        .await
        .unwrap();
    // A change kept after the stop is the only one sent.
    let one = leads_on_board(&state, 1).await;
    change_leads(&state, one, moved_to("después"))
        .await
        .unwrap();
    let summary = common::until(&mut rx, |s| s.sent == 1 && s.unsent == 0).await;
    assert_eq!(summary.sent, 1);
    let after = every_lead(&state).await;
    let changed: Vec<_> = after.iter().filter(|l| !before.contains(l)).collect();
    assert_eq!(changed.len(), 1, "only the change kept after the stop went");
    assert_eq!(status(changed[0]).as_deref(), Some("después"));
    drop(dir);
}

/// "Delete…" over several stakeholders: one deletion each, named, sent
/// once; one the service no longer has counts as deleted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_many_stakeholders_deletes_each_once() {
    let (state, mut rx, dir) = common::demo_watched().await;
    let workspace = state.workspace().await.unwrap();
    workspace
        .replica
        .make_available_offline(ResourceName::Stakeholder, |_| {}, &CancellationToken::new())
        .await
        .unwrap();
    let every_stakeholder = || async {
        workspace
            .replica
            .client()
            .list_view(
                ResourceName::Stakeholder,
                &ListView {
                    take: Take::Count(200),
                    ..ListView::default()
                },
            )
            .await
            .unwrap()
            .results
    };
    let before = every_stakeholder().await;
    let mut ids: Vec<String> = before.iter().take(2).map(id).collect();
    ids.push("00000000-0000-4000-8000-00000000beef".to_owned());
    let kept = delete_stakeholders(&state, ids.clone()).await.unwrap();
    assert_eq!(kept.len(), 3);
    common::until(&mut rx, |s| s.sent == 3 && s.unsent == 0).await;
    let progress = changes_progress(&state, kept.iter().map(|c| c.id).collect())
        .await
        .unwrap();
    assert_eq!((progress.sent, progress.settled), (3, 3));
    let name = before[0]["name"].as_str().map(str::to_owned);
    assert_eq!(
        progress.changes[0].label, name,
        "named as its picker names it"
    );
    let after = every_stakeholder().await;
    assert_eq!(after.len(), before.len() - 2);
    assert!(after.iter().all(|s| !ids.contains(&id(s))));
    drop(dir);
}

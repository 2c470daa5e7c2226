//! Changes made offline, sent later exactly once: the outbox's sending
//! against the sandbox over loopback HTTP (with its fault modes) and a
//! real sealed SQLite file.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{json, Value as Json};
use workdesk_api::{
    ClientConfig, FilterSpec, JsonRecord, LeadPatch, ListView, NewStakeholder, NewTask, Operator,
    Patch, ResourceName, RetryPolicy, Take,
};
use workdesk_sandbox::{Config, RateLimit, Running};
use workdesk_sync::{
    CancellationToken, Change, Error, Keep, Note, OfflineSwitch, OutboxState, PassEnd, Pending,
    Replica, RowMark, SentHow,
};

struct Setup {
    sandbox: Running,
    replica: Replica,
    offline: OfflineSwitch,
    _dir: tempfile::TempDir,
}

async fn setup_with(config: Config) -> Setup {
    let sandbox = workdesk_sandbox::start(Config {
        faults: true,
        ..config
    })
    .await
    .unwrap();
    let client = common::client_of(
        &sandbox,
        &sandbox.keys().workspace_a.clone(),
        ClientConfig {
            retry: RetryPolicy::none(),
            ..ClientConfig::default()
        },
    );
    let (replica, offline, dir) = common::replica_of(client);
    Setup {
        sandbox,
        replica,
        offline,
        _dir: dir,
    }
}

async fn setup() -> Setup {
    setup_with(Config::default()).await
}

impl Setup {
    async fn send(&self) -> PassEnd {
        self.replica
            .send_outbox(&CancellationToken::new(), || {})
            .await
            .unwrap()
    }

    fn outbox(&self) -> Vec<Pending> {
        self.replica.outbox().unwrap()
    }

    fn only(&self) -> Pending {
        let outbox = self.outbox();
        assert_eq!(outbox.len(), 1, "{outbox:#?}");
        outbox.into_iter().next().unwrap()
    }

    /// Every record of `resource` on the service whose `field` is `value`.
    async fn on_service(
        &self,
        resource: ResourceName,
        field: &str,
        value: &str,
    ) -> Vec<JsonRecord> {
        let view = ListView {
            take: Take::Count(200),
            filters: vec![FilterSpec::and(field, Operator::Exact, [value])],
            ..ListView::default()
        };
        self.replica
            .client()
            .list_view(resource, &view)
            .await
            .unwrap()
            .results
    }

    async fn tasks_titled(&self, title: &str) -> usize {
        self.on_service(ResourceName::Task, "title", title)
            .await
            .len()
    }

    fn stakeholder(&self, number: &str) -> NewStakeholder {
        let ids = self.sandbox.ids();
        NewStakeholder {
            document_number: number.into(),
            document_type: ids.document_type.to_string(),
            verification_digit: None,
            geographic_location: ids.geographic_location.to_string(),
        }
    }

    /// The lead as saved and as the edit starts from: its `status`.
    async fn read_lead(&self) -> (String, Json) {
        let id = self.sandbox.ids().lead.to_string();
        let lead = self
            .replica
            .fetch_record(ResourceName::Lead, &id)
            .await
            .unwrap()
            .value;
        (id, lead.get("status").cloned().unwrap_or(Json::Null))
    }
}

fn task(title: &str) -> Change {
    Change::CreateTask {
        task: NewTask {
            description: Some("Llamar por la factura 1043".into()),
            priority: Some(2),
            ..NewTask::titled(title)
        },
    }
}

fn lead_status(id: &str, status: &str, based_on: &Json) -> Change {
    Change::PatchLead {
        id: id.into(),
        patch: LeadPatch {
            status: Patch::Set(status.into()),
            ..LeadPatch::default()
        },
        based_on: [("status".to_owned(), based_on.clone())]
            .into_iter()
            .collect(),
        label: Some("Acme".into()),
    }
}

fn sent_how(pending: &Pending) -> SentHow {
    match &pending.note {
        Some(Note::Sent { how, .. }) if pending.state == OutboxState::Sent => *how,
        other => panic!("not sent: {:?} {other:?}", pending.state),
    }
}

#[tokio::test]
async fn a_task_kept_while_working_offline_is_sent_once_when_back() {
    let s = setup().await;
    s.offline.set(true);
    let kept = s.replica.keep_change(&task("Llamar a Ana")).unwrap();
    assert_eq!(kept.state, OutboxState::Waiting);
    assert_eq!(s.send().await, PassEnd::WorkingOffline);
    assert_eq!(s.only().state, OutboxState::Waiting);
    assert_eq!(s.only().attempts, 0, "nothing went out");

    s.offline.set(false);
    assert_eq!(s.send().await, PassEnd::Done);
    let sent = s.only();
    assert_eq!(sent_how(&sent), SentHow::Applied);
    assert_eq!(sent.attempts, 1);
    assert_eq!(s.tasks_titled("Llamar a Ana").await, 1);
    let Some(Note::Sent {
        record_id: Some(id),
        ..
    }) = sent.note
    else {
        panic!("no record id")
    };
    assert!(
        s.replica
            .saved_record(ResourceName::Task, &id)
            .unwrap()
            .is_some(),
        "the created task is saved for offline viewing"
    );

    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(s.tasks_titled("Llamar a Ana").await, 1, "never sent again");
}

#[tokio::test]
async fn a_change_marked_sending_is_looked_for_before_it_is_sent_again() {
    let s = setup().await;
    // Applied, then the process died before it noted so.
    let applied = s.replica.keep_change(&task("Visitar a Luis")).unwrap();
    let Change::CreateTask { task: typed } = applied.change.clone().unwrap() else {
        unreachable!()
    };
    s.replica
        .cache()
        .outbox_mark(applied.id, OutboxState::Sending, None)
        .unwrap();
    s.replica.client().create_task(&typed).await.unwrap();
    // Marked, then the process died before the request went out.
    let lost = s.replica.keep_change(&task("Enviar contrato")).unwrap();
    s.replica
        .cache()
        .outbox_mark(lost.id, OutboxState::Sending, None)
        .unwrap();

    assert_eq!(s.send().await, PassEnd::Done);
    let outbox = s.outbox();
    assert_eq!(sent_how(&outbox[0]), SentHow::FoundOnService);
    assert_eq!(outbox[0].attempts, 1, "not sent a second time");
    assert_eq!(sent_how(&outbox[1]), SentHow::Applied);
    assert_eq!(s.tasks_titled("Visitar a Luis").await, 1);
    assert_eq!(s.tasks_titled("Enviar contrato").await, 1);
}

#[tokio::test]
async fn two_tasks_alike_are_two_tasks_even_when_the_second_answer_is_lost() {
    let s = setup().await;
    s.replica.keep_change(&task("Revisar IVA")).unwrap();
    assert_eq!(s.send().await, PassEnd::Done);
    // The second, typed the same, applied but its answer cut off: the
    // look must not take the first one's task for it.
    s.replica.keep_change(&task("Revisar IVA")).unwrap();
    common::arm(&s.sandbox, "truncated", 1).await;
    assert!(matches!(s.send().await, PassEnd::Unreachable(_)));
    assert_eq!(s.outbox()[1].state, OutboxState::Sending);
    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(sent_how(&s.outbox()[1]), SentHow::FoundOnService);
    assert_eq!(s.tasks_titled("Revisar IVA").await, 2);
    let ids: Vec<_> = s
        .outbox()
        .into_iter()
        .map(|p| match p.note {
            Some(Note::Sent { record_id, .. }) => record_id.unwrap(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_ne!(ids[0], ids[1], "each change has its own task");
}

#[tokio::test]
async fn every_lost_answer_leads_to_exactly_one_task() {
    let s = setup().await;
    // Applied and the answer lost (truncated, too long to read, not
    // JSON); not applied and the outcome unknown (a dropped connection, a
    // gateway's 502, a 500).
    for (i, fault) in ["truncated", "drop", "502", "500", "not-json", "html"]
        .into_iter()
        .enumerate()
    {
        let title = format!("Tarea {i} tras {fault}");
        s.replica.keep_change(&task(&title)).unwrap();
        common::arm(&s.sandbox, fault, 1).await;
        let end = s.send().await;
        assert!(matches!(end, PassEnd::Unreachable(_)), "{fault}: {end:?}");
        let outbox = s.outbox();
        let last = outbox.last().unwrap();
        assert_eq!(
            last.state,
            OutboxState::Sending,
            "{fault}: the outcome is unknown"
        );
        assert_eq!(s.send().await, PassEnd::Done, "{fault}");
        assert_eq!(s.tasks_titled(&title).await, 1, "{fault}");
        assert_eq!(
            s.outbox().last().unwrap().state,
            OutboxState::Sent,
            "{fault}"
        );
    }
}

#[tokio::test]
async fn a_look_that_fails_leaves_the_change_marked_sending_never_waiting() {
    let s = setup().await;
    s.replica.keep_change(&task("Revisar caja")).unwrap();
    // Applied, and its answer lost.
    common::arm(&s.sandbox, "truncated", 1).await;
    assert!(matches!(s.send().await, PassEnd::Unreachable(_)));
    // The look for it is answered "nothing done" (503, 403, 429 alike):
    // that says nothing of the change, which stays marked sending.
    for fault in ["503", "403", "429=1"] {
        common::arm(&s.sandbox, fault, 1).await;
        let end = s.send().await;
        assert!(!matches!(end, PassEnd::Done), "{fault}: {end:?}");
        assert_eq!(s.only().state, OutboxState::Sending, "{fault}");
        assert_eq!(s.only().attempts, 1, "{fault}: not sent again");
    }
    common::arm(&s.sandbox, "503", 0).await;
    assert_eq!(s.tasks_titled("Revisar caja").await, 1);
}

#[tokio::test]
async fn answers_that_say_nothing_was_done_leave_the_change_waiting() {
    let s = setup().await;
    s.replica.keep_change(&task("Cerrar mes")).unwrap();
    common::arm(&s.sandbox, "503", 1).await;
    assert_eq!(
        s.send().await,
        PassEnd::Unreachable(workdesk_api::Connection::Offline)
    );
    assert_eq!(s.only().state, OutboxState::Waiting);
    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(s.tasks_titled("Cerrar mes").await, 1);

    s.replica.clear_sent().unwrap();
    s.replica.keep_change(&task("Abrir mes")).unwrap();
    common::arm(&s.sandbox, "429=60", 1).await;
    let PassEnd::Budget(until) = s.send().await else {
        panic!("a 429 waits for the window")
    };
    assert!(until > chrono::Utc::now() + chrono::TimeDelta::seconds(50));
    assert_eq!(s.only().state, OutboxState::Waiting);
    assert!(
        matches!(s.send().await, PassEnd::Budget(_)),
        "nothing is sent before the window resets"
    );
    assert_eq!(s.only().attempts, 1);
    assert_eq!(s.tasks_titled("Abrir mes").await, 0);
}

#[tokio::test]
async fn once_the_window_of_a_429_has_turned_the_change_goes() {
    let s = setup().await;
    s.replica.keep_change(&task("Tras la espera")).unwrap();
    common::arm(&s.sandbox, "429=1", 1).await;
    let PassEnd::Budget(until) = s.send().await else {
        panic!("a 429 waits for the window")
    };
    // The pass is asked for again when the instant it named comes (as
    // the app's sender does), until the window has turned (the reset the
    // headers gave is in whole seconds, so it may name one more).
    let mut until = until;
    for _ in 0..3 {
        tokio::time::sleep((until - chrono::Utc::now()).to_std().unwrap_or_default()).await;
        match s.send().await {
            PassEnd::Budget(later) => until = later,
            end => {
                assert_eq!(end, PassEnd::Done);
                break;
            }
        }
    }
    assert_eq!(s.tasks_titled("Tras la espera").await, 1);
}

#[tokio::test]
async fn a_refused_key_stops_the_pass_and_keeps_the_change() {
    let s = setup().await;
    s.replica.keep_change(&task("Pagar nómina")).unwrap();
    common::arm(&s.sandbox, "401", 1).await;
    assert_eq!(s.send().await, PassEnd::KeyRefused);
    assert_eq!(s.send().await, PassEnd::KeyRefused, "nothing more is sent");
    let kept = s.replica.cache().outbox().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].state, OutboxState::Waiting);
    assert_eq!(s.tasks_titled("Pagar nómina").await, 0);
}

#[tokio::test]
async fn a_refused_stakeholder_needs_you_with_the_reasons_and_goes_once_edited() {
    let s = setup().await;
    let mut typed = s.stakeholder("900123456");
    typed.document_type = "7f1a1c52-94a8-4d55-9d5e-3c1e4b0d2a11".into();
    let kept = s
        .replica
        .keep_change(&Change::CreateStakeholder {
            stakeholder: typed.clone(),
        })
        .unwrap();
    assert_eq!(s.send().await, PassEnd::Done);
    let refused = s.only();
    assert_eq!(refused.state, OutboxState::NeedsYou);
    assert!(
        refused.can_edit && refused.can_discard,
        "edit it, or discard it"
    );
    let Some(Note::Refused { fields, .. }) = &refused.note else {
        panic!("{:?}", refused.note)
    };
    assert!(fields.contains_key("document_type"), "{fields:?}");

    let edited = s
        .replica
        .edit_change(
            kept.id,
            &Change::CreateStakeholder {
                stakeholder: s.stakeholder("900123456"),
            },
        )
        .unwrap();
    assert_eq!((edited.state, edited.note), (OutboxState::Waiting, None));
    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(sent_how(&s.only()), SentHow::Applied);
    let made = s
        .on_service(ResourceName::Stakeholder, "document_number", "900123456")
        .await;
    assert_eq!(made.len(), 1);

    // A change cannot become another kind.
    assert!(matches!(
        s.replica.edit_change(kept.id, &task("x")),
        Err(Error::InvalidChange(_))
    ));
}

#[tokio::test]
async fn a_stakeholder_whose_answer_was_lost_is_found_by_its_document() {
    let s = setup().await;
    s.replica
        .keep_change(&Change::CreateStakeholder {
            stakeholder: s.stakeholder("800555111"),
        })
        .unwrap();
    common::arm(&s.sandbox, "truncated", 1).await;
    assert!(matches!(s.send().await, PassEnd::Unreachable(_)));
    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(sent_how(&s.only()), SentHow::FoundOnService);
    let made = s
        .on_service(ResourceName::Stakeholder, "document_number", "800555111")
        .await;
    assert_eq!(made.len(), 1);
}

#[tokio::test]
async fn a_deletion_is_sent_once_and_one_already_done_is_reported() {
    let s = setup().await;
    let id = s.sandbox.ids().stakeholder.to_string();
    let delete = Change::DeleteStakeholder {
        id: id.clone(),
        label: Some("Cédula 1010".into()),
    };
    s.replica.keep_change(&delete).unwrap();
    common::arm(&s.sandbox, "drop", 1).await;
    assert!(matches!(s.send().await, PassEnd::Unreachable(_)));
    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(sent_how(&s.only()), SentHow::Applied);
    assert!(s
        .on_service(ResourceName::Stakeholder, "id", &id)
        .await
        .is_empty());

    // Asked again (deleted on the service meanwhile): reported, not resent forever.
    s.replica.clear_sent().unwrap();
    s.replica.keep_change(&delete).unwrap();
    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(sent_how(&s.only()), SentHow::AlreadyGone);
}

#[tokio::test]
async fn a_lead_edit_meeting_a_change_on_the_service_waits_and_yours_wins_when_chosen() {
    let s = setup().await;
    let (id, before) = s.read_lead().await;
    let kept = s
        .replica
        .keep_change(&lead_status(&id, "Ganado (sin conexión)", &before))
        .unwrap();
    // Someone else changes it on the service meanwhile.
    let theirs = LeadPatch {
        status: Patch::Set("Perdido (oficina)".into()),
        ..LeadPatch::default()
    };
    s.replica.client().patch_lead(&id, &theirs).await.unwrap();

    assert_eq!(s.send().await, PassEnd::Done);
    let waiting = s.only();
    assert_eq!(waiting.state, OutboxState::NeedsYou);
    assert!(
        !waiting.can_edit && waiting.can_discard,
        "a conflict is chosen per field, not edited"
    );
    let Some(Note::Conflict { fields }) = &waiting.note else {
        panic!("{:?}", waiting.note)
    };
    assert_eq!(fields.len(), 1);
    assert_eq!(fields[0].field, "status");
    assert_eq!(fields[0].based_on.as_ref(), Some(&before));
    assert_eq!(fields[0].service, json!("Perdido (oficina)"));
    assert_eq!(fields[0].yours, json!("Ganado (sin conexión)"));
    let lead = s.on_service(ResourceName::Lead, "id", &id).await;
    assert_eq!(
        lead[0]["status"],
        json!("Perdido (oficina)"),
        "nothing overwritten"
    );

    let keep = BTreeMap::from([("status".to_owned(), Keep::Yours)]);
    let settled = s.replica.resolve_conflict(kept.id, &keep).unwrap().unwrap();
    assert_eq!(settled.state, OutboxState::Waiting);
    assert_eq!(s.send().await, PassEnd::Done);
    assert_eq!(sent_how(&s.only()), SentHow::Applied);
    let lead = s.on_service(ResourceName::Lead, "id", &id).await;
    assert_eq!(lead[0]["status"], json!("Ganado (sin conexión)"));
}

#[tokio::test]
async fn a_lead_conflict_settled_for_the_service_leaves_its_value() {
    let s = setup().await;
    let (id, before) = s.read_lead().await;
    let kept = s
        .replica
        .keep_change(&lead_status(&id, "Ganado", &before))
        .unwrap();
    let theirs = LeadPatch {
        status: Patch::Set("Perdido".into()),
        ..LeadPatch::default()
    };
    s.replica.client().patch_lead(&id, &theirs).await.unwrap();
    assert_eq!(s.send().await, PassEnd::Done);
    assert!(matches!(
        s.replica.resolve_conflict(kept.id, &BTreeMap::new()),
        Err(Error::InvalidChange(_))
    ));
    let keep = BTreeMap::from([("status".to_owned(), Keep::Service)]);
    assert_eq!(s.replica.resolve_conflict(kept.id, &keep).unwrap(), None);
    assert!(s.outbox().is_empty(), "nothing left to send");
    let lead = s.on_service(ResourceName::Lead, "id", &id).await;
    assert_eq!(lead[0]["status"], json!("Perdido"));
}

#[tokio::test]
async fn a_later_edit_of_a_lead_in_conflict_waits_while_other_changes_go() {
    let s = setup().await;
    let (id, before) = s.read_lead().await;
    s.replica
        .keep_change(&lead_status(&id, "Uno", &before))
        .unwrap();
    s.replica
        .keep_change(&lead_status(&id, "Dos", &json!("Uno")))
        .unwrap();
    s.replica.keep_change(&task("Después del lead")).unwrap();
    let theirs = LeadPatch {
        status: Patch::Set("Otro".into()),
        ..LeadPatch::default()
    };
    s.replica.client().patch_lead(&id, &theirs).await.unwrap();

    assert_eq!(s.send().await, PassEnd::Done);
    let states: Vec<_> = s.outbox().iter().map(|p| p.state).collect();
    assert_eq!(
        states,
        [
            OutboxState::NeedsYou,
            OutboxState::Waiting,
            OutboxState::Sent
        ]
    );
    assert_eq!(s.tasks_titled("Después del lead").await, 1);
}

#[tokio::test]
async fn an_edit_of_a_lead_gone_from_the_service_is_reported() {
    let s = setup().await;
    s.replica
        .keep_change(&lead_status(
            "3d0c7d55-2f4e-4b8a-a0b1-7c4f2b9e6a01",
            "Ganado",
            &json!("Abierto"),
        ))
        .unwrap();
    assert_eq!(s.send().await, PassEnd::Done);
    let gone = s.only();
    assert_eq!(
        (gone.state, gone.note),
        (OutboxState::NeedsYou, Some(Note::Gone))
    );
}

#[tokio::test]
async fn a_change_naming_no_record_id_needs_you_with_the_id_alone() {
    let s = setup().await;
    // Checked when kept, so only an earlier version's (or a file's) change
    // names no record id: put in the outbox as stored.
    let change = lead_status("not-a-lead", "Ganado", &json!("Abierto"));
    s.replica
        .cache()
        .outbox_add(serde_json::to_value(&change).unwrap())
        .unwrap();
    assert_eq!(s.send().await, PassEnd::Done);
    let kept = s.only();
    assert_eq!(
        (kept.state, &kept.note),
        (
            OutboxState::NeedsYou,
            &Some(Note::NotARecordId {
                id: "not-a-lead".to_owned()
            })
        )
    );
    assert!(!kept.can_edit && kept.can_discard, "discard it: {kept:?}");
    // A code and its value, no sentence.
    assert_eq!(
        serde_json::to_value(&kept.note).unwrap(),
        json!({"kind": "not_a_record_id", "id": "not-a-lead"})
    );
}

#[tokio::test]
async fn a_new_record_the_service_has_no_place_for_needs_you() {
    let s = setup().await;
    // An address under which the service has nothing: every request 404s.
    let client = workdesk_api::Client::with_config(
        workdesk_api::BaseUrl::parse(&format!("{}/elsewhere", s.sandbox.base_url())).unwrap(),
        workdesk_api::ApiKey::parse(&s.sandbox.keys().workspace_a).unwrap(),
        ClientConfig {
            retry: RetryPolicy::none(),
            ..ClientConfig::default()
        },
    )
    .unwrap();
    let (replica, _offline, _dir) = common::replica_of(client);
    replica.keep_change(&task("Sin lugar")).unwrap();
    let end = replica
        .send_outbox(&CancellationToken::new(), || {})
        .await
        .unwrap();
    assert_eq!(end, PassEnd::Done);
    let outbox = replica.outbox().unwrap();
    let [kept] = outbox.as_slice() else {
        panic!("{outbox:#?}")
    };
    assert_eq!(
        (kept.state, &kept.note),
        (OutboxState::NeedsYou, &Some(Note::NoPlaceToCreate))
    );
    assert!(kept.can_edit && kept.can_discard, "{kept:?}");
    assert_eq!(
        serde_json::to_value(&kept.note).unwrap(),
        json!({"kind": "no_place_to_create"})
    );
    assert_eq!(s.tasks_titled("Sin lugar").await, 0);
}

#[test]
fn notes_kept_by_earlier_versions_are_still_read() {
    // Written as the outbox's file keeps them before the coded notes: a
    // note stays readable whatever variants are added after it.
    let refused: Note = serde_json::from_value(json!({
        "kind": "refused",
        "message": "\"x\" is not a record id.",
        "fields": {"id": ["Not a record id (a UUID)."]}
    }))
    .unwrap();
    assert!(matches!(refused, Note::Refused { .. }), "{refused:?}");
    let gone: Note = serde_json::from_value(json!({"kind": "gone"})).unwrap();
    assert_eq!(gone, Note::Gone);
}

#[tokio::test]
async fn a_change_of_a_kind_this_version_does_not_know_is_kept_and_never_sent() {
    let s = setup().await;
    s.replica
        .cache()
        .outbox_add(json!({"kind": "archive_invoice", "id": "x"}))
        .unwrap();
    s.replica.keep_change(&task("Tras lo desconocido")).unwrap();
    assert_eq!(s.send().await, PassEnd::Done);
    let outbox = s.outbox();
    assert_eq!(outbox.len(), 2);
    assert_eq!(
        (outbox[0].change.clone(), outbox[0].state),
        (None, OutboxState::Waiting)
    );
    assert_eq!(outbox[1].state, OutboxState::Sent);
}

#[tokio::test]
async fn changes_go_in_the_order_they_were_made_within_the_budget() {
    let s = setup_with(Config {
        rate_limit: RateLimit {
            requests: 6,
            window: Duration::from_secs(3600),
        },
        ..Config::default()
    })
    .await;
    for i in 0..8 {
        s.replica.keep_change(&task(&format!("Orden {i}"))).unwrap();
    }
    let PassEnd::Budget(until) = s.send().await else {
        panic!("stops at the key's reserve")
    };
    assert!(until > chrono::Utc::now());
    let states: Vec<_> = s.outbox().iter().map(|p| p.state).collect();
    // 6 a window, the last one kept in reserve: 5 sent, in order.
    assert_eq!(states[..5], [OutboxState::Sent; 5]);
    assert_eq!(states[5..], [OutboxState::Waiting; 3]);
    assert!(
        s.replica.client().rate_limit().remaining >= Some(1),
        "never a 429"
    );
}

#[tokio::test]
async fn what_cannot_be_sent_is_refused_before_it_is_kept() {
    let s = setup().await;
    let blank = s.replica.keep_change(&task("  "));
    assert!(matches!(blank, Err(Error::InvalidChange(p)) if p.get("title").is_some()));
    let bad_id = s.replica.keep_change(&Change::DeleteStakeholder {
        id: "not-an-id".into(),
        label: None,
    });
    assert!(matches!(bad_id, Err(Error::InvalidChange(p)) if p.get("id").is_some()));
    assert!(s.outbox().is_empty());
}

#[tokio::test]
async fn a_change_being_sent_cannot_be_discarded_one_waiting_can() {
    let s = setup().await;
    let one = s.replica.keep_change(&task("Uno")).unwrap();
    let two = s.replica.keep_change(&task("Dos")).unwrap();
    s.replica
        .cache()
        .outbox_mark(one.id, OutboxState::Sending, None)
        .unwrap();
    let being_sent = &s.outbox()[0];
    assert!(!being_sent.can_edit && !being_sent.can_discard);
    assert!(matches!(
        s.replica.discard_change(one.id),
        Err(Error::ChangeBusy(_))
    ));
    s.replica.discard_change(two.id).unwrap();
    assert!(matches!(
        s.replica.discard_change(two.id),
        Err(Error::NoSuchChange(_))
    ));
    assert_eq!(s.outbox().len(), 1);
}

#[tokio::test]
async fn lists_mark_what_is_not_sent_yet() {
    let s = setup().await;
    let (lead, before) = s.read_lead().await;
    let stakeholder = s.sandbox.ids().stakeholder.to_string();
    s.offline.set(true);
    s.replica.keep_change(&task("Nueva sin enviar")).unwrap();
    s.replica
        .keep_change(&lead_status(&lead, "Ganado", &before))
        .unwrap();
    s.replica
        .keep_change(&Change::PatchLead {
            id: lead.to_uppercase(),
            patch: LeadPatch {
                source: Patch::Set("feria".into()),
                ..LeadPatch::default()
            },
            based_on: JsonRecord::new(),
            label: None,
        })
        .unwrap();
    s.replica
        .keep_change(&Change::DeleteStakeholder {
            id: stakeholder.clone(),
            label: None,
        })
        .unwrap();

    let tasks = s.replica.pending_rows(ResourceName::Task).unwrap();
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0].mark, RowMark::New);
    assert_eq!(tasks[0].record["title"], json!("Nueva sin enviar"));

    let leads = s.replica.pending_rows(ResourceName::Lead).unwrap();
    assert_eq!(leads.len(), 1, "one row per lead: {leads:?}");
    assert_eq!(
        leads[0].mark,
        RowMark::Edited {
            fields: vec!["status".into(), "source".into()]
        }
    );
    assert_eq!(leads[0].record["status"], json!("Ganado"));
    assert_eq!(leads[0].record["source"], json!("feria"));
    assert_eq!(leads[0].record["id"], json!(lead));

    let stakeholders = s.replica.pending_rows(ResourceName::Stakeholder).unwrap();
    assert_eq!(stakeholders.len(), 1);
    assert_eq!(stakeholders[0].mark, RowMark::Deleting);
    assert_eq!(stakeholders[0].record["id"], json!(stakeholder));

    // Once sent, nothing is marked.
    s.offline.set(false);
    assert_eq!(s.send().await, PassEnd::Done);
    assert!(s
        .replica
        .pending_rows(ResourceName::Task)
        .unwrap()
        .is_empty());
    assert!(s
        .replica
        .pending_rows(ResourceName::Stakeholder)
        .unwrap()
        .is_empty());
}

//! The outbox against real SQLite files: changes made offline are kept in
//! order, sealed, on the disk when kept, through a restart without a clean
//! close, and never touched by the size cap, the age limit or "Clear
//! saved data".

use std::path::PathBuf;

use serde_json::{json, Value};
use workdesk_cache::{file_of, Cache, DataKey, Error, OutboxState, PageData};
use workdesk_query::resources;

struct Folder {
    dir: tempfile::TempDir,
    key: DataKey,
}

impl Folder {
    fn new() -> Folder {
        Folder {
            dir: tempfile::tempdir().unwrap(),
            key: DataKey::generate(),
        }
    }

    fn path(&self) -> PathBuf {
        file_of(self.dir.path(), "ws")
    }

    fn open(&self) -> Cache {
        let (cache, recovery) = Cache::open(&self.path(), "ws", &self.key, false).unwrap();
        assert_eq!(recovery, None);
        cache
    }
}

fn task(title: &str) -> Value {
    json!({"kind": "create_task", "task": {"title": title, "priority": 2}})
}

#[test]
fn changes_are_kept_in_order_and_outlive_a_process_that_never_closed_the_file() {
    let folder = Folder::new();
    let cache = folder.open();
    let first = cache.outbox_add(task("Llamar a Peña")).unwrap();
    let second = cache.outbox_add(task("Cerrar el mes")).unwrap();
    let third = cache
        .outbox_add(json!({"kind": "delete_stakeholder", "id": "s-1"}))
        .unwrap();
    assert!(first.id < second.id && second.id < third.id);
    assert_eq!(first.state, OutboxState::Waiting);
    assert_eq!(first.attempts, 0);
    let sending = cache
        .outbox_mark(second.id, OutboxState::Sending, None)
        .unwrap();
    assert_eq!((sending.state, sending.attempts), (OutboxState::Sending, 1));
    // The process ends without closing the file (a crash): nothing of
    // what was kept is lost, "sending" included.
    std::mem::forget(cache);

    let cache = folder.open();
    let kept = cache.outbox().unwrap();
    assert_eq!(
        kept.iter()
            .map(|e| (e.id, e.state, e.attempts))
            .collect::<Vec<_>>(),
        vec![
            (first.id, OutboxState::Waiting, 0),
            (second.id, OutboxState::Sending, 1),
            (third.id, OutboxState::Waiting, 0)
        ]
    );
    assert_eq!(kept[0].change, task("Llamar a Peña"));
    assert_eq!(kept[0].made_at, first.made_at);
}

#[test]
fn nothing_a_change_holds_is_in_the_file() {
    let folder = Folder::new();
    let cache = folder.open();
    let entry = cache.outbox_add(task("Llamar a Peña Ñandú")).unwrap();
    cache
        .outbox_mark(
            entry.id,
            OutboxState::NeedsYou,
            Some(json!({"title": ["Ya existe una tarea Ñandú"]})),
        )
        .unwrap();
    let mut bytes = std::fs::read(folder.path()).unwrap();
    let mut wal = folder.path().into_os_string();
    wal.push("-wal");
    bytes.extend(std::fs::read(&wal).unwrap_or_default());
    for secret in ["Peña", "Ñandú", "create_task", "Ya existe"] {
        assert!(
            !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{secret} is in the file"
        );
    }
}

#[test]
fn the_size_cap_the_age_limit_and_clear_saved_data_leave_the_outbox_alone() {
    let folder = Folder::new();
    let cache = folder.open();
    let kept = cache.outbox_add(task("Llamar a Peña")).unwrap();
    cache.set_cap(1);
    let records = (0..200)
        .map(|n| {
            json!({"id": format!("00000000-0000-4000-8000-{n:012}"), "name": "x".repeat(2000)})
                .as_object()
                .unwrap()
                .clone()
        })
        .collect::<Vec<_>>();
    cache.save_page(
        &resources::STAKEHOLDER,
        "page=1",
        PageData {
            count: 200,
            next: None,
            previous: None,
            records,
            digest: None,
        },
        true,
    );
    cache.forget_saved_before(chrono::Utc::now() + chrono::TimeDelta::days(1));
    cache.clear();
    assert_eq!(cache.outbox().unwrap(), vec![kept]);
}

#[test]
fn a_change_is_edited_until_it_is_being_sent_and_ids_are_never_reused() {
    let folder = Folder::new();
    let cache = folder.open();
    let entry = cache.outbox_add(task("Llamar")).unwrap();
    let refused = cache
        .outbox_mark(
            entry.id,
            OutboxState::NeedsYou,
            Some(json!({"title": ["too long"]})),
        )
        .unwrap();
    assert_eq!(refused.note, Some(json!({"title": ["too long"]})));
    assert_eq!(refused.change, task("Llamar"), "the change stays as typed");

    let edited = cache
        .outbox_replace(entry.id, task("Llamar a Peña"))
        .unwrap();
    assert_eq!(edited.state, OutboxState::Waiting);
    assert_eq!(edited.note, None, "the reason goes with the edit");
    assert_eq!(edited.change, task("Llamar a Peña"));
    assert_eq!(edited.made_at, entry.made_at, "still in its place");

    cache
        .outbox_mark(entry.id, OutboxState::Sending, None)
        .unwrap();
    assert!(matches!(
        cache.outbox_replace(entry.id, task("otra")),
        Err(Error::ChangeNotEditable(id)) if id == entry.id
    ));
    cache
        .outbox_mark(entry.id, OutboxState::Sent, None)
        .unwrap();
    assert!(matches!(
        cache.outbox_replace(entry.id, task("otra")),
        Err(Error::ChangeNotEditable(_))
    ));

    cache.outbox_remove(entry.id).unwrap();
    assert!(matches!(
        cache.outbox_remove(entry.id),
        Err(Error::NoSuchChange(_))
    ));
    assert!(matches!(
        cache.outbox_mark(entry.id, OutboxState::Sending, None),
        Err(Error::NoSuchChange(_))
    ));
    let next = cache.outbox_add(task("Cerrar el mes")).unwrap();
    assert!(next.id > entry.id, "a removed change's id never comes back");
    assert_eq!(cache.outbox().unwrap(), vec![next]);
}

#[test]
fn an_outbox_in_memory_works_the_same_for_the_session() {
    let cache = Cache::in_memory("ws").unwrap();
    let entry = cache.outbox_add(task("Llamar")).unwrap();
    cache
        .outbox_mark(entry.id, OutboxState::Sent, None)
        .unwrap();
    assert_eq!(cache.outbox().unwrap()[0].state, OutboxState::Sent);
}

/// Two passes (here: two handles on one file, as two processes have) that
/// read the same waiting change: only one claims it; a change edited
/// after it was read is not claimed either.
#[test]
fn a_change_is_claimed_by_one_pass_only_and_only_as_it_was_read() {
    let folder = Folder::new();
    let one = folder.open();
    let other = folder.open();
    let kept = one.outbox_add(task("Conciliar banco")).unwrap();
    let seen_by_one = one.outbox().unwrap().remove(0);
    let seen_by_other = other.outbox().unwrap().remove(0);
    let claimed = one.outbox_claim(&seen_by_one, None).unwrap();
    assert_eq!((claimed.state, claimed.attempts), (OutboxState::Sending, 1));
    assert!(matches!(
        other.outbox_claim(&seen_by_other, None),
        Err(Error::ChangeTaken(id)) if id == kept.id
    ));
    assert_eq!(other.outbox().unwrap()[0].attempts, 1, "claimed once");

    let edited = one.outbox_add(task("Pagar nómina")).unwrap();
    let seen = one
        .outbox()
        .unwrap()
        .into_iter()
        .find(|e| e.id == edited.id)
        .unwrap();
    other
        .outbox_replace(edited.id, task("Pagar nómina de noviembre"))
        .unwrap();
    assert!(matches!(
        one.outbox_claim(&seen, None),
        Err(Error::ChangeTaken(_))
    ));
}

#[test]
fn a_change_being_sent_is_never_discarded_one_waiting_or_sent_is() {
    let folder = Folder::new();
    let cache = folder.open();
    let sending = cache.outbox_add(task("Uno")).unwrap();
    let waiting = cache.outbox_add(task("Dos")).unwrap();
    let sent = cache.outbox_add(task("Tres")).unwrap();
    cache.outbox_claim(&sending, None).unwrap();
    cache.outbox_mark(sent.id, OutboxState::Sent, None).unwrap();
    assert!(matches!(
        cache.outbox_discard(sending.id),
        Err(Error::ChangeNotEditable(_))
    ));
    cache.outbox_discard(waiting.id).unwrap();
    cache.outbox_discard(sent.id).unwrap();
    assert!(matches!(
        cache.outbox_discard(waiting.id),
        Err(Error::NoSuchChange(_))
    ));
    let left: Vec<_> = cache.outbox().unwrap().into_iter().map(|e| e.id).collect();
    assert_eq!(left, vec![sending.id]);
}

/// "Stop" on changes to many records: only a change still waiting is
/// withdrawn; one taken by a pass, sent, or needing the user stays.
#[test]
fn only_a_change_still_waiting_is_withdrawn() {
    let folder = Folder::new();
    let cache = folder.open();
    let sending = cache.outbox_add(task("Uno")).unwrap();
    let waiting = cache.outbox_add(task("Dos")).unwrap();
    let sent = cache.outbox_add(task("Tres")).unwrap();
    let refused = cache.outbox_add(task("Cuatro")).unwrap();
    cache.outbox_claim(&sending, None).unwrap();
    cache.outbox_mark(sent.id, OutboxState::Sent, None).unwrap();
    cache
        .outbox_mark(refused.id, OutboxState::NeedsYou, None)
        .unwrap();
    assert!(cache.outbox_withdraw(waiting.id).unwrap());
    for stays in [sending.id, sent.id, refused.id] {
        assert!(!cache.outbox_withdraw(stays).unwrap());
    }
    assert!(matches!(
        cache.outbox_withdraw(waiting.id),
        Err(Error::NoSuchChange(_))
    ));
    let left: Vec<_> = cache.outbox().unwrap().into_iter().map(|e| e.id).collect();
    assert_eq!(left, vec![sending.id, sent.id, refused.id]);
}

/// Another file's outbox (an earlier key's) taken in: same order, states,
/// notes, times and attempts, sealed under the new file's key, and the
/// move recorded with them.
#[test]
fn an_outbox_adopted_from_another_file_keeps_order_states_and_times() {
    let earlier = Folder::new();
    let old = earlier.open();
    let a = old.outbox_add(task("Uno")).unwrap();
    let b = old.outbox_add(task("Dos")).unwrap();
    old.outbox_claim(&b, None).unwrap();
    let c = old.outbox_add(task("Tres")).unwrap();
    old.outbox_mark(c.id, OutboxState::NeedsYou, Some(json!({"kind": "gone"})))
        .unwrap();
    let entries = old.outbox().unwrap();

    let later = Folder::new();
    let new = later.open();
    let mine = new.outbox_add(task("Nuevo")).unwrap();
    assert!(!new.adopted("ws-old").unwrap());
    new.outbox_adopt("ws-old", entries.clone()).unwrap();
    assert!(new.adopted("ws-old").unwrap());
    drop(new);
    let new = later.open();
    let after = new.outbox().unwrap();
    assert_eq!(after.len(), 4);
    assert_eq!(after[0].id, mine.id, "what was there stays first");
    for (moved, before) in after[1..].iter().zip(&entries) {
        assert!(moved.id > mine.id);
        assert_eq!(
            (
                &moved.change,
                moved.state,
                &moved.note,
                moved.made_at,
                moved.changed_at,
                moved.attempts
            ),
            (
                &before.change,
                before.state,
                &before.note,
                before.made_at,
                before.changed_at,
                before.attempts
            )
        );
    }
    assert_eq!(a.change, after[1].change);
}

#[test]
fn the_origin_a_file_was_written_for_is_kept_sealed() {
    let folder = Folder::new();
    let cache = folder.open();
    assert_eq!(cache.origin().unwrap(), None);
    cache.set_origin("https://api.example.com").unwrap();
    drop(cache);
    let cache = folder.open();
    assert_eq!(
        cache.origin().unwrap().as_deref(),
        Some("https://api.example.com")
    );
    drop(cache);
    let bytes = std::fs::read(folder.path()).unwrap();
    assert!(
        !bytes.windows(15).any(|w| w == b"api.example.com"),
        "not in the clear"
    );
}

#[test]
fn lead_statuses_seen_are_kept_sealed_in_the_order_first_noted() {
    let folder = Folder::new();
    let cache = folder.open();
    assert!(cache.lead_statuses().unwrap().is_empty());
    cache
        .note_lead_statuses(["en negociación", "ganado", " "])
        .unwrap();
    cache
        .note_lead_statuses(["ganado", "perdido-x9", "en negociación"])
        .unwrap();
    drop(cache);
    let cache = folder.open();
    assert_eq!(
        cache.lead_statuses().unwrap(),
        ["en negociación", "ganado", "perdido-x9"],
        "each once, first noted first, blanks left out, kept across opens"
    );
    drop(cache);
    let bytes = std::fs::read(folder.path()).unwrap();
    assert!(
        !bytes.windows(10).any(|w| w == b"perdido-x9"),
        "not in the clear"
    );
}

/// The outbox lock excludes a second holder in the same process (as it
/// does another process): one pass per file.
#[test]
fn one_outbox_lock_per_file_at_a_time() {
    let folder = Folder::new();
    let path = folder.path();
    let held = workdesk_cache::lock_outbox(&path).unwrap();
    assert!(workdesk_cache::try_lock_outbox(&path).unwrap().is_none());
    drop(held);
    assert!(workdesk_cache::try_lock_outbox(&path).unwrap().is_some());
}

/// Editing the file's clear columns (a change sent turned back into
/// waiting, its attempts reset) makes the change fail to open: it is
/// never sent again on the strength of an edited state.
#[test]
fn a_state_edited_in_the_file_does_not_open() {
    let folder = Folder::new();
    let cache = folder.open();
    let kept = cache.outbox_add(task("Enviada")).unwrap();
    cache.outbox_claim(&kept, None).unwrap();
    cache.outbox_mark(kept.id, OutboxState::Sent, None).unwrap();
    drop(cache);
    for edit in [
        "UPDATE outbox SET state = 'waiting'",
        "UPDATE outbox SET attempts = 0",
        "UPDATE outbox SET changed_at = changed_at - 86400000",
    ] {
        let fresh = Folder {
            dir: tempfile::tempdir().unwrap(),
            key: DataKey::from_bytes(folder.key.expose_secret()).unwrap(),
        };
        std::fs::copy(folder.path(), fresh.path()).unwrap();
        let conn = rusqlite::Connection::open(fresh.path()).unwrap();
        conn.execute(edit, []).unwrap();
        drop(conn);
        let cache = fresh.open();
        assert!(
            matches!(cache.outbox(), Err(Error::Unreadable(_))),
            "{edit}: refused"
        );
    }
    // Untouched, it reads as it was.
    let cache = folder.open();
    assert_eq!(cache.outbox().unwrap()[0].state, OutboxState::Sent);
}

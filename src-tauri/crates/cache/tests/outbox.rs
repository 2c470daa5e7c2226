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

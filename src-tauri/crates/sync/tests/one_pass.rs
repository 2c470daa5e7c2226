//! One pass over an outbox at a time, whoever starts it, and an outbox
//! that outlives a new key or address: against the sandbox over loopback
//! HTTP and real sealed SQLite files.

mod common;

use std::sync::Arc;

use workdesk_api::{ClientConfig, FilterSpec, ListView, NewTask, Operator, ResourceName, Take};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_sandbox::{Config, Running};
use workdesk_sync::{
    carry_outbox, CancellationToken, Change, Note, OfflineSwitch, OutboxState, PassEnd, Replica,
};

async fn sandbox() -> Running {
    workdesk_sandbox::start(Config {
        journal: true,
        ..Config::default()
    })
    .await
    .unwrap()
}

fn client(sandbox: &Running) -> workdesk_api::Client {
    common::client_of(
        sandbox,
        &sandbox.keys().workspace_a.clone(),
        ClientConfig::default(),
    )
}

/// One pass over `replica`'s outbox; how it ended.
async fn send(replica: &Replica) -> PassEnd {
    replica
        .send_outbox(&CancellationToken::new(), || {})
        .await
        .unwrap()
}

/// The origin of `sandbox`'s address (`http://127.0.0.1:<port>`).
fn origin_of(sandbox: &Running) -> String {
    workdesk_api::BaseUrl::parse(sandbox.base_url())
        .unwrap()
        .origin()
}

fn task(title: &str) -> Change {
    Change::CreateTask {
        task: NewTask::titled(title),
    }
}

async fn tasks_titled(sandbox: &Running, title: &str) -> usize {
    let view = ListView {
        take: Take::Count(50),
        filters: vec![FilterSpec::and("title", Operator::Exact, [title])],
        ..ListView::default()
    };
    client(sandbox)
        .list_view(ResourceName::Task, &view)
        .await
        .unwrap()
        .results
        .len()
}

/// The POSTs of tasks the sandbox received, by title.
async fn posted(sandbox: &Running, title: &str) -> usize {
    let journal = common::journal(sandbox).await;
    journal["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            r["method"] == "POST" && r["path"] == "/task/task/" && r["body"]["title"] == title
        })
        .count()
}

/// Eight replicas over one file (each with its own handle and client, as
/// eight senders or processes would have) start a pass at once: each
/// change goes out once, and the service has one task per change.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn passes_started_at_once_on_one_file_send_each_change_once() {
    let sandbox = sandbox().await;
    let dir = tempfile::tempdir().unwrap();
    let path = file_of(dir.path(), "ws");
    let key = DataKey::generate();
    let open = || {
        let (cache, _) = Cache::open(&path, "ws", &key, false).unwrap();
        Replica::new(client(&sandbox), Arc::new(cache), OfflineSwitch::default())
    };
    let first = open();
    let titles: Vec<String> = (1..=5).map(|n| format!("Tarea a la vez {n}")).collect();
    for title in &titles {
        first.keep_change(&task(title)).unwrap();
    }
    let mut replicas = vec![first];
    replicas.extend((1..8).map(|_| open()));
    let start = Arc::new(tokio::sync::Barrier::new(replicas.len()));
    let passes: Vec<_> = replicas
        .iter()
        .cloned()
        .map(|replica| {
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                send(&replica).await
            })
        })
        .collect();
    for pass in passes {
        assert_eq!(pass.await.unwrap(), PassEnd::Done);
    }
    for title in &titles {
        assert_eq!(posted(&sandbox, title).await, 1, "{title} went out once");
        assert_eq!(tasks_titled(&sandbox, title).await, 1, "{title}");
    }
    let outbox = replicas[3].outbox().unwrap();
    assert!(outbox
        .iter()
        .all(|p| p.state == OutboxState::Sent && p.attempts == 1));
}

/// The file of an earlier key of the same service and the file of the new
/// key, in one folder with one data key.
struct Files {
    dir: tempfile::TempDir,
    key: DataKey,
}

impl Files {
    fn new() -> Files {
        Files {
            dir: tempfile::tempdir().unwrap(),
            key: DataKey::generate(),
        }
    }

    fn open(&self, name: &str) -> Cache {
        Cache::open(&file_of(self.dir.path(), name), name, &self.key, false)
            .unwrap()
            .0
    }

    /// The earlier file, noted for `origin`, with a task titled `title`
    /// kept in its outbox while working offline.
    fn kept_under(&self, sandbox: &Running, origin: &str, title: &str) -> Arc<Cache> {
        let earlier = self.open("earlier");
        earlier.set_origin(origin).unwrap();
        let old = Replica::new(client(sandbox), Arc::new(earlier), OfflineSwitch::new(true));
        old.keep_change(&task(title)).unwrap();
        old.cache().clone()
    }
}

/// A new key for the same service: the changes kept with the earlier key
/// move into the new key's file and are sent once from there.
#[tokio::test]
async fn an_outbox_kept_under_an_earlier_key_of_the_same_service_is_sent_once_under_the_new() {
    let sandbox = sandbox().await;
    let origin = origin_of(&sandbox);
    let files = Files::new();
    let earlier = files.kept_under(&sandbox, &origin, "Con la clave anterior");

    let now = files.open("now");
    now.set_origin(&origin).unwrap();
    let carried = carry_outbox(&earlier, "earlier", &now, &origin).unwrap();
    assert_eq!((carried.moved, carried.held), (1, 0));
    assert_eq!(
        carry_outbox(&earlier, "earlier", &now, &origin)
            .unwrap()
            .moved,
        0,
        "moved once, even if the earlier file is still there"
    );
    let replica = Replica::new(client(&sandbox), Arc::new(now), OfflineSwitch::default());
    assert_eq!(replica.outbox().unwrap()[0].state, OutboxState::Waiting);
    assert_eq!(send(&replica).await, PassEnd::Done);
    assert_eq!(tasks_titled(&sandbox, "Con la clave anterior").await, 1);
}

/// Another address: the changes are listed, held, and sent only once the
/// user says so.
#[tokio::test]
async fn an_outbox_written_for_another_address_is_held_until_the_user_sends_it_here() {
    let sandbox = sandbox().await;
    let origin = origin_of(&sandbox);
    let files = Files::new();
    let earlier = files.kept_under(
        &sandbox,
        "https://old.example.com",
        "Para la dirección anterior",
    );

    let now = files.open("now");
    let carried = carry_outbox(&earlier, "earlier", &now, &origin).unwrap();
    assert_eq!(carried.held, 1);
    assert_eq!(
        carried.written_for.as_deref(),
        Some("https://old.example.com")
    );
    let replica = Replica::new(client(&sandbox), Arc::new(now), OfflineSwitch::default());
    let held = replica.outbox().unwrap().remove(0);
    assert_eq!(held.state, OutboxState::NeedsYou);
    assert_eq!(
        held.note,
        Some(Note::OtherAddress {
            origin: Some("https://old.example.com".into())
        })
    );
    assert!(held.can_release && held.can_discard);
    assert_eq!(send(&replica).await, PassEnd::Done);
    assert_eq!(
        posted(&sandbox, "Para la dirección anterior").await,
        0,
        "nothing sent without the user's word"
    );

    let released = replica.release(held.id).unwrap();
    assert_eq!(released.state, OutboxState::Waiting);
    assert!(matches!(
        replica.release(held.id),
        Err(workdesk_sync::Error::NotHeld(_))
    ));
    send(&replica).await;
    assert_eq!(
        tasks_titled(&sandbox, "Para la dirección anterior").await,
        1
    );
}

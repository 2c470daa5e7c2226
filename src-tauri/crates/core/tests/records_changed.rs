//! When the screens read again (`workdesk_core::reading::changes`): what
//! is announced through the session's changes watch, with which resources
//! and why, for a workspace on the sandbox over loopback HTTP (its key in
//! a session-only keychain): a write sent, a record the service says is
//! gone, changes the outbox delivered, the service found again, "Work
//! offline" turned off, a new connection for the workspace on screen; and
//! nothing for a write kept in the outbox or a workspace not on screen.

mod common;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use workdesk_api::{LeadPatch, ListView, NewTask, Patch, ResourceName};
use workdesk_core::reading::changes::{ChangeCause, ChangedRecords};
use workdesk_core::state::AppState;
use workdesk_core::ui_error::ErrorKind;
use workdesk_core::workspace::id::WorkspaceId;
use workdesk_core::writing::outbox::Written;

/// The app's state on a workspace of `sandbox` (shown, opened), with
/// everything announced sent to the receiver.
struct Watched {
    state: AppState,
    workspace: WorkspaceId,
    announced: mpsc::UnboundedReceiver<ChangedRecords>,
    _dir: tempfile::TempDir,
}

async fn sandbox() -> workdesk_sandbox::Running {
    workdesk_sandbox::start(workdesk_sandbox::Config {
        faults: true,
        ..workdesk_sandbox::Config::default()
    })
    .await
    .unwrap()
}

/// Adds a workspace of `sandbox` with `key` and shows it.
async fn add(
    state: &AppState,
    sandbox: &workdesk_sandbox::Running,
    name: &str,
    key: &str,
) -> WorkspaceId {
    let status = workdesk_core::workspace::commands::add_workspace(
        state,
        name.into(),
        sandbox.base_url().to_owned(),
        key.to_owned(),
        None,
    )
    .await
    .unwrap();
    status.workspace.unwrap().id
}

async fn watched(sandbox: &workdesk_sandbox::Running) -> Watched {
    let (state, dir) = common::plain();
    let (tx, announced) = mpsc::unbounded_channel();
    state.session.set_changes_watch(Arc::new(move |changed| {
        let _ = tx.send(changed);
    }));
    let workspace = add(&state, sandbox, "Empresa A", &sandbox.keys().workspace_a).await;
    // Opened, with its sender and what follows its client.
    state.workspace().await.unwrap();
    Watched {
        state,
        workspace,
        announced,
        _dir: dir,
    }
}

impl Watched {
    /// The next announcement (at most a minute, as a guard).
    async fn next(&mut self) -> ChangedRecords {
        tokio::time::timeout(Duration::from_secs(60), self.announced.recv())
            .await
            .expect("nothing announced within a minute")
            .expect("the watch is gone")
    }

    /// What was announced so far, after a moment for what runs in the
    /// background.
    async fn so_far(&mut self) -> Vec<ChangedRecords> {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let mut all = Vec::new();
        while let Ok(changed) = self.announced.try_recv() {
            all.push(changed);
        }
        all
    }

    fn expected(&self, resources: Vec<ResourceName>, cause: ChangeCause) -> ChangedRecords {
        ChangedRecords {
            workspace: self.workspace.clone(),
            resources,
            cause,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_write_sent_announces_its_resource_and_a_record_already_gone_too() {
    let sandbox = sandbox().await;
    let mut watched = watched(&sandbox).await;
    let state = &watched.state;
    let ids = sandbox.ids();

    let written =
        workdesk_core::writing::writes::create_task(state, NewTask::titled("Conciliar banco"))
            .await
            .unwrap();
    assert!(matches!(written, Written::Sent { .. }));
    let lead = LeadPatch {
        status: Patch::Set("won".into()),
        ..LeadPatch::default()
    };
    workdesk_core::writing::writes::patch_lead(state, ids.lead.to_string(), lead)
        .await
        .unwrap();
    let stakeholder = ids.stakeholder.to_string();
    workdesk_core::writing::writes::delete_stakeholder(state, stakeholder.clone())
        .await
        .unwrap();
    // Deleted already (by someone else, say): gone all the same.
    let err = workdesk_core::writing::writes::delete_stakeholder(state, stakeholder)
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound);

    assert_eq!(
        watched.so_far().await,
        vec![
            watched.expected(vec![ResourceName::Task], ChangeCause::Written),
            watched.expected(vec![ResourceName::Lead], ChangeCause::Written),
            watched.expected(vec![ResourceName::Stakeholder], ChangeCause::Written),
            watched.expected(vec![ResourceName::Stakeholder], ChangeCause::RecordGone),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_the_service_says_is_gone_announces_its_resource() {
    let sandbox = sandbox().await;
    let mut watched = watched(&sandbox).await;
    let gone = "7c9e6679-7425-40de-944b-e07fc1f90ae7".to_owned();
    let read = common::messages(|answers| {
        workdesk_core::reading::records::read_record(
            &watched.state,
            ResourceName::Lead,
            gone,
            answers,
        )
    })
    .await;
    assert_eq!(read.err().map(|err| err.kind), Some(ErrorKind::NotFound));
    assert_eq!(
        watched.so_far().await,
        vec![watched.expected(vec![ResourceName::Lead], ChangeCause::RecordGone)]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_kept_announces_nothing_until_the_outbox_delivers_it() {
    let sandbox = sandbox().await;
    let mut watched = watched(&sandbox).await;
    let state = &watched.state;
    workdesk_core::offline::commands::set_working_offline(state, true)
        .await
        .unwrap();
    let written =
        workdesk_core::writing::writes::create_task(state, NewTask::titled("Pagar nómina"))
            .await
            .unwrap();
    assert!(matches!(written, Written::Queued { .. }));
    assert_eq!(
        watched.so_far().await,
        [],
        "nothing changed on the service yet"
    );

    // Work offline off: every list first, then what the sender delivered.
    workdesk_core::offline::commands::set_working_offline(&watched.state, false)
        .await
        .unwrap();
    assert_eq!(
        watched.next().await,
        watched.expected(vec![], ChangeCause::WorkingOnline)
    );
    assert_eq!(
        watched.next().await,
        watched.expected(vec![ResourceName::Task], ChangeCause::SentFromOutbox)
    );
    // Turned off again while off: nothing new.
    workdesk_core::offline::commands::set_working_offline(&watched.state, false)
        .await
        .unwrap();
    assert_eq!(watched.so_far().await, []);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_found_again_announces_every_list() {
    let sandbox = sandbox().await;
    let mut watched = watched(&sandbox).await;
    let client = watched.state.workspace().await.unwrap().client().clone();
    // A gateway's page instead of the service (every retry too):
    // unreachable, whatever the client tries.
    common::arm(sandbox.base_url(), "html", 5);
    let view = ListView::default();
    assert!(client.list_view(ResourceName::Task, &view).await.is_err());
    assert_eq!(client.connection(), workdesk_api::Connection::Offline);
    assert_eq!(
        watched.so_far().await,
        [],
        "unreachable: nothing to read again"
    );

    // It answers again (the faults used up, or Workdesk's own try).
    tokio::time::timeout(Duration::from_secs(60), async {
        while client.list_view(ResourceName::Task, &view).await.is_err() {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .expect("the service answers again");
    assert_eq!(
        watched.next().await,
        watched.expected(vec![], ChangeCause::ServiceBack)
    );
    assert_eq!(watched.so_far().await, [], "once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_connection_for_the_workspace_on_screen_announces_every_list_and_for_another_nothing()
{
    let sandbox = sandbox().await;
    let mut watched = watched(&sandbox).await;
    let first = watched.workspace.clone();
    let keys = sandbox.keys().clone();
    // Another workspace, shown from now on.
    let second = add(&watched.state, &sandbox, "Empresa B", &keys.workspace_b).await;
    watched.workspace = second.clone();

    // A new key for the workspace not on screen: nothing on screen changed.
    workdesk_core::workspace::commands::update_workspace(
        &watched.state,
        first,
        sandbox.base_url().to_owned(),
        Some(keys.replacement.clone()),
        None,
    )
    .await
    .unwrap();
    assert_eq!(watched.so_far().await, []);

    // The one on screen, its stored key kept (its address saved again).
    workdesk_core::workspace::commands::update_workspace(
        &watched.state,
        second,
        sandbox.base_url().to_owned(),
        None,
        None,
    )
    .await
    .unwrap();
    assert_eq!(
        watched.so_far().await,
        vec![watched.expected(vec![], ChangeCause::ConnectionChanged)]
    );
}

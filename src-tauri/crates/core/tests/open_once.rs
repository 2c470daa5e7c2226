//! A workspace is opened once, whoever asks first: commands arriving
//! together at start (the window's first questions) share one opening, so
//! one sender follows its outbox. Against the sandbox over loopback HTTP,
//! a mock keychain and a real saved-data file.

mod common;

use std::sync::Arc;

use workdesk_core::state::AppState;
use workdesk_keychain::Keychain;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_arriving_together_share_one_opening_of_the_workspace() {
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config::default())
        .await
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let state = Arc::new(AppState::new(
        Keychain::with_default_store("dev.workdesk.open-once.test"),
        common::settings_in_memory(),
        dir.path().to_owned(),
    ));
    workdesk_core::workspace::commands::add_workspace(
        &state,
        "Empresa A".into(),
        sandbox.base_url().to_owned(),
        sandbox.keys().workspace_a.clone(),
        None,
    )
    .await
    .unwrap();
    state.switched().await;

    let start = Arc::new(tokio::sync::Barrier::new(8));
    let openings: Vec<_> = (0..8)
        .map(|_| {
            let (state, start) = (state.clone(), start.clone());
            tokio::spawn(async move {
                start.wait().await;
                state.workspace().await.unwrap()
            })
        })
        .collect();
    let mut opened = Vec::new();
    for opening in openings {
        opened.push(opening.await.unwrap());
    }
    let first = opened[0].replica.cache().clone();
    assert!(
        opened
            .iter()
            .all(|workspace| Arc::ptr_eq(workspace.replica.cache(), &first)),
        "one opening, shared: one saved-data handle and one sender"
    );
    let again = state.workspace().await.unwrap();
    assert!(Arc::ptr_eq(again.replica.cache(), &first), "kept open");
}

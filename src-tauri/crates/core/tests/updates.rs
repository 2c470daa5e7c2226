//! What the window shows about Workdesk's own updates, and when it looks
//! for them (`workdesk_core::updates::status`).

mod common;

use std::path::Path;

use workdesk_core::error::UpdateFailure;
use workdesk_core::ui_error::{ErrorCode, ErrorKind};
use workdesk_core::updates::policy::{Installed, UpdatePolicy, WhenNewer};
use workdesk_core::updates::status::{NotInThisBuild, Release, UpdateStage, Updates};

/// The policy `env` sets on a machine without a policy file.
fn policy(env: Option<&str>) -> UpdatePolicy {
    UpdatePolicy::read(Some(Path::new("/nonexistent/workdesk/policy.json")), env)
}

fn release(version: &str) -> Release {
    Release {
        version: version.into(),
        notes: Some("Faster lists.\nA search box.".into()),
        published_at: Some("2026-11-20T10:00:00Z".into()),
    }
}

fn updates(installed: Installed) -> Updates {
    Updates::new("0.1.0".into(), policy(None), installed, None)
}

#[test]
fn a_check_runs_only_when_updates_are_on_the_build_can_verify_them_and_the_computer_is_online() {
    let on = updates(Installed::AppImage);
    assert!(on.should_check(false, true));
    assert!(!on.should_check(true, true), "never while working offline");
    assert!(
        !on.should_check(false, false),
        "never while the service is unreachable"
    );

    let off = Updates::new("0.1.0".into(), policy(Some("off")), Installed::Nsis, None);
    assert!(!off.should_check(false, true));
    assert!(!off.status().looked_for());
    assert!(matches!(
        off.begin_check(),
        Err(workdesk_core::error::Error::UpdatesOff)
    ));

    let keyless = Updates::new(
        "0.1.0".into(),
        policy(None),
        Installed::Msi,
        Some(NotInThisBuild::NoKey),
    );
    assert!(
        !keyless.should_check(false, true),
        "a build that cannot verify an update never looks"
    );
    assert_eq!(
        keyless.status().not_in_this_build,
        Some(NotInThisBuild::NoKey)
    );

    // A company server makes up for a build without a release server, not
    // for one without the key.
    let mirror = Some("https://updates.example.com/workdesk/latest.json");
    let serverless = Updates::new(
        "0.1.0".into(),
        policy(mirror),
        Installed::Msi,
        Some(NotInThisBuild::NoServer),
    );
    assert!(serverless.should_check(false, true));
    assert_eq!(serverless.status().not_in_this_build, None);
    let serverless_default = Updates::new(
        "0.1.0".into(),
        policy(None),
        Installed::Msi,
        Some(NotInThisBuild::NoServer),
    );
    assert!(!serverless_default.should_check(false, true));
}

#[test]
fn a_version_found_is_offered_until_installed_and_one_check_at_a_time() {
    let updates = updates(Installed::AppImage);
    let checking = updates.begin_check().unwrap();
    assert_eq!(checking.stage, UpdateStage::Checking);
    assert!(
        !updates.should_check(false, true),
        "not while a check is under way"
    );
    assert!(matches!(
        updates.begin_check(),
        Err(workdesk_core::error::Error::UpdateRunning)
    ));

    let found = updates.checked(Ok(Some(release("0.2.0"))));
    assert_eq!(found.stage, UpdateStage::Available);
    assert_eq!(found.release, Some(release("0.2.0")));
    assert_eq!(found.when_newer, WhenNewer::InstallInPlace);
    assert!(found.checked_at.is_some());
    assert!(
        !updates.should_check(false, true),
        "the next periodic check comes 4 hours after this one (Check now asks at once)"
    );

    // A later check that fails keeps the version offered, and says why.
    updates.begin_check().unwrap();
    let failed = updates.checked(Err(UpdateFailure::Unreachable("connection refused".into())));
    assert_eq!(failed.stage, UpdateStage::Available);
    assert_eq!(failed.release, Some(release("0.2.0")));
    let problem = failed.problem.unwrap();
    assert_eq!(
        (problem.kind, problem.code),
        (ErrorKind::Network, ErrorCode::UpdateUnreachable)
    );
    assert_eq!(
        failed.checked_at, found.checked_at,
        "the last answered check"
    );

    // Nothing newer: up to date, nothing offered.
    updates.begin_check().unwrap();
    let none = updates.checked(Ok(None));
    assert_eq!(none.stage, UpdateStage::UpToDate);
    assert_eq!(none.release, None);
    assert_eq!(none.problem, None);
    assert!(matches!(
        updates.begin_download(),
        Err(workdesk_core::error::Error::NoUpdate)
    ));
}

#[test]
fn a_download_that_fails_its_signature_check_is_thrown_away_and_the_version_stays_offered() {
    let updates = updates(Installed::AppImage);
    updates.begin_check().unwrap();
    updates.checked(Ok(Some(release("0.2.0"))));

    let (offered, _token) = updates.begin_download().unwrap();
    assert_eq!(offered.version, "0.2.0");
    assert!(matches!(
        updates.begin_download(),
        Err(workdesk_core::error::Error::UpdateRunning)
    ));
    assert!(
        matches!(
            updates.begin_check(),
            Err(workdesk_core::error::Error::UpdateRunning)
        ),
        "no check while downloading"
    );
    let progress = updates.progress(4096, Some(10_000));
    assert_eq!(
        progress.stage,
        UpdateStage::Downloading {
            received_bytes: 4096,
            total_bytes: Some(10_000)
        }
    );

    let refused = updates.downloaded(Err(UpdateFailure::Signature("signature mismatch".into())));
    assert_eq!(refused.stage, UpdateStage::Available);
    let problem = refused.problem.unwrap();
    assert_eq!(problem.code, ErrorCode::UpdateSignature);
    assert!(
        problem.params.is_empty(),
        "the reason is the code; the detail is logged"
    );

    // Again, then installed.
    updates.begin_download().unwrap();
    assert_eq!(
        updates.status().problem,
        None,
        "a new try clears the last reason"
    );
    let installed = updates.downloaded(Ok(UpdateStage::Installed));
    assert_eq!(installed.stage, UpdateStage::Installed);
    assert!(
        matches!(
            updates.begin_check(),
            Err(workdesk_core::error::Error::UpdateRunning)
        ),
        "installed: only a restart remains"
    );
}

#[test]
fn a_cancelled_download_leaves_the_version_offered_without_a_problem() {
    let updates = updates(Installed::Deb);
    assert_eq!(updates.status().when_newer, WhenNewer::TellWhereToGetIt);
    assert!(!updates.cancel(), "nothing to cancel");
    updates.begin_check().unwrap();
    updates.checked(Ok(Some(release("0.2.0"))));
    let (_, token) = updates.begin_download().unwrap();
    assert!(updates.cancel());
    assert!(token.is_cancelled());
    let after = updates.downloaded(Err(UpdateFailure::Cancelled));
    assert_eq!(after.stage, UpdateStage::Available);
    assert_eq!(after.problem, None);
    assert!(!updates.cancel(), "the token is gone with the download");
}

/// The window gets statuses by a command's reply, the download's progress
/// channel and the periodic check's event, in an order that is not always
/// the order they were sent in: each change's revision is larger than the
/// one before, so the window keeps the newest (a last progress message
/// arriving after the download's reply is not shown).
#[test]
fn every_change_of_the_status_has_a_larger_revision_so_the_window_keeps_the_newest() {
    let updates = updates(Installed::Deb);
    let mut sent = vec![updates.status()];
    sent.push(updates.begin_check().unwrap());
    sent.push(updates.checked(Ok(Some(release("0.2.0")))));
    updates.begin_download().unwrap();
    sent.push(updates.status());
    sent.push(updates.progress(64 << 10, Some(3 << 20)));
    sent.push(updates.progress(3 << 20, Some(3 << 20)));
    sent.push(updates.downloaded(Ok(UpdateStage::Saved {
        path: "/home/ana/Workdesk_0.2.0_amd64.deb".into(),
        file_name: "Workdesk_0.2.0_amd64.deb".into(),
    })));
    let revisions: Vec<u32> = sent.iter().map(|status| status.revision).collect();
    assert!(
        revisions.windows(2).all(|pair| pair[0] < pair[1]),
        "each change is newer than the one before: {revisions:?}"
    );
    assert_eq!(
        updates.status(),
        sent[sent.len() - 1],
        "the last is the status now"
    );

    // Progress reported after the download ended changes nothing, so it is
    // not newer than the end.
    let late = updates.progress(3 << 20, Some(3 << 20));
    assert_eq!(late, sent[sent.len() - 1]);
}

#[tokio::test]
async fn a_package_is_saved_whole_or_not_at_all() {
    let (state, _saved) = common::plain();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Workdesk_0.2.0_amd64.deb");
    let saved = workdesk_core::updates::status::save_update_package(
        &state,
        path.clone(),
        b"!<arch>\n".to_vec(),
    )
    .await
    .unwrap();
    assert_eq!(
        saved,
        UpdateStage::Saved {
            path: path.to_string_lossy().into_owned(),
            file_name: "Workdesk_0.2.0_amd64.deb".into()
        }
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"!<arch>\n");
    assert_eq!(
        state.exports.last.lock().unwrap().as_deref(),
        Some(path.as_path()),
        "Show in folder shows it"
    );

    let nowhere = dir.path().join("missing folder").join("Workdesk.deb");
    let err =
        workdesk_core::updates::status::save_update_package(&state, nowhere, b"!<arch>\n".to_vec())
            .await
            .unwrap_err();
    assert!(matches!(err, UpdateFailure::InstallFailed(_)));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "nothing else was left"
    );
}

/// A download signed for another version than the manifest announced
/// (the plugin's `SignedVersionMismatch`, `requireSignedVersion`) is
/// refused: the window is told, and the version stays offered.
#[test]
fn a_download_of_another_version_than_the_manifest_announced_is_refused() {
    let updates = updates(Installed::Deb);
    updates.begin_check().unwrap();
    updates.checked(Ok(Some(release("0.2.0"))));
    updates.begin_download().unwrap();
    let refused = updates.downloaded(Err(UpdateFailure::VersionMismatch {
        announced: "0.2.0".into(),
        found: "0.1.5".into(),
    }));
    assert_eq!(refused.stage, UpdateStage::Available);
    let problem = refused.problem.unwrap();
    assert_eq!(
        (problem.kind, problem.code),
        (ErrorKind::Service, ErrorCode::UpdateVersionMismatch)
    );
    assert_eq!(
        problem.params.get("found").map(String::as_str),
        Some("0.1.5")
    );
    assert_eq!(
        problem.params.get("announced").map(String::as_str),
        Some("0.2.0")
    );
}

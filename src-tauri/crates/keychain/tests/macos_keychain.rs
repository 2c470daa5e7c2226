//! Round trip through macOS's Keychain: the default keychain of the user
//! running the tests (on GitHub's macOS runner one the workflow creates and
//! unlocks with `security create-keychain`). Checked from the outside with
//! `/usr/bin/security`, as a user or an administrator would: that the item
//! is there under its service and account (its attributes only: reading
//! the secret of an item another program made would ask the user). Runs
//! only on GitHub's macOS runner: nothing here runs macOS.
#![cfg(target_os = "macos")]

mod common;

use std::process::{Command, Output};

use common::{given, ORIGIN};
use workdesk_key::ApiKey;
use workdesk_keychain::{Keychain, Persistence, StoredKey};

fn security(args: &[&str]) -> Output {
    Command::new("/usr/bin/security")
        .args(args)
        .output()
        .expect("/usr/bin/security runs")
}

/// Whether the keychain holds the generic item (`service`, `account`),
/// as `security find-generic-password` finds it (attributes only).
fn found(service: &str, account: &str) -> bool {
    security(&["find-generic-password", "-s", service, "-a", account])
        .status
        .success()
}

fn open(service: &str) -> Keychain {
    common::open(
        service,
        "no Keychain for this user: create and unlock one (see .github/workflows/ci.yml)",
    )
}

#[test]
fn a_key_round_trips_through_the_keychain_with_its_origin() {
    let service = format!("dev.workdesk.test.{}", std::process::id());
    let keychain = open(&service);
    let secret = format!("service_{}RoundTrip", "k7".repeat(20));
    let key = ApiKey::parse(&secret).unwrap();
    assert_eq!(keychain.set_key("default", ORIGIN, &key), Persistence::Os);

    assert!(found(&service, "default"), "security finds the item");
    assert_eq!(
        given(open(&service).key("default", ORIGIN).unwrap()),
        secret
    );
    keychain.delete("default").unwrap();
    assert!(!found(&service, "default"), "the item is gone");
}

#[test]
fn a_data_key_is_its_own_item_next_to_the_api_key() {
    let service = format!("dev.workdesk.test.secrets.{}", std::process::id());
    let keychain = open(&service);
    let data_key: Vec<u8> = (0u8..32).map(|n| n.wrapping_mul(37)).collect();
    keychain.set_secret("default#data-key", &data_key).unwrap();
    assert!(
        found(&service, "default#data-key"),
        "security finds the data key's item"
    );
    assert_eq!(
        open(&service)
            .get_secret("default#data-key")
            .unwrap()
            .unwrap()
            .as_slice(),
        data_key
    );
    keychain.delete("default#data-key").unwrap();
    assert!(!found(&service, "default#data-key"));
}

/// A key an earlier version stored (the bare key, no origin), put there
/// with `security add-generic-password -A` (readable by any program, so
/// no prompt): it is never given out.
#[test]
fn a_bare_key_from_an_earlier_version_is_not_given_out() {
    let service = format!("dev.workdesk.test.legacy.{}", std::process::id());
    let secret = format!("service_{}", "e".repeat(40));
    let added = security(&[
        "add-generic-password",
        "-s",
        &service,
        "-a",
        "default",
        "-w",
        &secret,
    ]);
    assert!(added.status.success(), "{added:?}");
    let keychain = open(&service);
    assert!(matches!(
        keychain.key("default", ORIGIN).unwrap(),
        StoredKey::Unbound
    ));
    keychain.delete("default").unwrap();
}

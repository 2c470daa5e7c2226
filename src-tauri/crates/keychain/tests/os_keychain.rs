//! What the OS keychain does on every system, through Workdesk's own API
//! only: Linux's Secret Service (a gnome-keyring in `.ci/test`'s D-Bus
//! session), Windows' Credential Manager (Wine's on every CI run here,
//! `.ci/windows`; the real one on GitHub's Windows runner), macOS's login
//! Keychain (GitHub's macOS runner). Each system's own view of the items is
//! checked in `secret_service.rs`, `credential_manager.rs` and
//! `macos_keychain.rs`.

mod common;

use common::{given, ORIGIN};
use workdesk_key::ApiKey;
use workdesk_keychain::{Availability, Keychain, Persistence, StoredKey};

#[test]
fn profiles_keep_separate_keys() {
    let service = format!("dev.workdesk.test.profiles.{}", std::process::id());
    let keychain = Keychain::open(&service);
    assert_eq!(
        keychain.availability(),
        Availability::Os,
        "no OS keychain in this session: run the tests through .ci/test (or .ci/windows)"
    );
    let a = ApiKey::parse(&format!("service_{}", "a".repeat(40))).unwrap();
    let b = ApiKey::parse(&format!("service_{}", "b".repeat(40))).unwrap();
    assert_eq!(keychain.set_key("office", ORIGIN, &a), Persistence::Os);
    assert_eq!(keychain.set_key("branch", ORIGIN, &b), Persistence::Os);
    assert_eq!(
        given(keychain.key("office", ORIGIN).unwrap()),
        a.expose_secret()
    );
    assert_eq!(
        given(keychain.key("branch", ORIGIN).unwrap()),
        b.expose_secret()
    );
    keychain.delete("office").unwrap();
    assert!(matches!(
        keychain.key("office", ORIGIN).unwrap(),
        StoredKey::Missing
    ));
    assert_eq!(
        given(keychain.key("branch", ORIGIN).unwrap()),
        b.expose_secret()
    );
    keychain.delete("branch").unwrap();
}

#[test]
fn a_key_stays_bound_to_its_origin_across_a_restart() {
    let service = format!("dev.workdesk.test.origin.{}", std::process::id());
    let keychain = Keychain::open(&service);
    assert_eq!(keychain.availability(), Availability::Os);
    let key = ApiKey::parse(&format!("service_{}", "o".repeat(40))).unwrap();
    assert_eq!(keychain.set_key("default", ORIGIN, &key), Persistence::Os);

    let reopened = Keychain::open(&service);
    assert_eq!(
        given(reopened.key("default", ORIGIN).unwrap()),
        key.expose_secret()
    );
    assert!(matches!(
        reopened.key("default", "http://127.0.0.1:8080").unwrap(),
        StoredKey::OtherOrigin { origin } if origin == ORIGIN
    ));
    reopened.delete("default").unwrap();
    assert!(matches!(
        Keychain::open(&service).key("default", ORIGIN).unwrap(),
        StoredKey::Missing
    ));
    // Removing what is not there is not an error.
    reopened.delete("default").unwrap();
}

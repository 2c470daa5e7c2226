//! Round trip through Linux's keychain: the Secret Service of a
//! gnome-keyring running in this test's D-Bus session (`.ci/test` starts
//! one). Checked from the outside with `secret-tool`, as a user would.
//! Windows' Credential Manager: `credential_manager.rs`; macOS's login
//! Keychain: `macos_keychain.rs`; what holds everywhere: `os_keychain.rs`.
#![cfg(target_os = "linux")]

mod common;

use std::process::Command;

use common::{given, ORIGIN};
use workdesk_key::ApiKey;
use workdesk_keychain::{Availability, Keychain, Persistence, StoredKey};

fn secret_tool(args: &[&str]) -> String {
    let out = Command::new("secret-tool")
        .args(args)
        .output()
        .expect("secret-tool (package libsecret-tools) runs");
    assert!(out.status.success(), "secret-tool {args:?} failed: {out:?}");
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_key_round_trips_through_the_secret_service() {
    let service = format!("dev.workdesk.test.{}", std::process::id());
    let keychain = Keychain::open(&service);
    assert_eq!(
        keychain.availability(),
        Availability::Os,
        "no Secret Service in this session: run the tests through .ci/test"
    );
    let secret = format!("service_{}RoundTrip", "k7".repeat(20));
    let key = ApiKey::parse(&secret).unwrap();

    assert_eq!(keychain.set_key("default", ORIGIN, &key), Persistence::Os);

    let seen = secret_tool(&["search", "--all", "service", &service]);
    assert!(
        seen.contains(&secret) && seen.contains(ORIGIN),
        "secret-tool should see the item, with its origin: {seen}"
    );
    assert_eq!(given(keychain.key("default", ORIGIN).unwrap()), secret);

    // A second instance (a restart of the app) finds the same key, for
    // its origin only.
    let reopened = Keychain::open(&service);
    assert_eq!(given(reopened.key("default", ORIGIN).unwrap()), secret);
    assert!(matches!(
        reopened.key("default", "http://127.0.0.1:8080").unwrap(),
        StoredKey::OtherOrigin { origin } if origin == ORIGIN
    ));

    keychain.delete("default").unwrap();
    assert!(matches!(
        keychain.key("default", ORIGIN).unwrap(),
        StoredKey::Missing
    ));
    let seen = secret_tool(&["search", "--all", "service", &service]);
    assert!(!seen.contains(&secret), "the item should be gone: {seen}");
}

#[test]
fn a_data_key_is_its_own_item_next_to_the_api_key() {
    let service = format!("dev.workdesk.test.secrets.{}", std::process::id());
    let keychain = Keychain::open(&service);
    assert_eq!(
        keychain.availability(),
        Availability::Os,
        "run through .ci/test"
    );
    let key = ApiKey::parse(&format!("service_{}", "d".repeat(40))).unwrap();
    assert_eq!(keychain.set_key("default", ORIGIN, &key), Persistence::Os);
    let data_key: Vec<u8> = (0u8..32).map(|n| n.wrapping_mul(37)).collect();
    keychain
        .set_secret("default#data-key", &data_key)
        .expect("the Secret Service takes raw bytes");
    let reopened = Keychain::open(&service);
    assert_eq!(
        reopened
            .get_secret("default#data-key")
            .unwrap()
            .unwrap()
            .as_slice(),
        data_key
    );
    let seen = secret_tool(&["search", "--all", "service", &service]);
    assert!(seen.contains("default#data-key"), "{seen}");
    reopened.delete("default#data-key").unwrap();
    assert!(reopened.get_secret("default#data-key").unwrap().is_none());
    assert_eq!(
        given(reopened.key("default", ORIGIN).unwrap()),
        key.expose_secret(),
        "the API key stays"
    );
    reopened.delete("default").unwrap();
}

/// A key an earlier version stored (the bare key, no origin), put there as
/// `secret-tool` would: it is never given out, for any origin.
#[test]
fn a_bare_key_from_an_earlier_version_is_not_given_out() {
    let service = format!("dev.workdesk.test.legacy.{}", std::process::id());
    let keychain = Keychain::open(&service);
    assert_eq!(
        keychain.availability(),
        Availability::Os,
        "run through .ci/test"
    );
    let secret = format!("service_{}", "e".repeat(40));
    let mut store = Command::new("secret-tool")
        .args([
            "store",
            "--label=Workdesk",
            "service",
            &service,
            "username",
            "default",
        ])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("secret-tool runs");
    use std::io::Write;
    store
        .stdin
        .take()
        .unwrap()
        .write_all(secret.as_bytes())
        .unwrap();
    assert!(store.wait().unwrap().success());
    assert!(matches!(
        keychain.key("default", ORIGIN).unwrap(),
        StoredKey::Unbound
    ));
    keychain.delete("default").unwrap();
}

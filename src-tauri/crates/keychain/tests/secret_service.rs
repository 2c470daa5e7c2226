//! Round trip through the real OS keychain: on Linux the Secret Service of a
//! gnome-keyring running in this test's D-Bus session (`.ci/test` starts
//! one). Checked from the outside with `secret-tool`, as a user would.

use std::process::Command;

use workdesk_api::ApiKey;
use workdesk_keychain::{Availability, Keychain, Persistence};

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

    assert_eq!(keychain.set("default", &key), Persistence::Os);

    let seen = secret_tool(&["search", "--all", "service", &service]);
    assert!(
        seen.contains(&secret),
        "secret-tool should see the item: {seen}"
    );
    let back = keychain
        .get("default")
        .unwrap()
        .expect("the key reads back");
    assert_eq!(back.expose_secret(), secret);

    // A second instance (a restart of the app) finds the same key.
    let reopened = Keychain::open(&service);
    assert_eq!(
        reopened.get("default").unwrap().unwrap().expose_secret(),
        secret
    );

    keychain.delete("default").unwrap();
    assert!(keychain.get("default").unwrap().is_none());
    let seen = secret_tool(&["search", "--all", "service", &service]);
    assert!(!seen.contains(&secret), "the item should be gone: {seen}");
}

#[test]
fn profiles_keep_separate_keys() {
    let service = format!("dev.workdesk.test.profiles.{}", std::process::id());
    let keychain = Keychain::open(&service);
    assert_eq!(
        keychain.availability(),
        Availability::Os,
        "run through .ci/test"
    );
    let a = ApiKey::parse(&format!("service_{}", "a".repeat(40))).unwrap();
    let b = ApiKey::parse(&format!("service_{}", "b".repeat(40))).unwrap();
    assert_eq!(keychain.set("office", &a), Persistence::Os);
    assert_eq!(keychain.set("branch", &b), Persistence::Os);
    assert_eq!(
        keychain.get("office").unwrap().unwrap().expose_secret(),
        a.expose_secret()
    );
    assert_eq!(
        keychain.get("branch").unwrap().unwrap().expose_secret(),
        b.expose_secret()
    );
    keychain.delete("office").unwrap();
    assert!(keychain.get("office").unwrap().is_none());
    assert!(keychain.get("branch").unwrap().is_some());
    keychain.delete("branch").unwrap();
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
    assert_eq!(keychain.set("default", &key), Persistence::Os);
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
        reopened.get("default").unwrap().unwrap().expose_secret(),
        key.expose_secret(),
        "the API key stays"
    );
    reopened.delete("default").unwrap();
}

//! What the keychain's tests on each system share: the origin keys are
//! bound to, the key a lookup gives out, and the system's own keychain
//! opened (failing the test when it is not there).

// Each test binary uses part of what is here.
#![allow(dead_code)]

use workdesk_keychain::{Availability, Keychain, StoredKey};

/// The origin the tests' keys are entered for.
pub const ORIGIN: &str = "https://api.example.com";

/// The key `stored` gives out, or a panic naming what it was instead.
pub fn given(stored: StoredKey) -> String {
    match stored {
        StoredKey::Bound { key, .. } => key.expose_secret().to_owned(),
        other => panic!("expected the key, got {other:?}"),
    }
}

/// The system's keychain for `service`; `missing` says how to get one
/// when it is not there.
pub fn open(service: &str, missing: &str) -> Keychain {
    let keychain = Keychain::open(service);
    assert_eq!(keychain.availability(), Availability::Os, "{missing}");
    keychain
}

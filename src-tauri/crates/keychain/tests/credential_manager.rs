//! Round trip through Windows' Credential Manager: Wine's
//! (`CredWriteW`/`CredReadW`, kept in the Wine prefix's registry) on every
//! CI run here (`.ci/windows`), the real one on GitHub's Windows runner.
//! Each item is checked from the outside through the Win32 API itself, as
//! Credential Manager and `cmdkey` see it: its target name
//! (`<account>.<service>`), its persistence and its secret.
#![cfg(windows)]

mod common;

use std::ptr::null_mut;

use common::{given, ORIGIN};
use windows_sys::Win32::Security::Credentials::{
    CredFree, CredReadW, CredWriteW, CREDENTIALW, CRED_PERSIST_ENTERPRISE,
    CRED_PERSIST_LOCAL_MACHINE, CRED_TYPE_GENERIC,
};
use workdesk_key::ApiKey;
use workdesk_keychain::{Keychain, Persistence, StoredKey};

/// A generic credential as Windows holds it.
struct Held {
    /// `CRED_PERSIST_*`: session, local machine or enterprise (roaming).
    persist: u32,
    /// The secret, as stored (keyring writes text as UTF-16 LE).
    blob: Vec<u8>,
}

impl Held {
    /// The blob read as UTF-16 LE text, as keyring writes a password.
    fn text(&self) -> String {
        let units: Vec<u16> = self
            .blob
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        String::from_utf16(&units).expect("the item's text is UTF-16")
    }
}

fn wide(text: &str) -> Vec<u16> {
    text.encode_utf16().chain(std::iter::once(0)).collect()
}

/// The target name keyring gives `account` of `service`.
fn target(service: &str, account: &str) -> String {
    format!("{account}.{service}")
}

/// The generic credential named `target`, read with `CredReadW`; `None`
/// when there is none.
fn read(target: &str) -> Option<Held> {
    let name = wide(target);
    let mut credential: *mut CREDENTIALW = null_mut();
    // SAFETY: `name` is a NUL-terminated UTF-16 string; on success
    // `credential` points to a block Windows allocated, read here and
    // freed with `CredFree`.
    unsafe {
        if CredReadW(name.as_ptr(), CRED_TYPE_GENERIC, 0, &mut credential) == 0 {
            return None;
        }
        let held = &*credential;
        let blob = if held.CredentialBlobSize == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(held.CredentialBlob, held.CredentialBlobSize as usize)
                .to_vec()
        };
        let persist = held.Persist;
        CredFree(credential.cast());
        Some(Held { persist, blob })
    }
}

/// Writes the generic credential `target` with `blob` and `persist`, as
/// an earlier version of Workdesk (keyring's default: enterprise) did.
fn write(target: &str, user: &str, blob: &[u8], persist: u32) {
    let mut name = wide(target);
    let mut user = wide(user);
    let mut blob = blob.to_vec();
    let credential = CREDENTIALW {
        Type: CRED_TYPE_GENERIC,
        TargetName: name.as_mut_ptr(),
        CredentialBlobSize: u32::try_from(blob.len()).unwrap(),
        CredentialBlob: blob.as_mut_ptr(),
        Persist: persist,
        UserName: user.as_mut_ptr(),
        ..CREDENTIALW::default()
    };
    // SAFETY: every pointer in `credential` points into a live buffer.
    let written = unsafe { CredWriteW(&credential, 0) };
    assert_ne!(
        written,
        0,
        "CredWriteW failed: {}",
        std::io::Error::last_os_error()
    );
}

fn open(service: &str) -> Keychain {
    common::open(service, "Credential Manager should be available")
}

#[test]
fn a_key_is_kept_on_this_computer_with_its_origin() {
    let service = format!("dev.workdesk.test.{}", std::process::id());
    let keychain = open(&service);
    let secret = format!("service_{}RoundTrip", "k7".repeat(20));
    let key = ApiKey::parse(&secret).unwrap();
    assert_eq!(keychain.set_key("default", ORIGIN, &key), Persistence::Os);

    let held = read(&target(&service, "default")).expect("Credential Manager holds the item");
    assert_eq!(
        held.persist, CRED_PERSIST_LOCAL_MACHINE,
        "kept on this computer, never copied with a roaming profile"
    );
    let text = held.text();
    assert!(
        text.contains(&secret) && text.contains(ORIGIN),
        "{}",
        text.len()
    );

    assert_eq!(
        given(open(&service).key("default", ORIGIN).unwrap()),
        secret
    );
    keychain.delete("default").unwrap();
    assert!(
        read(&target(&service, "default")).is_none(),
        "the item is gone"
    );
}

#[test]
fn an_item_kept_for_a_roaming_profile_is_written_again_as_local() {
    let service = format!("dev.workdesk.test.roaming.{}", std::process::id());
    let keychain = open(&service);
    let key = ApiKey::parse(&format!("service_{}", "r".repeat(40))).unwrap();
    assert_eq!(keychain.set_key("default", ORIGIN, &key), Persistence::Os);
    let name = target(&service, "default");
    let local = read(&name).unwrap();
    // The same item as an earlier version kept it: enterprise persistence.
    write(&name, "default", &local.blob, CRED_PERSIST_ENTERPRISE);
    assert_eq!(read(&name).unwrap().persist, CRED_PERSIST_ENTERPRISE);

    assert_eq!(
        given(open(&service).key("default", ORIGIN).unwrap()),
        key.expose_secret(),
        "the key is still given out"
    );
    let rewritten = read(&name).unwrap();
    assert_eq!(rewritten.persist, CRED_PERSIST_LOCAL_MACHINE, "now local");
    assert_eq!(rewritten.blob, local.blob, "with the same secret");
    keychain.delete("default").unwrap();
}

#[test]
fn a_data_key_is_kept_as_raw_bytes_on_this_computer() {
    let service = format!("dev.workdesk.test.secrets.{}", std::process::id());
    let keychain = open(&service);
    let data_key: Vec<u8> = (0u8..32).map(|n| n.wrapping_mul(37)).collect();
    keychain.set_secret("default#data-key", &data_key).unwrap();
    let held = read(&target(&service, "default#data-key")).unwrap();
    assert_eq!(held.blob, data_key);
    assert_eq!(held.persist, CRED_PERSIST_LOCAL_MACHINE);
    assert_eq!(
        open(&service)
            .get_secret("default#data-key")
            .unwrap()
            .unwrap()
            .as_slice(),
        data_key
    );
    keychain.delete("default#data-key").unwrap();
    assert!(read(&target(&service, "default#data-key")).is_none());
}

/// A key an earlier version stored (the bare key, no origin), put there
/// through the Win32 API: it is never given out, for any origin.
#[test]
fn a_bare_key_from_an_earlier_version_is_not_given_out() {
    let service = format!("dev.workdesk.test.legacy.{}", std::process::id());
    let secret = format!("service_{}", "e".repeat(40));
    let blob: Vec<u8> = secret.encode_utf16().flat_map(u16::to_le_bytes).collect();
    write(
        &target(&service, "default"),
        "default",
        &blob,
        CRED_PERSIST_ENTERPRISE,
    );
    let keychain = open(&service);
    assert!(matches!(
        keychain.key("default", ORIGIN).unwrap(),
        StoredKey::Unbound
    ));
    keychain.delete("default").unwrap();
}

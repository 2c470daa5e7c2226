//! Sealing at rest: every record, page and state payload is encrypted and
//! authenticated with XChaCha20-Poly1305 (RustCrypto's `chacha20poly1305`)
//! under a per-workspace [`DataKey`] kept in the OS keychain, and every
//! row is found by a keyed hash (HMAC-SHA256) of its id or query string, so
//! neither field values nor filter values appear in the file.
//!
//! Sealed value: `[version = 1][24-byte random nonce][ciphertext + 16-byte tag]`.
//! The associated data binds the workspace, the kind of row (`record`,
//! `page`, `state`, `meta`), the resource and the row's lookup: a sealed
//! value copied to another row, resource or workspace does not open.
//!
//! Why not SQLCipher: it needs OpenSSL (or a vendored build with Perl and
//! NASM on Windows) and extra toolchains in the release workflow; row
//! sealing is pure Rust, builds everywhere, and lets the engine work on
//! decrypted values in memory exactly as on the service's.

use std::fmt;

use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, OsRng, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use crate::error::{Error, Result};

/// The one format of sealed values this version writes and reads.
const VERSION: u8 = 1;
/// XChaCha20's nonce length.
const NONCE_LEN: usize = 24;
/// Poly1305's tag length.
const TAG_LEN: usize = 16;

/// A workspace's random 256-bit data key. Kept in the OS keychain next to
/// the API key; `Debug` never shows it and its memory is wiped on drop.
#[derive(Clone)]
pub struct DataKey(Zeroizing<[u8; 32]>);

impl DataKey {
    /// A new key from the operating system's random source.
    #[must_use]
    pub fn generate() -> DataKey {
        let key = XChaCha20Poly1305::generate_key(&mut OsRng);
        let mut bytes = Zeroizing::new([0u8; 32]);
        bytes.copy_from_slice(&key);
        DataKey(bytes)
    }

    /// The key from its 32 bytes (as stored in the keychain); `None` for
    /// any other length.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<DataKey> {
        let array: [u8; 32] = bytes.try_into().ok()?;
        Some(DataKey(Zeroizing::new(array)))
    }

    /// The key's 32 bytes, to store in the keychain. Never log them.
    #[must_use]
    pub fn expose_secret(&self) -> &[u8; 32] {
        &self.0
    }
}

impl fmt::Debug for DataKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DataKey(<redacted>)")
    }
}

/// Constant-time (`subtle`), so comparing a key read back from the
/// keychain leaks nothing through timing.
impl PartialEq for DataKey {
    fn eq(&self, other: &DataKey) -> bool {
        self.0[..].ct_eq(&other.0[..]).into()
    }
}

/// A 16-byte keyed hash that finds a row without naming what it holds.
pub(crate) type Lookup = [u8; 16];

/// Seals and opens one workspace's values.
pub(crate) struct Sealer {
    aead: XChaCha20Poly1305,
    lookup_key: Zeroizing<[u8; 32]>,
    workspace: String,
}

impl Sealer {
    /// The sealer of `workspace` (its fingerprint) under `key`: the
    /// encryption and lookup keys are derived apart with HKDF-SHA256.
    pub fn new(workspace: &str, key: &DataKey) -> Sealer {
        let hkdf = Hkdf::<Sha256>::new(Some(b"workdesk cache v1"), key.expose_secret());
        let mut seal_key = Zeroizing::new([0u8; 32]);
        let mut lookup_key = Zeroizing::new([0u8; 32]);
        hkdf.expand(b"seal", seal_key.as_mut())
            .expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"lookup", lookup_key.as_mut())
            .expect("32 bytes is a valid HKDF-SHA256 length");
        Sealer {
            aead: XChaCha20Poly1305::new(seal_key.as_ref().into()),
            lookup_key,
            workspace: workspace.to_owned(),
        }
    }

    /// The lookup of `text` (an id or a canonical query string) in `kind`
    /// rows of `resource`.
    pub fn lookup(&self, kind: &str, resource: &str, text: &str) -> Lookup {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(self.lookup_key.as_ref())
            .expect("HMAC takes keys of any length");
        for part in [kind, resource, text] {
            mac.update(part.as_bytes());
            mac.update(&[0]);
        }
        let digest = mac.finalize().into_bytes();
        let mut lookup = [0u8; 16];
        lookup.copy_from_slice(&digest[..16]);
        lookup
    }

    fn associated(&self, kind: &str, resource: &str, lookup: &[u8]) -> Vec<u8> {
        let mut aad = Vec::with_capacity(self.workspace.len() + kind.len() + resource.len() + 19);
        for part in [
            self.workspace.as_bytes(),
            kind.as_bytes(),
            resource.as_bytes(),
        ] {
            aad.extend_from_slice(part);
            aad.push(0);
        }
        aad.extend_from_slice(lookup);
        aad
    }

    /// `plaintext` sealed for the row `(kind, resource, lookup)`.
    pub fn seal(&self, kind: &str, resource: &str, lookup: &[u8], plaintext: &[u8]) -> Vec<u8> {
        let nonce = XChaCha20Poly1305::generate_nonce(&mut OsRng);
        let aad = self.associated(kind, resource, lookup);
        let ciphertext = self
            .aead
            .encrypt(
                &nonce,
                Payload {
                    msg: plaintext,
                    aad: &aad,
                },
            )
            .expect("XChaCha20-Poly1305 encrypts any length a process can hold");
        let mut sealed = Vec::with_capacity(1 + NONCE_LEN + ciphertext.len());
        sealed.push(VERSION);
        sealed.extend_from_slice(&nonce);
        sealed.extend_from_slice(&ciphertext);
        sealed
    }

    /// The plaintext of a value sealed for `(kind, resource, lookup)`.
    ///
    /// # Errors
    /// [`Error::Unreadable`] for an unknown format version, a value too
    /// short to hold a nonce and tag, or one that does not authenticate
    /// (another key, another row, or damage). Never panics.
    pub fn open(
        &self,
        kind: &str,
        resource: &str,
        lookup: &[u8],
        sealed: &[u8],
    ) -> Result<Zeroizing<Vec<u8>>> {
        let (&version, rest) = sealed.split_first().ok_or(Error::Unreadable("empty"))?;
        if version != VERSION {
            return Err(Error::Unreadable("unknown format version"));
        }
        if rest.len() < NONCE_LEN + TAG_LEN {
            return Err(Error::Unreadable("too short"));
        }
        let (nonce, ciphertext) = rest.split_at(NONCE_LEN);
        let aad = self.associated(kind, resource, lookup);
        self.aead
            .decrypt(
                XNonce::from_slice(nonce),
                Payload {
                    msg: ciphertext,
                    aad: &aad,
                },
            )
            .map(Zeroizing::new)
            .map_err(|_| Error::Unreadable("does not authenticate"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_only_in_its_own_row_and_workspace_with_its_key() {
        let key = DataKey::generate();
        let sealer = Sealer::new("ws1", &key);
        let lookup = sealer.lookup("record", "supplier_invoice", "id-1");
        let sealed = sealer.seal(
            "record",
            "supplier_invoice",
            &lookup,
            b"Ferreteria Pena 1190.50",
        );
        assert_eq!(sealed[0], VERSION);
        assert!(!sealed.windows(7).any(|w| w == b"Ferrete"));
        let opened = sealer
            .open("record", "supplier_invoice", &lookup, &sealed)
            .unwrap();
        assert_eq!(&opened[..], b"Ferreteria Pena 1190.50");

        let other_row = sealer.lookup("record", "supplier_invoice", "id-2");
        assert!(sealer
            .open("record", "supplier_invoice", &other_row, &sealed)
            .is_err());
        assert!(sealer
            .open("record", "customer_invoice", &lookup, &sealed)
            .is_err());
        assert!(Sealer::new("ws2", &key)
            .open("record", "supplier_invoice", &lookup, &sealed)
            .is_err());
        assert!(Sealer::new("ws1", &DataKey::generate())
            .open("record", "supplier_invoice", &lookup, &sealed)
            .is_err());
    }

    #[test]
    fn unknown_versions_and_scraps_are_unreadable_not_panics() {
        let sealer = Sealer::new("ws", &DataKey::generate());
        let lookup = sealer.lookup("page", "task", "q");
        let mut sealed = sealer.seal("page", "task", &lookup, b"{}");
        for scrap in [&[][..], &[1u8][..], &[1u8; 20][..], &[2u8; 60][..]] {
            assert!(matches!(
                sealer.open("page", "task", &lookup, scrap),
                Err(Error::Unreadable(_))
            ));
        }
        sealed[0] = 9;
        assert!(matches!(
            sealer.open("page", "task", &lookup, &sealed),
            Err(Error::Unreadable("unknown format version"))
        ));
    }

    #[test]
    fn nonces_are_fresh_and_lookups_are_keyed() {
        let key = DataKey::generate();
        let sealer = Sealer::new("ws", &key);
        let lookup = sealer.lookup("record", "task", "a");
        assert_ne!(
            sealer.seal("record", "task", &lookup, b"x"),
            sealer.seal("record", "task", &lookup, b"x")
        );
        assert_eq!(
            lookup,
            Sealer::new("ws", &key).lookup("record", "task", "a")
        );
        assert_ne!(
            lookup,
            Sealer::new("ws", &DataKey::generate()).lookup("record", "task", "a")
        );
        assert_ne!(lookup, sealer.lookup("page", "task", "a"));
    }

    #[test]
    fn debug_hides_the_key() {
        let key = DataKey::from_bytes(&[7u8; 32]).unwrap();
        assert_eq!(format!("{key:?}"), "DataKey(<redacted>)");
        assert_eq!(DataKey::from_bytes(&[7u8; 31]), None);
        assert_eq!(key, DataKey::from_bytes(&[7u8; 32]).unwrap());
    }
}

//! # workdesk-key
//!
//! The workspace API key of the Workspace Business Management Service
//! (`docs/service.md`, "Authentication and keys"), on its own: the HTTP
//! client sends it, the keychain keeps it, and neither needs the other
//! for it.

use secrecy::{ExposeSecret, SecretString};

/// The fixed prefix every key starts with (`docs/service.md`, "Key format").
pub const KEY_PREFIX: &str = "service_";

/// Minimum length of the part after the prefix (docs/service.md, "Key format").
const MIN_SECRET_LEN: usize = 32;

/// A workspace API key: `service_` followed by at least 32 URL-safe characters.
///
/// Built on [`secrecy::SecretString`]: `Debug` prints `ApiKey([REDACTED])`,
/// the memory is zeroed on drop, and the type implements neither `Serialize`
/// nor `Display`, so it cannot end up in JSON, a log line or the webview by
/// accident. Only [`ApiKey::hint`] is meant for display.
#[derive(Clone)]
pub struct ApiKey(SecretString);

impl ApiKey {
    /// Parses a key as a user pasted it (surrounding whitespace is ignored).
    ///
    /// # Errors
    /// The [`KeyProblem`]: the prefix is missing, the secret part is
    /// shorter than 32 characters, or it holds characters other than
    /// `A–Z a–z 0–9 - _ . ~`.
    pub fn parse(text: &str) -> Result<Self, KeyProblem> {
        let text = text.trim();
        let Some(secret) = text.strip_prefix(KEY_PREFIX) else {
            return Err(KeyProblem::Prefix);
        };
        if secret.len() < MIN_SECRET_LEN {
            return Err(KeyProblem::TooShort);
        }
        if !secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~'))
        {
            return Err(KeyProblem::Characters);
        }
        Ok(Self(SecretString::from(text.to_owned())))
    }

    /// A masked form safe to show and log: `service_…` plus the last four
    /// characters, e.g. `service_…3f9a`.
    pub fn hint(&self) -> String {
        let key = self.0.expose_secret();
        let tail = &key[key.len() - 4..];
        format!("{KEY_PREFIX}…{tail}")
    }

    /// The full key. Only for the `Authorization` header and the OS keychain;
    /// never log, store or display what this returns.
    pub fn expose_secret(&self) -> &str {
        self.0.expose_secret()
    }
}

/// Why a text is not an API key. Its `Display` is an English clause for
/// logs; the UI words it by variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum KeyProblem {
    /// It does not start with `service_`.
    #[error("an API key starts with \"service_\"")]
    Prefix,
    /// Shorter than any key.
    #[error("the API key is too short; copy the whole key")]
    TooShort,
    /// Characters a key never has (or that cannot go in a header).
    #[error("the API key contains characters a key never has")]
    Characters,
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey([REDACTED])")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The key type must never be serializable or printable as-is.
    static_assertions::assert_not_impl_any!(ApiKey: serde::Serialize, std::fmt::Display);

    const KEY: &str = "service_abcdefghijklmnopqrstuvwxyz0123453f9a";

    #[test]
    fn hint_masks_all_but_the_last_four() {
        let key = ApiKey::parse(KEY).unwrap();
        assert_eq!(key.hint(), "service_…3f9a");
    }

    #[test]
    fn debug_never_shows_the_secret() {
        let key = ApiKey::parse(KEY).unwrap();
        let shown = format!("{key:?} {:?}", Some(&key));
        assert!(!shown.contains("abcdef"), "{shown}");
        assert!(shown.contains("REDACTED"));
    }

    #[test]
    fn pasted_whitespace_is_ignored() {
        let key = ApiKey::parse(&format!("  {KEY}\n")).unwrap();
        assert_eq!(key.expose_secret(), KEY);
    }

    #[test]
    fn rejects_what_is_not_a_key() {
        for bad in [
            "",
            "abc",
            "bearer_abcdefghijklmnopqrstuvwxyz0123456789",
            "service_short",
            "service_abcdefghijklmnopqrstuvwxyz01234 56789",
            "service_abcdefghijklmnopqrstuvwxyz0123456789\u{e9}",
        ] {
            assert!(ApiKey::parse(bad).is_err(), "{bad:?}");
        }
    }
}

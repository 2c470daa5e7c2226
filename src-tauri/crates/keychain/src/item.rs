//! What a workspace's keychain item holds: the API key together with the
//! origin it was entered for, so that no file can point the key anywhere
//! else.
//!
//! The item's secret is one line of JSON,
//! `{"format":1,"origin":"https://api.example.com","key":"service_…","refused":false}`:
//! - `origin`: scheme, host and port the key was entered for, as
//!   `workdesk_api::BaseUrl::origin` serialises them;
//! - `refused`: the service answered 401 to this key; its workspace's
//!   saved records stay hidden until a key the service accepts is entered
//!   (which writes the item anew).
//!
//! Versions before this one stored the bare key (`service_…`): such an
//! item is [`StoredKey::Unbound`] and never sent; the user types the key
//! again. A `format` this version does not know (a newer Workdesk's) reads
//! as damaged, never as a panic.

use serde::{Deserialize, Serialize};
use workdesk_key::ApiKey;
use zeroize::Zeroizing;

use crate::{Error, Result};

/// The item format this version writes.
const FORMAT: u32 = 1;

/// A workspace's key as the keychain holds it, checked against the origin
/// it is about to be sent to ([`crate::Keychain::key`]).
#[derive(Debug)]
pub enum StoredKey {
    /// No key is stored for the workspace.
    Missing,
    /// The key entered for this very origin.
    Bound {
        /// The key (its `Debug` is redacted).
        key: ApiKey,
        /// The service answered 401 to it since it was entered: the
        /// workspace's saved records are hidden until a key is entered
        /// that the service accepts.
        refused: bool,
    },
    /// A key entered for another origin (named): it is not given out, and
    /// nothing is sent; the user types the key for the new address.
    OtherOrigin {
        /// The origin the key was entered for.
        origin: String,
    },
    /// A key stored by a version of Workdesk that did not keep its origin:
    /// it is not given out; the user types it again.
    Unbound,
}

/// The item as written.
#[derive(Serialize)]
struct Written<'a> {
    format: u32,
    origin: &'a str,
    key: &'a str,
    refused: bool,
}

/// The item as read: the key borrowed from the (wiped) text, never copied.
#[derive(Deserialize)]
struct Read<'a> {
    format: u32,
    #[serde(borrow)]
    origin: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    key: Option<&'a str>,
    #[serde(default)]
    refused: bool,
}

/// One key item's content: its origin, key and refusal.
#[derive(Clone)]
pub(crate) struct Item {
    pub origin: String,
    pub key: ApiKey,
    pub refused: bool,
}

impl Item {
    /// The item's secret text (wiped when dropped).
    pub fn to_text(&self) -> Zeroizing<String> {
        // Room for the whole text up front: no copy of the key is left
        // behind in a reallocated buffer.
        let mut bytes = Zeroizing::new(Vec::with_capacity(
            64 + self.origin.len() + self.key.expose_secret().len(),
        ));
        serde_json::to_writer(
            &mut *bytes,
            &Written {
                format: FORMAT,
                origin: &self.origin,
                key: self.key.expose_secret(),
                refused: self.refused,
            },
        )
        .expect("a JSON object of strings and a boolean serialises");
        Zeroizing::new(
            String::from_utf8(std::mem::take(&mut *bytes)).expect("serde_json writes UTF-8"),
        )
    }

    /// Reads an item's secret text: `Ok(None)` for an item of an earlier
    /// version (the bare key, no origin).
    ///
    /// # Errors
    /// [`Error::Corrupt`] for anything else that is not an item of
    /// [`FORMAT`] with a valid key (edited, another program's, a newer
    /// Workdesk's format).
    pub fn from_text(text: &str) -> Result<Option<Item>> {
        if ApiKey::parse(text).is_ok() {
            return Ok(None);
        }
        let read: Read<'_> = serde_json::from_str(text).map_err(|_| Error::Corrupt)?;
        if read.format != FORMAT {
            return Err(Error::Corrupt);
        }
        let key = read
            .key
            .and_then(|key| ApiKey::parse(key).ok())
            .ok_or(Error::Corrupt)?;
        Ok(Some(Item {
            origin: read.origin.into_owned(),
            key,
            refused: read.refused,
        }))
    }

    /// What this item gives for a request to `origin`.
    pub fn for_origin(self, origin: &str) -> StoredKey {
        if self.origin == origin {
            StoredKey::Bound {
                key: self.key,
                refused: self.refused,
            }
        } else {
            StoredKey::OtherOrigin {
                origin: self.origin,
            }
        }
    }
}

impl std::fmt::Debug for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Item")
            .field("origin", &self.origin)
            .field("key", &self.key)
            .field("refused", &self.refused)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "service_abcdefghijklmnopqrstuvwxyz0123453f9a";

    fn item(refused: bool) -> Item {
        Item {
            origin: "https://api.example.com".into(),
            key: ApiKey::parse(KEY).unwrap(),
            refused,
        }
    }

    #[test]
    fn an_item_round_trips_with_its_origin_and_refusal() {
        for refused in [false, true] {
            let text = item(refused).to_text();
            assert!(text.starts_with("{\"format\":1,"), "{}", &*text);
            let back = Item::from_text(&text).unwrap().unwrap();
            assert_eq!(back.origin, "https://api.example.com");
            assert_eq!(back.key.expose_secret(), KEY);
            assert_eq!(back.refused, refused);
        }
    }

    #[test]
    fn only_the_origin_it_was_entered_for_gets_the_key() {
        assert!(matches!(
            item(false).for_origin("https://api.example.com"),
            StoredKey::Bound { refused: false, .. }
        ));
        for other in [
            "http://api.example.com",
            "https://api.example.com:8443",
            "https://evil.example.com",
            "http://127.0.0.1:9",
        ] {
            let StoredKey::OtherOrigin { origin } = item(false).for_origin(other) else {
                panic!("{other} must not get the key");
            };
            assert_eq!(origin, "https://api.example.com");
        }
    }

    #[test]
    fn an_earlier_versions_bare_key_is_unbound() {
        assert!(Item::from_text(KEY).unwrap().is_none());
    }

    #[test]
    fn anything_else_is_damaged_and_never_a_panic() {
        for text in [
            "",
            "not a key",
            "{}",
            "[1,2]",
            "{\"format\":2,\"origin\":\"https://a.example\",\"key\":\"service_abcdefghijklmnopqrstuvwxyz0123453f9a\"}",
            "{\"format\":1,\"origin\":\"https://a.example\"}",
            "{\"format\":1,\"origin\":\"https://a.example\",\"key\":\"nope\"}",
            "{\"format\":4294967296,\"origin\":\"x\",\"key\":\"y\"}",
        ] {
            assert!(
                matches!(Item::from_text(text), Err(Error::Corrupt)),
                "{text:?}"
            );
        }
    }

    #[test]
    fn debug_output_never_holds_the_key() {
        let shown = format!("{:?}", item(false));
        assert!(!shown.contains("abcdefghij"), "{shown}");
        assert!(shown.contains("api.example.com"), "{shown}");
    }
}

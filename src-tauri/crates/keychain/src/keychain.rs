//! [`Keychain`]: API keys in the OS keychain, or in memory when there is none.

use std::collections::HashMap;
use std::sync::Mutex;

use keyring_core::Entry;
use workdesk_key::ApiKey;
use zeroize::Zeroizing;

use crate::item::{Item, StoredKey};
use crate::{Error, Result};

/// Whether keys survive a restart of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    /// The OS keychain works: keys are stored there.
    Os,
    /// There is no working OS keychain; keys live in memory until the app
    /// quits. `reason` is the platform's explanation, fit to show a user.
    SessionOnly {
        /// Why the keychain could not be used.
        reason: String,
    },
}

/// Where [`Keychain::set`] put a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Persistence {
    /// In the OS keychain: it will be there next time.
    Os,
    /// In memory only, for this session. `reason` says why.
    Session {
        /// Why the keychain could not be used.
        reason: String,
    },
}

/// The API keys of Workdesk's workspaces.
///
/// One item per workspace: service = the app's identifier (e.g.
/// `dev.workdesk.desktop`), account = the workspace's id; its secret holds
/// the key together with the origin it was entered for (see
/// [`crate::StoredKey`]). On Windows every item is written with local
/// persistence (kept on this computer, never copied to a roaming profile).
/// All methods block on the platform keychain (a D-Bus round trip on
/// Linux): call them from a blocking thread in async code.
#[derive(Debug)]
pub struct Keychain {
    service: String,
    /// Whether the platform store started: then reads and deletes always go
    /// to it, even after a failed write made new keys session-only.
    os_store: bool,
    /// Whether that store is the platform's own (not a test's mock), whose
    /// entries take platform modifiers (Windows' persistence).
    #[cfg_attr(not(windows), allow(dead_code))]
    native: bool,
    availability: Mutex<Availability>,
    /// Keys held for this session when the OS keychain is not available.
    session: Mutex<HashMap<String, Item>>,
}

impl Keychain {
    /// Opens the platform's keychain for `service`.
    ///
    /// Never fails: when the platform store cannot be initialised (no D-Bus
    /// session, no Secret Service) the keychain is
    /// [`Availability::SessionOnly`] with the platform's reason.
    pub fn open(service: &str) -> Self {
        let availability = match keyring::Entry::store_status() {
            Ok(()) => Availability::Os,
            Err(err) => Availability::SessionOnly {
                reason: describe_unavailable(err),
            },
        };
        Self {
            native: true,
            ..Self::with_availability(service, availability)
        }
    }

    /// Uses whatever store is set as keyring-core's default (the mock store
    /// in tests), treating it as the OS keychain.
    pub fn with_default_store(service: &str) -> Self {
        Self::with_availability(service, Availability::Os)
    }

    /// A keychain that never touches the OS: keys live for this session only.
    pub fn session_only(service: &str, reason: &str) -> Self {
        Self::with_availability(
            service,
            Availability::SessionOnly {
                reason: reason.to_owned(),
            },
        )
    }

    fn with_availability(service: &str, availability: Availability) -> Self {
        Self {
            service: service.to_owned(),
            os_store: availability == Availability::Os,
            native: false,
            availability: Mutex::new(availability),
            session: Mutex::new(HashMap::new()),
        }
    }

    /// The keychain's service name (the items' `service` attribute).
    pub fn service(&self) -> &str {
        &self.service
    }

    /// Whether keys are currently stored in the OS keychain or in memory.
    pub fn availability(&self) -> Availability {
        self.availability.lock().expect("keychain lock").clone()
    }

    /// Stores `key` for `account`, bound to `origin` (see
    /// `workdesk_api::BaseUrl::origin`): from now on it is given out for
    /// requests to that origin only. Replaces any previous key, and a
    /// refusal noted for it: a key is stored only once the service
    /// accepted it.
    ///
    /// If the OS keychain fails (locked, daemon gone), the key is kept in
    /// memory for this session, the keychain switches to
    /// [`Availability::SessionOnly`], and the result says so.
    pub fn set_key(&self, account: &str, origin: &str, key: &ApiKey) -> Persistence {
        self.put(
            account,
            Item {
                origin: origin.to_owned(),
                key: key.clone(),
                refused: false,
            },
        )
    }

    fn put(&self, account: &str, item: Item) -> Persistence {
        if let Availability::Os = self.availability() {
            match self
                .entry(account)
                .and_then(|e| Ok(e.set_password(&item.to_text())?))
            {
                Ok(()) => {
                    self.session().remove(account);
                    return Persistence::Os;
                }
                Err(err) => self.fall_back(err.to_string()),
            }
        }
        self.session().insert(account.to_owned(), item);
        Persistence::Session {
            reason: match self.availability() {
                Availability::SessionOnly { reason } => reason,
                Availability::Os => unreachable!("fell back above"),
            },
        }
    }

    /// The key stored for `account`, as it may be used for a request to
    /// `origin`: only [`StoredKey::Bound`] gives the key out.
    ///
    /// # Errors
    /// [`Error::Corrupt`] when the item is not a key item this version
    /// reads; [`Error::Platform`] when the keychain cannot be read (e.g.
    /// locked).
    pub fn key(&self, account: &str, origin: &str) -> Result<StoredKey> {
        Ok(match self.item(account)? {
            Held::None => StoredKey::Missing,
            Held::Unbound => StoredKey::Unbound,
            Held::Item(item) => item.for_origin(origin),
        })
    }

    /// Notes that the service refused (401) `key`, stored for `account`
    /// at `origin`: [`Keychain::key`] says `refused` from now on, also
    /// after a restart, until a key is stored again. Nothing happens when
    /// the item holds another origin's key, another key (one entered since
    /// the refused one was sent), or none.
    ///
    /// # Errors
    /// As [`Keychain::key`].
    pub fn refuse_key(&self, account: &str, origin: &str, key: &ApiKey) -> Result<()> {
        if let Held::Item(item) = self.item(account)? {
            let same_key = item.key.expose_secret() == key.expose_secret();
            if item.origin == origin && same_key && !item.refused {
                let in_os = !self.session().contains_key(account);
                let refused = Item {
                    refused: true,
                    ..item
                };
                if in_os {
                    self.entry(account)?.set_password(&refused.to_text())?;
                } else {
                    self.session().insert(account.to_owned(), refused);
                }
            }
        }
        Ok(())
    }

    fn item(&self, account: &str) -> Result<Held> {
        if let Some(item) = self.session().get(account) {
            return Ok(Held::Item(item.clone()));
        }
        if !self.os_store {
            return Ok(Held::None);
        }
        let entry = self.entry(account)?;
        match entry.get_password() {
            Ok(text) => {
                let text = Zeroizing::new(text);
                self.keep_local(&entry, |entry| entry.set_password(&text));
                Ok(match Item::from_text(&text)? {
                    Some(item) => Held::Item(item),
                    None => Held::Unbound,
                })
            }
            Err(keyring_core::Error::NoEntry) => Ok(Held::None),
            Err(err) => Err(err.into()),
        }
    }

    /// Removes the key of `account` from the keychain and from memory.
    /// Removing a key that is not there is not an error. The OS item is
    /// removed even when new keys are being kept for the session only, so a
    /// key saved in an earlier run cannot come back.
    ///
    /// # Errors
    /// [`Error::Platform`] when the keychain refuses.
    pub fn delete(&self, account: &str) -> Result<()> {
        self.session().remove(account);
        if !self.os_store {
            return Ok(());
        }
        match self.entry(account)?.delete_credential() {
            Ok(()) | Err(keyring_core::Error::NoEntry) => Ok(()),
            Err(err) => Err(err.into()),
        }
    }

    /// Stores `secret` (raw bytes, e.g. a workspace's 32-byte data key)
    /// under `account`, in the OS keychain only: a secret that cannot be
    /// kept there is not kept at all (the caller keeps its data in memory
    /// instead).
    ///
    /// # Errors
    /// [`Error::Platform`] when there is no working OS keychain or it
    /// refuses the write.
    pub fn set_secret(&self, account: &str, secret: &[u8]) -> Result<()> {
        if !self.os_store || !matches!(self.availability(), Availability::Os) {
            return Err(Error::Platform("no working OS keychain".into()));
        }
        Ok(self.entry(account)?.set_secret(secret)?)
    }

    /// The secret stored under `account` in the OS keychain, if any; its
    /// memory is wiped when dropped.
    ///
    /// # Errors
    /// [`Error::Platform`] when the keychain cannot be read (e.g. locked).
    pub fn get_secret(&self, account: &str) -> Result<Option<Zeroizing<Vec<u8>>>> {
        if !self.os_store {
            return Ok(None);
        }
        let entry = self.entry(account)?;
        match entry.get_secret() {
            Ok(secret) => {
                let secret = Zeroizing::new(secret);
                self.keep_local(&entry, |entry| entry.set_secret(&secret));
                Ok(Some(secret))
            }
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(err) => Err(err.into()),
        }
    }

    /// The entry of `account`. On Windows' own store it is written with
    /// local persistence: keyring's default (enterprise) would copy the
    /// item to every computer of a roaming profile.
    fn entry(&self, account: &str) -> Result<Entry> {
        #[cfg(windows)]
        if self.native {
            let local = HashMap::from([("persistence", "local")]);
            return Ok(Entry::new_with_modifiers(&self.service, account, &local)?);
        }
        Ok(Entry::new(&self.service, account)?)
    }

    /// On Windows' own store, writes an item just read from `entry` again
    /// (with `rewrite`) when it is kept with another persistence than
    /// local: an item an earlier version wrote with keyring's default
    /// (enterprise, copied to other computers with a roaming profile)
    /// becomes local. Best effort: a failure leaves the item as it was.
    /// Nothing elsewhere.
    #[cfg_attr(not(windows), allow(unused_variables, clippy::unused_self))]
    fn keep_local(&self, entry: &Entry, rewrite: impl FnOnce(&Entry) -> keyring_core::Result<()>) {
        #[cfg(windows)]
        if self.native {
            let persistence = entry
                .get_attributes()
                .ok()
                .and_then(|attributes| attributes.get("persistence").cloned());
            if persistence.is_some_and(|p| !p.eq_ignore_ascii_case("local")) {
                let _ = rewrite(entry);
            }
        }
    }

    fn session(&self) -> std::sync::MutexGuard<'_, HashMap<String, Item>> {
        self.session.lock().expect("keychain session lock")
    }

    fn fall_back(&self, reason: String) {
        *self.availability.lock().expect("keychain lock") = Availability::SessionOnly { reason };
    }
}

/// What an account's key item holds.
enum Held {
    None,
    Unbound,
    Item(Item),
}

/// Turns keyring's store-initialisation error into a sentence for a user.
fn describe_unavailable(err: &keyring_core::Error) -> String {
    match err {
        keyring_core::Error::Invalid(param, _) if param == "platform" => {
            "this operating system has no supported keychain".to_owned()
        }
        other => format!("the system keychain could not be opened ({other})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "service_abcdefghijklmnopqrstuvwxyz0123453f9a";

    /// Tests run in parallel and the default store is process-wide: set the
    /// mock store once; each test uses its own account.
    fn mock_keychain() -> Keychain {
        static MOCK: std::sync::Once = std::sync::Once::new();
        MOCK.call_once(|| {
            keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap())
        });
        Keychain::with_default_store("test.workdesk")
    }

    const ORIGIN: &str = "https://api.example.com";

    fn bound(stored: StoredKey) -> (String, bool) {
        match stored {
            StoredKey::Bound { key, refused } => (key.expose_secret().to_owned(), refused),
            other => panic!("expected the key, got {other:?}"),
        }
    }

    #[test]
    fn a_key_round_trips_through_the_store_for_its_origin_only() {
        let keychain = mock_keychain();
        let key = ApiKey::parse(KEY).unwrap();
        assert_eq!(keychain.set_key("roundtrip", ORIGIN, &key), Persistence::Os);
        assert_eq!(
            bound(keychain.key("roundtrip", ORIGIN).unwrap()),
            (KEY.to_owned(), false)
        );
        let StoredKey::OtherOrigin { origin } =
            keychain.key("roundtrip", "http://127.0.0.1:8080").unwrap()
        else {
            panic!("another origin must not get the key");
        };
        assert_eq!(origin, ORIGIN);
        // The item itself holds the origin: a file cannot change it.
        let entry = Entry::new("test.workdesk", "roundtrip").unwrap();
        let text = entry.get_password().unwrap();
        assert!(
            text.contains("\"origin\":\"https://api.example.com\""),
            "{text}"
        );
        keychain.delete("roundtrip").unwrap();
        assert!(matches!(
            keychain.key("roundtrip", ORIGIN).unwrap(),
            StoredKey::Missing
        ));
        keychain
            .delete("roundtrip")
            .expect("deleting twice is fine");
    }

    #[test]
    fn a_bare_key_of_an_earlier_version_is_never_given_out() {
        let keychain = mock_keychain();
        Entry::new("test.workdesk", "legacy")
            .unwrap()
            .set_password(KEY)
            .unwrap();
        assert!(matches!(
            keychain.key("legacy", ORIGIN).unwrap(),
            StoredKey::Unbound
        ));
        // Typed again, it is bound.
        keychain.set_key("legacy", ORIGIN, &ApiKey::parse(KEY).unwrap());
        assert!(!bound(keychain.key("legacy", ORIGIN).unwrap()).1);
    }

    #[test]
    fn a_refusal_stays_with_the_key_until_a_key_is_stored_again() {
        let keychain = mock_keychain();
        let key = ApiKey::parse(KEY).unwrap();
        keychain.set_key("refused", ORIGIN, &key);
        // Another origin's refusal does not touch it, nor that of a key
        // refused after another was entered.
        keychain
            .refuse_key("refused", "https://other.example", &key)
            .unwrap();
        let other = ApiKey::parse(&KEY.replace("3f9a", "1111")).unwrap();
        keychain.refuse_key("refused", ORIGIN, &other).unwrap();
        assert!(!bound(keychain.key("refused", ORIGIN).unwrap()).1);
        keychain.refuse_key("refused", ORIGIN, &key).unwrap();
        assert!(bound(keychain.key("refused", ORIGIN).unwrap()).1);
        // Read again by a new keychain (a restart): still refused.
        let again = Keychain::with_default_store("test.workdesk");
        assert!(bound(again.key("refused", ORIGIN).unwrap()).1);
        again.set_key("refused", ORIGIN, &key);
        assert!(!bound(keychain.key("refused", ORIGIN).unwrap()).1);
        // Nothing stored: nothing to refuse.
        keychain.refuse_key("nobody", ORIGIN, &key).unwrap();
        assert!(matches!(
            keychain.key("nobody", ORIGIN).unwrap(),
            StoredKey::Missing
        ));
    }

    #[test]
    fn a_damaged_item_is_reported_not_sent() {
        let keychain = mock_keychain();
        Entry::new("test.workdesk", "damaged")
            .unwrap()
            .set_password("{\"format\":9}")
            .unwrap();
        assert!(matches!(
            keychain.key("damaged", ORIGIN),
            Err(Error::Corrupt)
        ));
    }

    #[test]
    fn a_failed_write_falls_back_to_the_session_and_clear_still_reaches_the_os() {
        let keychain = mock_keychain();
        let old = ApiKey::parse(KEY).unwrap();
        assert_eq!(keychain.set_key("fallback", ORIGIN, &old), Persistence::Os);
        // The next write fails (e.g. the collection got locked).
        let entry = Entry::new("test.workdesk", "fallback").unwrap();
        let mock: &keyring_core::mock::Cred = entry.as_any().downcast_ref().unwrap();
        mock.set_error(keyring_core::Error::NoStorageAccess("locked".into()));
        let new = ApiKey::parse(&KEY.replace("3f9a", "0000")).unwrap();
        assert!(matches!(
            keychain.set_key("fallback", ORIGIN, &new),
            Persistence::Session { .. }
        ));
        assert_eq!(
            bound(keychain.key("fallback", ORIGIN).unwrap()).0,
            new.expose_secret()
        );
        // A refusal of the session's key stays in the session.
        keychain.refuse_key("fallback", ORIGIN, &new).unwrap();
        assert!(bound(keychain.key("fallback", ORIGIN).unwrap()).1);
        // Clearing removes the new key from memory and the old one from the OS.
        keychain.delete("fallback").unwrap();
        assert!(matches!(
            keychain.key("fallback", ORIGIN).unwrap(),
            StoredKey::Missing
        ));
        assert!(matches!(
            entry.get_password(),
            Err(keyring_core::Error::NoEntry)
        ));
    }

    #[test]
    fn secrets_round_trip_as_bytes_and_are_never_kept_in_memory_only() {
        let keychain = mock_keychain();
        let secret = [0u8, 1, 2, 255, 254, 7, 0, 42];
        keychain.set_secret("data-key", &secret).unwrap();
        assert_eq!(
            keychain.get_secret("data-key").unwrap().unwrap().as_slice(),
            secret
        );
        keychain.delete("data-key").unwrap();
        assert!(keychain.get_secret("data-key").unwrap().is_none());

        let session = Keychain::session_only("test.workdesk", "no D-Bus session");
        assert!(session.set_secret("data-key", &secret).is_err());
        assert!(session.get_secret("data-key").unwrap().is_none());
    }

    #[test]
    fn session_only_keeps_the_key_until_quit_and_says_why() {
        let keychain = Keychain::session_only("test.workdesk", "no D-Bus session");
        let key = ApiKey::parse(KEY).unwrap();
        assert_eq!(
            keychain.set_key("profile", ORIGIN, &key),
            Persistence::Session {
                reason: "no D-Bus session".into()
            }
        );
        assert_eq!(bound(keychain.key("profile", ORIGIN).unwrap()).0, KEY);
        assert!(matches!(
            keychain
                .key("profile", "https://elsewhere.example")
                .unwrap(),
            StoredKey::OtherOrigin { .. }
        ));
        keychain.delete("profile").unwrap();
        assert!(matches!(
            keychain.key("profile", ORIGIN).unwrap(),
            StoredKey::Missing
        ));
    }

    #[test]
    fn debug_output_never_holds_the_key() {
        let keychain = Keychain::session_only("test.workdesk", "none");
        keychain.set_key("profile", ORIGIN, &ApiKey::parse(KEY).unwrap());
        let shown = format!("{keychain:?}");
        assert!(!shown.contains("abcdefghij"), "{shown}");
    }
}

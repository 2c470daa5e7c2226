//! API keys (docs/service.md, "Key lifecycle"): derived from the seed,
//! stored only as SHA-256 digests, each bound to a workspace and a member,
//! with an optional expiry, a disabled flag and a deleted (revoked) flag.

use std::collections::HashMap;
use std::fmt;

use chrono::{DateTime, TimeZone, Utc};
use rand::distr::Alphanumeric;
use rand::Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::data::{Dataset, WorkspaceId};
use crate::seed::{self, Stream};

/// Prefix of every key (docs/service.md, "Key format").
pub(crate) const PREFIX: &str = "service_";

/// Minimum length of the secret part after [`PREFIX`].
pub(crate) const MIN_SECRET_LEN: usize = 32;

/// Length of the secret part of seeded keys.
const SECRET_LEN: usize = 40;

/// SHA-256 digest of a key: what the store keeps instead of the key.
pub(crate) type KeyDigest = [u8; 32];

/// The seeded keys in plain text, as handed to tests and the demo. Each is
/// `service_` followed by 40 ASCII letters and digits, and is the same on
/// every run with the same seed. Serialised under these names in the
/// start-up line's `keys`. `Debug` redacts them.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct Keys {
    /// Valid key of `workspace_a` (no expiry).
    pub workspace_a: String,
    /// Valid key of `workspace_b` (expires 2099-12-31T23:59:59Z).
    pub workspace_b: String,
    /// Key of `workspace_a` that expired on 2024-01-01T00:00:00Z (401).
    pub expired: String,
    /// Disabled key of `workspace_a` (401).
    pub disabled: String,
    /// Deleted (revoked) key of `workspace_a` (401; docs/service.md,
    /// "Key lifecycle").
    pub deleted: String,
    /// Valid key of `workspace_a` bound to a viewer: a member who may read
    /// every area but accounts payable and write nothing. Its reads of
    /// customer invoices, tasks, leads, stakeholders and the rest work; a
    /// read under `/account_payable/` and every `POST`, `PATCH` and
    /// `DELETE` is a 403 envelope (docs/service.md, "Member permissions": the
    /// member's role and record permissions apply).
    pub read_only: String,
    /// A second valid key of `workspace_a`'s member (no expiry): the key a
    /// member makes when the first is revoked or expires. Requests with it
    /// act as the same member.
    pub replacement: String,
    /// Valid key of another editor of `workspace_a` (no expiry): a
    /// colleague writing in the same workspace (records it creates have
    /// that member as `created_by`).
    pub colleague: String,
}

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const HIDDEN: &str = "service_<redacted>";
        f.debug_struct("Keys")
            .field("workspace_a", &HIDDEN)
            .field("workspace_b", &HIDDEN)
            .field("expired", &HIDDEN)
            .field("disabled", &HIDDEN)
            .field("deleted", &HIDDEN)
            .field("read_only", &HIDDEN)
            .field("replacement", &HIDDEN)
            .field("colleague", &HIDDEN)
            .finish()
    }
}

/// The role of a key's member in its workspace: what the member's
/// requests may do (docs/service.md, "Member permissions"; the spec does
/// not define roles, these two are the sandbox's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// May read and write everything.
    Editor,
    /// May read every area but accounts payable ([`DENIED_TO_VIEWERS`]),
    /// and write nothing: those requests are answered 403.
    Viewer,
}

/// The path prefix of the area a viewer may not read: accounts payable
/// (supplier invoices), the area a bookkeeping firm typically keeps from
/// its junior staff. A key whose member is denied one area still
/// authenticates: that is what clients must tell apart from a bad key.
pub(crate) const DENIED_TO_VIEWERS: &str = "/account_payable/";

impl Role {
    /// Whether the role may create, update or delete records.
    pub fn may_write(self) -> bool {
        self == Role::Editor
    }

    /// Whether the role may read the records under `path` (a request path
    /// such as `/account_payable/invoice/`).
    pub fn may_read(self, path: &str) -> bool {
        self == Role::Editor || !path.starts_with(DENIED_TO_VIEWERS)
    }
}

/// What a stored key grants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct KeyRecord {
    /// The only workspace the key sees.
    pub workspace: WorkspaceId,
    /// The member who created the key; requests act as this member.
    pub member: Uuid,
    /// The member's role.
    pub role: Role,
    /// The key is refused from this instant on.
    pub expires_at: Option<DateTime<Utc>>,
    /// Disabled by its member: refused until enabled again.
    pub disabled: bool,
    /// Deleted by its member: revoked for good.
    pub deleted: bool,
}

/// Stored keys, by digest.
#[derive(Debug, Default)]
pub(crate) struct KeyStore {
    records: HashMap<KeyDigest, KeyRecord>,
}

impl KeyStore {
    /// Stores `key` (hashed) with what it grants.
    pub fn insert(&mut self, key: &str, record: KeyRecord) {
        self.records.insert(digest(key), record);
    }

    /// The digest and record of `key`, if it is stored.
    pub fn find(&self, key: &str) -> Option<(KeyDigest, &KeyRecord)> {
        let digest = digest(key);
        self.records.get(&digest).map(|record| (digest, record))
    }
}

/// SHA-256 of the key's UTF-8 bytes.
pub(crate) fn digest(key: &str) -> KeyDigest {
    Sha256::digest(key.as_bytes()).into()
}

/// True for `service_` followed by at least 32 URL-safe characters
/// (`A-Z a-z 0-9 - _`).
pub(crate) fn is_well_formed(key: &str) -> bool {
    key.strip_prefix(PREFIX).is_some_and(|secret| {
        secret.len() >= MIN_SECRET_LEN
            && secret
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

/// Derives the eight seeded keys of `seed` and the store that knows them.
/// Keys are drawn in field order, so adding a key at the end never changes
/// the others.
#[cfg(test)]
pub(crate) fn issue(seed: u64, dataset: &Dataset) -> (Keys, KeyStore) {
    let keys = draw(seed);
    let store = grant(&keys, dataset);
    (keys, store)
}

/// The eight keys of `seed`, drawn in field order (adding a key at the end
/// never changes the others). They depend on the seed alone, not on the
/// dataset, so they are known before it is built.
pub(crate) fn draw(seed: u64) -> Keys {
    let mut rng = seed::rng(seed, Stream::Keys);
    Keys {
        workspace_a: new_key(&mut rng),
        workspace_b: new_key(&mut rng),
        expired: new_key(&mut rng),
        disabled: new_key(&mut rng),
        deleted: new_key(&mut rng),
        read_only: new_key(&mut rng),
        replacement: new_key(&mut rng),
        colleague: new_key(&mut rng),
    }
}

/// The store that knows `keys`, each bound to its member of `dataset`.
pub(crate) fn grant(keys: &Keys, dataset: &Dataset) -> KeyStore {
    let member = |workspace: WorkspaceId, index: usize| {
        let members = &dataset.workspace(workspace).members;
        members[index % members.len()]
    };
    let at = |year, month, day, hour, minute, second| {
        Utc.with_ymd_and_hms(year, month, day, hour, minute, second)
            .single()
            .expect("valid instant")
    };
    // Roles belong to members: the fourth member of workspace A may only
    // read; every other member may write.
    let record_for = |workspace, member_index| KeyRecord {
        workspace,
        member: member(workspace, member_index),
        role: if (workspace, member_index) == (WorkspaceId::A, 3) {
            Role::Viewer
        } else {
            Role::Editor
        },
        expires_at: None,
        disabled: false,
        deleted: false,
    };
    let (a, b) = (WorkspaceId::A, WorkspaceId::B);
    let grants = [
        (&keys.workspace_a, record_for(a, 0)),
        (
            &keys.workspace_b,
            KeyRecord {
                expires_at: Some(at(2099, 12, 31, 23, 59, 59)),
                ..record_for(b, 0)
            },
        ),
        (
            &keys.expired,
            KeyRecord {
                expires_at: Some(at(2024, 1, 1, 0, 0, 0)),
                ..record_for(a, 1)
            },
        ),
        (
            &keys.disabled,
            KeyRecord {
                disabled: true,
                ..record_for(a, 2)
            },
        ),
        (
            &keys.deleted,
            KeyRecord {
                deleted: true,
                ..record_for(a, 3)
            },
        ),
        (&keys.read_only, record_for(a, 3)),
        (&keys.replacement, record_for(a, 0)),
        (&keys.colleague, record_for(a, 1)),
    ];
    let mut store = KeyStore::default();
    for (key, record) in grants {
        store.insert(key, record);
    }
    store
}

fn new_key(rng: &mut impl Rng) -> String {
    let secret: String = rng
        .sample_iter(Alphanumeric)
        .take(SECRET_LEN)
        .map(char::from)
        .collect();
    format!("{PREFIX}{secret}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_keys_are_well_formed_distinct_and_deterministic() {
        let dataset = seed::build(1, seed::Sizes::invoices(10));
        let (keys, store) = issue(1, &dataset);
        let all = [
            &keys.workspace_a,
            &keys.workspace_b,
            &keys.expired,
            &keys.disabled,
            &keys.deleted,
            &keys.read_only,
            &keys.replacement,
            &keys.colleague,
        ];
        for key in all {
            assert!(is_well_formed(key), "{key}");
            assert!(store.find(key).is_some());
        }
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 8);
        let member = |key: &str| store.find(key).unwrap().1.member;
        assert_ne!(member(&keys.colleague), member(&keys.workspace_a));
        assert_eq!(
            member(&keys.replacement),
            member(&keys.workspace_a),
            "the replacement acts as workspace A's member"
        );
        let role = |key: &str| store.find(key).unwrap().1.role;
        assert_eq!(role(&keys.read_only), Role::Viewer);
        assert_eq!(role(&keys.workspace_a), Role::Editor);
        assert_eq!(role(&keys.colleague), Role::Editor);
        assert!(!Role::Viewer.may_read("/account_payable/invoice/"));
        assert!(Role::Viewer.may_read("/account_receivable/invoice/"));
        assert!(Role::Editor.may_read("/account_payable/invoice/"));
        assert_eq!(issue(1, &dataset).0, keys);
        assert_ne!(issue(2, &dataset).0.workspace_a, keys.workspace_a);
    }

    #[test]
    fn store_keeps_digests_not_keys() {
        let mut store = KeyStore::default();
        let key = format!("{PREFIX}{}", "a".repeat(32));
        let record = KeyRecord {
            workspace: WorkspaceId::B,
            member: Uuid::nil(),
            role: Role::Editor,
            expires_at: None,
            disabled: false,
            deleted: false,
        };
        store.insert(&key, record.clone());
        assert!(!format!("{store:?}").contains(&key));
        assert_eq!(store.find(&key), Some((digest(&key), &record)));
        assert_eq!(store.find(&format!("{key}b")), None);
    }

    #[test]
    fn well_formed_keys() {
        assert!(is_well_formed(&format!("service_{}", "Ab-_9".repeat(7))));
        assert!(!is_well_formed(&format!("service_{}", "a".repeat(31))));
        assert!(!is_well_formed(&format!("other_{}", "a".repeat(40))));
        assert!(!is_well_formed(&format!("service_{}!", "a".repeat(40))));
    }

    #[test]
    fn debug_redacts_keys() {
        let (keys, _) = issue(1, &seed::build(1, seed::Sizes::invoices(10)));
        assert!(!format!("{keys:?}").contains(&keys.workspace_a));
    }
}

//! What goes into the cache and what comes out of it.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A record as the service sent it: field name → JSON value, unknown
/// fields included, decimals as strings.
pub type JsonRecord = serde_json::Map<String, serde_json::Value>;

/// One page of a list as the service answered it (`docs/service.md`,
/// "Pagination"), to save under its canonical query string.
#[derive(Debug, Clone, PartialEq)]
pub struct PageData {
    /// `count`: how many records the whole list has.
    pub count: u64,
    /// `next` as sent (absolute or relative URL), if any.
    pub next: Option<String>,
    /// `previous` as sent, if any.
    pub previous: Option<String>,
    /// `results`, in order.
    pub records: Vec<JsonRecord>,
    /// A 128-bit fingerprint of the page as it was shown (a hash of its
    /// JSON), kept to tell cheaply whether a later copy differs
    /// ([`crate::Cache::page_digest`]).
    pub digest: Option<[u8; 16]>,
}

/// A page saved earlier, records in the order the service gave them.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedPage {
    /// The service's `count` when the page was saved.
    pub count: u64,
    /// `next` as sent.
    pub next: Option<String>,
    /// `previous` as sent.
    pub previous: Option<String>,
    /// The records, each the newest copy saved (which may be newer than the
    /// page itself).
    pub records: Vec<JsonRecord>,
    /// When the page was fetched (UTC).
    pub saved_at: DateTime<Utc>,
    /// A write since then may have changed the count or the order (a record
    /// was created or deleted): show it, but refresh before trusting it.
    pub stale: bool,
}

/// One record saved earlier.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedRecord {
    /// The newest copy saved.
    pub record: JsonRecord,
    /// When it was fetched (UTC).
    pub saved_at: DateTime<Utc>,
}

/// A list query answered from the saved records with the shared engine.
#[derive(Debug, Clone, PartialEq)]
pub struct OfflineAnswer {
    /// How many saved records match the filters.
    pub count: u64,
    /// How many records of the resource are saved in all.
    pub saved: u64,
    /// The records of the page asked for, sorted and projected to `fields`.
    pub records: Vec<JsonRecord>,
    /// When the oldest record on the page was fetched; `None` for no rows.
    pub saved_at: Option<DateTime<Utc>>,
}

/// What is known of a resource's saved records as a whole: whether the
/// whole list was taken offline, and when it was last brought up to date.
/// Sealed like every payload.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceState {
    /// Every record of the list was downloaded ("Make available offline")
    /// and later refreshes keep it whole.
    pub complete: bool,
    /// The service's `count` at the last full download or refresh.
    pub count: u64,
    /// When the whole list was last brought up to date (UTC).
    pub refreshed_at: Option<DateTime<Utc>>,
    /// When the ids of the whole list were last walked to drop records the
    /// service deleted (UTC).
    pub ids_walked_at: Option<DateTime<Utc>>,
    /// The newest `updated_at` or `created_at` among the saved records: the
    /// next refresh asks only for records changed since then.
    pub newest_change: Option<DateTime<Utc>>,
}

/// How much a workspace's saved data takes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Bytes in use by the file (pages in use × page size), or by the
    /// in-memory database.
    pub bytes: u64,
    /// Records saved.
    pub records: u64,
    /// Pages saved.
    pub pages: u64,
}

/// Why the saved-data file could not be used and was moved aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecoveryReason {
    /// The file exists but its data key is gone from the keychain.
    KeyMissing,
    /// The data key does not open the file.
    WrongKey,
    /// The file is truncated, not a database, or failed its integrity check.
    Damaged(String),
    /// The file was written by a newer Workdesk.
    TooNew,
}

/// The saved-data file was unusable: it was moved aside (kept, named with
/// the date) and a new one started. Tell the user once; nothing else
/// (settings, views, the API key) is affected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery {
    /// Why.
    pub reason: RecoveryReason,
    /// Where the old file now is.
    pub moved_to: PathBuf,
}

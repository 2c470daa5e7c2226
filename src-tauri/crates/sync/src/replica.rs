//! [`Replica`]: a workspace's client and offline cache together. Every read
//! has a saved answer (cache only, at once) and a fresh one (the service,
//! written back to the cache in the background, saying whether it
//! changed), put together by the read path (`read.rs`); every write
//! updates what it touches in the cache.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value as Json;
use workdesk_api::{CheckedView, Client, JsonRecord, ListView, Page, ResourceName};
use workdesk_cache::{Cache, PageData};
use xxhash_rust::xxh3::Xxh3;

use crate::error::{Error, Result};

/// Where the answer on screen came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Source {
    /// The page as saved when it was last seen.
    SavedPage {
        /// When it was fetched (UTC).
        saved_at: DateTime<Utc>,
        /// A record was created or deleted since: the count and order may
        /// have moved.
        stale: bool,
    },
    /// Answered from every saved record of the resource with the shared
    /// engine (the page itself was never seen): `count` of the page is out
    /// of `saved` records, not the service's total.
    SavedRecords {
        /// When the oldest record shown was fetched (UTC); `None` for none.
        saved_at: Option<DateTime<Utc>>,
        /// How many records of the resource are saved.
        saved: u64,
        /// The related fields the search box's text is looked for in only
        /// when connected (`supplier__name`, `supplier__document_number`):
        /// saved records hold the reference, not the related record's
        /// fields. Empty when the search has none, or there is no search.
        searched_when_connected: Vec<String>,
    },
}

/// A saved answer: what to show before the service answers, or instead of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Saved<T> {
    /// The page or record.
    pub value: T,
    /// Where it came from.
    pub source: Source,
}

/// A fresh answer from the service, already queued to be saved.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Fresh<T> {
    /// The page or record.
    pub value: T,
    /// Whether it differs from the copy saved for the same request (the
    /// page as last seen, or the record); `None` when none was saved.
    pub changed: Option<bool>,
}

/// A workspace's client and its offline cache.
///
/// **A refused key hides the saved records.** Once the service answered
/// 401 to the workspace's key (revoked, deleted, expired), the saved
/// records are no longer given out, online or offline
/// ([`Error::KeyRefused`]), until a key the service accepts is entered
/// (which makes a new replica): whoever holds the computer but no longer a
/// valid key reads nothing more of the workspace. The refusal is kept
/// where the key is ([`Replica::set_key_refused`] at start, the callback of
/// [`Replica::watch_refusal`] when it happens).
#[derive(Clone)]
pub struct Replica {
    client: Client,
    cache: Arc<Cache>,
    working_offline: OfflineSwitch,
    refusal: Arc<Refusal>,
    /// Held by the one pass over the outbox running (see
    /// [`Replica::send_outbox`]).
    outbox_pass: Arc<tokio::sync::Mutex<()>>,
}

/// "Work offline": one switch for the whole app, shared by every replica
/// made with it (a clone is the same switch). While on, nothing is sent
/// to the service ([`Error::WorkingOffline`]) and reads show saved data.
#[derive(Clone, Default)]
pub struct OfflineSwitch(Arc<AtomicBool>);

impl OfflineSwitch {
    /// A switch, on or off.
    #[must_use]
    pub fn new(on: bool) -> OfflineSwitch {
        OfflineSwitch(Arc::new(AtomicBool::new(on)))
    }

    /// Turns "Work offline" on or off for every replica sharing it.
    pub fn set(&self, on: bool) {
        self.0.store(on, Ordering::Relaxed);
    }

    /// Whether "Work offline" is on.
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What the replica knows of the service refusing its key.
#[derive(Default)]
struct Refusal {
    /// Refused: noted before, or seen by the watcher.
    refused: AtomicBool,
    /// How the refusal is kept with the key (set by
    /// [`Replica::watch_refusal`]).
    keep: std::sync::Mutex<Option<Keep>>,
    /// Done once `keep` ran (or runs: later callers wait for it).
    kept: tokio::sync::OnceCell<()>,
}

/// Keeps a refusal where the key is (the app: the keychain item).
type Keep = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

impl Refusal {
    /// Runs `keep` once, if set; a second caller waits for the first.
    async fn keep(&self) {
        let keep = self
            .keep
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        if let Some(keep) = keep {
            self.kept.get_or_init(|| keep()).await;
        }
    }
}

impl Replica {
    /// The replica of the workspace `client` talks to, saving into
    /// `cache`, sending nothing while `working_offline` is on.
    #[must_use]
    pub fn new(client: Client, cache: Arc<Cache>, working_offline: OfflineSwitch) -> Replica {
        Replica {
            client,
            cache,
            working_offline,
            refusal: Arc::default(),
            outbox_pass: Arc::default(),
        }
    }

    /// Notes that the service refused this replica's key before (kept
    /// with the key, e.g. read from the keychain at start): its saved
    /// records are hidden.
    pub fn set_key_refused(&self, refused: bool) {
        self.refusal.refused.store(refused, Ordering::Relaxed);
    }

    /// Whether the saved records are hidden because the service refused
    /// the key: noted before ([`Replica::set_key_refused`]), or the client
    /// was answered 401 at any time ([`Client::key_refused`]: a later
    /// answer does not undo it).
    #[must_use]
    pub fn key_refused(&self) -> bool {
        self.refusal.refused.load(Ordering::Relaxed) || self.client.key_refused()
    }

    /// Watches every exchange of the client (a list, a download, an
    /// export, a write): at the first 401 the saved records are hidden and
    /// `keep` runs, once, to keep the refusal with the key (so they stay
    /// hidden after a restart). Runs on the current Tokio runtime until
    /// the client is dropped; holds neither the client nor the cache.
    ///
    /// # Panics
    /// Outside a Tokio runtime.
    pub fn watch_refusal<F, K>(&self, keep: K)
    where
        K: Fn() -> F + Send + Sync + 'static,
        F: Future<Output = ()> + Send + 'static,
    {
        let keep: Keep = Arc::new(move || Box::pin(keep()));
        *self
            .refusal
            .keep
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(keep);
        let mut connection = self.client.subscribe_connection();
        let refusal = self.refusal.clone();
        tokio::spawn(async move {
            loop {
                if *connection.borrow_and_update() == workdesk_api::Connection::KeyRefused {
                    refusal.refused.store(true, Ordering::Relaxed);
                    refusal.keep().await;
                    break;
                }
                if connection.changed().await.is_err() {
                    break;
                }
            }
        });
    }

    /// When the key was refused, waits until the refusal is kept with the
    /// key ([`Replica::watch_refusal`]'s `keep` has run): a command that
    /// comes after a 401 finds it kept, whatever the watcher's pace.
    pub async fn keep_refusal(&self) {
        if self.key_refused() {
            self.refusal.refused.store(true, Ordering::Relaxed);
            self.refusal.keep().await;
        }
    }

    /// The cache, to read saved records from, unless the key was refused.
    ///
    /// # Errors
    /// [`Error::KeyRefused`].
    pub(crate) fn saved(&self) -> Result<&Cache> {
        if self.key_refused() {
            Err(Error::KeyRefused)
        } else {
            Ok(&self.cache)
        }
    }

    /// The lock of the one pass over the outbox.
    pub(crate) fn outbox_pass(&self) -> &tokio::sync::Mutex<()> {
        &self.outbox_pass
    }

    /// The client.
    #[must_use]
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The cache.
    #[must_use]
    pub fn cache(&self) -> &Arc<Cache> {
        &self.cache
    }

    /// Whether "Work offline" is on (the switch it was made with).
    #[must_use]
    pub fn working_offline(&self) -> bool {
        self.working_offline.is_on()
    }

    /// The client, for a request to the service, unless "Work offline" is on.
    ///
    /// # Errors
    /// [`Error::WorkingOffline`].
    pub fn service(&self) -> Result<&Client> {
        if self.working_offline() {
            Err(Error::WorkingOffline)
        } else {
            Ok(&self.client)
        }
    }

    /// The saved answer for `view`, never the network: the page saved
    /// under the view's query, else (when any record of the resource is
    /// saved) the view answered over every saved record with the shared
    /// engine. `None` when nothing is saved, or the page saved lies past
    /// the last (no rows of a count above zero).
    ///
    /// # Errors
    /// [`Error::KeyRefused`]; [`Error::Refused`] (keyed `filters.<index>`)
    /// for a view the saved records cannot answer faithfully;
    /// [`Error::Cache`] for SQLite failures.
    pub fn saved_page(&self, view: &CheckedView) -> Result<Option<Saved<Page<JsonRecord>>>> {
        let schema = view.resource().schema();
        if let Some(page) = self.saved()?.page(schema, &view.to_query_string())? {
            if page.records.is_empty() && page.count > 0 {
                return Ok(None);
            }
            let results = page
                .records
                .iter()
                .map(|record| shaped(record, view.fields()))
                .collect();
            return Ok(Some(Saved {
                value: Page {
                    count: page.count,
                    next: page.next,
                    previous: page.previous,
                    results,
                },
                source: Source::SavedPage {
                    saved_at: page.saved_at,
                    stale: page.stale,
                },
            }));
        }
        if self.cache.saved_count(schema)? == 0 {
            return Ok(None);
        }
        Ok(self.answer_saved(view)?.map(|answer| Saved {
            value: Page {
                count: answer.count,
                next: None,
                previous: None,
                results: answer
                    .records
                    .iter()
                    .map(|record| shaped(record, view.fields()))
                    .collect(),
            },
            source: Source::SavedRecords {
                saved_at: answer.saved_at,
                saved: answer.saved,
                searched_when_connected: view.searched_when_connected().to_vec(),
            },
        }))
    }

    /// `view` answered over every saved record of its resource with the
    /// shared engine; `None` past the last page.
    ///
    /// # Errors
    /// [`Error::KeyRefused`]; [`Error::Refused`], keyed `filters.<index>`
    /// as the list shows its problems, for what the saved records cannot
    /// answer faithfully; [`Error::Cache`] for SQLite failures.
    pub(crate) fn answer_saved(
        &self,
        view: &CheckedView,
    ) -> Result<Option<workdesk_cache::OfflineAnswer>> {
        let (query, plan) = view.saved_form();
        match self.saved()?.query_planned(query, plan) {
            Ok(answer) => Ok(Some(answer)),
            Err(workdesk_cache::Error::PastLastPage { .. }) => Ok(None),
            Err(workdesk_cache::Error::Refused(problems)) => {
                Err(Error::Refused(view.key_refusals(&problems)))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// `view` from the service, queued to be saved; says whether it
    /// differs from the page saved for the same view when it was last
    /// fetched (compared by a digest of the page as shown: an unchanged
    /// page is not saved again, only its time moves on). Records have the
    /// view's fields when it names them (as the saved answer does), else
    /// every field of their resource (`null` when absent).
    ///
    /// # Errors
    /// [`Error::WorkingOffline`]; [`Error::PastLastPage`] for a page with
    /// no rows of a count above zero (not saved); the errors of
    /// `Client::list_checked`.
    pub async fn fetch_page(&self, view: &CheckedView) -> Result<Fresh<Page<JsonRecord>>> {
        let mut page = self.service()?.list_checked(view).await?;
        if page.results.is_empty() && page.count > 0 {
            // A service may answer a page past the last with no rows
            // (`docs/service.md`, "Pagination").
            return Err(Error::PastLastPage {
                page: view.plan().page,
            });
        }
        let schema = view.resource().schema();
        if view.resource() == ResourceName::Lead {
            self.note_lead_statuses(&page.results);
        }
        let key = view.to_query_string();
        let digest = digest_of(&page, view.query().fields.as_deref());
        let before = self.cache.page_digest(schema, &key).unwrap_or_else(|err| {
            log::warn!("reading a saved page failed: {err}");
            None
        });
        let changed = before.map(|before| before != digest);
        if changed == Some(false) {
            self.cache.confirm_page(schema, &key);
        } else {
            // What is saved is what the service sent.
            self.cache.save_page(
                schema,
                &key,
                PageData {
                    count: page.count,
                    next: page.next.clone(),
                    previous: page.previous.clone(),
                    records: page.results.clone(),
                    digest: Some(digest),
                },
                view.fields().is_none(),
            );
        }
        // What is shown: the view's fields, as the saved answer has them
        // (a field named twice, as the UI may name `id`, once).
        if view.fields().is_some() {
            for record in &mut page.results {
                *record = shaped(record, view.fields());
            }
        }
        Ok(Fresh {
            value: page,
            changed,
        })
    }

    /// The saved copy of record `id` of `resource`, if any.
    ///
    /// # Errors
    /// [`Error::KeyRefused`]; [`Error::Cache`] for SQLite failures.
    pub fn saved_record(
        &self,
        resource: ResourceName,
        id: &str,
    ) -> Result<Option<Saved<JsonRecord>>> {
        Ok(self
            .saved()?
            .record(resource.schema(), id.trim())?
            .map(|saved| Saved {
                value: saved.record,
                source: Source::SavedPage {
                    saved_at: saved.saved_at,
                    stale: false,
                },
            }))
    }

    /// Record `id` of `resource` from the service, queued to be saved; says
    /// whether it differs from the saved copy.
    ///
    /// # Errors
    /// [`Error::WorkingOffline`]; the errors of `Client::get_record`.
    pub async fn fetch_record(
        &self,
        resource: ResourceName,
        id: &str,
    ) -> Result<Fresh<JsonRecord>> {
        let record = self.service()?.get_record(resource, id).await?;
        let changed = self.record_changed(resource, &record);
        self.cache
            .save_records(resource.schema(), vec![record.clone()], true);
        Ok(Fresh {
            value: record,
            changed,
        })
    }

    fn record_changed(&self, resource: ResourceName, record: &JsonRecord) -> Option<bool> {
        let id = record.get("id").and_then(Json::as_str)?;
        let saved = self.cache.record(resource.schema(), id).ok().flatten()?;
        Some(!same_record(&saved.record, record))
    }

    /// A record the service just created: saved, and the resource's saved
    /// pages marked stale (counts and order may have moved).
    ///
    /// Its `created_by` is the member this replica's key acts as, noted
    /// for the outbox's looks ([`workdesk_cache::Cache::set_member`]).
    pub fn created(&self, resource: ResourceName, record: JsonRecord) {
        if let Some(member) = crate::ids::created_by(&record) {
            if let Err(err) = self.cache.set_member(&member) {
                log::warn!("the key's member could not be noted: {err}");
            }
        }
        let schema = resource.schema();
        self.cache.save_records(schema, vec![record], true);
        self.cache.mark_stale(schema);
    }

    /// A record the service just changed: replaces the saved copy.
    pub fn changed(&self, resource: ResourceName, record: JsonRecord) {
        if resource == ResourceName::Lead {
            self.note_lead_statuses(std::slice::from_ref(&record));
        }
        self.cache
            .save_records(resource.schema(), vec![record], true);
    }

    /// A record the service just deleted: gone from the saved records and
    /// pages, whose counts are marked stale.
    pub fn deleted(&self, resource: ResourceName, id: &str) {
        self.cache.forget(resource.schema(), id.trim());
    }
}

/// A 128-bit fingerprint of `page` as shown (count, links, and each
/// record's `fields` in order, `null` when absent; every field when `None`):
/// what tells a page fetched again from the one saved. The values are fed
/// to XXH3-128 (`xxhash-rust`; nothing is copied) as their bytes, each
/// tagged with its type and length so that no two pages feed the same
/// stream: a fixed, fast non-cryptographic hash (telling two versions of a
/// page apart needs no secrecy), about 20 µs for a 200-row page of seven
/// columns, where writing the values out as JSON first took about 70 µs.
fn digest_of(page: &Page<JsonRecord>, fields: Option<&[String]>) -> [u8; 16] {
    let mut hash = Xxh3::new();
    hash.update(&page.count.to_le_bytes());
    for link in [&page.next, &page.previous] {
        match link {
            Some(link) => put_text(&mut hash, b's', link),
            None => hash.update(b"n"),
        }
    }
    for record in &page.results {
        match fields {
            Some(fields) => {
                for name in fields {
                    put(&mut hash, record.get(name).unwrap_or(&Json::Null));
                }
            }
            None => {
                hash.update(b"{");
                hash.update(&(record.len() as u64).to_le_bytes());
                for (name, value) in record {
                    put_text(&mut hash, b'k', name);
                    put(&mut hash, value);
                }
            }
        }
        hash.update(&[0x1e]);
    }
    hash.digest128().to_le_bytes()
}

/// `text` into the hash: its tag, its length, its bytes.
fn put_text(hash: &mut Xxh3, tag: u8, text: &str) {
    hash.update(&[tag]);
    hash.update(&(text.len() as u64).to_le_bytes());
    hash.update(text.as_bytes());
}

/// `value` into the hash, tagged by type (and length, for what has one).
fn put(hash: &mut Xxh3, value: &Json) {
    match value {
        Json::Null => hash.update(b"n"),
        Json::Bool(true) => hash.update(b"t"),
        Json::Bool(false) => hash.update(b"f"),
        Json::Number(number) => {
            if let Some(n) = number.as_i64() {
                hash.update(b"i");
                hash.update(&n.to_le_bytes());
            } else if let Some(n) = number.as_u64() {
                hash.update(b"u");
                hash.update(&n.to_le_bytes());
            } else {
                hash.update(b"d");
                hash.update(&number.as_f64().unwrap_or(f64::NAN).to_bits().to_le_bytes());
            }
        }
        Json::String(text) => put_text(hash, b's', text),
        Json::Array(items) => {
            hash.update(b"[");
            hash.update(&(items.len() as u64).to_le_bytes());
            for item in items {
                put(hash, item);
            }
        }
        Json::Object(members) => {
            hash.update(b"{");
            hash.update(&(members.len() as u64).to_le_bytes());
            for (name, member) in members {
                put_text(hash, b'k', name);
                put(hash, member);
            }
        }
    }
}

/// Whether two copies of a record hold the same values, an absent field
/// being the same as `null`.
pub(crate) fn same_record(a: &JsonRecord, b: &JsonRecord) -> bool {
    let value = |record: &JsonRecord, key: &str| record.get(key).cloned().unwrap_or(Json::Null);
    a.keys()
        .chain(b.keys())
        .all(|key| value(a, key) == value(b, key))
}

/// A saved record as the UI receives records of a view with `fields`:
/// only those fields when it names them (with `null` for a field not
/// saved), else every field saved.
fn shaped(record: &JsonRecord, fields: Option<&[String]>) -> JsonRecord {
    match fields {
        None => record.clone(),
        Some(fields) => fields
            .iter()
            .map(|name| {
                (
                    name.clone(),
                    record.get(name).cloned().unwrap_or(Json::Null),
                )
            })
            .collect(),
    }
}

/// `view` of `resource` checked once ([`ListView::check`]).
///
/// # Errors
/// [`Error::Api`] with `InvalidQuery`: the view's problems, keyed
/// `filters.<index>`, `sort`, `take`….
pub(crate) fn checked(resource: ResourceName, view: &ListView) -> Result<CheckedView> {
    view.check(resource)
        .map_err(|problems| Error::Api(workdesk_api::Error::InvalidQuery(problems)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn page(records: Json) -> Page<JsonRecord> {
        Page {
            count: 2,
            next: None,
            previous: None,
            results: records
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_object().unwrap().clone())
                .collect(),
        }
    }

    #[test]
    fn the_digest_tells_pages_apart_by_any_value_and_only_by_values() {
        let fields = ["a".to_owned(), "b".to_owned()];
        let digest = |records: Json| digest_of(&page(records), Some(&fields));
        let base = digest(json!([{"a": "ab", "b": "c"}]));
        assert_eq!(
            base,
            digest(json!([{"b": "c", "a": "ab", "extra": 1}])),
            "only the fields shown"
        );
        for other in [
            json!([{"a": "a", "b": "bc"}]),
            json!([{"a": "ab", "b": "c "}]),
            json!([{"a": "ab", "b": null}]),
            json!([{"a": "ab"}, {"b": "c"}]),
            json!([{"a": 1, "b": "c"}]),
            json!([{"a": "ab", "b": ["c"]}]),
        ] {
            assert_ne!(base, digest(other.clone()), "{other}");
        }
        let mut later = page(json!([{"a": "ab", "b": "c"}]));
        later.count = 3;
        assert_ne!(base, digest_of(&later, Some(&fields)), "the count");
        // Every field, when the view names none.
        assert_ne!(
            digest_of(&page(json!([{"a": {"x": 1}}])), None),
            digest_of(&page(json!([{"a": {"x": 2}}])), None)
        );
    }
}

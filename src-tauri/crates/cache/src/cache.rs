//! [`Cache`]: one workspace's saved pages and records, read at once and
//! written by a background thread so that saving never delays an answer.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use chrono::Utc;
use rusqlite::Connection;
use serde_json::Value as Json;
use workdesk_query::{FieldPath, FieldType, ListQuery, Plan, Record, Schema, Value};

use crate::error::{Error, Result};
use crate::file;
use crate::index::Index;
use crate::migrations::migrations;
use crate::outbox::{self, OutboxEntry, OutboxState, OutboxWrite};
use crate::saved::{
    JsonRecord, OfflineAnswer, PageData, Recovery, ResourceState, SavedPage, SavedRecord, Usage,
};
use crate::seal::{DataKey, Lookup, Sealer};
use crate::store::{self, instant, millis, record_id, Db, PagePayload, OPENED, PINNED};

/// Called with the message of the first write that fails (until it is
/// taken with [`Cache::take_write_error`]), on the writer's thread.
pub type WriteErrorListener = Box<dyn Fn(&str) + Send + Sync>;

/// The size cap of one workspace's saved data unless set otherwise: 512 MiB.
pub const DEFAULT_CAP_BYTES: u64 = 512 * 1024 * 1024;

/// What the background writer does, in order.
enum Job {
    Page {
        schema: &'static Schema,
        query: String,
        page: PageData,
        complete: bool,
        fetched_at: i64,
    },
    Records {
        schema: &'static Schema,
        records: Vec<JsonRecord>,
        complete: bool,
        fetched_at: i64,
    },
    Forget {
        schema: &'static Schema,
        id: String,
    },
    Stale {
        schema: &'static Schema,
    },
    State {
        schema: &'static Schema,
        state: ResourceState,
    },
    Touch {
        resource: &'static str,
        pages: Vec<Lookup>,
        records: Vec<Lookup>,
        at: i64,
    },
    Confirm {
        resource: &'static str,
        page: Lookup,
        at: i64,
    },
    Clear,
    ForgetBefore {
        cutoff: i64,
    },
    ConfirmResource {
        resource: &'static str,
        at: i64,
    },
    Flush(mpsc::SyncSender<()>),
    /// An outbox write, answered once it is on the disk.
    Outbox {
        write: OutboxWrite,
        reply: mpsc::SyncSender<Result<Option<OutboxEntry>>>,
    },
}

struct Inner {
    sealer: Sealer,
    /// The connection reads use (the writer's own in memory).
    reader: Arc<Mutex<Connection>>,
    path: Option<PathBuf>,
    /// The offline query index of each resource, with the generation it was
    /// built at.
    indexes: Mutex<HashMap<&'static str, (u64, Arc<Index>)>>,
    /// Bumped by every write that changes a resource's records.
    generations: Mutex<HashMap<String, u64>>,
    /// The first write error not yet shown to the user.
    write_error: Mutex<Option<String>>,
    /// Told of the first write error as it happens (the app shows it once).
    on_write_error: Mutex<Option<WriteErrorListener>>,
    cap: AtomicU64,
    /// Queued writes that change what reads see (not view-time touches).
    pending: AtomicU64,
    /// The digest of each page saved or read this session, by resource and
    /// page lookup (at most [`DIGESTS_KEPT`]).
    digests: Mutex<HashMap<(&'static str, Lookup), [u8; 16]>>,
}

/// How long [`Cache::outbox_made`] remembers a record an outbox change
/// made: 2 days, far longer than any look for a lost answer reaches back
/// (minutes).
pub const MADE_KEPT_MS: i64 = 2 * 24 * 3600 * 1000;

/// A record an outbox change made ([`Cache::outbox_made`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Made {
    /// When it was noted (ms since the epoch, UTC).
    pub at: i64,
    /// The change that made it: its `made_at` (ms since the epoch, UTC).
    pub change: i64,
}

/// How many page digests [`Cache::page_digest`] keeps in memory.
const DIGESTS_KEPT: usize = 512;

/// One workspace's offline cache: a sealed SQLite file (or, without a
/// keychain to keep its data key, an in-memory database for the session).
///
/// Writes are queued for one background thread and return at once; reads
/// use their own connection (WAL lets both run together) and first wait
/// for writes still queued, so what was saved reads back. A write that fails
/// is logged and kept for [`Cache::take_write_error`]; it never fails a
/// read. Dropping the cache finishes the queued writes and marks the file
/// closed cleanly.
pub struct Cache {
    inner: Arc<Inner>,
    jobs: Option<mpsc::Sender<Job>>,
    writer: Option<JoinHandle<()>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Cache {
    /// Opens the file at `path` for workspace `workspace` (its
    /// [`fingerprint`](crate::fingerprint)) with `key`, creating it when
    /// missing. `key_is_new`: the data key was just made (and stored), so
    /// a file already there cannot be opened with it.
    ///
    /// An unusable file (damaged, another key, from a newer Workdesk) is
    /// moved aside and a new one started: the returned [`Recovery`] says
    /// so, to tell the user once.
    ///
    /// # Errors
    /// When the file cannot be created or opened for reasons not its own
    /// (folder not writable, disk full, locked by another process).
    pub fn open(
        path: &Path,
        workspace: &str,
        key: &DataKey,
        key_is_new: bool,
    ) -> Result<(Cache, Option<Recovery>)> {
        let sealer = Sealer::new(workspace, key);
        let (writer, recovery) = file::open(path, &sealer, key_is_new)?;
        let reader = file::reader(path)?;
        let cache = Cache::start(
            sealer,
            Some(path.to_owned()),
            Arc::new(Mutex::new(reader)),
            Arc::new(Mutex::new(writer)),
        );
        Ok((cache, recovery))
    }

    /// A cache in memory for this session only (no keychain to keep a data
    /// key): gone when the app quits.
    ///
    /// # Errors
    /// When SQLite cannot set the database up (out of memory).
    pub fn in_memory(workspace: &str) -> Result<Cache> {
        let sealer = Sealer::new(workspace, &DataKey::generate());
        let mut conn = Connection::open_in_memory()?;
        migrations().to_latest(&mut conn)?;
        let shared = Arc::new(Mutex::new(conn));
        Ok(Cache::start(sealer, None, shared.clone(), shared))
    }

    fn start(
        sealer: Sealer,
        path: Option<PathBuf>,
        reader: Arc<Mutex<Connection>>,
        writer: Arc<Mutex<Connection>>,
    ) -> Cache {
        let inner = Arc::new(Inner {
            sealer,
            reader,
            path,
            indexes: Mutex::new(HashMap::new()),
            generations: Mutex::new(HashMap::new()),
            write_error: Mutex::new(None),
            on_write_error: Mutex::new(None),
            cap: AtomicU64::new(DEFAULT_CAP_BYTES),
            pending: AtomicU64::new(0),
            digests: Mutex::new(HashMap::new()),
        });
        let (jobs, queue) = mpsc::channel();
        let thread_inner = inner.clone();
        let writer = std::thread::Builder::new()
            .name("workdesk-cache-writer".into())
            .spawn(move || write_loop(&thread_inner, &writer, &queue))
            .expect("a thread for the cache writer");
        Cache {
            inner,
            jobs: Some(jobs),
            writer: Some(writer),
        }
    }

    /// The file, or `None` in memory.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.inner.path.as_deref()
    }

    /// Takes this file's outbox lock ([`crate::lock_outbox`]), waiting
    /// (blocking the thread) while another pass holds it; `None` for a
    /// cache in memory, which no one else can reach.
    ///
    /// # Errors
    /// The file system's, when the lock cannot be taken.
    pub fn lock_outbox(&self) -> Result<Option<file::OutboxLock>> {
        match self.path() {
            Some(path) => Ok(Some(file::lock_outbox(path)?)),
            None => Ok(None),
        }
    }

    /// The origin of the service this file's data came from
    /// (`https://host[:port]`), as [`Cache::set_origin`] noted it, sealed;
    /// `None` for a file of an earlier Workdesk that never noted it.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn origin(&self) -> Result<Option<String>> {
        self.text_meta("origin")
    }

    /// Notes `origin`, the service this file's data comes from (see
    /// [`Cache::origin`]): what tells an outbox written for one address
    /// from one written for another when a workspace's key or address
    /// changes.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn set_origin(&self, origin: &str) -> Result<()> {
        self.set_text_meta("origin", origin)
    }

    /// The member this file's key acts as (a UUID), as the service's
    /// answers showed it ([`Cache::set_member`]); `None` until one did.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn member(&self) -> Result<Option<String>> {
        self.text_meta("member")
    }

    /// Notes `member` (a UUID: the `created_by` of a record this file's
    /// key created) as the member this file's key acts as, sealed.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn set_member(&self, member: &str) -> Result<()> {
        self.set_text_meta("member", member)
    }

    /// The records opened last on screen, newest first, as the app noted
    /// them ([`Cache::note_opened`]), sealed like every other payload;
    /// empty when none was, or what is noted does not read.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn opened(&self) -> Result<Vec<Json>> {
        self.db(|db| db.meta(OPENED)).map(|bytes| {
            bytes
                .and_then(|bytes| serde_json::from_slice::<Vec<Json>>(&bytes).ok())
                .unwrap_or_default()
        })
    }

    /// Puts `opened` (the app's JSON: a record opened on screen) first
    /// among the records opened, dropping an earlier one with the same
    /// `key` (its `"key"` member) and all but the newest `keep`. Read,
    /// changed and written under one lock: two notes at once lose neither.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn note_opened(&self, key: &str, opened: Json, keep: usize) -> Result<()> {
        self.db(|db| {
            let mut all: Vec<Json> = db
                .meta(OPENED)
                .ok()
                .flatten()
                .and_then(|bytes| serde_json::from_slice(&bytes).ok())
                .unwrap_or_default();
            all.retain(|earlier| earlier.get("key").and_then(Json::as_str) != Some(key));
            let mut opened = opened;
            if let Some(members) = opened.as_object_mut() {
                members.insert("key".to_owned(), Json::from(key));
            }
            all.insert(0, opened);
            all.truncate(keep);
            let bytes = serde_json::to_vec(&all).map_err(|_| Error::Unreadable("opened"))?;
            db.set_meta(OPENED, &bytes)
        })
    }

    /// What is pinned to the navigation, in the user's order, as the app
    /// noted it ([`Cache::change_pins`]), sealed like every other payload;
    /// empty when nothing is, or what is noted does not read. Not cleared
    /// by [`Cache::clear`]: the app decides which pins go with the saved
    /// data.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn pins(&self) -> Result<Vec<Json>> {
        self.db(|db| db.meta(PINNED)).map(|bytes| {
            bytes
                .and_then(|bytes| serde_json::from_slice::<Vec<Json>>(&bytes).ok())
                .unwrap_or_default()
        })
    }

    /// Changes the pins (the app's JSON, in order) with `change`, which
    /// says whether it changed them: written only then. Read, changed and
    /// written under one lock: two changes at once lose neither. Returns
    /// the pins as `change` left them.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn change_pins(&self, change: impl FnOnce(&mut Vec<Json>) -> bool) -> Result<Vec<Json>> {
        self.db(|db| {
            let mut pins: Vec<Json> = db
                .meta(PINNED)
                .ok()
                .flatten()
                .and_then(|bytes| serde_json::from_slice(&bytes).ok())
                .unwrap_or_default();
            if change(&mut pins) {
                let bytes = serde_json::to_vec(&pins).map_err(|_| Error::Unreadable("pins"))?;
                db.set_meta(PINNED, &bytes)?;
            }
            Ok(pins)
        })
    }

    /// The lead `status` values the service returned in this workspace,
    /// in the order first noted ([`Cache::note_lead_statuses`]), sealed
    /// like the rest: what the service does not document (its statuses
    /// are open text), learnt from its answers. Empty until one was noted.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn lead_statuses(&self) -> Result<Vec<String>> {
        self.db(|db| db.meta("lead_statuses")).map(|seen| {
            seen.and_then(|bytes| serde_json::from_slice(&bytes).ok())
                .unwrap_or_default()
        })
    }

    /// Adds the lead statuses of `statuses` not noted yet to
    /// [`Cache::lead_statuses`] (after those noted, in the order given;
    /// blank ones are left out); no write when none is new. Read, changed
    /// and written under one lock: two notes at once lose neither.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn note_lead_statuses<'a>(
        &self,
        statuses: impl IntoIterator<Item = &'a str>,
    ) -> Result<()> {
        self.db(|db| {
            let mut seen: Vec<String> = db
                .meta("lead_statuses")?
                .and_then(|bytes| serde_json::from_slice(&bytes).ok())
                .unwrap_or_default();
            let before = seen.len();
            for status in statuses {
                if !status.trim().is_empty() && !seen.iter().any(|s| s == status) {
                    seen.push(status.to_owned());
                }
            }
            if seen.len() == before {
                return Ok(());
            }
            let bytes =
                serde_json::to_vec(&seen).map_err(|_| Error::Unreadable("lead statuses"))?;
            db.set_meta("lead_statuses", &bytes)
        })
    }

    /// What reminders noted they told ([`Cache::set_reminded`]), sealed
    /// like the rest of the file; `None` until they told anything.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn reminded(&self) -> Result<Option<String>> {
        self.text_meta("reminded")
    }

    /// Notes `told` (the reminders' own text: the day and the tasks told
    /// of that day), sealed: the tasks a reminder told of are not told
    /// again the same day, after a restart too.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn set_reminded(&self, told: &str) -> Result<()> {
        self.set_text_meta("reminded", told)
    }

    /// The text noted under `key` in the file's metadata (`None` when there
    /// is none, or it is not UTF-8).
    fn text_meta(&self, key: &str) -> Result<Option<String>> {
        self.db(|db| db.meta(key))
            .map(|value| value.and_then(|bytes| String::from_utf8(bytes).ok()))
    }

    /// Notes `value` under `key` in the file's metadata; no write when it is
    /// already what is noted.
    fn set_text_meta(&self, key: &str, value: &str) -> Result<()> {
        if self.text_meta(key)?.as_deref() == Some(value) {
            return Ok(());
        }
        self.db(|db| db.set_meta(key, value.as_bytes()))
    }

    /// The records the outbox's changes made, by id: when each was noted
    /// and which change made it ([`Made`]). Kept after the changes leave
    /// the outbox ("Clear sent", the 7-day clean-up) for [`MADE_KEPT_MS`]:
    /// a later look for a lost answer never takes one of them for another
    /// change's.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn outbox_made(&self) -> Result<std::collections::BTreeMap<String, Made>> {
        self.db(|db| db.meta("outbox_made")).map(|made| {
            made.and_then(|bytes| serde_json::from_slice(&bytes).ok())
                .unwrap_or_default()
        })
    }

    /// Notes that the change made at `change` (its `made_at`, which stays
    /// the same when the change moves to another file) made record `id`
    /// (see [`Cache::outbox_made`]); those noted more than
    /// [`MADE_KEPT_MS`] ago are forgotten.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn note_outbox_made(&self, id: &str, change: chrono::DateTime<Utc>) -> Result<()> {
        let made = [(
            id.to_owned(),
            Made {
                at: outbox::now(),
                change: millis(change),
            },
        )];
        self.merge_outbox_made(made.into_iter().collect())
    }

    /// Adds `more` (another file's [`Cache::outbox_made`], when its outbox
    /// moves here) to this file's; those noted more than [`MADE_KEPT_MS`]
    /// ago are forgotten.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn merge_outbox_made(&self, more: std::collections::BTreeMap<String, Made>) -> Result<()> {
        let now = outbox::now();
        let mut made = self.outbox_made()?;
        made.extend(more);
        made.retain(|_, made| now - made.at < MADE_KEPT_MS);
        let bytes = serde_json::to_vec(&made).map_err(|_| Error::Unreadable("outbox made"))?;
        self.db(|db| db.set_meta("outbox_made", &bytes))
    }

    /// Sets the size cap (bytes); the least recently viewed pages and
    /// records go when it is passed. Applies from the next write.
    pub fn set_cap(&self, bytes: u64) {
        self.inner
            .cap
            .store(bytes.max(1024 * 1024), Ordering::Relaxed);
    }

    fn send(&self, job: Job) {
        let counts = !matches!(job, Job::Touch { .. } | Job::Confirm { .. } | Job::Flush(_));
        if counts {
            self.inner.pending.fetch_add(1, Ordering::AcqRel);
        }
        let sent = self
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(job).is_ok());
        if !sent {
            if counts {
                self.inner.pending.fetch_sub(1, Ordering::AcqRel);
            }
            note_error(&self.inner, &Error::WriterGone);
        }
    }

    /// Before a read: waits for the queued writes that change what it
    /// sees, so a page saved a moment ago reads back (read-your-writes).
    /// Saving itself never waits; with nothing queued this costs nothing.
    fn settle(&self) {
        if self.inner.pending.load(Ordering::Acquire) > 0 {
            self.flush();
        }
    }

    /// Queues `page` of `schema`'s list under its canonical `query`
    /// (`workdesk-query`'s query string), and its records by id. `complete`:
    /// the records carry every field (no `fields=`); otherwise they are
    /// merged into copies already saved.
    pub fn save_page(&self, schema: &'static Schema, query: &str, page: PageData, complete: bool) {
        if let Some(digest) = page.digest {
            self.remember_digest(schema.resource, query, digest);
        }
        self.send(Job::Page {
            schema,
            query: query.to_owned(),
            page,
            complete,
            fetched_at: millis(Utc::now()),
        });
    }

    fn remember_digest(&self, resource: &'static str, query: &str, digest: [u8; 16]) {
        let lookup = self.inner.sealer.lookup("page", resource, query);
        let mut digests = lock(&self.inner.digests);
        if digests.len() >= DIGESTS_KEPT {
            digests.clear();
        }
        digests.insert((resource, lookup), digest);
    }

    /// The digest the page saved under `query` was saved with (see
    /// [`PageData::digest`]), from memory when it was saved or read this
    /// session, else from the file; `None` when the page is not saved.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn page_digest(&self, schema: &'static Schema, query: &str) -> Result<Option<[u8; 16]>> {
        let lookup = self.inner.sealer.lookup("page", schema.resource, query);
        if let Some(digest) = lock(&self.inner.digests).get(&(schema.resource, lookup)) {
            return Ok(Some(*digest));
        }
        let found = self.db(|db| unreadable_as_none(db.page(schema.resource, query)))?;
        let digest = found.and_then(|(payload, ..)| payload.digest);
        if let Some(digest) = digest {
            self.remember_digest(schema.resource, query, digest);
        }
        Ok(digest)
    }

    /// Queues noting that the page saved under `query` was fetched again
    /// and is unchanged: its time and its records' times move on (cheaper
    /// than saving it again).
    pub fn confirm_page(&self, schema: &'static Schema, query: &str) {
        self.send(Job::Confirm {
            resource: schema.resource,
            page: self.inner.sealer.lookup("page", schema.resource, query),
            at: millis(Utc::now()),
        });
    }

    /// Queues records of `schema` (one record opened, a page of a
    /// download, a record just created or changed). The newest copy wins.
    pub fn save_records(&self, schema: &'static Schema, records: Vec<JsonRecord>, complete: bool) {
        if records.is_empty() {
            return;
        }
        self.send(Job::Records {
            schema,
            records,
            complete,
            fetched_at: millis(Utc::now()),
        });
    }

    /// Queues dropping record `id` (deleted on the service): it goes from
    /// its pages, whose counts are marked stale.
    pub fn forget(&self, schema: &'static Schema, id: &str) {
        self.send(Job::Forget {
            schema,
            id: id.to_owned(),
        });
    }

    /// Queues marking `schema`'s saved pages stale (a record was created).
    pub fn mark_stale(&self, schema: &'static Schema) {
        self.send(Job::Stale { schema });
    }

    /// Queues storing what is known of `schema`'s list as a whole.
    pub fn set_state(&self, schema: &'static Schema, state: ResourceState) {
        self.send(Job::State { schema, state });
    }

    /// Queues deleting every saved page, record and state.
    pub fn clear(&self) {
        self.send(Job::Clear);
    }

    /// Queues deleting the pages and records fetched before `cutoff`
    /// ("Keep saved data at most N days"); a list that loses records is no
    /// longer marked saved whole. [`forget_saved_before_in`](crate::forget_saved_before_in)
    /// does the same to a file not open.
    pub fn forget_saved_before(&self, cutoff: chrono::DateTime<Utc>) {
        self.send(Job::ForgetBefore {
            cutoff: millis(cutoff),
        });
    }

    /// Queues noting that every saved record of `schema` is current as of
    /// `at`: a refresh of the list saved whole found the others unchanged,
    /// so their age starts again.
    pub fn confirm_records(&self, schema: &'static Schema, at: chrono::DateTime<Utc>) {
        self.send(Job::ConfirmResource {
            resource: schema.resource,
            at: millis(at),
        });
    }

    /// Waits until every write queued so far is done (or failed).
    pub fn flush(&self) {
        let (done, wait) = mpsc::sync_channel(1);
        self.send(Job::Flush(done));
        let _ = wait.recv();
    }

    /// Keeps `change` at the end of the outbox, waiting to be sent. On the
    /// disk when it returns (after the writes queued before it).
    ///
    /// # Errors
    /// SQLite failures (a full disk): the change is then not kept, and the
    /// form must say so.
    pub fn outbox_add(&self, change: Json) -> Result<OutboxEntry> {
        self.outbox_write(OutboxWrite::Add {
            change,
            at: outbox::now(),
        })?
        .ok_or(Error::WriterGone)
    }

    /// Sets change `id`'s state, with the sync crate's `note` (why it
    /// needs the user, what the service answered); marking it
    /// [`OutboxState::Sending`] counts an attempt. On the disk when it
    /// returns: a change is marked sending before its request goes out.
    ///
    /// # Errors
    /// [`Error::NoSuchChange`]; SQLite failures.
    pub fn outbox_mark(
        &self,
        id: i64,
        state: OutboxState,
        note: Option<Json>,
    ) -> Result<OutboxEntry> {
        self.outbox_write(OutboxWrite::Mark {
            id,
            state,
            note,
            at: outbox::now(),
        })?
        .ok_or(Error::NoSuchChange(id))
    }

    /// Replaces change `id` with `change` (the user edited it): waiting
    /// again, its note cleared.
    ///
    /// # Errors
    /// [`Error::NoSuchChange`]; [`Error::ChangeNotEditable`] while it is
    /// being sent or once sent; SQLite failures.
    pub fn outbox_replace(&self, id: i64, change: Json) -> Result<OutboxEntry> {
        self.outbox_write(OutboxWrite::Replace {
            id,
            change,
            at: outbox::now(),
        })?
        .ok_or(Error::NoSuchChange(id))
    }

    /// Removes change `id` (discarded, or sent and dismissed).
    ///
    /// # Errors
    /// [`Error::NoSuchChange`]; SQLite failures.
    pub fn outbox_remove(&self, id: i64) -> Result<()> {
        self.outbox_write(OutboxWrite::Remove { id }).map(|_| ())
    }

    /// Marks change `seen` sending (one attempt more), with the sync
    /// crate's `note` (who sends it), if it still stands as it was read: its state and change are checked and it is marked in
    /// one transaction, so two passes never both take it. On the disk
    /// when it returns, before the change's request goes out.
    ///
    /// # Errors
    /// [`Error::ChangeTaken`] when its state or change differ from `seen`
    /// (another pass took it, or the user edited it); [`Error::NoSuchChange`];
    /// SQLite failures.
    pub fn outbox_claim(&self, seen: &OutboxEntry, note: Option<Json>) -> Result<OutboxEntry> {
        self.outbox_write(OutboxWrite::Claim {
            id: seen.id,
            seen_state: seen.state,
            seen_change: seen.change.clone(),
            note,
            at: outbox::now(),
        })?
        .ok_or(Error::NoSuchChange(seen.id))
    }

    /// Removes change `id` unless it is being sent (the user discarded it,
    /// or dismissed it once sent): checked and removed in one transaction,
    /// so a change whose request is going out is never discarded.
    ///
    /// # Errors
    /// [`Error::ChangeNotEditable`] while it is being sent;
    /// [`Error::NoSuchChange`]; SQLite failures.
    pub fn outbox_discard(&self, id: i64) -> Result<()> {
        self.outbox_write(OutboxWrite::Discard {
            id,
            waiting_only: false,
        })
        .map(|_| ())
    }

    /// Removes change `id` if it still waits (nothing of it went out):
    /// checked and removed in one transaction, so a change a pass has
    /// taken, or one already sent or needing the user, stays. Whether it
    /// was removed.
    ///
    /// # Errors
    /// [`Error::NoSuchChange`]; SQLite failures.
    pub fn outbox_withdraw(&self, id: i64) -> Result<bool> {
        self.outbox_write(OutboxWrite::Discard {
            id,
            waiting_only: true,
        })
        .map(|entry| entry.is_none())
    }

    /// Appends `entries`, the outbox of another file of the same workspace
    /// (an earlier key's or address's, named `from`: its fingerprint), in
    /// their order, with their states, notes, times and attempts, sealed
    /// under this file's key; new ids are given. Notes that `from`'s
    /// outbox was taken ([`Cache::adopted`]) with them. All or none: on
    /// the disk in one transaction when it returns.
    ///
    /// # Errors
    /// SQLite failures (nothing is added).
    pub fn outbox_adopt(&self, from: &str, entries: Vec<OutboxEntry>) -> Result<()> {
        self.outbox_write(OutboxWrite::Adopt {
            from: from.to_owned(),
            entries,
        })
        .map(|_| ())
    }

    /// Whether this file took the outbox of the file named `from`
    /// ([`Cache::outbox_adopt`]).
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`].
    pub fn adopted(&self, from: &str) -> Result<bool> {
        self.db(|db| db.meta(&outbox::adopted_meta(from)))
            .map(|mark| mark.is_some())
    }

    /// Every change in the outbox, in the order they were made.
    ///
    /// # Errors
    /// SQLite failures; [`Error::Unreadable`] for a change that does not
    /// open (never dropped silently: the outbox is the user's work).
    pub fn outbox(&self) -> Result<Vec<OutboxEntry>> {
        self.db(|db| db.outbox())
    }

    fn outbox_write(&self, write: OutboxWrite) -> Result<Option<OutboxEntry>> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.send(Job::Outbox { write, reply });
        answer.recv().map_err(|_| Error::WriterGone)?
    }

    /// The first write error since the last call, to show once.
    pub fn take_write_error(&self) -> Option<String> {
        lock(&self.inner.write_error).take()
    }

    /// Calls `listener` with the first write error as it happens (again
    /// after it was taken): how the app tells the user at once, without
    /// asking.
    pub fn on_write_error(&self, listener: WriteErrorListener) {
        *lock(&self.inner.on_write_error) = Some(listener);
    }

    fn db<T>(&self, read: impl FnOnce(&Db<'_>) -> Result<T>) -> Result<T> {
        self.settle();
        let conn = lock(&self.inner.reader);
        read(&Db {
            conn: &conn,
            sealer: &self.inner.sealer,
        })
    }

    /// The page saved under canonical `query`, with each record's newest
    /// copy; `None` when it was never saved or one of its records is gone
    /// (evicted or deleted).
    ///
    /// # Errors
    /// SQLite failures; a page that does not open is `None`.
    pub fn page(&self, schema: &'static Schema, query: &str) -> Result<Option<SavedPage>> {
        let resource = schema.resource;
        let found = self.db(|db| {
            let Some((payload, saved_at, stale, page_lookup)) =
                unreadable_as_none(db.page(resource, query))?
            else {
                return Ok(None);
            };
            let mut records = Vec::with_capacity(payload.ids.len());
            let mut lookups = Vec::with_capacity(payload.ids.len());
            for id in &payload.ids {
                match unreadable_as_none(db.record(schema, id))? {
                    Some((record, _, lookup)) => {
                        records.push(record);
                        lookups.push(lookup);
                    }
                    None => return Ok(None),
                }
            }
            Ok(Some((
                payload,
                saved_at,
                stale,
                page_lookup,
                records,
                lookups,
            )))
        })?;
        let Some((payload, saved_at, stale, page_lookup, records, lookups)) = found else {
            return Ok(None);
        };
        self.touch(resource, vec![page_lookup], lookups);
        Ok(Some(SavedPage {
            count: payload.count,
            next: payload.next,
            previous: payload.previous,
            records,
            saved_at: instant(saved_at),
            stale,
        }))
    }

    /// The saved record `id` of `schema`, if any.
    ///
    /// # Errors
    /// SQLite failures; a record that does not open is `None`.
    pub fn record(&self, schema: &'static Schema, id: &str) -> Result<Option<SavedRecord>> {
        let found = self.db(|db| unreadable_as_none(db.record(schema, id)))?;
        Ok(found.map(|(record, saved_at, lookup)| {
            self.touch(schema.resource, Vec::new(), vec![lookup]);
            SavedRecord {
                record,
                saved_at: instant(saved_at),
            }
        }))
    }

    /// Answers `query` over every saved record of `schema` with the shared
    /// engine, as the service would over its own: the same filters, sort
    /// (nulls last ascending, ties by id), page and fields. Without sort
    /// keys, records come in the order they were first saved (a whole-list
    /// download saves them in the service's order).
    ///
    /// # Errors
    /// [`Error::Refused`] (keyed by the condition's query parameter, or
    /// `sort` / `fields`) for what the saved records cannot answer
    /// faithfully: an unknown field, a related record's field other than
    /// its id, a field not saved for every record;
    /// [`Error::PastLastPage`] for a page past the last; SQLite failures.
    pub fn query(&self, schema: &'static Schema, query: &ListQuery) -> Result<OfflineAnswer> {
        match query.check(schema) {
            Ok(plan) => self.query_planned(query, &plan),
            Err(problems) => {
                // What the saved records cannot answer is said first.
                let refused = self.index(schema)?.refusals(query);
                Err(Error::Refused(if refused.is_empty() {
                    problems
                } else {
                    refused
                }))
            }
        }
    }

    /// [`Cache::query`] for a query already checked into `plan` (by
    /// [`ListQuery::check`] against the resource's schema): nothing is
    /// checked again.
    ///
    /// # Errors
    /// As [`Cache::query`].
    pub fn query_planned(&self, query: &ListQuery, plan: &Plan) -> Result<OfflineAnswer> {
        let schema = plan.schema;
        let index = self.index(schema)?;
        let refused = index.refusals(query);
        if !refused.is_empty() {
            return Err(Error::Refused(refused));
        }
        let (count, shown) = index.select(plan);
        let start = (plan.page as usize - 1).saturating_mul(plan.take);
        if start >= count && plan.page > 1 {
            return Err(Error::PastLastPage { page: plan.page });
        }
        let resource = schema.resource;
        let records = self.db(|db| {
            shown
                .iter()
                .filter_map(|row| {
                    let rest = unreadable_as_none(db.rest(resource, &row.lookup)).transpose()?;
                    Some(rest.map(|rest| row.record(rest)))
                })
                .map(|record| {
                    record.map(|record| match plan.fields {
                        None => record,
                        Some(_) => plan.project(&record),
                    })
                })
                .collect::<Result<Vec<_>>>()
        })?;
        self.touch(
            resource,
            Vec::new(),
            shown.iter().map(|row| row.lookup).collect(),
        );
        Ok(OfflineAnswer {
            count: count as u64,
            saved: index.rows.len() as u64,
            records,
            saved_at: shown.iter().map(|row| row.saved_at).min().map(instant),
        })
    }

    /// The ids of every saved record of `schema`, in saved order.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn ids(&self, schema: &'static Schema) -> Result<Vec<String>> {
        let index = self.index(schema)?;
        let id = FieldPath::field("id");
        Ok(index
            .rows
            .iter()
            .filter_map(|row| match &*row.value(&id, FieldType::Uuid) {
                Value::Uuid(uuid) => Some(uuid.hyphenated().to_string()),
                Value::String(text) => Some(text.clone()),
                _ => None,
            })
            .collect())
    }

    /// Calls `visit` with every saved record of `schema`, in saved order,
    /// as the offline engine reads it (typed values from the in-memory
    /// index: nothing is unsealed again once the index is built). For
    /// figures over every saved record, such as the members they name.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn each_saved(
        &self,
        schema: &'static Schema,
        mut visit: impl FnMut(&dyn Record),
    ) -> Result<()> {
        let index = self.index(schema)?;
        for row in &index.rows {
            visit(row);
        }
        Ok(())
    }

    /// What is known of `schema`'s list as a whole.
    ///
    /// # Errors
    /// SQLite failures; an unreadable state reads as the default.
    pub fn state(&self, schema: &'static Schema) -> Result<ResourceState> {
        self.db(|db| {
            Ok(unreadable_as_none(db.state(schema.resource).map(Some))?.unwrap_or_default())
        })
    }

    /// How many records of `schema` are saved.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn saved_count(&self, schema: &'static Schema) -> Result<u64> {
        self.db(|db| db.count(schema.resource))
    }

    /// Bytes in use and rows saved.
    ///
    /// # Errors
    /// SQLite failures.
    pub fn usage(&self) -> Result<Usage> {
        self.db(|db| db.usage())
    }

    fn touch(&self, resource: &'static str, pages: Vec<Lookup>, records: Vec<Lookup>) {
        if pages.is_empty() && records.is_empty() {
            return;
        }
        self.send(Job::Touch {
            resource,
            pages,
            records,
            at: millis(Utc::now()),
        });
    }

    fn generation(&self, resource: &str) -> u64 {
        lock(&self.inner.generations)
            .get(resource)
            .copied()
            .unwrap_or(0)
    }

    /// The index of `schema`'s saved records, built again when a write
    /// changed them since.
    fn index(&self, schema: &'static Schema) -> Result<Arc<Index>> {
        self.settle();
        let generation = self.generation(schema.resource);
        if let Some((built, index)) = lock(&self.inner.indexes).get(schema.resource) {
            if *built == generation {
                return Ok(index.clone());
            }
        }
        let saved = self.db(|db| db.all_cells(schema.resource))?;
        let index = Arc::new(Index::build(schema, saved));
        lock(&self.inner.indexes).insert(schema.resource, (generation, index.clone()));
        Ok(index)
    }

    /// Closes the cache and deletes its file (the workspace's key was
    /// removed, or "Clear saved data" of a workspace gone).
    ///
    /// # Errors
    /// When the file cannot be removed.
    pub fn delete(mut self) -> Result<()> {
        let path = self.inner.path.clone();
        self.close();
        if path.is_some() {
            // Windows removes no file that is still open (a sharing
            // violation): the reads' connection is closed first, an empty
            // one in memory taking its place for whoever still holds it.
            let closed = Connection::open_in_memory()?;
            drop(std::mem::replace(&mut *lock(&self.inner.reader), closed));
        }
        match path {
            Some(path) => file::delete_files(&path),
            None => Ok(()),
        }
    }

    fn close(&mut self) {
        self.jobs.take();
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

impl Drop for Cache {
    fn drop(&mut self) {
        self.close();
    }
}

/// A value that does not open (another key, damage) is as good as absent;
/// SQLite failures stay errors.
fn unreadable_as_none<T>(result: Result<Option<T>>) -> Result<Option<T>> {
    match result {
        Err(Error::Unreadable(what)) => {
            log::warn!("a saved value could not be read ({what}); treating it as not saved");
            Ok(None)
        }
        other => other,
    }
}

fn note_error(inner: &Inner, err: &Error) {
    log::warn!("saving data for offline use failed: {err}");
    let message = err.to_string();
    let first = {
        let mut slot = lock(&inner.write_error);
        let first = slot.is_none();
        if first {
            *slot = Some(message.clone());
        }
        first
    };
    if first {
        if let Some(listener) = lock(&inner.on_write_error).as_ref() {
            listener(&message);
        }
    }
}

fn write_loop(inner: &Inner, conn: &Mutex<Connection>, queue: &mpsc::Receiver<Job>) {
    while let Ok(job) = queue.recv() {
        let job = match job {
            Job::Flush(done) => {
                let _ = done.send(());
                continue;
            }
            Job::Outbox { write, reply } => {
                let written = outbox_durably(inner, &mut lock(conn), write);
                inner.pending.fetch_sub(1, Ordering::AcqRel);
                let _ = reply.send(written);
                continue;
            }
            job => job,
        };
        let counts = !matches!(job, Job::Touch { .. } | Job::Confirm { .. });
        let deletes = matches!(job, Job::Clear | Job::ForgetBefore { .. });
        let mut conn = lock(conn);
        let changed = match run(inner, &mut conn, job) {
            Ok(changed) => changed,
            Err(err) => {
                note_error(inner, &err);
                Vec::new()
            }
        };
        let cap = inner.cap.load(Ordering::Relaxed);
        let evicted = match store::used_bytes(&conn) {
            Ok(used) if used > cap => {
                let db = Db {
                    conn: &conn,
                    sealer: &inner.sealer,
                };
                db.evict(cap).unwrap_or_else(|err| {
                    note_error(inner, &err);
                    Vec::new()
                })
            }
            _ => Vec::new(),
        };
        drop(conn);
        // The digests kept in memory of pages now deleted would say a page
        // read again unchanged is saved, and it would only be confirmed:
        // asked of the file again instead.
        if deletes || !evicted.is_empty() {
            let gone: Vec<&str> = changed
                .iter()
                .filter(|_| deletes)
                .chain(&evicted)
                .map(String::as_str)
                .collect();
            lock(&inner.digests).retain(|(resource, _), _| !gone.contains(resource));
        }
        {
            let mut generations = lock(&inner.generations);
            for resource in changed.into_iter().chain(evicted) {
                *generations.entry(resource).or_default() += 1;
            }
        }
        if counts {
            inner.pending.fetch_sub(1, Ordering::AcqRel);
        }
    }
    // Closing cleanly: the next start need not check the file.
    let conn = lock(conn);
    let db = Db {
        conn: &conn,
        sealer: &inner.sealer,
    };
    if inner.path.is_some() {
        if let Err(err) = db.set_meta("open", b"0") {
            log::warn!("could not mark saved data closed: {err}");
        }
    }
}

/// Runs an outbox write in a transaction committed with `synchronous =
/// FULL` (the WAL flushed to the disk before it returns), then goes back
/// to `NORMAL` for the other writes.
fn outbox_durably(
    inner: &Inner,
    conn: &mut Connection,
    write: OutboxWrite,
) -> Result<Option<OutboxEntry>> {
    conn.execute_batch("PRAGMA synchronous = FULL")?;
    let written = (|| {
        // The write lock is taken at once: a check and its write (a claim,
        // a discard) see no other process's write in between.
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let entry = Db {
            conn: &tx,
            sealer: &inner.sealer,
        }
        .outbox_write(write)?;
        tx.commit()?;
        Ok(entry)
    })();
    if let Err(err) = conn.execute_batch("PRAGMA synchronous = NORMAL") {
        log::warn!("saved data stays fully synchronous until it is reopened: {err}");
    }
    written
}

/// Runs one job in a transaction; returns the resources whose records changed.
fn run(inner: &Inner, conn: &mut Connection, job: Job) -> Result<Vec<String>> {
    let tx = conn.transaction()?;
    let db = Db {
        conn: &tx,
        sealer: &inner.sealer,
    };
    let changed = match job {
        Job::Page {
            schema,
            query,
            page,
            complete,
            fetched_at,
        } => {
            let mut ids = Vec::with_capacity(page.records.len());
            for record in &page.records {
                if db.put_record(schema, record, complete, fetched_at)? {
                    ids.extend(record_id(record).map(str::to_owned));
                }
            }
            let payload = PagePayload {
                count: page.count,
                ids,
                next: page.next,
                previous: page.previous,
                digest: page.digest,
            };
            db.put_page(schema.resource, &query, &payload, fetched_at)?;
            vec![schema.resource.to_owned()]
        }
        Job::Records {
            schema,
            records,
            complete,
            fetched_at,
        } => {
            for record in &records {
                db.put_record(schema, record, complete, fetched_at)?;
            }
            vec![schema.resource.to_owned()]
        }
        Job::Forget { schema, id } => {
            db.forget(schema.resource, &id)?;
            vec![schema.resource.to_owned()]
        }
        Job::Stale { schema } => {
            db.mark_stale(schema.resource)?;
            Vec::new()
        }
        Job::State { schema, state } => {
            db.put_state(schema.resource, &state)?;
            Vec::new()
        }
        Job::Touch {
            resource,
            pages,
            records,
            at,
        } => {
            db.touch(resource, &pages, &records, at)?;
            Vec::new()
        }
        Job::Confirm { resource, page, at } => {
            db.confirm(resource, &page, at)?;
            Vec::new()
        }
        Job::Clear => {
            db.clear()?;
            workdesk_query::resources::ALL
                .iter()
                .map(|schema| schema.resource.to_owned())
                .collect()
        }
        Job::ForgetBefore { cutoff } => {
            let (gone, resources) = store::forget_saved_before(&tx, cutoff)?;
            if gone > 0 {
                log::info!("{gone} saved records older than the age limit deleted");
                store::give_back(&tx)?;
            }
            resources
        }
        Job::ConfirmResource { resource, at } => {
            db.confirm_resource(resource, at)?;
            Vec::new()
        }
        Job::Flush(_) | Job::Outbox { .. } => Vec::new(),
    };
    tx.commit()?;
    Ok(changed)
}

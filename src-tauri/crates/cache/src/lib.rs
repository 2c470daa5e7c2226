//! # workdesk-cache
//!
//! Workdesk's offline cache: everything a user has seen of one workspace,
//! kept so that it opens without the service, filters with the same engine
//! as the service (`workdesk-query`), and gives nothing away on a stolen
//! laptop.
//!
//! - **One SQLite file per workspace** ([`Cache::open`]), named by the
//!   workspace's [`fingerprint`] (a hash of the base URL's origin and the
//!   API key, never the key), in WAL mode with incremental auto-vacuum,
//!   its schema versioned by embedded migrations (`rusqlite_migration`).
//!   Without a keychain, [`Cache::in_memory`] keeps the same data for the
//!   session only.
//! - **Pages** by their canonical query string (count, ids in order,
//!   `next` / `previous`, fetch time) and **records by id** (every field
//!   the service sent, unknown ones included, plus their typed values),
//!   each record stored once, the newest copy winning.
//! - **Sealed at rest** ([`DataKey`], see `seal.rs`): every payload is
//!   XChaCha20-Poly1305-encrypted under the workspace's data key, rows are
//!   found by keyed hashes, so no field or filter value is in the file,
//!   its WAL or its journal.
//! - **Offline queries** ([`Cache::query`]): filters, sort, page and fields
//!   over all saved records of a resource, with per-condition refusals
//!   for what was not saved (a related record's name, a field some records
//!   lack). The records' typed values are held in memory once opened
//!   (`index.rs`), the fields a query reads laid out as columns: a
//!   condition is one pass over a column, and only the page's records are
//!   sorted (selected first among the matches).
//! - **The outbox** ([`Cache::outbox`]): changes made offline, kept in
//!   order with their state until they are sent, sealed like the rest,
//!   each write durable when it returns; untouched by the limits below.
//! - **Limits**: a size cap (default [`DEFAULT_CAP_BYTES`]) with
//!   least-recently-viewed eviction and incremental vacuum; an age limit
//!   ([`Cache::forget_saved_before`], [`forget_saved_before_in`] for a
//!   file not open) that deletes what was fetched too long ago.
//! - **Private folders**: the files and their folders are readable by the
//!   user only ([`private_dir`]).
//! - **Recovery**: a file that is damaged, from a newer version, or not
//!   opened by its key is moved aside with the date and a new one started
//!   ([`Recovery`]); never a panic, never a loop.
//! - **Saving never delays an answer**: writes go to a background thread
//!   and return at once (a later read waits for them, so what was saved
//!   reads back); a failed write is logged and kept to show once
//!   ([`Cache::take_write_error`]).
//!
//! ## Crates chosen
//! - `rusqlite` (`bundled`): SQLite compiled in, the same on every system.
//! - `rusqlite_migration`: `user_version`-based migrations, small and
//!   maintained, instead of our own version table.
//! - `chacha20poly1305`, `hkdf`, `hmac`, `sha2`, `subtle` (RustCrypto):
//!   audited, pure Rust, build offline on Linux, Windows and macOS without
//!   extra toolchains (SQLCipher would need OpenSSL, Perl and NASM).
//! - `postcard`: a compact, maintained serde format for the typed values.

#![warn(missing_docs)]

mod cache;
mod cell;
mod error;
mod file;
mod index;
mod migrations;
mod outbox;
mod saved;
mod seal;
mod store;

pub use cache::{Cache, Made, WriteErrorListener, DEFAULT_CAP_BYTES, MADE_KEPT_MS};
pub use error::{Error, Result};
pub use file::{
    delete_files, file_of, fingerprint, forget_saved_before_in, lock_outbox, move_aside,
    outbox_lock_of, private_dir, try_lock_outbox, unsent_in, OutboxLock,
};
pub use outbox::{OutboxEntry, OutboxState};
pub use saved::{
    JsonRecord, OfflineAnswer, PageData, Recovery, RecoveryReason, ResourceState, SavedPage,
    SavedRecord, Usage,
};
pub use seal::DataKey;

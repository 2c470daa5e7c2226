//! The file's schema, versioned with `rusqlite_migration` (`PRAGMA
//! user_version`): migrations run in order on open, each in a transaction,
//! and the list only ever grows. A file from a newer Workdesk is not
//! touched (see [`crate::Error::TooNew`]).
//!
//! Every payload column holds a sealed value ([`crate::seal`]); the only
//! plaintext is the resource name, keyed-hash lookups, byte counts and
//! times (ms since the epoch, UTC).

use rusqlite_migration::{Migrations, M};

/// Version 1: records by id, pages by query, a state per resource, and
/// `meta` (the key check and the clean-shutdown mark).
const V1: &str = "
CREATE TABLE meta (
    name TEXT PRIMARY KEY NOT NULL,
    value BLOB NOT NULL
);
CREATE TABLE record (
    id INTEGER PRIMARY KEY,
    resource TEXT NOT NULL,
    lookup BLOB NOT NULL,
    saved_at INTEGER NOT NULL,
    viewed_at INTEGER NOT NULL,
    cells BLOB NOT NULL,
    body BLOB NOT NULL,
    UNIQUE (resource, lookup)
);
CREATE INDEX record_viewed_at ON record (viewed_at);
CREATE TABLE page (
    id INTEGER PRIMARY KEY,
    resource TEXT NOT NULL,
    lookup BLOB NOT NULL,
    saved_at INTEGER NOT NULL,
    viewed_at INTEGER NOT NULL,
    stale INTEGER NOT NULL DEFAULT 0,
    body BLOB NOT NULL,
    UNIQUE (resource, lookup)
);
CREATE INDEX page_viewed_at ON page (viewed_at);
CREATE TABLE resource_state (
    resource TEXT PRIMARY KEY NOT NULL,
    body BLOB NOT NULL
);
";

/// Version 2: the outbox, changes kept to send in the order they were made
/// (`crate::outbox`): their state and times in the clear, the change
/// itself sealed. AUTOINCREMENT: an id is never reused, so a removed
/// change's id never comes back as another's.
const V2: &str = "
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    state TEXT NOT NULL,
    made_at INTEGER NOT NULL,
    changed_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    body BLOB NOT NULL
);
";

/// Every migration, oldest first.
pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::new(vec![M::up(V1), M::up(V2)])
}

/// The newest schema version this Workdesk writes.
pub(crate) const LATEST: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_end_at_latest() {
        migrations().validate().unwrap();
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        migrations().to_latest(&mut conn).unwrap();
        let version: usize = conn
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .unwrap();
        assert_eq!(version, LATEST);
    }
}

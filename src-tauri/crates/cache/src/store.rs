//! Reading and writing the tables through one connection and the
//! workspace's [`Sealer`]: what both the readers and the background writer
//! do with SQLite.

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use workdesk_query::{Schema, Value};

use crate::cell::{render, Cell};
use crate::error::{Error, Result};
use crate::saved::{JsonRecord, ResourceState, Usage};
use crate::seal::{Lookup, Sealer};

/// Row kinds, each its own associated data when sealing.
pub(crate) const BODY: &str = "record.body";
pub(crate) const CELLS: &str = "record.cells";
pub(crate) const PAGE: &str = "page";
pub(crate) const STATE: &str = "state";
pub(crate) const META: &str = "meta";
/// The meta row of the records opened last (`Cache::opened`): gone with
/// the saved data when it is cleared.
pub(crate) const OPENED: &str = "opened";
/// The meta row of the records and views pinned to the navigation
/// (`Cache::pins`): not cleared with the saved data (the app removes the
/// records' pins itself, keeping the views').
pub(crate) const PINNED: &str = "pinned";

/// A page as sealed in the `page` table: the service's page object with
/// the records replaced by their ids.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct PagePayload {
    pub count: u64,
    pub ids: Vec<String>,
    pub next: Option<String>,
    pub previous: Option<String>,
    #[serde(default)]
    pub digest: Option<[u8; 16]>,
}

/// Milliseconds since the epoch (UTC), as the tables keep times.
pub(crate) fn millis(at: DateTime<Utc>) -> i64 {
    at.timestamp_millis()
}

/// The instant of `ms` since the epoch.
pub(crate) fn instant(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

/// The record's `id` as text, as the lookups take it.
pub(crate) fn record_id(record: &JsonRecord) -> Option<&str> {
    record.get("id").and_then(Json::as_str)
}

/// `record` split for saving: the typed value of each field of `schema`,
/// in schema order (`None` where the record lacks the field, as a page
/// fetched with `fields=`), and the rest: unknown fields, and the fields
/// whose JSON the typed value does not reproduce exactly (a date-time
/// written with `+00:00`, an object in `custom_fields`). Together they give
/// back every field exactly as sent, each value stored once.
pub(crate) fn split(schema: &Schema, record: &JsonRecord) -> (Vec<Option<Cell>>, JsonRecord) {
    let mut rest = JsonRecord::new();
    let cells = schema
        .fields
        .iter()
        .map(|field| {
            record.get(field.name).map(|json| {
                let value = Value::from_json(field.kind, Some(json));
                if render(&value) != *json {
                    rest.insert(field.name.to_owned(), json.clone());
                }
                Cell::from(&value)
            })
        })
        .collect();
    for (name, value) in record {
        if schema.field(name).is_none() {
            rest.insert(name.clone(), value.clone());
        }
    }
    (cells, rest)
}

/// A saved record's typed cells as the index reads them: its lookup, when
/// it was fetched (ms) and one cell per schema field.
pub(crate) type SavedCells = (Lookup, i64, Vec<Option<Cell>>);

/// One connection's view of the tables, sealed with `sealer`.
pub(crate) struct Db<'a> {
    pub conn: &'a Connection,
    pub sealer: &'a Sealer,
}

impl Db<'_> {
    /// The sealed `value` of meta `name`, opened.
    pub fn meta(&self, name: &str) -> Result<Option<Vec<u8>>> {
        let sealed: Option<Vec<u8>> = self
            .conn
            .query_row("SELECT value FROM meta WHERE name = ?1", [name], |row| {
                row.get(0)
            })
            .optional()?;
        sealed
            .map(|sealed| {
                self.sealer
                    .open(META, "", name.as_bytes(), &sealed)
                    .map(|plain| plain.to_vec())
            })
            .transpose()
    }

    /// Seals and stores meta `name`.
    pub fn set_meta(&self, name: &str, value: &[u8]) -> Result<()> {
        let sealed = self.sealer.seal(META, "", name.as_bytes(), value);
        self.conn.execute(
            "INSERT INTO meta (name, value) VALUES (?1, ?2)
             ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            params![name, sealed],
        )?;
        Ok(())
    }

    /// The saved record `id` of `schema`'s resource: its JSON and when it
    /// was fetched.
    pub fn record(&self, schema: &Schema, id: &str) -> Result<Option<(JsonRecord, i64, Lookup)>> {
        let resource = schema.resource;
        let lookup = self.sealer.lookup("record", resource, id);
        let row: Option<(i64, Vec<u8>, Vec<u8>)> = self
            .conn
            .prepare_cached(
                "SELECT saved_at, cells, body FROM record WHERE resource = ?1 AND lookup = ?2",
            )?
            .query_row(params![resource, &lookup[..]], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })
            .optional()?;
        let Some((saved_at, cells, body)) = row else {
            return Ok(None);
        };
        let record = self.assemble(schema, &lookup, &cells, &body)?;
        Ok(Some((record, saved_at, lookup)))
    }

    /// A record from its sealed cells and the rest of its JSON: each saved
    /// field rendered from its typed value, then the fields kept as sent.
    fn assemble(
        &self,
        schema: &Schema,
        lookup: &Lookup,
        cells: &[u8],
        body: &[u8],
    ) -> Result<JsonRecord> {
        let resource = schema.resource;
        let cells = self.sealer.open(CELLS, resource, lookup, cells)?;
        let cells: Vec<Option<Cell>> =
            postcard::from_bytes(&cells).map_err(|_| Error::Unreadable("not a record's cells"))?;
        let rest = self.sealer.open(BODY, resource, lookup, body)?;
        let rest: JsonRecord =
            serde_json::from_slice(&rest).map_err(|_| Error::Unreadable("not a record"))?;
        let mut record: JsonRecord = schema
            .fields
            .iter()
            .zip(cells)
            .filter_map(|(field, cell)| {
                cell.map(|cell| (field.name.to_owned(), render(&cell.into_value())))
            })
            .collect();
        record.extend(rest);
        Ok(record)
    }

    /// The saved page of `resource` under canonical `query`.
    pub fn page(
        &self,
        resource: &str,
        query: &str,
    ) -> Result<Option<(PagePayload, i64, bool, Lookup)>> {
        let lookup = self.sealer.lookup("page", resource, query);
        let row: Option<(i64, bool, Vec<u8>)> = self
            .conn
            .prepare_cached(
                "SELECT saved_at, stale, body FROM page WHERE resource = ?1 AND lookup = ?2",
            )?
            .query_row(params![resource, &lookup[..]], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })
            .optional()?;
        let Some((saved_at, stale, body)) = row else {
            return Ok(None);
        };
        let plain = self.sealer.open(PAGE, resource, &lookup, &body)?;
        let payload: PagePayload =
            serde_json::from_slice(&plain).map_err(|_| Error::Unreadable("not a page"))?;
        Ok(Some((payload, saved_at, stale, lookup)))
    }

    /// Every saved record of `resource` as typed cells: `(lookup, saved_at,
    /// cells)`, in saved order. The sealed rows are read first, then opened
    /// and decoded on every core. A row that does not open is left out (and
    /// logged).
    pub fn all_cells(&self, resource: &str) -> Result<Vec<SavedCells>> {
        let mut statement = self.conn.prepare_cached(
            // One pass over the table in row order (saved order): no sort,
            // no index lookups per row.
            "SELECT lookup, saved_at, cells FROM record NOT INDEXED WHERE resource = ?1 ORDER BY id",
        )?;
        let mut rows = statement.query([resource])?;
        let mut sealed: Vec<(Lookup, i64, Vec<u8>)> = Vec::new();
        let mut unreadable = 0usize;
        while let Some(row) = rows.next()? {
            let lookup = row.get_ref(0)?.as_blob().map_err(rusqlite::Error::from)?;
            let cells = row.get_ref(2)?.as_blob().map_err(rusqlite::Error::from)?;
            match Lookup::try_from(lookup) {
                Ok(lookup) => sealed.push((lookup, row.get(1)?, cells.to_vec())),
                Err(_) => unreadable += 1,
            }
        }
        let open = |chunk: &[(Lookup, i64, Vec<u8>)]| -> Vec<Option<SavedCells>> {
            chunk
                .iter()
                .map(|(lookup, saved_at, cells)| {
                    let plain = self.sealer.open(CELLS, resource, lookup, cells).ok()?;
                    let cells = postcard::from_bytes::<Vec<Option<Cell>>>(&plain).ok()?;
                    Some((*lookup, *saved_at, cells))
                })
                .collect()
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
        let chunk = sealed.len().div_ceil(threads).max(1);
        let opened: Vec<Option<SavedCells>> = std::thread::scope(|scope| {
            let workers: Vec<_> = sealed
                .chunks(chunk)
                .map(|part| scope.spawn(move || open(part)))
                .collect();
            workers
                .into_iter()
                .flat_map(|worker| worker.join().unwrap_or_default())
                .collect()
        });
        let mut all = Vec::with_capacity(opened.len());
        for cells in opened {
            match cells {
                Some(cells) => all.push(cells),
                None => unreadable += 1,
            }
        }
        if unreadable > 0 {
            log::warn!("{unreadable} saved {resource} records could not be read and are left out");
        }
        Ok(all)
    }

    /// The fields of record `lookup` of `resource` kept as sent (those its
    /// typed values do not reproduce): what [`Db::assemble`] adds to the
    /// cells, for a record whose cells are already open (the query index).
    pub fn rest(&self, resource: &str, lookup: &Lookup) -> Result<Option<JsonRecord>> {
        let body: Option<Vec<u8>> = self
            .conn
            .prepare_cached("SELECT body FROM record WHERE resource = ?1 AND lookup = ?2")?
            .query_row(params![resource, &lookup[..]], |row| row.get(0))
            .optional()?;
        body.map(|body| {
            let rest = self.sealer.open(BODY, resource, lookup, &body)?;
            serde_json::from_slice(&rest).map_err(|_| Error::Unreadable("not a record"))
        })
        .transpose()
    }

    /// What is known of `resource`'s saved records as a whole.
    pub fn state(&self, resource: &str) -> Result<ResourceState> {
        let sealed: Option<Vec<u8>> = self
            .conn
            .prepare_cached("SELECT body FROM resource_state WHERE resource = ?1")?
            .query_row([resource], |row| row.get(0))
            .optional()?;
        let Some(sealed) = sealed else {
            return Ok(ResourceState::default());
        };
        let plain = self.sealer.open(STATE, resource, b"", &sealed)?;
        serde_json::from_slice(&plain).map_err(|_| Error::Unreadable("not a state"))
    }

    /// How many records of `resource` are saved.
    pub fn count(&self, resource: &str) -> Result<u64> {
        Ok(self
            .conn
            .prepare_cached("SELECT COUNT(*) FROM record WHERE resource = ?1")?
            .query_row([resource], |row| row.get(0))?)
    }

    /// Bytes in use and rows saved.
    pub fn usage(&self) -> Result<Usage> {
        Ok(Usage {
            bytes: used_bytes(self.conn)?,
            records: self
                .conn
                .query_row("SELECT COUNT(*) FROM record", [], |row| row.get(0))?,
            pages: self
                .conn
                .query_row("SELECT COUNT(*) FROM page", [], |row| row.get(0))?,
        })
    }

    // Writes (the background writer's).

    /// Saves `record` of `schema` fetched at `fetched_at` (ms), unless a
    /// newer copy is saved. A copy with only some fields (`complete` false,
    /// from a `fields=` request) is merged into the saved one: its fields
    /// win, the others are kept. Returns false for a record without an id.
    pub fn put_record(
        &self,
        schema: &Schema,
        record: &JsonRecord,
        complete: bool,
        fetched_at: i64,
    ) -> Result<bool> {
        let resource = schema.resource;
        let Some(id) = record_id(record) else {
            return Ok(false);
        };
        let mut merged;
        let mut record = record;
        let existing: Option<(i64,)> = self
            .conn
            .prepare_cached("SELECT saved_at FROM record WHERE resource = ?1 AND lookup = ?2")?
            .query_row(
                params![resource, &self.sealer.lookup("record", resource, id)[..]],
                |row| Ok((row.get(0)?,)),
            )
            .optional()?;
        if let Some((saved_at,)) = existing {
            if saved_at > fetched_at {
                return Ok(true);
            }
            if !complete {
                if let Some((saved, _, _)) = self.record(schema, id).ok().flatten() {
                    merged = saved;
                    for (name, value) in record {
                        merged.insert(name.clone(), value.clone());
                    }
                    record = &merged;
                }
            }
        }
        let lookup = self.sealer.lookup("record", resource, id);
        let (cells, rest) = split(schema, record);
        let body = serde_json::to_vec(&rest).map_err(|_| Error::Unreadable("record encoding"))?;
        let cells =
            postcard::to_allocvec(&cells).map_err(|_| Error::Unreadable("cells encoding"))?;
        self.conn
            .prepare_cached(
                "INSERT INTO record (resource, lookup, saved_at, viewed_at, cells, body)
                 VALUES (?1, ?2, ?3, ?3, ?4, ?5)
                 ON CONFLICT (resource, lookup) DO UPDATE SET
                   saved_at = excluded.saved_at, viewed_at = excluded.viewed_at,
                   cells = excluded.cells, body = excluded.body",
            )?
            .execute(params![
                resource,
                &lookup[..],
                fetched_at,
                self.sealer.seal(CELLS, resource, &lookup, &cells),
                self.sealer.seal(BODY, resource, &lookup, &body),
            ])?;
        Ok(true)
    }

    /// Saves a page's payload under its canonical `query`.
    pub fn put_page(
        &self,
        resource: &str,
        query: &str,
        payload: &PagePayload,
        fetched_at: i64,
    ) -> Result<()> {
        let lookup = self.sealer.lookup("page", resource, query);
        let body = serde_json::to_vec(payload).map_err(|_| Error::Unreadable("page encoding"))?;
        self.conn
            .prepare_cached(
                "INSERT INTO page (resource, lookup, saved_at, viewed_at, stale, body)
                 VALUES (?1, ?2, ?3, ?3, 0, ?4)
                 ON CONFLICT (resource, lookup) DO UPDATE SET
                   saved_at = excluded.saved_at, viewed_at = excluded.viewed_at,
                   stale = 0, body = excluded.body
                 WHERE excluded.saved_at >= page.saved_at",
            )?
            .execute(params![
                resource,
                &lookup[..],
                fetched_at,
                self.sealer.seal(PAGE, resource, &lookup, &body)
            ])?;
        Ok(())
    }

    /// Notes that the page at `lookup` (and each of its records) was fetched
    /// again at `at` (ms) and found unchanged: its "saved at" moves on,
    /// nothing is sealed again.
    pub fn confirm(&self, resource: &str, lookup: &Lookup, at: i64) -> Result<()> {
        let sealed: Option<Vec<u8>> = self
            .conn
            .prepare_cached("SELECT body FROM page WHERE resource = ?1 AND lookup = ?2")?
            .query_row(params![resource, &lookup[..]], |row| row.get(0))
            .optional()?;
        let Some(sealed) = sealed else {
            return Ok(());
        };
        let plain = self.sealer.open(PAGE, resource, lookup, &sealed)?;
        let payload: PagePayload =
            serde_json::from_slice(&plain).map_err(|_| Error::Unreadable("not a page"))?;
        self.conn
            .prepare_cached(
                "UPDATE page SET saved_at = ?3, viewed_at = ?3, stale = 0 WHERE resource = ?1 AND lookup = ?2",
            )?
            .execute(params![resource, &lookup[..], at])?;
        let mut record = self.conn.prepare_cached(
            "UPDATE record SET saved_at = MAX(saved_at, ?3), viewed_at = ?3 WHERE resource = ?1 AND lookup = ?2",
        )?;
        for id in &payload.ids {
            let lookup = self.sealer.lookup("record", resource, id);
            record.execute(params![resource, &lookup[..], at])?;
        }
        Ok(())
    }

    /// Drops record `id` of `resource` and takes it out of every saved page
    /// of the resource, whose counts are then marked stale.
    pub fn forget(&self, resource: &str, id: &str) -> Result<()> {
        let lookup = self.sealer.lookup("record", resource, id);
        self.conn.execute(
            "DELETE FROM record WHERE resource = ?1 AND lookup = ?2",
            params![resource, &lookup[..]],
        )?;
        let pages: Vec<(Vec<u8>, Vec<u8>)> = self
            .conn
            .prepare("SELECT lookup, body FROM page WHERE resource = ?1")?
            .query_map([resource], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (page_lookup, sealed) in pages {
            let Ok(plain) = self.sealer.open(PAGE, resource, &page_lookup, &sealed) else {
                continue;
            };
            let Ok(mut payload) = serde_json::from_slice::<PagePayload>(&plain) else {
                continue;
            };
            if let Some(at) = payload.ids.iter().position(|saved| saved == id) {
                payload.ids.remove(at);
                payload.count = payload.count.saturating_sub(1);
                let body =
                    serde_json::to_vec(&payload).map_err(|_| Error::Unreadable("page encoding"))?;
                self.conn.execute(
                    "UPDATE page SET body = ?3, stale = 1 WHERE resource = ?1 AND lookup = ?2",
                    params![
                        resource,
                        page_lookup,
                        self.sealer.seal(PAGE, resource, &page_lookup, &body)
                    ],
                )?;
            }
        }
        self.mark_stale(resource)
    }

    /// Marks every saved page of `resource` stale (a record was created or
    /// deleted: counts and order may have moved).
    pub fn mark_stale(&self, resource: &str) -> Result<()> {
        self.conn
            .execute("UPDATE page SET stale = 1 WHERE resource = ?1", [resource])?;
        Ok(())
    }

    /// Stores `state` for `resource`.
    pub fn put_state(&self, resource: &str, state: &ResourceState) -> Result<()> {
        let body = serde_json::to_vec(state).map_err(|_| Error::Unreadable("state encoding"))?;
        self.conn.execute(
            "INSERT INTO resource_state (resource, body) VALUES (?1, ?2)
             ON CONFLICT (resource) DO UPDATE SET body = excluded.body",
            params![resource, self.sealer.seal(STATE, resource, b"", &body)],
        )?;
        Ok(())
    }

    /// Notes that these pages and records were shown at `at` (ms), for
    /// least-recently-viewed eviction.
    pub fn touch(
        &self,
        resource: &str,
        pages: &[Lookup],
        records: &[Lookup],
        at: i64,
    ) -> Result<()> {
        let mut page = self
            .conn
            .prepare_cached("UPDATE page SET viewed_at = ?3 WHERE resource = ?1 AND lookup = ?2")?;
        for lookup in pages {
            page.execute(params![resource, &lookup[..], at])?;
        }
        let mut record = self.conn.prepare_cached(
            "UPDATE record SET viewed_at = ?3 WHERE resource = ?1 AND lookup = ?2",
        )?;
        for lookup in records {
            record.execute(params![resource, &lookup[..], at])?;
        }
        Ok(())
    }

    /// Deletes the least recently viewed pages and records until the file
    /// uses at most `cap` bytes, then gives the space back
    /// (`PRAGMA incremental_vacuum`). Returns the resources it took records
    /// of.
    pub fn evict(&self, cap: u64) -> Result<Vec<String>> {
        let mut touched = Vec::new();
        // Leave some room under the cap so that the next page does not
        // evict again at once.
        let goal = cap - cap / 10;
        while used_bytes(self.conn)? > goal {
            let oldest_page: Option<i64> =
                self.conn
                    .query_row("SELECT MIN(viewed_at) FROM page", [], |row| row.get(0))?;
            let oldest_record: Option<i64> =
                self.conn
                    .query_row("SELECT MIN(viewed_at) FROM record", [], |row| row.get(0))?;
            match (oldest_page, oldest_record) {
                (None, None) => break,
                (Some(page), record) if record.is_none_or(|record| page <= record) => {
                    self.conn.execute(
                        "DELETE FROM page WHERE id IN
                         (SELECT id FROM page ORDER BY viewed_at, id LIMIT 10)",
                        [],
                    )?;
                }
                _ => {
                    let resources: Vec<String> = self
                        .conn
                        .prepare(
                            "DELETE FROM record WHERE id IN
                             (SELECT id FROM record ORDER BY viewed_at, id LIMIT 10)
                             RETURNING resource",
                        )?
                        .query_map([], |row| row.get(0))?
                        .collect::<rusqlite::Result<_>>()?;
                    for resource in resources {
                        if !touched.contains(&resource) {
                            touched.push(resource);
                        }
                    }
                }
            }
        }
        give_back(self.conn)?;
        Ok(touched)
    }

    /// Notes that every saved record of `resource` is current as of `at`
    /// (ms): a refresh of the whole list found nothing else changed.
    pub fn confirm_resource(&self, resource: &str, at: i64) -> Result<()> {
        self.conn.execute(
            "UPDATE record SET saved_at = MAX(saved_at, ?2) WHERE resource = ?1",
            params![resource, at],
        )?;
        Ok(())
    }

    /// Deletes every saved page, record and state, and the records opened
    /// last (their names are record data), and gives the space back.
    pub fn clear(&self) -> Result<()> {
        self.conn.execute_batch(
            "DELETE FROM record; DELETE FROM page; DELETE FROM resource_state;
             DELETE FROM meta WHERE name = 'opened';",
        )?;
        give_back(self.conn)
    }
}

/// Deletes the pages and records fetched before `cutoff` (ms since the
/// epoch) and the state of each resource that lost records (its list is
/// no longer saved whole: the next "Make available offline" fetches it
/// all again). A page's records are never older than the page, so a page
/// kept keeps its records. Returns the records deleted and the resources
/// they were of. Needs no data key: only times and resource names are read.
pub(crate) fn forget_saved_before(conn: &Connection, cutoff: i64) -> Result<(u64, Vec<String>)> {
    conn.execute("DELETE FROM page WHERE saved_at < ?1", [cutoff])?;
    let gone: Vec<String> = conn
        .prepare("DELETE FROM record WHERE saved_at < ?1 RETURNING resource")?
        .query_map([cutoff], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut resources: Vec<String> = Vec::new();
    for resource in &gone {
        if !resources.contains(resource) {
            resources.push(resource.clone());
        }
    }
    for resource in &resources {
        conn.execute("DELETE FROM resource_state WHERE resource = ?1", [resource])?;
        conn.execute("UPDATE page SET stale = 1 WHERE resource = ?1", [resource])?;
    }
    Ok((gone.len() as u64, resources))
}

/// Returns the free pages to the file system (`PRAGMA incremental_vacuum`).
/// SQLite frees one page per step of the pragma, so it is stepped to the end.
pub(crate) fn give_back(conn: &Connection) -> Result<()> {
    let mut statement = conn.prepare("PRAGMA incremental_vacuum")?;
    let mut rows = statement.query([])?;
    while rows.next()?.is_some() {}
    Ok(())
}

/// Bytes the database uses: pages in use × page size.
pub(crate) fn used_bytes(conn: &Connection) -> Result<u64> {
    let pages: u64 = conn.query_row("PRAGMA page_count", [], |row| row.get(0))?;
    let free: u64 = conn.query_row("PRAGMA freelist_count", [], |row| row.get(0))?;
    let size: u64 = conn.query_row("PRAGMA page_size", [], |row| row.get(0))?;
    Ok(pages.saturating_sub(free) * size)
}

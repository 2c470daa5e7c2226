//! The outbox: changes made while the service could not be reached (or
//! "Work offline" was on), kept in the workspace's sealed file in the order
//! they were made, each with its state, until they are sent.
//!
//! This crate keeps them; what a change is (a new task, a lead's edit…) and
//! how it is sent exactly once is the sync crate's: to this crate a change
//! is JSON, sealed like every payload (no field of it is in the file).
//!
//! Every outbox write is **durable when it returns**: it runs on the
//! writer's thread in order with the other writes, in a transaction
//! committed with `PRAGMA synchronous = FULL` (the WAL is flushed to the
//! disk), so a change the form said was kept survives quitting, a crash
//! and a power cut. The size cap, the age limit and "Clear saved data"
//! never touch the outbox.

use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::error::{Error, Result};
use crate::store::{instant, millis, Db};

/// Row kind of the outbox's sealed bodies before their state was bound
/// to them (files of earlier versions, resealed once on opening:
/// [`Db::bind_outbox_states`]).
const OUTBOX_UNBOUND: &str = "outbox";

/// Row kind of the outbox's sealed bodies: each sealed with its row's id,
/// state, times and attempts bound to it ([`binding`]), so editing the
/// file cannot turn a change sent back into waiting, nor change its
/// attempts or times, without the row failing to open.
const OUTBOX: &str = "outbox.bound";

/// The `meta` row that says every outbox row is sealed as [`OUTBOX`].
const BOUND_META: &str = "outbox_bound";

/// What a row's sealed body is bound to: its id, state, times (ms, UTC)
/// and attempts, each fixed-width (the state by its length first).
fn binding(id: i64, state: &str, made_at: i64, changed_at: i64, attempts: u32) -> Vec<u8> {
    let mut bound = Vec::with_capacity(8 + 1 + state.len() + 8 + 8 + 4);
    bound.extend_from_slice(&id.to_le_bytes());
    bound.push(u8::try_from(state.len()).unwrap_or(u8::MAX));
    bound.extend_from_slice(state.as_bytes());
    bound.extend_from_slice(&made_at.to_le_bytes());
    bound.extend_from_slice(&changed_at.to_le_bytes());
    bound.extend_from_slice(&attempts.to_le_bytes());
    bound
}

/// Where a change stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OutboxState {
    /// Kept, not sent yet.
    Waiting,
    /// Its request went out (or was about to) and no answer was recorded:
    /// after a crash or a timeout the outcome is unknown, and the service
    /// is checked before it is sent again.
    Sending,
    /// The service applied it.
    Sent,
    /// The service refused it, or it conflicts with the service's copy:
    /// it waits for the user ([`OutboxEntry::note`] says why).
    NeedsYou,
}

impl OutboxState {
    fn as_str(self) -> &'static str {
        match self {
            OutboxState::Waiting => "waiting",
            OutboxState::Sending => "sending",
            OutboxState::Sent => "sent",
            OutboxState::NeedsYou => "needs_you",
        }
    }

    fn parse(text: &str) -> Result<OutboxState> {
        Ok(match text {
            "waiting" => OutboxState::Waiting,
            "sending" => OutboxState::Sending,
            "sent" => OutboxState::Sent,
            "needs_you" => OutboxState::NeedsYou,
            _ => return Err(Error::Unreadable("unknown outbox state")),
        })
    }
}

/// One change kept in the outbox.
#[derive(Debug, Clone, PartialEq)]
pub struct OutboxEntry {
    /// Its place in the outbox: changes are made, and sent, in this order
    /// (never reused, even after a change is removed).
    pub id: i64,
    /// The change, as the sync crate wrote it.
    pub change: Json,
    /// Where it stands.
    pub state: OutboxState,
    /// What the sync crate noted with the state, as it wrote it: why the
    /// change needs the user (the service's refusal, a conflict), or what
    /// the service answered once it was sent (the record's id); `None`
    /// otherwise.
    pub note: Option<Json>,
    /// When it was made (UTC, ms precision).
    pub made_at: DateTime<Utc>,
    /// When its state or content last changed (UTC, ms precision).
    pub changed_at: DateTime<Utc>,
    /// How many times it was marked [`OutboxState::Sending`].
    pub attempts: u32,
}

/// What is sealed in a row's body.
#[derive(Serialize, Deserialize)]
struct Body {
    change: Json,
    #[serde(default, alias = "problem")]
    note: Option<Json>,
}

/// One outbox write, run on the writer's thread.
pub(crate) enum OutboxWrite {
    Add {
        change: Json,
        at: i64,
    },
    Mark {
        id: i64,
        state: OutboxState,
        note: Option<Json>,
        at: i64,
    },
    Replace {
        id: i64,
        change: Json,
        at: i64,
    },
    Remove {
        id: i64,
    },
    /// Marks change `id` sending only if it still stands as `seen` (the
    /// state and change a pass read): read and marked in one transaction.
    Claim {
        id: i64,
        seen_state: OutboxState,
        seen_change: Json,
        note: Option<Json>,
        at: i64,
    },
    /// Removes change `id` only if it is not being sent (with
    /// `waiting_only`, only if it still waits): checked and removed in one
    /// transaction.
    Discard {
        id: i64,
        waiting_only: bool,
    },
    /// Appends `entries` (the outbox of the file named `from`), in order,
    /// with their states, notes, times and attempts, and notes that
    /// `from`'s outbox was taken.
    Adopt {
        from: String,
        entries: Vec<OutboxEntry>,
    },
}

impl Db<'_> {
    /// Runs `write`; returns the entry as it now is (`None` once removed).
    pub(crate) fn outbox_write(&self, write: OutboxWrite) -> Result<Option<OutboxEntry>> {
        match write {
            OutboxWrite::Add { change, at } => {
                self.conn.execute(
                    "INSERT INTO outbox (state, made_at, changed_at, attempts, body)
                     VALUES (?1, ?2, ?2, 0, x'')",
                    params![OutboxState::Waiting.as_str(), at],
                )?;
                let id = self.conn.last_insert_rowid();
                self.put(id, OutboxState::Waiting, at, &Body { change, note: None })
            }
            OutboxWrite::Mark {
                id,
                state,
                note,
                at,
            } => {
                let entry = self.outbox_entry(id)?.ok_or(Error::NoSuchChange(id))?;
                let body = Body {
                    change: entry.change,
                    note,
                };
                self.put(id, state, at, &body)
            }
            OutboxWrite::Replace { id, change, at } => {
                let entry = self.outbox_entry(id)?.ok_or(Error::NoSuchChange(id))?;
                if matches!(entry.state, OutboxState::Sending | OutboxState::Sent) {
                    return Err(Error::ChangeNotEditable(id));
                }
                self.put(id, OutboxState::Waiting, at, &Body { change, note: None })
            }
            OutboxWrite::Claim {
                id,
                seen_state,
                seen_change,
                note,
                at,
            } => {
                let entry = self.outbox_entry(id)?.ok_or(Error::NoSuchChange(id))?;
                if entry.state != seen_state || entry.change != seen_change {
                    return Err(Error::ChangeTaken(id));
                }
                let body = Body {
                    change: entry.change,
                    note,
                };
                self.put(id, OutboxState::Sending, at, &body)
            }
            OutboxWrite::Discard { id, waiting_only } => {
                let entry = self.outbox_entry(id)?.ok_or(Error::NoSuchChange(id))?;
                if waiting_only && entry.state != OutboxState::Waiting {
                    return Ok(Some(entry));
                }
                if entry.state == OutboxState::Sending {
                    return Err(Error::ChangeNotEditable(id));
                }
                self.conn
                    .execute("DELETE FROM outbox WHERE id = ?1", [id])?;
                Ok(None)
            }
            OutboxWrite::Adopt { from, entries } => {
                self.set_meta(&adopted_meta(&from), b"1")?;
                let mut last = None;
                for entry in entries {
                    self.conn.execute(
                        "INSERT INTO outbox (state, made_at, changed_at, attempts, body)
                         VALUES (?1, ?2, ?3, ?4, x'')",
                        params![
                            entry.state.as_str(),
                            millis(entry.made_at),
                            millis(entry.changed_at),
                            entry.attempts
                        ],
                    )?;
                    let id = self.conn.last_insert_rowid();
                    let body = Body {
                        change: entry.change,
                        note: entry.note,
                    };
                    self.seal_body(id, &body)?;
                    last = self.outbox_entry(id)?;
                }
                Ok(last)
            }
            OutboxWrite::Remove { id } => {
                if self
                    .conn
                    .execute("DELETE FROM outbox WHERE id = ?1", [id])?
                    == 0
                {
                    return Err(Error::NoSuchChange(id));
                }
                Ok(None)
            }
        }
    }

    /// Sets row `id` to `state` at `at` with `body` sealed (one attempt
    /// more when `state` is sending), and returns it as it now is.
    fn put(
        &self,
        id: i64,
        state: OutboxState,
        at: i64,
        body: &Body,
    ) -> Result<Option<OutboxEntry>> {
        self.conn.execute(
            "UPDATE outbox SET state = ?2, changed_at = ?3, attempts = attempts + ?4
             WHERE id = ?1",
            params![
                id,
                state.as_str(),
                at,
                i64::from(state == OutboxState::Sending)
            ],
        )?;
        self.seal_body(id, body)?;
        self.outbox_entry(id)
    }

    /// Seals `body` into row `id`, bound to the row's state, times and
    /// attempts as they now are.
    fn seal_body(&self, id: i64, body: &Body) -> Result<()> {
        let plain = zeroize::Zeroizing::new(
            serde_json::to_vec(body).map_err(|_| Error::Unreadable("outbox change"))?,
        );
        let (state, made_at, changed_at, attempts): (String, i64, i64, u32) = self.conn.query_row(
            "SELECT state, made_at, changed_at, attempts FROM outbox WHERE id = ?1",
            [id],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )?;
        let bound = binding(id, &state, made_at, changed_at, attempts);
        let sealed = self.sealer.seal(OUTBOX, "", &bound, plain.as_slice());
        self.conn.execute(
            "UPDATE outbox SET body = ?2 WHERE id = ?1",
            params![id, sealed],
        )?;
        Ok(())
    }

    /// Reseals, once per file, every outbox row an earlier version sealed
    /// without its state ([`OUTBOX_UNBOUND`]) as [`OUTBOX`]; from then on
    /// only bound rows open. A row that opens neither way is left as it is
    /// (it shows as unreadable, never dropped).
    pub(crate) fn bind_outbox_states(&self) -> Result<()> {
        if self.meta(BOUND_META)?.is_some() {
            return Ok(());
        }
        let rows = self
            .conn
            .prepare("SELECT id, body FROM outbox ORDER BY id")?
            .query_map([], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, Vec<u8>>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        for (id, sealed) in rows {
            let Ok(plain) = self
                .sealer
                .open(OUTBOX_UNBOUND, "", &id.to_le_bytes(), &sealed)
            else {
                continue;
            };
            let Ok(body) = serde_json::from_slice::<Body>(&plain) else {
                continue;
            };
            self.seal_body(id, &body)?;
        }
        self.set_meta(BOUND_META, b"1")
    }

    /// The entry `id`, opened; `None` when there is none.
    pub(crate) fn outbox_entry(&self, id: i64) -> Result<Option<OutboxEntry>> {
        let row = self
            .conn
            .query_row(
                "SELECT id, state, made_at, changed_at, attempts, body FROM outbox WHERE id = ?1",
                [id],
                row_of,
            )
            .optional()?;
        row.map(|row| self.open_row(row)).transpose()
    }

    /// Every entry, in the order the changes were made.
    pub(crate) fn outbox(&self) -> Result<Vec<OutboxEntry>> {
        let rows = self
            .conn
            .prepare_cached(
                "SELECT id, state, made_at, changed_at, attempts, body FROM outbox ORDER BY id",
            )?
            .query_map([], row_of)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter().map(|row| self.open_row(row)).collect()
    }

    fn open_row(
        &self,
        (id, state, made_at, changed_at, attempts, sealed): Row,
    ) -> Result<OutboxEntry> {
        let bound = binding(id, &state, made_at, changed_at, attempts);
        let plain = self.sealer.open(OUTBOX, "", &bound, &sealed)?;
        let body: Body =
            serde_json::from_slice(&plain).map_err(|_| Error::Unreadable("outbox change"))?;
        Ok(OutboxEntry {
            id,
            change: body.change,
            state: OutboxState::parse(&state)?,
            note: body.note,
            made_at: instant(made_at),
            changed_at: instant(changed_at),
            attempts,
        })
    }
}

/// The `meta` row that says the outbox of the file named `from` was
/// taken into this one.
pub(crate) fn adopted_meta(from: &str) -> String {
    format!("adopted:{from}")
}

type Row = (i64, String, i64, i64, u32, Vec<u8>);

fn row_of(row: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        row.get(2)?,
        row.get(3)?,
        row.get(4)?,
        row.get(5)?,
    ))
}

/// Now, as the outbox keeps times (ms since the epoch, UTC).
pub(crate) fn now() -> i64 {
    millis(Utc::now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrations::migrations;
    use crate::seal::{DataKey, Sealer};

    /// A row as an earlier Workdesk sealed it (its id only bound) opens
    /// once resealed on opening, bound to its state from then on; an
    /// unbound row is no longer accepted after that.
    #[test]
    fn rows_of_an_earlier_version_are_resealed_bound_to_their_state_once() {
        let sealer = Sealer::new("ws", &DataKey::generate());
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        migrations().to_latest(&mut conn).unwrap();
        let db = Db {
            conn: &conn,
            sealer: &sealer,
        };
        let body = Body {
            change: serde_json::json!({"kind": "create_task", "task": {"title": "Antes"}}),
            note: None,
        };
        let legacy = |id: i64| {
            sealer.seal(
                OUTBOX_UNBOUND,
                "",
                &id.to_le_bytes(),
                &serde_json::to_vec(&body).unwrap(),
            )
        };
        conn.execute(
            "INSERT INTO outbox (id, state, made_at, changed_at, attempts, body) VALUES (1, 'sent', 5, 6, 1, ?1)",
            [legacy(1)],
        )
        .unwrap();
        assert!(db.outbox().is_err(), "not bound yet");
        db.bind_outbox_states().unwrap();
        let entries = db.outbox().unwrap();
        assert_eq!(entries[0].state, OutboxState::Sent);
        assert_eq!(entries[0].change, body.change);

        // A row slipped in later, sealed the old way, is refused.
        conn.execute(
            "INSERT INTO outbox (id, state, made_at, changed_at, attempts, body) VALUES (2, 'waiting', 5, 6, 0, ?1)",
            [legacy(2)],
        )
        .unwrap();
        db.bind_outbox_states().unwrap();
        assert!(matches!(db.outbox(), Err(Error::Unreadable(_))));
    }
}

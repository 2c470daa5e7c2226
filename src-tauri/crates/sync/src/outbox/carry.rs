//! An outbox outlives a change of key or address. A workspace's saved data
//! is one file per origin and key; when the user enters a new key or
//! address, the changes not sent yet in the earlier file move into the new
//! one ([`carry_outbox`]), in order, with their states, times and attempts,
//! sealed under the new file's key:
//!
//! - **Same service** (the earlier file was noted for the same origin):
//!   they go on as they stood; a change marked sending is still looked for
//!   before it is sent again.
//! - **Another address** (or an earlier file that never noted its origin):
//!   each change not sent yet is held ([`Note::OtherAddress`], needing the
//!   user). Nothing goes to a server it was not written for until the user
//!   chooses so ([`Replica::release`]), or discards it.
//!
//! The move is recorded in the new file with the changes, in one
//! transaction (`Cache::outbox_adopt`): a crash before the earlier file is
//! deleted never moves them twice.

use workdesk_cache::{Cache, OutboxState};

use super::{entry_of, Note, Pending};
use crate::error::{Error, Result};
use crate::replica::Replica;

/// What [`carry_outbox`] moved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Carried {
    /// Changes moved, sent ones included (their records keep later looks
    /// for lost answers from taking them).
    pub moved: usize,
    /// Changes not sent yet held for the user: written for another address.
    pub held: usize,
    /// The address they were written for, when held and known.
    pub written_for: Option<String>,
}

/// Moves the outbox of `from` (an earlier file of the workspace, named
/// `from_name`: its fingerprint) into `to`, the file of the origin `to_origin`
/// now in use (see the module's documentation). Does nothing when `to`
/// already took `from_name`'s outbox (a move whose earlier file was not
/// deleted, a crash in between). The caller deletes `from` afterwards, and
/// must hold its outbox lock (no pass may run on it meanwhile).
///
/// # Errors
/// [`Error::Cache`] when either outbox cannot be read or written: nothing
/// moved, and the earlier file must then be kept.
pub fn carry_outbox(from: &Cache, from_name: &str, to: &Cache, to_origin: &str) -> Result<Carried> {
    if to.adopted(from_name)? {
        return Ok(Carried::default());
    }
    let entries = from.outbox()?;
    let origin = from.origin()?;
    let same = origin.as_deref() == Some(to_origin);
    let mut carried = Carried {
        moved: entries.len(),
        ..Carried::default()
    };
    let entries = entries
        .into_iter()
        .map(|mut entry| {
            if !same && entry.state != OutboxState::Sent {
                carried.held += 1;
                entry.note = serde_json::to_value(Note::OtherAddress {
                    origin: origin.clone(),
                })
                .ok();
                entry.state = OutboxState::NeedsYou;
            }
            entry
        })
        .collect();
    // What the earlier file's changes made stays theirs (first: the move
    // below is recorded once, and a crash between the two repeats this).
    to.merge_outbox_made(from.outbox_made()?)?;
    to.outbox_adopt(from_name, entries)?;
    if carried.held > 0 {
        carried.written_for = origin;
    }
    Ok(carried)
}

impl Replica {
    /// Lets change `id`, held for the user's word, go: written for another
    /// address ([`Note::OtherAddress`]), it is sent to this workspace's
    /// address; unsure whether the service has it ([`Note::Unsure`]), it
    /// is sent anyway. The user chose so. It waits again, and the next
    /// pass sends it (as a new request: no look first).
    ///
    /// # Errors
    /// [`Error::NotHeld`] when the change is not held so;
    /// [`Error::NoSuchChange`]; [`Error::KeyRefused`]; [`Error::Cache`].
    pub fn release(&self, id: i64) -> Result<Pending> {
        let cache = self.saved()?;
        let entry = entry_of(cache, id)?;
        let pending = Pending::of(entry);
        if !pending.held() {
            return Err(Error::NotHeld(id));
        }
        Ok(Pending::of(
            cache
                .outbox_mark(id, OutboxState::Waiting, None)
                .map_err(|err| Error::of_change(err, id))?,
        ))
    }
}

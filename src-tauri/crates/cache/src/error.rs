//! The crate's one error type.

use workdesk_query::ValidationErrors;

/// Everything the cache can fail with.
///
/// Reads never fail because a write failed: a write error is logged and
/// kept for the app to show once ([`crate::Cache::take_write_error`]).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// SQLite refused: the file is not a database, is damaged, the disk is
    /// full, or the file is locked by another process.
    #[error("the saved-data file could not be used: {0}")]
    Sqlite(#[from] rusqlite::Error),

    /// The schema migrations could not run.
    #[error("the saved-data file could not be brought up to date: {0}")]
    Migration(#[from] rusqlite_migration::Error),

    /// Creating, renaming or removing a file failed.
    #[error("a saved-data file could not be handled: {0}")]
    Io(#[from] std::io::Error),

    /// The file was written by a newer Workdesk (its schema version is
    /// `found`; this version knows up to `known`).
    #[error("the saved-data file is from a newer Workdesk (schema {found}; this version reads up to {known})")]
    TooNew {
        /// `PRAGMA user_version` of the file.
        found: usize,
        /// The newest schema this version knows.
        known: usize,
    },

    /// Sealed data did not open: another data key, a damaged value, or a
    /// format version this Workdesk does not know.
    #[error("saved data could not be unsealed ({0})")]
    Unreadable(&'static str),

    /// An offline query the saved records cannot answer faithfully, keyed
    /// as the service keys its 400s (a condition's query parameter such as
    /// `supplier__name__icontains`, or `sort`, `fields`): an unknown field,
    /// or a field whose values were not saved for every record.
    #[error("the query cannot run over the saved records: {0}")]
    Refused(ValidationErrors),

    /// An offline query asked for a page past the last (the service answers
    /// such a page with 404, docs/service.md "Pagination").
    #[error("page {page} is past the last page of the saved records")]
    PastLastPage {
        /// The page asked for.
        page: u32,
    },

    /// The outbox holds no change with that id (removed meanwhile).
    #[error("the outbox holds no change {0}")]
    NoSuchChange(i64),

    /// The change is being sent, or was sent: it can no longer be edited.
    #[error("change {0} is being sent or was sent; it cannot be edited")]
    ChangeNotEditable(i64),

    /// The change no longer stands as the pass read it: another pass
    /// claimed it, or the user edited or discarded it meanwhile.
    #[error("change {0} was taken or changed meanwhile")]
    ChangeTaken(i64),

    /// The background writer has stopped (the cache is closing).
    #[error("the saved-data writer has stopped")]
    WriterGone,
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

//! The crate's one error type.

use workdesk_query::ValidationErrors;

/// Everything the saved-then-fresh flow can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The service failed or could not be reached.
    #[error(transparent)]
    Api(#[from] workdesk_api::Error),

    /// The cache failed in a way that is not the user's query (SQLite).
    #[error(transparent)]
    Cache(workdesk_cache::Error),

    /// "Work offline" is on: nothing is sent to the service.
    #[error("working offline: nothing is sent to the service")]
    WorkingOffline,

    /// The view cannot be answered from the saved records (an unknown
    /// field, a related record's name, a field not saved for every record),
    /// keyed as `ListView::request` keys its problems (`filters.<index>`,
    /// `sort`, `fields`).
    #[error("the saved records cannot answer this: {0}")]
    Refused(ValidationErrors),

    /// An export's file could not be written.
    #[error(transparent)]
    Export(#[from] workdesk_export::Error),

    /// A download was cancelled by the user.
    #[error("cancelled")]
    Cancelled,

    /// The service answered a page with no rows of a count above zero: a
    /// page past the last (`docs/service.md`, "Pagination").
    #[error("page {page} is past the last page")]
    PastLastPage {
        /// The page asked for.
        page: u32,
    },

    /// The service refused the workspace's key (401): its saved records
    /// are hidden until a key the service accepts is entered.
    #[error(
        "the service refused the key: saved records are hidden until a key it accepts is entered"
    )]
    KeyRefused,

    /// A change for the outbox that cannot be sent as it is (a task
    /// without a title, an id that is no UUID, a conflict without a
    /// choice), keyed by field; nothing was kept or changed.
    #[error("the change cannot be kept: {0}")]
    InvalidChange(ValidationErrors),

    /// The outbox holds no change with this id (discarded, or sent and
    /// cleared, meanwhile).
    #[error("the outbox holds no change {0}")]
    NoSuchChange(i64),

    /// The change is being sent (its outcome is checked first), or was
    /// sent: it can no longer be edited or discarded.
    #[error("change {0} is being sent or was sent")]
    ChangeBusy(i64),

    /// The change is not a lead's edit in conflict with the service.
    #[error("change {0} is not in conflict")]
    NotAConflict(i64),

    /// The change is not held for the user's word (written for another
    /// address, or unsure whether the service has it).
    #[error("change {0} is not held")]
    NotHeld(i64),
}

impl Error {
    /// What went wrong, for the log: no text the service sent and no
    /// value of a filter (see [`workdesk_api::Error::log_summary`]).
    #[must_use]
    pub fn log_summary(&self) -> String {
        match self {
            Error::Api(api) => api.log_summary(),
            Error::Refused(problems) => {
                let keys: Vec<&str> = problems.reasons().map(|(key, _)| key).collect();
                format!("the saved records cannot answer ({})", keys.join(", "))
            }
            other => other.to_string(),
        }
    }
}

impl From<workdesk_cache::Error> for Error {
    fn from(err: workdesk_cache::Error) -> Self {
        match err {
            workdesk_cache::Error::Refused(problems) => Error::Refused(problems),
            other => Error::Cache(other),
        }
    }
}

impl Error {
    /// A cache error of an outbox write on change `id`, in this crate's
    /// terms.
    pub(crate) fn of_change(err: workdesk_cache::Error, id: i64) -> Error {
        match err {
            workdesk_cache::Error::NoSuchChange(_) => Error::NoSuchChange(id),
            workdesk_cache::Error::ChangeNotEditable(_) => Error::ChangeBusy(id),
            other => Error::from(other),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

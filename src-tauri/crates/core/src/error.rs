//! The crate's one error type: everything a command can fail with. What
//! the UI sees of it is [`crate::ui_error::UiError`].

/// Everything a command can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A call to the service failed.
    #[error(transparent)]
    Api(#[from] workdesk_api::Error),

    /// The OS keychain failed.
    #[error(transparent)]
    Keychain(#[from] workdesk_keychain::Error),

    /// No workspace is set up (none added, or the current one has no key)
    /// and no demo runs.
    #[error("no workspace is configured")]
    NotConfigured,

    /// Connecting: the address answered, but has no supplier invoice list
    /// (404 on page 1), so it is not the service's base URL.
    #[error("no supplier invoice list at {0}")]
    WrongAddress(String),

    /// Connecting without typing a key when none is saved.
    #[error("no API key was entered")]
    MissingKey,

    /// Connecting to another origin than the stored key's without typing
    /// a key: the stored key is never sent there.
    #[error("the stored API key belongs to another server")]
    KeyForAnotherServer,

    /// Reading or writing `settings.json` (tauri-plugin-store) failed.
    #[error("settings could not be saved: {0}")]
    Settings(String),

    /// A record asked for by id does not exist (or was deleted).
    #[error("record not found: {0}")]
    RecordNotFound(String),

    /// A write was sent, and the answer cannot tell whether it was applied:
    /// a gateway error (502, 504) or a success whose body does not read.
    #[error("the outcome of the change is unknown: {0}")]
    WriteUnconfirmed(workdesk_api::Error),

    /// A write the key's member may not make (403): the service refused
    /// it, so nothing changed. `message` is the service's.
    #[error("the change was refused: {message}")]
    WriteForbidden {
        /// The service's `message`, or a generic one without an envelope.
        message: String,
    },

    /// A view name that is empty or longer than
    /// [`crate::settings::store::VIEW_NAME_MAX_CHARS`] characters.
    #[error("a view name must have 1 to 80 characters")]
    ViewName,

    /// A saved view (its name) the list does not have (deleted meanwhile).
    #[error("no saved view is named {0:?}")]
    ViewNotFound(String),

    /// As many records and views are pinned as a workspace keeps (the
    /// most, [`crate::reading::pins::PINS_MAX`]).
    #[error("at most {0} records and views can be pinned")]
    TooManyPins(usize),

    /// The in-process demo sandbox could not start.
    #[error("the demo workspace could not start: {0}")]
    Demo(String),

    /// Saved data: "Work offline" is on, a view the saved records cannot
    /// answer, a cancelled download, or the cache failed.
    #[error(transparent)]
    Sync(workdesk_sync::Error),

    /// Not even an in-memory database could be made for saved data.
    #[error("saved data could not be kept: {0}")]
    SavedData(String),

    /// A download of that list is already under way.
    #[error("that list is already being made available offline")]
    DownloadRunning,

    /// "Export…" while an export is under way.
    #[error("another export is under way")]
    ExportRunning,

    /// A size cap for saved data outside [`crate::settings::store::CAP_MB`].
    #[error("the size cap must be 16 to 1,048,576 MB")]
    CapOutOfRange,

    /// "Open" or "Show in folder" before any export finished this session,
    /// or the file is gone.
    #[error("no exported file to open")]
    NoExport,

    /// The system could not open or show the exported file.
    #[error("the file could not be opened: {0}")]
    OpenFailed(String),

    /// A chart's image to save is not a PNG.
    #[error("the image is not a PNG")]
    NotPng,

    /// A chart's image could not be written.
    #[error("the image could not be saved: {0}")]
    ImageNotSaved(String),

    /// "Keep saved data at most N days" outside 1 to 3,650 days.
    #[error("the age limit must be 1 to 3,650 days")]
    MaxAgeOutOfRange,

    /// A workspace name that is empty, too long or taken.
    #[error("the workspace name cannot be used ({0:?})")]
    WorkspaceName(crate::workspace::id::NameProblem),

    /// No workspace has that id (removed meanwhile).
    #[error("there is no such workspace")]
    UnknownWorkspace,

    /// A `workdesk://` link that does not read as one of Workdesk's: why,
    /// as a code (`crate::links::link::LinkProblem::code`).
    #[error("not a link Workdesk opens ({0})")]
    LinkMalformed(&'static str),

    /// A `workdesk://` link to a workspace not saved on this computer (the
    /// server it names).
    #[error("no workspace of {0} with the link's id is saved on this computer")]
    LinkNotHere(String),

    /// A link to a saved view (its name) the workspace does not have.
    #[error("no saved view is named {0:?}")]
    LinkViewMissing(String),

    /// A link asked for in the demo workspace, whose records are made on
    /// this computer each time it starts.
    #[error("the demo workspace has no links")]
    LinkDemo,

    /// The workspace's outbox holds changes the service does not have yet
    /// (how many): it is not removed, which would lose them.
    #[error("the workspace has {0} changes not sent yet")]
    UnsentChanges(usize),

    /// "Save to a file…" of the outbox could not write its file (why).
    #[error("the changes could not be saved to a file: {0}")]
    ChangesNotSaved(String),

    /// Files set aside in the workspace's folder (they could not be
    /// opened) hold changes never sent (`count`): it is not removed, which
    /// would delete them; `folder` is where they are, to move them first.
    #[error("files set aside hold {count} changes not sent")]
    UnsentSetAside {
        /// How many changes they hold.
        count: usize,
        /// The workspace's saved-data folder.
        folder: String,
    },

    /// The user switched to another workspace while the command ran: its
    /// answer belongs to the one before and is not shown.
    #[error("the workspace on screen changed")]
    WorkspaceChanged,

    /// Updates are turned off (by the policy) or this build cannot verify
    /// them: nothing is looked for.
    #[error("updates are off")]
    UpdatesOff,

    /// A check or download of an update is already under way.
    #[error("an update check or download is already under way")]
    UpdateRunning,

    /// "Install" with no newer version found.
    #[error("no newer version is offered")]
    NoUpdate,

    /// An update's check or download failed.
    #[error(transparent)]
    Update(#[from] UpdateFailure),
}

/// Why a check or a download failed, as the updater reported it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UpdateFailure {
    /// The update server could not be reached, or answered with an error
    /// or something that is not an update manifest (`0`: what happened,
    /// English, technical).
    #[error("the update server could not be reached or read: {0}")]
    Unreachable(String),
    /// The download does not carry a valid signature of this build's
    /// update key (tampered with, or signed by another key): thrown away.
    #[error("the update's signature is not valid: {0}")]
    Signature(String),
    /// The download is not a package this system can install.
    #[error("the download is not an installable package: {0}")]
    NotAPackage(String),
    /// The download is another version than the manifest announced
    /// (`announced`): the version bound into its signature, or the one the
    /// package itself says it is (`found`). An older release offered under
    /// a newer number: thrown away.
    #[error("the update offered as {announced} is version {found}")]
    VersionMismatch {
        /// The version the update manifest announced.
        announced: String,
        /// The version the download is (its signature's, or its package's).
        found: String,
    },
    /// The installer or the package's file could not be written or run.
    #[error("the update could not be installed: {0}")]
    InstallFailed(String),
    /// The user cancelled the download.
    #[error("the update's download was cancelled")]
    Cancelled,
}

impl From<workdesk_api::KeyProblem> for Error {
    fn from(problem: workdesk_api::KeyProblem) -> Self {
        Error::Api(workdesk_api::Error::InvalidKey(problem))
    }
}

impl From<crate::workspace::id::NameProblem> for Error {
    fn from(problem: crate::workspace::id::NameProblem) -> Self {
        Error::WorkspaceName(problem)
    }
}

impl From<workdesk_sync::Error> for Error {
    fn from(err: workdesk_sync::Error) -> Self {
        match err {
            workdesk_sync::Error::Api(api) => Error::Api(api),
            other => Error::Sync(other),
        }
    }
}

impl Error {
    /// An error of an operation on one record (`what`: `lead`): a 404
    /// means the record is gone (not a page past the end).
    pub fn record(err: workdesk_api::Error, what: &str) -> Error {
        match err {
            workdesk_api::Error::NotFound { .. } => Error::RecordNotFound(what.to_owned()),
            other => Error::Api(other),
        }
    }

    /// An error of a write (POST, PATCH, DELETE; `what`: `task`): besides
    /// [`Error::record`]'s 404, an answer that leaves the outcome unknown
    /// ([`workdesk_api::Error::outcome_unknown`]: a 500, a gateway's 502 or
    /// 504, a 2xx that does not read) is [`Error::WriteUnconfirmed`]; a 403
    /// is [`Error::WriteForbidden`].
    pub fn write(err: workdesk_api::Error, what: &str) -> Error {
        use workdesk_api::Error as Api;
        match err {
            Api::Forbidden { message } => Error::WriteForbidden { message },
            // A timeout or broken connection says itself whether the
            // change may have been applied (`may_have_applied`).
            err @ (Api::Network { .. } | Api::Timeout { .. }) => Error::record(err, what),
            err if err.outcome_unknown() => Error::WriteUnconfirmed(err),
            other => Error::record(other, what),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

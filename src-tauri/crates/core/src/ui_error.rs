//! The one error the UI sees ([`UiError`]): a machine-readable kind it
//! switches on, a code and values it words in the user's language, and
//! per-field reasons; made from the crate's [`Error`].

use std::collections::BTreeMap;

use serde::Serialize;
use specta::Type;

use crate::error::Error;

/// What went wrong, as the UI switches on it (never on message text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// Something the user typed is not valid; `field` says which input.
    InvalidInput,
    /// The service rejected the API key (401).
    Unauthorized,
    /// The key is valid, but its member may not see this or make this
    /// change (403). A list says so in its place; other lists still work.
    Forbidden,
    /// The page or record does not exist (404).
    NotFound,
    /// The per-key rate limit is exhausted (429).
    RateLimited,
    /// The service could not be reached (offline, DNS, TLS, timeout).
    Network,
    /// A write may or may not have been applied (timeout or broken
    /// connection after sending): check before trying again.
    UnknownOutcome,
    /// The service answered with an error or an unreadable body.
    Service,
    /// The OS keychain could not be used.
    KeychainUnavailable,
    /// "Work offline" is on: nothing was sent to the service.
    Offline,
    /// The user cancelled (a download), or switched to another workspace
    /// while the command ran (its answer is not shown).
    Cancelled,
    /// No workspace is set up yet.
    NotConfigured,
    /// A `workdesk://` link Workdesk cannot open: malformed, or naming a
    /// workspace or saved view this computer does not have. Nothing
    /// changed.
    Link,
    /// Anything else: settings storage, the demo sandbox.
    Internal,
}

/// Which message the UI shows for an error: one variant per situation,
/// worded by the UI in the user's language (`errors.<code>` in its
/// catalogues) with [`UiError::params`]. Never a sentence: Rust sends codes
/// and values, the UI words them (English and Spanish).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The server address can't be used; `reason` says why
    /// (`not_an_address` with `text`, `not_https`, `scheme` with `scheme`,
    /// `no_host`, `credentials`, `query_or_fragment`).
    InvalidBaseUrl,
    /// The text is not an API key; `reason`: `prefix`, `too_short`, `characters`.
    InvalidKey,
    /// 401: the service did not accept the key.
    KeyRefused,
    /// 403 on a read: the key's member may not see this.
    ForbiddenRead,
    /// 403 on a write: refused, nothing saved.
    ForbiddenWrite,
    /// 404 on a page: the list became shorter.
    PageGone,
    /// 400: the service refused the request (its field errors beside the inputs).
    ServiceRefused,
    /// A list view the engine refused before sending (reasons per condition).
    InvalidQuery,
    /// Values a form holds that the service would refuse (a task's
    /// bounds), found before sending: the reasons are beside the inputs.
    InvalidInput,
    /// Not a record id; `id` as typed.
    InvalidId,
    /// The record (`resource`: `lead`, `task`…) does not exist or was deleted.
    RecordNotFound,
    /// A write's answer came from a gateway (`status`): outcome unknown.
    UnknownOutcomeGateway,
    /// A write's answer was the service's internal error (500): outcome
    /// unknown (it may have saved before failing).
    UnknownOutcomeServerError,
    /// A write's answer could not be read (`status`, `content_type`): outcome unknown.
    UnknownOutcomeUnreadable,
    /// A write's answer could not be understood (`detail`): outcome unknown.
    UnknownOutcomeUnclear,
    /// A write timed out: outcome unknown.
    UnknownOutcomeTimeout,
    /// The connection broke during a write: outcome unknown.
    UnknownOutcomeNetwork,
    /// A view name of 0 or more than 80 characters.
    ViewName,
    /// The saved view (`name`) is not among its list's (deleted meanwhile).
    ViewNotFound,
    /// As many records and views are pinned as a workspace keeps (`max`).
    TooManyPins,
    /// 429; [`UiError::retry_after_s`] says when to retry, if known.
    RateLimited,
    /// A 5xx or unexpected status (`status`).
    ServiceError,
    /// An answer that could not be read (`status`, `content_type`).
    UnreadableAnswer,
    /// An answer larger than the client reads (`status`, `limit_mb`, and
    /// `size_mb` when it said): not read.
    AnswerTooLarge,
    /// No answer in time.
    Timeout,
    /// The service could not be reached.
    Network,
    /// Another client error (`detail`, English, technical).
    ServiceOther,
    /// The key in the keychain is damaged.
    KeychainDamaged,
    /// The keychain could not be used (`detail`: the system's words).
    KeychainUnavailable,
    /// No supplier invoice list at `url`.
    WrongAddress,
    /// No key was typed and none is saved.
    MissingKey,
    /// No key was typed for a server other than the stored key's: it is
    /// never sent there.
    KeyForAnotherServer,
    /// No workspace is set up.
    NotConfigured,
    /// Settings could not be saved (`detail`).
    SettingsUnsaved,
    /// The demo could not start (`detail`).
    DemoFailed,
    /// "Work offline" is on: nothing was sent.
    WorkingOffline,
    /// Conditions the saved records can't answer (reasons per condition).
    SavedDataRefused,
    /// Cancelled; what was saved stays.
    Cancelled,
    /// Saved data could not be read (`detail`).
    SavedDataUnreadable,
    /// Saved data could not be kept (`detail`).
    SavedDataUnavailable,
    /// The list is already being made available offline.
    DownloadRunning,
    /// A size cap outside 16 MB to 1 TB.
    CapOutOfRange,
    /// An age limit outside `min` to `max` days.
    MaxAgeOutOfRange,
    /// No exported file to open (none this session, or it is gone).
    NoExport,
    /// The system could not open or show the file (`detail`).
    OpenFailed,
    /// What was to be saved as a chart's image is not a PNG.
    NotPng,
    /// A chart's image could not be written (`detail`).
    ImageNotSaved,
    /// A proxy address that can't be used; `reason`: `not_an_address`,
    /// `scheme` (with `scheme`), `no_host`, `credentials`, `path`.
    InvalidProxy,
    /// The server's TLS certificate was refused: `host`, and `reason`
    /// `untrusted` (not from an authority in the system's certificate
    /// store), `expired` or `wrong_host`.
    Certificate,
    /// A workspace name that can't be used; `reason`: `empty`, `too_long`
    /// (more than `max` characters), `taken`.
    WorkspaceName,
    /// The workspace no longer exists.
    WorkspaceNotFound,
    /// Not a `workdesk://` link Workdesk opens; `reason`: a
    /// [`crate::links::link::LinkProblem`] (`other_scheme`, `resource`,
    /// `record_id`, …).
    LinkMalformed,
    /// A link to a workspace not saved on this computer; `server`: the
    /// server it names.
    LinkWorkspaceMissing,
    /// A link to a saved view (`name`) the workspace does not have.
    LinkViewMissing,
    /// No link can be made in the demo workspace.
    LinkDemo,
    /// Another export is under way.
    ExportRunning,
    /// The export's file could not be written: `path`, `detail` (the
    /// system's words).
    ExportFailed,
    /// The answer was for the workspace on screen before a switch (the UI
    /// drops it).
    WorkspaceChanged,
    /// The system keychain did not answer in time (`seconds`): an unlock
    /// prompt may be waiting.
    KeychainTimeout,
    /// The service refused the workspace's key (401) and its saved records
    /// are hidden until a key the service accepts is entered.
    SavedDataLocked,
    /// Updates are off (the organisation's policy, or a build without an
    /// update key): nothing was looked for.
    UpdatesOff,
    /// An update check or download is already under way.
    UpdateRunning,
    /// No newer version is offered (any more).
    NoUpdate,
    /// The update server could not be reached or read (`detail`).
    UpdateUnreachable,
    /// The downloaded update's signature is not valid (tampered with, or
    /// signed by another key): it was thrown away, nothing changed.
    UpdateSignature,
    /// The download is not a package this system installs (`detail`):
    /// thrown away, nothing changed.
    UpdateNotAPackage,
    /// The download is another version (`found`) than the one offered
    /// (`announced`): an older release under a newer number, thrown away,
    /// nothing changed.
    UpdateVersionMismatch,
    /// The verified update could not be installed or saved (`detail`).
    UpdateNotInstalled,
    /// A workspace whose outbox holds `count` changes not sent yet is not
    /// removed (it would lose them).
    UnsentChanges,
    /// "Save to a file…" of the outbox could not write its file (`detail`).
    ChangesNotSaved,
    /// Files set aside in the workspace's folder (they could not be opened)
    /// hold `count` changes never sent: the workspace is not removed, which
    /// would delete them; `folder` says where they are.
    UnsentSetAside,
    /// The outbox holds that change no more (sent or discarded meanwhile).
    ChangeGone,
    /// The change is being sent: it cannot be edited or discarded now.
    ChangeBeingSent,
    /// The change has no conflict to settle (any more).
    ChangeNotInConflict,
    /// The change is not held for another address: nothing to send here.
    ChangeNotHeld,
    /// The command failed unexpectedly (a fault of Workdesk's own, caught:
    /// `detail`, English, technical).
    Internal,
}

/// One reason beside an input or a list's condition (a `UiError`'s
/// `field_errors`): the service's own words, shown as they came, or one of
/// Workdesk's own checks by code, which the UI words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum FieldProblem {
    /// What the service said about this field (its 400), as it said it.
    Service {
        /// The service's words.
        message: String,
    },
    /// A check of Workdesk's own (the query engine, the offline cache, a
    /// form's): the rule broken (`not_a_number`, `offline_related_field`,
    /// …), which the UI words by its catalogues' `errors.problem.<code>`,
    /// and the values that sentence names. No sentence comes with it.
    Check {
        /// The rule, snake_case.
        code: String,
        /// The values the message names (`value`, `field`, `operator`…).
        values: BTreeMap<String, String>,
    },
}

/// The error every command returns:
/// `{kind, code, params, service_message, field, field_errors, retry_after_s}`.
///
/// `kind` is what the UI switches on; `code` and `params` are what it words
/// (in the user's language: Rust sends no sentences). `service_message` is
/// what the service itself said (its envelope's `message`, scrubbed of the
/// key), shown as it came, marked as the service's. `field` names the form
/// input at fault (`"base_url"`, `"api_key"`, `"id"`) for
/// [`ErrorKind::InvalidInput`], so the form can mark it and keep what was
/// typed; `field_errors` carries per-field messages: the service's 400, in
/// its own words (`{"priority": ["…"]}`, `non_field_errors` for the whole
/// request), or Workdesk's own checks found before sending (`filters.2`,
/// `sort`, a form's inputs, …; by code, worded by the UI).
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct UiError {
    /// Machine-readable kind.
    pub kind: ErrorKind,
    /// Which message to show.
    pub code: ErrorCode,
    /// The values the message names (`status`, `url`, `resource`, `detail`…).
    pub params: BTreeMap<String, String>,
    /// What the service said, as it said it; `None` when it said nothing.
    pub service_message: Option<String>,
    /// The input at fault, if any.
    pub field: Option<String>,
    /// Reasons per field or condition (empty when none).
    pub field_errors: BTreeMap<String, Vec<FieldProblem>>,
    /// For [`ErrorKind::RateLimited`]: seconds until a retry may succeed.
    pub retry_after_s: Option<u32>,
}

impl UiError {
    /// A command that failed unexpectedly (it panicked: `detail` says
    /// where), as the UI shows it: kind and code `internal`.
    pub fn internal(detail: &str) -> Self {
        UiError::new(ErrorKind::Internal, ErrorCode::Internal).param("detail", clause(detail))
    }

    fn new(kind: ErrorKind, code: ErrorCode) -> Self {
        Self {
            kind,
            code,
            params: BTreeMap::new(),
            service_message: None,
            field: None,
            field_errors: BTreeMap::new(),
            retry_after_s: None,
        }
    }

    fn field(mut self, field: &str) -> Self {
        self.field = Some(field.to_owned());
        self
    }

    fn param(mut self, name: &str, value: impl ToString) -> Self {
        self.params.insert(name.to_owned(), value.to_string());
        self
    }

    /// What the service said, unless it said nothing.
    fn said(mut self, message: &str) -> Self {
        let message = message.trim();
        self.service_message = (!message.is_empty()).then(|| message.to_owned());
        self
    }

    /// Workdesk's own checks, by code; words from elsewhere as the
    /// service's.
    fn fields(mut self, problems: &workdesk_api::ValidationErrors) -> Self {
        for (key, reason) in problems.reasons() {
            let problem = match reason {
                workdesk_api::Reason::Coded(code) => FieldProblem::Check {
                    code: code.name.to_owned(),
                    values: code
                        .values
                        .iter()
                        .map(|(k, v)| ((*k).to_owned(), v.clone()))
                        .collect(),
                },
                workdesk_api::Reason::Said(message) => FieldProblem::Service {
                    message: message.clone(),
                },
            };
            self.field_errors
                .entry(key.to_owned())
                .or_default()
                .push(problem);
        }
        self
    }

    /// The service's own words per field.
    fn service_fields(mut self, fields: BTreeMap<String, Vec<String>>) -> Self {
        self.field_errors = fields
            .into_iter()
            .map(|(key, messages)| {
                let said = messages
                    .into_iter()
                    .map(|message| FieldProblem::Service { message });
                (key, said.collect())
            })
            .collect();
        self
    }
}

/// The words of a base URL problem the UI looks up, and its values.
fn base_url_reason(ui: UiError, problem: &workdesk_api::BaseUrlProblem) -> UiError {
    use workdesk_api::BaseUrlProblem as P;
    match problem {
        P::NotAnAddress { text, .. } => ui.param("reason", "not_an_address").param("text", text),
        P::NotHttps => ui.param("reason", "not_https"),
        P::Scheme(scheme) => ui.param("reason", "scheme").param("scheme", scheme),
        P::NoHost => ui.param("reason", "no_host"),
        P::Credentials => ui.param("reason", "credentials"),
        P::QueryOrFragment => ui.param("reason", "query_or_fragment"),
    }
}

impl From<Error> for UiError {
    /// The UI's error for `err`. A read the service did not answer as
    /// itself (a gateway's 502, 503 or 504, a page that is not its JSON)
    /// is of kind `network`, as the client's connection verdict has it
    /// (`workdesk_api::Error::connection`), whatever its code says of the
    /// details: the status bar, the lists and the forms agree.
    fn from(err: Error) -> Self {
        let offline = matches!(
            &err,
            Error::Api(api) if api.connection() == Some(workdesk_api::Connection::Offline)
        );
        let ui = UiError::of(err);
        if offline && ui.kind == ErrorKind::Service {
            UiError {
                kind: ErrorKind::Network,
                ..ui
            }
        } else {
            ui
        }
    }
}

impl UiError {
    /// The kind and code of `err`, its values and its fields.
    fn of(err: Error) -> Self {
        use workdesk_api::Error as Api;
        use ErrorCode as C;
        use ErrorKind as K;
        match err {
            Error::Api(Api::InvalidBaseUrl(problem)) => {
                base_url_reason(UiError::new(K::InvalidInput, C::InvalidBaseUrl), &problem)
                    .field("base_url")
            }
            Error::Api(Api::InvalidKey(problem)) => {
                let reason = match problem {
                    workdesk_api::KeyProblem::Prefix => "prefix",
                    workdesk_api::KeyProblem::TooShort => "too_short",
                    workdesk_api::KeyProblem::Characters => "characters",
                };
                UiError::new(K::InvalidInput, C::InvalidKey)
                    .param("reason", reason)
                    .field("api_key")
            }
            Error::Api(Api::Unauthorized { message, .. }) => {
                UiError::new(K::Unauthorized, C::KeyRefused)
                    .said(&message)
                    .field("api_key")
            }
            Error::Api(Api::Forbidden { message }) => {
                UiError::new(K::Forbidden, C::ForbiddenRead).said(&message)
            }
            Error::WriteForbidden { message } => {
                UiError::new(K::Forbidden, C::ForbiddenWrite).said(&message)
            }
            Error::Api(Api::NotFound { .. }) => UiError::new(K::NotFound, C::PageGone),
            Error::Api(Api::Validation {
                message, fields, ..
            }) => UiError::new(K::InvalidInput, C::ServiceRefused)
                .said(&message)
                .service_fields(fields),
            Error::Api(Api::InvalidQuery(problems)) => {
                UiError::new(K::InvalidInput, C::InvalidQuery).fields(&problems)
            }
            Error::Api(Api::InvalidInput(problems)) => {
                UiError::new(K::InvalidInput, C::InvalidInput).fields(&problems)
            }
            Error::Api(Api::InvalidId(id)) => UiError::new(K::InvalidInput, C::InvalidId)
                .param("id", id)
                .field("id"),
            Error::RecordNotFound(resource) => {
                UiError::new(K::NotFound, C::RecordNotFound).param("resource", resource)
            }
            Error::WriteUnconfirmed(err) => match err {
                Api::Server { status: 500, .. } => {
                    UiError::new(K::UnknownOutcome, C::UnknownOutcomeServerError)
                        .param("status", 500)
                }
                Api::Server { status, .. } | Api::UnexpectedStatus { status, .. } => {
                    UiError::new(K::UnknownOutcome, C::UnknownOutcomeGateway)
                        .param("status", status)
                }
                Api::Decode {
                    status,
                    content_type,
                    ..
                } => UiError::new(K::UnknownOutcome, C::UnknownOutcomeUnreadable)
                    .param("status", status)
                    .param("content_type", content_type),
                other => UiError::new(K::UnknownOutcome, C::UnknownOutcomeUnclear)
                    .param("detail", clause(&other.to_string())),
            },
            Error::ViewName => UiError::new(K::InvalidInput, C::ViewName)
                .param("max", crate::settings::store::VIEW_NAME_MAX_CHARS)
                .field("name"),
            Error::ViewNotFound(name) => {
                UiError::new(K::NotFound, C::ViewNotFound).param("name", name)
            }
            Error::TooManyPins(max) => {
                UiError::new(K::InvalidInput, C::TooManyPins).param("max", max)
            }
            Error::Api(err @ Api::RateLimited { .. }) => {
                let seconds = err
                    .retry_in()
                    .map(|d| u32::try_from(d.as_secs()).unwrap_or(u32::MAX));
                UiError {
                    retry_after_s: seconds,
                    ..UiError::new(K::RateLimited, C::RateLimited)
                }
            }
            Error::Api(
                Api::Server { status, message } | Api::UnexpectedStatus { status, message },
            ) => UiError::new(K::Service, C::ServiceError)
                .param("status", status)
                .said(&message),
            Error::Api(Api::TooLarge {
                status,
                limit_bytes,
                size_bytes,
            }) => {
                let mib = |bytes: u64| bytes.div_ceil(1024 * 1024);
                let ui = UiError::new(K::Service, C::AnswerTooLarge)
                    .param("status", status)
                    .param("limit_mb", mib(limit_bytes));
                match size_bytes {
                    Some(size) => ui.param("size_mb", mib(size)),
                    None => ui,
                }
            }
            Error::Api(Api::Decode {
                status,
                content_type,
                ..
            }) => UiError::new(K::Service, C::UnreadableAnswer)
                .param("status", status)
                .param("content_type", content_type),
            Error::Api(Api::InvalidProxy(problem)) => {
                let ui = UiError::new(K::InvalidInput, C::InvalidProxy).field("proxy");
                match problem {
                    workdesk_api::ProxyProblem::NotAnAddress => {
                        ui.param("reason", "not_an_address")
                    }
                    workdesk_api::ProxyProblem::Scheme(scheme) => {
                        ui.param("reason", "scheme").param("scheme", scheme)
                    }
                    workdesk_api::ProxyProblem::NoHost => ui.param("reason", "no_host"),
                    workdesk_api::ProxyProblem::Credentials => ui.param("reason", "credentials"),
                    workdesk_api::ProxyProblem::Path => ui.param("reason", "path"),
                }
            }
            Error::Api(Api::Certificate { host, problem }) => {
                let reason = match problem {
                    workdesk_api::CertificateProblem::Untrusted => "untrusted",
                    workdesk_api::CertificateProblem::Expired => "expired",
                    workdesk_api::CertificateProblem::WrongHost => "wrong_host",
                };
                UiError::new(K::Network, C::Certificate)
                    .param("host", host)
                    .param("reason", reason)
            }
            Error::Api(Api::Timeout {
                may_have_applied: true,
            }) => UiError::new(K::UnknownOutcome, C::UnknownOutcomeTimeout),
            Error::Api(Api::Network {
                may_have_applied: true,
                ..
            }) => UiError::new(K::UnknownOutcome, C::UnknownOutcomeNetwork),
            Error::Api(Api::Timeout { .. }) => UiError::new(K::Network, C::Timeout),
            Error::Api(Api::Network { .. }) => UiError::new(K::Network, C::Network),
            Error::Api(other) => UiError::new(K::Service, C::ServiceOther)
                .param("detail", clause(&other.to_string())),
            Error::Keychain(workdesk_keychain::Error::Corrupt) => {
                UiError::new(K::KeychainUnavailable, C::KeychainDamaged).field("api_key")
            }
            Error::Keychain(workdesk_keychain::Error::TimedOut(seconds)) => {
                UiError::new(K::KeychainUnavailable, C::KeychainTimeout).param("seconds", seconds)
            }
            Error::Keychain(err) => UiError::new(K::KeychainUnavailable, C::KeychainUnavailable)
                .param("detail", clause(&err.to_string())),
            Error::WrongAddress(url) => UiError::new(K::InvalidInput, C::WrongAddress)
                .param("url", url)
                .field("base_url"),
            Error::MissingKey => UiError::new(K::InvalidInput, C::MissingKey).field("api_key"),
            Error::KeyForAnotherServer => {
                UiError::new(K::InvalidInput, C::KeyForAnotherServer).field("api_key")
            }
            Error::NotConfigured => UiError::new(K::NotConfigured, C::NotConfigured),
            Error::Settings(reason) => {
                UiError::new(K::Internal, C::SettingsUnsaved).param("detail", clause(&reason))
            }
            Error::Demo(reason) => {
                UiError::new(K::Internal, C::DemoFailed).param("detail", clause(&reason))
            }
            Error::Sync(workdesk_sync::Error::WorkingOffline) => {
                UiError::new(K::Offline, C::WorkingOffline)
            }
            Error::Sync(workdesk_sync::Error::Refused(problems)) => {
                UiError::new(K::InvalidInput, C::SavedDataRefused).fields(&problems)
            }
            Error::Sync(workdesk_sync::Error::PastLastPage { page }) => {
                UiError::new(K::NotFound, C::PageGone).param("page", page)
            }
            Error::Sync(workdesk_sync::Error::Cancelled) => {
                UiError::new(K::Cancelled, C::Cancelled)
            }
            Error::Sync(workdesk_sync::Error::KeyRefused) => {
                UiError::new(K::Unauthorized, C::SavedDataLocked).field("api_key")
            }
            Error::Sync(workdesk_sync::Error::Api(api)) => UiError::from(Error::Api(api)),
            Error::Sync(workdesk_sync::Error::InvalidChange(problems)) => {
                UiError::new(K::InvalidInput, C::InvalidInput).fields(&problems)
            }
            Error::Sync(workdesk_sync::Error::NoSuchChange(id)) => {
                UiError::new(K::NotFound, C::ChangeGone).param("id", id)
            }
            Error::Sync(workdesk_sync::Error::ChangeBusy(id)) => {
                UiError::new(K::InvalidInput, C::ChangeBeingSent).param("id", id)
            }
            Error::Sync(workdesk_sync::Error::NotAConflict(id)) => {
                UiError::new(K::InvalidInput, C::ChangeNotInConflict).param("id", id)
            }
            Error::Sync(workdesk_sync::Error::NotHeld(id)) => {
                UiError::new(K::InvalidInput, C::ChangeNotHeld).param("id", id)
            }
            Error::Sync(workdesk_sync::Error::Cache(err)) => {
                UiError::new(K::Internal, C::SavedDataUnreadable)
                    .param("detail", clause(&err.to_string()))
            }
            Error::SavedData(reason) => {
                UiError::new(K::Internal, C::SavedDataUnavailable).param("detail", clause(&reason))
            }
            Error::DownloadRunning => UiError::new(K::InvalidInput, C::DownloadRunning),
            Error::ExportRunning => UiError::new(K::InvalidInput, C::ExportRunning),
            Error::Sync(workdesk_sync::Error::Export(err)) => {
                let path = match &err {
                    workdesk_export::Error::Io { path, .. } => path.to_string_lossy().into_owned(),
                    _ => String::new(),
                };
                UiError::new(K::Internal, C::ExportFailed)
                    .param("path", path)
                    .param("detail", clause(&err.to_string()))
            }
            Error::CapOutOfRange => UiError::new(K::InvalidInput, C::CapOutOfRange)
                .param("min", crate::settings::store::CAP_MB.start())
                .param("max", crate::settings::store::CAP_MB.end())
                .field("cap_mb"),
            Error::NoExport => UiError::new(K::NotFound, C::NoExport),
            Error::NotPng => UiError::new(K::InvalidInput, C::NotPng).field("png"),
            Error::ImageNotSaved(detail) => {
                UiError::new(K::Internal, C::ImageNotSaved).param("detail", clause(&detail))
            }
            Error::OpenFailed(detail) => {
                UiError::new(K::Internal, C::OpenFailed).param("detail", clause(&detail))
            }
            Error::MaxAgeOutOfRange => UiError::new(K::InvalidInput, C::MaxAgeOutOfRange)
                .param("min", crate::settings::store::MAX_AGE_DAYS.start())
                .param("max", crate::settings::store::MAX_AGE_DAYS.end())
                .field("max_age_days"),
            Error::WorkspaceName(problem) => {
                use crate::workspace::id::NameProblem as P;
                let reason = match problem {
                    P::Empty => "empty",
                    P::TooLong => "too_long",
                    P::Taken => "taken",
                };
                UiError::new(K::InvalidInput, C::WorkspaceName)
                    .param("reason", reason)
                    .param("max", crate::workspace::id::NAME_MAX_CHARS)
                    .field("name")
            }
            Error::UnknownWorkspace => UiError::new(K::NotFound, C::WorkspaceNotFound),
            Error::LinkMalformed(reason) => {
                UiError::new(K::Link, C::LinkMalformed).param("reason", reason)
            }
            Error::LinkNotHere(server) => {
                UiError::new(K::Link, C::LinkWorkspaceMissing).param("server", server)
            }
            Error::LinkViewMissing(name) => {
                UiError::new(K::Link, C::LinkViewMissing).param("name", name)
            }
            Error::LinkDemo => UiError::new(K::InvalidInput, C::LinkDemo),
            Error::UnsentChanges(count) => {
                UiError::new(K::InvalidInput, C::UnsentChanges).param("count", count)
            }
            Error::ChangesNotSaved(detail) => {
                UiError::new(K::Internal, C::ChangesNotSaved).param("detail", clause(&detail))
            }
            Error::UnsentSetAside { count, folder } => {
                UiError::new(K::InvalidInput, C::UnsentSetAside)
                    .param("count", count)
                    .param("folder", folder)
            }
            Error::WorkspaceChanged => UiError::new(K::Cancelled, C::WorkspaceChanged),
            Error::UpdatesOff => UiError::new(K::NotConfigured, C::UpdatesOff),
            Error::UpdateRunning => UiError::new(K::InvalidInput, C::UpdateRunning),
            Error::NoUpdate => UiError::new(K::NotFound, C::NoUpdate),
            Error::Update(failure) => {
                use crate::error::UpdateFailure as F;
                match failure {
                    F::Unreachable(detail) => UiError::new(K::Network, C::UpdateUnreachable)
                        .param("detail", clause(&detail)),
                    F::Signature(detail) => {
                        log::warn!("an update's signature was refused: {detail}");
                        UiError::new(K::Service, C::UpdateSignature)
                    }
                    F::NotAPackage(detail) => UiError::new(K::Service, C::UpdateNotAPackage)
                        .param("detail", clause(&detail)),
                    F::VersionMismatch { announced, found } => {
                        log::warn!("an update offered as {announced} is version {found}");
                        UiError::new(K::Service, C::UpdateVersionMismatch)
                            .param("announced", announced)
                            .param("found", found)
                    }
                    F::InstallFailed(detail) => UiError::new(K::Internal, C::UpdateNotInstalled)
                        .param("detail", clause(&detail)),
                    F::Cancelled => UiError::new(K::Cancelled, C::Cancelled),
                }
            }
        }
    }
}

/// A technical detail (the system's or a library's words, English) made
/// fit to sit inside the UI's parentheses: trimmed, without a full stop
/// of its own (so no "(… failed.).").
fn clause(text: &str) -> String {
    text.trim().trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_codes_serialize_as_snake_case_for_the_ui() {
        let ui = UiError::from(Error::NotConfigured);
        let json = serde_json::to_value(&ui).unwrap();
        assert_eq!(json["kind"], "not_configured");
        assert_eq!(json["code"], "not_configured");
        assert!(
            json.get("message").is_none(),
            "no sentence crosses to the UI: {json}"
        );
        let ui = UiError::from(Error::from(workdesk_api::Error::InvalidKey(
            workdesk_api::KeyProblem::TooShort,
        )));
        assert_eq!(
            (
                ui.kind,
                ui.code,
                ui.field.as_deref(),
                ui.params["reason"].as_str()
            ),
            (
                ErrorKind::InvalidInput,
                ErrorCode::InvalidKey,
                Some("api_key"),
                "too_short"
            )
        );
        let ui = UiError::from(Error::from(
            workdesk_api::BaseUrl::parse("ftp://x.example").unwrap_err(),
        ));
        assert_eq!(ui.params["reason"], "scheme");
        assert_eq!(ui.params["scheme"], "ftp");
    }

    #[test]
    fn service_field_errors_and_unknown_outcomes_reach_the_ui() {
        let mut fields = BTreeMap::new();
        fields.insert("priority".to_owned(), vec!["Too big.".to_owned()]);
        let ui = UiError::from(Error::from(workdesk_api::Error::Validation {
            status: 400,
            message: "Invalid input.".into(),
            fields,
        }));
        assert_eq!(
            (ui.kind, ui.code),
            (ErrorKind::InvalidInput, ErrorCode::ServiceRefused)
        );
        assert_eq!(
            ui.field_errors["priority"],
            [FieldProblem::Service {
                message: "Too big.".into()
            }]
        );
        assert_eq!(ui.service_message.as_deref(), Some("Invalid input."));
        let ui = UiError::from(Error::from(workdesk_api::Error::Timeout {
            may_have_applied: true,
        }));
        assert_eq!(ui.kind, ErrorKind::UnknownOutcome);
        let ui = UiError::from(Error::from(workdesk_api::Error::Timeout {
            may_have_applied: false,
        }));
        assert_eq!(ui.kind, ErrorKind::Network);
    }

    #[test]
    fn a_gateway_error_after_a_write_leaves_the_outcome_unknown() {
        let gateway = || workdesk_api::Error::Server {
            status: 502,
            message: "Bad Gateway".into(),
        };
        let ui = UiError::from(Error::write(gateway(), "task"));
        assert_eq!(
            (ui.kind, ui.code),
            (ErrorKind::UnknownOutcome, ErrorCode::UnknownOutcomeGateway)
        );
        assert_eq!(ui.params["status"], "502");
        assert_eq!(
            UiError::from(Error::from(gateway())).kind,
            ErrorKind::Network,
            "a read just failed: the service is not reached, as the status bar says"
        );
        let html = workdesk_api::Error::Decode {
            status: 502,
            content_type: "text/html".into(),
            reason: "not JSON".into(),
            snippet: "<html>".into(),
        };
        assert_eq!(
            (UiError::from(Error::from(html)).kind),
            ErrorKind::Network,
            "a proxy's page: the same state as a 502"
        );
        // A 500 may come after the work was done: check before resending.
        let failed = workdesk_api::Error::Server {
            status: 500,
            message: "Internal".into(),
        };
        let ui = UiError::from(Error::write(failed, "task"));
        assert_eq!(
            (ui.kind, ui.code),
            (
                ErrorKind::UnknownOutcome,
                ErrorCode::UnknownOutcomeServerError
            )
        );
        let unavailable = workdesk_api::Error::Server {
            status: 503,
            message: "Unavailable".into(),
        };
        assert_eq!(
            UiError::from(Error::write(unavailable, "task")).kind,
            ErrorKind::Network,
            "a 503 did no work: the service is not reached"
        );
        // A whole answer too long to read: done, unknown what it says.
        let long = workdesk_api::Error::TooLarge {
            status: 201,
            limit_bytes: 16 * 1024 * 1024,
            size_bytes: None,
        };
        assert_eq!(
            UiError::from(Error::write(long, "task")).kind,
            ErrorKind::UnknownOutcome
        );
        let long_read = UiError::from(Error::from(workdesk_api::Error::TooLarge {
            status: 200,
            limit_bytes: 16 * 1024 * 1024,
            size_bytes: Some(40 * 1024 * 1024 + 1),
        }));
        assert_eq!(
            (long_read.kind, long_read.code),
            (ErrorKind::Service, ErrorCode::AnswerTooLarge)
        );
        assert_eq!(
            (
                long_read.params["limit_mb"].as_str(),
                long_read.params["size_mb"].as_str()
            ),
            ("16", "41")
        );
        let gone = workdesk_api::Error::NotFound {
            message: "Not found.".into(),
        };
        let ui = UiError::from(Error::write(gone, "lead"));
        assert_eq!(
            (ui.kind, ui.code),
            (ErrorKind::NotFound, ErrorCode::RecordNotFound)
        );
        assert_eq!(ui.params["resource"], "lead");
    }

    #[test]
    fn what_the_service_said_is_passed_on_as_it_came_or_not_at_all() {
        use workdesk_api::Error as Api;
        use workdesk_api::UnauthorizedReason;
        let ui = UiError::from(Error::from(Api::Unauthorized {
            reason: UnauthorizedReason::Expired,
            message: " API key has expired. ".into(),
        }));
        assert_eq!(
            (ui.code, ui.service_message.as_deref()),
            (ErrorCode::KeyRefused, Some("API key has expired."))
        );
        let ui = UiError::from(Error::write(
            Api::Forbidden {
                message: "You do not have permission to perform this action.".into(),
            },
            "stakeholder",
        ));
        assert_eq!(
            (ui.kind, ui.code),
            (ErrorKind::Forbidden, ErrorCode::ForbiddenWrite)
        );
        let read = UiError::from(Error::from(Api::Forbidden {
            message: "  ".into(),
        }));
        assert_eq!(
            (read.code, read.service_message),
            (ErrorCode::ForbiddenRead, None)
        );
        let detail = UiError::from(Error::Settings("disk full.".into()));
        assert_eq!(
            detail.params["detail"], "disk full",
            "no full stop of its own inside the UI's parentheses"
        );
    }

    #[test]
    fn the_engines_reasons_reach_the_ui_by_code_beside_their_condition() {
        let mut problems = workdesk_api::ValidationErrors::default();
        problems.add_problem(
            "filters.0",
            workdesk_api::Problem::new("not_a_number", [("value", "12a")]),
        );
        problems.add("sort", "Words from elsewhere.");
        let ui = UiError::from(Error::from(workdesk_api::Error::InvalidQuery(problems)));
        assert_eq!(ui.code, ErrorCode::InvalidQuery);
        assert_eq!(
            ui.field_errors["filters.0"],
            [FieldProblem::Check {
                code: "not_a_number".into(),
                values: [("value".to_owned(), "12a".to_owned())].into(),
            }]
        );
        assert_eq!(
            ui.field_errors["sort"],
            [FieldProblem::Service {
                message: "Words from elsewhere.".into(),
            }],
            "words from elsewhere are never a check's"
        );
    }

    #[test]
    fn rate_limits_say_when_to_retry() {
        let ui = UiError::from(Error::from(workdesk_api::Error::RateLimited {
            reset: None,
            retry_after: Some(std::time::Duration::from_secs(600)),
        }));
        assert_eq!(
            (ui.code, ui.retry_after_s),
            (ErrorCode::RateLimited, Some(600))
        );
    }
}

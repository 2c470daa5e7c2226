//! The app crate's error type and the one error the UI sees.

use std::collections::BTreeMap;

use serde::Serialize;
use specta::Type;

/// Everything a command can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A call to the service failed.
    #[error(transparent)]
    Api(#[from] workdesk_api::Error),

    /// The OS keychain failed.
    #[error(transparent)]
    Keychain(#[from] workdesk_keychain::Error),

    /// No workspace is configured (no base URL or no key) and no demo runs.
    #[error("no workspace is configured")]
    NotConfigured,

    /// Connecting: the address answered, but has no supplier invoice list
    /// (404 on page 1), so it is not the service's base URL.
    #[error("no supplier invoice list at {0}")]
    WrongAddress(String),

    /// Connecting without typing a key when none is saved.
    #[error("no API key was entered")]
    MissingKey,

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

    /// A view name that is empty or longer than 80 characters.
    #[error("a view name must have 1 to 80 characters")]
    ViewName,

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

    /// A size cap for saved data outside 16 MB to 1 TB.
    #[error("the size cap must be 16 to 1,048,576 MB")]
    CapOutOfRange,
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
    /// [`Error::record`]'s 404, a gateway's 502 or 504 (the service may have
    /// done the work behind it) or a 2xx whose body does not read leaves the
    /// outcome unknown, and a 403 is [`Error::WriteForbidden`].
    pub fn write(err: workdesk_api::Error, what: &str) -> Error {
        use workdesk_api::Error as Api;
        match err {
            Api::Forbidden { message } => Error::WriteForbidden { message },
            err @ (Api::Server {
                status: 502 | 504, ..
            }
            | Api::UnexpectedStatus {
                status: 502 | 504, ..
            }) => Error::WriteUnconfirmed(err),
            err @ Api::Decode { status, .. }
                if (200..300).contains(&status) || status == 502 || status == 504 =>
            {
                Error::WriteUnconfirmed(err)
            }
            other => Error::record(other, what),
        }
    }
}

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
    /// The user cancelled (a download).
    Cancelled,
    /// No workspace is set up yet.
    NotConfigured,
    /// Anything else: settings storage, the demo sandbox.
    Internal,
}

/// The error every command returns:
/// `{kind, message, field, field_errors, retry_after_s}`.
///
/// `message` is a sentence for the user saying what happened and what to do.
/// `field` names the form input at fault (`"base_url"`, `"api_key"`, `"id"`)
/// for [`ErrorKind::InvalidInput`], so the form can mark it and keep what
/// was typed; `field_errors` carries per-field messages: the service's 400
/// (`{"priority": ["…"]}`, `non_field_errors` for the whole request) or a
/// list view's problems (`filters.2`, `sort`, …), found before sending.
#[derive(Debug, Clone, Serialize, Type)]
pub struct UiError {
    /// Machine-readable kind.
    pub kind: ErrorKind,
    /// Plain-language message.
    pub message: String,
    /// The input at fault, if any.
    pub field: Option<String>,
    /// Messages per field (empty when none).
    pub field_errors: BTreeMap<String, Vec<String>>,
    /// For [`ErrorKind::RateLimited`]: seconds until a retry may succeed.
    pub retry_after_s: Option<u32>,
}

impl UiError {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            field: None,
            field_errors: BTreeMap::new(),
            retry_after_s: None,
        }
    }

    fn field(mut self, field: &str) -> Self {
        self.field = Some(field.to_owned());
        self
    }
}

impl From<Error> for UiError {
    fn from(err: Error) -> Self {
        use workdesk_api::Error as Api;
        match err {
            Error::Api(Api::InvalidBaseUrl(reason)) => UiError::new(
                ErrorKind::InvalidInput,
                format!("That server address can't be used: {reason}."),
            )
            .field("base_url"),
            Error::Api(Api::InvalidKey(reason)) => UiError::new(
                ErrorKind::InvalidInput,
                format!("That API key can't be used: {reason}."),
            )
            .field("api_key"),
            Error::Api(Api::Unauthorized { message, .. }) => UiError::new(
                ErrorKind::Unauthorized,
                sentences([
                    "The service did not accept the API key.",
                    &said("It said", &message),
                    "Check that it was copied whole and has not expired or been disabled; a workspace member can create a new one under Settings › Workspace › API Keys.",
                ]),
            )
            .field("api_key"),
            Error::Api(Api::Forbidden { message }) => UiError::new(
                ErrorKind::Forbidden,
                sentences([
                    "Your API key's member is not allowed to see this.",
                    &said("The service said", &message),
                    "Ask a workspace administrator for access.",
                ]),
            ),
            Error::WriteForbidden { message } => UiError::new(
                ErrorKind::Forbidden,
                sentences([
                    "Your API key's member is not allowed to make this change, so nothing was saved.",
                    &said("The service said", &message),
                    "Ask a workspace administrator for access.",
                ]),
            ),
            Error::Api(Api::NotFound { .. }) => UiError::new(
                ErrorKind::NotFound,
                "That page does not exist any more; the list may have become shorter. Go back to the first page.",
            ),
            Error::Api(Api::Validation { message, fields, .. }) => UiError {
                field_errors: fields,
                ..UiError::new(
                    ErrorKind::InvalidInput,
                    sentences(["The service refused the request.", &said("It said", &message)]),
                )
            },
            Error::Api(Api::InvalidQuery(problems)) => UiError {
                field_errors: problems
                    .iter()
                    .map(|(key, messages)| (key.to_owned(), messages.to_vec()))
                    .collect(),
                ..UiError::new(
                    ErrorKind::InvalidInput,
                    "Some of the list settings can't be used; the reasons are shown beside them. Nothing was sent.",
                )
            },
            Error::Api(Api::InvalidId(id)) => UiError::new(
                ErrorKind::InvalidInput,
                format!("“{id}” is not a record id. Ids look like 3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b; copy it from the record's details."),
            )
            .field("id"),
            Error::RecordNotFound(what) => UiError::new(
                ErrorKind::NotFound,
                format!("That {what} does not exist in this workspace, or it was deleted."),
            ),
            Error::WriteUnconfirmed(err) => {
                let answer = match err {
                    Api::Server { status, .. } | Api::UnexpectedStatus { status, .. } => {
                        format!("a gateway answered with status {status} instead of the service")
                    }
                    Api::Decode {
                        status,
                        content_type,
                        ..
                    } => format!("the answer could not be read (status {status}, {content_type})"),
                    other => format!("the answer could not be understood ({})", clause(&other.to_string())),
                };
                UiError::new(
                    ErrorKind::UnknownOutcome,
                    format!("The change was sent, but {answer}, so Workdesk cannot tell whether it was saved. Check before trying again."),
                )
            }
            Error::ViewName => UiError::new(
                ErrorKind::InvalidInput,
                "Give the view a name of 1 to 80 characters.",
            )
            .field("name"),
            Error::Api(err @ Api::RateLimited { .. }) => {
                let seconds = err
                    .retry_in()
                    .map(|d| u32::try_from(d.as_secs()).unwrap_or(u32::MAX));
                let when = match seconds {
                    Some(s) if s >= 120 => format!("in about {} minutes", s.div_ceil(60)),
                    Some(s) => format!("in {s} seconds"),
                    None => "later".to_owned(),
                };
                UiError {
                    retry_after_s: seconds,
                    ..UiError::new(
                        ErrorKind::RateLimited,
                        format!("This API key has made too many requests for now. Try again {when}."),
                    )
                }
            }
            Error::Api(Api::Server { status, message } | Api::UnexpectedStatus { status, message }) => UiError::new(
                ErrorKind::Service,
                sentences([
                    &format!("The service had a problem (status {status})."),
                    &said("It said", &message),
                    "Try again in a moment.",
                ]),
            ),
            Error::Api(Api::Decode { status, content_type, .. }) => UiError::new(
                ErrorKind::Service,
                format!(
                    "The service sent an answer Workdesk could not read (status {status}, {content_type}). Check the server address; a proxy or captive portal may be in the way."
                ),
            ),
            Error::Api(Api::Timeout { may_have_applied: true }) => UiError::new(
                ErrorKind::UnknownOutcome,
                "The service did not answer in time, so Workdesk cannot tell whether the change was saved. Check before trying again.",
            ),
            Error::Api(Api::Network { may_have_applied: true, .. }) => UiError::new(
                ErrorKind::UnknownOutcome,
                "The connection broke before the service answered, so Workdesk cannot tell whether the change was saved. Check before trying again.",
            ),
            Error::Api(Api::Timeout { .. }) => UiError::new(
                ErrorKind::Network,
                "The service did not answer in time. Check your internet connection and the server address, then try again.",
            ),
            Error::Api(Api::Network { .. }) => UiError::new(
                ErrorKind::Network,
                "The service could not be reached. Check your internet connection and the server address, then try again.",
            ),
            Error::Api(other) => UiError::new(ErrorKind::Service, other.to_string()),
            Error::Keychain(workdesk_keychain::Error::Corrupt) => UiError::new(
                ErrorKind::KeychainUnavailable,
                "The API key saved in the system keychain is damaged. Enter it again.",
            )
            .field("api_key"),
            Error::Keychain(err) => UiError::new(
                ErrorKind::KeychainUnavailable,
                format!("The system keychain could not be used ({}). Unlock it, or enter the key again to keep it for this session only.", clause(&err.to_string())),
            ),
            Error::WrongAddress(url) => UiError::new(
                ErrorKind::InvalidInput,
                format!("Workdesk found no supplier invoices at {url}. Check the server address with your administrator."),
            )
            .field("base_url"),
            Error::MissingKey => UiError::new(ErrorKind::InvalidInput, "Enter your API key.").field("api_key"),
            Error::NotConfigured => UiError::new(
                ErrorKind::NotConfigured,
                "No workspace is set up yet. Enter your server address and API key, or try the demo workspace.",
            ),
            Error::Settings(reason) => UiError::new(
                ErrorKind::Internal,
                format!("Workdesk could not save its settings ({}). Check that your disk is not full.", clause(&reason)),
            ),
            Error::Demo(reason) => UiError::new(
                ErrorKind::Internal,
                format!("The demo workspace could not start ({}).", clause(&reason)),
            ),
            Error::Sync(workdesk_sync::Error::WorkingOffline) => UiError::new(
                ErrorKind::Offline,
                "Workdesk is set to work offline, so nothing was sent to the service. Turn off “Work offline” to do this.",
            ),
            Error::Sync(workdesk_sync::Error::Refused(problems)) => UiError {
                field_errors: problems
                    .iter()
                    .map(|(key, messages)| (key.to_owned(), messages.to_vec()))
                    .collect(),
                ..UiError::new(
                    ErrorKind::InvalidInput,
                    "Some conditions can't be checked on the data saved on this computer; the reasons are shown beside them.",
                )
            },
            Error::Sync(workdesk_sync::Error::Cancelled) => {
                UiError::new(ErrorKind::Cancelled, "Cancelled. What was already saved stays saved.")
            }
            Error::Sync(workdesk_sync::Error::Api(api)) => UiError::from(Error::Api(api)),
            Error::Sync(workdesk_sync::Error::Cache(err)) => UiError::new(
                ErrorKind::Internal,
                format!("The data saved on this computer could not be read ({}).", clause(&err.to_string())),
            ),
            Error::SavedData(reason) => UiError::new(
                ErrorKind::Internal,
                format!("Workdesk could not keep saved data ({}). Restart it.", clause(&reason)),
            ),
            Error::DownloadRunning => UiError::new(
                ErrorKind::InvalidInput,
                "This list is already being made available offline.",
            ),
            Error::CapOutOfRange => UiError::new(
                ErrorKind::InvalidInput,
                "Enter a size from 16 to 1,048,576 MB.",
            )
            .field("cap_mb"),
        }
    }
}

/// A sentence quoting what the service sent, once and cleanly:
/// `It said: “API key has expired.”` (a full stop after the quote only when
/// the message has no closing punctuation of its own). Empty when the
/// message is.
fn said(intro: &str, message: &str) -> String {
    let message = message.trim();
    if message.is_empty() {
        return String::new();
    }
    let closed = message.ends_with(['.', '!', '?', '…']);
    format!("{intro}: “{message}”{}", if closed { "" } else { "." })
}

/// `text` made fit to sit inside our own sentence's parentheses: trimmed,
/// without a full stop of its own (so no "(… failed.).").
fn clause(text: &str) -> &str {
    text.trim().trim_end_matches('.')
}

/// Sentences joined by single spaces, the empty ones left out.
fn sentences<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    parts
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_serialize_as_snake_case_for_the_ui() {
        let ui = UiError::from(Error::NotConfigured);
        let json = serde_json::to_value(&ui).unwrap();
        assert_eq!(json["kind"], "not_configured");
        let ui = UiError::from(Error::from(workdesk_api::Error::InvalidKey("too short")));
        assert_eq!(
            (ui.kind, ui.field.as_deref()),
            (ErrorKind::InvalidInput, Some("api_key"))
        );
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
        assert_eq!(ui.kind, ErrorKind::InvalidInput);
        assert_eq!(ui.field_errors["priority"], ["Too big."]);
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
        assert_eq!(
            UiError::from(Error::write(gateway(), "task")).kind,
            ErrorKind::UnknownOutcome
        );
        assert_eq!(
            UiError::from(Error::from(gateway())).kind,
            ErrorKind::Service,
            "a read just failed"
        );
        let refused = workdesk_api::Error::Server {
            status: 500,
            message: "Internal".into(),
        };
        assert_eq!(
            UiError::from(Error::write(refused, "task")).kind,
            ErrorKind::Service
        );
        let gone = workdesk_api::Error::NotFound {
            message: "Not found.".into(),
        };
        let ui = UiError::from(Error::write(gone, "lead"));
        assert_eq!(ui.kind, ErrorKind::NotFound);
        assert!(ui.message.contains("That lead"), "{}", ui.message);
    }

    #[test]
    fn the_service_is_quoted_once_without_doubled_punctuation() {
        use workdesk_api::Error as Api;
        use workdesk_api::UnauthorizedReason;
        for said in ["API key has expired.", "API key has expired", " Nope! "] {
            let errors = [
                Error::from(Api::Unauthorized {
                    reason: UnauthorizedReason::Expired,
                    message: said.into(),
                }),
                Error::from(Api::Forbidden {
                    message: said.into(),
                }),
                Error::write(
                    Api::Forbidden {
                        message: said.into(),
                    },
                    "task",
                ),
                Error::from(Api::Server {
                    status: 500,
                    message: said.into(),
                }),
                Error::from(Api::Validation {
                    status: 400,
                    message: said.into(),
                    fields: BTreeMap::new(),
                }),
                Error::write(
                    Api::Server {
                        status: 502,
                        message: said.into(),
                    },
                    "task",
                ),
                Error::Settings(said.into()),
                Error::Demo(said.into()),
            ];
            for err in errors {
                let text = UiError::from(err).message;
                for doubled in [".).", ".)", "..", "!.", "”..", "  ", ". .", ":."] {
                    assert!(!text.contains(doubled), "{doubled:?} in {text:?}");
                }
                assert!(
                    !text.contains(said.trim()) || text.matches(said.trim()).count() == 1,
                    "quoted once: {text}"
                );
                assert!(
                    text.ends_with('.') || text.ends_with(".”") || text.ends_with("!”"),
                    "{text}"
                );
            }
        }
        let ui = UiError::from(Error::from(Api::Unauthorized {
            reason: UnauthorizedReason::Expired,
            message: "API key has expired.".into(),
        }));
        assert!(
            ui.message.starts_with(
                "The service did not accept the API key. It said: “API key has expired.” Check"
            ),
            "{}",
            ui.message
        );
        let ui = UiError::from(Error::from(Api::Forbidden {
            message: "Forbidden".into(),
        }));
        assert!(
            ui.message.contains("The service said: “Forbidden”. Ask"),
            "{}",
            ui.message
        );
    }

    #[test]
    fn a_refused_write_is_forbidden_and_says_nothing_was_saved() {
        let ui = UiError::from(Error::write(
            workdesk_api::Error::Forbidden {
                message: "You do not have permission to perform this action.".into(),
            },
            "stakeholder",
        ));
        assert_eq!(ui.kind, ErrorKind::Forbidden);
        assert!(ui.message.contains("nothing was saved"), "{}", ui.message);
        let read = UiError::from(Error::from(workdesk_api::Error::Forbidden {
            message: "No.".into(),
        }));
        assert!(
            read.message.contains("not allowed to see this"),
            "{}",
            read.message
        );
    }

    #[test]
    fn rate_limits_say_when_to_retry() {
        let ui = UiError::from(Error::from(workdesk_api::Error::RateLimited {
            reset: None,
            retry_after: Some(std::time::Duration::from_secs(600)),
        }));
        assert_eq!(ui.retry_after_s, Some(600));
        assert!(ui.message.contains("10 minutes"), "{}", ui.message);
    }
}

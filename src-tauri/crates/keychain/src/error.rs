//! The crate's one error type.

/// A keychain operation that failed.
///
/// Carries no secret material: keyring's own errors can hold the raw bytes of
/// an item (`BadEncoding`), so they are turned into text here.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The keychain holds something under our name that is not a valid
    /// `service_…` key (edited by hand, or written by another program).
    #[error("the keychain item for this workspace is not a valid API key")]
    Corrupt,

    /// The keychain refused or failed an operation (locked, access denied,
    /// daemon gone). The text comes from the platform.
    #[error("the system keychain failed: {0}")]
    Platform(String),

    /// The keychain did not answer within the time given (in seconds): an
    /// unlock prompt may be waiting, or its service hangs. The call may
    /// still finish later; nothing waits for it.
    #[error("the system keychain did not answer within {0} s")]
    TimedOut(u64),
}

impl From<keyring_core::Error> for Error {
    fn from(err: keyring_core::Error) -> Self {
        match err {
            keyring_core::Error::BadEncoding(_) | keyring_core::Error::BadDataFormat(..) => {
                Error::Corrupt
            }
            other => Error::Platform(other.to_string()),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

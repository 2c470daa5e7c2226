//! [`Connection`]: what the client's last exchange with the service says
//! about reaching it, published beside the rate-limit budget
//! ([`Client::subscribe_connection`](crate::Client::subscribe_connection)).

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The service as the last exchange with it left it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Connection {
    /// Nothing was asked yet.
    #[default]
    Unknown,
    /// The service answered (an error of the request, a 403 or a 404
    /// included: it is there).
    Online,
    /// The service could not be reached: no connection, a timeout, a
    /// refused certificate, or something else answered in its place (a
    /// proxy's or a captive portal's page, a gateway's 502, 503 or 504).
    Offline,
    /// The service refused the key (401).
    KeyRefused,
    /// The key's budget is spent for now (429).
    RateLimited,
    /// The service answered with an error of its own (a 5xx, an answer too
    /// large to read).
    ServiceError,
}

impl Connection {
    /// What `outcome` of one exchange with the service says, or `None` when
    /// nothing was exchanged (a request refused before sending).
    pub(crate) fn after<T>(outcome: &Result<T>) -> Option<Connection> {
        match outcome {
            Ok(_) => Some(Connection::Online),
            Err(error) => error.connection(),
        }
    }
}

impl Error {
    /// The one verdict on reaching the service this failure gives, which
    /// the status bar shows and the read path acts on: `Offline` for no
    /// connection, a timeout, a refused certificate, or something other
    /// than the service answering (a page that is not its JSON, a
    /// gateway's 502, 503 or 504); `ServiceError` for its own 5xx or an
    /// answer too large; `KeyRefused` (401); `RateLimited` (429); `Online`
    /// for an answer about the request (400, 403, 404…). `None` when
    /// nothing was sent (a request refused before sending, a bad key or
    /// address).
    #[must_use]
    pub fn connection(&self) -> Option<Connection> {
        Some(match self {
            Error::Network { .. }
            | Error::Timeout { .. }
            | Error::Certificate { .. }
            | Error::Decode { .. } => Connection::Offline,
            Error::Server { status, .. } | Error::UnexpectedStatus { status, .. }
                if (502..=504).contains(status) =>
            {
                Connection::Offline
            }
            Error::Server { .. } | Error::TooLarge { .. } => Connection::ServiceError,
            Error::Unauthorized { .. } => Connection::KeyRefused,
            Error::RateLimited { .. } => Connection::RateLimited,
            Error::Forbidden { .. }
            | Error::NotFound { .. }
            | Error::Validation { .. }
            | Error::UnexpectedStatus { .. } => Connection::Online,
            _ => return None,
        })
    }
}

//! What every request handler shares.

use std::net::SocketAddr;
use std::sync::Arc;

use crate::dataset::Dataset;
use crate::keys::KeyStore;
use crate::rate_limit::RateLimiter;

/// Shared, read-mostly state of a running sandbox (cheap to clone).
#[derive(Debug, Clone)]
pub(crate) struct AppState {
    pub dataset: Arc<Dataset>,
    pub keys: Arc<KeyStore>,
    pub limiter: Arc<RateLimiter>,
    /// The listening address, for absolute URLs when `Host` is unusable.
    pub listening: SocketAddr,
}

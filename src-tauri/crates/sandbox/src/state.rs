//! What every API handler shares.

use std::net::SocketAddr;
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::data::Dataset;
use crate::keys::KeyStore;
use crate::rate_limit::RateLimiter;

/// Shared state of a running sandbox (cheap to clone). Records live behind
/// one lock: lists and reads share it, mutations take it alone, so a change
/// is visible to every later request.
#[derive(Debug, Clone)]
pub(crate) struct AppState {
    data: Arc<RwLock<Dataset>>,
    pub keys: Arc<KeyStore>,
    pub limiter: Arc<RateLimiter>,
    /// The listening address, for absolute URLs when `Host` is unusable.
    pub listening: SocketAddr,
    /// How far the sandbox's clock runs ahead of the computer's
    /// ([`crate::Config::clock_skew_s`]).
    pub skew: chrono::TimeDelta,
}

impl AppState {
    /// State serving `data`.
    pub fn new(
        data: Dataset,
        keys: KeyStore,
        limiter: RateLimiter,
        listening: SocketAddr,
    ) -> AppState {
        AppState {
            data: Arc::new(RwLock::new(data)),
            keys: Arc::new(keys),
            limiter: Arc::new(limiter),
            listening,
            skew: chrono::TimeDelta::zero(),
        }
    }

    /// The sandbox's clock now, in whole seconds (the precision of every
    /// seeded date-time), UTC.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        use chrono::SubsecRound;
        (chrono::Utc::now() + self.skew).trunc_subsecs(0)
    }

    /// The records, for reading. A panic while writing leaves them as they
    /// were at the panic; serving goes on.
    pub fn read(&self) -> RwLockReadGuard<'_, Dataset> {
        self.data.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The records, for changing them.
    pub fn write(&self) -> RwLockWriteGuard<'_, Dataset> {
        self.data.write().unwrap_or_else(PoisonError::into_inner)
    }
}

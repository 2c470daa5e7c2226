//! Fixed-window rate limiting per key (docs/service.md, "Rate limits": the
//! window, `X-RateLimit-Reset`, which responses carry rate headers).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderMap, HeaderName, HeaderValue};

use crate::keys::KeyDigest;

/// Fixed window per key (docs/service.md, "Rate limits"): at most `requests`
/// requests per `window`, the window starting at the key's first request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests allowed per window (`X-RateLimit-Limit`; default 1000).
    pub requests: u32,
    /// Length of a window (default 3600 s).
    pub window: Duration,
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit {
            requests: 1000,
            window: Duration::from_secs(3600),
        }
    }
}

/// `X-RateLimit-Limit`: requests allowed in the current window.
pub(crate) const LIMIT: HeaderName = HeaderName::from_static("x-ratelimit-limit");
/// `X-RateLimit-Remaining`: requests left in the window.
pub(crate) const REMAINING: HeaderName = HeaderName::from_static("x-ratelimit-remaining");
/// `X-RateLimit-Reset`: Unix epoch seconds (integer) when the window resets.
pub(crate) const RESET: HeaderName = HeaderName::from_static("x-ratelimit-reset");

/// Counts requests per key in fixed windows that start at a key's first
/// request (after the previous window ended).
#[derive(Debug)]
pub(crate) struct RateLimiter {
    config: RateLimit,
    windows: Mutex<HashMap<KeyDigest, Window>>,
}

#[derive(Debug, Clone, Copy)]
struct Window {
    started: Instant,
    /// Epoch seconds, rounded up, when the window ends.
    resets_at: u64,
    used: u32,
}

/// The state of a key's window after one request was counted (or refused).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Quota {
    /// Requests allowed per window.
    pub limit: u32,
    /// Requests left in the window after this one.
    pub remaining: u32,
    /// Epoch seconds when the window resets.
    pub reset: u64,
    /// `Some(seconds until reset, at least 1)` when this request is refused.
    pub retry_after: Option<u64>,
}

impl RateLimiter {
    /// A limiter applying `config` to every key.
    pub fn new(config: RateLimit) -> Self {
        RateLimiter {
            config,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request of `key` now.
    pub fn acquire(&self, key: KeyDigest) -> Quota {
        self.acquire_at(key, Instant::now(), SystemTime::now())
    }

    /// The state of `key`'s window now, without counting a request (for
    /// answers that imitate the service without reaching it).
    pub fn peek(&self, key: KeyDigest) -> Quota {
        self.quota_at(key, Instant::now(), SystemTime::now(), false)
    }

    /// What a 429 answered in the service's name (the `429` fault, which
    /// does not consult the key's window) shows: the configured limit, none
    /// remaining, a reset `retry_after` seconds from now.
    pub fn exhausted(&self, retry_after: u64) -> Quota {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        Quota {
            limit: self.config.requests,
            remaining: 0,
            reset: ceil_secs(now) + retry_after,
            retry_after: Some(retry_after),
        }
    }

    /// Counts one request of `key` at monotonic instant `now`, whose wall-clock
    /// time is `wall` (used only for the `reset` epoch).
    fn acquire_at(&self, key: KeyDigest, now: Instant, wall: SystemTime) -> Quota {
        self.quota_at(key, now, wall, true)
    }

    /// The quota of `key` at `now` / `wall`, counting one request when
    /// `count` is set. Counting opens a window when the key has none or its
    /// window ended; not counting leaves the windows as they are and shows
    /// a window that would open now.
    fn quota_at(&self, key: KeyDigest, now: Instant, wall: SystemTime, count: bool) -> Quota {
        let RateLimit {
            requests: limit,
            window: length,
        } = self.config;
        let open = Window {
            started: now,
            resets_at: ceil_secs(wall.duration_since(UNIX_EPOCH).unwrap_or_default() + length),
            used: 0,
        };
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut window = windows
            .get(&key)
            .copied()
            .filter(|window| now.saturating_duration_since(window.started) < length)
            .unwrap_or(open);
        let retry_after = if !count {
            None
        } else if window.used < limit {
            window.used += 1;
            None
        } else {
            let left = length.saturating_sub(now.saturating_duration_since(window.started));
            Some(ceil_secs(left).max(1))
        };
        if count {
            windows.insert(key, window);
        }
        Quota {
            limit,
            remaining: limit - window.used,
            reset: window.resets_at,
            retry_after,
        }
    }
}

impl Quota {
    /// Sets the three `X-RateLimit-*` headers.
    pub fn apply(&self, headers: &mut HeaderMap) {
        headers.insert(LIMIT, HeaderValue::from(self.limit));
        headers.insert(REMAINING, HeaderValue::from(self.remaining));
        headers.insert(RESET, HeaderValue::from(self.reset));
    }
}

fn ceil_secs(duration: Duration) -> u64 {
    duration.as_secs() + u64::from(duration.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(requests: u32, secs: u64) -> RateLimiter {
        RateLimiter::new(RateLimit {
            requests,
            window: Duration::from_secs(secs),
        })
    }

    #[test]
    fn counts_down_then_refuses_until_the_window_ends() {
        let limiter = limiter(2, 60);
        let (start, wall) = (
            Instant::now(),
            UNIX_EPOCH + Duration::from_millis(1_000_500),
        );
        let key = [1; 32];
        let first = limiter.acquire_at(key, start, wall);
        assert_eq!(
            (first.limit, first.remaining, first.reset, first.retry_after),
            (2, 1, 1061, None)
        );
        assert_eq!(limiter.acquire_at(key, start, wall).remaining, 0);
        let refused = limiter.acquire_at(key, start + Duration::from_millis(10_200), wall);
        assert_eq!((refused.remaining, refused.retry_after), (0, Some(50)));
        assert_eq!(refused.reset, 1061);
        let later = limiter.acquire_at(
            key,
            start + Duration::from_secs(60),
            wall + Duration::from_secs(60),
        );
        assert_eq!(
            (later.remaining, later.retry_after, later.reset),
            (1, None, 1121)
        );
    }

    #[test]
    fn peeking_counts_nothing_and_opens_no_window() {
        let limiter = limiter(2, 60);
        let (now, wall) = (Instant::now(), UNIX_EPOCH + Duration::from_secs(1_000));
        let key = [3; 32];
        let peeked = limiter.quota_at(key, now, wall, false);
        assert_eq!(
            (peeked.remaining, peeked.reset, peeked.retry_after),
            (2, 1060, None)
        );
        let later = now + Duration::from_secs(10);
        let wall = wall + Duration::from_secs(10);
        let first = limiter.acquire_at(key, later, wall);
        assert_eq!((first.remaining, first.reset), (1, 1070));
        assert_eq!(limiter.quota_at(key, later, wall, false).remaining, 1);
        assert_eq!(limiter.acquire_at(key, later, wall).remaining, 0);
        let full = limiter.quota_at(key, later, wall, false);
        assert_eq!((full.remaining, full.retry_after), (0, None));
    }

    #[test]
    fn exhausted_quotas_reset_after_retry_after() {
        let quota = limiter(7, 60).exhausted(1);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        assert_eq!(
            (quota.limit, quota.remaining, quota.retry_after),
            (7, 0, Some(1))
        );
        assert!(
            (now + 1..=now + 2).contains(&quota.reset),
            "{} vs {now}",
            quota.reset
        );
    }

    #[test]
    fn keys_have_separate_windows() {
        let limiter = limiter(1, 60);
        let (now, wall) = (Instant::now(), SystemTime::now());
        assert!(limiter.acquire_at([1; 32], now, wall).retry_after.is_none());
        assert!(limiter.acquire_at([1; 32], now, wall).retry_after.is_some());
        assert!(limiter.acquire_at([2; 32], now, wall).retry_after.is_none());
    }

    #[test]
    fn headers_are_integers() {
        let mut headers = HeaderMap::new();
        Quota {
            limit: 1000,
            remaining: 999,
            reset: 1_750_000_000,
            retry_after: None,
        }
        .apply(&mut headers);
        assert_eq!(headers[LIMIT], "1000");
        assert_eq!(headers[REMAINING], "999");
        assert_eq!(headers[RESET], "1750000000");
    }
}

//! Which failures are retried and how long to wait (see [`RetryPolicy`]),
//! on top of [`backon`]'s exponential backoff with jitter.

use std::time::{Duration, Instant};

use backon::ExponentialBuilder;

use crate::config::RetryPolicy;
use crate::error::Error;

/// The backoff schedule of `policy`: delays from `min_delay`, doubling, at
/// most `max_delay`, at most `max_retries` of them, with jitter if asked.
pub(crate) fn backoff(policy: &RetryPolicy) -> ExponentialBuilder {
    let builder = ExponentialBuilder::default()
        .with_min_delay(policy.min_delay)
        .with_max_delay(policy.max_delay)
        .with_factor(2.0)
        .with_max_times(policy.max_retries);
    if policy.jitter {
        builder.with_jitter()
    } else {
        builder
    }
}

/// Whether `error` may be retried. Reads: any connection failure, 502, 503,
/// 504 and 429. Writes: only a failure to connect (the request was never
/// sent), never anything after it may have reached the service.
pub(crate) fn worth_retrying(error: &Error, read: bool) -> bool {
    match error {
        // `may_have_applied` is false for every read and for writes that
        // never connected.
        Error::Network {
            may_have_applied, ..
        } => !may_have_applied,
        Error::Server { status, .. } => read && matches!(status, 502..=504),
        Error::RateLimited { .. } => read,
        _ => false,
    }
}

/// The wait before the next attempt, or `None` to give up and return
/// `error`: when the backoff ran out of retries (`backoff` is `None`), when
/// a 429's reset is further away than `max_rate_limit_wait`, or when the
/// retry would start more than `max_elapsed` after `started`. A 429 waits
/// for its reset instant when that is later than the backoff delay.
pub(crate) fn delay(
    error: &Error,
    backoff: Option<Duration>,
    started: Instant,
    policy: &RetryPolicy,
) -> Option<Duration> {
    let backoff = backoff?;
    let wait = match error.retry_in() {
        Some(wait) if wait > policy.max_rate_limit_wait => return None,
        Some(wait) => wait.max(backoff),
        None => backoff,
    };
    (started.elapsed() + wait <= policy.max_elapsed).then_some(wait)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate_limited(seconds: u64) -> Error {
        Error::RateLimited {
            reset: None,
            retry_after: Some(Duration::from_secs(seconds)),
        }
    }

    #[test]
    fn writes_are_retried_only_when_never_sent() {
        let server = |status| Error::Server {
            status,
            message: String::new(),
        };
        assert!(worth_retrying(&server(503), true));
        assert!(!worth_retrying(&server(503), false));
        assert!(!worth_retrying(&server(500), true));
        assert!(worth_retrying(&rate_limited(1), true));
        assert!(!worth_retrying(&rate_limited(1), false));
        let timeout = Error::Timeout {
            may_have_applied: false,
        };
        assert!(!worth_retrying(&timeout, true));
    }

    #[test]
    fn near_resets_are_waited_for_and_far_ones_returned() {
        let policy = RetryPolicy::default();
        let now = Instant::now();
        let backoff = Some(Duration::from_millis(200));
        assert_eq!(
            delay(&rate_limited(2), backoff, now, &policy),
            Some(Duration::from_secs(2))
        );
        assert_eq!(delay(&rate_limited(3600), backoff, now, &policy), None);
        assert_eq!(
            delay(&rate_limited(2), None, now, &policy),
            None,
            "out of retries"
        );
        let server = Error::Server {
            status: 503,
            message: String::new(),
        };
        assert_eq!(delay(&server, backoff, now, &policy), backoff);
        let long_ago = now - Duration::from_secs(31);
        assert_eq!(
            delay(&server, backoff, long_ago, &policy),
            None,
            "out of time"
        );
    }
}

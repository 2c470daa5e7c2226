//! The per-key rate limit as responses report it (`docs/service.md`, "Rate
//! limits": `X-RateLimit-Limit`, `X-RateLimit-Remaining`,
//! `X-RateLimit-Reset`, the formats of Reset, and `Retry-After`).

use std::time::{Duration, SystemTime};

use chrono::{DateTime, TimeZone, Utc};
use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde::{Deserialize, Serialize};

/// Integers at least this large in `X-RateLimit-Reset` are Unix epoch
/// seconds (2001-09-09 onwards); smaller ones are seconds until the reset.
const EPOCH_SECONDS_FROM: f64 = 1_000_000_000.0;
/// Integers at least this large are Unix epoch milliseconds.
const EPOCH_MILLIS_FROM: f64 = 1_000_000_000_000.0;

/// The rate-limit state of the key, from the latest response that carried
/// any of the headers. Every field is `None` when the service did not say
/// (docs/service.md, "Rate limits": headers on some, all or no responses).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RateLimit {
    /// `X-RateLimit-Limit`: requests allowed in the current window.
    pub limit: Option<u32>,
    /// `X-RateLimit-Remaining`: requests left in the window.
    pub remaining: Option<u32>,
    /// `X-RateLimit-Reset`: when the window resets, UTC (RFC 3339 in JSON).
    pub reset: Option<DateTime<Utc>>,
}

impl RateLimit {
    /// This state after a response that carried `newer`: each header the
    /// response carried replaces the known value, and the others are kept
    /// (docs/service.md, "Rate limits": a service may send rate headers on
    /// some responses only).
    #[must_use]
    pub fn updated_by(self, newer: RateLimit) -> RateLimit {
        RateLimit {
            limit: newer.limit.or(self.limit),
            remaining: newer.remaining.or(self.remaining),
            reset: newer.reset.or(self.reset),
        }
    }

    /// Reads the three headers of a response received at `now`. `None` when
    /// none of them is present or readable.
    ///
    /// `X-RateLimit-Reset` is accepted in every format of docs/service.md,
    /// "Rate limits": Unix epoch seconds (an integer ≥ 10⁹; ≥ 10¹² is taken
    /// as milliseconds), seconds until the reset (a smaller integer, counted
    /// from `now`), RFC 3339 / ISO 8601, or an HTTP-date.
    #[must_use]
    pub fn from_headers(headers: &HeaderMap, now: DateTime<Utc>) -> Option<RateLimit> {
        let text = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::trim)
        };
        let count = |name: &str| {
            text(name).and_then(|t| {
                t.parse::<u64>()
                    .ok()
                    .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
            })
        };
        let state = RateLimit {
            limit: count("x-ratelimit-limit"),
            remaining: count("x-ratelimit-remaining"),
            reset: text("x-ratelimit-reset").and_then(|t| parse_reset(t, now)),
        };
        (state != RateLimit::default()).then_some(state)
    }
}

/// One `X-RateLimit-Reset` value as an instant (see [`RateLimit::from_headers`]).
pub(crate) fn parse_reset(text: &str, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    if let Ok(number) = text.parse::<f64>() {
        if !number.is_finite() || number < 0.0 {
            return None;
        }
        let millis = if number >= EPOCH_MILLIS_FROM {
            number
        } else if number >= EPOCH_SECONDS_FROM {
            number * 1000.0
        } else {
            return now
                .checked_add_signed(chrono::Duration::milliseconds((number * 1000.0) as i64));
        };
        return Utc.timestamp_millis_opt(millis as i64).single();
    }
    if let Some(instant) = workdesk_query::parse_date_time(text) {
        return Some(instant);
    }
    httpdate::parse_http_date(text)
        .ok()
        .map(DateTime::<Utc>::from)
}

/// `Retry-After` as a wait from `now`: delay-seconds or an HTTP-date
/// (RFC 9110 §10.2.3); a date in the past is zero.
pub(crate) fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let when = httpdate::parse_http_date(value).ok()?;
    Some(when.duration_since(now).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 6, 1, 12, 0, 0).unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn reset_is_read_in_every_listed_format() {
        let at = |text: &str| parse_reset(text, now()).map(|t| t.to_rfc3339());
        let expected = Some("2025-06-01T12:10:00+00:00".to_owned());
        assert_eq!(at("1748779800"), expected, "epoch seconds");
        assert_eq!(at("1748779800000"), expected, "epoch milliseconds");
        assert_eq!(at("600"), expected, "seconds until the reset");
        assert_eq!(at("2025-06-01T12:10:00Z"), expected, "RFC 3339");
        assert_eq!(
            at("2025-06-01T14:10:00+02:00"),
            expected,
            "RFC 3339 with offset"
        );
        assert_eq!(at("Sun, 01 Jun 2025 12:10:00 GMT"), expected, "HTTP-date");
        assert_eq!(at("soon"), None);
        assert_eq!(at("-5"), None);
    }

    #[test]
    fn the_three_headers_make_the_state() {
        let state = RateLimit::from_headers(
            &headers(&[
                ("X-RateLimit-Limit", "1000"),
                ("X-RateLimit-Remaining", " 998 "),
                ("X-RateLimit-Reset", "60"),
            ]),
            now(),
        )
        .unwrap();
        assert_eq!((state.limit, state.remaining), (Some(1000), Some(998)));
        assert_eq!(state.reset, Some(now() + chrono::Duration::seconds(60)));
        assert_eq!(RateLimit::from_headers(&HeaderMap::new(), now()), None);
        assert_eq!(
            RateLimit::from_headers(&headers(&[("X-RateLimit-Limit", "lots")]), now()),
            None
        );
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_445_412_000);
        let wait = |value: &str| retry_after(&headers(&[("Retry-After", value)]), now);
        assert_eq!(wait("120"), Some(Duration::from_secs(120)));
        assert_eq!(
            wait("Wed, 21 Oct 2015 07:28:00 GMT"),
            Some(Duration::from_secs(1_445_412_480 - 1_445_412_000))
        );
        assert_eq!(
            wait("Sat, 21 Oct 2000 07:28:00 GMT"),
            Some(Duration::ZERO),
            "a past date means now"
        );
        assert_eq!(wait("later"), None);
    }
}

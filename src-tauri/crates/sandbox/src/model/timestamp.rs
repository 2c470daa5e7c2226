//! Date-time values, serialised as RFC 3339 UTC with whole seconds.

use std::fmt;

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Serialize, Serializer};

/// An instant, serialised like `2025-03-14T09:30:00Z` (RFC 3339, UTC, `Z`, no fraction).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Timestamp(pub DateTime<Utc>);

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_rfc3339_opts(SecondsFormat::Secs, true))
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn serialises_as_rfc3339_utc_seconds() {
        let at = Timestamp(Utc.with_ymd_and_hms(2025, 3, 14, 9, 30, 0).unwrap());
        assert_eq!(
            serde_json::to_value(at).unwrap(),
            serde_json::json!("2025-03-14T09:30:00Z")
        );
    }
}

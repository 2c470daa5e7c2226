//! List conventions shared by every list endpoint (`docs/service.md`,
//! "List queries" and "Pagination"): the page object and `take`.

use serde::{Deserialize, Deserializer, Serialize};

/// Default page size when `take` is not sent (`docs/service.md`,
/// "Reserved parameters").
pub const TAKE_DEFAULT: u8 = workdesk_query::DEFAULT_TAKE;
/// Largest page size the service returns; `take=all` means this many.
pub const TAKE_MAX: u8 = workdesk_query::MAX_TAKE;

/// The page object: `data` of a list response.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Page<T> {
    /// Total number of results across all pages. Read tolerantly: a
    /// fractional, negative or huge count (a service's fault) is clamped to
    /// 0..=[`MAX_COUNT`](crate::MAX_COUNT), the largest integer the UI
    /// holds exactly.
    #[serde(deserialize_with = "clamped_count")]
    #[cfg_attr(feature = "specta", specta(type = u64))]
    pub count: u64,
    /// Link to the next page (absolute or relative), `None` on the last page.
    #[serde(default)]
    pub next: Option<String>,
    /// Link to the previous page, `None` on the first page.
    #[serde(default)]
    pub previous: Option<String>,
    /// The records of this page.
    pub results: Vec<T>,
}

/// A `count` as any JSON number, clamped to 0..=[`MAX_COUNT`](crate::MAX_COUNT).
fn clamped_count<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let number = serde_json::Number::deserialize(d)?;
    let max = crate::tolerant::MAX_COUNT;
    Ok(match (number.as_u64(), number.as_i64(), number.as_f64()) {
        (Some(n), _, _) => n.min(max),
        (None, Some(_), _) => 0,
        // Fractional or beyond 64 bits: its whole part, within the bounds.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        (None, None, Some(f)) => f.clamp(0.0, max as f64) as u64,
        (None, None, None) => max,
    })
}

/// Results per page: `take=N` (1..=200) or `take=all` (the engine's
/// [`workdesk_query::Take`], serialized as `number | "all"`). A list request
/// with a count outside 1..=200 is refused before sending
/// ([`Error::InvalidQuery`](crate::Error::InvalidQuery)): the client never
/// sends more than 200 (docs/service.md, "Tolerance").
pub use workdesk_query::Take;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_serializes_as_number_or_all() {
        assert_eq!(serde_json::to_string(&Take::Count(50)).unwrap(), "50");
        assert_eq!(serde_json::to_string(&Take::All).unwrap(), r#""all""#);
    }

    #[test]
    fn take_reads_back_from_json() {
        assert_eq!(serde_json::from_str::<Take>("\"all\"").unwrap(), Take::All);
        assert_eq!(serde_json::from_str::<Take>("25").unwrap(), Take::Count(25));
    }

    #[test]
    fn page_tolerates_missing_links() {
        let page: Page<serde_json::Value> =
            serde_json::from_str(r#"{"count": 0, "results": []}"#).unwrap();
        assert_eq!((page.next, page.previous), (None, None));
    }
}

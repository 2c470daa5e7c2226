//! List conventions shared by every list endpoint (`service-api.md`
//! §Endpoints, "List conventions"): the page object and `page`/`take`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Default page size when `take` is not sent.
pub const TAKE_DEFAULT: u8 = 20;
/// Largest page size the service returns; `take=all` means this many.
pub const TAKE_MAX: u8 = 200;

/// The page object: `data` of a list response.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Page<T> {
    /// Total number of results across all pages.
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

/// Results per page: `take=N` (1..=200) or `take=all`.
///
/// Serializes as a number or the string `"all"` (in JSON and in the query
/// string alike); in TypeScript it is `number | "all"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// `take=N`; values above [`TAKE_MAX`] are sent as `TAKE_MAX` and 0 as 1,
    /// because the client never sends more than 200 (conventions.md).
    Count(u8),
    /// `take=all`: one page of the maximum size (200).
    All,
}

impl Take {
    /// How many rows a page holds, 1..=200.
    pub fn rows(self) -> u8 {
        match self {
            Take::Count(n) => n.clamp(1, TAKE_MAX),
            Take::All => TAKE_MAX,
        }
    }
}

impl Default for Take {
    fn default() -> Self {
        Take::Count(TAKE_DEFAULT)
    }
}

/// The wire shape of [`Take`]: `number | "all"`.
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(untagged, rename = "Take")]
enum TakeRepr {
    Count(u8),
    Word(TakeWord),
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
enum TakeWord {
    #[serde(rename = "all")]
    All,
}

impl Serialize for Take {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Take::Count(_) => TakeRepr::Count(self.rows()),
            Take::All => TakeRepr::Word(TakeWord::All),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Take {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match TakeRepr::deserialize(d)? {
            TakeRepr::Count(n) => Take::Count(n),
            TakeRepr::Word(TakeWord::All) => Take::All,
        })
    }
}

#[cfg(feature = "specta")]
impl specta::Type for Take {
    fn definition(types: &mut specta::Types) -> specta::datatype::DataType {
        TakeRepr::definition(types)
    }
}

/// `page` and `take` of a list request, serialized to the query string as
/// `page=N&take=M` (or `take=all`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ListQuery {
    /// 1-based page number.
    pub page: u32,
    /// Results per page.
    pub take: Take,
}

impl Default for ListQuery {
    fn default() -> Self {
        Self {
            page: 1,
            take: Take::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The query string exactly as reqwest's `.query()` encodes it.
    fn query_string(q: &ListQuery) -> String {
        serde_urlencoded::to_string(q).unwrap()
    }

    #[test]
    fn take_serializes_as_number_or_all() {
        assert_eq!(
            query_string(&ListQuery {
                page: 2,
                take: Take::Count(50)
            }),
            "page=2&take=50"
        );
        assert_eq!(
            query_string(&ListQuery {
                page: 1,
                take: Take::All
            }),
            "page=1&take=all"
        );
        assert_eq!(
            query_string(&ListQuery {
                page: 1,
                take: Take::Count(250)
            }),
            "page=1&take=200"
        );
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

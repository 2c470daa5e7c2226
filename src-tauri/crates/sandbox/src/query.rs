//! Query string of list endpoints (service-api.md, "List conventions";
//! conventions.md, "Filters, exactly"): the reserved parameters `page`, `take`,
//! `fields` and `sort`, and everything else, in order, as filters.

use url::form_urlencoded;

/// Page size when `take` is absent or not a positive integer or `all`.
pub(crate) const DEFAULT_TAKE: usize = 20;
/// Largest page size; `take=all` and larger `take` values give this.
pub(crate) const MAX_TAKE: usize = 200;

/// A parsed list query. Reserved parameters given more than once take their
/// last value (Django's `QueryDict.get`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct ListQuery {
    /// Raw `page` value; validated against the page count by pagination.
    pub page: Option<String>,
    /// Page size, already defaulted and clamped to 1..=[`MAX_TAKE`].
    pub take: usize,
    /// Raw `fields` value (comma-separated names).
    pub fields: Option<String>,
    /// Raw `sort` value (comma-separated names, `-` for descending).
    pub sort: Option<String>,
    /// Every other parameter, decoded, in query-string order (filters fold
    /// left to right, so the order matters).
    pub filters: Vec<(String, String)>,
}

impl ListQuery {
    /// Parses a raw (still percent-encoded) query string without the `?`.
    pub fn parse(raw: &str) -> Self {
        let mut query = ListQuery::default();
        let mut take = None;
        for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
            let value = value.into_owned();
            match name.as_ref() {
                "page" => query.page = Some(value),
                "take" => take = Some(value),
                "fields" => query.fields = Some(value),
                "sort" => query.sort = Some(value),
                _ => query.filters.push((name.into_owned(), value)),
            }
        }
        query.take = take.as_deref().map_or(DEFAULT_TAKE, parse_take);
        query
    }
}

/// `all` → [`MAX_TAKE`]; a positive integer → itself, clamped to
/// [`MAX_TAKE`]; anything else → [`DEFAULT_TAKE`] (DRF behaviour).
fn parse_take(value: &str) -> usize {
    if value == "all" {
        return MAX_TAKE;
    }
    match parse_positive(value) {
        Some(take) => take.min(MAX_TAKE),
        None => DEFAULT_TAKE,
    }
}

/// A positive decimal integer (optional `+`); values too large for `usize`
/// saturate. `None` for zero, signs other than `+`, blanks or non-digits.
pub(crate) fn parse_positive(value: &str) -> Option<usize> {
    let digits = value.strip_prefix('+').unwrap_or(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number = digits.parse::<usize>().unwrap_or(usize::MAX);
    (number > 0).then_some(number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_reserved_parameters_from_filters_in_order() {
        let query =
            ListQuery::parse("b__gte=2&page=3&fields=id%2Cname&or__a=x+y&take=5&sort=-id&b=1");
        assert_eq!(query.page.as_deref(), Some("3"));
        assert_eq!(query.take, 5);
        assert_eq!(query.fields.as_deref(), Some("id,name"));
        assert_eq!(query.sort.as_deref(), Some("-id"));
        let filters: Vec<_> = query
            .filters
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(filters, [("b__gte", "2"), ("or__a", "x y"), ("b", "1")]);
    }

    #[test]
    fn defaults_and_last_value_wins() {
        let query = ListQuery::parse("");
        assert_eq!(
            (query.page, query.take, query.fields),
            (None, DEFAULT_TAKE, None)
        );
        assert_eq!(ListQuery::parse("page=1&page=2").page.as_deref(), Some("2"));
    }

    #[test]
    fn take_falls_back_clamps_and_understands_all() {
        let take = |raw: &str| ListQuery::parse(raw).take;
        assert_eq!(take("take=all"), MAX_TAKE);
        assert_eq!(take("take=500"), MAX_TAKE);
        assert_eq!(take("take=99999999999999999999999"), MAX_TAKE);
        assert_eq!(take("take=200"), 200);
        assert_eq!(take("take=1"), 1);
        assert_eq!(take("take=%2B7"), 7);
        for bad in [
            "take=abc", "take=0", "take=-5", "take=", "take=1.5", "take=ALL",
        ] {
            assert_eq!(take(bad), DEFAULT_TAKE, "{bad}");
        }
    }
}

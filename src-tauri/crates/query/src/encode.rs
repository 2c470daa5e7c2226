//! Encoding a [`ListQuery`] as its canonical query string.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::query::{ListQuery, SortKey, Take};

/// Bytes written as they are: RFC 3986 unreserved characters, the comma that
/// separates `fields`, `sort`, `in` and `range` items, and `:` of times.
/// Everything else is `%XX`: a `+` of an offset is `%2B` (a bare `+`
/// would decode to a space), a space `%20`, `&`, `=`, `#`, `%` and all
/// non-ASCII bytes.
const QUERY_VALUE: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b',')
    .remove(b':');

impl ListQuery {
    /// The canonical query string, without `?`: `page`, `take`, `fields`,
    /// `sort` when set, then each filter in order as
    /// `[or__][not__]path[__operator]=value` (named as written, see
    /// [`Condition::parameter`](crate::Condition::parameter)).
    /// [`ListQuery::parse`] of it gives back an equal query.
    #[must_use]
    pub fn to_query_string(&self) -> String {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(page) = self.page {
            pairs.push(("page".into(), page.to_string()));
        }
        if let Some(take) = self.take {
            let take = match take {
                Take::Count(count) => count.to_string(),
                Take::All => "all".to_owned(),
            };
            pairs.push(("take".into(), take));
        }
        if let Some(fields) = &self.fields {
            pairs.push(("fields".into(), fields.join(",")));
        }
        if !self.sort.is_empty() {
            let keys: Vec<String> = self.sort.iter().map(SortKey::to_string).collect();
            pairs.push(("sort".into(), keys.join(",")));
        }
        for condition in &self.filters {
            pairs.push((condition.parameter(), condition.value.clone()));
        }
        let mut out = String::new();
        for (name, value) in pairs {
            if !out.is_empty() {
                out.push('&');
            }
            out.extend(utf8_percent_encode(&name, QUERY_VALUE));
            out.push('=');
            out.extend(utf8_percent_encode(&value, QUERY_VALUE));
        }
        out
    }
}

impl std::fmt::Display for SortKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.descending {
            f.write_str("-")?;
        }
        write!(f, "{}", self.path)
    }
}

#[cfg(test)]
mod tests {
    use crate::ListQuery;

    #[test]
    fn offsets_spaces_and_accents_are_percent_encoded_and_commas_kept() {
        let raw = "take=50&issue_date__gte=2025-01-01T00%3A00%3A00%2B02%3A00&supplier__name__icontains=pe%C3%B1a+d&status__in=PR,CO&sort=-total,id";
        let query = ListQuery::parse(raw).unwrap();
        assert_eq!(
            query.to_query_string(),
            "take=50&sort=-total,id&issue_date__gte=2025-01-01T00:00:00%2B02:00&supplier__name__icontains=pe%C3%B1a%20d&status__in=PR,CO"
        );
    }
}

//! Reading a query string into a [`ListQuery`] (syntax only; the schema is
//! checked later by [`ListQuery::check`]).

use std::num::NonZeroU32;

use crate::error::Error;
use crate::query::{Condition, FieldPath, ListQuery, Operator, SortKey, Take, MAX_TAKE};

impl ListQuery {
    /// Parses a raw, still percent-encoded query string (without the `?`).
    ///
    /// `page`, `take`, `fields` and `sort` are reserved; given twice, the
    /// last value counts (Django's `QueryDict.get`). Every other parameter is
    /// a filter condition `[or__][not__]path[__operator]=value`, kept in
    /// order; a name whose last `__` segment is not an operator is an
    /// `exact` filter on the whole name. `+` decodes to a space, as in any
    /// form-encoded query. A `take` that is not a positive integer or `all`
    /// is the default; one above 200 is 200. Empty `fields` / `sort` and
    /// empty items in them are ignored.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPage`] when `page` is not a positive integer.
    pub fn parse(raw: &str) -> Result<ListQuery, Error> {
        let mut query = ListQuery::default();
        let mut page = None;
        for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
            match name.as_ref() {
                "page" => page = Some(value.into_owned()),
                "take" => query.take = parse_take(&value),
                "fields" => query.fields = parse_fields(&value),
                "sort" => query.sort = parse_sort(&value),
                _ => query
                    .filters
                    .push(parse_condition(&name, value.into_owned())),
            }
        }
        if let Some(page) = page {
            query.page = Some(parse_page(&page).ok_or(Error::InvalidPage(page))?);
        }
        Ok(query)
    }
}

/// A positive decimal integer with an optional `+`.
fn parse_page(value: &str) -> Option<NonZeroU32> {
    let digits = value.strip_prefix('+').unwrap_or(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<NonZeroU32>().ok()
}

/// `all`, or a positive integer clamped to 200; anything else is `None`
/// (the default, DRF behaviour).
fn parse_take(value: &str) -> Option<Take> {
    if value == "all" {
        return Some(Take::All);
    }
    let digits = value.strip_prefix('+').unwrap_or(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return None;
    }
    // Anything longer than three digits is above 200.
    let count = if digits.len() > 3 {
        MAX_TAKE
    } else {
        digits
            .parse::<u16>()
            .map_or(MAX_TAKE, |n| n.min(u16::from(MAX_TAKE)) as u8)
    };
    Some(Take::Count(count))
}

fn parse_fields(value: &str) -> Option<Vec<String>> {
    let names: Vec<String> = value
        .split(',')
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect();
    (!names.is_empty()).then_some(names)
}

fn parse_sort(value: &str) -> Vec<SortKey> {
    value
        .split(',')
        .filter(|key| !key.is_empty())
        .map(|key| match key.strip_prefix('-') {
            Some(name) => SortKey {
                path: FieldPath::parse(name),
                descending: true,
            },
            None => SortKey {
                path: FieldPath::parse(key),
                descending: false,
            },
        })
        .collect()
}

fn parse_condition(name: &str, value: String) -> Condition {
    let (or, rest) = match name.strip_prefix("or__") {
        Some(rest) => (true, rest),
        None => (false, name),
    };
    let (not, rest) = match rest.strip_prefix("not__") {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let written = rest
        .rsplit_once("__")
        .filter(|(path, _)| !path.is_empty())
        .and_then(|(path, operator)| Some((path, Operator::from_name(operator)?)));
    let (path, operator, implicit_exact) = match written {
        Some((path, operator)) => (path, operator, false),
        None => (rest, Operator::Exact, true),
    };
    Condition {
        or,
        not,
        path: FieldPath::parse(path),
        operator,
        implicit_exact,
        value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &str) -> ListQuery {
        ListQuery::parse(raw).unwrap()
    }

    #[test]
    fn reserved_parameters_and_filters_in_order() {
        let query = parse("b__gte=2&page=3&fields=id%2Cname&or__not__supplier__name__icontains=x+y&take=5&sort=-id,total&b=1");
        assert_eq!(query.page, NonZeroU32::new(3));
        assert_eq!(query.take, Some(Take::Count(5)));
        assert_eq!(query.fields, Some(vec!["id".to_owned(), "name".to_owned()]));
        assert_eq!(
            query.sort,
            [
                SortKey {
                    path: FieldPath::field("id"),
                    descending: true
                },
                SortKey {
                    path: FieldPath::field("total"),
                    descending: false
                },
            ]
        );
        let names: Vec<_> = query.filters.iter().map(Condition::parameter).collect();
        assert_eq!(names, ["b__gte", "or__not__supplier__name__icontains", "b"]);
        assert_eq!(query.filters[1].value, "x y");
        assert_eq!(
            query.filters[1].path,
            FieldPath::related("supplier", "name")
        );
        assert!(query.filters[1].or && query.filters[1].not);
    }

    #[test]
    fn take_defaults_clamps_and_reads_all() {
        let take = |raw: &str| parse(raw).take;
        assert_eq!(take("take=all"), Some(Take::All));
        assert_eq!(take("take=500"), Some(Take::Count(200)));
        assert_eq!(take("take=99999999999999999999"), Some(Take::Count(200)));
        assert_eq!(take("take=007"), Some(Take::Count(7)));
        assert_eq!(take("take=%2B7"), Some(Take::Count(7)));
        for bad in [
            "take=abc", "take=0", "take=-5", "take=", "take=1.5", "take=ALL",
        ] {
            assert_eq!(take(bad), None, "{bad}");
        }
    }

    #[test]
    fn page_must_be_a_positive_integer_and_the_last_counts() {
        assert_eq!(parse("page=1&page=4").page, NonZeroU32::new(4));
        for bad in ["page=0", "page=-1", "page=x", "page=", "page=99999999999"] {
            assert!(
                matches!(ListQuery::parse(bad), Err(Error::InvalidPage(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn names_without_an_operator_are_exact_on_the_whole_path() {
        let query = parse("status=PR&total__foo=1&in=3&not__isnull=x");
        let paths: Vec<_> = query
            .filters
            .iter()
            .map(|c| (c.path.to_string(), c.operator))
            .collect();
        assert_eq!(
            paths,
            [
                ("status".to_owned(), Operator::Exact),
                ("total__foo".to_owned(), Operator::Exact),
                ("in".to_owned(), Operator::Exact),
                ("isnull".to_owned(), Operator::Exact),
            ]
        );
    }
}

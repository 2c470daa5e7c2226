//! Page-number pagination (docs/service.md, "Pagination": the page object,
//! a page past the last, `next` / `previous`), as DRF's
//! `PageNumberPagination` does it.

use std::ops::Range;

use serde::Serialize;
use url::{form_urlencoded, Url};

use crate::error::{Error, Result};

/// The page object, `data` of list responses.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Page<T> {
    /// Total number of results (all pages).
    pub count: usize,
    /// Absolute URL of the next page; null on the last page.
    pub next: Option<String>,
    /// Absolute URL of the previous page; null on the first page.
    pub previous: Option<String>,
    /// Records of this page.
    pub results: Vec<T>,
}

/// Where the requested page lies in the results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PageSlice {
    /// 1-based page number.
    pub number: usize,
    /// Number of the last page (1 for an empty result set).
    pub last: usize,
    /// Indexes of this page's results.
    pub range: Range<usize>,
}

impl PageSlice {
    /// Locates page `page` (1-based) of `count` results split into pages of
    /// `take` (≥ 1). Page 0 or a page past the last is [`Error::InvalidPage`]; page 1
    /// of an empty result set exists.
    pub fn locate(count: usize, page: u32, take: usize) -> Result<Self> {
        let number = usize::try_from(page).map_err(|_| Error::InvalidPage)?;
        let take = take.max(1);
        let last = count.div_ceil(take).max(1);
        if number == 0 || number > last {
            return Err(Error::InvalidPage);
        }
        let start = (number - 1) * take;
        Ok(PageSlice {
            number,
            last,
            range: start..count.min(start + take),
        })
    }
}

impl<T> Page<T> {
    /// The page object of `slice`, linking neighbours relative to
    /// `request_url` (the request's absolute URL, query included).
    pub fn new(count: usize, slice: &PageSlice, request_url: &Url, results: Vec<T>) -> Self {
        Page {
            count,
            next: (slice.number < slice.last).then(|| page_link(request_url, slice.number + 1)),
            previous: (slice.number > 1).then(|| page_link(request_url, slice.number - 1)),
            results,
        }
    }
}

/// `request_url` showing page `number`: every other query parameter is kept
/// as sent and in order, `page` is dropped and, unless `number` is 1 (DRF's
/// `remove_query_param` for the first page), appended as `page=number`.
pub(crate) fn page_link(request_url: &Url, number: usize) -> String {
    let mut segments: Vec<String> = request_url
        .query()
        .unwrap_or("")
        .split('&')
        .filter(|segment| !segment.is_empty() && !names_page(segment))
        .map(str::to_owned)
        .collect();
    if number > 1 {
        segments.push(format!("page={number}"));
    }
    let mut url = request_url.clone();
    url.set_query(
        (!segments.is_empty())
            .then(|| segments.join("&"))
            .as_deref(),
    );
    url.into()
}

/// Whether the query-string segment `name=value` is a `page` parameter.
pub(crate) fn names_page(segment: &str) -> bool {
    form_urlencoded::parse(segment.as_bytes())
        .next()
        .is_some_and(|(name, _)| name == "page")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_pages() {
        assert_eq!(
            PageSlice::locate(45, 1, 20).unwrap(),
            PageSlice {
                number: 1,
                last: 3,
                range: 0..20
            }
        );
        assert_eq!(PageSlice::locate(45, 3, 20).unwrap().range, 40..45);
        assert_eq!(PageSlice::locate(40, 2, 20).unwrap().range, 20..40);
        assert_eq!(
            PageSlice::locate(0, 1, 20).unwrap(),
            PageSlice {
                number: 1,
                last: 1,
                range: 0..0
            }
        );
        for past in [0, 4, 5, u32::MAX] {
            assert!(matches!(
                PageSlice::locate(45, past, 20),
                Err(Error::InvalidPage)
            ));
        }
        assert!(matches!(
            PageSlice::locate(0, 2, 20),
            Err(Error::InvalidPage)
        ));
    }

    #[test]
    fn links_keep_other_parameters_in_order() {
        let url = Url::parse("http://127.0.0.1:9/x/?take=5&page=2&a__in=1%2C2&or__b=c+d").unwrap();
        let slice = PageSlice::locate(12, 2, 5).unwrap();
        let page = Page::new(12, &slice, &url, vec![()]);
        assert_eq!(
            page.next.as_deref(),
            Some("http://127.0.0.1:9/x/?take=5&a__in=1%2C2&or__b=c+d&page=3")
        );
        assert_eq!(
            page.previous.as_deref(),
            Some("http://127.0.0.1:9/x/?take=5&a__in=1%2C2&or__b=c+d")
        );
    }

    #[test]
    fn links_at_the_ends() {
        let url = Url::parse("http://h/x/").unwrap();
        let first = Page::new(
            30,
            &PageSlice::locate(30, 1, 20).unwrap(),
            &url,
            Vec::<()>::new(),
        );
        assert_eq!(
            (first.next.as_deref(), first.previous),
            (Some("http://h/x/?page=2"), None)
        );
        let last = Page::new(
            30,
            &PageSlice::locate(30, 2, 20).unwrap(),
            &url,
            Vec::<()>::new(),
        );
        assert_eq!(
            (last.next, last.previous.as_deref()),
            (None, Some("http://h/x/"))
        );
        let url = Url::parse("http://h/x/?page=4").unwrap();
        assert_eq!(page_link(&url, 3), "http://h/x/?page=3");
    }
}

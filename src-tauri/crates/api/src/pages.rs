//! Pagination as a stream of pages following `next` links
//! (`docs/service.md`, "Pagination").

use futures_util::stream::{self, Stream};
use url::Url;

use crate::client::Client;
use crate::error::{Error, Result};
use crate::list::Page;
use crate::list_request::ListRequest;
use crate::records::Resource;

impl Client {
    /// Every page of a list, in order, as a stream: the first page of
    /// `request`, then each `next` link until there is none (or a page
    /// comes back empty). Each page is fetched only when the stream is
    /// polled, with the retries of a read.
    ///
    /// `next` may be absolute or relative; a relative link is resolved
    /// against the URL of the page that carried it (RFC 3986). An empty
    /// `next`, or one back to the same page, ends the stream. A link to
    /// another scheme, host or port than the base URL is never requested
    /// (the key would go there): when it names the same endpoint path (a
    /// server behind a TLS proxy writing `http://`), only its query is
    /// used, on the base URL's origin; otherwise the stream yields
    /// [`Error::ForeignNextLink`] after the page that carried it. The stream
    /// ends after the first error.
    ///
    /// ```no_run
    /// # async fn demo(client: workdesk_api::Client) -> workdesk_api::Result<()> {
    /// use futures_util::TryStreamExt;
    /// use workdesk_api::{ListRequest, Take, Task};
    /// let mut pages = std::pin::pin!(client.pages(&ListRequest::<Task>::new().take(Take::All)));
    /// while let Some(page) = pages.try_next().await? {
    ///     println!("{} tasks", page.results.len());
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// Items are the errors of [`Client::list`], plus
    /// [`Error::ForeignNextLink`].
    pub fn pages<T: Resource>(
        &self,
        request: &ListRequest<T>,
    ) -> impl Stream<Item = Result<Page<T>>> + Send + 'static {
        let first = request.validate().map(|()| {
            let mut url = self.url(T::schema().path);
            let query = request.to_query_string();
            if !query.is_empty() {
                url.set_query(Some(&query));
            }
            url
        });
        let client = self.clone();
        stream::try_unfold(Some(first), move |next: Option<Result<Url>>| {
            let client = client.clone();
            async move {
                let Some(url) = next else {
                    return Ok(None);
                };
                let url = url?;
                let page: Page<T> = client.get_page(&url).await?;
                let following = match page.next.as_deref().map(str::trim) {
                    Some(link) if !link.is_empty() && !page.results.is_empty() => {
                        match client.follow(&url, link) {
                            // A `next` back to this very page would never end.
                            Ok(next) if next == url => None,
                            other => Some(other),
                        }
                    }
                    _ => None,
                };
                Ok(Some((page, following)))
            }
        })
    }

    /// The URL of a `next` link found on the page at `current`. A link on
    /// the service's origin is followed as it is. A link to another origin
    /// for the same endpoint path (a server behind a TLS proxy that writes
    /// `http://`, or `localhost` for `127.0.0.1`) lends only its query to
    /// `current`, so the key stays with the base URL; any other foreign link
    /// is an error.
    fn follow(&self, current: &Url, link: &str) -> Result<Url> {
        let foreign = || {
            self.scrub(Error::ForeignNextLink {
                link: link.to_owned(),
            })
        };
        let url = current.join(link).map_err(|_| foreign())?;
        if self.base_url().is_same_origin(&url) {
            return Ok(url);
        }
        if url.path() == current.path() {
            let mut same = current.clone();
            same.set_query(url.query());
            return Ok(same);
        }
        Err(foreign())
    }
}

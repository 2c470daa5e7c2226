//! The HTTP client: one [`Client`] per workspace (base URL + key).

use std::time::Duration;

use reqwest::header::{self, HeaderMap, HeaderValue};
use secrecy::zeroize::Zeroize;
use serde::{de::DeserializeOwned, Serialize};

use crate::{
    response, supplier_invoice, ApiKey, BaseUrl, Error, ListQuery, Page, Result, SupplierInvoice,
};

/// How long to wait for a TCP/TLS connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a whole request may take, body included.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// A client for one workspace of the service.
///
/// Every request carries `Authorization: Bearer <key>` (marked sensitive so
/// it is never printed) and goes only to the [`BaseUrl`]: redirects are not
/// followed, so the key cannot be forwarded to another host. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Client {
    http: reqwest::Client,
    base_url: BaseUrl,
    key: ApiKey,
}

impl Client {
    /// Builds a client for `base_url` authenticated with `key`.
    ///
    /// # Errors
    /// [`Error::Network`] if the HTTP stack cannot be initialised (TLS roots).
    pub fn new(base_url: BaseUrl, key: ApiKey) -> Result<Self> {
        let mut bearer = format!("Bearer {}", key.expose_secret());
        let auth = HeaderValue::try_from(bearer.as_str());
        bearer.zeroize();
        let mut auth =
            auth.map_err(|_| Error::InvalidKey("the API key contains characters a key never has"))?;
        auth.set_sensitive(true);
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, auth);
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        let mut http = reqwest::Client::builder();
        if base_url.is_loopback() {
            // A proxy from HTTP_PROXY/ALL_PROXY would receive the key in
            // clear text and cannot reach this computer's loopback anyway.
            http = http.no_proxy();
        }
        let http = http
            .default_headers(headers)
            .user_agent(concat!("Workdesk/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .build()
            .map_err(Error::Network)?;
        Ok(Self {
            http,
            base_url,
            key,
        })
    }

    /// The base URL this client talks to.
    pub fn base_url(&self) -> &BaseUrl {
        &self.base_url
    }

    /// `GET /account_payable/invoice/?page=N&take=M`: one page of supplier
    /// invoices (`service-api.md` §Endpoints).
    ///
    /// # Errors
    /// [`Error::Unauthorized`] for a bad key, [`Error::NotFound`] for a page
    /// past the last, [`Error::RateLimited`], [`Error::Network`], and the
    /// other variants of [`Error`].
    pub async fn list_supplier_invoices(&self, query: &ListQuery) -> Result<Page<SupplierInvoice>> {
        self.list(supplier_invoice::PATH, query).await
    }

    /// One page of any list endpoint at `path` (relative, e.g.
    /// `account_payable/invoice/`).
    async fn list<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &impl Serialize,
    ) -> Result<Page<T>> {
        let response = self
            .http
            .get(self.base_url.join(path))
            .query(query)
            .send()
            .await
            .map_err(Error::Network)?;
        response::read_data(response)
            .await
            .map_err(|e| e.scrub(self.key.expose_secret(), &self.key.hint()))
    }
}

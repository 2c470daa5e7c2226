//! The service's base URL (`{base_url}` in `docs/service.md`, "Terms").

use std::net::IpAddr;

use url::{Host, Url};

use crate::error::{BaseUrlProblem, Error, Result};

/// Where the service lives, e.g. `https://api.example.com/v1/`.
///
/// Guarantees, checked by [`BaseUrl::parse`]:
/// - the scheme is `https`, or `http` to a loopback host only
///   (`127.0.0.0/8`, `::1`, `localhost`), so the API key never crosses a
///   network in clear text;
/// - no user name, password, query or fragment;
/// - the path ends with `/`, so endpoint paths such as
///   `account_payable/invoice/` join under it.
///
/// It is not a secret: it may be logged and saved in settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseUrl(Url);

impl BaseUrl {
    /// Parses and checks a base URL as typed by a user (whitespace trimmed).
    ///
    /// # Errors
    /// [`Error::InvalidBaseUrl`] with a sentence saying what to fix.
    pub fn parse(text: &str) -> Result<Self> {
        let text = text.trim();
        let mut url = Url::parse(text).map_err(|e| {
            Error::InvalidBaseUrl(BaseUrlProblem::NotAnAddress {
                text: text.to_owned(),
                detail: e.to_string(),
            })
        })?;
        match url.scheme() {
            "https" => {}
            "http" if is_loopback(&url) => {}
            "http" => return Err(Error::InvalidBaseUrl(BaseUrlProblem::NotHttps)),
            other => {
                return Err(Error::InvalidBaseUrl(BaseUrlProblem::Scheme(
                    other.to_owned(),
                )))
            }
        }
        if url.host().is_none() {
            return Err(Error::InvalidBaseUrl(BaseUrlProblem::NoHost));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Error::InvalidBaseUrl(BaseUrlProblem::Credentials));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(Error::InvalidBaseUrl(BaseUrlProblem::QueryOrFragment));
        }
        if !url.path().ends_with('/') {
            let path = format!("{}/", url.path());
            url.set_path(&path);
        }
        Ok(Self(url))
    }

    /// The URL of an endpoint path relative to the base, e.g.
    /// `account_payable/invoice/` (no leading slash).
    pub fn join(&self, path: &str) -> Url {
        self.0
            .join(path.trim_start_matches('/'))
            .expect("a relative path joins onto a valid base URL")
    }

    /// Whether `url` points at this service (same scheme, host and port),
    /// so following it cannot send the key elsewhere.
    pub fn is_same_origin(&self, url: &Url) -> bool {
        self.0.origin() == url.origin()
    }

    /// The origin the key is sent to: scheme, host and port as the URL
    /// standard serialises them (`https://api.example.com`, the default
    /// port left out; `http://127.0.0.1:8080`). A stored key is bound to
    /// this text and sent nowhere else.
    pub fn origin(&self) -> String {
        self.0.origin().ascii_serialization()
    }

    /// Whether the host is this computer (`127.0.0.0/8`, `::1`, `localhost`).
    pub fn is_loopback(&self) -> bool {
        is_loopback(&self.0)
    }

    /// The base URL as a string, always ending in `/`.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The parsed URL.
    pub fn as_url(&self) -> &Url {
        &self.0
    }
}

impl std::fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.as_str())
    }
}

/// Whether `url`'s host is this computer (`localhost`, `127.0.0.0/8`,
/// `::1`): the only place plain `http` may go.
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_is_accepted_and_gets_a_trailing_slash() {
        let base = BaseUrl::parse(" https://api.example.com/v1 ").unwrap();
        assert_eq!(base.as_str(), "https://api.example.com/v1/");
        assert_eq!(
            base.join("/account_payable/invoice/").as_str(),
            "https://api.example.com/v1/account_payable/invoice/"
        );
    }

    #[test]
    fn plain_http_only_to_loopback() {
        for ok in [
            "http://127.0.0.1:8080",
            "http://localhost:1",
            "http://[::1]:9",
        ] {
            assert!(BaseUrl::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://api.example.com",
            "http://10.0.0.1",
            "http://192.168.1.2:80",
        ] {
            assert!(
                matches!(BaseUrl::parse(bad), Err(Error::InvalidBaseUrl(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn rejects_what_would_leak_or_confuse() {
        for bad in [
            "",
            "api.example.com",
            "ftp://api.example.com",
            "https://user:pw@api.example.com",
            "https://api.example.com/?x=1",
            "https://api.example.com/#top",
        ] {
            assert!(
                matches!(BaseUrl::parse(bad), Err(Error::InvalidBaseUrl(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn same_origin_means_scheme_host_and_port() {
        let base = BaseUrl::parse("https://api.example.com/").unwrap();
        assert!(base.is_same_origin(&Url::parse("https://api.example.com/x/?page=2").unwrap()));
        assert!(!base.is_same_origin(&Url::parse("https://evil.example.com/x/").unwrap()));
        assert!(!base.is_same_origin(&Url::parse("https://api.example.com:444/x/").unwrap()));
    }
}

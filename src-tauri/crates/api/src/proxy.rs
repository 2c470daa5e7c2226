//! A workspace's own HTTP proxy, and how a TLS failure is told apart from
//! the other network failures.

use url::Url;

use crate::error::{CertificateProblem, Error, ProxyProblem, Result};

/// The address of an HTTP proxy a workspace's requests go through
/// (`http://proxy.example.com:3128`): HTTPS requests are tunnelled with
/// `CONNECT`, so the proxy sees the server's host and port, never the key.
///
/// Checked by [`ProxyUrl::parse`]: scheme `http` or `https`, a host, no
/// user name or password (they would be kept in the settings file in clear
/// text), no path, query or fragment. Requests to a loopback base URL never
/// go through any proxy ([`crate::Client`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProxyUrl(Url);

impl ProxyUrl {
    /// Parses and checks a proxy address as typed (whitespace trimmed; a
    /// bare `host:port` is read as `http://host:port`).
    ///
    /// # Errors
    /// [`Error::InvalidProxy`] with the reason.
    pub fn parse(text: &str) -> Result<ProxyUrl> {
        let text = text.trim();
        let with_scheme = if text.contains("://") {
            text.to_owned()
        } else {
            format!("http://{text}")
        };
        let url = Url::parse(&with_scheme)
            .map_err(|_| Error::InvalidProxy(ProxyProblem::NotAnAddress))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(Error::InvalidProxy(ProxyProblem::Scheme(
                url.scheme().to_owned(),
            )));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(Error::InvalidProxy(ProxyProblem::NoHost));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Error::InvalidProxy(ProxyProblem::Credentials));
        }
        if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
            return Err(Error::InvalidProxy(ProxyProblem::Path));
        }
        Ok(ProxyUrl(url))
    }

    /// The address as text (`http://proxy.example.com:3128`, no trailing
    /// slash): what the settings keep.
    pub fn as_str(&self) -> &str {
        self.0.as_str().trim_end_matches('/')
    }

    /// The address, parsed.
    pub fn as_url(&self) -> &Url {
        &self.0
    }
}

impl std::fmt::Display for ProxyUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The certificate problem somewhere in `error`'s chain of causes (rustls
/// refusing the server's certificate), if that is what failed.
pub(crate) fn certificate_problem(
    error: &(dyn std::error::Error + 'static),
) -> Option<CertificateProblem> {
    let mut next = Some(error);
    while let Some(cause) = next {
        // An io::Error's `source` skips the error it wraps (itself perhaps
        // another io::Error): step into it instead.
        next = match cause
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            Some(inner) => Some(inner as &(dyn std::error::Error + 'static)),
            None => cause.source(),
        };
        if let Some(rustls::Error::InvalidCertificate(reason)) =
            cause.downcast_ref::<rustls::Error>()
        {
            use rustls::CertificateError as C;
            return Some(match reason {
                C::Expired
                | C::ExpiredContext { .. }
                | C::NotValidYet
                | C::NotValidYetContext { .. } => CertificateProblem::Expired,
                C::NotValidForName | C::NotValidForNameContext { .. } => {
                    CertificateProblem::WrongHost
                }
                _ => CertificateProblem::Untrusted,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proxy_addresses_are_a_host_and_a_port() {
        assert_eq!(
            ProxyUrl::parse(" proxy.example.com:3128 ")
                .unwrap()
                .as_str(),
            "http://proxy.example.com:3128"
        );
        assert_eq!(
            ProxyUrl::parse("https://proxy.example.com/")
                .unwrap()
                .as_str(),
            "https://proxy.example.com"
        );
        for (text, problem) in [
            ("socks5://proxy:1080", ProxyProblem::Scheme("socks5".into())),
            ("http://me:secret@proxy:3128", ProxyProblem::Credentials),
            ("http://proxy:3128/path", ProxyProblem::Path),
            ("http://", ProxyProblem::NotAnAddress),
            ("http://proxy:99999", ProxyProblem::NotAnAddress),
        ] {
            match ProxyUrl::parse(text) {
                Err(Error::InvalidProxy(found)) => assert_eq!(found, problem, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_certificate_refused_inside_an_io_error_is_found() {
        let refused = std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer),
        );
        assert_eq!(
            certificate_problem(&refused),
            Some(CertificateProblem::Untrusted)
        );
        let expired = std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            rustls::Error::InvalidCertificate(rustls::CertificateError::Expired),
        );
        assert_eq!(
            certificate_problem(&expired),
            Some(CertificateProblem::Expired)
        );
        // As hyper-util wraps it: an io::Error around an io::Error around it.
        let nested = std::io::Error::other(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            rustls::Error::InvalidCertificate(rustls::CertificateError::NotValidForName),
        ));
        assert_eq!(
            certificate_problem(&nested),
            Some(CertificateProblem::WrongHost)
        );
        let refused_connection = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(certificate_problem(&refused_connection), None);
    }
}

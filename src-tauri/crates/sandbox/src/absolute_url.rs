//! The absolute URL of a request, the way DRF's `build_absolute_uri` makes it:
//! `http://` + `Host` header + path + query.

use std::net::SocketAddr;

use axum::http::header::HOST;
use axum::http::{HeaderMap, Uri};
use url::Url;

/// `http://{host}{path}[?{query}]` for this request. The host is the `Host`
/// header when it is a plain `name[:port]` / `[v6][:port]`, else the request
/// target's authority, else `listening` (the sandbox's own address). The query
/// is kept exactly as sent.
pub(crate) fn request_url(headers: &HeaderMap, uri: &Uri, listening: SocketAddr) -> Url {
    let from_header = headers.get(HOST).and_then(|value| value.to_str().ok());
    let from_target = uri.authority().map(axum::http::uri::Authority::as_str);
    let mut url = [from_header, from_target]
        .into_iter()
        .flatten()
        .filter(|host| is_plain_host(host))
        .find_map(|host| Url::parse(&format!("http://{host}{}", uri.path())).ok())
        .unwrap_or_else(|| {
            Url::parse(&format!("http://{listening}{}", uri.path()))
                .expect("socket address is a valid host")
        });
    url.set_query(uri.query());
    url
}

/// A host with an optional port and nothing else (no userinfo, path or spaces).
fn is_plain_host(host: &str) -> bool {
    !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn listening() -> SocketAddr {
        "127.0.0.1:4000".parse().unwrap()
    }

    #[test]
    fn uses_the_host_header_and_keeps_the_query() {
        let mut headers = HeaderMap::new();
        headers.insert(HOST, HeaderValue::from_static("localhost:8123"));
        let uri: Uri = "/account_payable/invoice/?take=5&fields=id,name"
            .parse()
            .unwrap();
        assert_eq!(
            request_url(&headers, &uri, listening()).as_str(),
            "http://localhost:8123/account_payable/invoice/?take=5&fields=id,name"
        );
    }

    #[test]
    fn falls_back_to_the_listening_address() {
        let mut headers = HeaderMap::new();
        headers.insert(HOST, HeaderValue::from_static("evil.example/path@x"));
        let uri: Uri = "/account_payable/invoice/".parse().unwrap();
        assert_eq!(
            request_url(&headers, &uri, listening()).as_str(),
            "http://127.0.0.1:4000/account_payable/invoice/"
        );
        assert_eq!(
            request_url(&HeaderMap::new(), &uri, listening()).as_str(),
            "http://127.0.0.1:4000/account_payable/invoice/"
        );
    }
}

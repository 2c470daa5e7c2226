//! Only this computer may talk to the sandbox: a request whose `Host` is
//! not a loopback name (`127.0.0.1`, `localhost`, `[::1]`, any port) is
//! refused with 421 Misdirected Request before anything else runs. The
//! listener is on loopback already; this also stops a web page from
//! reaching it through a name of its own that resolves to 127.0.0.1 (DNS
//! rebinding), as the in-app demo must never be reached from a browser.

use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Whether `host` (a `Host` header: name and optional port) names this
/// computer's loopback interface.
pub(crate) fn is_loopback(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        // `[::1]` or `[::1]:8080`.
        Some(rest) => rest.split(']').next().unwrap_or_default(),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    matches!(
        name.to_ascii_lowercase().as_str(),
        "127.0.0.1" | "localhost" | "::1"
    )
}

/// Middleware: passes requests for a loopback `Host` on, refuses others.
pub(crate) async fn loopback_only(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
        .or_else(|| request.uri().authority().map(|a| a.as_str().to_owned()));
    match host {
        Some(host) if is_loopback(&host) => next.run(request).await,
        _ => (
            StatusCode::MISDIRECTED_REQUEST,
            axum::Json(serde_json::json!({
                "message": "This server answers requests for 127.0.0.1 or localhost only.",
                "error": true,
                "data": null,
            })),
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::is_loopback;

    #[test]
    fn only_loopback_names_pass() {
        for host in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost:3000",
            "LOCALHOST",
            "[::1]:9",
            "[::1]",
        ] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "example.com",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "10.0.0.2:80",
            "[::2]:1",
            "",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
    }
}

//! The sandbox's clock on the wire: every API answer's `Date` header
//! (RFC 9110 §6.6.1, an IMF-fixdate) is the sandbox's own time, skewed as
//! [`crate::Config::clock_skew_s`] says, so a client that measures the
//! service's clock from `Date` sees the same clock as the records'
//! `created_at`.

use axum::extract::{Request, State};
use axum::http::header::DATE;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

/// Sets the answer's `Date` to the sandbox's clock.
pub(crate) async fn date(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let stamp = state.now().format("%a, %d %b %Y %H:%M:%S GMT").to_string();
    if let Ok(value) = HeaderValue::from_str(&stamp) {
        response.headers_mut().insert(DATE, value);
    }
    response
}

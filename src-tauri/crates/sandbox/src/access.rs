//! Middleware in front of every route: authenticate the key, then count the
//! request against the key's rate limit.

use std::time::SystemTime;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth;
use crate::error::Error;
use crate::state::AppState;

/// Refuses requests without an accepted key (401) or over their limit (429);
/// otherwise stores the [`auth::Principal`] in the request's extensions and
/// runs the route. Every response to an accepted key, errors included,
/// carries the `X-RateLimit-*` headers; 401 responses carry none.
pub(crate) async fn guard(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let now = SystemTime::now().into();
    let principal = match auth::authenticate(&state.keys, request.headers(), now) {
        Ok(principal) => principal,
        Err(error) => return error.into_response(),
    };
    let quota = state.limiter.acquire(principal.key);
    let mut response = match quota.retry_after {
        Some(retry_after) => Error::RateLimited { retry_after }.into_response(),
        None => {
            request.extensions_mut().insert(principal);
            next.run(request).await
        }
    };
    quota.apply(response.headers_mut());
    response
}

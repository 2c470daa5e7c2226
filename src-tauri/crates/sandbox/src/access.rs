//! Middleware in front of every route: authenticate the key, then count the
//! request against the key's rate limit; and, once a route matched, check
//! that the key's member may do what the method asks.

use std::time::SystemTime;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::{self, Principal};
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

/// Route middleware (it runs only once a route matched, so unknown paths
/// stay 404 and other methods 405): refuses, with a 403 envelope (DRF's
/// `PermissionDenied`, checked before the view looks up a record or reads
/// the body), a request under an area the key's member may not read
/// ([`Role::may_read`](crate::keys::Role::may_read)) and a request that
/// would write — any method but `GET`, `HEAD`, `OPTIONS` and `TRACE` —
/// when the member may not write. The guard around it adds the rate-limit
/// headers.
pub(crate) async fn permit(request: Request, next: Next) -> Response {
    let permitted = request
        .extensions()
        .get::<Principal>()
        .is_some_and(|principal| {
            principal.role.may_read(request.uri().path())
                && (request.method().is_safe() || principal.role.may_write())
        });
    if permitted {
        next.run(request).await
    } else {
        Error::PermissionDenied.into_response()
    }
}

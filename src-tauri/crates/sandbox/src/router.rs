//! The routes of the sandbox.

use axum::middleware;
use axum::routing::get;
use axum::Router;

use crate::access;
use crate::error::Error;
use crate::state::AppState;
use crate::supplier_invoices;

/// Every endpoint behind the key and rate-limit guard; unknown paths are a
/// 404 envelope and other methods a 405 envelope (both after the guard).
pub(crate) fn build(state: AppState) -> Router {
    Router::new()
        .route(supplier_invoices::PATH, get(supplier_invoices::list))
        .fallback(|| async { Error::NotFound })
        .method_not_allowed_fallback(|| async { Error::MethodNotAllowed })
        .layer(middleware::from_fn_with_state(state.clone(), access::guard))
        .with_state(state)
}

//! The routes of the sandbox: the API behind journal, fault injection and
//! the key and rate-limit guard, and the `/_sandbox/*` control endpoints
//! beside it.

use std::sync::Arc;

use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{any, get};
use axum::Router;
use workdesk_query::resources::{
    CUSTOMER, CUSTOMER_INVOICE, LEAD, PRODUCT, SALES_QUOTE, STAKEHOLDER, SUPPLIER_INVOICE, TASK,
};

use crate::access;
use crate::clock;
use crate::endpoints::{leads, list, records, stakeholders, tasks};
use crate::error::Error;
use crate::injection::{self, FaultSwitch};
use crate::journal::{self, Journal};
use crate::state::AppState;

/// The whole application.
///
/// API requests pass, outermost first, the journal (when on), fault
/// injection (when on) and the key and rate-limit guard; unknown paths are
/// a 404 envelope and other methods a 405 envelope, both after the guard;
/// then, on a matched route, the write permission of the key's member
/// (403). `/_sandbox/requests` and `/_sandbox/faults` need no key, are not
/// rate limited or journalled, and are 404 while their feature is off;
/// `/_sandbox`, `/_sandbox/` and every other path under it are a 404
/// envelope without a key check. Before all of it, a request whose `Host`
/// is not a loopback name is refused (421, [`crate::host`]).
pub(crate) fn build(
    state: AppState,
    faults: Arc<FaultSwitch>,
    journal: Option<Arc<Journal>>,
) -> Router {
    let api = Router::new()
        .route(SUPPLIER_INVOICE.path, list::route(&SUPPLIER_INVOICE))
        .route(CUSTOMER_INVOICE.path, list::route(&CUSTOMER_INVOICE))
        .route(SALES_QUOTE.path, list::route(&SALES_QUOTE))
        .route(PRODUCT.path, list::route(&PRODUCT))
        .route(TASK.path, list::route(&TASK).post(tasks::create))
        .route("/task/task/{id}/", records::route(&TASK))
        .route(LEAD.path, list::route(&LEAD))
        .route(
            "/crm/lead/{id}/",
            records::route(&LEAD).patch(leads::update),
        )
        .route(
            STAKEHOLDER.path,
            list::route(&STAKEHOLDER).post(stakeholders::create),
        )
        .route(
            "/stakeholder/stakeholder/{id}/",
            records::route(&STAKEHOLDER).delete(stakeholders::delete),
        )
        .route(CUSTOMER.path, list::route(&CUSTOMER))
        .route("/stakeholder/customer/{id}/", records::route(&CUSTOMER))
        .route_layer(from_fn(access::permit))
        .fallback(|| async { Error::NotFound })
        .method_not_allowed_fallback(|| async { Error::MethodNotAllowed })
        .layer(from_fn_with_state(state.clone(), access::guard))
        .layer(from_fn_with_state(faults.clone(), injection::inject))
        .layer(from_fn_with_state(journal.clone(), journal::record))
        // Outermost: every answer's `Date`, faults' included, is the
        // sandbox's clock.
        .layer(from_fn_with_state(state.clone(), clock::date))
        .with_state(state);
    let not_found = || any(|| async { Error::NotFound });
    let control = Router::new()
        .route(
            "/_sandbox/requests",
            get(journal::list).delete(journal::clear),
        )
        .with_state(journal)
        .merge(
            Router::new()
                .route(
                    "/_sandbox/faults",
                    get(injection::show)
                        .post(injection::arm)
                        .delete(injection::disarm),
                )
                .with_state(faults),
        )
        .route("/_sandbox", not_found())
        .route("/_sandbox/", not_found())
        .route("/_sandbox/{*rest}", not_found())
        .method_not_allowed_fallback(|| async { Error::MethodNotAllowed });
    control
        .fallback_service(api)
        .layer(from_fn(crate::host::loopback_only))
}

//! `GET` of a list endpoint, for every resource: page, take, fields, sort
//! and filters through `workdesk_query` (docs/service.md, "List queries").

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::{Extension, Json};
use workdesk_query::{ListQuery, Schema};

use super::noun_of;
use crate::absolute_url::request_url;
use crate::auth::Principal;
use crate::envelope::Envelope;
use crate::error::{Error, Result};
use crate::messages::worded;
use crate::pagination::{names_page, Page, PageSlice};
use crate::state::AppState;

/// `GET` of the list of `schema` at `schema.path`.
pub(crate) fn route(schema: &'static Schema) -> MethodRouter<AppState> {
    get(
        move |State(state): State<AppState>,
              Extension(principal): Extension<Principal>,
              headers: HeaderMap,
              uri: Uri| async move { answer(schema, &state, principal, &headers, &uri) },
    )
}

/// Lists the live records of `schema` in the key's workspace.
///
/// As DRF validates filters before it paginates, every query problem is a
/// 400 first (unknown `fields` / `sort` / filter names, bad values), all of
/// them at once; then a `page` that is not a positive integer or is past
/// the last page is a 404 "Invalid page.". Without `sort` the records keep
/// the resource's default order.
fn answer(
    schema: &'static Schema,
    state: &AppState,
    principal: Principal,
    headers: &HeaderMap,
    uri: &Uri,
) -> Result<Response> {
    let raw = uri.query().unwrap_or("");
    // The engine refuses by code; the service says why in its English.
    let check = |query: ListQuery| {
        query
            .check(schema)
            .map_err(|refused| Error::Validation(worded(&refused)))
    };
    let plan = match ListQuery::parse(raw) {
        Ok(query) => check(query)?,
        Err(workdesk_query::Error::InvalidPage(_)) => {
            // The page is refused; the rest of the query may still be a 400.
            let rest = without_page(raw);
            if let Ok(query) = ListQuery::parse(&rest) {
                check(query)?;
            }
            return Err(Error::InvalidPage);
        }
    };
    let data = state.read();
    let table = data.workspace(principal.workspace).table(schema);
    let selected = plan.select(table.live());
    let slice = PageSlice::locate(selected.len(), plan.page, plan.take)?;
    let fields = plan.fields.as_deref();
    let results = selected[slice.range.clone()]
        .iter()
        .map(|row| row.shown(fields))
        .collect();
    let url = request_url(headers, uri, state.listening);
    let page = Page::new(selected.len(), &slice, &url, results);
    let message = format!("{} retrieved.", noun_of(schema).plural);
    Ok(Json(Envelope::ok(message, page)).into_response())
}

/// `raw` (a query string) without its `page` parameters.
fn without_page(raw: &str) -> String {
    raw.split('&')
        .filter(|segment| !names_page(segment))
        .collect::<Vec<_>>()
        .join("&")
}

//! `GET` of a list endpoint, for every resource: page, take, fields, sort
//! and filters through `workdesk_query` (service-api.md, "List
//! conventions"; conventions.md, "Filters, exactly").

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::{Extension, Json};
use workdesk_query::{ListQuery, Schema};

use crate::absolute_url::request_url;
use crate::auth::Principal;
use crate::envelope::Envelope;
use crate::error::{Error, Result};
use crate::pagination::{Page, PageSlice};
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
/// A `page` that is not a positive integer is a 404 "Invalid page." at
/// once; then every query problem is a 400 at once (unknown `fields` /
/// `sort` / filter names, bad values); then a page past the last is a 404.
/// Without `sort` the records keep the resource's default order.
fn answer(
    schema: &'static Schema,
    state: &AppState,
    principal: Principal,
    headers: &HeaderMap,
    uri: &Uri,
) -> Result<Response> {
    let query = ListQuery::parse(uri.query().unwrap_or("")).map_err(|error| match error {
        workdesk_query::Error::InvalidPage(_) => Error::InvalidPage,
    })?;
    let plan = query
        .check(schema)
        .map_err(|errors| Error::Validation(errors.into()))?;
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
    let message = format!("{} retrieved.", plural(schema));
    Ok(Json(Envelope::ok(message, page)).into_response())
}

/// `Supplier invoices`, `Leads`, … for messages.
fn plural(schema: &Schema) -> &'static str {
    match schema.resource {
        "supplier_invoice" => "Supplier invoices",
        "customer_invoice" => "Customer invoices",
        "sales_quote" => "Sales quotes",
        "product" => "Products",
        "task" => "Tasks",
        "lead" => "Leads",
        "stakeholder" => "Stakeholders",
        "customer" => "Customers",
        _ => "Records",
    }
}

//! `GET /account_payable/invoice/`: the supplier invoices of the key's
//! workspace, paginated (service-api.md, "Endpoints", "List conventions").

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};

use crate::absolute_url::request_url;
use crate::auth::Principal;
use crate::envelope::Envelope;
use crate::error::{FieldErrors, Result};
use crate::model::SupplierInvoice;
use crate::pagination::{Page, PageSlice};
use crate::projection::{FieldSelection, Projected};
use crate::query::ListQuery;
use crate::state::AppState;

/// Path of the endpoint.
pub(crate) const PATH: &str = "/account_payable/invoice/";

/// Lists supplier invoices in the default order (`issue_date` descending,
/// ties by `id` ascending).
///
/// Query parameters are validated first (400, all problems at once), then
/// the page is located (404 "Invalid page."). `sort` and filters are refused
/// with 400 until the shared filter engine is wired in here.
pub(crate) async fn list(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    headers: HeaderMap,
    uri: Uri,
) -> Result<Response> {
    let query = ListQuery::parse(uri.query().unwrap_or(""));
    let mut problems = FieldErrors::default();
    let selection =
        match FieldSelection::<SupplierInvoice>::parse(query.fields.as_deref().unwrap_or("")) {
            Ok(selection) => selection,
            Err(messages) => {
                for message in messages {
                    problems.add("fields", message);
                }
                None
            }
        };
    refuse_sort_and_filters(&query, &mut problems);
    problems.into_result()?;

    let entries = &state.dataset.workspace(principal.workspace).invoices;
    let slice = PageSlice::locate(entries.len(), query.page.as_deref(), query.take)?;
    let results = entries[slice.range.clone()]
        .iter()
        .map(|entry| Projected {
            record: &entry.invoice,
            selection: selection.as_ref(),
        })
        .collect();
    let url = request_url(&headers, &uri, state.listening);
    let page = Page::new(entries.len(), &slice, &url, results);
    Ok(Json(Envelope::ok("Supplier invoices retrieved.", page)).into_response())
}

/// Placeholder for the filter engine: every `sort` and filter parameter is a
/// 400 naming it.
fn refuse_sort_and_filters(query: &ListQuery, problems: &mut FieldErrors) {
    if query.sort.is_some() {
        problems.add("sort", "Sorting is not supported yet.");
    }
    for (name, _) in &query.filters {
        if problems.get(name).is_none() {
            problems.add(name.as_str(), format!("Unknown filter: {name}"));
        }
    }
}

//! # Workdesk sandbox
//!
//! A local reference server of the Workspace Business Management Service
//! (`shared/spec/service-api.md`). Every test, benchmark and the in-app demo
//! talk to it instead of the real service, so it behaves the way
//! `shared/spec/conventions.md` says the sandbox does wherever the vendor's
//! description leaves behaviour "not shown" — one definite, DRF-like choice
//! per topic, while the client stays tolerant of every variant.
//!
//! ## What it serves
//!
//! * `GET /account_payable/invoice/`: supplier invoices with every field of
//!   the spec's table, inside the envelope `{"message", "error", "data"}`
//!   whose `data` is the page object `{"count", "next", "previous",
//!   "results"}`.
//! * Two workspaces generated from one `u64` seed ([`Config::seed`], default
//!   [`DEFAULT_SEED`]): `workspace_a` with 2,437 supplier invoices from 10
//!   suppliers (one of them "Acme Industrial Supply S.A.S."), `workspace_b`
//!   with 318 from 6 others. Issue dates are business days from 2024-11-01
//!   to 2026-10-31; money has two fraction digits and
//!   `total = subtotal − discount_value − other_discount_value + vat_value_included`
//!   exactly. The same seed gives the same records and keys on every run.
//!
//! ## Fixed choices (conventions.md, "Sandbox does")
//!
//! * **Keys**: `Authorization: Bearer service_<40 letters/digits>`; stored
//!   as SHA-256 digests, bound to a workspace and a member. Seeded: one
//!   valid key per workspace, one expired and one disabled key (see
//!   [`Keys`]). A missing, invalid, expired or disabled key is a 401
//!   envelope whose `message` says which, with `WWW-Authenticate: Bearer`.
//!   A key only ever sees its own workspace.
//! * **Rate limit**: a fixed window per key starting at its first request,
//!   default 1000 requests per 3600 s ([`RateLimit`]). Every response to an
//!   accepted key carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
//!   `X-RateLimit-Reset` (Unix epoch seconds); over the limit is a 429
//!   envelope with `Retry-After` in seconds. 401 responses carry no rate
//!   headers.
//! * **Pagination**: `page` defaults to 1; one that is not a positive integer
//!   or past the last page is a 404 envelope "Invalid page." (page 1 of an
//!   empty result set is a 200). `take` defaults to 20, is clamped to 200,
//!   `all` means 200, anything else falls back to 20. `next`/`previous` are
//!   absolute URLs built from the `Host` header that keep every other query
//!   parameter as sent and in order; `previous` of page 2 has no `page`.
//!   Reserved parameters given twice take their last value.
//! * **Field selection**: `fields=a,b` keeps only those fields (in the
//!   spec's field order); an unknown name is a 400 envelope with `data`
//!   `{"fields": ["Unknown field: x"]}`.
//! * **Order**: `issue_date` descending, ties by `id` ascending.
//! * **Not yet**: `sort` and filters; any parameter other than `page`,
//!   `take` and `fields` is a 400 envelope naming it in `data`.
//! * Unknown paths are a 404 envelope, other methods a 405 envelope, both
//!   after the key check. The server binds 127.0.0.1 only.
//!
//! ## Use
//!
//! ```no_run
//! # async fn demo() -> workdesk_sandbox::Result<()> {
//! let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config::default()).await?;
//! let url = format!("{}/account_payable/invoice/?take=50", sandbox.base_url());
//! let key = &sandbox.keys().workspace_a; // send as `Authorization: Bearer {key}`
//! # let _ = (url, key);
//! sandbox.shutdown().await;
//! # Ok(())
//! # }
//! ```
//!
//! The `workdesk-sandbox` binary does the same from the command line and
//! prints [`Running::announcement`] as one JSON line.

mod absolute_url;
mod access;
mod auth;
mod config;
mod dataset;
mod envelope;
mod error;
mod keys;
mod model;
mod pagination;
mod projection;
mod query;
mod rate_limit;
mod router;
mod seed;
mod server;
mod state;
mod supplier_invoices;

pub use config::{Config, RateLimit, DEFAULT_SEED};
pub use error::{Error, FieldErrors, Result};
pub use keys::Keys;
pub use server::{start, Running};

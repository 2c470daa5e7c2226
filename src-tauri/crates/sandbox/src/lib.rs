//! # Workdesk sandbox
//!
//! A local reference server of the Workspace Business Management Service
//! (`docs/service.md`). Every test, benchmark and the in-app demo talk to
//! it instead of the real service, so wherever the vendor's description
//! leaves behaviour open it does what `docs/service.md`, "Tolerance", says
//! the sandbox does — one definite, DRF-like choice per topic, while the
//! client stays tolerant of every variant. The crate's
//! `README.md` lists every endpoint, flag and fixed choice.
//!
//! ## What it serves
//!
//! * The lists of all eight resources of `workdesk_query::resources`
//!   (supplier and customer invoices, sales quotes, products, tasks, leads,
//!   stakeholders, customers) at their `Schema::path`, with `page`, `take`,
//!   `fields`, `sort` and filters evaluated by the shared filter engine
//!   `workdesk_query`, inside the envelope `{"message", "error", "data"}`
//!   whose `data` is the page object `{"count", "next", "previous",
//!   "results"}`.
//! * Create task, patch lead, create stakeholder, get customer, delete
//!   stakeholder (soft), and the assumed reads of one lead, task or
//!   stakeholder. Bodies as JSON, form or multipart.
//! * Two workspaces generated from one `u64` seed ([`Config::seed`]):
//!   `workspace_a` with [`Config::invoices`] supplier invoices (default
//!   2,437) and [`Config::leads`] leads (default 80), `workspace_b` with
//!   318 supplier invoices and 25 leads, and every other resource, with Spanish
//!   and English names with accents. The same seed gives the same records,
//!   keys and [`Ids`] on every run.
//!
//! ## Fixed choices (docs/service.md, "Tolerance")
//!
//! * **Keys**: `Authorization: Bearer service_<40 letters/digits>`; stored
//!   as SHA-256 digests, bound to a workspace and a member. Seeded: one
//!   valid key per workspace, one expired, one disabled and one deleted key,
//!   and a read-only key (see [`Keys`]). Each refusal is a 401 envelope
//!   whose `message` says which (missing, invalid, expired, disabled,
//!   deleted), with `WWW-Authenticate: Bearer`. A key only ever sees its own
//!   workspace. With the read-only key (a viewer), a write or a read of
//!   accounts payable is a 403 envelope ("You do not have permission to
//!   perform this action."); its other reads work.
//! * **Rate limit**: a fixed window per key starting at its first request,
//!   default 1000 requests per 3600 s ([`RateLimit`]). Every response to an
//!   accepted key carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
//!   `X-RateLimit-Reset` (Unix epoch seconds); over the limit is a 429
//!   envelope with `Retry-After` in seconds.
//! * **Lists**: unknown `fields` / `sort` / filter names and bad filter
//!   values are a 400 with DRF-style `data`; then a `page` that is not a
//!   positive integer or is past the last page is a 404 "Invalid page.";
//!   `next` / `previous` are absolute URLs keeping every other parameter.
//! * **Writes**: 201 / 200 / 200 with `{}`; validation failures are 400
//!   with `data` = field → messages; missing records 404; deletes are soft.
//!
//! ## Test support
//!
//! * **Faults** ([`Fault`], [`Config::faults`], [`Config::fault`]): latency,
//!   dropped connections, 401 (a key revoked since), 403, 500/502/503,
//!   truncated and non-JSON bodies,
//!   an HTML error page, 429 storms — per request with `X-Sandbox-Fault`,
//!   for the next N requests with `POST /_sandbox/faults` (or the next N
//!   to one path, with one method: one lead's `PATCH` refused among many),
//!   or always.
//! * **Journal** ([`Config::journal`]): `GET /_sandbox/requests` lists the
//!   last 1,000 API requests (method, path, query, content type, parsed
//!   body, status; never the key, and anything that looks like a key
//!   redacted). It never changes an answer.
//!
//! ## Use
//!
//! ```no_run
//! # async fn demo() -> workdesk_sandbox::Result<()> {
//! let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config::default()).await?;
//! let url = format!("{}/account_payable/invoice/?take=50", sandbox.base_url());
//! let key = &sandbox.keys().workspace_a; // send as `Authorization: Bearer {key}`
//! let lead = sandbox.ids().lead; // PATCH {base_url}/crm/lead/{lead}/
//! # let _ = (url, key, lead);
//! sandbox.shutdown().await;
//! # Ok(())
//! # }
//! ```
//!
//! The `workdesk-sandbox` binary does the same from the command line and
//! prints [`Running::announcement`] as one JSON line.

#![warn(missing_docs)]

mod absolute_url;
mod access;
mod auth;
mod body;
mod clock;
mod config;
mod data;
mod endpoints;
mod envelope;
mod error;
mod fault;
mod host;
mod ids;
mod injection;
mod journal;
mod keys;
mod messages;
mod pagination;
mod rate_limit;
mod router;
mod seed;
mod server;
mod state;
mod validate;

pub use config::{Config, DEFAULT_INVOICES, DEFAULT_LEADS, DEFAULT_SEED};
pub use error::{Error, FieldErrors, Result};
pub use fault::Fault;
pub use ids::Ids;
pub use keys::Keys;
pub use rate_limit::RateLimit;
pub use server::{start, start_seeding, Running, Serving};

/// Builds the dataset of [`DEFAULT_SEED`] with the default sizes (both
/// workspaces, as [`start_seeding`] does before answering) and returns it,
/// opaque. For the `seed` benchmark only (`benches/seed.rs`); not part of
/// the crate's interface.
#[doc(hidden)]
#[must_use]
pub fn build_default_dataset_for_bench() -> impl Sized {
    seed::build(DEFAULT_SEED, seed::Sizes::default())
}

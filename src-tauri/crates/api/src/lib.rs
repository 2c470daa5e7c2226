//! Typed client for the Workspace Business Management Service REST API
//! (v1, `docs/service.md`), tolerant in what it receives (`docs/service.md`,
//! "Tolerance") and strict in what it sends.
//!
//! - **Operations** ([`Client`]): the lists of every resource
//!   (`list_supplier_invoices`, `list_customer_invoices`, `list_sales_quotes`,
//!   `list_products`, `list_tasks`, `list_leads`, `list_stakeholders`,
//!   `list_customers`, generic [`Client::list`], or any resource by
//!   [`ResourceName`] as JSON objects with [`Client::list_view`] and
//!   [`Client::get_record`]), all pages as a stream
//!   ([`Client::pages`]), [`Client::create_task`], [`Client::patch_lead`],
//!   [`Client::create_stakeholder`], [`Client::get_customer`],
//!   [`Client::delete_stakeholder`], and the reads `get_lead`, `get_task`,
//!   `get_stakeholder`. Bodies go as JSON, form or multipart
//!   ([`BodyEncoding`], per client or per handle).
//! - **Queries** ([`ListRequest`]): page, take, fields, multi-key sort,
//!   filters with every operator, `or__`/`not__` and related paths, checked
//!   against the resource schema of the shared filter engine
//!   ([`workdesk_query`]) before anything is sent, and encoded canonically.
//! - **Records** ([`records`]): every field optional, unknown fields kept in
//!   `extra`, decimals exact ([`rust_decimal::Decimal`]), date-times kept as
//!   sent ([`Timestamp`]), unknown enumeration codes kept.
//! - **Rate limits** ([`RateLimit`]): every response's `X-RateLimit-*`
//!   headers (Reset in any format of `docs/service.md`, "Rate limits"), the
//!   latest kept in [`Client::rate_limit`] /
//!   [`Client::subscribe_rate_limit`].
//! - **Errors**: one [`Error`] enum to match on.
//! - **Trouble**: reads are retried after connection failures, 502/503/504
//!   and near 429s with exponential backoff and jitter, bounded in count and
//!   time ([`RetryPolicy`]); writes are never retried once they may have
//!   reached the service, and say so when they time out. Connect and total
//!   timeouts are set in [`ClientConfig`].
//!
//! The API key is an [`ApiKey`]: its `Debug` is redacted, it cannot be
//! serialized, and it is only ever sent in the `Authorization` header to the
//! configured [`BaseUrl`] (HTTPS, or plain HTTP to loopback only): redirects
//! are not followed and `next` links to another origin are refused. Texts
//! the service echoes into errors are scrubbed of it.
//!
//! ## Crates chosen
//! - [`backon`] for retries: maintained, small (no runtime of its own,
//!   `tokio::time::sleep` plugged in), with exponential backoff, jitter,
//!   a retry limit, a `when` filter for retryable errors and an `adjust`
//!   hook that lets a 429's `Retry-After` / reset instant replace the
//!   backoff delay or stop retrying — everything the policy needs without a
//!   hand-written loop. (`backoff` is unmaintained; `tokio-retry` has no
//!   per-error delay.)
//! - [`futures_util`]'s `stream::try_unfold` for the page stream: the
//!   stream trait everyone uses, no macro crate needed.
//! - `tokio::sync::watch` for the rate-limit state: latest value plus change
//!   notification, already in the dependency tree.
//!
//! ```no_run
//! # async fn demo() -> workdesk_api::Result<()> {
//! use workdesk_api::{ApiKey, BaseUrl, Client, ListRequest, Operator, Order, SupplierInvoice, Take};
//! let client = Client::new(
//!     BaseUrl::parse("https://api.example.com")?,
//!     ApiKey::parse("service_0123456789abcdefghijklmnopqrstuv")?,
//! )?;
//! let request = ListRequest::<SupplierInvoice>::new()
//!     .take(Take::Count(50))
//!     .sort("total", Order::Descending)
//!     .filter("operation_status", Operator::In, ["PR", "CO"]);
//! let page = client.list_supplier_invoices(&request).await?;
//! println!("{} of {} supplier invoices", page.results.len(), page.count);
//! println!("{:?} requests left", client.rate_limit().remaining);
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

mod base_url;
mod body;
mod client;
mod config;
mod connection;
mod envelope;
mod error;
mod input;
mod list;
mod list_request;
mod list_view;
mod operations;
mod pages;
mod patch;
mod proxy;
mod rate_limit;
pub mod records;
mod resource_name;
mod response;
mod retry;
mod tolerant;

pub use base_url::BaseUrl;
pub use client::Client;
pub use config::{BodyEncoding, ClientConfig, RetryPolicy, MAX_BODY_BYTES};
pub use connection::Connection;
pub use envelope::Envelope;
pub use error::{BaseUrlProblem, Error, FieldErrors, Result, UnauthorizedReason};
pub use error::{CertificateProblem, ProxyProblem};
pub use input::{LeadPatch, NewStakeholder, NewTask};
pub use list::{Page, PageView, Take, TAKE_DEFAULT, TAKE_MAX};
pub use list_request::{FilterValue, ListRequest, Order};
pub use list_view::{
    key_problems_by_condition, FilterSpec, ListView, SortSpec, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH,
};
pub use patch::Patch;
pub use proxy::ProxyUrl;
pub use rate_limit::RateLimit;
pub use records::json_record::JsonRecord;
pub use records::{
    AuditStatus, CalendarDate, Customer, CustomerInvoice, DocumentType, Lead, OperationStatus,
    Product, Resource, SalesQuote, Stakeholder, SupplierInvoice, Task, Timestamp,
};
pub use resource_name::ResourceName;
pub use response::mask_keys;
pub use tolerant::{MAX_COUNT, UNREADABLE};
pub use workdesk_key::{ApiKey, KeyProblem, KEY_PREFIX};
pub use workdesk_query::{
    resources, Field, FieldKind, FieldType, Operator, Problem, Schema, ValidationErrors,
};

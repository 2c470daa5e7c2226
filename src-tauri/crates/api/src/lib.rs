//! Typed client for the Workspace Business Management Service REST API
//! (v1, `docs/service.md`), tolerant in what it receives (`docs/service.md`,
//! "Tolerance") and strict in what it sends.
//!
//! - **Operations** ([`Client`]): the list of any resource by
//!   [`ResourceName`] as a [`ListView`] asks for it ([`Client::list_view`],
//!   or [`Client::list_checked`] for a view checked once), one record by id
//!   ([`Client::get_record`]), [`Client::create_task`],
//!   [`Client::patch_lead`] with [`Client::get_lead`],
//!   [`Client::create_stakeholder`] and [`Client::delete_stakeholder`].
//!   Bodies go as JSON, form or multipart ([`BodyEncoding`], per client or
//!   per handle).
//! - **Queries** ([`ListView`] → [`CheckedView`]): page, take, fields,
//!   multi-key sort, filters with every operator, `or__`/`not__` and
//!   related paths, checked once against the resource schema of the
//!   shared filter engine ([`workdesk_query`]) before anything is sent,
//!   and encoded canonically.
//! - **Records** ([`JsonRecord`], [`records`]): every field read by its
//!   schema type, a bad value `null` instead of a failed page, unknown
//!   fields kept, decimals exact strings, date-times and unknown
//!   enumeration codes kept as sent; typed [`Task`], [`Lead`] and
//!   [`Stakeholder`] for the writes.
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
//! are not followed, and neither is a page's `next` link (pages are asked
//! for by number). Texts the service echoes into errors are scrubbed of it.
//!
//! ## Crates chosen
//! - [`backon`] for retries: maintained, small (no runtime of its own,
//!   `tokio::time::sleep` plugged in), with exponential backoff, jitter,
//!   a retry limit, a `when` filter for retryable errors and an `adjust`
//!   hook that lets a 429's `Retry-After` / reset instant replace the
//!   backoff delay or stop retrying — everything the policy needs without a
//!   hand-written loop. (`backoff` is unmaintained; `tokio-retry` has no
//!   per-error delay.)
//! - `tokio::sync::watch` for the rate-limit state: latest value plus change
//!   notification, already in the dependency tree.
//!
//! ```no_run
//! # async fn demo() -> workdesk_api::Result<()> {
//! use workdesk_api::{ApiKey, BaseUrl, Client, FilterSpec, ListView, Operator, ResourceName, SortSpec, Take};
//! let client = Client::new(
//!     BaseUrl::parse("https://api.example.com")?,
//!     ApiKey::parse("service_0123456789abcdefghijklmnopqrstuv")?,
//! )?;
//! let view = ListView {
//!     take: Take::Count(50),
//!     sort: vec![SortSpec { field: "total".into(), descending: true }],
//!     filters: vec![FilterSpec {
//!         or: false,
//!         not: false,
//!         field: "operation_status".into(),
//!         operator: Operator::In,
//!         values: vec!["PR".into(), "CO".into()],
//!     }],
//!     ..ListView::default()
//! };
//! let page = client.list_view(ResourceName::SupplierInvoice, &view).await?;
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
mod list_view;
mod operations;
mod patch;
mod proxy;
mod rate_limit;
pub mod records;
pub mod relative_date;
mod resource_name;
mod response;
mod retry;
mod tls;
mod tolerant;

pub use base_url::{is_loopback, BaseUrl};
pub use client::{Client, Refusal};
pub use config::{BodyEncoding, ClientConfig, RetryPolicy, MAX_BODY_BYTES};
pub use connection::Connection;
pub use envelope::Envelope;
pub use error::{BaseUrlProblem, Error, FieldErrors, Result, UnauthorizedReason};
pub use error::{CertificateProblem, ProxyProblem};
pub use input::{too_long, LeadPatch, NewStakeholder, NewTask, TEXT_FIELD_MAX_CHARS};
pub use list::{Page, Take, TAKE_DEFAULT, TAKE_MAX};
pub use list_view::{
    CheckedView, FilterSpec, ListView, SortSpec, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH,
};
pub use patch::Patch;
pub use proxy::ProxyUrl;
pub use rate_limit::RateLimit;
pub use records::json_record::{json_record_of, read_fields, JsonRecord};
pub use records::{
    AuditStatus, CalendarDate, DocumentType, Lead, OperationStatus, Resource, Stakeholder, Task,
    Timestamp,
};
pub use relative_date::{RelativeDate, LAST_DAYS_MAX};
pub use resource_name::ResourceName;
pub use response::mask_keys;
pub use tls::crypto_provider;
pub use tolerant::{MAX_COUNT, UNREADABLE};
pub use workdesk_key::{ApiKey, KeyProblem, KEY_PREFIX};
pub use workdesk_query::{
    resources, Field, FieldKind, FieldType, Operator, Problem, Reason, Schema, ValidationErrors,
};

//! Typed client for the Workspace Business Management Service REST API
//! (`shared/spec/service-api.md`, v1).
//!
//! The client is *tolerant* in the ways `shared/spec/conventions.md` asks:
//! records with missing or unknown fields still parse, error responses with or
//! without the `{message, error, data}` envelope are understood, and a body
//! that is not JSON becomes a clear [`Error::UnexpectedBody`] rather than a
//! crash.
//!
//! The API key is a [`ApiKey`]: its `Debug` is redacted, it cannot be
//! serialized, and it is only ever sent in the `Authorization` header to the
//! configured [`BaseUrl`] (HTTPS, or plain HTTP to loopback only).
//!
//! ```no_run
//! # async fn demo() -> workdesk_api::Result<()> {
//! use workdesk_api::{ApiKey, BaseUrl, Client, ListQuery, Take};
//! let client = Client::new(
//!     BaseUrl::parse("https://api.example.com")?,
//!     ApiKey::parse("service_0123456789abcdefghijklmnopqrstuv")?,
//! )?;
//! let page = client
//!     .list_supplier_invoices(&ListQuery { page: 1, take: Take::Count(50) })
//!     .await?;
//! println!("{} supplier invoices", page.count);
//! # Ok(()) }
//! ```

mod base_url;
mod client;
mod envelope;
mod error;
mod key;
mod list;
mod response;
pub mod supplier_invoice;

pub use base_url::BaseUrl;
pub use client::Client;
pub use envelope::Envelope;
pub use error::{Error, Result};
pub use key::ApiKey;
pub use list::{ListQuery, Page, Take, TAKE_DEFAULT, TAKE_MAX};
pub use supplier_invoice::SupplierInvoice;

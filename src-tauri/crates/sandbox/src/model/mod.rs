//! Records served by the sandbox, serialised exactly as service-api.md
//! ("Resources and their fields") describes them.

mod enums;
mod supplier_invoice;
mod timestamp;

pub(crate) use enums::{AuditStatus, DocumentType, OperationStatus};
pub(crate) use supplier_invoice::SupplierInvoice;
pub(crate) use timestamp::Timestamp;

/// A record type of a list endpoint.
pub(crate) trait Record: serde::Serialize {
    /// Every field name the record serialises, in the spec's table order.
    /// `fields=` selections are validated against it and emitted in this order.
    const FIELDS: &'static [&'static str];
}

//! Enumerations of service-api.md ("Enumerations"), serialised as their codes.

use serde::Serialize;

/// `operation_status` of invoices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub(crate) enum OperationStatus {
    /// `PR`
    #[serde(rename = "PR")]
    Provisional,
    /// `CO`
    #[serde(rename = "CO")]
    Complete,
    /// `ER`
    #[serde(rename = "ER")]
    Error,
}

/// `audit_status` of records. Listed records are never `D` (deleted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub(crate) enum AuditStatus {
    /// `C`
    #[serde(rename = "C")]
    Created,
    /// `U`
    #[serde(rename = "U")]
    Updated,
}

/// `document_type` of supplier invoices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub(crate) enum DocumentType {
    /// `ADV`
    #[serde(rename = "ADV")]
    Advance,
    /// `INV`
    #[serde(rename = "INV")]
    Invoice,
    /// `CRN`
    #[serde(rename = "CRN")]
    CreditNote,
}

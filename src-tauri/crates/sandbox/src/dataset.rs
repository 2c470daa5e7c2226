//! The in-memory data the sandbox serves: two isolated workspaces.

use std::sync::Arc;

use uuid::Uuid;

use crate::model::SupplierInvoice;

/// One of the two seeded workspaces (conventions.md, "Keys").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum WorkspaceId {
    /// `workspace_a`: the large one (about 2,400 supplier invoices).
    A,
    /// `workspace_b`: the small one (a few hundred supplier invoices).
    B,
}

/// A supplier record; only its id is exposed (as `supplier` on invoices), its
/// name backs the `supplier__name` related filter.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Supplier {
    pub id: Uuid,
    pub name: Arc<str>,
}

/// A supplier invoice together with the related values filters may address.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct InvoiceEntry {
    /// The record as served.
    pub invoice: SupplierInvoice,
    /// `supplier__name`: name of `invoice.supplier`. Not serialised.
    // Read by the `supplier__name` filter (next issue) and the seed's tests.
    #[allow(dead_code)]
    pub supplier_name: Arc<str>,
}

/// Everything one workspace holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Workspace {
    /// Members; keys are bound to one of them, records are created by them.
    pub members: Vec<Uuid>,
    /// Suppliers referenced by the invoices.
    // Read by the seed's tests; later by supplier endpoints.
    #[allow(dead_code)]
    pub suppliers: Vec<Supplier>,
    /// Supplier invoices in the default list order: `issue_date` descending,
    /// ties by `id` ascending.
    pub invoices: Vec<InvoiceEntry>,
}

/// Both workspaces.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Dataset {
    pub a: Workspace,
    pub b: Workspace,
}

impl Dataset {
    /// The workspace with this id.
    pub fn workspace(&self, id: WorkspaceId) -> &Workspace {
        match id {
            WorkspaceId::A => &self.a,
            WorkspaceId::B => &self.b,
        }
    }
}

//! The in-memory data the sandbox serves: two isolated workspaces, each
//! with a [`Table`] per resource and the reference records they point at.

mod cell;
mod row;
mod table;

use std::sync::Arc;

use uuid::Uuid;
use workdesk_query::Schema;

pub(crate) use cell::ToCell;
pub(crate) use row::Row;
pub(crate) use table::Table;

/// One of the two seeded workspaces (docs/service.md, "Key lifecycle").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum WorkspaceId {
    /// `workspace_a`: the large one (2,437 supplier invoices by default).
    A,
    /// `workspace_b`: the small one (318 supplier invoices).
    B,
}

/// A reference record known by id and name (a supplier, a geographic
/// location). Not listed itself; its id appears on records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Named {
    pub id: Uuid,
    pub name: Arc<str>,
}

/// A business party records name by id: a supplier of supplier invoices,
/// a customer of customer invoices and sales quotes. Filters reach its
/// `name` and `document_number` (`supplier__name`,
/// `customer__document_number`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Party {
    pub id: Uuid,
    pub name: Arc<str>,
    /// Its tax id (NIT) or identity document's number.
    pub document_number: Arc<str>,
}

/// A document type a stakeholder's `document_type` may reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DocumentType {
    pub id: Uuid,
    /// Its short code (`"CC"`, `"NIT"`), what `document_type__code` reads.
    pub code: &'static str,
    /// Shown as the stakeholder's `document_type_name` (`"Cédula de ciudadanía"`).
    pub name: &'static str,
    /// Documents of companies (tax ids) make `is_company` true.
    pub is_company: bool,
}

/// Everything one workspace holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Workspace {
    /// Members; keys are bound to one of them, records are created by them.
    pub members: Vec<Uuid>,
    /// Suppliers referenced by supplier invoices (`supplier__name`).
    pub suppliers: Vec<Party>,
    /// Document types of stakeholders.
    pub document_types: Vec<DocumentType>,
    /// Geographic locations of stakeholders.
    pub geographic_locations: Vec<Named>,
    /// One table per resource of `workdesk_query::resources::ALL`.
    tables: Vec<Table>,
}

impl Workspace {
    /// A workspace with these reference records and tables (one per resource).
    pub fn new(
        members: Vec<Uuid>,
        suppliers: Vec<Party>,
        document_types: Vec<DocumentType>,
        geographic_locations: Vec<Named>,
        tables: Vec<Table>,
    ) -> Workspace {
        debug_assert_eq!(tables.len(), workdesk_query::resources::ALL.len());
        Workspace {
            members,
            suppliers,
            document_types,
            geographic_locations,
            tables,
        }
    }

    /// The table of `schema`.
    ///
    /// # Panics
    ///
    /// If the workspace has no table for it (every resource has one).
    pub fn table(&self, schema: &Schema) -> &Table {
        self.tables
            .iter()
            .find(|table| table.schema.resource == schema.resource)
            .expect("a table per resource")
    }

    /// The table of `schema`, for changing it.
    ///
    /// # Panics
    ///
    /// If the workspace has no table for it (every resource has one).
    pub fn table_mut(&mut self, schema: &Schema) -> &mut Table {
        self.tables
            .iter_mut()
            .find(|table| table.schema.resource == schema.resource)
            .expect("a table per resource")
    }
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

    /// The workspace with this id, for changing it.
    pub fn workspace_mut(&mut self, id: WorkspaceId) -> &mut Workspace {
        match id {
            WorkspaceId::A => &mut self.a,
            WorkspaceId::B => &mut self.b,
        }
    }
}

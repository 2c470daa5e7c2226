//! One known id of each kind in `workspace_a`, announced on start-up so that
//! tests and scripts can address single records without listing first.

use serde::Serialize;
use uuid::Uuid;
use workdesk_query::resources;

use crate::data::Dataset;
use crate::keys::{KeyStore, Keys};

/// Ids of `workspace_a` records, serialised as uuid strings under these
/// names in the start-up line (`"ids": {"lead", …}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ids {
    /// A lead (`PATCH /crm/lead/{id}/`).
    pub lead: Uuid,
    /// A customer (`GET /stakeholder/customer/{id}/`).
    pub customer: Uuid,
    /// A stakeholder that no customer refers to
    /// (`DELETE /stakeholder/stakeholder/{id}/`).
    pub stakeholder: Uuid,
    /// A document type for `POST /stakeholder/stakeholder/` (a person's
    /// document, "Cédula de ciudadanía").
    pub document_type: Uuid,
    /// A geographic location for `POST /stakeholder/stakeholder/`.
    pub geographic_location: Uuid,
    /// The member the `workspace_a` key is bound to: `created_by` /
    /// `updated_by` of what that key changes.
    pub member: Uuid,
}

impl Ids {
    /// The first lead, customer and unreferenced stakeholder of workspace A
    /// in default list order, its first document type and location, and the
    /// member of `keys.workspace_a`.
    ///
    /// # Panics
    ///
    /// If the seed left one of them out (it never does).
    pub(crate) fn of(dataset: &Dataset, keys: &Keys, store: &KeyStore) -> Ids {
        let a = &dataset.a;
        let first = |schema| a.table(schema).live().next().expect("seeded").id();
        let customers: Vec<String> = a
            .table(&resources::CUSTOMER)
            .live()
            .filter_map(|c| c.value("stakeholder").as_str().map(str::to_owned))
            .collect();
        let stakeholder = a
            .table(&resources::STAKEHOLDER)
            .live()
            .find(|s| !customers.contains(&s.id().to_string()))
            .expect("a stakeholder that is no customer")
            .id();
        Ids {
            lead: first(&resources::LEAD),
            customer: first(&resources::CUSTOMER),
            stakeholder,
            document_type: a.document_types[0].id,
            geographic_location: a.geographic_locations[0].id,
            member: store
                .find(&keys.workspace_a)
                .expect("the workspace_a key is stored")
                .1
                .member,
        }
    }
}

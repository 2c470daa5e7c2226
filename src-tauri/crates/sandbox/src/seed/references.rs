//! The records a workspace's records point at: members, suppliers, branch
//! offices, document types, geographic locations and the small reference
//! tables (accounts, cost centres, ...).

use std::sync::Arc;

use rand::Rng;
use uuid::Uuid;

use super::catalog::{SupplierProfile, WorkspaceProfile};
use super::names::DOCUMENT_TYPES;
use super::uuid;
use crate::data::{DocumentType, Named, Party};

/// A supplier with the ids its invoices carry.
pub(crate) struct SupplierRef {
    pub supplier: Party,
    pub profile: &'static SupplierProfile,
    /// `supplier_detail`.
    pub detail: Uuid,
    /// `supplier_type` (domestic or foreign company).
    pub supplier_type: Uuid,
    /// Its first `invoice_number` in the seeded period.
    pub first_number: u32,
}

/// A branch office and its location.
#[derive(Clone, Copy)]
pub(crate) struct BranchOffice {
    pub id: Uuid,
    pub location: Uuid,
}

/// Everything a workspace's records reference.
pub(crate) struct References {
    pub members: Vec<Uuid>,
    pub suppliers: Vec<SupplierRef>,
    pub branch_offices: Vec<BranchOffice>,
    pub accounts: Vec<Uuid>,
    pub cost_centers: Vec<Uuid>,
    pub commercial_conditions: Vec<Uuid>,
    pub discount_types: Vec<Uuid>,
    pub trade_terms: Vec<Uuid>,
    pub exchange_rates: Vec<Uuid>,
    pub document_types: Vec<DocumentType>,
    pub geographic_locations: Vec<Named>,
    /// `customer_status` of customers.
    pub customer_statuses: Vec<Uuid>,
    pub price_list_types: Vec<Uuid>,
    pub warehouses: Vec<Uuid>,
    pub cash_registers: Vec<Uuid>,
}

impl References {
    /// Draws the references of a workspace shaped like `profile`.
    pub fn draw(profile: &'static WorkspaceProfile, rng: &mut impl Rng) -> Self {
        let members = uuids(rng, profile.members);
        let supplier_types = [uuid(rng), uuid(rng)];
        let suppliers = profile
            .suppliers
            .iter()
            .map(|p| SupplierRef {
                supplier: Party {
                    id: uuid(rng),
                    name: Arc::from(p.name),
                    document_number: Arc::from(nit_of(p.name).as_str()),
                },
                profile: p,
                detail: uuid(rng),
                supplier_type: supplier_types[usize::from(p.foreign)],
                first_number: rng.random_range(1_000..90_000),
            })
            .collect();
        let branch_offices = (0..profile.branch_offices)
            .map(|_| BranchOffice {
                id: uuid(rng),
                location: uuid(rng),
            })
            .collect();
        References {
            members,
            suppliers,
            branch_offices,
            accounts: uuids(rng, 5),
            cost_centers: uuids(rng, 4),
            commercial_conditions: uuids(rng, 4),
            discount_types: uuids(rng, 2),
            trade_terms: uuids(rng, 3),
            exchange_rates: uuids(rng, 12),
            document_types: DOCUMENT_TYPES
                .iter()
                .map(|&(code, name, is_company)| DocumentType {
                    id: uuid(rng),
                    code,
                    name,
                    is_company,
                })
                .collect(),
            geographic_locations: profile
                .cities
                .iter()
                .map(|&city| Named {
                    id: uuid(rng),
                    name: Arc::from(city),
                })
                .collect(),
            customer_statuses: uuids(rng, 3),
            price_list_types: uuids(rng, 2),
            warehouses: uuids(rng, 3),
            cash_registers: uuids(rng, 2),
        }
    }
}

/// A supplier's tax id (NIT, `900123456-7`), worked out from its name so
/// that the seed's random draws stay as they were: nine digits from an
/// FNV-1a hash of the name, then a check digit.
fn nit_of(name: &str) -> String {
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    let number = 800_000_000 + hash % 200_000_000;
    format!("{number}-{}", number % 11 % 10)
}

fn uuids(rng: &mut impl Rng, count: usize) -> Vec<Uuid> {
    (0..count).map(|_| uuid(rng)).collect()
}

//! Deterministic generation of the dataset and keys from one `u64` seed.
//!
//! Each consumer draws from its own `ChaCha8` stream of the seed ([`Stream`]), so
//! changing how one workspace is generated never changes the keys or the
//! other workspace.

mod amounts;
mod catalog;
mod invoices;
mod references;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use uuid::Uuid;

use crate::dataset::{Dataset, Workspace};
use catalog::{WorkspaceProfile, WORKSPACE_A, WORKSPACE_B};
use references::References;

/// Independent random streams of one seed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Stream {
    /// API keys.
    Keys = 0,
    /// `workspace_a`.
    WorkspaceA = 1,
    /// `workspace_b`.
    WorkspaceB = 2,
}

/// The random generator of `stream` under `seed`.
pub(crate) fn rng(seed: u64, stream: Stream) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream as u64);
    rng
}

/// A random (version 4 layout) uuid drawn from `rng`.
pub(crate) fn uuid(rng: &mut impl RngCore) -> Uuid {
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    uuid::Builder::from_random_bytes(bytes).into_uuid()
}

/// One element of a non-empty slice, uniformly.
pub(crate) fn pick<T: Copy>(rng: &mut impl Rng, items: &[T]) -> T {
    items[rng.random_range(0..items.len())]
}

/// Builds both workspaces of `seed`. Same seed, same dataset.
pub(crate) fn build(seed: u64) -> Dataset {
    Dataset {
        a: workspace(&WORKSPACE_A, &mut rng(seed, Stream::WorkspaceA)),
        b: workspace(&WORKSPACE_B, &mut rng(seed, Stream::WorkspaceB)),
    }
}

fn workspace(profile: &'static WorkspaceProfile, rng: &mut ChaCha8Rng) -> Workspace {
    let references = References::draw(profile, rng);
    let invoices = invoices::draw(&references, profile.invoices, rng);
    Workspace {
        members: references.members.clone(),
        suppliers: references
            .suppliers
            .iter()
            .map(|s| s.supplier.clone())
            .collect(),
        invoices,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::model::{AuditStatus, DocumentType, OperationStatus};

    #[test]
    fn same_seed_same_dataset_other_seed_other_dataset() {
        let first = build(42);
        assert_eq!(first, build(42));
        assert_ne!(first.a.invoices[0], build(43).a.invoices[0]);
    }

    #[test]
    fn sizes_and_default_order() {
        let data = build(crate::DEFAULT_SEED);
        assert_eq!(data.a.invoices.len(), WORKSPACE_A.invoices);
        assert_eq!(data.b.invoices.len(), WORKSPACE_B.invoices);
        for pair in data.a.invoices.windows(2) {
            let (x, y) = (&pair[0].invoice, &pair[1].invoice);
            assert!(x.issue_date > y.issue_date || (x.issue_date == y.issue_date && x.id < y.id));
        }
    }

    #[test]
    fn covers_every_enumeration_value_and_nullable_variants() {
        let data = build(crate::DEFAULT_SEED);
        let invoices: Vec<_> = data.a.invoices.iter().map(|e| &e.invoice).collect();
        let has = |test: &dyn Fn(&crate::model::SupplierInvoice) -> bool| {
            invoices.iter().any(|i| test(i))
        };
        for t in [
            DocumentType::Advance,
            DocumentType::Invoice,
            DocumentType::CreditNote,
        ] {
            assert!(has(&|i| i.document_type == t));
        }
        for s in [
            OperationStatus::Provisional,
            OperationStatus::Complete,
            OperationStatus::Error,
        ] {
            assert!(has(&|i| i.operation_status == s));
        }
        for a in [AuditStatus::Created, AuditStatus::Updated] {
            assert!(has(&|i| i.audit_status == a));
        }
        assert!(has(&|i| i.prefix.is_none()) && has(&|i| i.prefix.is_some()));
        assert!(has(&|i| i.order_number.is_none()) && has(&|i| i.order_number.is_some()));
        assert!(has(&|i| i.updated_at.is_none()) && has(&|i| i.updated_at.is_some()));
        assert!(invoices
            .iter()
            .all(|i| i.custom_fields.is_none() && i.deleted_at.is_none()));
        let first = invoices.iter().map(|i| i.issue_date).min().unwrap();
        let last = invoices.iter().map(|i| i.issue_date).max().unwrap();
        assert_eq!(first.to_string()[..7], *"2024-11");
        assert_eq!(last.to_string()[..7], *"2026-10");
    }

    #[test]
    fn supplier_names_are_related_and_one_is_acme() {
        let data = build(crate::DEFAULT_SEED);
        let suppliers = &data.a.suppliers;
        assert!((8..=12).contains(&suppliers.len()));
        assert!(suppliers.iter().any(|s| s.name.contains("Acme")));
        for entry in &data.a.invoices {
            let supplier = suppliers
                .iter()
                .find(|s| s.id == entry.invoice.supplier)
                .unwrap();
            assert_eq!(supplier.name, entry.supplier_name);
        }
        let ids_a: HashSet<_> = data.a.invoices.iter().map(|e| e.invoice.id).collect();
        assert!(data
            .b
            .invoices
            .iter()
            .all(|e| !ids_a.contains(&e.invoice.id)));
    }

    #[test]
    fn names_and_operation_numbers_are_unique() {
        let data = build(crate::DEFAULT_SEED);
        let names: HashSet<_> = data
            .a
            .invoices
            .iter()
            .map(|e| e.invoice.name.as_str())
            .collect();
        let numbers: HashSet<_> = data
            .a
            .invoices
            .iter()
            .map(|e| e.invoice.operation_number)
            .collect();
        assert_eq!(names.len(), data.a.invoices.len());
        assert_eq!(numbers.len(), data.a.invoices.len());
    }
}

//! The service's endpoints (docs/service.md, "Endpoints") and the assumed
//! reads (README, "Endpoints"): generic lists and single reads for every
//! resource, and the create / update / delete operations.

pub(crate) mod leads;
pub(crate) mod list;
pub(crate) mod records;
pub(crate) mod stakeholders;
pub(crate) mod tasks;

use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use uuid::Uuid;
use workdesk_query::Schema;

use crate::data::Workspace;
use crate::error::{Error, FieldErrors, Result};

/// How messages name the records of one resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Noun {
    /// `"Lead"`, for one record (`"Lead retrieved."`).
    pub singular: &'static str,
    /// `"Leads"`, for a list (`"Leads retrieved."`).
    pub plural: &'static str,
}

/// A [`Noun`] for every resource of `workdesk_query::resources::ALL`,
/// keyed by `Schema::resource`.
const NOUNS: [(&str, Noun); 8] = [
    (
        "supplier_invoice",
        noun("Supplier invoice", "Supplier invoices"),
    ),
    (
        "customer_invoice",
        noun("Customer invoice", "Customer invoices"),
    ),
    ("sales_quote", noun("Sales quote", "Sales quotes")),
    ("product", noun("Product", "Products")),
    ("task", noun("Task", "Tasks")),
    ("lead", noun("Lead", "Leads")),
    ("stakeholder", noun("Stakeholder", "Stakeholders")),
    ("customer", noun("Customer", "Customers")),
];

const fn noun(singular: &'static str, plural: &'static str) -> Noun {
    Noun { singular, plural }
}

/// How messages name the records of `schema`.
///
/// # Panics
///
/// If [`NOUNS`] has no entry for the resource (a test checks that every
/// resource has one).
pub(crate) fn noun_of(schema: &Schema) -> Noun {
    NOUNS
        .iter()
        .find(|(resource, _)| *resource == schema.resource)
        .map(|(_, noun)| *noun)
        .unwrap_or_else(|| panic!("no noun for resource {:?}", schema.resource))
}

/// The record id of a `…/{id}/` path. A path that is not a uuid names no
/// record: 404, like DRF's `get_object`.
pub(crate) fn record_id(path: Result<Path<String>, PathRejection>) -> Result<Uuid> {
    let Path(text) = path.map_err(|_| Error::NotFound)?;
    Uuid::parse_str(&text).map_err(|_| Error::NotFound)
}

/// Adds DRF's "object does not exist" error to `field` when `value` (a
/// cleaned uuid cell) is not a member of `workspace`.
pub(crate) fn check_member(
    workspace: &Workspace,
    field: &str,
    value: &serde_json::Value,
    errors: &mut FieldErrors,
) {
    if let Some(text) = value.as_str() {
        let known = Uuid::parse_str(text).is_ok_and(|id| workspace.members.contains(&id));
        if !known {
            errors.add(field, does_not_exist(text));
        }
    }
}

/// DRF's message for a reference to a record that does not exist.
pub(crate) fn does_not_exist(id: &str) -> String {
    format!("Invalid pk \"{id}\" - object does not exist.")
}

#[cfg(test)]
mod tests {
    use workdesk_query::resources;

    use super::*;

    #[test]
    fn every_resource_has_exactly_one_noun() {
        for schema in resources::ALL {
            let matching = NOUNS
                .iter()
                .filter(|(resource, _)| *resource == schema.resource)
                .count();
            assert_eq!(matching, 1, "{}", schema.resource);
            assert!(!noun_of(schema).singular.is_empty());
        }
        for (resource, _) in NOUNS {
            assert!(resources::by_name(resource).is_some(), "{resource}");
        }
    }
}

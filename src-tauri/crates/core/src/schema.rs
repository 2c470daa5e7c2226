//! The resources' field schemas as the UI needs them to build columns, sort
//! keys and filters: the shared filter engine's schemas
//! (`workdesk_query::resources`), with the operators each field takes. The
//! kinds and operators are the engine's own types.

use serde::Serialize;
use specta::Type;
use workdesk_api::{Field, FieldKind, Operator, ResourceName};

/// The schema of one resource (`docs/service.md`, "Records").
#[derive(Debug, Clone, Serialize, Type)]
pub struct ResourceSchema {
    /// Spec name, `supplier_invoice`.
    pub resource: ResourceName,
    /// List endpoint path, `/account_payable/invoice/`.
    pub path: String,
    /// Fields in the order records list them.
    pub fields: Vec<FieldSchema>,
    /// Related records filters may reach as `relation__field`.
    pub relations: Vec<RelationSchema>,
}

/// A related record (`supplier` → `supplier__name`).
#[derive(Debug, Clone, Serialize, Type)]
pub struct RelationSchema {
    /// Relation name, which is also the referencing field's name.
    pub name: String,
    /// Its fields filters may address.
    pub fields: Vec<FieldSchema>,
}

/// One field.
#[derive(Debug, Clone, Serialize, Type)]
pub struct FieldSchema {
    /// Name in records and queries, `issue_date`.
    pub name: String,
    /// Value type, which decides formatting and the filter's value control.
    pub kind: FieldKind,
    /// Whether the value may be `null`.
    pub nullable: bool,
    /// Whether `sort` may name it.
    pub sortable: bool,
    /// Whether filters may address it.
    pub filterable: bool,
    /// For [`FieldKind::Choice`]: the codes (`PR`, `CO`, `ER`); else empty.
    pub choices: Vec<String>,
    /// The operators filters may use on it; empty when not filterable.
    pub operators: Vec<Operator>,
}

fn field(field: &Field) -> FieldSchema {
    FieldSchema {
        name: field.name.to_owned(),
        kind: field.kind.kind(),
        nullable: field.nullable,
        sortable: field.sortable,
        filterable: field.filterable,
        choices: field
            .kind
            .choices()
            .iter()
            .map(|c| (*c).to_owned())
            .collect(),
        operators: if field.filterable {
            field.kind.operators().collect()
        } else {
            Vec::new()
        },
    }
}

/// The schema of `resource`.
pub fn resource_schema(resource: ResourceName) -> ResourceSchema {
    let schema = resource.schema();
    ResourceSchema {
        resource,
        path: schema.path.to_owned(),
        fields: schema.fields.iter().map(field).collect(),
        relations: schema
            .relations
            .iter()
            .map(|relation| RelationSchema {
                name: relation.name.to_owned(),
                fields: relation.fields.iter().map(field).collect(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_follow_the_field_type() {
        let schema = resource_schema(ResourceName::SupplierInvoice);
        let ops = |name: &str| {
            schema
                .fields
                .iter()
                .find(|f| f.name == name)
                .unwrap()
                .operators
                .clone()
        };
        assert!(ops("total").contains(&Operator::Range));
        assert!(!ops("total").contains(&Operator::Icontains));
        assert!(ops("name").contains(&Operator::Icontains));
        assert_eq!(ops("custom_fields"), vec![Operator::Isnull]);
        let status = schema
            .fields
            .iter()
            .find(|f| f.name == "operation_status")
            .unwrap();
        assert_eq!((status.kind, status.choices.len()), (FieldKind::Choice, 3));
        assert_eq!(schema.relations[0].name, "supplier");
    }
}

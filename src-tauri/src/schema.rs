//! The resources' field schemas as the UI needs them to build columns, sort
//! keys and filters: the shared filter engine's schemas
//! (`workdesk_query::resources`), with the operators each field takes.

use serde::Serialize;
use specta::Type;
use workdesk_api::{Field, FieldType, FilterOperator, ResourceName};

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
    pub operators: Vec<FilterOperator>,
}

/// Value type of a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum FieldKind {
    /// Text.
    String,
    /// A record id or reference.
    Uuid,
    /// A whole number (JSON number).
    Integer,
    /// An exact decimal, sent as a string (`"1234.50"`).
    Decimal,
    /// An instant, RFC 3339 / ISO 8601.
    DateTime,
    /// A calendar date `YYYY-MM-DD`.
    Date,
    /// `true` / `false`.
    Boolean,
    /// One of `choices`.
    Choice,
    /// Any JSON (`custom_fields`).
    Json,
}

fn field(field: &Field) -> FieldSchema {
    let (kind, choices) = match field.kind {
        FieldType::String => (FieldKind::String, Vec::new()),
        FieldType::Uuid => (FieldKind::Uuid, Vec::new()),
        FieldType::Integer => (FieldKind::Integer, Vec::new()),
        FieldType::Decimal => (FieldKind::Decimal, Vec::new()),
        FieldType::DateTime => (FieldKind::DateTime, Vec::new()),
        FieldType::Date => (FieldKind::Date, Vec::new()),
        FieldType::Boolean => (FieldKind::Boolean, Vec::new()),
        FieldType::Enum(codes) => (
            FieldKind::Choice,
            codes.iter().map(|c| (*c).to_owned()).collect(),
        ),
        FieldType::Json => (FieldKind::Json, Vec::new()),
    };
    FieldSchema {
        name: field.name.to_owned(),
        kind,
        nullable: field.nullable,
        sortable: field.sortable,
        filterable: field.filterable,
        choices,
        operators: if field.filterable {
            field.kind.operators().map(FilterOperator::from).collect()
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
        assert!(ops("total").contains(&FilterOperator::Range));
        assert!(!ops("total").contains(&FilterOperator::Icontains));
        assert!(ops("name").contains(&FilterOperator::Icontains));
        assert_eq!(ops("custom_fields"), vec![FilterOperator::Isnull]);
        let status = schema
            .fields
            .iter()
            .find(|f| f.name == "operation_status")
            .unwrap();
        assert_eq!((status.kind, status.choices.len()), (FieldKind::Choice, 3));
        assert_eq!(schema.relations[0].name, "supplier");
    }
}

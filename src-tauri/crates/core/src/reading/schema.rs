//! The resources' field schemas as the UI needs them to build columns, sort
//! keys and filters: the shared filter engine's schemas
//! (`workdesk_query::resources`), with the operators each field takes. The
//! kinds and operators are the engine's own types.

use serde::Serialize;
use specta::Type;
use workdesk_api::{Field, FieldKind, ListView, Operator, ResourceName, Take};

use crate::reading::names::{named_fields, NamedField};
use crate::reading::pickers::{picker, references, Picker, Reference};

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
    /// The columns a list shows when the user chose none, in screen order
    /// (at most [`MAX_DEFAULT_COLUMNS`], never empty): what
    /// [`default_columns`] picks.
    pub default_columns: Vec<String>,
    /// The view the list starts with when nothing was kept, and goes back
    /// to on "Reset view" ([`default_view`]).
    pub default_view: ListView,
    /// The fields the list's search box looks in, most telling first
    /// (`workdesk_query::Schema::search`): what its placeholder names.
    pub search: Vec<String>,
    /// The related records' fields the search box also looks in, with the
    /// whole text, when connected (`supplier__name`,
    /// `supplier__document_number`; `workdesk_query::Schema::related_search`).
    pub related_search: Vec<String>,
    /// How a record picker finds and shows this resource's records
    /// ([`crate::reading::pickers::picker`]).
    pub picker: Picker,
    /// The fields of its records (or of its create or update body) that
    /// name another record, and where their pickers look
    /// ([`crate::reading::pickers::references`]); empty for most resources.
    pub references: Vec<Reference>,
    /// The fields holding a reference the app names (or says it cannot),
    /// shown by name in lists and details
    /// ([`crate::reading::names::named_fields`]).
    pub named: Vec<NamedField>,
    /// The changes to many records its list offers over the rows selected
    /// ([`bulk_changes`]); empty for most resources.
    pub bulk: Vec<BulkChange>,
}

/// At most this many columns show by default.
pub const MAX_DEFAULT_COLUMNS: usize = 9;

/// Audit and ownership fields nobody browses by: never a default column.
const NOISE: [&str; 7] = [
    "id",
    "member",
    "created_by",
    "updated_by",
    "deleted_by",
    "deleted_at",
    "custom_fields",
];

/// Default columns only when there is room for them.
const LOW_PRIORITY: [&str; 4] = [
    "created_at",
    "updated_at",
    "audit_status",
    "status_description",
];

/// The columns accountants look at first, in the order they read them,
/// where the generic rule would pick the wrong ones (invoices have 20-odd
/// plain fields): for invoices the name, the date, the document type, the
/// status and the total, so that the total shows without scrolling in a
/// 1280-pixel window.
fn preferred(resource: ResourceName) -> &'static [&'static str] {
    match resource {
        ResourceName::SupplierInvoice => &[
            "name",
            "issue_date",
            "document_type",
            "operation_status",
            "total",
            "invoice_number",
        ],
        ResourceName::CustomerInvoice => &[
            "name",
            "operation_date",
            "operation_status",
            "invoice_status",
            "total",
            "subtotal",
        ],
        ResourceName::Product => &[
            "name",
            "code",
            "category",
            "unit_price",
            "stock_quantity",
            "is_active",
        ],
        ResourceName::Task => &["title", "status", "priority", "expiry", "completed_at"],
        ResourceName::Lead => &["source", "status", "created_at", "updated_at"],
        ResourceName::Customer => &[
            "name",
            "document_number",
            "is_active",
            "credit_limit",
            "customer_since",
        ],
        ResourceName::Stakeholder => &[
            "name",
            "document_type_name",
            "document_number",
            "verification_digit",
        ],
        ResourceName::SalesQuote => &[
            "name",
            "issue_date",
            "operation_status",
            "total",
            "quote_number",
            "subtotal",
        ],
    }
}

/// The columns `resource`'s list shows when the user chose none: its
/// preferred columns that are fields of `fields`, else its fields minus
/// audit and ownership noise, ids and JSON (the low-priority ones dropped
/// when more than [`MAX_DEFAULT_COLUMNS`] are left), at most
/// [`MAX_DEFAULT_COLUMNS`]; its first field when nothing else is left.
pub fn default_columns(resource: ResourceName, fields: &[FieldSchema]) -> Vec<String> {
    let known = |name: &str| fields.iter().any(|f| f.name == name);
    let chosen: Vec<String> = preferred(resource)
        .iter()
        .filter(|name| known(name))
        .map(|name| (*name).to_owned())
        .collect();
    if !chosen.is_empty() {
        return chosen;
    }
    let mut plain: Vec<&FieldSchema> = fields
        .iter()
        .filter(|f| {
            !NOISE.contains(&f.name.as_str())
                && !matches!(f.kind, FieldKind::Uuid | FieldKind::Json)
        })
        .collect();
    if plain.len() > MAX_DEFAULT_COLUMNS {
        plain.retain(|f| !LOW_PRIORITY.contains(&f.name.as_str()));
    }
    let mut columns: Vec<String> = plain
        .into_iter()
        .take(MAX_DEFAULT_COLUMNS)
        .map(|f| f.name.clone())
        .collect();
    if columns.is_empty() {
        columns.extend(fields.first().map(|f| f.name.clone()));
    }
    columns
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

/// A change to many records a list offers over the rows selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum BulkChange {
    /// "Change status…" ([`crate::writing::bulk::change_leads`] with a `status`).
    ChangeStatus,
    /// "Assign to…" ([`crate::writing::bulk::change_leads`] with a `user_member`).
    Assign,
    /// "Delete…" ([`crate::writing::bulk::delete_stakeholders`]).
    Delete,
}

/// The changes to many records the list of `resource` offers: the
/// service lets leads be edited and stakeholders deleted, nothing else.
#[must_use]
pub fn bulk_changes(resource: ResourceName) -> Vec<BulkChange> {
    match resource {
        ResourceName::Lead => vec![BulkChange::ChangeStatus, BulkChange::Assign],
        ResourceName::Stakeholder => vec![BulkChange::Delete],
        _ => Vec::new(),
    }
}

/// The schema of `resource`.
pub fn resource_schema(resource: ResourceName) -> ResourceSchema {
    let engine = resource.schema();
    let fields: Vec<FieldSchema> = engine.fields.iter().map(field).collect();
    let mut schema = ResourceSchema {
        resource,
        path: engine.path.to_owned(),
        default_columns: default_columns(resource, &fields),
        fields,
        relations: engine
            .relations
            .iter()
            .map(|relation| RelationSchema {
                name: relation.name.to_owned(),
                fields: relation.fields.iter().map(field).collect(),
            })
            .collect(),
        default_view: ListView::default(),
        search: engine
            .search
            .iter()
            .map(|(name, _)| (*name).to_owned())
            .collect(),
        related_search: engine
            .related_search
            .iter()
            .map(|related| related.path())
            .collect(),
        picker: picker(resource),
        references: references(resource),
        named: named_fields(resource),
        bulk: bulk_changes(resource),
    };
    schema.default_view = default_view(&schema);
    schema
}

/// The page sizes a list offers, smallest first (`all`: one page of 200).
pub const PAGE_SIZES: [Take; 5] = [
    Take::Count(20),
    Take::Count(50),
    Take::Count(100),
    Take::Count(workdesk_api::TAKE_MAX),
    Take::All,
];

/// The view a resource's list starts with when nothing was kept: page 1
/// of 20 rows, the default columns ([`ResourceSchema::default_columns`])
/// and `id`, the endpoint's order, no conditions.
pub fn default_view(schema: &ResourceSchema) -> ListView {
    ListView {
        page: 1,
        take: PAGE_SIZES[0],
        fields: Some(requested_fields(schema.default_columns.clone())),
        ..ListView::default()
    }
}

/// The `fields` a view requests to show `columns` (the rule the UI's
/// `requestedFields` in `ui/src/lib/columns.ts` applies to the views the
/// user changes: change both together): the columns in screen
/// order, then `id` when it is not one of them (rows need it to open); an
/// `id` the user put last is followed by the one rows need, so that
/// [`shown_columns`] still shows it.
pub(crate) fn requested_fields(mut columns: Vec<String>) -> Vec<String> {
    let last_is_id = columns.len() > 1 && columns.last().is_some_and(|name| name == "id");
    if last_is_id || !columns.iter().any(|name| name == "id") {
        columns.push("id".to_owned());
    }
    columns
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

    #[test]
    fn every_list_has_default_columns_that_are_its_own_fields() {
        for resource in ResourceName::ALL {
            let schema = resource_schema(resource);
            let columns = &schema.default_columns;
            assert!(
                !columns.is_empty() && columns.len() <= MAX_DEFAULT_COLUMNS,
                "{resource:?}: {columns:?}"
            );
            for name in columns {
                let field = schema.fields.iter().find(|f| &f.name == name);
                assert!(field.is_some(), "{resource:?}: {name} is not a field");
                assert!(!NOISE.contains(&name.as_str()), "{resource:?}: {name}");
            }
        }
        // Invoices: the total shows, after the name and the date.
        assert_eq!(
            resource_schema(ResourceName::SupplierInvoice).default_columns[..2],
            ["name", "issue_date"]
        );
        assert!(resource_schema(ResourceName::CustomerInvoice)
            .default_columns
            .contains(&"total".to_owned()));
    }

    fn plain(name: &str, kind: FieldKind) -> FieldSchema {
        FieldSchema {
            name: name.to_owned(),
            kind,
            nullable: false,
            sortable: true,
            filterable: true,
            choices: Vec::new(),
            operators: Vec::new(),
        }
    }

    #[test]
    fn without_preferred_fields_the_plain_ones_show_noise_ids_and_json_left_out() {
        let mut fields = vec![
            plain("id", FieldKind::Uuid),
            plain("supplier", FieldKind::Uuid),
            plain("custom_fields", FieldKind::Json),
            plain("created_by", FieldKind::String),
            plain("created_at", FieldKind::DateTime),
            plain("memo", FieldKind::String),
        ];
        // Preferred columns missing from the fields (a subset of a schema).
        assert_eq!(
            default_columns(ResourceName::Task, &fields),
            ["created_at", "memo"]
        );
        // Too many: the low-priority ones go first, then the rest is cut.
        for n in 0..MAX_DEFAULT_COLUMNS {
            fields.push(plain(&format!("f{n}"), FieldKind::String));
        }
        let columns = default_columns(ResourceName::Task, &fields);
        assert_eq!(columns.len(), MAX_DEFAULT_COLUMNS);
        assert_eq!(columns[0], "memo");
        // Nothing plain: the first field.
        assert_eq!(default_columns(ResourceName::Task, &fields[..1]), ["id"]);
    }
}

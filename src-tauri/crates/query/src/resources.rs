//! Schemas of every resource the service lists (docs/service.md,
//! "Records"). Where the spec gives no table (sales quotes, products)
//! or leaves nullability and relations unsaid, the choice is marked
//! "assumed": the sandbox serves exactly these, and the client tolerates
//! records with fields missing or extra.

use crate::schema::{Field, FieldType, RelatedSearch, Relation, Schema, SearchBy};

use FieldType::{Boolean, Date, DateTime, Decimal, Integer, Json, Uuid};

/// `operation_status` codes: PR (Provisional), CO (Complete), ER (Error).
pub const OPERATION_STATUS: &[&str] = &["PR", "CO", "ER"];
/// `audit_status` codes: C (Created), U (Updated), D (Deleted).
pub const AUDIT_STATUS: &[&str] = &["C", "U", "D"];
/// Supplier invoice `document_type` codes: ADV (Advance), INV (Invoice), CRN (Credit Note).
pub const DOCUMENT_TYPE: &[&str] = &["ADV", "INV", "CRN"];

const STRING: FieldType = FieldType::String;

/// A field that is never null.
const fn req(name: &'static str, kind: FieldType) -> Field {
    Field::new(name, kind, false)
}

/// A field that may be null.
const fn opt(name: &'static str, kind: FieldType) -> Field {
    Field::new(name, kind, true)
}

/// A business party an invoice or quote names (its supplier, its
/// customer): filters reach its `name` and `document_number`
/// (`supplier__name`, `customer__document_number`).
const RELATED_PARTY: &[Field] = &[
    req("id", Uuid),
    req("name", STRING),
    req("document_number", STRING),
];

/// A stakeholder's geographic location: filters reach its `name`
/// (`geographic_location__name`). Assumed beyond the spec's `uuid`.
const RELATED_LOCATION: &[Field] = &[req("id", Uuid), req("name", STRING)];

/// A stakeholder's document type: filters reach its `code` and `name`
/// (`document_type__code`). Assumed beyond the spec's `uuid`.
const RELATED_DOCUMENT_TYPE: &[Field] =
    &[req("id", Uuid), req("code", STRING), req("name", STRING)];

/// A party's name searched as typed, and its document number when the
/// text has a digit, through `relation`.
const fn party_search(relation: &'static str) -> [RelatedSearch; 2] {
    [
        RelatedSearch {
            relation,
            field: "name",
            by: SearchBy::Text,
        },
        RelatedSearch {
            relation,
            field: "document_number",
            by: SearchBy::Code,
        },
    ]
}

/// The search through an invoice's `supplier`.
const SUPPLIER_SEARCH: [RelatedSearch; 2] = party_search("supplier");
/// The search through an invoice's or quote's `customer`.
const CUSTOMER_SEARCH: [RelatedSearch; 2] = party_search("customer");

/// Supplier invoice, `GET /account_payable/invoice/` (spec table "Supplier
/// invoice", nullability as the spec gives it). Related: `supplier__name`,
/// `supplier__document_number`, both searched.
pub static SUPPLIER_INVOICE: Schema = Schema {
    resource: "supplier_invoice",
    path: "/account_payable/invoice/",
    fields: &[
        req("id", Uuid),
        req("name", STRING),
        opt("custom_fields", Json),
        req("operation_number", Integer),
        req("operation_date", DateTime),
        opt("description", STRING),
        req("operation_status", FieldType::Enum(OPERATION_STATUS)),
        opt("status_description", STRING),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("audit_status", FieldType::Enum(AUDIT_STATUS)),
        opt("prefix", STRING),
        req("invoice_number", Integer),
        req("issue_date", DateTime),
        req("document_type", FieldType::Enum(DOCUMENT_TYPE)),
        req("is_pay_authorized", Boolean),
        req("discount_percentage", Decimal),
        req("discount_value", Decimal),
        req("other_discount_value", Decimal),
        req("subtotal", Decimal),
        req("total", Decimal),
        req("vat_value_included", Decimal),
        opt("order_number", Integer),
        req("invoice_electronic", Boolean),
        req("is_directly_created", Boolean),
        req("member", Uuid),
        req("operation", Uuid),
        opt("market_exchange_rate", Uuid),
        req("branch_office", Uuid),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
        req("supplier", Uuid),
        req("supplier_detail", Uuid),
        req("supplier_type", Uuid),
        req("account", Uuid),
        opt("cost_center", Uuid),
        req("location", Uuid),
        opt("international_trade_term", Uuid),
        req("commercial_condition", Uuid),
        opt("discount_type", Uuid),
        opt("tree_hash", Uuid),
    ],
    relations: &[Relation {
        name: "supplier",
        fields: RELATED_PARTY,
    }],
    search: &[
        ("name", SearchBy::Text),
        ("invoice_number", SearchBy::Number),
    ],
    related_search: &SUPPLIER_SEARCH,
};

/// Customer invoice, `GET /account_receivable/invoice/` (spec table
/// "Customer invoice"; nullability assumed like the supplier invoice's).
/// Related: `customer__name`, `customer__document_number`, both searched.
pub static CUSTOMER_INVOICE: Schema = Schema {
    resource: "customer_invoice",
    path: "/account_receivable/invoice/",
    fields: &[
        req("id", Uuid),
        req("name", STRING),
        opt("custom_fields", Json),
        req("operation_number", Integer),
        req("operation_date", DateTime),
        opt("description", STRING),
        req("operation_status", FieldType::Enum(OPERATION_STATUS)),
        opt("status_description", STRING),
        req("invoice_status", STRING),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("audit_status", FieldType::Enum(AUDIT_STATUS)),
        req("discount_percentage", Decimal),
        req("discount_value", Decimal),
        req("additional_discount_value", Decimal),
        req("subtotal", Decimal),
        req("total", Decimal),
        opt("order_number", Integer),
        req("apply_taxes_by", Boolean),
        req("invoice_electronic", Boolean),
        req("is_directly_created", Boolean),
        req("member", Uuid),
        req("operation", Uuid),
        req("branch_office", Uuid),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
        req("customer", Uuid),
        req("customer_detail", Uuid),
        req("location", Uuid),
        opt("cost_center", Uuid),
        req("commercial_condition", Uuid),
        opt("salesman", Uuid),
        opt("market_exchange_rate", Uuid),
        opt("discount_type", Uuid),
        opt("price_list_type", Uuid),
        opt("international_trade_term", Uuid),
        opt("tree_hash", Uuid),
        opt("warehouse", Uuid),
        opt("cash_register", Uuid),
    ],
    relations: &[Relation {
        name: "customer",
        fields: RELATED_PARTY,
    }],
    search: &[
        ("name", SearchBy::Text),
        ("operation_number", SearchBy::Number),
    ],
    related_search: &CUSTOMER_SEARCH,
};

/// Sales quote, `GET /order/sales_quote/`. Assumed, not in the spec: the spec
/// names the endpoint but not its fields. Related: `customer__name`,
/// `customer__document_number`, both searched.
pub static SALES_QUOTE: Schema = Schema {
    resource: "sales_quote",
    path: "/order/sales_quote/",
    fields: &[
        req("id", Uuid),
        req("name", STRING),
        opt("custom_fields", Json),
        req("quote_number", Integer),
        req("issue_date", DateTime),
        opt("valid_until", DateTime),
        opt("description", STRING),
        req("operation_status", FieldType::Enum(OPERATION_STATUS)),
        req("subtotal", Decimal),
        req("discount_value", Decimal),
        req("total", Decimal),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("audit_status", FieldType::Enum(AUDIT_STATUS)),
        req("member", Uuid),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
        req("customer", Uuid),
        req("branch_office", Uuid),
        opt("salesman", Uuid),
    ],
    relations: &[Relation {
        name: "customer",
        fields: RELATED_PARTY,
    }],
    search: &[("name", SearchBy::Text), ("quote_number", SearchBy::Number)],
    related_search: &CUSTOMER_SEARCH,
};

/// Product, `GET /inventory/product/`. Assumed, not in the spec: the spec
/// names the endpoint but not its fields.
pub static PRODUCT: Schema = Schema {
    resource: "product",
    path: "/inventory/product/",
    fields: &[
        req("id", Uuid),
        req("name", STRING),
        opt("custom_fields", Json),
        req("code", STRING),
        opt("description", STRING),
        opt("category", STRING),
        req("unit_price", Decimal),
        req("stock_quantity", Integer),
        req("is_active", Boolean),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("audit_status", FieldType::Enum(AUDIT_STATUS)),
        req("member", Uuid),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
    ],
    relations: &[],
    search: &[("name", SearchBy::Text), ("code", SearchBy::Code)],
    related_search: &[],
};

/// Task: `POST /task/task/` (spec table "Task", response fields); the list
/// `GET /task/task/` and `GET /task/task/{id}/` are assumed. Only `title` is
/// required on create (docs/service.md, "Task bounds"); `entity_id` and
/// `record_id` are request-only and not listed.
pub static TASK: Schema = Schema {
    resource: "task",
    path: "/task/task/",
    fields: &[
        req("id", Uuid),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("member", Uuid),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
        req("title", STRING),
        opt("description", STRING),
        opt("status", STRING),
        opt("start", DateTime),
        opt("custom_fields", Json),
        opt("priority", Integer),
        opt("recurrence_rule", STRING),
        opt("expiry", DateTime),
        opt("completed_at", DateTime),
        opt("assigned_to_user", Uuid),
    ],
    relations: &[],
    search: &[("title", SearchBy::Text)],
    related_search: &[],
};

/// Lead: `PATCH /crm/lead/{id}/` (spec table "Lead"); the list
/// `GET /crm/lead/` and `GET /crm/lead/{id}/` are assumed.
pub static LEAD: Schema = Schema {
    resource: "lead",
    path: "/crm/lead/",
    fields: &[
        req("id", Uuid),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("audit_status", FieldType::Enum(AUDIT_STATUS)),
        req("member", Uuid),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
        opt("source", STRING),
        opt("status", STRING),
        opt("user_member", Uuid),
        opt("person", Uuid),
        opt("company", Uuid),
        opt("custom_fields", Json),
    ],
    relations: &[],
    search: &[("source", SearchBy::Text)],
    related_search: &[],
};

/// Stakeholder: `POST /stakeholder/stakeholder/` and
/// `DELETE /stakeholder/stakeholder/{id}/` (spec table "Stakeholder"); the
/// list `GET /stakeholder/stakeholder/` and `GET …/{id}/` are assumed.
/// Related (assumed): `geographic_location__name`, `document_type__code`
/// and `document_type__name`, which give the ids of the names typed.
pub static STAKEHOLDER: Schema = Schema {
    resource: "stakeholder",
    path: "/stakeholder/stakeholder/",
    fields: &[
        req("id", Uuid),
        req("name", STRING),
        req("person_or_company_member_id", STRING),
        req("person_or_company_id", STRING),
        req("is_company", Boolean),
        req("document_type_name", STRING),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
        req("document_number", STRING),
        req("document_type", Uuid),
        opt("verification_digit", STRING),
        req("geographic_location", Uuid),
    ],
    relations: &[
        Relation {
            name: "geographic_location",
            fields: RELATED_LOCATION,
        },
        Relation {
            name: "document_type",
            fields: RELATED_DOCUMENT_TYPE,
        },
    ],
    search: &[
        ("name", SearchBy::Text),
        ("document_number", SearchBy::Code),
    ],
    related_search: &[],
};

/// Customer: `GET /stakeholder/customer/{id}/` (spec table "Customer"); the
/// list `GET /stakeholder/customer/` is assumed.
pub static CUSTOMER: Schema = Schema {
    resource: "customer",
    path: "/stakeholder/customer/",
    fields: &[
        req("id", Uuid),
        req("name", STRING),
        req("document_number", STRING),
        req("member", Uuid),
        req("created_by", Uuid),
        opt("updated_by", Uuid),
        opt("deleted_by", Uuid),
        req("stakeholder", Uuid),
        opt("customer_status", Uuid),
        req("created_at", DateTime),
        opt("updated_at", DateTime),
        opt("deleted_at", DateTime),
        req("audit_status", FieldType::Enum(AUDIT_STATUS)),
        opt("custom_fields", Json),
        req("is_active", Boolean),
        req("credit_limit", Decimal),
        opt("customer_since", Date),
    ],
    relations: &[],
    search: &[
        ("name", SearchBy::Text),
        ("document_number", SearchBy::Code),
    ],
    related_search: &[],
};

/// Every resource with a list endpoint, in the order the app shows them.
pub static ALL: [&Schema; 8] = [
    &SUPPLIER_INVOICE,
    &CUSTOMER_INVOICE,
    &SALES_QUOTE,
    &PRODUCT,
    &TASK,
    &LEAD,
    &STAKEHOLDER,
    &CUSTOMER,
];

/// The schema whose resource name is `resource` (`"supplier_invoice"`).
#[must_use]
pub fn by_name(resource: &str) -> Option<&'static Schema> {
    ALL.iter()
        .copied()
        .find(|schema| schema.resource == resource)
}

//! Field schemas of the service's resources: which fields a record has, their
//! types, and which of them `sort` and filters may address
//! (docs/service.md, "Records").

use std::fmt;

use crate::query::Operator;

/// Type of a field, as the spec's tables give it. Comparisons in filters and
/// sorting are typed by it (docs/service.md, "Typed comparisons").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType {
    /// Free text, compared by Unicode code points.
    String,
    /// A UUID string (`id` and references to other records), compared as a UUID.
    Uuid,
    /// A whole number (`operation_number`, `priority`, …), JSON number.
    Integer,
    /// A decimal string (`total`, `credit_limit`, …), compared as a decimal,
    /// never as a float.
    Decimal,
    /// An ISO 8601 / RFC 3339 date-time string, compared as an instant (UTC).
    DateTime,
    /// A calendar date string `YYYY-MM-DD` (`customer_since`).
    Date,
    /// `true` / `false`.
    Boolean,
    /// A string from a closed set of codes (`operation_status`: PR, CO, ER).
    Enum(&'static [&'static str]),
    /// Arbitrary JSON (`custom_fields`): not sortable; filters may only ask
    /// `isnull`.
    Json,
}

/// The kind of a field's values, as the UI switches on it (formatting, the
/// filter's value control): [`FieldType`] without the choices (listed
/// apart). Serialized in snake case (`"date_time"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "specta", derive(specta::Type))]
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
    /// One of a closed set of codes.
    Choice,
    /// Any JSON (`custom_fields`).
    Json,
}

impl FieldType {
    /// The kind of the values, without the choices.
    #[must_use]
    pub fn kind(self) -> FieldKind {
        match self {
            FieldType::String => FieldKind::String,
            FieldType::Uuid => FieldKind::Uuid,
            FieldType::Integer => FieldKind::Integer,
            FieldType::Decimal => FieldKind::Decimal,
            FieldType::DateTime => FieldKind::DateTime,
            FieldType::Date => FieldKind::Date,
            FieldType::Boolean => FieldKind::Boolean,
            FieldType::Enum(_) => FieldKind::Choice,
            FieldType::Json => FieldKind::Json,
        }
    }

    /// The codes of an [`FieldType::Enum`] (empty for every other type).
    #[must_use]
    pub fn choices(self) -> &'static [&'static str] {
        match self {
            FieldType::Enum(choices) => choices,
            _ => &[],
        }
    }

    /// Name used in messages: `decimal`, `date-time`, `uuid`, ….
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            FieldType::String => "string",
            FieldType::Uuid => "uuid",
            FieldType::Integer => "integer",
            FieldType::Decimal => "decimal",
            FieldType::DateTime => "date-time",
            FieldType::Date => "date",
            FieldType::Boolean => "boolean",
            FieldType::Enum(_) => "choice",
            FieldType::Json => "json",
        }
    }
}

impl FieldType {
    /// Whether filters may use `operator` on a field of this type
    /// (docs/service.md, "Operators"): `isnull` on every field;
    /// `exact` and `in` on all but JSON; `iexact`, `icontains` and
    /// `startswith` on text (strings, choices, UUIDs); the comparisons and
    /// `range` on all but booleans and JSON.
    #[must_use]
    pub fn supports(self, operator: Operator) -> bool {
        use Operator::*;
        match operator {
            Isnull => true,
            Exact | In => !matches!(self, FieldType::Json),
            Iexact | Icontains | Startswith => {
                matches!(
                    self,
                    FieldType::String | FieldType::Enum(_) | FieldType::Uuid
                )
            }
            Gt | Gte | Lt | Lte | Range => !matches!(self, FieldType::Boolean | FieldType::Json),
        }
    }

    /// The operators filters may use on this type, in [`Operator::ALL`] order.
    pub fn operators(self) -> impl Iterator<Item = Operator> {
        Operator::ALL
            .into_iter()
            .filter(move |op| self.supports(*op))
    }
}

impl fmt::Display for FieldType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One field of a resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Name as in the JSON record and the query string (`supplier`, `total`).
    pub name: &'static str,
    /// Value type.
    pub kind: FieldType,
    /// Whether the value may be JSON `null`.
    pub nullable: bool,
    /// Whether `sort` may name it.
    pub sortable: bool,
    /// Whether a filter may address it.
    pub filterable: bool,
}

impl Field {
    /// A filterable field, sortable unless it is [`FieldType::Json`].
    #[must_use]
    pub const fn new(name: &'static str, kind: FieldType, nullable: bool) -> Field {
        Field {
            name,
            kind,
            nullable,
            sortable: !matches!(kind, FieldType::Json),
            filterable: true,
        }
    }
}

/// A related record a resource exposes to filters as `relation__field`
/// (docs/service.md, "Records": invoices expose `supplier__name` /
/// `customer__name`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Relation {
    /// Name of the relation, which is also the name of the referencing field
    /// of the record (`supplier`).
    pub name: &'static str,
    /// Fields of the related record filters may address.
    pub fields: &'static [Field],
}

/// The schema of one resource: its fields in the spec's order and its relations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schema {
    /// Resource name in the spec's terms (`supplier_invoice`).
    pub resource: &'static str,
    /// Path of its list endpoint relative to the base URL (`/account_payable/invoice/`).
    pub path: &'static str,
    /// Fields in the order records list them.
    pub fields: &'static [Field],
    /// Related records filters may reach with `relation__field`.
    pub relations: &'static [Relation],
    /// The fields of the record itself a list's search box looks in, most
    /// telling first, and which words each takes (see
    /// [`Search`](crate::Search)).
    pub search: &'static [(&'static str, SearchBy)],
    /// The related records' fields the search box also looks in, with the
    /// whole text typed (`supplier__name`, `supplier__document_number`):
    /// only the service can search them (a related record's fields are not
    /// saved offline).
    pub related_search: &'static [RelatedSearch],
}

/// A related record's field a list's search also looks in
/// ([`Schema::related_search`]): `relation__field`, searched for the whole
/// text typed as one phrase, by [`SearchBy`] (a name contains it ignoring
/// case; a document number, when the text has a digit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RelatedSearch {
    /// The relation (`supplier`), one of the schema's [`Relation`]s.
    pub relation: &'static str,
    /// The related record's field (`name`, `document_number`).
    pub field: &'static str,
    /// Which texts it is searched for.
    pub by: SearchBy,
}

impl RelatedSearch {
    /// `relation__field` as a filter writes it (`supplier__name`).
    #[must_use]
    pub fn path(&self) -> String {
        format!("{}__{}", self.relation, self.field)
    }
}

/// Which words of a search a field is searched for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchBy {
    /// Every word, contained ignoring case (`icontains`): names, titles.
    Text,
    /// Words with a digit in them, contained ignoring case: codes and
    /// document numbers (`900123456`, `TORN-38`), which a word of letters
    /// alone is not looked for in.
    Code,
    /// Whole-number words, equal (`exact`): an invoice's or quote's number.
    Number,
}

impl Schema {
    /// The field called `name`, if the resource has one.
    #[must_use]
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|field| field.name == name)
    }

    /// The relation called `name`, if the resource exposes one.
    #[must_use]
    pub fn relation(&self, name: &str) -> Option<&'static Relation> {
        self.relations.iter().find(|relation| relation.name == name)
    }
}

//! The parsed, not yet checked, form of a list query
//! (docs/service.md, "List queries").

use std::fmt;
use std::num::NonZeroU32;

/// Page size when `take` is absent or not a positive integer or `all`.
pub const DEFAULT_TAKE: u8 = 20;
/// Largest page size; `take=all` means this.
pub const MAX_TAKE: u8 = 200;

/// A list query: reserved parameters plus filter conditions in query order
/// (the order matters: conditions fold left to right).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListQuery {
    /// `page`, 1-based; `None` means the default (1).
    pub page: Option<NonZeroU32>,
    /// `take`; `None` means the default ([`DEFAULT_TAKE`]).
    pub take: Option<Take>,
    /// `fields`: names to include in each result; `None` means all fields.
    pub fields: Option<Vec<String>>,
    /// `sort`: keys in priority order; empty means the endpoint's own order.
    pub sort: Vec<SortKey>,
    /// Filter conditions in query-string order.
    pub filters: Vec<Condition>,
}

/// `take`: a page size of 1..=200 or `all` (one page of the maximum size).
///
/// Serializes as a number or the string `"all"` (in JSON as in the query
/// string); in TypeScript it is `number | "all"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// 1..=[`MAX_TAKE`] results per page.
    Count(u8),
    /// `all`: one page of [`MAX_TAKE`] results.
    All,
}

impl Take {
    /// Results per page this means (1..=200).
    #[must_use]
    pub fn size(self) -> usize {
        usize::from(self.rows())
    }

    /// Results per page this means, 1..=200 (a count outside that range
    /// clamped).
    #[must_use]
    pub fn rows(self) -> u8 {
        match self {
            Take::Count(count) => count.clamp(1, MAX_TAKE),
            Take::All => MAX_TAKE,
        }
    }
}

impl Default for Take {
    fn default() -> Self {
        Take::Count(DEFAULT_TAKE)
    }
}

/// The wire shape of [`Take`]: `number | "all"`.
#[derive(serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(untagged, rename = "Take")]
enum TakeRepr {
    Count(u8),
    Word(TakeWord),
}

#[derive(serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
enum TakeWord {
    #[serde(rename = "all")]
    All,
}

impl serde::Serialize for Take {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Take::Count(_) => TakeRepr::Count(self.rows()),
            Take::All => TakeRepr::Word(TakeWord::All),
        }
        .serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Take {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match TakeRepr::deserialize(d)? {
            TakeRepr::Count(n) => Take::Count(n),
            TakeRepr::Word(TakeWord::All) => Take::All,
        })
    }
}

#[cfg(feature = "specta")]
impl specta::Type for Take {
    fn definition(types: &mut specta::Types) -> specta::datatype::DataType {
        TakeRepr::definition(types)
    }
}

/// A field or a `relation__field` path (`total`, `supplier__name`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldPath {
    /// The relation for `relation__field`, `None` for a field of the record itself.
    pub relation: Option<String>,
    /// Field name (of the related record when `relation` is set).
    pub field: String,
}

impl FieldPath {
    /// A field of the record itself.
    #[must_use]
    pub fn field(name: impl Into<String>) -> FieldPath {
        FieldPath {
            relation: None,
            field: name.into(),
        }
    }

    /// Reads a name as the query string writes it: `relation__field` (split at
    /// the first `__`) or `field`. Deeper paths keep the rest in `field`, and
    /// fail [`ListQuery::check`](crate::ListQuery::check).
    #[must_use]
    pub fn parse(name: &str) -> FieldPath {
        match name.split_once("__") {
            Some((relation, field)) if !relation.is_empty() => FieldPath::related(relation, field),
            _ => FieldPath::field(name),
        }
    }

    /// A field of a related record: `relation__field`.
    #[must_use]
    pub fn related(relation: impl Into<String>, field: impl Into<String>) -> FieldPath {
        FieldPath {
            relation: Some(relation.into()),
            field: field.into(),
        }
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.relation {
            Some(relation) => write!(f, "{relation}__{}", self.field),
            None => f.write_str(&self.field),
        }
    }
}

/// One key of `sort`: a field, `-` for descending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortKey {
    /// The field sorted on.
    pub path: FieldPath,
    /// `-field`: largest first, nulls first.
    pub descending: bool,
}

/// A filter operator (docs/service.md, "Operators"), serialized by the
/// name after `__` (`"icontains"`); `Operator` in TypeScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename = "Operator", rename_all = "snake_case")]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Operator {
    /// `__exact` (also no operator): equals.
    Exact,
    /// `__iexact`: equals after Unicode lower-casing.
    Iexact,
    /// `__icontains`: contains after Unicode lower-casing.
    Icontains,
    /// `__in`: one of a comma-separated set.
    In,
    /// `__gt`.
    Gt,
    /// `__gte`.
    Gte,
    /// `__lt`.
    Lt,
    /// `__lte`.
    Lte,
    /// `__startswith`: case-sensitive prefix.
    Startswith,
    /// `__range`: between two comma-separated values, inclusive.
    Range,
    /// `__isnull`: `true` (is null) or `false` (is not null).
    Isnull,
}

impl Operator {
    /// All eleven operators.
    pub const ALL: [Operator; 11] = [
        Operator::Exact,
        Operator::Iexact,
        Operator::Icontains,
        Operator::In,
        Operator::Gt,
        Operator::Gte,
        Operator::Lt,
        Operator::Lte,
        Operator::Startswith,
        Operator::Range,
        Operator::Isnull,
    ];

    /// The name after `__` (`icontains`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Operator::Exact => "exact",
            Operator::Iexact => "iexact",
            Operator::Icontains => "icontains",
            Operator::In => "in",
            Operator::Gt => "gt",
            Operator::Gte => "gte",
            Operator::Lt => "lt",
            Operator::Lte => "lte",
            Operator::Startswith => "startswith",
            Operator::Range => "range",
            Operator::Isnull => "isnull",
        }
    }

    /// The operator called `name`, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Operator> {
        Operator::ALL.into_iter().find(|op| op.name() == name)
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One filter condition, `[or__][not__]path[__operator]=value`, value as sent
/// (decoded, not yet typed; `in`/`range` values still comma-joined).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    /// `or__`: combine with what comes before by OR instead of AND.
    pub or: bool,
    /// `not__`: negate this condition only.
    pub not: bool,
    /// The field or `relation__field`.
    pub path: FieldPath,
    /// The operator (`exact` when none was written).
    pub operator: Operator,
    /// Written without an operator (`status=PR`), which means `exact`; the
    /// parameter is then named, and encoded, without `__exact`.
    pub implicit_exact: bool,
    /// The decoded value.
    pub value: String,
}

impl Condition {
    /// A condition on `path` with an explicit operator, neither `or__` nor `not__`.
    #[must_use]
    pub fn new(path: FieldPath, operator: Operator, value: impl Into<String>) -> Condition {
        Condition {
            or: false,
            not: false,
            path,
            operator,
            implicit_exact: false,
            value: value.into(),
        }
    }

    /// The query parameter name of this condition, as written:
    /// `or__not__supplier__name__icontains`, or `status` for an implicit `exact`.
    /// Validation errors are keyed by it.
    #[must_use]
    pub fn parameter(&self) -> String {
        let mut name = String::new();
        if self.or {
            name.push_str("or__");
        }
        if self.not {
            name.push_str("not__");
        }
        name.push_str(&self.path.to_string());
        if !(self.implicit_exact && self.operator == Operator::Exact) {
            name.push_str("__");
            name.push_str(self.operator.name());
        }
        name
    }
}

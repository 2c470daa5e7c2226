//! Checking a [`ListQuery`] against a resource [`Schema`]: the [`Plan`].

use crate::error::Problem;
use crate::error::ValidationErrors;
use crate::query::{Condition, FieldPath, ListQuery, Operator, SortKey, DEFAULT_TAKE};
use crate::schema::{Field, FieldType, Schema};
use crate::value::{parse_boolean, Value};

/// A list query checked against a schema, with typed values: what the
/// sandbox and the offline cache evaluate.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The resource the query was checked against.
    pub schema: &'static Schema,
    /// 1-based page number (default 1).
    pub page: u32,
    /// Page size 1..=200 (default 20, `all` = 200).
    pub take: usize,
    /// `fields`: the selected fields in schema order, `None` for all.
    pub fields: Option<Vec<&'static Field>>,
    /// `sort` keys in priority order.
    pub sort: Vec<TypedSortKey>,
    /// Filter conditions in query order.
    pub filters: Vec<TypedCondition>,
}

/// A checked `sort` key.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedSortKey {
    /// The path sorted on.
    pub path: FieldPath,
    /// Its schema field.
    pub field: &'static Field,
    /// Descending (`-field`).
    pub descending: bool,
}

/// A checked filter condition with a typed operand.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedCondition {
    /// `or__` prefix.
    pub or: bool,
    /// `not__` prefix.
    pub not: bool,
    /// The path filtered on.
    pub path: FieldPath,
    /// Its schema field.
    pub field: &'static Field,
    /// The operator.
    pub operator: Operator,
    /// The typed value(s).
    pub operand: Operand,
}

/// The typed value of a condition.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// One value (`exact`, `iexact`, `icontains`, `startswith`, `gt`…`lte`);
    /// for the text operators a [`Value::String`] already lower-cased when the
    /// operator is case-insensitive.
    One(Value),
    /// `in`: the set.
    Many(Vec<Value>),
    /// `range`: inclusive bounds.
    Range(Value, Value),
    /// `isnull`: `true` matches null, `false` non-null.
    IsNull(bool),
}

impl ListQuery {
    /// Checks the query against `schema` (docs/service.md, "Reserved
    /// parameters", "Filters" and "Operators").
    ///
    /// # Errors
    ///
    /// Every problem at once, keyed by query parameter: an unknown field in
    /// `fields`, `sort` or a filter; a field that cannot be sorted or
    /// filtered; an operator the field's type does not support; a value that
    /// is not of the field's type; a choice outside an enumeration; an `in`
    /// without values or a `range` without exactly two; an `isnull` that is
    /// not `true`/`false`. Filter errors are keyed by
    /// [`Condition::parameter`].
    pub fn check(&self, schema: &'static Schema) -> Result<Plan, ValidationErrors> {
        self.check_with(schema, |_, condition| condition.parameter(), |_| None)
    }

    /// [`ListQuery::check`] in one pass, with the problems of the filter at
    /// index `i` keyed `key(i, condition)` instead of by its parameter
    /// (a form keys them by the condition's place: two conditions may
    /// share a parameter), and `rule` applied to each condition that
    /// checks (a caller's own rule, such as a range that ends before it
    /// starts): its problem is the condition's.
    ///
    /// # Errors
    /// As [`ListQuery::check`], keyed as described.
    pub fn check_with(
        &self,
        schema: &'static Schema,
        key: impl Fn(usize, &Condition) -> String,
        rule: impl Fn(&TypedCondition) -> Option<Problem>,
    ) -> Result<Plan, ValidationErrors> {
        let mut errors = ValidationErrors::default();
        let fields = self.fields.as_ref().map(|names| {
            for name in names {
                if schema.field(name).is_none() {
                    errors.add_problem("fields", unknown_field(name));
                }
            }
            schema
                .fields
                .iter()
                .filter(|field| names.iter().any(|name| name == field.name))
                .collect()
        });
        let sort = self
            .sort
            .iter()
            .filter_map(|key| check_sort_key(schema, key, &mut errors))
            .collect();
        let filters = self
            .filters
            .iter()
            .enumerate()
            .filter_map(|(index, condition)| {
                check_condition(schema, condition)
                    .and_then(|typed| match rule(&typed) {
                        Some(problem) => Err(problem),
                        None => Ok(typed),
                    })
                    .map_err(|problem| errors.add_problem(key(index, condition), problem))
                    .ok()
            })
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Plan {
            schema,
            page: self.page.map_or(1, std::num::NonZeroU32::get),
            take: self
                .take
                .map_or(usize::from(DEFAULT_TAKE), |take| take.size()),
            fields,
            sort,
            filters,
        })
    }
}

/// `unknown_field` naming `path`.
fn unknown_field(path: &str) -> Problem {
    Problem::new("unknown_field", [("field", path)])
}

/// The schema field at `path`, or the problem naming it.
fn resolve(schema: &'static Schema, path: &FieldPath) -> Result<&'static Field, Problem> {
    let field = match &path.relation {
        None => schema.field(&path.field),
        Some(relation) => schema
            .relation(relation)
            .and_then(|relation| relation.fields.iter().find(|f| f.name == path.field)),
    };
    field.ok_or_else(|| unknown_field(&path.to_string()))
}

fn check_sort_key(
    schema: &'static Schema,
    key: &SortKey,
    errors: &mut ValidationErrors,
) -> Option<TypedSortKey> {
    let field = match resolve(schema, &key.path) {
        Ok(field) if field.sortable => field,
        Ok(_) => {
            let path = key.path.to_string();
            errors.add_problem("sort", Problem::new("cannot_sort", [("field", &path)]));
            return None;
        }
        Err(problem) => {
            errors.add_problem("sort", problem);
            return None;
        }
    };
    Some(TypedSortKey {
        path: key.path.clone(),
        field,
        descending: key.descending,
    })
}

fn check_condition(
    schema: &'static Schema,
    condition: &Condition,
) -> Result<TypedCondition, Problem> {
    let field = resolve(schema, &condition.path)?;
    let path = condition.path.to_string();
    if !field.filterable {
        return Err(Problem::new("cannot_filter", [("field", &path)]));
    }
    let operator = condition.operator;
    if !field.kind.supports(operator) {
        return Err(Problem::new(
            "operator_not_allowed",
            [
                ("operator", &operator.to_string()),
                ("field", &path),
                ("kind", &field.kind.to_string()),
            ],
        ));
    }
    let value = condition.value.as_str();
    let operand = match operator {
        Operator::Isnull => match parse_boolean(value.trim()) {
            Some(is_null) => Operand::IsNull(is_null),
            None => return Err(Problem::new("not_a_boolean", [("value", value)])),
        },
        Operator::In => {
            if value.is_empty() {
                return Err(Problem::new("empty_list", []));
            }
            let items = value
                .split(',')
                .map(|item| typed(field.kind, item))
                .collect::<Result<_, _>>()?;
            Operand::Many(items)
        }
        Operator::Range => {
            let mut bounds = value.split(',');
            match (bounds.next(), bounds.next(), bounds.next()) {
                (Some(low), Some(high), None) => Operand::Range(
                    Value::parse(field.kind, low)?,
                    Value::parse(field.kind, high)?,
                ),
                _ => return Err(Problem::new("range_needs_two", [("value", value)])),
            }
        }
        Operator::Iexact | Operator::Icontains => Operand::One(Value::String(value.to_lowercase())),
        Operator::Startswith => Operand::One(Value::String(value.to_owned())),
        Operator::Exact => Operand::One(typed(field.kind, value)?),
        Operator::Gt | Operator::Gte | Operator::Lt | Operator::Lte => {
            Operand::One(Value::parse(field.kind, value)?)
        }
    };
    Ok(TypedCondition {
        or: condition.or,
        not: condition.not,
        path: condition.path.clone(),
        field,
        operator,
        operand,
    })
}

/// A value of `kind` for an equality test: enumerations must be one of their codes.
fn typed(kind: FieldType, text: &str) -> Result<Value, Problem> {
    if let FieldType::Enum(choices) = kind {
        if !choices.contains(&text) {
            let list = choices.join(", ");
            return Err(Problem::new(
                "not_a_choice",
                [("value", text), ("choices", &list)],
            ));
        }
    }
    Value::parse(kind, text)
}

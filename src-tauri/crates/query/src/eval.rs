//! Evaluating a [`Plan`] on records: filters fold left to right in query
//! order, sorting puts nulls last ascending and first descending, ties by
//! `id` (conventions.md, "Filters, exactly").

use std::cmp::Ordering;

use serde_json::{Map, Value as Json};

use crate::check::{Operand, Plan, TypedCondition, TypedSortKey};
use crate::query::{FieldPath, Operator};
use crate::record::Record;
use crate::schema::FieldType;
use crate::value::Value;

impl Plan {
    /// Whether `record` passes the filters: the first condition, then each
    /// later one combined by AND (or OR with `or__`); `not__` negates its
    /// own condition. No filters match everything.
    #[must_use]
    pub fn matches<R: Record + ?Sized>(&self, record: &R) -> bool {
        let mut conditions = self.filters.iter();
        let Some(first) = conditions.next() else {
            return true;
        };
        conditions.fold(first.test(record), |so_far, condition| {
            if condition.or {
                so_far || condition.test(record)
            } else {
                so_far && condition.test(record)
            }
        })
    }

    /// The records that pass the filters, sorted by `sort` when it has keys
    /// (otherwise in the order given).
    #[must_use]
    pub fn select<'r, R: Record + ?Sized + 'r>(
        &self,
        records: impl IntoIterator<Item = &'r R>,
    ) -> Vec<&'r R> {
        let mut selected: Vec<&R> = records.into_iter().filter(|r| self.matches(*r)).collect();
        self.sort(&mut selected);
        selected
    }

    /// Sorts `records` by the `sort` keys: nulls last ascending and first
    /// descending (PostgreSQL), ties by `id` ascending. No keys: unchanged.
    pub fn sort<R: Record + ?Sized>(&self, records: &mut Vec<&R>) {
        if self.sort.is_empty() {
            return;
        }
        let id = FieldPath::field("id");
        let mut keyed: Vec<(Vec<Value>, Value, &R)> = records
            .drain(..)
            .map(|record| {
                let keys = self
                    .sort
                    .iter()
                    .map(|key| read(record, &key.path, key.field.kind))
                    .collect();
                (keys, read(record, &id, FieldType::Uuid), record)
            })
            .collect();
        keyed.sort_by(|(a, a_id, _), (b, b_id, _)| {
            self.sort
                .iter()
                .zip(a.iter().zip(b))
                .map(|(key, (a, b))| compare_key(key, a, b))
                .find(|order| order.is_ne())
                .unwrap_or_else(|| compare_nulls_last(a_id, b_id))
        });
        records.extend(keyed.into_iter().map(|(_, _, record)| record));
    }

    /// The record with only the selected `fields`, in schema order; the whole
    /// record when `fields` was not given.
    #[must_use]
    pub fn project(&self, record: &Map<String, Json>) -> Map<String, Json> {
        match &self.fields {
            None => record.clone(),
            Some(fields) => fields
                .iter()
                .filter_map(|field| {
                    record
                        .get(field.name)
                        .map(|value| (field.name.to_owned(), value.clone()))
                })
                .collect(),
        }
    }
}

fn read<R: Record + ?Sized>(record: &R, path: &FieldPath, kind: FieldType) -> Value {
    Value::from_json(kind, record.get(path).as_deref())
}

fn compare_nulls_last(a: &Value, b: &Value) -> Ordering {
    match (a.is_null(), b.is_null()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => a.total_cmp(b),
    }
}

fn compare_key(key: &TypedSortKey, a: &Value, b: &Value) -> Ordering {
    let ascending = compare_nulls_last(a, b);
    if key.descending {
        ascending.reverse()
    } else {
        ascending
    }
}

impl TypedCondition {
    /// Whether `record` satisfies this condition, `not__` applied.
    #[must_use]
    pub fn test<R: Record + ?Sized>(&self, record: &R) -> bool {
        let value = read(record, &self.path, self.field.kind);
        self.not != self.holds(&value)
    }

    /// The condition without `not__`. Null satisfies only `isnull=true`.
    fn holds(&self, value: &Value) -> bool {
        if let Operand::IsNull(is_null) = self.operand {
            return value.is_null() == is_null;
        }
        if value.is_null() {
            return false;
        }
        let order = |operand: &Value| value.compare(operand);
        match (&self.operand, self.operator) {
            (Operand::One(operand), Operator::Exact) => order(operand) == Some(Ordering::Equal),
            (Operand::One(operand), Operator::Gt) => order(operand) == Some(Ordering::Greater),
            (Operand::One(operand), Operator::Gte) => {
                matches!(order(operand), Some(Ordering::Greater | Ordering::Equal))
            }
            (Operand::One(operand), Operator::Lt) => order(operand) == Some(Ordering::Less),
            (Operand::One(operand), Operator::Lte) => {
                matches!(order(operand), Some(Ordering::Less | Ordering::Equal))
            }
            (Operand::One(Value::String(operand)), Operator::Iexact) => value
                .text()
                .is_some_and(|text| text.to_lowercase() == *operand),
            (Operand::One(Value::String(operand)), Operator::Icontains) => value
                .text()
                .is_some_and(|text| text.to_lowercase().contains(operand.as_str())),
            (Operand::One(Value::String(operand)), Operator::Startswith) => value
                .text()
                .is_some_and(|text| text.starts_with(operand.as_str())),
            (Operand::Many(set), _) => set.iter().any(|item| order(item) == Some(Ordering::Equal)),
            (Operand::Range(low, high), _) => {
                matches!(order(low), Some(Ordering::Greater | Ordering::Equal))
                    && matches!(order(high), Some(Ordering::Less | Ordering::Equal))
            }
            _ => false,
        }
    }
}

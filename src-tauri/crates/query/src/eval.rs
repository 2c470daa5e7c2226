//! Evaluating a [`Plan`] on records: filters fold left to right in query
//! order, sorting puts nulls last ascending and first descending, ties by
//! `id` (docs/service.md, "Folding" and "Sorting").

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
        let width = self.sort.len();
        if width == 0 {
            return;
        }
        // Each record's keys are read once and copied side by side into one
        // vector: comparisons then stay in cache instead of chasing records.
        let keys: Vec<Value> = records
            .iter()
            .flat_map(|record| {
                self.sort
                    .iter()
                    .map(move |key| record.value(&key.path, key.field.kind).into_owned())
            })
            .collect();
        let id = FieldPath::field("id");
        let mut order: Vec<usize> = (0..records.len()).collect();
        order.sort_by(|&a, &b| {
            let (a_keys, b_keys) = (&keys[a * width..][..width], &keys[b * width..][..width]);
            self.sort
                .iter()
                .zip(a_keys.iter().zip(b_keys))
                .map(|(key, (a, b))| key.compare(a, b))
                .find(|order| order.is_ne())
                .unwrap_or_else(|| {
                    let a_id = records[a].value(&id, FieldType::Uuid);
                    let b_id = records[b].value(&id, FieldType::Uuid);
                    a_id.cmp_nulls_last(&b_id)
                })
        });
        *records = order.into_iter().map(|index| records[index]).collect();
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

impl Value {
    /// The ascending order of sorting: nulls last, then
    /// [`Value::total_cmp`]. The order of ties by `id` too.
    #[must_use]
    pub fn cmp_nulls_last(&self, other: &Value) -> Ordering {
        match (self.is_null(), other.is_null()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => self.total_cmp(other),
        }
    }
}

impl TypedSortKey {
    /// The order of two records' values of this key: nulls last ascending,
    /// first descending ([`Value::cmp_nulls_last`], reversed for `-field`).
    /// Ties are for the next key, then `id`.
    #[must_use]
    pub fn compare(&self, a: &Value, b: &Value) -> Ordering {
        let ascending = a.cmp_nulls_last(b);
        if self.descending {
            ascending.reverse()
        } else {
            ascending
        }
    }
}

impl TypedCondition {
    /// Whether `record` satisfies this condition, `not__` applied.
    #[must_use]
    pub fn test<R: Record + ?Sized>(&self, record: &R) -> bool {
        let value = record.value(&self.path, self.field.kind);
        self.test_value(&value)
    }

    /// Whether a record whose value at the condition's path is `value`
    /// satisfies it, `not__` applied: what [`TypedCondition::test`]
    /// answers, for a store that reads its values by field (a column)
    /// rather than by record.
    #[must_use]
    pub fn test_value(&self, value: &Value) -> bool {
        self.not != self.holds(value)
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
                .is_some_and(|text| equals_ignoring_case(&text, operand)),
            (Operand::One(Value::String(operand)), Operator::Icontains) => value
                .text()
                .is_some_and(|text| contains_ignoring_case(&text, operand)),
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

/// Whether `text` equals `lowered` (already lower-cased) after Unicode
/// lower-casing; ASCII text is compared in place.
fn equals_ignoring_case(text: &str, lowered: &str) -> bool {
    if text.is_ascii() {
        text.eq_ignore_ascii_case(lowered)
    } else {
        text.to_lowercase() == lowered
    }
}

/// Whether `text` contains `lowered` (already lower-cased) after Unicode
/// lower-casing; ASCII text is searched in place. (Non-ASCII text may
/// lower-case to ASCII, e.g. the Kelvin sign, so it always takes the slow path.)
fn contains_ignoring_case(text: &str, lowered: &str) -> bool {
    if !text.is_ascii() {
        return text.to_lowercase().contains(lowered);
    }
    if !lowered.is_ascii() {
        return false;
    }
    let needle = lowered.as_bytes();
    needle.is_empty()
        || text
            .as_bytes()
            .windows(needle.len())
            .any(|window| window.eq_ignore_ascii_case(needle))
}

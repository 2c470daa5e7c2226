//! Evaluating a [`Plan`] on records: filters fold left to right in query
//! order, sorting puts nulls last ascending and first descending, ties by
//! `id` (conventions.md, "Filters, exactly").

use std::borrow::Cow;
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
        let json = record.get(&self.path);
        let probe = match (self.field.kind, json.as_deref()) {
            (_, None | Some(Json::Null)) => Probe::Null,
            // Text is compared in place, without copying it out of the record.
            (FieldType::String | FieldType::Enum(_), Some(Json::String(text))) => Probe::Str(text),
            (kind, json) => Probe::Value(Value::from_json(kind, json)),
        };
        self.not != self.holds(&probe)
    }

    /// The condition without `not__`. Null satisfies only `isnull=true`.
    fn holds(&self, probe: &Probe<'_>) -> bool {
        if let Operand::IsNull(is_null) = self.operand {
            return matches!(probe, Probe::Null) == is_null;
        }
        if matches!(probe, Probe::Null) {
            return false;
        }
        let order = |operand: &Value| probe.compare(operand);
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
            (Operand::One(Value::String(operand)), Operator::Iexact) => probe
                .text()
                .is_some_and(|text| lower(&text) == operand.as_str()),
            (Operand::One(Value::String(operand)), Operator::Icontains) => probe
                .text()
                .is_some_and(|text| lower(&text).contains(operand.as_str())),
            (Operand::One(Value::String(operand)), Operator::Startswith) => probe
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

/// Unicode lower-casing, without allocating for text that is already lower-case ASCII.
fn lower(text: &str) -> Cow<'_, str> {
    if text
        .bytes()
        .all(|b| !b.is_ascii_uppercase() && b.is_ascii())
    {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.to_lowercase())
    }
}

/// A record value as a condition sees it: text borrowed from the record, or
/// a typed value.
enum Probe<'a> {
    Null,
    Str(&'a str),
    Value(Value),
}

impl Probe<'_> {
    fn compare(&self, operand: &Value) -> Option<Ordering> {
        match (self, operand) {
            (Probe::Str(text), Value::String(operand)) => Some((*text).cmp(operand.as_str())),
            (Probe::Value(value), operand) => value.compare(operand),
            _ => None,
        }
    }

    fn text(&self) -> Option<Cow<'_, str>> {
        match self {
            Probe::Str(text) => Some(Cow::Borrowed(text)),
            Probe::Value(value) => value.text(),
            Probe::Null => None,
        }
    }
}

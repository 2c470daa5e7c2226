//! What the engine needs from a record: the JSON value at a path.

use std::borrow::Cow;

use serde_json::{Map, Value as Json};

use crate::query::FieldPath;
use crate::schema::FieldType;
use crate::value::Value;

/// A record filters and sorting can read.
///
/// Values are read as the service's JSON (decimal strings, date-time strings,
/// numbers, booleans, `null`) and typed by the schema when compared. A path
/// the record lacks reads as `null`.
pub trait Record {
    /// The JSON value at `path`: a field of the record, or for
    /// `relation__field` a field of the related record. `None` when absent.
    fn get(&self, path: &FieldPath) -> Option<Cow<'_, Json>>;

    /// The value at `path` typed as `kind`, what filters and sorting compare.
    ///
    /// The default reads [`Record::get`] through [`Value::from_json`]. A store
    /// that keeps typed values (the sandbox, a cache) can lend them instead
    /// and save parsing decimals and date-times on every comparison; it must
    /// give the same value `from_json` would.
    fn value(&self, path: &FieldPath, kind: FieldType) -> Cow<'_, Value> {
        Cow::Owned(Value::from_json(kind, self.get(path).as_deref()))
    }
}

/// A JSON object record as the service sends it. A related path
/// `relation__field` reads `record[relation][field]` when `record[relation]`
/// is an object (an expanded related record); `relation__id` is the
/// reference itself when `record[relation]` is its UUID string; otherwise the
/// flat key `record["relation__field"]` (how a cache can store related values
/// next to the reference).
///
/// A record that carries neither reads the related value as null, so
/// `not__supplier__name__icontains=x` keeps it (Django's `exclude()`): a
/// store that filters service records offline must keep the related values
/// it filters on, or refuse such filters.
impl Record for Map<String, Json> {
    fn get(&self, path: &FieldPath) -> Option<Cow<'_, Json>> {
        let found = match &path.relation {
            None => self.get(&path.field),
            Some(relation) => match self.get(relation) {
                Some(Json::Object(related)) => related.get(&path.field),
                Some(reference @ Json::String(_)) if path.field == "id" => Some(reference),
                _ => self.get(&path.to_string()),
            },
        };
        found.map(Cow::Borrowed)
    }
}

impl<R: Record + ?Sized> Record for &R {
    fn get(&self, path: &FieldPath) -> Option<Cow<'_, Json>> {
        (**self).get(path)
    }

    fn value(&self, path: &FieldPath, kind: FieldType) -> Cow<'_, Value> {
        (**self).value(path, kind)
    }
}

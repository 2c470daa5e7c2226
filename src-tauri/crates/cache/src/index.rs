//! The saved records of one resource held in memory as typed values, for
//! offline queries with the shared engine: built from the sealed `cells`
//! column on the first query, kept until a write changes the resource.

use std::borrow::Cow;

use serde_json::Value as Json;
use workdesk_query::{
    FieldPath, FieldType, Layout, ListQuery, Problem, Record, Schema, ValidationErrors, Value,
};

use crate::cell::{render, Cell};
use crate::seal::Lookup;
use crate::store::SavedCells;

/// One saved record as the engine reads it.
#[derive(Debug)]
pub(crate) struct Row {
    pub lookup: Lookup,
    pub saved_at: i64,
    /// One value per schema field, in schema order; `None` where the field
    /// was never saved for this record.
    cells: Box<[Option<Value>]>,
    layout: &'static Layout,
}

static NULL: Value = Value::Null;

impl Row {
    fn slot(&self, path: &FieldPath) -> Option<&Value> {
        let position = match &path.relation {
            None => self.layout.position(&path.field)?,
            // `relation__id` is the reference the record carries; nothing
            // else of a related record is saved.
            Some(relation) if path.field == "id" => self.layout.position(relation)?,
            Some(_) => return None,
        };
        self.cells[position].as_ref()
    }
}

impl Record for Row {
    fn get(&self, path: &FieldPath) -> Option<Cow<'_, Json>> {
        self.slot(path).map(|value| Cow::Owned(render(value)))
    }

    /// The typed value saved with the record: what `Value::from_json` gave
    /// for the JSON the service sent.
    fn value(&self, path: &FieldPath, _kind: FieldType) -> Cow<'_, Value> {
        Cow::Borrowed(self.slot(path).unwrap_or(&NULL))
    }
}

/// Every saved record of one resource.
#[derive(Debug)]
pub(crate) struct Index {
    pub rows: Vec<Row>,
    /// Positions of the fields that some saved record lacks.
    missing: Vec<bool>,
    schema: &'static Schema,
}

impl Index {
    /// The index of `schema`'s records from their saved cells.
    pub fn build(schema: &'static Schema, saved: Vec<SavedCells>) -> Index {
        let layout = Layout::of(schema);
        let width = schema.fields.len();
        let mut missing = vec![false; width];
        let rows = saved
            .into_iter()
            .filter(|(_, _, cells)| cells.len() == width)
            .map(|(lookup, saved_at, cells)| {
                let cells: Box<[Option<Value>]> = cells
                    .into_iter()
                    .map(|cell| cell.map(Cell::into_value))
                    .collect();
                for (position, cell) in cells.iter().enumerate() {
                    missing[position] |= cell.is_none();
                }
                Row {
                    lookup,
                    saved_at,
                    cells,
                    layout,
                }
            })
            .collect();
        Index {
            rows,
            missing,
            schema,
        }
    }

    /// Why `query` cannot be answered faithfully from these records, keyed
    /// as the service keys a 400 (`sort`, or the condition's parameter):
    /// a related record's field other than its id (only the reference is
    /// saved), or a field some saved record lacks.
    pub fn refusals(&self, query: &ListQuery) -> ValidationErrors {
        let mut refused = ValidationErrors::default();
        let layout = Layout::of(self.schema);
        let why = |path: &FieldPath| -> Option<Problem> {
            match &path.relation {
                Some(relation) if path.field != "id" => Some(Problem::new(
                    "offline_related_field",
                    [
                        ("relation", relation.as_str()),
                        ("field", path.field.as_str()),
                    ],
                )),
                Some(_) => None,
                None => layout
                    .position(&path.field)
                    .filter(|&position| self.missing[position])
                    .map(|_| {
                        Problem::new("offline_field_missing", [("field", path.field.as_str())])
                    }),
            }
        };
        for condition in &query.filters {
            if let Some(problem) = why(&condition.path) {
                refused.add_problem(condition.parameter(), problem);
            }
        }
        for key in &query.sort {
            if let Some(problem) = why(&key.path) {
                refused.add_problem("sort", problem);
            }
        }
        refused
    }
}

//! A record's cells as text, for showing rather than saving: a printed
//! list holds what an export of it would, without a file.

use serde_json::{Map, Value as Json};
use workdesk_query::{FieldType, Schema};

use crate::cell::{cell, plain_text, typed_columns, LocalTime};
use crate::column::Column;

/// Turns records into rows of text cells, one per column, the way
/// [`crate::Sheet`] turns them into a CSV's, but never escaped: text as it
/// is (choices and yes/no by their labels, a reference in a column of
/// names by its name), amounts exact with a `.` (`"1234.500000"`), whole
/// numbers, dates `YYYY-MM-DD`, date-times `YYYY-MM-DD HH:MM:SS` in the
/// wall-clock time `local` gives; an empty value is `""`.
pub struct RowText {
    columns: Vec<(Column, Option<FieldType>)>,
    local: LocalTime,
}

impl RowText {
    /// Rows of `columns` (in screen order) of records of `schema`, whose
    /// field types decide the cells; `local` converts instants.
    #[must_use]
    pub fn new(schema: &Schema, columns: Vec<Column>, local: LocalTime) -> RowText {
        RowText {
            columns: typed_columns(schema, columns),
            local,
        }
    }

    /// `record`'s cells, one per column.
    #[must_use]
    pub fn cells(&self, record: &Map<String, Json>) -> Vec<String> {
        self.columns
            .iter()
            .map(|(column, kind)| {
                plain_text(cell(*kind, column, record.get(&column.field), &self.local))
            })
            .collect()
    }
}

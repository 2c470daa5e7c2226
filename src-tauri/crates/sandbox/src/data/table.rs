//! The records of one resource in one workspace, in the resource's default
//! list order, with soft-deleted records kept but hidden.

use std::collections::HashMap;

use uuid::Uuid;
use workdesk_query::Schema;

use super::row::Row;

/// Rows of one resource.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Table {
    /// The resource.
    pub schema: &'static Schema,
    /// In default list order; new records are appended.
    rows: Vec<Row>,
    /// Position of each row by id.
    positions: HashMap<Uuid, usize>,
}

impl Table {
    /// A table of `schema` holding `rows` in this order.
    pub fn new(schema: &'static Schema, rows: Vec<Row>) -> Table {
        let positions = rows
            .iter()
            .enumerate()
            .map(|(position, row)| (row.id(), position))
            .collect();
        Table {
            schema,
            rows,
            positions,
        }
    }

    /// Rows that are not soft-deleted, in default list order.
    pub fn live(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|row| !row.is_deleted())
    }

    /// The live row with this id.
    pub fn find(&self, id: Uuid) -> Option<&Row> {
        self.positions
            .get(&id)
            .map(|&position| &self.rows[position])
            .filter(|row| !row.is_deleted())
    }

    /// The live row with this id, for changing it.
    pub fn find_mut(&mut self, id: Uuid) -> Option<&mut Row> {
        self.positions
            .get(&id)
            .map(|&position| &mut self.rows[position])
            .filter(|row| !row.is_deleted())
    }

    /// Appends a new row (last in default order).
    pub fn push(&mut self, row: Row) {
        self.positions.insert(row.id(), self.rows.len());
        self.rows.push(row);
    }

    /// Every row, soft-deleted ones included.
    #[cfg(test)]
    pub fn all(&self) -> &[Row] {
        &self.rows
    }
}

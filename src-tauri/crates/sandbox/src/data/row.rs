//! One stored record: a JSON value per field of its resource's
//! [`Schema`], in schema order, as the service sends
//! it (docs/service.md, "Common field rules": uuids and decimals as strings,
//! date-times RFC 3339 UTC, integers as numbers, `null` for empty nullable
//! fields).
//!
//! Rows are generic over the eight resources, so filtering, sorting and
//! field selection are all schema-driven through `workdesk_query`.

use std::borrow::Cow;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value as Json;
use uuid::Uuid;
use workdesk_query::{Field, FieldPath, FieldType, Layout, Record, Schema, Value};

use super::ToCell;

/// A record of one resource.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    layout: &'static Layout,
    /// `id`, typed, for lookups by id.
    id: Uuid,
    /// One value per schema field, in schema order.
    cells: Box<[Json]>,
    /// The same values typed by their field (what filters and sorting
    /// compare), so a list does not parse decimals and date-times per request.
    typed: Box<[Value]>,
    /// `name` of the related record of the schema's relation (the supplier of
    /// a supplier invoice, the customer of a customer invoice or sales
    /// quote), read by `supplier__name` / `customer__name` filters. Never
    /// serialised.
    related_name: Option<Json>,
    /// `related_name` typed.
    related_name_typed: Value,
    /// Whether `deleted_at` is set, kept next to the row so that listing
    /// does not touch every row's cells.
    deleted: bool,
}

impl Row {
    /// A row of `schema` with id `id` and every other field `null`.
    pub fn new(schema: &'static Schema, id: Uuid) -> Row {
        let layout = Layout::of(schema);
        let mut row = Row {
            layout,
            id,
            cells: vec![Json::Null; schema.fields.len()].into_boxed_slice(),
            typed: vec![Value::Null; schema.fields.len()].into_boxed_slice(),
            related_name: None,
            related_name_typed: Value::Null,
            deleted: false,
        };
        row.set("id", id);
        row
    }

    /// Sets field `name` (builder style). See [`Row::set`].
    #[must_use]
    pub fn with(mut self, name: &str, value: impl ToCell) -> Row {
        self.set(name, value);
        self
    }

    /// Sets the name of the related record (`supplier__name`, `customer__name`).
    #[must_use]
    pub fn with_related_name(mut self, name: &str) -> Row {
        self.related_name = Some(Json::String(name.to_owned()));
        self.related_name_typed = Value::String(name.to_owned());
        self
    }

    /// Sets field `name`. Names outside the schema are a programming error:
    /// they fail debug builds and are ignored otherwise.
    pub fn set(&mut self, name: &str, value: impl ToCell) {
        match self.layout.position(name) {
            Some(position) => {
                let cell = value.to_cell();
                if name == "deleted_at" {
                    self.deleted = !cell.is_null();
                }
                let kind = self.layout.schema.fields[position].kind;
                self.typed[position] = Value::from_json(kind, Some(&cell));
                self.cells[position] = cell;
            }
            None => debug_assert!(false, "{} has no field {name}", self.layout.schema.resource),
        }
    }

    /// The value of field `name` (`null` when the schema has no such field).
    pub fn value(&self, name: &str) -> &Json {
        self.layout
            .position(name)
            .map_or(&Json::Null, |position| &self.cells[position])
    }

    /// The record's id.
    pub fn id(&self) -> Uuid {
        self.id
    }

    /// The resource of the row.
    pub fn schema(&self) -> &'static Schema {
        self.layout.schema
    }

    /// Whether the row is soft-deleted (`deleted_at` set).
    pub fn is_deleted(&self) -> bool {
        self.deleted
    }

    /// `(field, value)` pairs in schema order.
    pub fn fields(&self) -> impl Iterator<Item = (&'static Field, &Json)> {
        self.layout.schema.fields.iter().zip(self.cells.iter())
    }

    /// The row serialised whole ([`None`]) or with only `fields` (schema order).
    pub fn shown<'a>(&'a self, fields: Option<&'a [&'static Field]>) -> Shown<'a> {
        Shown { row: self, fields }
    }
}

/// Where the value of a path sits in a [`Row`].
#[derive(Debug, Clone, Copy)]
enum Slot {
    /// The cell at this position (a field, or the reference of `relation__id`).
    Cell(usize),
    /// `relation__name`: the related record's name.
    RelatedName,
}

impl Row {
    /// Where `path` is read: a field of the row, or for `relation__name` /
    /// `relation__id` the name or reference of the related record.
    fn slot(&self, path: &FieldPath) -> Option<Slot> {
        match &path.relation {
            None => self.layout.position(&path.field).map(Slot::Cell),
            Some(relation) if self.layout.schema.relation(relation).is_some() => {
                match path.field.as_str() {
                    "name" => Some(Slot::RelatedName),
                    "id" => self.layout.position(relation).map(Slot::Cell),
                    _ => None,
                }
            }
            Some(_) => None,
        }
    }
}

impl Record for Row {
    /// A field of the row, or for `relation__name` / `relation__id` the name
    /// or id of the related record.
    fn get(&self, path: &FieldPath) -> Option<Cow<'_, Json>> {
        let value = match self.slot(path)? {
            Slot::Cell(position) => Some(&self.cells[position]),
            Slot::RelatedName => self.related_name.as_ref(),
        };
        value.map(Cow::Borrowed)
    }

    /// The typed copy kept next to each cell: the same as the default
    /// (`Value::from_json` of [`Record::get`]) without parsing.
    fn value(&self, path: &FieldPath, _kind: FieldType) -> Cow<'_, Value> {
        static NULL: Value = Value::Null;
        Cow::Borrowed(match self.slot(path) {
            Some(Slot::Cell(position)) => &self.typed[position],
            Some(Slot::RelatedName) => &self.related_name_typed,
            None => &NULL,
        })
    }
}

/// A row as a JSON object: every field, or only the selected ones, in
/// schema order.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shown<'a> {
    row: &'a Row,
    fields: Option<&'a [&'static Field]>,
}

impl Serialize for Shown<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.fields {
            None => {
                let mut map = serializer.serialize_map(Some(self.row.cells.len()))?;
                for (field, value) in self.row.fields() {
                    map.serialize_entry(field.name, value)?;
                }
                map.end()
            }
            Some(fields) => {
                let mut map = serializer.serialize_map(Some(fields.len()))?;
                for field in fields {
                    map.serialize_entry(field.name, self.row.value(field.name))?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    use super::*;
    use workdesk_query::resources;

    #[test]
    fn serialises_in_schema_order_and_projects() {
        let id = Uuid::from_u128(1);
        let row = Row::new(&resources::PRODUCT, id)
            .with("name", "Café de Nariño 500 g")
            .with("unit_price", Decimal::new(1250, 2));
        let whole = serde_json::to_string(&row.shown(None)).unwrap();
        assert!(whole.starts_with(&format!(r#"{{"id":"{id}","name":"Café de Nariño 500 g","#)));
        let price = resources::PRODUCT.field("unit_price").unwrap();
        let name = resources::PRODUCT.field("name").unwrap();
        let some = [name, price];
        assert_eq!(
            serde_json::to_string(&row.shown(Some(&some))).unwrap(),
            r#"{"name":"Café de Nariño 500 g","unit_price":"12.50"}"#
        );
    }

    #[test]
    fn reads_fields_and_the_related_name() {
        let supplier = Uuid::from_u128(7);
        let row = Row::new(&resources::SUPPLIER_INVOICE, Uuid::from_u128(1))
            .with("supplier", supplier)
            .with_related_name("Óptica Álvarez");
        let get = |path: FieldPath| row.get(&path).map(Cow::into_owned);
        assert_eq!(
            get(FieldPath::related("supplier", "name")),
            Some(Json::from("Óptica Álvarez"))
        );
        assert_eq!(
            get(FieldPath::related("supplier", "id")),
            Some(Json::from(supplier.to_string()))
        );
        assert_eq!(get(FieldPath::related("customer", "name")), None);
        assert_eq!(get(FieldPath::field("total")), Some(Json::Null));
        assert_eq!(get(FieldPath::field("colour")), None);
    }

    #[test]
    fn typed_values_are_what_the_engine_would_parse() {
        let row = Row::new(&resources::SUPPLIER_INVOICE, Uuid::from_u128(1))
            .with("supplier", Uuid::from_u128(7))
            .with("total", Decimal::new(123_450, 2))
            .with("issue_date", "2025-03-04T10:00:00Z")
            .with_related_name("Óptica Álvarez");
        for field in resources::SUPPLIER_INVOICE.fields {
            let path = FieldPath::field(field.name);
            let parsed = Value::from_json(field.kind, row.get(&path).as_deref());
            assert_eq!(
                *Record::value(&row, &path, field.kind),
                parsed,
                "{}",
                field.name
            );
        }
        for (field, kind) in [("name", FieldType::String), ("id", FieldType::Uuid)] {
            let path = FieldPath::related("supplier", field);
            let parsed = Value::from_json(kind, row.get(&path).as_deref());
            assert_eq!(
                *Record::value(&row, &path, kind),
                parsed,
                "supplier__{field}"
            );
        }
    }
}

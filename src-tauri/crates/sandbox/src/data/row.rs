//! One stored record: a typed value and a JSON value per field of its
//! resource's [`Schema`], in schema order, the JSON as the service sends
//! it (docs/service.md, "Common field rules": uuids and decimals as strings,
//! date-times RFC 3339 UTC, integers as numbers, `null` for empty nullable
//! fields). The JSON of a value its typed value determines (a uuid, a
//! decimal, a date-time…) is written when first read, so seeding neither
//! formats the fields no request reads nor parses them back.
//!
//! Rows are generic over the eight resources, so filtering, sorting and
//! field selection are all schema-driven through `workdesk_query`.

use std::borrow::Cow;
use std::sync::OnceLock;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value as Json;
use uuid::Uuid;
use workdesk_query::{Field, FieldPath, FieldType, Layout, Record, Schema, Value};

use super::cell::json_of;
use super::ToCell;

/// A record of one resource.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    layout: &'static Layout,
    /// `id`, typed, for lookups by id.
    id: Uuid,
    /// One JSON value per schema field, in schema order: set with the
    /// field when the typed value does not determine it, else formatted
    /// from the typed value ([`json_of`]) when first read — so seeding
    /// neither formats the uuids, decimals and date-times of records no
    /// one reads, nor parses them back. The slots themselves (40 bytes a
    /// field) are made when the row is first read or a field is set as
    /// JSON: most of the demo's 5,400 rows are never read, and a row's 37
    /// fields on average would hold 1.5 kB of empty slots each.
    cells: OnceLock<Box<[OnceLock<Json>]>>,
    /// The same values typed by their field (what filters and sorting
    /// compare), so a list does not parse decimals and date-times per request.
    typed: Box<[Value]>,
    /// The related records' fields filters reach (`supplier__name`,
    /// `geographic_location__name`): one per field but `id` of each of the
    /// schema's relations, in schema order ([`related_position`]). Never
    /// serialised; `None` where not set.
    related: Box<[Option<Json>]>,
    /// `related` typed.
    related_typed: Box<[Value]>,
    /// Whether `deleted_at` is set, kept next to the row so that listing
    /// does not touch every row's cells.
    deleted: bool,
}

impl Row {
    /// A row of `schema` with id `id` and every other field `null`.
    pub fn new(schema: &'static Schema, id: Uuid) -> Row {
        let layout = Layout::of(schema);
        let width = schema.fields.len();
        let related = related_width(schema);
        let mut row = Row {
            layout,
            id,
            cells: OnceLock::new(),
            typed: nulls(width, || Value::Null),
            related: nulls(related, || None),
            related_typed: nulls(related, || Value::Null),
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

    /// Sets `field` of the record related through `relation`
    /// (`supplier`, `name`: what `supplier__name` filters read). Paths
    /// outside the schema's relations are a programming error: they fail
    /// debug builds and are ignored otherwise.
    #[must_use]
    pub fn with_related(mut self, relation: &str, field: &str, value: &str) -> Row {
        match related_position(self.layout.schema, relation, field) {
            Some(position) => {
                self.related[position] = Some(Json::String(value.to_owned()));
                self.related_typed[position] = Value::String(value.to_owned());
            }
            None => debug_assert!(
                false,
                "{} has no related {relation}__{field}",
                self.layout.schema.resource
            ),
        }
        self
    }

    /// Sets field `name`. Names outside the schema are a programming error:
    /// they fail debug builds and are ignored otherwise.
    pub fn set(&mut self, name: &str, value: impl ToCell) {
        match self.layout.position(name) {
            Some(position) => {
                let (cell, typed) = value.to_cell_typed(self.layout.schema.fields[position].kind);
                if name == "deleted_at" {
                    // `null` JSON, and only that, is typed `Value::Null`.
                    self.deleted = !typed.is_null();
                }
                self.typed[position] = typed;
                match cell {
                    Some(json) => self.cells_mut()[position] = OnceLock::from(json),
                    // Formatted from the typed value when read.
                    None => {
                        if let Some(cells) = self.cells.get_mut() {
                            cells[position] = OnceLock::new();
                        }
                    }
                }
            }
            None => debug_assert!(false, "{} has no field {name}", self.layout.schema.resource),
        }
    }

    /// The value of field `name` (`null` when the schema has no such field).
    pub fn value(&self, name: &str) -> &Json {
        self.layout
            .position(name)
            .map_or(&Json::Null, |position| self.cell(position))
    }

    /// The JSON value of the field at `position`, formatted on first read
    /// when it was not set.
    fn cell(&self, position: usize) -> &Json {
        self.slots()[position].get_or_init(|| json_of(&self.typed[position]))
    }

    /// The row's JSON slots, made (empty) if they were not yet.
    fn slots(&self) -> &[OnceLock<Json>] {
        self.cells
            .get_or_init(|| nulls(self.typed.len(), OnceLock::new))
    }

    /// [`Row::slots`], to set one.
    fn cells_mut(&mut self) -> &mut [OnceLock<Json>] {
        self.slots();
        self.cells.get_mut().expect("made by slots()")
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
        let fields = self.layout.schema.fields.iter();
        fields
            .enumerate()
            .map(|(position, field)| (field, self.cell(position)))
    }

    /// The row serialised whole ([`None`]) or with only `fields` (schema order).
    pub fn shown<'a>(&'a self, fields: Option<&'a [&'static Field]>) -> Shown<'a> {
        Shown { row: self, fields }
    }
}

/// `width` empty values (`null`) in one allocation of exactly that size.
fn nulls<T>(width: usize, null: impl FnMut() -> T) -> Box<[T]> {
    std::iter::repeat_with(null).take(width).collect()
}

/// Rows are equal when they hold the same record: the same resource, id,
/// values and related fields (whether a JSON value was formatted yet does
/// not matter).
impl PartialEq for Row {
    fn eq(&self, other: &Row) -> bool {
        self.layout == other.layout
            && self.id == other.id
            && self.typed == other.typed
            && self.related == other.related
            && self.related_typed == other.related_typed
            && self.deleted == other.deleted
            && self
                .fields()
                .map(|(_, json)| json)
                .eq(other.fields().map(|(_, json)| json))
    }
}

/// How many related fields a row of `schema` keeps: every field but `id`
/// of each relation.
fn related_width(schema: &Schema) -> usize {
    schema
        .relations
        .iter()
        .map(|relation| relation.fields.iter().filter(|f| f.name != "id").count())
        .sum()
}

/// Where `relation__field` sits among a row's related fields: relations
/// in schema order, their fields but `id` in order.
fn related_position(schema: &Schema, relation: &str, field: &str) -> Option<usize> {
    let mut at = 0;
    for candidate in schema.relations {
        for related in candidate.fields.iter().filter(|f| f.name != "id") {
            if candidate.name == relation && related.name == field {
                return Some(at);
            }
            at += 1;
        }
    }
    None
}

/// Where the value of a path sits in a [`Row`].
#[derive(Debug, Clone, Copy)]
enum Slot {
    /// The cell at this position (a field, or the reference of `relation__id`).
    Cell(usize),
    /// A related record's field other than its id, at this position.
    Related(usize),
}

impl Row {
    /// Where `path` is read: a field of the row, for `relation__id` the
    /// reference the row holds, for another `relation__field` the related
    /// record's field.
    fn slot(&self, path: &FieldPath) -> Option<Slot> {
        let schema = self.layout.schema;
        match &path.relation {
            None => self.layout.position(&path.field).map(Slot::Cell),
            Some(relation) if path.field == "id" && schema.relation(relation).is_some() => {
                self.layout.position(relation).map(Slot::Cell)
            }
            Some(relation) => related_position(schema, relation, &path.field).map(Slot::Related),
        }
    }
}

impl Record for Row {
    /// A field of the row, or for `relation__field` the related record's
    /// field (`relation__id`: the reference).
    fn get(&self, path: &FieldPath) -> Option<Cow<'_, Json>> {
        let value = match self.slot(path)? {
            Slot::Cell(position) => Some(self.cell(position)),
            Slot::Related(position) => self.related[position].as_ref(),
        };
        value.map(Cow::Borrowed)
    }

    /// The typed copy kept next to each cell: the same as the default
    /// (`Value::from_json` of [`Record::get`]) without parsing.
    fn value(&self, path: &FieldPath, _kind: FieldType) -> Cow<'_, Value> {
        static NULL: Value = Value::Null;
        Cow::Borrowed(match self.slot(path) {
            Some(Slot::Cell(position)) => &self.typed[position],
            Some(Slot::Related(position)) => &self.related_typed[position],
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
                let mut map = serializer.serialize_map(Some(self.row.typed.len()))?;
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
    fn a_row_holds_json_slots_only_once_read_or_set_as_json() {
        // The demo's memory (BENCHMARKS.md, "Issue 48 at a glance", tenth
        // sitting): rows no request reads hold their typed values only.
        let mut row = Row::new(&resources::SUPPLIER_INVOICE, Uuid::from_u128(1))
            .with("total", Decimal::new(123_450, 2))
            .with("deleted_at", Json::Null)
            .with("deleted_by", Json::Null);
        assert!(row.cells.get().is_none(), "seeded, not read: no slots");
        assert!(!row.is_deleted());
        assert_eq!(row.value("total"), &Json::from("1234.50"));
        assert!(row.cells.get().is_some(), "read: slots made");

        let mut set = Row::new(&resources::SUPPLIER_INVOICE, Uuid::from_u128(2));
        set.set("total", Json::from(7));
        assert!(set.cells.get().is_some(), "set as JSON: kept");
        assert_eq!(set.value("total"), &Json::from(7));
        // A read row set again shows the new value, not the old one's JSON.
        row.set("total", Decimal::new(5, 0));
        assert_eq!(row.value("total"), &Json::from("5"));
    }

    #[test]
    fn reads_fields_and_the_related_records_fields() {
        let supplier = Uuid::from_u128(7);
        let row = Row::new(&resources::SUPPLIER_INVOICE, Uuid::from_u128(1))
            .with("supplier", supplier)
            .with_related("supplier", "name", "Óptica Álvarez")
            .with_related("supplier", "document_number", "900123456-1");
        let get = |path: FieldPath| row.get(&path).map(Cow::into_owned);
        assert_eq!(
            get(FieldPath::related("supplier", "name")),
            Some(Json::from("Óptica Álvarez"))
        );
        assert_eq!(
            get(FieldPath::related("supplier", "document_number")),
            Some(Json::from("900123456-1"))
        );
        let stakeholder = Row::new(&resources::STAKEHOLDER, Uuid::from_u128(2))
            .with_related("geographic_location", "name", "Cali")
            .with_related("document_type", "code", "NIT");
        assert_eq!(
            stakeholder
                .get(&FieldPath::related("document_type", "code"))
                .map(Cow::into_owned),
            Some(Json::from("NIT"))
        );
        assert_eq!(
            stakeholder
                .get(&FieldPath::related("document_type", "name"))
                .map(Cow::into_owned),
            None,
            "not set"
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
            .with_related("supplier", "name", "Óptica Álvarez");
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

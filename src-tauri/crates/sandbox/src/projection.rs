//! Field selection of list results (`fields=a,b`; service-api.md, "List
//! conventions"; conventions.md, "Unknown filter / sort / fields name").

use std::marker::PhantomData;

use serde::ser::{Error as _, SerializeMap};
use serde::{Serialize, Serializer};

use crate::model::Record;

/// A validated `fields` selection of record type `R`: names in `R::FIELDS`
/// order, without duplicates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FieldSelection<R> {
    names: Vec<&'static str>,
    record: PhantomData<fn() -> R>,
}

impl<R: Record> FieldSelection<R> {
    /// Parses a raw `fields` value. Names are comma-separated and trimmed;
    /// empty names are ignored, and a value without any name selects every
    /// field (`Ok(None)`). Unknown names are `Err` with one
    /// `"Unknown field: <name>"` message each.
    pub fn parse(raw: &str) -> Result<Option<Self>, Vec<String>> {
        let requested: Vec<&str> = raw
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect();
        let unknown: Vec<String> = requested
            .iter()
            .filter(|name| !R::FIELDS.contains(name))
            .map(|name| format!("Unknown field: {name}"))
            .collect();
        if !unknown.is_empty() {
            return Err(unknown);
        }
        if requested.is_empty() {
            return Ok(None);
        }
        let names = R::FIELDS
            .iter()
            .copied()
            .filter(|field| requested.contains(field))
            .collect();
        Ok(Some(FieldSelection {
            names,
            record: PhantomData,
        }))
    }
}

/// A record serialised whole (no selection) or with only the selected fields.
pub(crate) struct Projected<'a, R> {
    pub record: &'a R,
    pub selection: Option<&'a FieldSelection<R>>,
}

impl<R: Record> Serialize for Projected<'_, R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Some(selection) = self.selection else {
            return self.record.serialize(serializer);
        };
        let value = serde_json::to_value(self.record).map_err(S::Error::custom)?;
        let mut map = serializer.serialize_map(Some(selection.names.len()))?;
        for name in &selection.names {
            map.serialize_entry(name, &value[*name])?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SupplierInvoice;

    type Selection = FieldSelection<SupplierInvoice>;

    #[test]
    fn supplier_invoice_fields_match_its_serialisation() {
        let data = crate::seed::build(3);
        let value = serde_json::to_value(&data.a.invoices[0].invoice).unwrap();
        let mut serialised: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut declared = SupplierInvoice::FIELDS.to_vec();
        serialised.sort_unstable();
        declared.sort_unstable();
        assert_eq!(serialised, declared);
    }

    #[test]
    fn selects_known_fields_in_declared_order() {
        let selection = Selection::parse(" name , id,,name").unwrap().unwrap();
        assert_eq!(selection.names, ["id", "name"]);
        let data = crate::seed::build(3);
        let invoice = &data.a.invoices[0].invoice;
        let projected = Projected {
            record: invoice,
            selection: Some(&selection),
        };
        assert_eq!(
            serde_json::to_string(&projected).unwrap(),
            format!(r#"{{"id":"{}","name":"{}"}}"#, invoice.id, invoice.name)
        );
        let whole = Projected {
            record: invoice,
            selection: None,
        };
        assert_eq!(
            serde_json::to_value(&whole).unwrap(),
            serde_json::to_value(invoice).unwrap()
        );
    }

    #[test]
    fn empty_selects_everything_and_unknown_names_are_listed() {
        assert_eq!(Selection::parse(" , ").unwrap(), None);
        assert_eq!(
            Selection::parse("id,x,total,y").unwrap_err(),
            ["Unknown field: x", "Unknown field: y"]
        );
    }
}

//! The service's records (`docs/service.md`, "Records").
//!
//! Records of any resource are read as [`JsonRecord`](crate::JsonRecord)s,
//! each field by the type its resource's schema gives it
//! (`json_record.rs`): the field lists live in one place, the query
//! engine's schemas. Typed records exist only where a write needs them:
//! the task and the stakeholder the service answers a create with, and the
//! lead the editor patches. Both follow the same rules, from
//! docs/service.md ("Reading records"):
//! - every field is an `Option`, even where the spec marks it required,
//!   because a `fields=` selection leaves out what was not asked for: a
//!   missing field is `None`, as is a `null`;
//! - fields the spec does not list are kept, as sent, in `extra` (and
//!   written back flattened into the object), so the UI can show them;
//! - a value of the wrong shape reads as `None` instead of failing the page
//!   (see `lenient.rs`), and date-times are kept as text ([`Timestamp`]);
//! - ids and references are UUID strings; money and percentages are
//!   [`rust_decimal::Decimal`], read from and written as strings (`"1234.50"`,
//!   scale kept), never floats; enumerations keep unknown codes.

pub mod json_record;
pub(crate) mod lenient;
mod text_types;

mod lead;
mod stakeholder;
mod task;

pub use lead::Lead;
pub use stakeholder::Stakeholder;
pub use task::Task;
pub use text_types::{AuditStatus, CalendarDate, DocumentType, OperationStatus, Timestamp};

use workdesk_query::Schema;

/// A record type with a list endpoint: its schema in the shared filter
/// engine (`workdesk_query::resources`), which gives the endpoint path and
/// the fields queries may name.
pub trait Resource: serde::de::DeserializeOwned + Send + 'static {
    /// The resource's schema, e.g. [`workdesk_query::resources::SUPPLIER_INVOICE`].
    fn schema() -> &'static Schema;
    /// Names of the fields this type reads into typed fields, in spec order.
    const FIELDS: &'static [&'static str];
}

/// Declares a record type: the struct with the given `Option` fields plus
/// `extra`, and a `Deserialize` that reads each known field leniently and
/// keeps every other field in `extra` (one pass, no intermediate map).
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident: $schema:path {
            $( $(#[$fmeta:meta])* pub $field:ident: Option<$ty:ty>, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
        #[cfg_attr(feature = "specta", derive(specta::Type))]
        // Only read by specta (the `Deserialize` is written below): every
        // field may be missing, so TypeScript marks them optional.
        #[serde(default)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: Option<$ty>, )*
            /// Fields the spec does not list, kept as sent (written back
            /// flattened into the object).
            #[serde(flatten)]
            pub extra: serde_json::Map<String, serde_json::Value>,
        }

        impl $crate::records::Resource for $name {
            fn schema() -> &'static workdesk_query::Schema {
                &$schema
            }
            const FIELDS: &'static [&'static str] = &[$(stringify!($field)),*];
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Fields;
                impl<'de> serde::de::Visitor<'de> for Fields {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str(concat!("a ", stringify!($name), " object"))
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<$name, A::Error> {
                        use $crate::records::lenient::{Field, Key};
                        let mut record = $name::default();
                        while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
                            match key.as_ref() {
                                $(stringify!($field) => {
                                    record.$field = map.next_value::<Field<$ty>>()?.0;
                                })*
                                _ => {
                                    record.extra.insert(key.into_owned(), map.next_value()?);
                                }
                            }
                        }
                        Ok(record)
                    }
                }
                d.deserialize_map(Fields)
            }
        }
    };
}
pub(crate) use record;

#[cfg(test)]
mod tests {
    use super::*;

    fn same_fields<T: Resource>() {
        let schema: Vec<&str> = T::schema().fields.iter().map(|f| f.name).collect();
        assert_eq!(T::FIELDS, schema.as_slice(), "{}", T::schema().resource);
    }

    #[test]
    fn every_record_has_exactly_the_fields_of_its_schema() {
        same_fields::<Task>();
        same_fields::<Lead>();
        same_fields::<Stakeholder>();
    }

    #[test]
    fn unknown_fields_are_kept_and_written_back() {
        let json = r#"{"id": "x", "title": "Call", "brand_new": {"a": [1]}, "priority": "high"}"#;
        let task: Task = serde_json::from_str(json).unwrap();
        assert_eq!(task.title.as_deref(), Some("Call"));
        assert_eq!(task.extra["brand_new"], serde_json::json!({"a": [1]}));
        assert_eq!(
            task.priority, None,
            "a priority that is no integer is absent"
        );
        let back = serde_json::to_value(&task).unwrap();
        assert_eq!(back["brand_new"]["a"][0], 1);
        assert_eq!(back["title"], "Call");
    }

    #[test]
    fn a_record_that_is_not_an_object_is_an_error() {
        assert!(serde_json::from_str::<Lead>("[1, 2]").is_err());
        assert!(serde_json::from_str::<Lead>("\"lead\"").is_err());
    }
}

//! [`Layout`]: where each field of a resource sits in a row of values kept
//! in schema order, for stores that keep records that way (the sandbox's
//! rows, the offline cache's saved records).

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use crate::resources;
use crate::schema::Schema;

/// The position of each field of one schema in `schema.fields` order.
/// Looked up for every field a filter or sort reads on every record, so it
/// uses the fast (non-DoS resistant, fine for fixed field names) Fx hash of
/// `rustc-hash`.
#[derive(Debug)]
pub struct Layout {
    /// The resource.
    pub schema: &'static Schema,
    index: FxHashMap<&'static str, usize>,
}

static LAYOUTS: LazyLock<Vec<Layout>> = LazyLock::new(|| {
    resources::ALL
        .iter()
        .map(|schema| Layout {
            schema,
            index: schema
                .fields
                .iter()
                .enumerate()
                .map(|(position, field)| (field.name, position))
                .collect(),
        })
        .collect()
});

/// Layouts are equal when they lay out the same resource.
impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.schema.resource == other.schema.resource
    }
}

impl Layout {
    /// The layout of `schema`, one of [`resources::ALL`].
    ///
    /// # Panics
    ///
    /// If `schema` is not one of [`resources::ALL`] (a programming error).
    #[must_use]
    pub fn of(schema: &'static Schema) -> &'static Layout {
        LAYOUTS
            .iter()
            .find(|layout| layout.schema.resource == schema.resource)
            .expect("every schema of resources::ALL has a layout")
    }

    /// Position of the field called `name` in `schema.fields`.
    #[must_use]
    pub fn position(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_of_every_resource_has_its_position() {
        for schema in resources::ALL {
            let layout = Layout::of(schema);
            for (position, field) in schema.fields.iter().enumerate() {
                assert_eq!(layout.position(field.name), Some(position));
            }
            assert_eq!(layout.position("no_such_field"), None);
        }
    }
}

//! [`Patch`]: one field of a partial update (`PATCH`), where leaving a field
//! out and setting it to `null` mean different things.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a partial update does to one field (`docs/service.md`, "Writes":
/// the partial body of `PATCH /crm/lead/{id}/`).
///
/// Used with `#[serde(default, skip_serializing_if = "Patch::is_keep")]`:
/// [`Patch::Keep`] is not sent at all, [`Patch::Clear`] is sent as `null`,
/// [`Patch::Set`] as the value. Read back the same way: absent is `Keep`,
/// `null` is `Clear`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Patch<T> {
    /// Leave the field as it is (not sent).
    #[default]
    Keep,
    /// Set the field to null (sent as `null`).
    Clear,
    /// Set the field to this value.
    Set(T),
}

impl<T> Patch<T> {
    /// Whether the field is left out of the request.
    pub fn is_keep(&self) -> bool {
        matches!(self, Patch::Keep)
    }
}

impl<T> From<Option<T>> for Patch<T> {
    /// `Some(v)` sets, `None` clears.
    fn from(value: Option<T>) -> Self {
        value.map_or(Patch::Clear, Patch::Set)
    }
}

impl<T: Serialize> Serialize for Patch<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Patch::Set(value) => value.serialize(s),
            Patch::Keep | Patch::Clear => s.serialize_none(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Patch<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Option::<T>::deserialize(d).map(Patch::from)
    }
}

#[cfg(feature = "specta")]
impl<T: specta::Type> specta::Type for Patch<T> {
    fn definition(types: &mut specta::Types) -> specta::datatype::DataType {
        <Option<T> as specta::Type>::definition(types)
    }
}

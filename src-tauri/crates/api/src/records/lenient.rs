//! Reading record fields without ever failing the page (docs/service.md,
//! "Reading records": unknown and missing fields are never a parse
//! failure).
//!
//! Each field type implements [`Lenient`]: it reads the value it expects
//! and a few plausible spellings of it (an integer sent as `"17"`, a decimal
//! sent as a JSON number, a boolean as `"true"`); anything else — an object
//! where text was expected, `"N/A"` in a decimal — reads as absent (`None`)
//! instead of failing the whole page. Date-times are kept as the text the
//! service sent ([`Timestamp`](super::Timestamp)), so a malformed one is
//! still shown.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// A field type that can be read from any JSON value: `Ok(None)` for null
/// and for values that cannot mean this type.
pub(crate) trait Lenient: Sized {
    /// Reads one value; only the underlying JSON syntax can make it fail.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error>;
}

/// `Option<T>` read leniently, for `MapAccess::next_value`.
pub(crate) struct Field<T>(pub(crate) Option<T>);

impl<'de, T: Lenient> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::read(d).map(Field)
    }
}

/// A map key, borrowed from the input when it has no escapes.
pub(crate) struct Key<'de>(pub(crate) Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// Any JSON value, reduced to what scalar fields need.
enum Scalar<'de> {
    Null,
    Bool(bool),
    I64(i64),
    U64(u64),
    F64(f64),
    Str(Cow<'de, str>),
    /// An object or array.
    Nested,
}

struct ScalarVisitor<'de>(PhantomData<&'de ()>);

impl<'de> Visitor<'de> for ScalarVisitor<'de> {
    type Value = Scalar<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Scalar<'de>, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar<'de>, E> {
        Ok(Scalar::I64(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar<'de>, E> {
        Ok(Scalar::U64(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar<'de>, E> {
        Ok(Scalar::F64(v))
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Str(Cow::Borrowed(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Str(Cow::Owned(v.to_owned())))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Str(Cow::Owned(v)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar<'de>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Scalar::Nested)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Scalar<'de>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Scalar::Nested)
    }
}

fn scalar<'de, D: Deserializer<'de>>(d: D) -> Result<Scalar<'de>, D::Error> {
    d.deserialize_any(ScalarVisitor(PhantomData))
}

impl Lenient for String {
    /// Text as sent; numbers and booleans as their JSON text.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
        Ok(match scalar(d)? {
            Scalar::Str(text) => Some(text.into_owned()),
            Scalar::Bool(v) => Some(v.to_string()),
            Scalar::I64(v) => Some(v.to_string()),
            Scalar::U64(v) => Some(v.to_string()),
            Scalar::F64(v) => Some(v.to_string()),
            Scalar::Null | Scalar::Nested => None,
        })
    }
}

impl Lenient for i64 {
    /// A JSON integer, an integral float, or a decimal integer in a string.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
        Ok(match scalar(d)? {
            Scalar::I64(v) => Some(v),
            Scalar::U64(v) => i64::try_from(v).ok(),
            Scalar::F64(v) if v.fract() == 0.0 && v.abs() < 9.0e15 => Some(v as i64),
            Scalar::Str(text) => text.trim().parse().ok(),
            _ => None,
        })
    }
}

impl Lenient for bool {
    /// `true`/`false`, also as strings.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
        Ok(match scalar(d)? {
            Scalar::Bool(v) => Some(v),
            Scalar::Str(text) => match text.trim() {
                "true" | "True" => Some(true),
                "false" | "False" => Some(false),
                _ => None,
            },
            _ => None,
        })
    }
}

impl Lenient for Decimal {
    /// A decimal string (the spec's form, exact), or a JSON number (read from
    /// its shortest text, so `12.5` is exactly 12.5).
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
        Ok(match scalar(d)? {
            Scalar::Str(text) => {
                let text = text.trim();
                Decimal::from_str(text)
                    .or_else(|_| Decimal::from_scientific(text))
                    .ok()
            }
            Scalar::I64(v) => Some(Decimal::from(v)),
            Scalar::U64(v) => Some(Decimal::from(v)),
            Scalar::F64(v) => Decimal::from_str(&v.to_string()).ok(),
            _ => None,
        })
    }
}

impl Lenient for Value {
    /// Any JSON (`custom_fields`); `null` is `None`.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
        Ok(Some(Value::deserialize(d)?).filter(|v| !v.is_null()))
    }
}

/// Implements [`Lenient`] for a type built from the text of a JSON string
/// (or the JSON text of a number), never failing.
macro_rules! lenient_from_text {
    ($($ty:ty),+) => {$(
        impl crate::records::lenient::Lenient for $ty {
            fn read<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
                Ok(<String as crate::records::lenient::Lenient>::read(d)?.map(<$ty>::from))
            }
        }
    )+};
}
pub(crate) use lenient_from_text;

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: Lenient>(json: &str) -> Option<T> {
        serde_json::from_str::<Field<T>>(json).unwrap().0
    }

    #[test]
    fn integers_come_as_numbers_or_numeric_text() {
        assert_eq!(read::<i64>("17"), Some(17));
        assert_eq!(read::<i64>("\" 17 \""), Some(17));
        assert_eq!(read::<i64>("17.0"), Some(17));
        assert_eq!(read::<i64>("17.5"), None);
        assert_eq!(read::<i64>("\"seventeen\""), None);
        assert_eq!(read::<i64>("[1]"), None);
        assert_eq!(read::<i64>("null"), None);
    }

    #[test]
    fn decimals_stay_exact_and_numbers_are_accepted() {
        assert_eq!(
            read::<Decimal>("\"1234.50\"").unwrap().to_string(),
            "1234.50"
        );
        assert_eq!(read::<Decimal>("12.5").unwrap().to_string(), "12.5");
        assert_eq!(read::<Decimal>("3").unwrap().to_string(), "3");
        assert_eq!(read::<Decimal>("\"1e3\"").unwrap().to_string(), "1000");
        assert_eq!(read::<Decimal>("\"N/A\""), None);
        assert_eq!(read::<Decimal>("{\"a\": 1}"), None);
    }

    #[test]
    fn text_and_booleans_take_what_is_readable() {
        assert_eq!(read::<String>("\"Peña\""), Some("Peña".to_owned()));
        assert_eq!(read::<String>("42"), Some("42".to_owned()));
        assert_eq!(read::<String>("{\"x\": [1, {}]}"), None);
        assert_eq!(read::<bool>("\"true\""), Some(true));
        assert_eq!(read::<bool>("0"), None);
        assert_eq!(read::<Value>("null"), None);
        assert_eq!(
            read::<Value>("{\"a\": 1}"),
            Some(serde_json::json!({"a": 1}))
        );
    }
}

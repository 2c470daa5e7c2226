//! Date-times, dates and enumerations as the service sends them: kept as
//! text so nothing it sends is lost, with typed views on demand
//! (`docs/service.md`, "Common field rules" and "Enumerations").

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};

use super::lenient::lenient_from_text;

/// A date-time field (`created_at`, `issue_date`, …): ISO 8601 text exactly
/// as the service sent it (`2025-03-14T09:30:00Z`, with an offset, or
/// without one meaning UTC).
///
/// Kept as text so a value this client cannot read is still shown rather
/// than failing the page; [`Timestamp::to_utc`] gives the instant. In JSON
/// and TypeScript it is a plain string.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "specta", derive(specta::Type), specta(transparent))]
pub struct Timestamp(String);

impl Timestamp {
    /// The text as sent.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The instant in UTC, read with the filter engine's rules
    /// ([`workdesk_query::parse_date_time`]: `T` or space, `Z`, `+02:00`,
    /// `+0200`, `+02`, no offset = UTC, a bare date = midnight UTC);
    /// `None` when the text is not a date-time.
    #[must_use]
    pub fn to_utc(&self) -> Option<DateTime<Utc>> {
        workdesk_query::parse_date_time(&self.0)
    }
}

impl From<String> for Timestamp {
    fn from(text: String) -> Self {
        Timestamp(text)
    }
}

impl From<DateTime<Utc>> for Timestamp {
    /// RFC 3339 in UTC with `Z`, to the second or finer as needed.
    fn from(instant: DateTime<Utc>) -> Self {
        Timestamp(instant.to_rfc3339_opts(SecondsFormat::AutoSi, true))
    }
}

/// A calendar date field (`customer_since`): `YYYY-MM-DD` text as sent;
/// [`CalendarDate::to_date`] reads it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "specta", derive(specta::Type), specta(transparent))]
pub struct CalendarDate(String);

impl CalendarDate {
    /// The text as sent.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The date, `None` when the text is not `YYYY-MM-DD`.
    #[must_use]
    pub fn to_date(&self) -> Option<NaiveDate> {
        NaiveDate::parse_from_str(self.0.trim(), "%Y-%m-%d").ok()
    }
}

impl From<String> for CalendarDate {
    fn from(text: String) -> Self {
        CalendarDate(text)
    }
}

lenient_from_text!(Timestamp, CalendarDate);

/// Declares a spec enumeration whose values travel as strings. A value this
/// client does not know yet is kept as `Other` with the text the service
/// sent, so records still parse and show what came. In TypeScript it is a
/// string.
macro_rules! string_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(from = "String", into = "String")]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
            /// A value this client does not know yet, as sent.
            Other(String),
        }

        impl $name {
            /// The code as sent on the wire (`"PR"`).
            #[must_use]
            pub fn code(&self) -> &str {
                match self {
                    $($name::$variant => stringify!($variant),)+
                    $name::Other(text) => text,
                }
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                match text.as_str() {
                    $(stringify!($variant) => Self::$variant,)+
                    _ => Self::Other(text),
                }
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> String {
                match value {
                    $name::Other(text) => text,
                    known => known.code().to_owned(),
                }
            }
        }

        #[cfg(feature = "specta")]
        impl specta::Type for $name {
            fn definition(types: &mut specta::Types) -> specta::datatype::DataType {
                <String as specta::Type>::definition(types)
            }
        }

        lenient_from_text!($name);
    };
}

string_enum! {
    /// `operation_status` of supplier and customer invoices and sales
    /// quotes (`docs/service.md`, "Enumerations").
    OperationStatus {
        /// Provisional.
        PR,
        /// Complete.
        CO,
        /// Error.
        ER,
    }
}

string_enum! {
    /// `audit_status` of records (`docs/service.md`, "Enumerations").
    AuditStatus {
        /// Created.
        C,
        /// Updated.
        U,
        /// Deleted.
        D,
    }
}

string_enum! {
    /// `document_type` of a supplier invoice (`docs/service.md`,
    /// "Enumerations").
    DocumentType {
        /// Advance.
        ADV,
        /// Invoice.
        INV,
        /// Credit note.
        CRN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_keep_text_and_read_instants() {
        let t: Timestamp = serde_json::from_str("\"2025-03-14T09:30:00+02:00\"").unwrap();
        assert_eq!(t.as_str(), "2025-03-14T09:30:00+02:00");
        assert_eq!(
            t.to_utc().unwrap().to_rfc3339(),
            "2025-03-14T07:30:00+00:00"
        );
        let bad = Timestamp::from("last Tuesday".to_owned());
        assert_eq!(bad.to_utc(), None);
        let now = DateTime::parse_from_rfc3339("2025-01-02T03:04:05Z").unwrap();
        assert_eq!(
            Timestamp::from(now.with_timezone(&Utc)).as_str(),
            "2025-01-02T03:04:05Z"
        );
    }

    #[test]
    fn enum_codes_round_trip_and_unknown_ones_are_kept() {
        assert_eq!(OperationStatus::from("CO".to_owned()), OperationStatus::CO);
        assert_eq!(OperationStatus::CO.code(), "CO");
        let other = DocumentType::from("NEW".to_owned());
        assert_eq!(other, DocumentType::Other("NEW".to_owned()));
        assert_eq!(String::from(other), "NEW");
    }

    #[test]
    fn dates_read_only_when_well_formed() {
        let d = CalendarDate::from("2024-02-29".to_owned());
        assert_eq!(d.to_date(), NaiveDate::from_ymd_opt(2024, 2, 29));
        assert_eq!(CalendarDate::from("2023-02-29".to_owned()).to_date(), None);
    }
}

//! What an export writes: the file type, the columns as the list shows
//! them, and the user's formats.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The file type of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename = "ExportFormat", rename_all = "snake_case")]
pub enum Format {
    /// An Excel workbook (`.xlsx`) with one sheet: typed cells, the header
    /// row frozen and filtered.
    Xlsx,
    /// Comma- or semicolon-separated text (`.csv`), UTF-8 with a
    /// byte-order mark.
    Csv,
}

impl Format {
    /// The file name extension, without the dot: `xlsx`, `csv`.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Format::Xlsx => "xlsx",
            Format::Csv => "csv",
        }
    }
}

/// What separates CSV fields. It also sets the decimal mark in CSV: a
/// spreadsheet set up for a decimal comma (es-CO, es-ES) expects `;`
/// between fields and `1234,5`; one set up for a decimal point (en-US)
/// expects `,` and `1234.5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Separator {
    /// `,` between fields, `.` in decimals.
    Comma,
    /// `;` between fields, `,` in decimals.
    Semicolon,
}

impl Separator {
    /// The byte between fields.
    #[must_use]
    pub fn byte(self) -> u8 {
        match self {
            Separator::Comma => b',',
            Separator::Semicolon => b';',
        }
    }

    /// The decimal mark that goes with it.
    #[must_use]
    pub fn decimal_mark(self) -> char {
        match self {
            Separator::Comma => '.',
            Separator::Semicolon => ',',
        }
    }
}

/// One column of an export, as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename = "ExportColumn")]
pub struct Column {
    /// The record's field (`total`, `operation_status`).
    pub field: String,
    /// The header as the list shows it, in the user's language ("Total").
    pub header: String,
    /// Values as the screen shows them, by the service's value: choice
    /// codes (`"PR"` → `"Provisional"`) and booleans (`"true"` → `"Yes"`).
    /// A value without a label is written as it came.
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// The values are references to write by name ("Customer name" beside
    /// "Customer"): `labels` gives each reference's name (whoever builds
    /// the column fills them: workdesk-core from the saved records), and a
    /// reference without one is written as it came, its ID.
    #[serde(default)]
    pub named: bool,
}

/// How the cells are written, beyond the columns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename = "ExportLayout")]
pub struct Layout {
    /// XLSX or CSV.
    pub format: Format,
    /// CSV only: the field separator (and with it the decimal mark).
    pub separator: Separator,
    /// XLSX only: the Excel number format of date-time cells, as the
    /// screen shows them in the user's locale (`dd/mm/yyyy hh:mm`).
    pub date_time_format: String,
    /// XLSX only: the Excel number format of date cells (`dd/mm/yyyy`).
    pub date_format: String,
    /// XLSX only: the sheet's name ("Supplier invoices"); cut to Excel's 31
    /// characters, and characters Excel refuses in sheet names (`[]:*?/\`)
    /// replaced by spaces.
    pub sheet_name: String,
}

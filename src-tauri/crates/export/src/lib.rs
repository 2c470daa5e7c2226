//! # workdesk-export
//!
//! Writes a list of records to a spreadsheet file, a row per record, as
//! Workdesk's "Export…" does; free of Tauri and of the service, so it is
//! tested on its own and fed by whoever walks the list (`workdesk-sync`).
//!
//! - **Formats** ([`Format`]): XLSX through `rust_xlsxwriter` in constant
//!   memory mode (rows stream to a temporary file, so the size of the list
//!   does not matter), or CSV through the `csv` crate, UTF-8 with a
//!   byte-order mark (so Excel reads accents right), comma or semicolon.
//! - **Cells** ([`Column`]): the service's values by the field's type:
//!   money and other decimals exact (an XLSX number only when it has at
//!   most 15 significant digits, which a spreadsheet's double keeps
//!   exactly; text otherwise), date-times in the user's time zone, choice
//!   codes and booleans by the labels the screen shows, related records by
//!   name.
//! - **No formulas from data** ([`escape_formula`], after OWASP's "CSV
//!   Injection" guidance): bidi controls at the start of a text cell are
//!   removed, and a text cell whose first character that is not a space is
//!   `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, in
//!   CSV and in XLSX alike (where it is a string cell besides, but may be
//!   saved again as CSV). Headers too. Numbers, amounts (negative ones
//!   included), dates and date-times are typed cells and stay as they are.
//! - **Whole or nothing** ([`Sheet`]): the file is written beside the
//!   chosen path under a temporary name and moved onto it only by
//!   [`Sheet::finish`]; dropped before that (cancelled, failed), it leaves
//!   nothing behind.
//! - **Rows as text** ([`RowText`]): the same cells as plain text, never
//!   escaped, for a printed list (no file).

#![warn(missing_docs)]

mod cell;
mod column;
mod error;
mod row;
mod sheet;

pub use cell::{escape_formula, excel_number, system_time_zone, LocalTime};
pub use column::{Column, Format, Layout, Separator};
pub use error::{Error, Result};
pub use row::RowText;
pub use sheet::{Sheet, Written, PART_PREFIX, PART_SUFFIX};

//! The file being written: XLSX or CSV, under a temporary name beside the
//! chosen path until it is whole.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use rust_xlsxwriter::{Format as CellFormat, Workbook, Worksheet};
use serde_json::{Map, Value as Json};
use tempfile::NamedTempFile;
use workdesk_query::{FieldType, Schema};

use crate::cell::{cell, escape_formula, excel_number, plain_text, typed_columns, Cell, LocalTime};
use crate::column::{Column, Format, Layout};
use crate::error::{Error, Result};

/// Excel's number format for amounts: grouped, at least two decimals and
/// up to six (the service's largest scale), so `1234.5` shows `1,234.50`
/// in the user's own separators.
const AMOUNT_FORMAT: &str = "#,##0.00####";

/// How the temporary file of an export under way begins its name, in the
/// target's folder (`.workdesk-export-XXXXXX.part`): hidden, and found
/// again when an export was killed before it ended.
pub const PART_PREFIX: &str = ".workdesk-export-";

/// How the temporary file of an export under way ends its name.
pub const PART_SUFFIX: &str = ".part";

/// The most characters Excel allows in a sheet name.
const SHEET_NAME_MAX: usize = 31;

/// A finished export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Where the file is.
    pub path: PathBuf,
    /// Records written (rows under the header).
    pub records: u64,
    /// The file's size in bytes.
    pub bytes: u64,
}

/// An export being written. Rows go to a temporary file in the target's
/// folder; [`Sheet::finish`] moves it onto the target (replacing a file
/// already there, which the user agreed to in the save dialog). Dropping a
/// `Sheet` unfinished deletes the temporary file: a cancelled or failed
/// export leaves nothing under the chosen name or beside it.
pub struct Sheet {
    path: PathBuf,
    temp: NamedTempFile,
    columns: Vec<(Column, Option<FieldType>)>,
    local: LocalTime,
    records: u64,
    out: Out,
}

enum Out {
    Xlsx(Box<Xlsx>),
    Csv {
        writer: Box<csv::Writer<BufWriter<File>>>,
        decimal_mark: char,
    },
}

struct Xlsx {
    workbook: Workbook,
    amount: CellFormat,
    date_time: CellFormat,
    date: CellFormat,
}

impl Sheet {
    /// Starts an export to `path` of records of `schema` (whose field types
    /// decide the cells), with `columns` in screen order; `local` converts
    /// instants to the user's wall-clock time. Writes the header row.
    ///
    /// # Errors
    /// [`Error::Io`] when the temporary file cannot be created in the
    /// target's folder (missing, read-only); [`Error::Xlsx`] / [`Error::Csv`].
    pub fn create(
        path: &Path,
        schema: &'static Schema,
        columns: Vec<Column>,
        layout: &Layout,
        local: LocalTime,
    ) -> Result<Sheet> {
        let io = |source| Error::Io {
            path: path.to_owned(),
            source,
        };
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        let temp = tempfile::Builder::new()
            .prefix(PART_PREFIX)
            .suffix(PART_SUFFIX)
            .tempfile_in(folder)
            .map_err(io)?;
        let columns = typed_columns(schema, columns);
        let out = match layout.format {
            Format::Xlsx => Out::Xlsx(Box::new(Xlsx::start(&columns, layout)?)),
            Format::Csv => {
                let mut file = BufWriter::new(temp.reopen().map_err(io)?);
                // The byte-order mark: Excel reads the file as UTF-8.
                file.write_all("\u{feff}".as_bytes()).map_err(io)?;
                let mut writer = csv::WriterBuilder::new()
                    .delimiter(layout.separator.byte())
                    .terminator(csv::Terminator::CRLF)
                    .from_writer(file);
                writer.write_record(
                    columns
                        .iter()
                        .map(|(column, _)| escape_formula(&column.header).into_owned()),
                )?;
                Out::Csv {
                    writer: Box::new(writer),
                    decimal_mark: layout.separator.decimal_mark(),
                }
            }
        };
        Ok(Sheet {
            path: path.to_owned(),
            temp,
            columns,
            local,
            records: 0,
            out,
        })
    }

    /// Writes one record as the next row.
    ///
    /// # Errors
    /// [`Error::Xlsx`] past Excel's 1,048,576 rows; [`Error::Csv`] when the
    /// disk fails.
    pub fn write(&mut self, record: &Map<String, Json>) -> Result<()> {
        let row = self.records + 1;
        let cells = self
            .columns
            .iter()
            .map(|(column, kind)| cell(*kind, column, record.get(&column.field), &self.local));
        match &mut self.out {
            Out::Xlsx(xlsx) => {
                let row = u32::try_from(row).unwrap_or(u32::MAX);
                let sheet = xlsx.workbook.worksheet_from_index(0)?;
                for (col, cell) in cells.enumerate() {
                    let col = u16::try_from(col).unwrap_or(u16::MAX);
                    write_xlsx(
                        sheet,
                        row,
                        col,
                        cell,
                        &xlsx.amount,
                        &xlsx.date_time,
                        &xlsx.date,
                    )?;
                }
            }
            Out::Csv {
                writer,
                decimal_mark,
            } => {
                let mark = *decimal_mark;
                let fields: Vec<String> = cells.map(|cell| csv_field(cell, mark)).collect();
                writer.write_record(&fields)?;
            }
        }
        self.records += 1;
        Ok(())
    }

    /// The temporary file the rows go to until the export is whole, in
    /// the target's folder (`.workdesk-export-XXXXXX.part`): the file an
    /// export killed half-way leaves.
    #[must_use]
    pub fn part_path(&self) -> &Path {
        self.temp.path()
    }

    /// Records written so far.
    #[must_use]
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Completes the file and moves it onto the target path.
    ///
    /// # Errors
    /// [`Error::Io`] when it cannot be written whole or moved (the
    /// temporary file is deleted); [`Error::Xlsx`] / [`Error::Csv`].
    pub fn finish(self) -> Result<Written> {
        let Sheet {
            path,
            temp,
            records,
            out,
            columns,
            ..
        } = self;
        let io = |source| Error::Io {
            path: path.clone(),
            source,
        };
        match out {
            Out::Xlsx(mut xlsx) => {
                let last_col = u16::try_from(columns.len().saturating_sub(1)).unwrap_or(u16::MAX);
                let last_row = u32::try_from(records).unwrap_or(u32::MAX);
                let sheet = xlsx.workbook.worksheet_from_index(0)?;
                sheet.autofilter(0, 0, last_row, last_col)?;
                let file = BufWriter::new(temp.reopen().map_err(io)?);
                xlsx.workbook.save_to_writer(file)?;
            }
            Out::Csv { writer, .. } => {
                let file = writer
                    .into_inner()
                    .map_err(|err| io(std::io::Error::other(err.to_string())))?;
                file.into_inner()
                    .map_err(|err| io(err.into_error()))?
                    .sync_all()
                    .map_err(io)?;
            }
        }
        let bytes = temp.as_file().metadata().map_err(io)?.len();
        temp.persist(&path).map_err(|err| io(err.error))?;
        log::info!("exported {records} records ({bytes} bytes)");
        Ok(Written {
            path,
            records,
            bytes,
        })
    }
}

impl Xlsx {
    fn start(columns: &[(Column, Option<FieldType>)], layout: &Layout) -> Result<Xlsx> {
        let mut workbook = Workbook::new();
        let header = CellFormat::new().set_bold();
        let amount = CellFormat::new().set_num_format(AMOUNT_FORMAT);
        let date_time = CellFormat::new().set_num_format(&layout.date_time_format);
        let date = CellFormat::new().set_num_format(&layout.date_format);
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        let name = sheet_name(&layout.sheet_name);
        if !name.is_empty() {
            sheet.set_name(name)?;
        }
        for (col, (column, kind)) in columns.iter().enumerate() {
            let col = u16::try_from(col).unwrap_or(u16::MAX);
            let title = escape_formula(&column.header);
            sheet.write_string_with_format(0, col, title.as_ref(), &header)?;
            sheet.set_column_width(col, width(column, *kind))?;
        }
        sheet.set_freeze_panes(1, 0)?;
        Ok(Xlsx {
            workbook,
            amount,
            date_time,
            date,
        })
    }
}

fn write_xlsx(
    sheet: &mut Worksheet,
    row: u32,
    col: u16,
    cell: Cell<'_>,
    amount: &CellFormat,
    date_time: &CellFormat,
    date: &CellFormat,
) -> Result<()> {
    match cell {
        Cell::Empty => {}
        // A string cell, never a formula in the workbook; escaped as in CSV
        // all the same, for when it is saved again as CSV or copied out.
        Cell::Text(text) => {
            sheet.write_string(row, col, escape_formula(&text).as_ref())?;
        }
        Cell::Decimal(text, decimal) => match excel_number(decimal) {
            Some(number) => {
                sheet.write_number_with_format(row, col, number, amount)?;
            }
            // More digits than a spreadsheet number keeps: the exact text
            // (a number, so a negative amount is not escaped).
            None => {
                sheet.write_string(row, col, text.as_ref())?;
            }
        },
        Cell::Integer(number) => {
            // Within ±2^53 a double holds it exactly.
            if number.unsigned_abs() <= 1 << 53 {
                #[allow(clippy::cast_precision_loss)]
                sheet.write_number(row, col, number as f64)?;
            } else {
                sheet.write_string(row, col, number.to_string())?;
            }
        }
        Cell::DateTime(at) => {
            sheet.write_datetime_with_format(row, col, at, date_time)?;
        }
        Cell::Date(day) => {
            sheet.write_datetime_with_format(row, col, day, date)?;
        }
    }
    Ok(())
}

fn csv_field(cell: Cell<'_>, decimal_mark: char) -> String {
    match cell {
        Cell::Text(text) => escape_formula(&text).into_owned(),
        // Exact, as the service sent it, with the separator's decimal mark;
        // a number, so a negative amount is not escaped.
        Cell::Decimal(text, _) => text.trim().replace('.', &decimal_mark.to_string()),
        other => plain_text(other),
    }
}

/// A column's width in Excel's character units: its header's, or what
/// its type's values need, whichever is wider (at most 60).
fn width(column: &Column, kind: Option<FieldType>) -> f64 {
    let values = match kind {
        Some(FieldType::Decimal) => 14,
        Some(FieldType::Integer | FieldType::Boolean) => 8,
        Some(FieldType::DateTime) => 17,
        Some(FieldType::Date) => 11,
        Some(FieldType::Enum(_)) => 14,
        Some(FieldType::Uuid) => 36,
        _ => 28,
    };
    // Room for the filter button beside the header.
    let header = column.header.chars().count() + 3;
    f64::from(u16::try_from(header.max(values).min(60)).unwrap_or(60))
}

/// `name` as Excel allows a sheet name: no `[]:*?/\`, at most 31
/// characters, not starting or ending with `'`.
fn sheet_name(name: &str) -> String {
    let name: String = name
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { ' ' } else { c })
        .take(SHEET_NAME_MAX)
        .collect();
    name.trim().trim_matches('\'').to_owned()
}

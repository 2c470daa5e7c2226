//! The crate's one error type.

use std::path::PathBuf;

/// What writing an export can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file (or its temporary twin beside it) could not be created,
    /// written or moved into place.
    #[error("{path}: {source}")]
    Io {
        /// The file Workdesk was writing.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },

    /// The XLSX writer refused (more than 1,048,575 records, a sheet name
    /// Excel does not allow).
    #[error("the spreadsheet could not be written: {0}")]
    Xlsx(#[from] rust_xlsxwriter::XlsxError),

    /// The CSV writer failed (an I/O failure underneath).
    #[error("the CSV file could not be written: {0}")]
    Csv(#[from] csv::Error),
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

//! "Print": the list on screen printed whole, and the system's print
//! dialog.
//!
//! The window prints what it shows through the webview's own print (the
//! system's dialog: GTK's on Linux with "Print to File", WebView2's and
//! WKWebView's with "Save as PDF"), opened from Rust ([`print_window`]:
//! Tauri's `WebviewWindow::print`; `window.print()` opens nothing in
//! WebKitGTK under Tauri, nor on every macOS). A list is virtualised, so for "all its rows" the window
//! first asks Rust for every row ([`print_rows`]): read through the
//! export's own read path (`workdesk_sync::Replica::each_record`, the same
//! pages, budget rule, saved records and cancel as "Export…"), each record
//! turned into the export's cells as text (`workdesk_export::RowText`) and
//! kept in memory, never in a file, so a printed list holds what an export
//! of it would, at most [`PRINT_ROWS_MAX`] rows.

use serde::Serialize;
use specta::Type;
use workdesk_api::{ListView, ResourceName};
use workdesk_export::{Column, RowText};
use workdesk_sync::{CancellationToken, ExportSource, Progress};

use crate::channel::Channel;
use crate::error::Error;
use crate::guard::guarded;
use crate::offline::saved_data::lock;
use crate::state::AppState;
use crate::ui_error::UiError;

/// The most rows "Print" › "All rows" prints: about 60 printed pages. A
/// longer list is for "Export…" (the window offers only "This page" then).
pub const PRINT_ROWS_MAX: u32 = 2_000;

/// Every row of a list as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct PrintRows {
    /// Each row's cells in the order of the columns asked for, as the
    /// export writes them to CSV: text as it is (choices and yes/no as
    /// their labels, a related record by its name), amounts exact with a
    /// `.` (`"1234.500000"`), whole numbers, dates `YYYY-MM-DD` and
    /// date-times `YYYY-MM-DD HH:MM:SS` in the computer's time zone; an
    /// empty value is `""`.
    pub rows: Vec<Vec<String>>,
    /// Whether the list had more than [`PRINT_ROWS_MAX`] rows (grown since
    /// the window counted it): only the first ones are here.
    pub cut: bool,
    /// Where the rows came from (the service, or the saved records).
    pub source: ExportSource,
}

/// Reads every row `view` of `resource` selects (all pages, its filters
/// and sort; `page` and `take` ignored) with `columns` in screen order,
/// for printing, the way "Export…" reads them: from the service 200 a
/// request, never spending the last 10 % of the key's hourly budget, or
/// from the saved records, sending [`Progress`] on `progress` after every
/// page. At most [`PRINT_ROWS_MAX`] rows (`cut` says when there were more).
/// `cancel_export` cancels it; it shares the export's turn (one at a time).
///
/// Errors: `cancelled`; `invalid_input` (`export_running`) while an
/// export runs; `invalid_input` (`saved_data_refused`) offline for a view
/// the saved records cannot answer; the errors of `list_records`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn print_rows(
    state: &AppState,
    resource: ResourceName,
    view: ListView,
    columns: Vec<Column>,
    progress: Channel<Progress>,
) -> Result<PrintRows, UiError> {
    guarded(async move {
        let workspace = state.workspace().await?;
        let cancel = CancellationToken::new();
        {
            let mut under_way = lock(&state.exports.under_way);
            if under_way.is_some() {
                return Err(Error::ExportRunning.into());
            }
            *under_way = Some(cancel.clone());
        }
        let read = read_rows(&workspace, resource, &view, columns, &progress, &cancel).await;
        *lock(&state.exports.under_way) = None;
        let read = read?;
        state.session.check_shown(&workspace)?;
        Ok(read)
    })
    .await
}

/// [`print_rows`]'s reading, once it has the export's turn: the rows are
/// kept in memory, never written to a file.
async fn read_rows(
    workspace: &crate::workspace::session::Workspace,
    resource: ResourceName,
    view: &ListView,
    columns: Vec<Column>,
    progress: &Channel<Progress>,
    cancel: &CancellationToken,
) -> Result<PrintRows, Error> {
    let columns = crate::reading::names::with_names(&workspace.replica, resource, columns).await?;
    let text = RowText::new(
        resource.schema(),
        columns,
        workdesk_export::system_time_zone(),
    );
    let max = PRINT_ROWS_MAX as usize;
    let mut rows: Vec<Vec<String>> = Vec::new();
    // Past the most rows a print takes, the read stops (as a cancel does)
    // and the rows so far are printed.
    let limit = cancel.child_token();
    let mut cut = false;
    let read = workspace
        .replica
        .each_record(
            resource,
            view,
            |record| {
                if rows.len() < max {
                    rows.push(text.cells(record));
                }
                Ok(())
            },
            |step: &Progress| {
                progress.send(step.clone(), "print");
                if step.records >= u64::from(PRINT_ROWS_MAX)
                    && step.records_total.is_none_or(|total| total > step.records)
                {
                    cut = true;
                    limit.cancel();
                }
            },
            &limit,
        )
        .await;
    let source = match read {
        Ok(source) => source,
        Err(workdesk_sync::Error::Cancelled) if cut && !cancel.is_cancelled() => {
            workspace.replica.export_source(resource)?
        }
        Err(err) => return Err(err.into()),
    };
    Ok(PrintRows { rows, cut, source })
}

/// How the window's page is printed: in the app, the system's print
/// dialog over the main window (Tauri's `WebviewWindow::print`); tests
/// stand in their own.
pub struct PrintDialog(Box<dyn Fn() -> Result<(), String> + Send + Sync>);

impl PrintDialog {
    /// A way of opening the print dialog: the system's error in words when
    /// it cannot.
    pub fn new(open: impl Fn() -> Result<(), String> + Send + Sync + 'static) -> PrintDialog {
        PrintDialog(Box::new(open))
    }
}

/// Opens the system's print dialog for the window's page as it is now
/// (its print stylesheet applied): GTK's on Linux (with "Print to File",
/// PDF), WebView2's on Windows and macOS's (both with "Save as PDF"); the
/// webview's own `window.print()` does not open it on every system.
/// Returns once the dialog is asked for; the page hears `afterprint` when
/// printing ends.
///
/// Errors: `internal` when the system refuses to open it.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn print_window(dialog: &PrintDialog) -> Result<(), UiError> {
    crate::guard::guarded_sync(|| {
        (dialog.0)()
            .map_err(|err| UiError::internal(&format!("the print dialog did not open: {err}")))
    })
}

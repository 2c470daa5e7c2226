//! # workdesk-core
//!
//! Workdesk without its window: what every command does, with nothing of
//! Tauri in it, tested with plain `cargo test`. Each command is a function
//! here, in the module of what it serves, written once with the
//! documentation the TypeScript bindings carry; with the `tauri` feature
//! (the app crate's) it is also Tauri's command ([`ipc`]).
//!
//! The modules are grouped by what they serve; each group owns its state,
//! and [`state::AppState`] (Tauri's managed state) is those states side by
//! side:
//!
//! - [`workspace`]: the workspaces and their keys (add, change, rename,
//!   switch, remove; keys checked with the service and bound in the
//!   keychain to their server), the workspace on screen
//!   ([`workspace::session`]), the demo; its state: [`workspace::session::Session`];
//! - [`reading`]: lists of every resource and one record, saved and
//!   ready-made views, record pickers, the overview; its state:
//!   [`reading::Reading`];
//! - [`writing`]: the single-record operations, sent or queued in the
//!   outbox, the outbox and its sender, and the forms' checks
//!   (`check_task`, `check_lead`, `check_stakeholder`);
//! - [`offline`]: saved data sealed per workspace, "Make available
//!   offline", "Work offline", Storage, and asking the service again while
//!   it cannot be reached; its state: [`offline::Offline`];
//! - [`export`]: "Export…" and charts saved as images; its state:
//!   [`export::Exports`];
//! - [`updates`]: whether and where Workdesk looks for updates, and the
//!   check and download as the window shows them (its state,
//!   [`updates::status::Updates`], is managed apart);
//! - [`print`]: a list's every row read for printing (through the
//!   export's read path) and the system's print dialog;
//! - [`links`]: `workdesk://` links to a record or a saved view, made
//!   ("Copy link") and opened; its state: [`links::Links`];
//! - [`reminders`]: a notification for the tasks due today or overdue,
//!   once per task per day, the count badge and the Overview's "Due
//!   today" list; its state: [`reminders::Reminders`];
//! - [`settings`]: `settings.json` (read-modify-write under a lock,
//!   written atomically), the preferences, the window's place.
//!
//! Beside them, what every command shares: [`error`] (the crate's error)
//! and [`ui_error`] (the one error the UI sees, with its codes),
//! [`guard`] (a panic in a command answered as an error), [`channel`] and
//! [`ipc`] (what a command takes besides its arguments), [`limits`]
//! (every limit the UI applies); and what the app does around the window:
//! [`first_screen`] (whether the window opens on the prerendered first-run
//! form), [`install_check`] (`workdesk --check`), [`diagnostics`] (the log
//! and the report), [`work_done`] (a notification when long work ends
//! unseen), [`webkit`] (WebKitGTK's workarounds, applied before the
//! window starts).

pub mod channel;
pub mod diagnostics;
pub mod error;
pub mod export;
pub mod first_screen;
pub mod guard;
pub mod install_check;
pub mod ipc;
pub mod limits;
pub mod links;
pub mod offline;
pub mod print;
pub mod reading;
pub mod reminders;
pub mod settings;
pub mod state;
pub mod ui_error;
pub mod updates;
pub mod webkit;
pub mod work_done;
pub mod workspace;
pub mod writing;

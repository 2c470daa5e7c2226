//! # workdesk-core
//!
//! Workdesk without its window: what every command does, with nothing of
//! Tauri in it, tested with plain `cargo test`. The Tauri crate declares
//! the commands (each one line over a method of [`state::AppState`]),
//! wires the plugins and the window, and stores settings through
//! tauri-plugin-store.
//!
//! - [`state`]: what lives between commands: the keychain, the settings,
//!   the shown workspace's client and offline cache ([`state::Workspace`]),
//!   the demo, downloads and exports under way;
//! - [`commands`]: workspaces (add, change, rename, switch, remove), keys
//!   checked with the service and bound in the keychain to their server,
//!   the demo, language and density;
//! - [`records`]: lists of every resource, one record, saved views;
//!   [`views`]: the views a list opens with, fitted to the schema;
//!   [`pickers`]: how a record picker finds and shows records, and what a
//!   field naming another record holds;
//! - [`writes`]: the single-record operations, kept in the outbox while
//!   the service cannot be reached; [`outbox`]: the outbox on screen and
//!   its background sender;
//! - the forms' one authority, asked as the user types and before sending:
//!   [`task_draft`] ("New task": `check_task`), [`lead_draft`] (the lead
//!   editor: `check_lead`, the patch of what changed) and
//!   [`stakeholder_draft`] ("New stakeholder": `check_stakeholder`);
//! - [`overview`]: the workspace at a glance;
//! - [`offline`]: saved answers, "Make available offline", "Work offline",
//!   the Storage section;
//! - [`export`]: "Export…": asking where (through [`export::SaveFileDialog`]),
//!   writing the file, Open and Show in folder;
//! - [`settings`], [`settings_file`], [`workspace_list`]: `settings.json`
//!   (read-modify-write under a lock, written atomically) and what it
//!   holds; [`workspaces`]: a workspace, its id and its name's rules;
//! - [`saved_data`]: where each workspace's sealed file and data key live,
//!   and the age limit;
//! - [`error`] (the crate's error) and [`ui_error`] (the one error the UI
//!   sees, with its codes); [`guard`] (a panic in a command answered as an
//!   error);
//! - [`update_policy`]: whether and where Workdesk looks for updates (the
//!   machine's policy, how it was installed); [`updates`]: the check, the
//!   newer version and its download as the window shows them;
//! - [`first_screen`]: whether the window opens on the first-run form
//!   prerendered at build time, told to its page before its scripts run;
//! - [`install_check`]: `workdesk --check`, the installed app's report
//!   without a window;
//! - [`demo`], [`schema`], [`diagnostics`], [`window_place`],
//!   [`work_done`].

pub mod channel;
pub mod chart_image;
pub mod commands;
pub mod demo;
pub mod diagnostics;
mod draft;
pub mod error;
pub mod export;
pub mod export_parts;
pub mod first_screen;
pub mod guard;
pub mod install_check;
pub mod ipc;
pub mod lead_draft;
pub mod limits;
pub mod offline;
pub mod outbox;
pub mod overview;
pub mod pickers;
pub mod reconnect;
pub mod records;
pub mod saved_data;
pub mod schema;
pub mod sender;
pub mod settings;
pub mod settings_file;
pub mod stakeholder_draft;
pub mod state;
pub mod task_draft;
pub mod ui_error;
pub mod update_policy;
pub mod updates;
pub mod views;
pub mod window_place;
pub mod work_done;
pub mod workspace_list;
pub mod workspaces;
pub mod writes;

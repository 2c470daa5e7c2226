//! The workspaces and their keys: the workspaces the user keeps (their
//! ids, names and list in the settings), the one on screen with its client
//! and saved data, keys checked with the service and bound in the
//! keychain to their server, and the demo.
//!
//! - [`commands`]: add, change, rename, switch and remove a workspace, the
//!   demo, the rate-limit budget;
//! - [`session`]: the workspace on screen, opened once and shared, and
//!   what follows it (its service's state, its outbox's sender);
//! - [`id`]: a workspace's id and its name's rules; [`list`]: where the
//!   settings keep the workspaces;
//! - [`demo`]: the demo workspace over the in-process sandbox.

pub mod commands;
pub mod demo;
pub mod id;
pub mod list;
pub mod session;

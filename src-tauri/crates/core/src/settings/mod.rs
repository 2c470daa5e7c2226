//! Settings: `settings.json` and what it holds (the language, density and
//! zoom, storage limits, each workspace's views), read-modify-write under
//! a lock and written atomically, and the window's place.
//!
//! - [`store`]: the settings over tauri-plugin-store (or any key-value
//!   store);
//! - [`commands`]: the language, zoom and density the user chooses;
//! - [`file`]: the file's lock, backup and recovery;
//! - [`window_place`]: where the window opens.

pub mod commands;
pub mod file;
pub mod store;
pub mod window_place;

//! Keeps Workdesk's API keys in the operating system's keychain: the Secret
//! Service (GNOME Keyring, KWallet) on Linux, the login Keychain on macOS,
//! the Credential Manager on Windows — through the `keyring` crate (v4, pure
//! Rust on Linux over D-Bus).
//!
//! Each key is one keychain item under a fixed *service* name (the app's
//! identifier) and an *account* naming the workspace (its id, never its
//! name), so several workspaces can each hold one key. The item holds the
//! key together with the origin (scheme, host, port) it was entered for,
//! and [`Keychain::key`] gives it out for that origin only ([`StoredKey`]):
//! editing a settings file cannot send a stored key elsewhere. Other secrets of a workspace (the data
//! key that seals its saved data) are items of their own, stored with
//! [`Keychain::set_secret`] in the OS keychain only.
//!
//! When the OS has no working keychain (no D-Bus session, no Secret Service,
//! a locked collection), [`Keychain`] keeps the key in memory for this
//! session only and says so through [`Persistence::Session`], so the UI can
//! tell the user. Keys are never written anywhere else.

mod error;
mod item;
mod keychain;

pub use error::{Error, Result};
pub use item::StoredKey;
pub use keychain::{Availability, Keychain, Persistence};

//! What a command takes besides its arguments, and how Tauri's IPC hands
//! it over when the crate is built with its `tauri` feature (only the app
//! crate turns it on).
//!
//! A command is written once, as a plain function of this crate:
//!
//! ```ignore
//! /// What it does, its arguments, its errors (the bindings carry this).
//! #[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
//! pub async fn rate_limit(state: &AppState) -> Result<RateLimit, UiError> { … }
//! ```
//!
//! - a reference to a managed object (`&AppState`, `&Notifier`,
//!   `&SaveFileDialog`, `&FileOpener`, `&LogFolder`): Tauri's managed
//!   state, not sent by the window and left out of the bindings;
//! - a [`Channel`]: the window's channel (`Channel<M>` in TypeScript), over
//!   which the command sends messages as its work goes.
//!
//! Without the feature the same function is called directly (tests pass
//! `&state` and a `Channel::new(|message| …)`). The app crate's build
//! script finds every function marked so and generates the rest from that
//! list (README.md, "Where a new command goes").

use std::sync::Arc;

type Send<M> = dyn Fn(M) -> Result<(), String> + std::marker::Send + Sync;

/// A channel to the window: messages `M` sent as a command's work goes
/// (pages of a read, progress of a download or an export), in order.
pub struct Channel<M> {
    send: Arc<Send<M>>,
}

impl<M> Clone for Channel<M> {
    fn clone(&self) -> Self {
        Channel {
            send: Arc::clone(&self.send),
        }
    }
}

impl<M> Channel<M> {
    /// A channel whose messages go to `send` (tests collect them; Tauri's
    /// IPC passes them to the window). `send` fails when the window is
    /// gone, with the reason.
    pub fn new(
        send: impl Fn(M) -> Result<(), String> + std::marker::Send + Sync + 'static,
    ) -> Self {
        Channel {
            send: Arc::new(send),
        }
    }

    /// Sends `message` of a read, a download or an export (`what`, for
    /// the log); a window gone meanwhile is logged and the work goes on.
    pub fn send(&self, message: M, what: &str) {
        if let Err(err) = (self.send)(message) {
            log::warn!("a message of the {what} could not reach the window: {err}");
        }
    }
}

impl<M> std::fmt::Debug for Channel<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Channel")
    }
}

#[cfg(feature = "tauri")]
mod over_tauri {
    use specta::datatype::DataType;
    use specta::function::FunctionArg;
    use specta::Types;
    use tauri::ipc::{CommandArg, CommandItem, InvokeError, IpcResponse};
    use tauri::Runtime;

    use super::Channel;

    impl<'de, R: Runtime, M: IpcResponse + Send + Sync + 'static> CommandArg<'de, R> for Channel<M> {
        fn from_command(command: CommandItem<'de, R>) -> Result<Self, InvokeError> {
            let channel = tauri::ipc::Channel::<M>::from_command(command)?;
            Ok(Channel::new(move |message| {
                channel.send(message).map_err(|err| err.to_string())
            }))
        }
    }

    impl<M: specta::Type> FunctionArg for Channel<M> {
        fn to_datatype(types: &mut Types) -> Option<DataType> {
            <tauri::ipc::Channel<M> as FunctionArg>::to_datatype(types)
        }
    }

    /// `&T` of a managed `T` as a command's argument: Tauri's managed
    /// state (what `tauri::State` reads), left out of the bindings.
    macro_rules! managed {
        ($($managed:ty),+) => {$(
            impl<'de, R: Runtime> CommandArg<'de, R> for &'de $managed {
                fn from_command(command: CommandItem<'de, R>) -> Result<Self, InvokeError> {
                    <tauri::State<'de, $managed> as CommandArg<'de, R>>::from_command(command)
                        .map(|state| state.inner())
                }
            }

            impl FunctionArg for &$managed {
                fn to_datatype(_: &mut Types) -> Option<DataType> {
                    None
                }
            }
        )+};
    }

    managed!(
        crate::state::AppState,
        crate::work_done::Notifier,
        crate::export::SaveFileDialog,
        crate::export::FileOpener,
        crate::diagnostics::LogFolder
    );
}

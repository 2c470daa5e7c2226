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
//!   `&SaveFileDialog`, `&FileOpener`, `&PrintDialog`, `&LogFolder`, `&Updates`): Tauri's managed
//!   state, not sent by the window and left out of the bindings;
//! - a [`Channel`](crate::channel::Channel): the window's channel (`Channel<M>` in TypeScript), over
//!   which the command sends messages as its work goes.
//!
//! Without the feature the same function is called directly (tests pass
//! `&state` and a `Channel::new(|message| …)`). The app crate's build
//! script finds every function marked so and generates the rest from that
//! list (README.md, "Where a new command goes").

#[cfg(feature = "tauri")]
mod over_tauri {
    use specta::datatype::DataType;
    use specta::function::FunctionArg;
    use specta::Types;
    use tauri::ipc::{CommandArg, CommandItem, InvokeError, IpcResponse};
    use tauri::Runtime;

    use crate::channel::Channel;

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
        crate::export::commands::SaveFileDialog,
        crate::export::commands::FileOpener,
        crate::print::PrintDialog,
        crate::diagnostics::LogFolder,
        crate::updates::status::Updates
    );
}

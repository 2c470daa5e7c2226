//! A channel to the window, as a command takes it: Tauri's IPC channel
//! when the crate is built with its `tauri` feature ([`crate::ipc`]), a
//! plain function in tests.

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

//! Every command answers: a panic inside one (a bug, a library that
//! panics, a keychain backend that does) becomes a typed
//! [`UiError::internal`] for the UI to show, instead of a promise that
//! never settles and a window that waits forever.

use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;

use crate::ui_error::UiError;

/// Runs an async command's body; a panic in it becomes `internal`.
pub async fn guarded<T>(command: impl Future<Output = Result<T, UiError>>) -> Result<T, UiError> {
    AssertUnwindSafe(command)
        .catch_unwind()
        .await
        .unwrap_or_else(|panic| Err(failed(&*panic)))
}

/// Runs a synchronous command's body; a panic in it becomes `internal`.
pub fn guarded_sync<T>(command: impl FnOnce() -> Result<T, UiError>) -> Result<T, UiError> {
    std::panic::catch_unwind(AssertUnwindSafe(command)).unwrap_or_else(|panic| Err(failed(&*panic)))
}

/// The error of a command that panicked with `panic`, logged.
fn failed(panic: &(dyn Any + Send)) -> UiError {
    let what = panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_owned());
    log::error!("a command failed unexpectedly: {what}");
    UiError::internal(&format!("a command failed unexpectedly: {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panic_in_a_command_is_an_internal_error() {
        let err = guarded(async {
            if true {
                panic!("index out of bounds");
            }
            Ok::<u8, UiError>(1)
        })
        .await
        .unwrap_err();
        let json = serde_json::to_value(&err).unwrap();
        assert_eq!(
            (json["kind"].as_str(), json["code"].as_str()),
            (Some("internal"), Some("internal"))
        );
        assert!(json["params"]["detail"]
            .as_str()
            .unwrap()
            .contains("index out of bounds"));
        assert_eq!(guarded(async { Ok::<u8, UiError>(7) }).await.unwrap(), 7);

        let err = guarded_sync(|| -> Result<u8, UiError> { panic!("{}", String::from("sync")) })
            .unwrap_err();
        assert!(serde_json::to_value(&err).unwrap()["params"]["detail"]
            .as_str()
            .unwrap()
            .contains("sync"));
    }
}

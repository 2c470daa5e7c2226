//! A system notification when long work ends while the user looks
//! elsewhere: an export or "Make available offline" that took at least
//! [`LONG_WORK`] and ended while Workdesk was not the focused window
//! (tauri-plugin-notification). The decision is [`worth_telling`]; the
//! words come from the UI, in the user's language.

use std::time::{Duration, Instant};

use serde::Deserialize;
use specta::Type;

/// Work shorter than this ends unannounced: the user is still waiting
/// for it. 10 s.
pub const LONG_WORK: Duration = Duration::from_secs(10);

/// The notification's words, in the user's language.
#[derive(Debug, Clone, Deserialize, Type)]
pub struct DoneNotice {
    /// Its title ("Workdesk").
    pub title: String,
    /// Its text when the work is done ("Supplier invoices exported to
    /// {file}"); `{file}` stands for the file's name where there is one.
    pub done: String,
    /// Its text when the work failed ("The export failed: open Workdesk
    /// to see why").
    pub failed: String,
}

/// Whether the window is focused, and how a notification is shown: in the
/// app, the main window's focus and the system's notifications
/// (tauri-plugin-notification, wired by the Tauri crate); tests stand in
/// their own.
pub struct Notifier {
    focused: Box<dyn Fn() -> bool + Send + Sync>,
    tell: Box<Tell>,
}

/// Shows one notification: `(title, text)`.
pub type Tell = dyn Fn(&str, &str) + Send + Sync;

impl Notifier {
    /// Another window and way of telling: `focused` says whether the user
    /// looks at Workdesk, `tell` gets `(title, text)`.
    pub fn new(
        focused: impl Fn() -> bool + Send + Sync + 'static,
        tell: impl Fn(&str, &str) + Send + Sync + 'static,
    ) -> Notifier {
        Notifier {
            focused: Box::new(focused),
            tell: Box::new(tell),
        }
    }

    /// Shows one notification, `(title, text)`, whether the window is
    /// focused or not.
    pub fn tell(&self, title: &str, text: &str) {
        (self.tell)(title, text);
    }

    /// Tells that the work started at `started` ended (`ok`: done, else
    /// failed; `file`: the file's name, for `{file}`), by a notification
    /// when [`worth_telling`] says so (`long_work`: see [`LONG_WORK`]).
    pub fn work_ended(
        &self,
        started: Instant,
        long_work: Duration,
        notice: &DoneNotice,
        ok: bool,
        file: &str,
    ) {
        if !worth_telling(started.elapsed(), (self.focused)(), long_work) {
            return;
        }
        let text = if ok {
            notice.done.replace("{file}", file)
        } else {
            notice.failed.clone()
        };
        (self.tell)(&notice.title, &text);
    }
}

/// Whether work that took `took` and ended with the window `focused` (or
/// not) is told by a notification: long work, ended out of sight.
pub fn worth_telling(took: Duration, focused: bool, long_work: Duration) -> bool {
    !focused && took >= long_work
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_long_work_that_ends_out_of_sight_is_told() {
        let long = LONG_WORK;
        assert!(worth_telling(long, false, long));
        assert!(worth_telling(long * 6, false, long));
        assert!(!worth_telling(long, true, long), "the user is looking");
        assert!(
            !worth_telling(long - Duration::from_millis(1), false, long),
            "short work: the user is still waiting for it"
        );
    }
}

//! A reminder shown by the system.
//!
//! - **Linux**: through the desktop's notification service (D-Bus,
//!   `notify-rust`) with a default action: a click on the notification
//!   (or its "Open task" button, where the desktop shows one) calls
//!   `opened` with the reminder's link, which the app opens as any
//!   `workdesk://` link and brings its window forward. The wait for the
//!   click runs on a thread of its own until the notification closes.
//! - **Windows and macOS**: through `elsewhere` (the app's
//!   tauri-plugin-notification, [`Notifier::tell`]), which reports no
//!   click: the task is not opened by it.

use std::sync::Arc;

use super::Reminder;
use crate::work_done::Notifier;

/// What the app does when a reminder is clicked: opens its link (a task's;
/// `None` for a grouped reminder) and brings the window forward.
pub type Opened = Arc<dyn Fn(Option<String>) + Send + Sync>;

/// How reminders are shown on this system: on Linux with a click that
/// calls `opened`, elsewhere through `elsewhere`.
pub fn shower(
    opened: impl Fn(Option<String>) + Send + Sync + 'static,
    elsewhere: Notifier,
) -> Box<dyn Fn(Reminder) + Send + Sync> {
    let opened: Opened = Arc::new(opened);
    Box::new(move |reminder: Reminder| {
        if cfg!(target_os = "linux") {
            if let Err(err) = show(reminder, opened.clone()) {
                log::warn!("a reminder could not be shown: {err}");
            }
        } else {
            elsewhere.tell(&reminder.title, &reminder.text);
        }
    })
}

/// Shows `reminder` through the desktop's notification service, its click
/// calling `opened` (Linux): on a thread of its own, which waits for the
/// click until the notification closes (the D-Bus calls block).
#[cfg(target_os = "linux")]
fn show(reminder: Reminder, opened: Opened) -> Result<(), String> {
    std::thread::Builder::new()
        .name("reminder".into())
        .spawn(move || {
            let shown = notify_rust::Notification::new()
                .appname("Workdesk")
                .summary(&reminder.title)
                .body(&escape(&reminder.text))
                .action("default", &reminder.action)
                .show();
            match shown {
                Ok(handle) => handle.wait_for_action(|action| {
                    if action == "default" {
                        opened(reminder.opens.clone());
                    }
                }),
                Err(err) => log::warn!("a reminder could not be shown: {err}"),
            }
        })
        .map(drop)
        .map_err(|err| err.to_string())
}

#[cfg(not(target_os = "linux"))]
fn show(_reminder: Reminder, _opened: Opened) -> Result<(), String> {
    Ok(())
}

/// `text` with the markup a notification service may read in a body
/// (`&`, `<`, `>`) written as entities: a task's title is shown as typed.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_title_with_markup_is_shown_as_typed() {
        assert_eq!(
            super::escape("Call <Acme> & co"),
            "Call &lt;Acme&gt; &amp; co"
        );
    }
}

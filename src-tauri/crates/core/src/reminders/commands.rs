//! The reminders' commands: the Overview's "Due today" list (which is a
//! check of the reminders too), the window's words for the notifications,
//! and the preferences "Reminders" and "This is me".

use serde::Serialize;
use specta::Type;
use workdesk_sync::DueTasks;

use super::{MemberFrom, ReminderWords};
use crate::error::Error;
use crate::guard::{guarded, guarded_sync};
use crate::state::AppState;
use crate::ui_error::UiError;

/// The Overview's "Due today" list.
#[derive(Debug, Clone, Serialize, Type)]
pub struct DueToday {
    /// The tasks due today or overdue, not completed, "mine".
    pub due: DueTasks,
    /// How "mine" is known (`unknown`: every due task is listed).
    pub member_from: MemberFrom,
}

/// The tasks of the workspace on screen due today or overdue, not
/// completed and "mine" (see `workdesk_core::reminders`), the latest due
/// first; the reminders' check runs with it (a task not told yet today is
/// told now, when "Reminders" is on). `null` in the demo.
///
/// Errors: `not_configured`; `key_refused` (nothing is read or told);
/// the service's errors.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn due_today(state: &AppState) -> Result<Option<DueToday>, UiError> {
    guarded(async move {
        let checked = state.check_reminders().await?;
        Ok(checked.map(|(checked, member_from)| DueToday {
            due: checked.due,
            member_from,
        }))
    })
    .await
}

/// The words of the reminders' notifications, in the language on screen
/// (sent at start and whenever it changes); reminders are checked then.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn set_reminder_words(state: &AppState, words: ReminderWords) -> Result<(), UiError> {
    guarded_sync(|| {
        state.reminders.set_words(words);
        Ok(())
    })
}

/// The reminders' preferences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct ReminderSettings {
    /// "Reminders" is on.
    pub on: bool,
    /// The member chosen with "This is me" in the workspace on screen.
    pub this_is_me: Option<String>,
    /// The member the service's answers showed this key acts as, if any.
    pub learned: Option<String>,
}

/// The reminders' preferences for the workspace on screen (`this_is_me`
/// and `learned` are `null` in the demo and without a workspace).
///
/// Errors: none of its own (the saved data's are read as "not learned").
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn reminder_settings(state: &AppState) -> Result<ReminderSettings, UiError> {
    guarded(async move {
        let on = super::reminders_on(&state.settings);
        let demo = state.session.demo.lock().await.is_some();
        let Some(entry) = state.settings.current_workspace().filter(|_| !demo) else {
            return Ok(ReminderSettings {
                on,
                this_is_me: None,
                learned: None,
            });
        };
        let learned = match state.workspace().await {
            Ok(workspace) => workspace.replica.cache().member().ok().flatten(),
            Err(_) => None,
        };
        Ok(ReminderSettings {
            on,
            this_is_me: super::this_is_me(&state.settings, &entry.id),
            learned,
        })
    })
    .await
}

/// Turns "Reminders" on or off (kept in the settings); off, nothing is
/// told and the count badge is cleared at once. Returns it.
///
/// Errors: `internal` when the settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn set_reminders(state: &AppState, on: bool) -> Result<bool, UiError> {
    guarded_sync(|| {
        super::set_reminders_on(&state.settings, on)?;
        state.reminders.wake.notify_one();
        Ok(on)
    })
}

/// Keeps `member` (a member's UUID, from the members seen; `null`: let
/// Workdesk learn it) as "This is me" in the workspace on screen:
/// reminders and "Due today" are about the tasks assigned to that member.
///
/// Errors: `invalid_input` (code `invalid_id`) when `member` is not a
/// UUID; `not_configured` (no workspace, or the demo); `internal` when the
/// settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn set_this_is_me(state: &AppState, member: Option<String>) -> Result<(), UiError> {
    guarded(async move {
        if state.session.demo.lock().await.is_some() {
            return Err(Error::NotConfigured.into());
        }
        let entry = state
            .settings
            .current_workspace()
            .ok_or(Error::NotConfigured)?;
        let member = match member {
            Some(member) => Some(
                uuid::Uuid::try_parse(member.trim())
                    .map_err(|_| Error::Api(workdesk_api::Error::InvalidId(member.clone())))?
                    .hyphenated()
                    .to_string(),
            ),
            None => None,
        };
        super::set_this_is_me(&state.settings, &entry.id, member.as_deref())?;
        state.reminders.wake.notify_one();
        Ok(())
    })
    .await
}

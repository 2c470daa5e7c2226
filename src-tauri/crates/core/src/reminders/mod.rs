//! Reminders: a system notification for the tasks of the workspace on
//! screen that are due today or overdue, not completed, and "mine"
//! ([`workdesk_sync::DueTasks`]), once per task per day, and a count badge.
//!
//! - **Mine**: assigned to the member chosen with "This is me" in
//!   Preferences (kept per workspace in the settings, `this_is_me/<id>`),
//!   else to the member the service's answers showed this key acts as (the
//!   `created_by` of a record it created, noted sealed in the workspace's
//!   saved data). Until either is known, every due task is "mine": a task
//!   that reminds too often is better than one forgotten, and the
//!   Overview's "Due today" list says so ([`MemberFrom::Unknown`]).
//! - **When** ([`check`]): at start ([`SETTLE`] after the window sent
//!   its words, so its first screen reads first), then every
//!   [`EVERY`], [`SETTLE`] after the records of the workspace changed (a
//!   write, the outbox sent, the service back), at a switch of workspace,
//!   when the
//!   window sends its words (its language changed) and whenever the
//!   Overview shows its "Due today" list (`due_today`, which is the same
//!   check). Never while the key is refused, never in the demo, never
//!   while "Reminders" is off in Preferences (the badge is cleared).
//! - **Once per task per day**: the (day, tasks) told are noted in the
//!   workspace's saved data (sealed, [`workdesk_cache::Cache::set_reminded`]),
//!   so a restart does not tell them again. One or two new tasks: one
//!   notification each, whose click opens the task; [`GROUPED_FROM`] or
//!   more: one notification ("5 tasks due today or overdue").
//! - **Requests**: one per check at most, within the key's budget
//!   (never its last 10 %), none while working offline or when the tasks
//!   list is saved whole (the saved tasks are read).

pub mod check;
pub mod commands;
pub mod system;

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, NaiveDate, TimeZone};
use serde::{Deserialize, Serialize};
use specta::Type;
use workdesk_sync::{DueFrom, DueTasks, Replica};

use crate::error::{Error, Result};
use crate::settings::store::Settings;
use crate::workspace::id::WorkspaceId;

/// How often reminders are checked while Workdesk runs, besides the
/// moments the module lists: 15 minutes.
pub const EVERY: Duration = Duration::from_secs(15 * 60);

/// How long after records changed reminders wait before they check (the
/// changes come in bursts, and the outbox's sends go first): 3 seconds.
pub const SETTLE: Duration = Duration::from_secs(3);

/// From this many new tasks due at once, one grouped notification tells
/// them all (fewer: one notification each).
pub const GROUPED_FROM: usize = 3;

/// The settings key of the "Reminders" preference (on unless set off).
const REMINDERS: &str = "reminders";
/// The settings key prefix of "This is me", per workspace.
const THIS_IS_ME: &str = "this_is_me";

/// A reminder's words, in the user's language, from the window.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Type)]
pub struct ReminderWords {
    /// The title of a notification about one task ("Task due today").
    pub due: String,
    /// The title of a notification about one overdue task ("Task overdue").
    pub overdue: String,
    /// The title of a grouped notification ("{count} tasks due today or
    /// overdue"); `{count}` stands for how many.
    pub many: String,
    /// The text of a grouped notification ("Open Workdesk to see them").
    pub many_text: String,
    /// The name of a notification's action where the system shows one
    /// ("Open task").
    pub open: String,
}

/// One notification to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reminder {
    /// Its title.
    pub title: String,
    /// Its text (a task's title).
    pub text: String,
    /// The `workdesk://` link its click opens (a task's); `None` for a
    /// grouped one, whose click only brings Workdesk forward.
    pub opens: Option<String>,
    /// The name of its action.
    pub action: String,
}

/// How reminders reach the user: the app's notification and badge
/// (wired by the Tauri crate); tests keep them.
pub struct Remind {
    /// Shows a notification.
    pub show: Box<dyn Fn(Reminder) + Send + Sync>,
    /// Shows the count of tasks due on the app's icon (0: none).
    pub badge: Box<dyn Fn(u64) + Send + Sync>,
}

/// Whose tasks are "mine", and how that is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum MemberFrom {
    /// Chosen in Preferences ("This is me").
    Chosen,
    /// Learned from the service's answers: the creator of a record this
    /// key created.
    Learned,
    /// Not known yet: every due task is reminded.
    Unknown,
}

/// What reminders keep while Workdesk runs (part of the app's state).
#[derive(Default)]
pub struct Reminders {
    words: Mutex<Option<ReminderWords>>,
    remind: Mutex<Option<Arc<Remind>>>,
    /// Wakes the loop for a check now.
    pub wake: tokio::sync::Notify,
    /// One check at a time.
    pub(crate) checking: tokio::sync::Mutex<()>,
}

impl Reminders {
    /// How reminders reach the user from now on.
    pub fn set_remind(&self, remind: Remind) {
        *self.remind.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(remind));
    }

    /// The window's words (sent at start and when its language changes);
    /// a check follows.
    pub fn set_words(&self, words: ReminderWords) {
        *self.words.lock().unwrap_or_else(|e| e.into_inner()) = Some(words);
        self.wake.notify_one();
    }

    pub(crate) fn words(&self) -> Option<ReminderWords> {
        self.words.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn remind(&self) -> Option<Arc<Remind>> {
        self.remind
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub(crate) fn badge(&self, count: u64) {
        if let Some(remind) = self.remind() {
            (remind.badge)(count);
        }
    }
}

/// Whether "Reminders" is on (Preferences; on unless turned off).
pub fn reminders_on(settings: &Settings) -> bool {
    settings
        .store()
        .get(REMINDERS)
        .and_then(|on| on.as_bool())
        .unwrap_or(true)
}

/// Turns "Reminders" on or off and writes the settings.
///
/// # Errors
/// [`Error::Settings`] when the file cannot be written.
pub fn set_reminders_on(settings: &Settings, on: bool) -> Result<()> {
    let _one_at_a_time = settings.lock();
    settings.store().set(REMINDERS, serde_json::json!(on));
    settings.save()
}

/// The member chosen with "This is me" in `workspace`, if any.
pub fn this_is_me(settings: &Settings, workspace: &WorkspaceId) -> Option<String> {
    settings
        .store()
        .get(&format!("{THIS_IS_ME}/{workspace}"))
        .and_then(|member| member.as_str().map(str::to_owned))
}

/// Keeps `member` (a UUID; `None`: forget the choice) as "This is me" in
/// `workspace`, and writes the settings.
///
/// # Errors
/// [`Error::Settings`] when the file cannot be written.
pub fn set_this_is_me(
    settings: &Settings,
    workspace: &WorkspaceId,
    member: Option<&str>,
) -> Result<()> {
    let _one_at_a_time = settings.lock();
    let key = format!("{THIS_IS_ME}/{workspace}");
    match member {
        Some(member) => settings.store().set(&key, serde_json::json!(member)),
        None => settings.store().delete(&key),
    }
    settings.save()
}

/// Forgets "This is me" of `workspace` (removed), in memory: the caller
/// saves, under the settings' lock.
pub(crate) fn forget_this_is_me(settings: &Settings, workspace: &WorkspaceId) {
    settings
        .store()
        .delete(&format!("{THIS_IS_ME}/{workspace}"));
}

/// Whose tasks are "mine" in a workspace: the member chosen, else the one
/// learned from `replica`'s saved answers, else none.
pub fn member_of(chosen: Option<String>, replica: &Replica) -> (Option<String>, MemberFrom) {
    if let Some(chosen) = chosen {
        return (Some(chosen), MemberFrom::Chosen);
    }
    match replica.cache().member() {
        Ok(Some(learned)) => (Some(learned), MemberFrom::Learned),
        _ => (None, MemberFrom::Unknown),
    }
}

/// The tasks told on one day, as noted in the saved data.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Told {
    day: String,
    tasks: BTreeSet<String>,
}

/// What one check found: the tasks due, and the notifications to show.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The tasks due ("mine").
    pub due: DueTasks,
    /// The notifications due now (none told before today).
    pub reminders: Vec<Reminder>,
}

/// One check of `replica` at `now`: the tasks due of `member` (every one
/// when `None`), and, with `words`, the notifications for those not told
/// yet today, noted as told. `link_of` gives a task's `workdesk://` link.
/// Nothing is read, sent or told while the key is refused.
///
/// # Errors
/// [`Error::Sync`] (`KeyRefused` among them); the saved data's failures.
pub async fn check_workspace<Tz: TimeZone>(
    replica: &Replica,
    member: Option<&str>,
    now: &DateTime<Tz>,
    words: Option<&ReminderWords>,
    link_of: impl Fn(&str) -> Option<String>,
) -> Result<Checked> {
    if replica.key_refused() {
        return Err(Error::from(workdesk_sync::Error::KeyRefused));
    }
    let due = replica.due_tasks(now, member).await?;
    let Some(words) = words else {
        return Ok(Checked {
            due,
            reminders: Vec::new(),
        });
    };
    let reminders = to_tell(replica, &due, now.date_naive(), words, link_of)?;
    Ok(Checked { due, reminders })
}

/// The notifications for the tasks of `due` not told on `day`, noted as
/// told (sealed, in the workspace's saved data) before they are shown.
fn to_tell(
    replica: &Replica,
    due: &DueTasks,
    day: NaiveDate,
    words: &ReminderWords,
    link_of: impl Fn(&str) -> Option<String>,
) -> Result<Vec<Reminder>> {
    if matches!(due.from, DueFrom::KeepReserve { .. }) {
        return Ok(Vec::new());
    }
    let cache = replica.cache();
    let day = day.to_string();
    let mut told: Told = cache
        .reminded()
        .map_err(workdesk_sync::Error::from)?
        .and_then(|text| serde_json::from_str(&text).ok())
        .filter(|told: &Told| told.day == day)
        .unwrap_or_else(|| Told {
            day,
            tasks: BTreeSet::new(),
        });
    let new: Vec<_> = due
        .tasks
        .iter()
        .filter(|task| !told.tasks.contains(&task.id))
        .collect();
    if new.is_empty() {
        return Ok(Vec::new());
    }
    told.tasks.extend(new.iter().map(|task| task.id.clone()));
    let text = serde_json::to_string(&told).unwrap_or_default();
    cache
        .set_reminded(&text)
        .map_err(workdesk_sync::Error::from)?;
    if new.len() >= GROUPED_FROM {
        return Ok(vec![Reminder {
            title: words.many.replace("{count}", &new.len().to_string()),
            text: words.many_text.clone(),
            opens: None,
            action: words.open.clone(),
        }]);
    }
    Ok(new
        .into_iter()
        .map(|task| Reminder {
            title: if task.overdue {
                words.overdue.clone()
            } else {
                words.due.clone()
            },
            text: task.title.clone(),
            opens: link_of(&task.id),
            action: words.open.clone(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::store::tests::memory_settings;

    #[test]
    fn reminders_are_on_until_turned_off_and_this_is_me_is_per_workspace() {
        let (_, settings) = memory_settings();
        assert!(reminders_on(&settings));
        set_reminders_on(&settings, false).unwrap();
        assert!(!reminders_on(&settings));
        let a = WorkspaceId::demo();
        assert_eq!(this_is_me(&settings, &a), None);
        set_this_is_me(&settings, &a, Some("0b6c7a52-0000-4000-8000-000000000001")).unwrap();
        assert_eq!(
            this_is_me(&settings, &a).as_deref(),
            Some("0b6c7a52-0000-4000-8000-000000000001")
        );
        set_this_is_me(&settings, &a, None).unwrap();
        assert_eq!(this_is_me(&settings, &a), None);
        set_this_is_me(&settings, &a, Some("0b6c7a52-0000-4000-8000-000000000001")).unwrap();
        forget_this_is_me(&settings, &a);
        assert_eq!(
            this_is_me(&settings, &a),
            None,
            "forgotten with its workspace"
        );
    }
}

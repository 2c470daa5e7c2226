//! The reminders' checks of the workspace on screen: one now
//! ([`AppState::check_reminders`]), and the loop that checks at start,
//! every [`EVERY`](super::EVERY) and whenever woken
//! ([`AppState::remind_then_every`]).

use workdesk_api::ResourceName;
use workdesk_sync::DueFrom;

use super::{
    check_workspace, member_of, reminders_on, this_is_me, Checked, MemberFrom, EVERY, SETTLE,
};
use crate::error::{Error, Result};
use crate::state::AppState;

impl AppState {
    /// One check of the workspace on screen ([`check_workspace`]), its
    /// notifications shown and the badge set; `None` where reminders do
    /// not run (no workspace, the demo). "Reminders" off: the tasks due are
    /// still given (the Overview's list), nothing is told and the badge is
    /// cleared.
    ///
    /// # Errors
    /// Those of [`AppState::workspace`] and [`check_workspace`].
    pub async fn check_reminders(&self) -> Result<Option<(Checked, MemberFrom)>> {
        let _one = self.reminders.checking.lock().await;
        if self.session.demo.lock().await.is_some() {
            self.reminders.badge(0);
            return Ok(None);
        }
        let workspace = match self.workspace().await {
            Ok(workspace) => workspace,
            Err(Error::NotConfigured) => return Ok(None),
            Err(error) => return Err(error),
        };
        if workspace.replica.key_refused() {
            self.reminders.badge(0);
        }
        let (member, from) = member_of(
            this_is_me(&self.settings, &workspace.id),
            &workspace.replica,
        );
        let on = reminders_on(&self.settings);
        let words = self.reminders.words().filter(|_| on);
        let entry = self.settings.current_workspace();
        let link_of = |id: &str| {
            let record = uuid::Uuid::try_parse(id).ok()?;
            let target = crate::links::link::Target::Record(record);
            let link =
                crate::links::link::Link::new(entry.as_ref()?, ResourceName::Task, target).ok()?;
            Some(link.to_string())
        };
        let checked = check_workspace(
            &workspace.replica,
            member.as_deref(),
            &chrono::Local::now(),
            words.as_ref(),
            link_of,
        )
        .await?;
        self.session.check_shown(&workspace)?;
        if let Some(remind) = self.reminders.remind() {
            let known = !matches!(checked.due.from, DueFrom::KeepReserve { .. });
            if !on {
                (remind.badge)(0);
            } else if known {
                (remind.badge)(checked.due.count);
            }
            for reminder in &checked.reminders {
                (remind.show)(reminder.clone());
            }
        }
        Ok(Some((checked, from)))
    }

    /// Reminders for as long as Workdesk runs: a check at start, then at
    /// each [`EVERY`] and whenever woken (the module lists when). Never
    /// returns.
    pub async fn remind_then_every(&self) {
        // The first check once the window sent its words, and [`SETTLE`]
        // after: the window's first screen reads first.
        tokio::select! {
            () = tokio::time::sleep(EVERY) => {}
            () = self.reminders.wake.notified() => {}
        }
        tokio::time::sleep(SETTLE).await;
        loop {
            if let Err(err) = self.check_reminders().await {
                log::info!("reminders were not checked: {err}");
            }
            tokio::select! {
                () = tokio::time::sleep(EVERY) => {}
                () = self.reminders.wake.notified() => {}
                () = self.session.records_changed.notified() => {
                    // Records changing come in bursts (an outbox pass, the
                    // service back with the outbox's sends behind it): the
                    // check waits for them to settle, and goes after them.
                    tokio::time::sleep(SETTLE).await;
                }
            }
        }
    }
}

//! Tasks due: not completed, whose `expiry` (the task's due date,
//! `docs/service.md`, "Records") falls before tomorrow in the user's time
//! zone: due today, or overdue. What reminders tell and the Overview's
//! "Due today" list shows ([`Replica::due_tasks`]).
//!
//! They come from the saved tasks when the tasks list was made available
//! offline, or while working offline or when the service could not be
//! reached at the last exchange or now (then from what was seen, said by [`DueFrom::Saved`]'s
//! `complete`); else from one request to the service (`expiry` before
//! tomorrow, `completed_at` empty, assigned to the member when known,
//! the latest due first, [`DUE_TAKE`] at most), never spending the last
//! [`RESERVE_PERCENT`](crate::RESERVE_PERCENT) of the key's budget.

use chrono::{DateTime, Days, NaiveTime, SecondsFormat, TimeZone, Utc};
use serde::Serialize;
use workdesk_api::{FilterSpec, ListView, ResourceName, SortSpec, Take};
use workdesk_query::{FieldPath, FieldType, Operator, Record, Value};

use crate::download::reserve_of;
use crate::error::{Error, Result};
use crate::read::StaleReason;
use crate::replica::{checked, Replica};

/// The most tasks one request to the service asks for (one page).
pub const DUE_TAKE: u8 = 200;

/// A task due today or overdue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DueTask {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its due date and time (`expiry`), UTC.
    pub expiry: DateTime<Utc>,
    /// Due before today began (in the user's time zone).
    pub overdue: bool,
}

/// Where the tasks due come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DueFrom {
    /// The saved tasks: every task when `complete` (the list made available
    /// offline), else only those seen (working offline, or the service
    /// could not be reached).
    Saved {
        /// The whole tasks list is saved.
        complete: bool,
    },
    /// The service, asked just now (one request).
    Service {
        /// When it answered (UTC).
        at: DateTime<Utc>,
    },
    /// Asking would spend the last 10 % of the key's budget: nothing was
    /// sent, no task is known.
    KeepReserve {
        /// When the budget comes back, if the service said (UTC).
        reset: Option<DateTime<Utc>>,
    },
}

/// The tasks due, the latest due first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DueTasks {
    /// The tasks (at most [`DUE_TAKE`] from the service).
    pub tasks: Vec<DueTask>,
    /// How many are due in all (the service's count may pass `tasks`).
    pub count: u64,
    /// Where they come from.
    pub from: DueFrom,
}

/// The first instant of the day after `now`'s (its time zone), and of
/// `now`'s day, UTC.
fn day_bounds<Tz: TimeZone>(now: &DateTime<Tz>) -> (DateTime<Utc>, DateTime<Utc>) {
    let tz = now.timezone();
    let today = now.date_naive();
    let start = |day: chrono::NaiveDate| {
        let midnight = day.and_time(NaiveTime::MIN);
        tz.from_local_datetime(&midnight)
            .earliest()
            // A day that starts in a DST gap: its first hour.
            .or_else(|| {
                tz.from_local_datetime(&(midnight + chrono::TimeDelta::hours(1)))
                    .earliest()
            })
            .map_or_else(|| midnight.and_utc(), |at| at.with_timezone(&Utc))
    };
    let tomorrow = today.checked_add_days(Days::new(1)).unwrap_or(today);
    (start(today), start(tomorrow))
}

impl Replica {
    /// The tasks not completed due before tomorrow (in `now`'s time zone)
    /// and, with `member`, assigned to that member (a UUID); see the
    /// module's documentation for where they come from.
    ///
    /// # Errors
    /// [`Error::KeyRefused`] (nothing is read or sent while the key is
    /// refused); [`Error::Cache`]; the service's errors other than not
    /// being reachable.
    pub async fn due_tasks<Tz: TimeZone>(
        &self,
        now: &DateTime<Tz>,
        member: Option<&str>,
    ) -> Result<DueTasks> {
        let (today, tomorrow) = day_bounds(now);
        let cache = self.saved()?;
        let complete = cache.state(ResourceName::Task.schema())?.complete;
        // Not reachable at the last exchange: the saved tasks, and finding
        // the service again is left to whoever asks it again (the screens'
        // reads, the reconnect loop), not to a reminder.
        let unreachable = self.client().connection() == workdesk_api::Connection::Offline;
        if complete || self.working_offline() || unreachable {
            return self.saved_due(today, tomorrow, member, complete);
        }
        let budget = self.service()?.rate_limit();
        if let (Some(limit), Some(remaining)) = (budget.limit, budget.remaining) {
            if remaining < reserve_of(limit).saturating_add(1) {
                return Ok(DueTasks {
                    tasks: Vec::new(),
                    count: 0,
                    from: DueFrom::KeepReserve {
                        reset: budget.reset,
                    },
                });
            }
        }
        let before = tomorrow.to_rfc3339_opts(SecondsFormat::Secs, true);
        let mut filters = vec![
            FilterSpec::and("expiry", Operator::Lt, [before.as_str()]),
            FilterSpec::and("completed_at", Operator::Isnull, ["true"]),
        ];
        if let Some(member) = member {
            filters.push(FilterSpec::and(
                "assigned_to_user",
                Operator::Exact,
                [member],
            ));
        }
        let view = checked(
            ResourceName::Task,
            &ListView {
                page: 1,
                take: Take::Count(DUE_TAKE),
                // Whole records: saved as they are, for the reminders
                // that read the saved tasks while working offline.
                fields: None,
                // The latest due first: a task due today is never past
                // the page, however many were left overdue long ago.
                sort: vec![SortSpec {
                    field: "expiry".to_owned(),
                    descending: true,
                }],
                filters,
                ..ListView::default()
            },
        )?;
        match self.fetch_page(&view).await {
            Ok(page) => {
                let tasks = page
                    .value
                    .results
                    .iter()
                    .filter_map(|record| due_task(record, today))
                    .collect();
                Ok(DueTasks {
                    tasks,
                    count: page.value.count,
                    from: DueFrom::Service { at: Utc::now() },
                })
            }
            // Not reachable: the saved tasks, as every read falls back.
            Err(error) if StaleReason::of(&error).is_some() => {
                self.saved_due(today, tomorrow, member, false)
            }
            Err(Error::PastLastPage { .. }) => Ok(DueTasks {
                tasks: Vec::new(),
                count: 0,
                from: DueFrom::Service { at: Utc::now() },
            }),
            Err(error) => Err(error),
        }
    }

    /// The saved tasks due (see [`Replica::due_tasks`]).
    fn saved_due(
        &self,
        today: DateTime<Utc>,
        tomorrow: DateTime<Utc>,
        member: Option<&str>,
        complete: bool,
    ) -> Result<DueTasks> {
        let cache = self.saved()?;
        cache.flush();
        let member = member.and_then(|m| uuid::Uuid::try_parse(m).ok());
        let [expiry, completed, assigned] =
            ["expiry", "completed_at", "assigned_to_user"].map(FieldPath::field);
        let mut tasks = Vec::new();
        cache.each_saved(ResourceName::Task.schema(), |record| {
            let Value::DateTime(due) = *record.value(&expiry, FieldType::DateTime) else {
                return;
            };
            if due >= tomorrow
                || !matches!(*record.value(&completed, FieldType::DateTime), Value::Null)
            {
                return;
            }
            if let Some(member) = member {
                if *record.value(&assigned, FieldType::Uuid) != Value::Uuid(member) {
                    return;
                }
            }
            if let Some(task) = record_task(record, due, today) {
                tasks.push(task);
            }
        })?;
        tasks.sort_by(|a, b| b.expiry.cmp(&a.expiry).then(a.id.cmp(&b.id)));
        Ok(DueTasks {
            count: tasks.len() as u64,
            tasks,
            from: DueFrom::Saved { complete },
        })
    }
}

/// A saved record as a [`DueTask`] due at `due`.
fn record_task(record: &dyn Record, due: DateTime<Utc>, today: DateTime<Utc>) -> Option<DueTask> {
    let id = match &*record.value(&FieldPath::field("id"), FieldType::Uuid) {
        Value::Uuid(id) => id.hyphenated().to_string(),
        Value::String(id) => id.clone(),
        _ => return None,
    };
    let title = match &*record.value(&FieldPath::field("title"), FieldType::String) {
        Value::String(title) => title.clone(),
        _ => String::new(),
    };
    Some(DueTask {
        id,
        title,
        expiry: due,
        overdue: due < today,
    })
}

/// The service's task as a [`DueTask`].
fn due_task(record: &workdesk_api::JsonRecord, today: DateTime<Utc>) -> Option<DueTask> {
    let Value::DateTime(due) = record
        .value(&FieldPath::field("expiry"), FieldType::DateTime)
        .into_owned()
    else {
        return None;
    };
    record_task(record, due, today)
}

#[cfg(test)]
mod tests {
    use chrono::FixedOffset;

    use super::*;

    #[test]
    fn the_day_is_cut_in_the_users_time_zone() {
        let bogota = FixedOffset::west_opt(5 * 3600).unwrap();
        // 23:30 on the 28th in Bogotá is 04:30 UTC on the 29th.
        let now = bogota.with_ymd_and_hms(2026, 11, 28, 23, 30, 0).unwrap();
        let (today, tomorrow) = day_bounds(&now);
        assert_eq!(today.to_rfc3339(), "2026-11-28T05:00:00+00:00");
        assert_eq!(tomorrow.to_rfc3339(), "2026-11-29T05:00:00+00:00");
    }
}

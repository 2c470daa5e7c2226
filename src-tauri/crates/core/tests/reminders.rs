//! Reminders against the sandbox over loopback HTTP
//! (`workdesk_core::reminders::check_workspace`): which tasks are due
//! (due today or overdue, not completed, assigned to the key's member),
//! told once per task per day (across a restart of the saved data too),
//! nothing while the key is refused, the saved tasks while working
//! offline or while the service cannot be reached.

use std::path::Path;
use std::sync::Arc;

use chrono::{DateTime, Local, NaiveTime, TimeDelta, TimeZone, Utc};
use workdesk_api::{ApiKey, BaseUrl, Client, ClientConfig, NewTask, ResourceName, Timestamp};
use workdesk_cache::{file_of, Cache, DataKey};
use workdesk_core::reminders::{check_workspace, member_of, MemberFrom, ReminderWords};
use workdesk_sync::{DueFrom, OfflineSwitch, Replica};

mod common;

fn words() -> ReminderWords {
    ReminderWords {
        due: "Task due today".into(),
        overdue: "Task overdue".into(),
        many: "{count} tasks due today or overdue".into(),
        many_text: "Open Workdesk to see them".into(),
        open: "Open task".into(),
    }
}

fn replica(
    client: &Client,
    dir: &Path,
    key: &DataKey,
    key_is_new: bool,
    offline: &OfflineSwitch,
) -> Replica {
    let (cache, _) = Cache::open(&file_of(dir, "ws"), "ws", key, key_is_new).unwrap();
    Replica::new(client.clone(), Arc::new(cache), offline.clone())
}

/// Creates a task due at `expiry`, assigned to `to`, completed or not; the
/// replica notes it as created (and so learns the key's member).
async fn task(
    replica: &Replica,
    title: &str,
    expiry: DateTime<Utc>,
    to: Option<&str>,
    completed: bool,
) -> String {
    let made = replica
        .client()
        .create_task(&NewTask {
            expiry: Some(Timestamp::from(expiry)),
            assigned_to_user: to.map(str::to_owned),
            completed_at: completed.then(|| Timestamp::from(expiry)),
            ..NewTask::titled(title)
        })
        .await
        .unwrap();
    let record = serde_json::to_value(&made).unwrap();
    let record = record.as_object().unwrap().clone();
    let id = record["id"].as_str().unwrap().to_owned();
    replica.created(ResourceName::Task, record);
    id
}

fn today_at(time: NaiveTime) -> DateTime<Utc> {
    let day = Local::now().date_naive();
    Local
        .from_local_datetime(&day.and_time(time))
        .earliest()
        .unwrap()
        .with_timezone(&Utc)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tasks_due_are_told_once_a_day_never_with_a_refused_key_and_from_saved_tasks_offline() {
    let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config {
        faults: true,
        ..workdesk_sandbox::Config::default()
    })
    .await
    .unwrap();
    let client = Client::with_config(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a.clone()).unwrap(),
        ClientConfig::default(),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let key = DataKey::generate();
    let offline = OfflineSwitch::default();
    let first = replica(&client, dir.path(), &key, true, &offline);
    let (member, from) = member_of(None, &first);
    assert_eq!((member, from), (None, MemberFrom::Unknown));

    // The key's member, learned from a task it created.
    let now = Utc::now();
    let mine_later = task(
        &first,
        "Reminders: learn the member",
        now + TimeDelta::days(3),
        None,
        false,
    )
    .await;
    let (me, from) = member_of(None, &first);
    assert_eq!(from, MemberFrom::Learned);
    let me = me.unwrap();
    // Another member of the workspace: one a seeded task is assigned to.
    let other = sandbox_member_not(&client, &me).await;

    let yesterday = task(
        &first,
        "Reminders: due yesterday",
        now - TimeDelta::days(1),
        Some(&me),
        false,
    )
    .await;
    let today = task(
        &first,
        "Reminders: due today",
        today_at(NaiveTime::from_hms_opt(0, 0, 1).unwrap()),
        Some(&me),
        false,
    )
    .await;
    let done = task(
        &first,
        "Reminders: done",
        now - TimeDelta::days(1),
        Some(&me),
        true,
    )
    .await;
    let theirs = task(
        &first,
        "Reminders: not mine",
        now - TimeDelta::days(1),
        Some(&other),
        false,
    )
    .await;
    let tomorrow = task(
        &first,
        "Reminders: due tomorrow",
        today_at(NaiveTime::MIN) + TimeDelta::days(1) + TimeDelta::hours(1),
        Some(&me),
        false,
    )
    .await;

    let link = |id: &str| Some(format!("workdesk://test/{id}"));
    let checked = check_workspace(&first, Some(&me), &Local::now(), Some(&words()), link)
        .await
        .unwrap();
    assert!(
        matches!(checked.due.from, DueFrom::Service { .. }),
        "{:?}",
        checked.due.from
    );
    let ids: Vec<&str> = checked.due.tasks.iter().map(|t| t.id.as_str()).collect();
    assert!(ids.contains(&yesterday.as_str()), "due yesterday: overdue");
    assert!(ids.contains(&today.as_str()), "due today");
    for (id, why) in [
        (&done, "completed"),
        (&theirs, "not mine"),
        (&tomorrow, "due tomorrow"),
        (&mine_later, "due in 3 days"),
    ] {
        assert!(!ids.contains(&id.as_str()), "{why}");
    }
    let overdue = checked
        .due
        .tasks
        .iter()
        .find(|t| t.id == yesterday)
        .unwrap();
    assert!(overdue.overdue);
    assert!(
        !checked
            .due
            .tasks
            .iter()
            .find(|t| t.id == today)
            .unwrap()
            .overdue
    );
    assert_eq!(checked.due.tasks[0].id, today, "the latest due first");
    assert!(!checked.reminders.is_empty(), "the first check tells");

    // The same day: nothing told again.
    let again = check_workspace(&first, Some(&me), &Local::now(), Some(&words()), link)
        .await
        .unwrap();
    assert!(again.reminders.is_empty(), "{:?}", again.reminders);

    // After a restart (the saved data opened again): still nothing.
    drop(first);
    let second = replica(&client, dir.path(), &key, false, &offline);
    let (member, from) = member_of(None, &second);
    assert_eq!(
        (member.as_deref(), from),
        (Some(me.as_str()), MemberFrom::Learned)
    );
    let restarted = check_workspace(&second, Some(&me), &Local::now(), Some(&words()), link)
        .await
        .unwrap();
    assert!(restarted.reminders.is_empty());

    // A new task due: exactly one notification, whose click opens it.
    let new = task(
        &second,
        "Reminders: one more",
        now - TimeDelta::hours(30),
        Some(&me),
        false,
    )
    .await;
    let one = check_workspace(&second, Some(&me), &Local::now(), Some(&words()), link)
        .await
        .unwrap();
    assert_eq!(one.reminders.len(), 1, "{:?}", one.reminders);
    assert_eq!(one.reminders[0].title, "Task overdue");
    assert_eq!(one.reminders[0].text, "Reminders: one more");
    assert_eq!(
        one.reminders[0].opens,
        Some(format!("workdesk://test/{new}"))
    );

    // Offline: the saved tasks, no request.
    offline.set(true);
    let saved = check_workspace(&second, Some(&me), &Local::now(), Some(&words()), link)
        .await
        .unwrap();
    assert_eq!(saved.due.from, DueFrom::Saved { complete: false });
    let saved_ids: Vec<&str> = saved.due.tasks.iter().map(|t| t.id.as_str()).collect();
    assert!(saved_ids.contains(&yesterday.as_str()) && saved_ids.contains(&new.as_str()));
    assert!(!saved_ids.contains(&theirs.as_str()) && !saved_ids.contains(&done.as_str()));
    offline.set(false);

    // A refused key: nothing read, nothing told.
    let third = task(
        &second,
        "Reminders: while refused",
        now - TimeDelta::hours(2),
        Some(&me),
        false,
    )
    .await;
    second.set_key_refused(true);
    let refused = check_workspace(&second, Some(&me), &Local::now(), Some(&words()), link).await;
    assert!(refused.is_err(), "a refused key is not used");
    second.set_key_refused(false);
    let after = check_workspace(&second, Some(&me), &Local::now(), Some(&words()), link)
        .await
        .unwrap();
    assert_eq!(after.reminders.len(), 1, "told once the key is accepted");
    assert_eq!(
        after.reminders[0].opens,
        Some(format!("workdesk://test/{third}"))
    );

    // The service not reached at the last exchange (a gateway's page for
    // every try of a read): the saved tasks, and no request of its own.
    common::arm(sandbox.base_url(), "html", 5);
    let read = client
        .list_view(ResourceName::Task, &workdesk_api::ListView::default())
        .await;
    assert!(read.is_err());
    assert_eq!(client.connection(), workdesk_api::Connection::Offline);
    let unreachable = check_workspace(&second, Some(&me), &Local::now(), Some(&words()), link)
        .await
        .unwrap();
    assert_eq!(unreachable.due.from, DueFrom::Saved { complete: false });
    assert!(unreachable.due.tasks.iter().any(|t| t.id == third));
}

/// A member of the workspace other than `me`: the assignee of a seeded task.
async fn sandbox_member_not(client: &Client, me: &str) -> String {
    let page = client
        .list_view(
            ResourceName::Task,
            &workdesk_api::ListView {
                take: workdesk_api::Take::Count(200),
                ..workdesk_api::ListView::default()
            },
        )
        .await
        .unwrap();
    page.results
        .iter()
        .filter_map(|task| task.get("assigned_to_user")?.as_str())
        .find(|member| *member != me)
        .unwrap()
        .to_owned()
}

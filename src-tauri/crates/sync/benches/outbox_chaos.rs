//! The outbox's chaos run (`bash .ci/chaos-outbox`, figures in
//! BENCHMARKS.md): 1,000 changes made offline and sent later, with the
//! network dropping and coming back and the process killed at random
//! points. It reports what it saw and exits non-zero when a figure whose
//! goal is 0 is not; CI runs a short one (`CHAOS_CHANGES=150`, the clock
//! off either way) in the test build as the guard of those goals.
//!
//! The run is one parent and many lives of a child process (this same
//! binary, `--child`). The parent starts the sandbox (faults on) and keeps
//! the workspace's sealed file and data key in a temporary folder. Each
//! life opens the file, makes its share of the changes (new tasks, new
//! stakeholders, lead edits, stakeholder deletions; "Work offline" on or
//! off at random), printing `kept <n>` once a change is kept (what the form
//! would say), then sends the outbox until nothing more can go. Meanwhile
//! the parent arms faults (dropped connections, answers lost mid-way,
//! truncated and non-JSON bodies, 500, 502, 503, 429, the network gone for
//! a while), changes leads on the service as someone in the office would,
//! and kills the child (SIGKILL) at a random moment. Last, a life without
//! faults or kills sends what is left.
//!
//! Reported: changes kept but lost (not in the outbox, or marked sent but
//! not on the service), changes applied twice (two tasks of one title, a
//! stakeholder refused as already registered although its own request
//! made it), conflicts overwritten (an edit held for the user whose value
//! reached the service anyway), and how the changes ended. `CHAOS_CHANGES`
//! sets the number of changes (default 1,000), `CHAOS_SEED` the random
//! sequence.
//!
//! Each life sends with three senders at once over the file (every
//! trigger firing together, as at an app's start), and exactly once is
//! tried where it is hardest: new tasks take their titles
//! (and every other field the look for a lost answer compares) from 16
//! repeated ones, told apart only by a marker in `custom_fields` that the
//! look never reads; a colleague (another member's key) writes tasks of
//! the same titles meanwhile; and the service's clock runs
//! `CHAOS_CLOCK_SKEW_S` seconds ahead of this computer's (default −420:
//! this computer seven minutes ahead, past any margin a look allows).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use workdesk_api::{
    ApiKey, BaseUrl, Client, ClientConfig, FilterSpec, JsonRecord, LeadPatch, ListView,
    NewStakeholder, NewTask, Operator, Patch, ResourceName, RetryPolicy, Take,
};
use workdesk_cache::{file_of, Cache, DataKey, OutboxState};
use workdesk_sandbox::{Config, RateLimit};
use workdesk_sync::{CancellationToken, Change, Note, OfflineSwitch, PassEnd, Replica, SentHow};

/// What a life needs to know, passed in its environment.
struct Life {
    dir: String,
    key: String,
    base_url: String,
    api_key: String,
    seed: u64,
    first: usize,
    count: usize,
    offline: bool,
    leads: Vec<String>,
    doomed: Vec<String>,
    document_type: String,
    location: String,
}

impl Life {
    fn from_env() -> Life {
        let var = |name: &str| std::env::var(name).unwrap_or_default();
        let list = |name: &str| {
            var(name)
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        };
        Life {
            dir: var("CHAOS_DIR"),
            key: var("CHAOS_KEY"),
            base_url: var("CHAOS_BASE_URL"),
            api_key: var("CHAOS_API_KEY"),
            seed: var("CHAOS_SEED").parse().unwrap_or(7),
            first: var("CHAOS_FIRST").parse().unwrap_or(0),
            count: var("CHAOS_COUNT").parse().unwrap_or(0),
            offline: var("CHAOS_OFFLINE") == "1",
            leads: list("CHAOS_LEADS"),
            doomed: list("CHAOS_DOOMED"),
            document_type: var("CHAOS_DOCUMENT_TYPE"),
            location: var("CHAOS_LOCATION"),
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

fn client(base_url: &str, api_key: &str) -> Client {
    Client::with_config(
        BaseUrl::parse(base_url).unwrap(),
        ApiKey::parse(api_key).unwrap(),
        ClientConfig {
            // A stalled answer gives up soon (the run is about outcomes).
            timeout: Duration::from_secs(2),
            connect_timeout: Duration::from_secs(2),
            retry: RetryPolicy::none(),
            ..ClientConfig::default()
        },
    )
    .unwrap()
}

/// How many distinct task titles the run repeats.
const TITLES: usize = 16;

/// Change `n`'s task title: one of [`TITLES`], repeated.
fn task_title(n: usize) -> String {
    format!("Llamar al banco {:02}", n % TITLES)
}

/// A task as the run makes it: every field the look compares the same
/// for one title; `marker` (in `custom_fields`, which the look never
/// reads) tells whose it is.
fn chaos_task(title: String, marker: Value) -> NewTask {
    NewTask {
        description: Some("Repetida".to_owned()),
        priority: Some(1),
        custom_fields: Some(marker),
        ..NewTask::titled(title)
    }
}

fn document_number(n: usize) -> String {
    format!("77{n:06}")
}

/// Change `n` of the run: what it is depends only on `n` and the seed.
fn change_of(n: usize, life: &Life, replica: &Replica) -> Change {
    let mut rng = ChaCha8Rng::seed_from_u64(life.seed ^ (n as u64).wrapping_mul(0x9e37_79b9));
    match rng.random_range(0..100) {
        0..=64 => Change::CreateTask {
            task: chaos_task(task_title(n), json!({ "chaos": n })),
        },
        65..=79 => Change::CreateStakeholder {
            stakeholder: NewStakeholder {
                document_number: document_number(n),
                document_type: life.document_type.clone(),
                verification_digit: None,
                geographic_location: life.location.clone(),
            },
        },
        80..=94 => {
            let id = life.leads[rng.random_range(0..life.leads.len())].clone();
            // Based on the copy this computer has (as the form would show).
            let saved = replica
                .pending_record(ResourceName::Lead, &id)
                .ok()
                .flatten()
                .unwrap_or_default();
            let based_on: JsonRecord = saved
                .get("status")
                .map(|v| [("status".to_owned(), v.clone())].into_iter().collect())
                .unwrap_or_default();
            Change::PatchLead {
                id,
                patch: LeadPatch {
                    status: Patch::Set(format!("offline {n}")),
                    ..LeadPatch::default()
                },
                based_on,
                label: Some(format!("change {n}")),
            }
        }
        _ => Change::DeleteStakeholder {
            id: life.doomed[n % life.doomed.len()].clone(),
            label: Some(format!("change {n}")),
        },
    }
}

/// One life of the child: make its changes, then send until done.
fn child() {
    let life = Life::from_env();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let key = DataKey::from_bytes(&unhex(&life.key)).unwrap();
        let offline = OfflineSwitch::new(life.offline);
        // A replica with its own handle on the file, as each sender has.
        let open = || {
            let (cache, _) = Cache::open(
                &file_of(std::path::Path::new(&life.dir), "ws"),
                "ws",
                &key,
                false,
            )
            .unwrap();
            Replica::new(
                client(&life.base_url, &life.api_key),
                Arc::new(cache),
                offline.clone(),
            )
        };
        let replica = open();
        let mut out = std::io::stdout().lock();
        for n in life.first..life.first + life.count {
            // Lead edits start from a fresh copy when the service answers.
            if !life.offline {
                for id in &life.leads {
                    let _ = replica.fetch_record(ResourceName::Lead, id).await;
                }
            }
            let change = change_of(n, &life, &replica);
            replica.keep_change(&change).unwrap();
            writeln!(out, "kept {n}").unwrap();
            out.flush().unwrap();
        }
        offline.set(false);
        // Every trigger at once, as at an app's start: three senders, each
        // with its own handle on the file (as two windows or a second
        // sender would have), send until nothing more can go. One pass at a
        // time per file keeps each change sent once.
        let mut senders = tokio::task::JoinSet::new();
        for n in 0..3 {
            let replica = if n == 0 { replica.clone() } else { open() };
            senders.spawn(async move {
                loop {
                    match replica.send_outbox(&CancellationToken::new(), || {}).await {
                        Ok(PassEnd::Done) => break,
                        Ok(_) | Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                    }
                }
                replica.cache().flush();
            });
        }
        while senders.join_next().await.is_some() {}
        replica.cache().flush();
        writeln!(out, "done").unwrap();
        out.flush().unwrap();
    });
}

/// Figures of the run.
#[derive(Default)]
struct Figures {
    kept: usize,
    lives: usize,
    colleague_tasks: usize,
    killed: usize,
    faults: usize,
    office_edits: usize,
    lost: Vec<String>,
    twice: Vec<String>,
    overwritten: Vec<String>,
    ended: BTreeMap<String, usize>,
}

fn main() {
    if std::env::args().any(|a| a == "--child") {
        child();
        return;
    }
    // Criterion-style arguments (`--bench`) are ignored.
    let total: usize = std::env::var("CHAOS_CHANGES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let seed: u64 = std::env::var("CHAOS_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
    let skew: i64 = std::env::var("CHAOS_CLOCK_SKEW_S")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(-420);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let started = Instant::now();
    let figures = runtime.block_on(parent(total, seed, skew));
    let took = started.elapsed();

    println!(
        "\noutbox chaos run: {total} changes, seed {seed}, the service's clock {skew} s off this computer's, {:.0} s",
        took.as_secs_f64()
    );
    println!(
        "lives: {} ({} killed), faults armed: {}, lead edits made on the service meanwhile: {}, tasks a colleague made meanwhile (same titles): {}",
        figures.lives, figures.killed, figures.faults, figures.office_edits, figures.colleague_tasks
    );
    println!("changes kept (the form said so): {}", figures.kept);
    println!("how they ended: {:?}", figures.ended);
    println!(
        "kept but lost: {} {:?}",
        figures.lost.len(),
        figures.lost.iter().take(5).collect::<Vec<_>>()
    );
    println!(
        "applied twice: {} {:?}",
        figures.twice.len(),
        figures.twice.iter().take(5).collect::<Vec<_>>()
    );
    println!(
        "conflicts overwritten: {} {:?}",
        figures.overwritten.len(),
        figures.overwritten.iter().take(5).collect::<Vec<_>>()
    );
    if !(figures.lost.is_empty() && figures.twice.is_empty() && figures.overwritten.is_empty()) {
        std::process::exit(1);
    }
}

async fn parent(total: usize, seed: u64, skew: i64) -> Figures {
    let sandbox = workdesk_sandbox::start(Config {
        faults: true,
        clock_skew_s: skew,
        rate_limit: RateLimit {
            requests: 1_000_000,
            window: Duration::from_secs(3600),
        },
        ..Config::default()
    })
    .await
    .unwrap();
    let base_url = sandbox.base_url().to_owned();
    let api_key = sandbox.keys().workspace_a.clone();
    let ids = *sandbox.ids();
    let service = client(&base_url, &api_key);
    let colleague = client(&base_url, &sandbox.keys().colleague);
    let dir = tempfile::tempdir().unwrap();
    let key = DataKey::generate();
    let key_hex = hex(key.expose_secret());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);

    // Leads to edit, and stakeholders to delete (made for the run).
    let leads: Vec<String> = service
        .list_view(
            ResourceName::Lead,
            &ListView {
                take: Take::Count(12),
                ..ListView::default()
            },
        )
        .await
        .unwrap()
        .results
        .iter()
        .filter_map(|r| r.get("id")?.as_str().map(str::to_owned))
        .collect();
    let mut doomed = Vec::new();
    for i in 0..40 {
        let made = service
            .create_stakeholder(&NewStakeholder {
                document_number: format!("66{i:06}"),
                document_type: ids.document_type.to_string(),
                verification_digit: None,
                geographic_location: ids.geographic_location.to_string(),
            })
            .await
            .unwrap();
        doomed.push(made.id.unwrap());
    }

    let exe = std::env::current_exe().unwrap();
    workdesk_api::crypto_provider();
    let http = reqwest::Client::new();
    let arm = |mode: String, times: u32| {
        let http = http.clone();
        let url = format!("{base_url}/_sandbox/faults");
        async move {
            let _ = http
                .post(url)
                .json(&json!({"mode": mode, "times": times}))
                .send()
                .await;
        }
    };
    let mut figures = Figures::default();
    let mut kept: HashSet<usize> = HashSet::new();
    let mut next = 0;
    // Lives that make changes among faults and kills; then one that only
    // sends, left alone, until nothing more can go.
    loop {
        let last = next >= total;
        let count = if last {
            0
        } else {
            rng.random_range(0..=40).min(total - next)
        };
        let life = Life {
            dir: dir.path().to_string_lossy().into_owned(),
            key: key_hex.clone(),
            base_url: base_url.clone(),
            api_key: api_key.clone(),
            seed,
            first: next,
            count,
            offline: !last && rng.random_bool(0.5),
            leads: leads.clone(),
            doomed: doomed.clone(),
            document_type: ids.document_type.to_string(),
            location: ids.geographic_location.to_string(),
        };
        next += count;
        let mut child = spawn(&exe, &life);
        figures.lives += 1;
        let lines = read_lines(&mut child);
        let kill_after = (!last && rng.random_bool(0.7))
            .then(|| Duration::from_millis(rng.random_range(1..200)));
        if !last && rng.random_bool(0.5) {
            let mode = ["drop", "stall", "truncated", "500", "502", "503"][rng.random_range(0..6)];
            arm(mode.to_owned(), rng.random_range(1..4)).await;
            figures.faults += 1;
        }
        let life_started = Instant::now();
        let mut take = |line: String, done: &mut bool| {
            if let Some(n) = line.strip_prefix("kept ") {
                kept.insert(n.parse().unwrap());
            } else if line == "done" {
                *done = true;
            }
        };
        let mut done = false;
        loop {
            while let Ok(line) = lines.try_recv() {
                take(line, &mut done);
            }
            if done {
                let _ = child.wait();
                break;
            }
            let exited = matches!(child.try_wait(), Ok(Some(_)));
            let kill = kill_after.is_some_and(|after| life_started.elapsed() >= after);
            if exited || kill {
                if kill {
                    let _ = child.kill();
                    figures.killed += 1;
                }
                let _ = child.wait();
                // What it printed before it died.
                while let Ok(line) = lines.recv_timeout(Duration::from_millis(100)) {
                    take(line, &mut done);
                }
                break;
            }
            if !last {
                match rng.random_range(0..100) {
                    0..=11 => {
                        let mode = [
                            "drop",
                            "stall",
                            "truncated",
                            "500",
                            "502",
                            "503",
                            "not-json",
                            "html",
                            "429=1",
                        ][rng.random_range(0..9)];
                        arm(mode.to_owned(), rng.random_range(1..4)).await;
                        figures.faults += 1;
                    }
                    12 => {
                        // The network gone for a while.
                        arm("drop".to_owned(), 30).await;
                        figures.faults += 1;
                    }
                    16..=19 => {
                        // A colleague makes a task of one of the same titles.
                        let k = figures.colleague_tasks;
                        let title = task_title(rng.random_range(0..TITLES));
                        let task = chaos_task(title, json!({ "colleague": k }));
                        if colleague.create_task(&task).await.is_ok() {
                            figures.colleague_tasks += 1;
                        }
                    }
                    13..=15 => {
                        // Someone in the office changes a lead.
                        let id = &leads[rng.random_range(0..leads.len())];
                        let patch = LeadPatch {
                            status: Patch::Set(format!("office {}", figures.office_edits)),
                            ..LeadPatch::default()
                        };
                        if service.patch_lead(id, &patch).await.is_ok() {
                            figures.office_edits += 1;
                        }
                    }
                    _ => {}
                }
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        // Faults do not outlive a life.
        arm("drop".to_owned(), 0).await;
        if last && done {
            break;
        }
    }
    figures.kept = kept.len();
    check(&mut figures, &kept, &dir, &key, &service).await;
    figures
}

fn spawn(exe: &std::path::Path, life: &Life) -> Child {
    Command::new(exe)
        .arg("--child")
        .env("CHAOS_DIR", &life.dir)
        .env("CHAOS_KEY", &life.key)
        .env("CHAOS_BASE_URL", &life.base_url)
        .env("CHAOS_API_KEY", &life.api_key)
        .env("CHAOS_SEED", life.seed.to_string())
        .env("CHAOS_FIRST", life.first.to_string())
        .env("CHAOS_COUNT", life.count.to_string())
        .env("CHAOS_OFFLINE", if life.offline { "1" } else { "0" })
        .env("CHAOS_LEADS", life.leads.join(","))
        .env("CHAOS_DOOMED", life.doomed.join(","))
        .env("CHAOS_DOCUMENT_TYPE", &life.document_type)
        .env("CHAOS_LOCATION", &life.location)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// The child's stdout, line by line, on a channel.
fn read_lines(child: &mut Child) -> std::sync::mpsc::Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Compares the outbox with the service once every life has ended.
async fn check(
    figures: &mut Figures,
    kept: &HashSet<usize>,
    dir: &tempfile::TempDir,
    key: &DataKey,
    service: &Client,
) {
    let (cache, _) = Cache::open(&file_of(dir.path(), "ws"), "ws", key, false).unwrap();
    let outbox = cache.outbox().unwrap();
    let changes: Vec<(usize, Change, OutboxState, Option<Note>)> = outbox
        .iter()
        .filter_map(|entry| {
            let change: Change = serde_json::from_value(entry.change.clone()).ok()?;
            let note = entry
                .note
                .clone()
                .and_then(|n| serde_json::from_value(n).ok());
            let n = number_of(&change)?;
            Some((n, change, entry.state, note))
        })
        .collect();
    let present: HashSet<usize> = changes.iter().map(|(n, ..)| *n).collect();
    // Every task of the run's titles on the service, by the change that
    // made it (its marker).
    let mut made: HashMap<usize, usize> = HashMap::new();
    for slot in 0..TITLES {
        for task in all_titled(service, &task_title(slot)).await {
            let marker = task.get("custom_fields").and_then(|c| c.get("chaos"));
            if let Some(n) = marker.and_then(Value::as_u64) {
                *made.entry(usize::try_from(n).unwrap()).or_default() += 1;
            }
        }
    }
    for n in kept {
        if !present.contains(n) {
            figures.lost.push(format!("change {n}: not in the outbox"));
        }
    }
    let mut seen_tasks: HashMap<String, usize> = HashMap::new();
    for (n, change, state, note) in &changes {
        let ending = match (state, note) {
            (OutboxState::Sent, Some(Note::Sent { how, .. })) => format!(
                "sent ({})",
                match how {
                    SentHow::Applied => "applied",
                    SentHow::FoundOnService => "found on the service after a lost answer",
                    SentHow::AlreadyGone => "already gone",
                    SentHow::AlreadyThere => "already there",
                }
            ),
            (OutboxState::NeedsYou, Some(Note::Conflict { .. })) => {
                "needs you (conflict)".to_owned()
            }
            (OutboxState::NeedsYou, Some(Note::Refused { .. })) => "needs you (refused)".to_owned(),
            (OutboxState::NeedsYou, Some(Note::Gone)) => "needs you (gone)".to_owned(),
            (OutboxState::NeedsYou, Some(Note::Unsure { .. })) => {
                "needs you (unsure whether a colleague's is its own)".to_owned()
            }
            (OutboxState::Waiting, None) => {
                "waiting behind an edit of the same lead that needs you".to_owned()
            }
            (state, _) => format!("{state:?}"),
        };
        *figures.ended.entry(ending).or_default() += 1;
        match change {
            Change::CreateTask { task } => {
                *seen_tasks.entry(format!("change {n}")).or_default() += 1;
                let on_service = made.get(n).copied().unwrap_or(0);
                if on_service > 1 {
                    figures
                        .twice
                        .push(format!("change {n}: {on_service} tasks “{}”", task.title));
                }
                if *state == OutboxState::Sent && on_service == 0 {
                    figures.lost.push(format!(
                        "change {n}: sent, but no task “{}” of its own",
                        task.title
                    ));
                }
            }
            Change::CreateStakeholder { stakeholder } => {
                let on_service = count(
                    service,
                    ResourceName::Stakeholder,
                    "document_number",
                    &stakeholder.document_number,
                )
                .await;
                if on_service > 1 {
                    figures.twice.push(format!(
                        "change {n}: {on_service} stakeholders {}",
                        stakeholder.document_number
                    ));
                }
                if *state == OutboxState::Sent && on_service == 0 {
                    figures.lost.push(format!(
                        "change {n}: sent, but no stakeholder {}",
                        stakeholder.document_number
                    ));
                }
                // Refused as already registered: its own earlier request made it.
                if let Some(Note::Refused { fields, message }) = note {
                    let text = format!("{message} {fields:?}");
                    if text.contains("unique") && on_service == 1 {
                        figures.twice.push(format!(
                            "change {n}: stakeholder {} sent again and refused as a duplicate",
                            stakeholder.document_number
                        ));
                    }
                }
            }
            Change::PatchLead { id, patch, .. } => {
                if let (Some(Note::Conflict { .. }), Patch::Set(yours)) = (note, &patch.status) {
                    // Held for the user: its value must not be on the service
                    // unless a later edit of the outbox that was sent set it.
                    let lead = service.get_record(ResourceName::Lead, id).await.unwrap();
                    if lead.get("status") == Some(&Value::String(yours.clone())) {
                        figures
                            .overwritten
                            .push(format!("change {n}: held for the user, yet on the service"));
                    }
                }
            }
            Change::DeleteStakeholder { .. } => {}
        }
    }
    for (title, times) in seen_tasks {
        if times > 1 {
            figures.twice.push(format!("{title}: kept {times} times"));
        }
    }
}

/// The run's number of a change (from its title, document or value).
fn number_of(change: &Change) -> Option<usize> {
    match change {
        Change::CreateTask { task } => task
            .custom_fields
            .as_ref()?
            .get("chaos")?
            .as_u64()
            .and_then(|n| usize::try_from(n).ok()),
        Change::CreateStakeholder { stakeholder } => {
            stakeholder.document_number.strip_prefix("77")?.parse().ok()
        }
        Change::PatchLead { label, .. } | Change::DeleteStakeholder { label, .. } => {
            label.as_deref()?.strip_prefix("change ")?.parse().ok()
        }
    }
}

/// Every task titled `title` on the service (a page of 200 at a time).
async fn all_titled(service: &Client, title: &str) -> Vec<JsonRecord> {
    let mut all = Vec::new();
    for page in 1.. {
        let view = ListView {
            take: Take::Count(200),
            page,
            filters: vec![FilterSpec::and("title", Operator::Exact, [title])],
            ..ListView::default()
        };
        let Ok(answer) = service.list_view(ResourceName::Task, &view).await else {
            break;
        };
        let last = answer.next.is_none();
        all.extend(answer.results);
        if last {
            break;
        }
    }
    all
}

async fn count(service: &Client, resource: ResourceName, field: &str, value: &str) -> usize {
    let view = ListView {
        take: Take::Count(10),
        filters: vec![FilterSpec::and(field, Operator::Exact, [value])],
        ..ListView::default()
    };
    service
        .list_view(resource, &view)
        .await
        .map(|p| p.count as usize)
        .unwrap_or(0)
}

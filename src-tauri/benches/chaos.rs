//! The chaos run (`bash .ci/chaos`, figures in BENCHMARKS.md): 10,000
//! calls of the app's own commands, through Tauri's IPC on the mock
//! runtime (no window), against the sandbox with its fault modes mixed in:
//! dropped connections, 5xx, truncated and non-JSON bodies, proxy pages,
//! slow and oversized bodies, 429 storms, and the network going away for a
//! while and coming back. A benchmark, not a test: it reports what it saw
//! and exits non-zero when one of the figures whose goal is 0 is not.
//!
//! Reported: commands that panicked (answered `internal`), answers that
//! were neither a result nor a typed error, reads whose answers over the
//! window's channel disagree with how they ended (a saved answer, then the
//! service's, each at most once; `changed` only against a saved page
//! sent), writes that reached the service twice (tasks created twice
//! under one title), saved records lost or changed (the list saved before
//! the chaos, compared with the service's at the end), the key found in
//! any file, log line, answer or channel message, and the p50/p99 of a
//! command's time. `CHAOS_CALLS` sets the number of calls (default
//! 10,000), `CHAOS_SEED` the random sequence.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "../tests/common/mod.rs"]
mod common;

use common::invoke;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tauri::ipc::InvokeResponseBody;
use tauri::Manager;

const SERVICE: &str = "dev.workdesk.chaos";

/// A logger that writes every line as the app's log does
/// (`diagnostics::log_line`), to a file in the data folder.
struct FileLog(Mutex<std::fs::File>);

impl log::Log for FileLog {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Info
    }
    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            let line = workdesk_core::diagnostics::log_line(&record.args().to_string());
            let _ = writeln!(self.0.lock().unwrap(), "[{}] {line}", record.level());
        }
    }
    fn flush(&self) {}
}

/// The statuses the chaos run gives the lead, in turn.
const STATUSES: [&str; 3] = ["new", "contacted", "won"];

/// One command to call and its arguments (call `n`; a read answers over
/// channel `n`).
fn pick(rng: &mut impl Rng, n: usize, ids: &Ids) -> (&'static str, Value) {
    let invoices = "supplier_invoice";
    let answers = format!("__CHANNEL__:{n}");
    let page = rng.random_range(1..=12);
    let take = if rng.random_bool(0.8) {
        json!(20)
    } else {
        json!(200)
    };
    let filters = match rng.random_range(0..4) {
        0 => json!([]),
        1 => json!([{"field": "operation_status", "operator": "in", "values": ["PR", "ER"]}]),
        2 => json!([{"field": "total", "operator": "gte", "values": ["100000"]}]),
        _ => json!([{"field": "name", "operator": "icontains", "values": ["0"]},
                    {"or": true, "field": "is_pay_authorized", "operator": "exact", "values": ["true"]}]),
    };
    let view = json!({"page": page, "take": take, "filters": filters, "sort": [{"field": "total", "descending": rng.random_bool(0.5)}]});
    match rng.random_range(0..100) {
        // The list on screen.
        0..=39 => (
            "read_list",
            json!({"resource": invoices, "view": view, "remember": true, "answers": answers}),
        ),
        // A form's lookup.
        40..=47 => (
            "read_list",
            json!({"resource": invoices, "view": view, "remember": false, "answers": answers}),
        ),
        48..=59 => (
            "read_record",
            json!({"resource": invoices, "id": ids.invoice, "answers": answers}),
        ),
        60..=64 => (
            "read_record",
            json!({"resource": "customer", "id": ids.customer, "answers": answers}),
        ),
        65..=69 => ("get_lead", json!({"id": ids.lead})),
        70..=74 => (
            "create_task",
            json!({"task": {"title": format!("chaos-{n}")}}),
        ),
        75..=79 => (
            "patch_lead",
            json!({"id": ids.lead, "patch": {"status": STATUSES[n % 3]}}),
        ),
        80..=84 => (
            "read_list",
            json!({"resource": "customer_invoice", "view": {"page": 1, "take": 50}, "remember": false, "answers": answers}),
        ),
        85..=88 => (
            "saved_totals",
            json!({"resource": invoices, "view": view, "fields": ["total"]}),
        ),
        89..=92 => ("storage", json!({})),
        93..=95 => ("rate_limit", json!({})),
        96..=97 => ("offline_list", json!({"resource": invoices})),
        _ => ("workspace_status", json!({})),
    }
}

/// Whether what a read sent over its channel (`sent`, in order) agrees
/// with how it ended (`answer`, the command's result; `sent` ends with
/// the answer the reply carried): a saved answer,
/// then the service's, each at most once and each complete; the service's
/// last when the read ended `fresh`, the saved one alone when it ended
/// `kept_saved`, none for `nothing_saved`, never the service's before an
/// error; `changed` is `null` unless a saved answer came first.
fn answers_agree(answer: &Result<Value, Value>, sent: &[Value]) -> bool {
    let complete = sent.iter().all(|message| {
        message.get("value").is_some()
            && match message["kind"].as_str() {
                Some("saved") => message["source"]["kind"].is_string(),
                Some("fresh") => message["changed"].is_null() || message["changed"].is_boolean(),
                _ => false,
            }
    });
    let kinds: Vec<&str> = sent
        .iter()
        .map(|message| message["kind"].as_str().unwrap_or("?"))
        .collect();
    let in_order = match answer {
        Ok(end) => match end["end"].as_str() {
            Some("fresh") => match kinds.as_slice() {
                ["fresh"] => sent[0]["changed"].is_null(),
                ["saved", "fresh"] => true,
                _ => false,
            },
            Some("kept_saved") => kinds == ["saved"],
            Some("nothing_saved") => kinds.is_empty(),
            _ => false,
        },
        Err(_) => matches!(kinds.as_slice(), [] | ["saved"]),
    };
    complete && in_order
}

/// Ids the commands ask for.
struct Ids {
    invoice: String,
    customer: String,
    lead: String,
}

/// One plain HTTP/1.1 request to the sandbox at `addr` (its control
/// routes, or the API with `key`); the JSON body of the answer.
fn http(addr: SocketAddr, method: &str, path: &str, key: Option<&str>, body: &str) -> Value {
    let mut stream = TcpStream::connect(addr).expect("the sandbox listens");
    let auth = key
        .map(|key| format!("Authorization: Bearer {key}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let (_, body) = answer.split_once("\r\n\r\n").unwrap_or_default();
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// Arms `mode` for the sandbox's next `times` API requests.
fn arm(addr: SocketAddr, mode: &str, times: u32) {
    http(
        addr,
        "POST",
        "/_sandbox/faults",
        None,
        &json!({"mode": mode, "times": times}).to_string(),
    );
}

/// Every record of `path` the service lists to `key`, by id.
fn service_records(addr: SocketAddr, key: &str, path: &str, query: &str) -> HashMap<String, Value> {
    let mut records = HashMap::new();
    for page in 1.. {
        let answer = http(
            addr,
            "GET",
            &format!("{path}?take=200&page={page}{query}"),
            Some(key),
            "",
        );
        for record in answer["data"]["results"].as_array().into_iter().flatten() {
            records.insert(
                record["id"].as_str().unwrap_or_default().to_owned(),
                record.clone(),
            );
        }
        if answer["data"]["next"].is_null() {
            break;
        }
    }
    records
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

fn main() {
    let calls: usize = std::env::var("CHAOS_CALLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let seed: u64 = std::env::var("CHAOS_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
    let data = common::fresh_data_folder("chaos", SERVICE);
    let log_path = data.join("chaos.log");
    log::set_boxed_logger(Box::new(FileLog(Mutex::new(
        std::fs::File::create(&log_path).unwrap(),
    ))))
    .expect("one logger");
    log::set_max_level(log::LevelFilter::Info);
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());

    let sandbox =
        tauri::async_runtime::block_on(workdesk_sandbox::start(workdesk_sandbox::Config {
            faults: true,
            rate_limit: workdesk_sandbox::RateLimit {
                requests: 1_000_000,
                window: Duration::from_secs(3600),
            },
            ..workdesk_sandbox::Config::default()
        }))
        .expect("the sandbox starts");
    let base_url = sandbox.base_url().to_owned();
    let addr = sandbox.addr();
    let key = sandbox.keys().workspace_a.clone();
    // What the app sends over the window's channels (the answers of a
    // read), as (channel, message): kept here, as the mock runtime's
    // webview runs no script to get them.
    let sent: Arc<Mutex<Vec<(u32, Value)>>> = Arc::default();
    let channels = sent.clone();
    let app = common::start_app(
        tauri::test::mock_builder().channel_interceptor(move |_, channel, _, body| {
            let message = match body {
                InvokeResponseBody::Json(json) => {
                    serde_json::from_str(json).unwrap_or_else(|_| Value::String(json.clone()))
                }
                InvokeResponseBody::Raw(bytes) => {
                    Value::String(String::from_utf8_lossy(bytes).into_owned())
                }
            };
            channels.lock().unwrap().push((channel.0, message));
            true
        }),
        SERVICE,
        workdesk_lib::Options {
            keychain_timeout: Some(Duration::from_secs(5)),
            ..workdesk_lib::Options::default()
        },
    );
    let webview = app.get_webview_window("main").unwrap();
    invoke(
        &webview,
        "add_workspace",
        json!({"name": "Chaos", "baseUrl": base_url, "apiKey": key}),
    )
    .expect("the workspace is added");
    // What was sent over the channels since the call before: the messages
    // of call `n`, or `None` if any went to another channel than its own.
    let take_sent = |n: usize| -> Option<Vec<Value>> {
        let channel = u32::try_from(n).expect("a channel id");
        let sent = std::mem::take(&mut *sent.lock().unwrap());
        sent.into_iter()
            .map(|(to, message)| (to == channel).then_some(message))
            .collect()
    };
    // A list saved whole, to check nothing of it is lost or changed.
    let first = common::read_list(
        &webview,
        json!({"resource": "supplier_invoice", "view": {"page": 1, "take": 1}, "remember": false}),
    )
    .expect("a first page");
    let first = first.fresh().expect("the service's first page");
    let ids = Ids {
        invoice: first["value"]["results"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned(),
        customer: sandbox.ids().customer.to_string(),
        lead: sandbox.ids().lead.to_string(),
    };
    for page in 1..=13 {
        let read = common::read_list(
            &webview,
            json!({"resource": "supplier_invoice", "view": {"page": page, "take": 200}, "remember": false}),
        )
        .expect("the list is saved page by page before the chaos");
        assert_eq!(read.end, json!({"end": "fresh"}), "page {page}");
    }

    let faults = [
        "drop",
        "500",
        "502",
        "503",
        "truncated",
        "not-json",
        "html",
        "slow-body",
        "oversized",
        "delay-ms=200",
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut times = Vec::with_capacity(calls);
    let (mut panics, mut untyped, mut key_in_answers) = (0usize, 0usize, 0usize);
    let mut disagree = 0usize;
    let mut outcomes: HashMap<String, usize> = HashMap::new();
    let secret = &key[8..];
    let started = Instant::now();
    for n in 0..calls {
        if n % 1000 == 500 {
            // The network goes away for the next 25 requests, then comes back.
            arm(addr, "drop", 25);
        } else if rng.random_bool(0.01) {
            arm(addr, "429", 2);
        } else if rng.random_bool(0.1) {
            arm(addr, faults[rng.random_range(0..faults.len())], 1);
        }
        let (command, args) = pick(&mut rng, n, &ids);
        let call = Instant::now();
        let answer = invoke(&webview, command, args);
        times.push(call.elapsed());
        let mut messages = take_sent(n);
        // A read returns `{answers, last, end}`: the count must be what it
        // sent over the channel, and `last` the answer after those.
        let (answer, counted) = match answer {
            Ok(done) if command.starts_with("read_") => {
                let counted =
                    done["answers"].as_u64() == messages.as_ref().map(|sent| sent.len() as u64);
                if let (Some(sent), false) = (messages.as_mut(), done["last"].is_null()) {
                    sent.push(done["last"].clone());
                }
                (Ok(done["end"].clone()), counted)
            }
            other => (other, true),
        };
        let text = match &answer {
            Ok(value) | Err(value) => value.to_string(),
        };
        let sent_text = format!("{messages:?}");
        if text.contains(secret) || sent_text.contains(secret) {
            key_in_answers += 1;
        }
        let agree = counted
            && match &messages {
                Some(messages) if command.starts_with("read_") => answers_agree(&answer, messages),
                Some(messages) => messages.is_empty(),
                None => false,
            };
        if !agree {
            disagree += 1;
            if disagree <= 5 {
                println!("{command} ended {text} after sending {sent_text}");
            }
        }
        let outcome = match answer {
            // A read that ended without the service's answer: why, and
            // the error it keeps beside what it shows.
            Ok(Value::Object(end)) if end.get("end").is_some_and(|e| e != "fresh") => {
                let error = &end["error"];
                let code = error["code"].as_str().unwrap_or("?").to_owned();
                if code == "internal" {
                    panics += 1;
                }
                if error["kind"].as_str().is_none() {
                    untyped += 1;
                }
                format!(
                    "{} ({}): {code}",
                    end["end"].as_str().unwrap_or("?"),
                    end["because"].as_str().unwrap_or("?")
                )
            }
            Ok(Value::Object(end)) if end.get("end").is_some() => "fresh".to_owned(),
            Ok(_) => "ok".to_owned(),
            Err(Value::Object(error)) => {
                let code = error
                    .get("code")
                    .and_then(Value::as_str)
                    .unwrap_or("?")
                    .to_owned();
                if code == "internal" {
                    panics += 1;
                }
                if error.get("kind").and_then(Value::as_str).is_none() {
                    untyped += 1;
                }
                code
            }
            Err(other) => {
                untyped += 1;
                format!("untyped: {other}")
            }
        };
        *outcomes
            .entry(format!("{command} → {outcome}"))
            .or_default() += 1;
    }
    let elapsed = started.elapsed();
    http(addr, "DELETE", "/_sandbox/faults", None, "");

    // Writes sent twice: a title created more than once.
    let tasks = service_records(addr, &key, "/task/task/", "&title__startswith=chaos-");
    let mut titles: HashMap<String, usize> = HashMap::new();
    for task in tasks.values() {
        *titles
            .entry(task["title"].as_str().unwrap_or_default().to_owned())
            .or_default() += 1;
    }
    let twice = titles.values().filter(|&&n| n > 1).count();

    // Saved records lost or changed: every supplier invoice saved before
    // the chaos reads back as the service has it (invoices are never
    // changed here), read while "Work offline" is on: the saved copy only.
    let invoices = service_records(addr, &key, "/account_payable/invoice/", "");
    let (mut lost, mut changed) = (0usize, 0usize);
    invoke(&webview, "set_working_offline", json!({"on": true})).expect("work offline");
    for (n, (id, record)) in (calls..).zip(&invoices) {
        let done = invoke(
            &webview,
            "read_record",
            json!({"resource": "supplier_invoice", "id": id, "answers": format!("__CHANNEL__:{n}")}),
        );
        // What the UI shows: the answers sent over the channel, then the
        // reply's `last` (working offline, the saved copy comes there).
        let mut sent = take_sent(n).unwrap_or_default();
        if let Ok(done) = &done {
            if !done["last"].is_null() {
                sent.push(done["last"].clone());
            }
        }
        let answer = done.map(|done| done["end"].clone());
        match (answer, sent.as_slice()) {
            (Ok(end), [saved])
                if end["end"] == "kept_saved"
                    && end["because"] == "working_offline"
                    && saved["kind"] == "saved" =>
            {
                let saved = &saved["value"];
                let differs = record
                    .as_object()
                    .unwrap()
                    .iter()
                    .any(|(field, value)| saved.get(field).unwrap_or(&Value::Null) != value);
                if differs {
                    changed += 1;
                }
            }
            _ => lost += 1,
        }
    }

    // The key in any file: settings, saved data (and its WAL), the log.
    app.cleanup_before_exit();
    let mut key_in_files = Vec::new();
    for entry in walk(&data) {
        if std::fs::read(&entry)
            .is_ok_and(|bytes| bytes.windows(secret.len()).any(|w| w == secret.as_bytes()))
        {
            key_in_files.push(entry.display().to_string());
        }
    }

    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "chaos run: {calls} calls in {:.1} s (seed {seed})",
        elapsed.as_secs_f64()
    );
    println!("| figure | goal | measured |");
    println!("|---|---|---|");
    println!("| commands that panicked (answered `internal`) | 0 | {panics} |");
    println!("| answers neither a result nor a typed error | 0 | {untyped} |");
    println!("| reads whose answers disagree with how they ended | 0 | {disagree} |");
    println!(
        "| writes that reached the service twice (of {} tasks created) | 0 | {twice} |",
        titles.len()
    );
    println!(
        "| saved records lost / changed (of {} supplier invoices) | 0 | {lost} / {changed} |",
        invoices.len()
    );
    println!(
        "| the key in a file or log line / in an answer | 0 | {} / {key_in_answers} |",
        key_in_files.len()
    );
    println!(
        "| command time p50 / p99 | | {:.1} ms / {:.1} ms |",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99))
    );
    let mut outcomes: Vec<_> = outcomes.into_iter().collect();
    outcomes.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    println!("\nOutcomes (command → result, count):");
    for (outcome, count) in outcomes {
        println!("  {count:>5}  {outcome}");
    }
    for file in &key_in_files {
        println!("key found in {file}");
    }
    let _ = std::fs::remove_dir_all(&data);
    if panics + untyped + disagree + twice + lost + changed + key_in_files.len() + key_in_answers
        > 0
    {
        std::process::exit(1);
    }
}

/// Every file under `dir`.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

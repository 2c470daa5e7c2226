//! The `workdesk-sandbox` binary prints one JSON line and serves, as its
//! flags say.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use reqwest::StatusCode;
use serde_json::Value;
use workdesk_sandbox::Config;

use crate::common::{get_url, http, start_with, INVOICES};

/// Kills the child process when dropped, even if an assertion fails.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the binary with `args` and reads its start-up line.
fn launch(args: &[&str]) -> (Killed, Value) {
    let child = Command::new(env!("CARGO_BIN_EXE_workdesk-sandbox"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("binary starts");
    let mut child = Killed(child);
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.ends_with('\n'), "{line:?}");
    let announcement = serde_json::from_str(&line).expect("one JSON line");
    (child, announcement)
}

fn names(object: &Value) -> Vec<&str> {
    let mut names: Vec<&str> = object
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    names.sort_unstable();
    names
}

#[tokio::test]
async fn prints_one_json_line_then_serves() {
    let (_child, announcement) = launch(&["--port", "0", "--seed", "7"]);
    assert_eq!(names(&announcement), ["base_url", "ids", "keys"]);
    let base_url = announcement["base_url"].as_str().unwrap();
    assert!(
        base_url.starts_with("http://127.0.0.1:") && !base_url.ends_with('/'),
        "{base_url}"
    );
    let keys = &announcement["keys"];
    assert_eq!(
        names(keys),
        [
            "colleague",
            "deleted",
            "disabled",
            "expired",
            "read_only",
            "replacement",
            "workspace_a",
            "workspace_b"
        ]
    );
    let ids = &announcement["ids"];
    assert_eq!(
        names(ids),
        [
            "customer",
            "document_type",
            "geographic_location",
            "lead",
            "member",
            "stakeholder"
        ]
    );

    let library = start_with(Config {
        seed: 7,
        ..Config::default()
    })
    .await;
    assert_eq!(keys["workspace_a"], library.keys().workspace_a);
    assert_eq!(keys["deleted"], library.keys().deleted);
    assert_eq!(keys["read_only"], library.keys().read_only);
    assert_eq!(keys["replacement"], library.keys().replacement);
    assert_eq!(ids, &serde_json::to_value(library.ids()).unwrap());
    assert_eq!(ids["lead"], library.ids().lead.to_string());

    let key = keys["workspace_a"].as_str();
    let answer = get_url(&format!("{base_url}{INVOICES}"), key).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.count(), 2_437);
    for (path, id) in [
        ("/crm/lead/", &ids["lead"]),
        ("/stakeholder/customer/", &ids["customer"]),
        ("/stakeholder/stakeholder/", &ids["stakeholder"]),
    ] {
        let one = get_url(&format!("{base_url}{path}{}/", id.as_str().unwrap()), key).await;
        assert_eq!(one.status, StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn flags_size_limit_and_switch_features() {
    let (_child, announcement) = launch(&[
        "--invoices",
        "500",
        "--leads",
        "2000",
        "--rate-limit",
        "3",
        "--rate-window-s",
        "90",
        "--journal",
        "--faults",
    ]);
    let base_url = announcement["base_url"].as_str().unwrap();
    let key = announcement["keys"]["workspace_a"].as_str();
    let answer = get_url(&format!("{base_url}{INVOICES}?take=1"), key).await;
    assert_eq!(answer.count(), 500);
    assert_eq!(answer.header_int("x-ratelimit-limit"), 3);
    let customer_invoices = get_url(
        &format!("{base_url}/account_receivable/invoice/?take=1"),
        key,
    )
    .await;
    assert_eq!(customer_invoices.count(), 250);
    let leads = get_url(&format!("{base_url}/crm/lead/?take=1"), key).await;
    assert_eq!(leads.count(), 2_000);
    let reset = answer.header_int("x-ratelimit-reset");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert!((now + 85..=now + 91).contains(&reset), "{reset} vs {now}");

    let faulted = http()
        .get(format!("{base_url}{INVOICES}"))
        .header("X-Sandbox-Fault", "503")
        .send()
        .await
        .unwrap();
    assert_eq!(faulted.status(), StatusCode::SERVICE_UNAVAILABLE);
    let journal = get_url(&format!("{base_url}/_sandbox/requests"), None).await;
    assert_eq!(journal.data()["count"], 4);
}

#[tokio::test]
async fn a_start_up_fault_applies_to_every_request() {
    let (_child, announcement) = launch(&["--fault", "html"]);
    let base_url = announcement["base_url"].as_str().unwrap();
    let response = http()
        .get(format!("{base_url}{INVOICES}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    assert_eq!(response.headers()["content-type"], "text/html");
}

#[test]
fn bad_flags_are_refused() {
    for args in [
        &["--invoices", "100001"][..],
        &["--leads", "0"],
        &["--leads", "100001"],
        &["--fault", "teapot"],
        &["--rate-limit", "0"],
        &["--rate-window-s", "0"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_workdesk-sandbox"))
            .args(args)
            .output()
            .expect("binary runs");
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(args[0]), "{args:?}: {message}");
    }
}

//! The `workdesk-sandbox` binary prints one JSON line and serves.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use reqwest::StatusCode;
use workdesk_sandbox::Config;

use crate::common::{get_url, start_with, INVOICES};

/// Kills the child process when dropped, even if an assertion fails.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn prints_one_json_line_then_serves() {
    let child = Command::new(env!("CARGO_BIN_EXE_workdesk-sandbox"))
        .args(["--port", "0", "--seed", "7"])
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
    let announcement: serde_json::Value = serde_json::from_str(&line).expect("one JSON line");

    let base_url = announcement["base_url"].as_str().unwrap();
    assert!(
        base_url.starts_with("http://127.0.0.1:") && !base_url.ends_with('/'),
        "{base_url}"
    );
    let keys = announcement["keys"].as_object().unwrap();
    let mut names: Vec<&str> = keys.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(names, ["disabled", "expired", "workspace_a", "workspace_b"]);

    let library = start_with(Config {
        seed: 7,
        ..Config::default()
    })
    .await;
    assert_eq!(keys["workspace_a"], library.keys().workspace_a);
    assert_eq!(keys["disabled"], library.keys().disabled);

    let answer = get_url(
        &format!("{base_url}{INVOICES}"),
        keys["workspace_a"].as_str(),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK);
}

//! `workdesk-sandbox [--port N] [--seed N] [--invoices N] [--leads N] [--rate-limit N]
//! [--rate-window-s S] [--faults] [--fault MODE] [--journal] [--clock-skew-s S]`: serves the
//! sandbox on 127.0.0.1, prints one JSON line
//! (`{"base_url", "keys", "ids"}`, see `Running::announcement`), then
//! serves until killed.

#![warn(missing_docs)]

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use workdesk_sandbox::{Config, Fault, RateLimit, DEFAULT_INVOICES, DEFAULT_LEADS, DEFAULT_SEED};

/// Local reference server of the Workspace Business Management Service.
#[derive(Debug, Parser)]
#[command(name = "workdesk-sandbox", version)]
struct Args {
    /// TCP port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Seed of the generated records and keys.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Supplier invoices of `workspace_a` (customer invoices: half as many).
    #[arg(long, default_value_t = DEFAULT_INVOICES, value_parser = invoices)]
    invoices: usize,
    /// Leads of `workspace_a` (1..=100000).
    #[arg(long, default_value_t = DEFAULT_LEADS, value_parser = leads)]
    leads: usize,
    /// Requests allowed per key and window.
    #[arg(long, default_value_t = RateLimit::default().requests,
          value_parser = clap::value_parser!(u32).range(1..))]
    rate_limit: u32,
    /// Length of the rate-limit window, in seconds.
    #[arg(long, default_value_t = RateLimit::default().window.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    rate_window_s: u64,
    /// Turn fault injection on (`X-Sandbox-Fault` header, `POST /_sandbox/faults`).
    #[arg(long)]
    faults: bool,
    /// Apply this fault to every API request (implies --faults): delay-ms=<ms>,
    /// drop, 401, 403, 500, 502, 503, truncated, not-json, html or 429.
    #[arg(long, value_name = "MODE")]
    fault: Option<Fault>,
    /// Keep a journal of the last 1,000 requests (`GET /_sandbox/requests`).
    #[arg(long)]
    journal: bool,
    /// Seconds the sandbox's clock runs ahead of this computer's (negative:
    /// behind): its `created_at`s and `Date` headers, as a computer with a
    /// wrong clock sees the service.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    clock_skew_s: i64,
}

/// Most supplier invoices `--invoices` accepts.
const MAX_INVOICES: usize = 100_000;

/// `--invoices`: 0..=100,000.
fn invoices(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(count) if count <= MAX_INVOICES => Ok(count),
        _ => Err(format!("expected a number from 0 to {MAX_INVOICES}")),
    }
}

/// Most leads `--leads` accepts.
const MAX_LEADS: usize = 100_000;

/// `--leads`: 1..=100,000 (the announced ids name a lead).
fn leads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(count) if (1..=MAX_LEADS).contains(&count) => Ok(count),
        _ => Err(format!("expected a number from 1 to {MAX_LEADS}")),
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let config = Config {
        port: args.port,
        seed: args.seed,
        invoices: args.invoices,
        leads: args.leads,
        rate_limit: RateLimit {
            requests: args.rate_limit,
            window: Duration::from_secs(args.rate_window_s),
        },
        faults: args.faults,
        fault: args.fault,
        journal: args.journal,
        clock_skew_s: args.clock_skew_s,
        // Tests read the keys from the start-up line; the same seed gives
        // the same keys, which a restarted sandbox in a test relies on.
        random_keys: false,
    };
    let sandbox = match workdesk_sandbox::start(config).await {
        Ok(sandbox) => sandbox,
        Err(error) => {
            eprintln!("workdesk-sandbox: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut stdout = std::io::stdout().lock();
    let printed = writeln!(stdout, "{}", sandbox.announcement()).and_then(|()| stdout.flush());
    drop(stdout);
    if let Err(error) = printed {
        eprintln!("workdesk-sandbox: cannot write to stdout: {error}");
        return ExitCode::FAILURE;
    }
    std::future::pending::<()>().await;
    ExitCode::SUCCESS
}

//! `workdesk-sandbox --port 0 [--seed N]`: serves the sandbox on 127.0.0.1
//! and prints one JSON line, `{"base_url": ..., "keys": {...}}`, then serves
//! until killed.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use workdesk_sandbox::{Config, DEFAULT_SEED};

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
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let config = Config {
        port: args.port,
        seed: args.seed,
        ..Config::default()
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

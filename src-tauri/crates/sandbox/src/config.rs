//! Start-up configuration of the sandbox.

use crate::fault::Fault;
use crate::rate_limit::RateLimit;

/// Seed used when none is given: every run with it serves the same records and keys.
pub const DEFAULT_SEED: u64 = 0x5EED_0000_2024_1101;

/// Supplier invoices of `workspace_a` when [`Config::invoices`] is not changed.
pub const DEFAULT_INVOICES: usize = crate::seed::DEFAULT_INVOICES;

/// Leads of `workspace_a` when [`Config::leads`] is not changed.
pub const DEFAULT_LEADS: usize = crate::seed::DEFAULT_LEADS;

/// How the sandbox is started. Build it with `Config { port: 0, ..Config::default() }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// TCP port on 127.0.0.1; 0 picks a free port (default 0).
    pub port: u16,
    /// Seed of the generated workspaces, records and keys (default [`DEFAULT_SEED`]).
    pub seed: u64,
    /// Number of supplier invoices of `workspace_a` (default
    /// [`DEFAULT_INVOICES`] = 2,437; the binary accepts up to 100,000).
    /// Its customer invoices are half as many; `workspace_b` and every other
    /// resource keep their sizes.
    pub invoices: usize,
    /// Number of leads of `workspace_a` (default [`DEFAULT_LEADS`] = 80; at
    /// least 1, since [`Ids::lead`](crate::Ids::lead) is one of them; the
    /// binary accepts up to 100,000). Only its leads change: their
    /// statuses, sources, members and person / company references are
    /// drawn as for the default ones, the same for the same seed.
    pub leads: usize,
    /// Fixed-window rate limit applied per key (default 1000 requests per 3600 s).
    pub rate_limit: RateLimit,
    /// Fault injection on (default off): the `X-Sandbox-Fault` header and
    /// `POST /_sandbox/faults` are honoured. See [`Fault`].
    pub faults: bool,
    /// A fault applied to every API request (default none); setting it turns
    /// fault injection on.
    pub fault: Option<Fault>,
    /// Request journal on (default off): `GET /_sandbox/requests` lists the
    /// last 1,000 API requests.
    pub journal: bool,
    /// Keys drawn at random for this start (from the operating system's
    /// randomness) instead of from `seed` (default off: the same seed gives
    /// the same keys, as tests need). The in-app demo turns it on, so no
    /// other program can know its keys in advance.
    pub random_keys: bool,
    /// Seconds the sandbox's clock runs ahead of this computer's
    /// (negative: behind; default 0): the time it writes as `created_at`,
    /// `updated_at` and `deleted_at`, and sends as `Date`. Stands for a
    /// computer whose clock is off, which a test cannot set.
    pub clock_skew_s: i64,
}

impl Config {
    /// The default sandbox with `invoices` supplier invoices and no rate
    /// limit to speak of (`u32::MAX` requests an hour): for benchmarks,
    /// which would spend the default 1,000 requests mid-way.
    #[must_use]
    pub fn unmetered(invoices: usize) -> Config {
        Config {
            invoices,
            rate_limit: RateLimit {
                requests: u32::MAX,
                window: std::time::Duration::from_secs(3600),
            },
            ..Config::default()
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            port: 0,
            seed: DEFAULT_SEED,
            invoices: DEFAULT_INVOICES,
            leads: DEFAULT_LEADS,
            rate_limit: RateLimit::default(),
            faults: false,
            fault: None,
            journal: false,
            random_keys: false,
            clock_skew_s: 0,
        }
    }
}

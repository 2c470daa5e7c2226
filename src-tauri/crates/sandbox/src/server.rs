//! Starting and stopping a sandbox on 127.0.0.1.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::config::Config;
use crate::error::{Error, Result};
use crate::keys::{self, Keys};
use crate::rate_limit::RateLimiter;
use crate::state::AppState;
use crate::{router, seed};

/// A sandbox serving on a tokio task.
///
/// Dropping it stops the server too: it stops accepting connections at once
/// and closes idle ones, while requests in flight finish in the background.
/// [`Running::shutdown`] does the same and waits until the server is gone.
#[derive(Debug)]
pub struct Running {
    addr: SocketAddr,
    base_url: String,
    keys: Keys,
    /// Dropping the sender (with `self`) triggers graceful shutdown.
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

/// Builds the dataset of `config.seed`, binds `127.0.0.1:config.port` (port 0
/// picks a free one) and serves on a spawned tokio task.
///
/// Must be called within a tokio runtime.
///
/// # Errors
///
/// [`Error::Bind`] when the port cannot be bound (e.g. it is taken).
pub async fn start(config: Config) -> Result<Running> {
    let dataset = seed::build(config.seed);
    let (keys, store) = keys::issue(config.seed, &dataset);
    let requested = SocketAddr::from((Ipv4Addr::LOCALHOST, config.port));
    let bind_error = |source| Error::Bind {
        addr: requested,
        source,
    };
    let listener = TcpListener::bind(requested).await.map_err(bind_error)?;
    let addr = listener.local_addr().map_err(bind_error)?;
    let app = router::build(AppState {
        dataset: Arc::new(dataset),
        keys: Arc::new(store),
        limiter: Arc::new(RateLimiter::new(config.rate_limit)),
        listening: addr,
    });
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        // `stopped` resolves on an explicit stop and when `Running` is dropped.
        // Serving errors after a successful bind are not recoverable here.
        let _ = axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await;
    });
    Ok(Running {
        addr,
        base_url: format!("http://{addr}"),
        keys,
        stop,
        task,
    })
}

impl Running {
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    #[must_use]
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The socket address the server listens on.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The seeded keys (valid for `workspace_a` / `workspace_b`, expired, disabled).
    #[must_use]
    pub fn keys(&self) -> &Keys {
        &self.keys
    }

    /// The JSON object the binary prints on start-up:
    /// `{"base_url": "http://127.0.0.1:PORT", "keys": {"workspace_a": "service_…",
    /// "workspace_b": …, "expired": …, "disabled": …}}`.
    #[must_use]
    pub fn announcement(&self) -> serde_json::Value {
        serde_json::json!({
            "base_url": self.base_url,
            "keys": self.keys,
        })
    }

    /// Stops accepting connections, closes idle ones and waits for requests
    /// in flight to finish.
    pub async fn shutdown(self) {
        let Running { stop, task, .. } = self;
        let _ = stop.send(());
        let _ = task.await;
    }
}

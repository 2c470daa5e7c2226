//! Starting and stopping a sandbox on 127.0.0.1.
//!
//! Connections are served with hyper directly (HTTP/1.1) rather than
//! `axum::serve`, so that the `drop` fault can close a connection without
//! writing any response: the service returns an error and hyper closes it.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::response::Response;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tower::ServiceExt;

use crate::config::Config;
use crate::error::{Error, Result};
use crate::fault::DropConnection;
use crate::ids::Ids;
use crate::injection::FaultSwitch;
use crate::journal::Journal;
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
    ids: Ids,
    /// Dropping the sender (with `self`) triggers graceful shutdown.
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

/// Builds the dataset of `config.seed` (with `config.invoices` supplier
/// invoices in `workspace_a`), binds `127.0.0.1:config.port` (port 0 picks a
/// free one) and serves on a spawned tokio task.
///
/// Must be called within a tokio runtime.
///
/// # Errors
///
/// [`Error::Bind`] when the port cannot be bound (e.g. it is taken).
pub async fn start(config: Config) -> Result<Running> {
    let dataset = seed::build(config.seed, config.invoices);
    let key_seed = if config.random_keys {
        use rand::{RngCore, SeedableRng};
        rand_chacha::ChaCha20Rng::from_os_rng().next_u64()
    } else {
        config.seed
    };
    let (keys, store) = keys::issue(key_seed, &dataset);
    let ids = Ids::of(&dataset, &keys, &store);
    let requested = SocketAddr::from((Ipv4Addr::LOCALHOST, config.port));
    let bind_error = |source| Error::Bind {
        addr: requested,
        source,
    };
    let listener = TcpListener::bind(requested).await.map_err(bind_error)?;
    let addr = listener.local_addr().map_err(bind_error)?;
    let state = AppState::new(dataset, store, RateLimiter::new(config.rate_limit), addr);
    let faults = Arc::new(FaultSwitch::new(&config, state.clone()));
    let journal = config.journal.then(|| Arc::new(Journal::default()));
    let app = router::build(state, faults, journal);
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(serve(listener, app, stopped));
    Ok(Running {
        addr,
        base_url: format!("http://{addr}"),
        keys,
        ids,
        stop,
        task,
    })
}

/// Accepts connections until `stopped` resolves (an explicit stop or the
/// [`Running`] dropped), then closes idle connections and waits for the
/// others to finish their request.
async fn serve(listener: TcpListener, app: Router, mut stopped: oneshot::Receiver<()>) {
    let graceful = GracefulShutdown::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let app = app.clone();
                    let connection = http1::Builder::new()
                        .timer(TokioTimer::new())
                        .serve_connection(
                            TokioIo::new(stream),
                            service_fn(move |request| handle(app.clone(), request)),
                        );
                    let connection = graceful.watch(connection);
                    tokio::spawn(async move {
                        // A client going away mid-request (or the `drop`
                        // fault) ends the connection with an error; nothing
                        // to do about it.
                        let _ = connection.await;
                    });
                }
                // Out of file descriptors and the like: back off briefly.
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            },
            _ = &mut stopped => break,
        }
    }
    drop(listener);
    graceful.shutdown().await;
}

/// Answers one request with the router. A response marked
/// [`DropConnection`] becomes [`Error::Dropped`], on which hyper closes the
/// connection without writing anything.
async fn handle(app: Router, request: Request<Incoming>) -> Result<Response> {
    let response = match app.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    if response.extensions().get::<DropConnection>().is_some() {
        Err(Error::Dropped)
    } else {
        Ok(response)
    }
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

    /// The seeded keys (valid for `workspace_a` / `workspace_b`, expired,
    /// disabled, deleted, and the read-only key of `workspace_a`).
    #[must_use]
    pub fn keys(&self) -> &Keys {
        &self.keys
    }

    /// One known id of each kind in `workspace_a` (lead, customer,
    /// stakeholder, document type, geographic location, the
    /// `workspace_a` key's member).
    #[must_use]
    pub fn ids(&self) -> &Ids {
        &self.ids
    }

    /// The JSON object the binary prints on start-up:
    /// `{"base_url": "http://127.0.0.1:PORT", "keys": {"workspace_a": "service_…",
    /// "workspace_b", "expired", "disabled", "deleted", "read_only"}, "ids": {"lead",
    /// "customer", "stakeholder", "document_type", "geographic_location",
    /// "member"}}` (ids are uuid strings of `workspace_a`).
    #[must_use]
    pub fn announcement(&self) -> serde_json::Value {
        serde_json::json!({
            "base_url": self.base_url,
            "keys": self.keys,
            "ids": self.ids,
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

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

/// A sandbox serving on a tokio task, its port bound and its keys drawn;
/// its dataset may still be being built ([`start_seeding`]): a request
/// that comes before it is ready waits for it (in the listen queue).
///
/// Dropping it stops the server too: it stops accepting connections at once
/// and closes idle ones, while requests in flight finish in the background.
/// [`Serving::shutdown`] does the same and waits until the server is gone.
#[derive(Debug)]
pub struct Serving {
    addr: SocketAddr,
    base_url: String,
    keys: Keys,
    /// Dropping the sender (with `self`) triggers graceful shutdown.
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

/// A sandbox serving its built dataset ([`start`]): a [`Serving`] (its
/// address, keys and shutdown, through `Deref`) that also knows the
/// dataset's ids.
#[derive(Debug)]
pub struct Running {
    serving: Serving,
    ids: Ids,
}

/// Builds the dataset of `config.seed` (with `config.invoices` supplier
/// invoices and `config.leads` leads in `workspace_a`), binds `127.0.0.1:config.port` (port 0 picks a
/// free one) and serves on a spawned tokio task; returns once the dataset
/// is built.
///
/// Must be called within a tokio runtime.
///
/// # Errors
///
/// [`Error::Bind`] when the port cannot be bound (e.g. it is taken);
/// [`Error::InvalidConfig`] when `config.leads` is 0.
///
/// # Panics
///
/// If building the dataset panics (a bug in the seed).
pub async fn start(config: Config) -> Result<Running> {
    let (serving, ids) = launch(config).await?;
    let ids = ids.await.expect("the sandbox's dataset could not be built");
    Ok(Running { serving, ids })
}

/// As [`start`], but returns as soon as the port is bound and the keys are
/// drawn, while the dataset is built on a blocking thread (about 9 ms for
/// the default seed on a 2-core machine, BENCHMARKS.md, "Demo seed"): the demo workspace starts this
/// way, so that the app draws its list meanwhile.
///
/// Must be called within a tokio runtime.
///
/// # Errors
///
/// [`Error::Bind`] when the port cannot be bound (e.g. it is taken);
/// [`Error::InvalidConfig`] when `config.leads` is 0.
pub async fn start_seeding(config: Config) -> Result<Serving> {
    Ok(launch(config).await?.0)
}

/// Binds the port and draws the keys, then builds the dataset on a
/// blocking thread and serves it on a spawned task; the receiver gets the
/// dataset's ids once it is built (dropped if building it panicked).
async fn launch(config: Config) -> Result<(Serving, oneshot::Receiver<Ids>)> {
    if config.leads == 0 {
        return Err(Error::InvalidConfig(
            "`leads` must be at least 1 (the announced ids name a lead)",
        ));
    }
    let key_seed = if config.random_keys {
        use rand::{RngCore, SeedableRng};
        rand_chacha::ChaCha20Rng::from_os_rng().next_u64()
    } else {
        config.seed
    };
    let keys = keys::draw(key_seed);
    let requested = SocketAddr::from((Ipv4Addr::LOCALHOST, config.port));
    let bind_error = |source| Error::Bind {
        addr: requested,
        source,
    };
    let listener = TcpListener::bind(requested).await.map_err(bind_error)?;
    let addr = listener.local_addr().map_err(bind_error)?;
    let (stop, stopped) = oneshot::channel::<()>();
    let (built, ids) = oneshot::channel::<Ids>();
    let task = tokio::spawn({
        let keys = keys.clone();
        async move {
            let seeding = tokio::task::spawn_blocking(move || {
                let sizes = seed::Sizes {
                    invoices: config.invoices,
                    leads: config.leads,
                };
                let dataset = seed::build(config.seed, sizes);
                let store = keys::grant(&keys, &dataset);
                let ids = Ids::of(&dataset, &keys, &store);
                (config, dataset, store, ids)
            });
            let (config, dataset, store, ids) = match seeding.await {
                Ok(seeded) => seeded,
                // Nothing to serve: the waiting requests' connections close.
                Err(_) => return,
            };
            let _ = built.send(ids);
            let mut state =
                AppState::new(dataset, store, RateLimiter::new(config.rate_limit), addr);
            state.skew = chrono::TimeDelta::seconds(config.clock_skew_s);
            let faults = Arc::new(FaultSwitch::new(&config, state.clone()));
            let journal = config.journal.then(|| Arc::new(Journal::default()));
            let app = router::build(state, faults, journal);
            serve(listener, app, stopped).await;
        }
    });
    let serving = Serving {
        addr,
        base_url: format!("http://{addr}"),
        keys,
        stop,
        task,
    };
    Ok((serving, ids))
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

impl Serving {
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

    /// Stops accepting connections, closes idle ones and waits for requests
    /// in flight to finish.
    pub async fn shutdown(self) {
        let Serving { stop, task, .. } = self;
        let _ = stop.send(());
        let _ = task.await;
    }
}

impl std::ops::Deref for Running {
    type Target = Serving;

    fn deref(&self) -> &Serving {
        &self.serving
    }
}

impl Running {
    /// One known id of each kind in `workspace_a` (lead, customer,
    /// stakeholder, document type, geographic location, the
    /// `workspace_a` key's member).
    #[must_use]
    pub fn ids(&self) -> &Ids {
        &self.ids
    }

    /// The JSON object the binary prints on start-up:
    /// `{"base_url": "http://127.0.0.1:PORT", "keys": {"workspace_a": "service_…",
    /// "workspace_b", "expired", "disabled", "deleted", "read_only", "replacement", "colleague"}, "ids": {"lead",
    /// "customer", "stakeholder", "document_type", "geographic_location",
    /// "member"}}` (ids are uuid strings of `workspace_a`).
    #[must_use]
    pub fn announcement(&self) -> serde_json::Value {
        serde_json::json!({
            "base_url": self.serving.base_url,
            "keys": self.serving.keys,
            "ids": self.ids,
        })
    }

    /// Stops accepting connections, closes idle ones and waits for requests
    /// in flight to finish.
    pub async fn shutdown(self) {
        self.serving.shutdown().await;
    }
}

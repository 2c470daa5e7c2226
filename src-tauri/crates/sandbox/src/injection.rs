//! When faults are injected: per request with the `X-Sandbox-Fault` header,
//! for the next N requests after `POST /_sandbox/faults` (optionally only
//! those to one path, and with one method), or for every request with
//! `--fault` ([`Config::fault`](crate::Config::fault)). All of it only when
//! fault injection is on.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value as JsonValue};

use crate::auth;
use crate::body::RequestBody;
use crate::config::Config;
use crate::envelope::Envelope;
use crate::error::{Error, FieldErrors, Result};
use crate::fault::Fault;
use crate::rate_limit::Quota;
use crate::state::AppState;
use crate::validate::{self, Input, Kind};

/// `X-Sandbox-Fault: <mode>`: the fault for this request.
pub(crate) const HEADER: HeaderName = HeaderName::from_static("x-sandbox-fault");

/// The fault settings of a running sandbox.
#[derive(Debug)]
pub(crate) struct FaultSwitch {
    enabled: bool,
    always: Option<Fault>,
    armed: Mutex<Option<Armed>>,
    /// The service's keys and rate limiter, for the rate-limit headers of
    /// faults that answer in its name.
    service: AppState,
}

/// A fault armed for the next `times` API requests, or only for the next
/// `times` of them that go to `path` (and have `method`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Armed {
    fault: Fault,
    times: u64,
    /// Only requests whose path is exactly this (as sent, without the
    /// query) consume the fault; `None`: any path.
    path: Option<String>,
    /// Only requests with this method consume the fault; `None`: any method.
    method: Option<Method>,
}

impl Armed {
    /// Whether a request with `method` to `path` consumes this fault.
    fn applies_to(&self, method: &Method, path: &str) -> bool {
        self.path.as_deref().is_none_or(|only| only == path)
            && self.method.as_ref().is_none_or(|only| only == method)
    }
}

/// The methods `POST /_sandbox/faults` accepts in `method`.
const METHODS: [Method; 8] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
    Method::OPTIONS,
    Method::TRACE,
];

/// Longest `path` accepted in `POST /_sandbox/faults`, in characters.
const MAX_PATH_CHARS: usize = 2048;

impl FaultSwitch {
    /// On when `config.faults` is set or `config.fault` names a fault;
    /// `service` is the state of the API the faults stand in front of.
    pub fn new(config: &Config, service: AppState) -> FaultSwitch {
        FaultSwitch {
            enabled: config.faults || config.fault.is_some(),
            always: config.fault,
            armed: Mutex::new(None),
            service,
        }
    }

    /// The rate-limit state `fault` shows to a request with `headers`:
    /// none unless the fault answers in the service's name and the request
    /// has an accepted key. `429` shows the configured limit, none
    /// remaining and a reset when its `Retry-After` ends; `403` the key's
    /// window as it is (the request is not counted).
    fn quota(&self, fault: Fault, headers: &HeaderMap) -> Option<Quota> {
        if !fault.imitates_the_service() {
            return None;
        }
        let now = SystemTime::now().into();
        let principal = auth::authenticate(&self.service.keys, headers, now).ok()?;
        let limiter = &self.service.limiter;
        Some(match fault {
            Fault::TooManyRequests(retry_after) => limiter.exhausted(retry_after),
            _ => limiter.peek(principal.key),
        })
    }

    /// The fault of a request with `method` to `path` with `headers`,
    /// consuming an armed one: the header first, else an armed fault that
    /// applies to the request's path and method, else the start-up fault.
    /// Nothing when injection is off.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownFault`] when the header names no mode.
    fn take(&self, method: &Method, path: &str, headers: &HeaderMap) -> Result<Option<Fault>> {
        if !self.enabled {
            return Ok(None);
        }
        if let Some(value) = headers.get(HEADER) {
            let text = String::from_utf8_lossy(value.as_bytes());
            return text.parse().map(Some);
        }
        let mut armed = self.armed.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = armed.as_mut().filter(|a| a.applies_to(method, path)) {
            current.times -= 1;
            let fault = current.fault;
            if current.times == 0 {
                *armed = None;
            }
            return Ok(Some(fault));
        }
        Ok(self.always)
    }

    fn arm(&self, armed: Option<Armed>) {
        *self.armed.lock().unwrap_or_else(PoisonError::into_inner) = armed;
    }

    /// `{"always": "<mode>"|null, "armed": {"mode", "times", "path",
    /// "method"}|null}` (`path` and `method` null when not limited).
    fn describe(&self) -> JsonValue {
        let armed = self
            .armed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        json!({
            "always": self.always.map(|fault| fault.to_string()),
            "armed": armed.map(|a| json!({
                "mode": a.fault.to_string(),
                "times": a.times,
                "path": a.path,
                "method": a.method.as_ref().map(Method::as_str),
            })),
        })
    }

    fn require_enabled(&self) -> Result<()> {
        if self.enabled {
            Ok(())
        } else {
            Err(Error::NotFound)
        }
    }
}

/// Middleware in front of the API: applies the request's fault, if any
/// (see [`Fault::answer`]); an unknown mode in the header is a 400 envelope.
pub(crate) async fn inject(
    State(switch): State<Arc<FaultSwitch>>,
    request: Request,
    next: Next,
) -> Response {
    let taken = switch.take(request.method(), request.uri().path(), request.headers());
    match taken {
        Ok(None) => next.run(request).await,
        Ok(Some(fault)) => {
            let quota = switch.quota(fault, request.headers());
            fault.answer(request, next, quota).await
        }
        Err(error) => error.into_response(),
    }
}

/// `GET /_sandbox/faults`: the start-up fault and the armed one (404 when
/// injection is off).
pub(crate) async fn show(State(switch): State<Arc<FaultSwitch>>) -> Result<Response> {
    switch.require_enabled()?;
    Ok(Json(Envelope::ok("Fault settings.", switch.describe())).into_response())
}

/// `POST /_sandbox/faults` with `{"mode": "<mode>", "times": N, "path":
/// "/…/", "method": "PATCH"}` (`times` defaults to 1, 0 disarms; `path` and
/// `method` are optional): the next N API requests get the fault, replacing
/// any armed one — with `path` and / or `method`, only the next N requests
/// to exactly that path (as sent, without the query) and with that method;
/// other requests pass as if nothing were armed. 400 for an unknown mode,
/// and field errors for a bad `times`, `path` (not starting with `/`, with
/// a query) or `method` (not an HTTP method).
pub(crate) async fn arm(
    State(switch): State<Arc<FaultSwitch>>,
    RequestBody(body): RequestBody,
) -> Result<Response> {
    switch.require_enabled()?;
    let mut errors = FieldErrors::default();
    let mode = match body.fields.get("mode") {
        Some(JsonValue::String(mode)) => Some(mode.parse::<Fault>()?),
        Some(_) => {
            errors.add("mode", "Not a valid string.");
            None
        }
        None => {
            errors.add("mode", "This field is required.");
            None
        }
    };
    let times = match body.fields.get("times") {
        None => Some(1),
        Some(JsonValue::Number(n)) => n.as_u64(),
        Some(JsonValue::String(text)) => text.trim().parse().ok(),
        Some(_) => None,
    };
    if times.is_none() {
        errors.add("times", "A valid integer is required.");
    }
    let (path, method) = scope(&body, &mut errors);
    let (Some(fault), Some(times), true) = (mode, times, errors.is_empty()) else {
        return Err(Error::InvalidBody(errors));
    };
    switch.arm((times > 0).then_some(Armed {
        fault,
        times,
        path,
        method,
    }));
    Ok(Json(Envelope::ok("Fault armed.", switch.describe())).into_response())
}

/// The optional `path` and `method` of `POST /_sandbox/faults`, read as
/// DRF reads optional, nullable `CharField`s (trimmed; null, or an empty
/// form value, is none); problems go to `errors`. `path` must start with
/// `/` and have no query (`?`) or fragment (`#`): it is matched against
/// the request's path alone. `method` is one of [`METHODS`], in any case.
fn scope(body: &crate::body::Parsed, errors: &mut FieldErrors) -> (Option<String>, Option<Method>) {
    let inputs = [
        Input::optional(
            "path",
            Kind::Text {
                max_chars: Some(MAX_PATH_CHARS),
                blank: false,
            },
        ),
        Input::optional(
            "method",
            Kind::Text {
                max_chars: None,
                blank: false,
            },
        ),
    ];
    let (mut path, mut method) = (None, None);
    for (name, value) in validate::validate(&inputs, body, true, errors) {
        let Some(text) = value.as_str() else {
            continue;
        };
        match name {
            "path" if !text.starts_with('/') => errors.add(name, "Must start with \"/\"."),
            "path" if text.contains(['?', '#']) => errors.add(
                name,
                "Must be a path alone, without a query (\"?\") or fragment (\"#\").",
            ),
            "path" => path = Some(text.to_owned()),
            _ => match METHODS
                .iter()
                .find(|known| known.as_str().eq_ignore_ascii_case(text))
            {
                Some(known) => method = Some(known.clone()),
                None => errors.add(name, format!("\"{text}\" is not a valid choice.")),
            },
        }
    }
    (path, method)
}

/// `DELETE /_sandbox/faults`: disarms (the start-up fault stays).
pub(crate) async fn disarm(State(switch): State<Arc<FaultSwitch>>) -> Result<Response> {
    switch.require_enabled()?;
    switch.arm(None);
    Ok(Json(Envelope::ok("Fault disarmed.", switch.describe())).into_response())
}

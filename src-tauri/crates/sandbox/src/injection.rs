//! When faults are injected: per request with the `X-Sandbox-Fault` header,
//! for the next N requests after `POST /_sandbox/faults`, or for every
//! request with `--fault` ([`Config::fault`](crate::Config::fault)). All of
//! it only when fault injection is on.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName};
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

/// A fault armed for the next `times` API requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Armed {
    fault: Fault,
    times: u64,
}

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

    /// The fault of a request with `headers`, consuming an armed one:
    /// the header first, else an armed fault, else the start-up fault.
    /// Nothing when injection is off.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownFault`] when the header names no mode.
    fn take(&self, headers: &HeaderMap) -> Result<Option<Fault>> {
        if !self.enabled {
            return Ok(None);
        }
        if let Some(value) = headers.get(HEADER) {
            let text = String::from_utf8_lossy(value.as_bytes());
            return text.parse().map(Some);
        }
        let mut armed = self.armed.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = armed.as_mut() {
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

    /// `{"always": "<mode>"|null, "armed": {"mode", "times"}|null}`.
    fn describe(&self) -> JsonValue {
        let armed = *self.armed.lock().unwrap_or_else(PoisonError::into_inner);
        json!({
            "always": self.always.map(|fault| fault.to_string()),
            "armed": armed.map(|a| json!({"mode": a.fault.to_string(), "times": a.times})),
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
    match switch.take(request.headers()) {
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

/// `POST /_sandbox/faults` with `{"mode": "<mode>", "times": N}` (`times`
/// defaults to 1; 0 disarms): the next N API requests get the fault,
/// replacing any armed one. 400 for an unknown mode or a bad `times`.
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
    let (Some(fault), Some(times)) = (mode, times) else {
        return Err(Error::InvalidBody(errors));
    };
    switch.arm((times > 0).then_some(Armed { fault, times }));
    Ok(Json(Envelope::ok("Fault armed.", switch.describe())).into_response())
}

/// `DELETE /_sandbox/faults`: disarms (the start-up fault stays).
pub(crate) async fn disarm(State(switch): State<Arc<FaultSwitch>>) -> Result<Response> {
    switch.require_enabled()?;
    switch.arm(None);
    Ok(Json(Envelope::ok("Fault disarmed.", switch.describe())).into_response())
}

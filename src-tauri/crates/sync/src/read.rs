//! The one read path ([`Replica::read_page`], [`Replica::read_record`]):
//! the saved answer at once, then the service's, or a verdict on why the
//! service's is missing. The connection verdict is the client's
//! ([`workdesk_api::Error::connection`]): the same one the status bar
//! shows, so a list, a record and the status bar never disagree about
//! whether the service is reachable.
//!
//! The saved answer is read on Tokio's blocking pool while the request is
//! already on its way; it is sent only if it is ready before the service
//! answers (a fresh answer first makes it moot), or when the service does
//! not answer.

use serde::Serialize;
use workdesk_api::{Connection, JsonRecord, ListView, Page, ResourceName};

use crate::error::{Error, Result};
use crate::replica::{checked, Fresh, Replica, Saved, Source};

/// One answer of a read, sent as soon as it is known: a saved answer
/// first (if any), then the service's.
///
/// JSON: `{"kind": "saved", "value": …, "source": {…}}` or
/// `{"kind": "fresh", "value": …, "changed": true | false | null}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Answer<T> {
    /// What this computer saved, shown until the service answers.
    Saved {
        /// The page or record.
        value: T,
        /// Where it came from and when it was saved.
        source: Source,
    },
    /// The service's answer (queued to be saved).
    Fresh {
        /// The page or record.
        value: T,
        /// Whether it differs from the saved answer this read sent before
        /// it (`false`: the screen may keep what it shows); `null` when
        /// none was sent, or it was computed over saved records and cannot
        /// be compared.
        changed: Option<bool>,
    },
}

/// Whether another answer may follow one a read sends (the saved answer
/// first, then the service's: stale-while-revalidate). "Interim" and
/// "final" as streamed results say it (speech-to-text, streaming APIs):
/// the window can take the final answer with the read's end, in one
/// message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finality {
    /// The service's answer may still follow (a saved answer sent while
    /// the request is under way).
    Interim,
    /// Nothing follows: the read ends after this answer (the service's,
    /// or a saved answer when the service is not asked or did not answer).
    Final,
}

/// Why the service's answer is missing at the end of a read, so saved
/// data stays: HTTP caching's "stale" response, served because the origin
/// could not answer (RFC 5861's `stale-if-error`, RFC 9111 §4.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum StaleReason {
    /// "Work offline" is on: nothing was sent.
    WorkingOffline,
    /// The service could not be reached ([`Connection::Offline`]: no
    /// connection, a timeout, a refused certificate, a gateway's 502, 503
    /// or 504, a page that is not the service's JSON).
    Offline,
    /// The service answered with an error of its own (a 500, an answer
    /// too large).
    ServiceError,
    /// The key's budget is spent until its reset (429).
    RateLimited,
}

impl StaleReason {
    /// The reason `error` gives for keeping saved data on screen, or
    /// `None` when it is the answer itself (a 400, 403, 404, a refused
    /// key, a view refused before sending), to be shown as an error.
    #[must_use]
    pub fn of(error: &Error) -> Option<StaleReason> {
        match error {
            Error::WorkingOffline => Some(StaleReason::WorkingOffline),
            Error::Api(api) => match api.connection()? {
                Connection::Offline => Some(StaleReason::Offline),
                Connection::ServiceError => Some(StaleReason::ServiceError),
                Connection::RateLimited => Some(StaleReason::RateLimited),
                Connection::Online | Connection::KeyRefused | Connection::Unknown => None,
            },
            _ => None,
        }
    }
}

/// How a read ended, once its answers were sent. `E` is the error type
/// (this crate's [`Error`]; the app sends its UI error).
///
/// JSON: `{"end": "fresh"}`, or `{"end": "kept_saved" | "nothing_saved",
/// "because": …, "error": …}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum ReadEnd<E> {
    /// The service answered: its answer was the last one sent.
    Fresh,
    /// The service was not asked or did not answer: the saved answer sent
    /// stays on screen.
    KeptSaved {
        /// Why the service's answer is missing.
        because: StaleReason,
        /// The failure itself (for working offline, [`Error::WorkingOffline`]).
        error: E,
    },
    /// The service was not asked or did not answer, and nothing is saved
    /// on this computer for what was asked: no answer was sent.
    NothingSaved {
        /// Why the service's answer is missing.
        because: StaleReason,
        /// The failure itself.
        error: E,
    },
}

impl<E> ReadEnd<E> {
    /// The same end with its error turned by `f`.
    pub fn map_err<F>(self, f: impl FnOnce(E) -> F) -> ReadEnd<F> {
        match self {
            ReadEnd::Fresh => ReadEnd::Fresh,
            ReadEnd::KeptSaved { because, error } => ReadEnd::KeptSaved {
                because,
                error: f(error),
            },
            ReadEnd::NothingSaved { because, error } => ReadEnd::NothingSaved {
                because,
                error: f(error),
            },
        }
    }
}

impl Replica {
    /// Reads `view` of `resource` the one way every list is read: checks
    /// the view once, sends the saved answer ([`Replica::saved_page`]) if
    /// it is ready before the service answers, then the service's
    /// ([`Replica::fetch_page`]); or, when the service is not asked or
    /// does not answer, keeps the saved answer ([`ReadEnd::KeptSaved`]) or
    /// says nothing is saved ([`ReadEnd::NothingSaved`]), with the reason
    /// ([`StaleReason`]). A saved page past the last is no answer. `send`
    /// gets each answer with whether another may follow it ([`Finality`]): a
    /// saved answer sent while working offline, or once the service failed
    /// to answer, is the last, as the service's answer always is.
    ///
    /// # Errors
    /// The view's problems ([`Error::Api`] with `InvalidQuery`, nothing
    /// sent); what the service answered about the request itself (400,
    /// 403, a page past the last as a 404 or [`Error::PastLastPage`], a
    /// refused key); and, when the service does not answer, why the saved
    /// records could not answer instead ([`Error::Refused`] keyed
    /// `filters.<index>`, [`Error::KeyRefused`], [`Error::Cache`]).
    pub async fn read_page(
        &self,
        resource: ResourceName,
        view: &ListView,
        send: impl FnMut(Answer<Page<JsonRecord>>, Finality) + Send,
    ) -> Result<ReadEnd<Error>> {
        let view = checked(resource, view)?;
        let saved = {
            let (replica, view) = (self.clone(), view.clone());
            move || replica.saved_page(&view)
        };
        self.read(saved, self.fetch_page(&view), send).await
    }

    /// Reads record `id` of `resource` as [`Replica::read_page`] reads a
    /// list: the saved copy ([`Replica::saved_record`]), then the
    /// service's ([`Replica::fetch_record`]), or the end that says why not.
    /// A record the service says is gone (404) is forgotten here too.
    ///
    /// # Errors
    /// [`Error::Api`] with `InvalidId` (nothing sent) or `NotFound`; the
    /// others of [`Replica::read_page`].
    pub async fn read_record(
        &self,
        resource: ResourceName,
        id: &str,
        send: impl FnMut(Answer<JsonRecord>, Finality) + Send,
    ) -> Result<ReadEnd<Error>> {
        let saved = {
            let (replica, id) = (self.clone(), id.to_owned());
            move || replica.saved_record(resource, &id)
        };
        let end = self
            .read(saved, self.fetch_record(resource, id), send)
            .await;
        if let Err(Error::Api(workdesk_api::Error::NotFound { .. })) = &end {
            self.deleted(resource, id);
        }
        end
    }

    /// The read path for any answer: `saved` on the blocking pool while
    /// `fresh` is under way, each sent as described on [`Replica::read_page`].
    async fn read<T: Send + 'static>(
        &self,
        saved: impl FnOnce() -> Result<Option<Saved<T>>> + Send + 'static,
        fresh: impl std::future::Future<Output = Result<Fresh<T>>>,
        mut send: impl FnMut(Answer<T>, Finality) + Send,
    ) -> Result<ReadEnd<Error>> {
        let mut saved_task = tokio::task::spawn_blocking(saved);
        let mut sent = None;
        let mut saved_problem = None;
        let mut take_saved = |outcome: std::result::Result<_, tokio::task::JoinError>, finality| {
            let outcome = outcome.unwrap_or_else(|err| {
                // The blocking pool lost the task (a panic, a shutdown):
                // as if nothing were saved.
                log::warn!("reading the saved answer failed: {err}");
                Ok(None)
            });
            match outcome {
                Ok(Some(saved)) => {
                    let Saved { value, source } = saved;
                    sent = Some(matches!(source, Source::SavedPage { .. }));
                    send(Answer::Saved { value, source }, finality);
                }
                Ok(None) => {}
                Err(problem) => saved_problem = Some(problem),
            }
        };
        let fresh = if self.working_offline() {
            take_saved((&mut saved_task).await, Finality::Final);
            Err(Error::WorkingOffline)
        } else {
            tokio::pin!(fresh);
            let mut saved_read = false;
            let outcome = tokio::select! {
                biased;
                outcome = &mut saved_task => {
                    saved_read = true;
                    take_saved(outcome, Finality::Interim);
                    fresh.await
                }
                outcome = &mut fresh => outcome,
            };
            if outcome.is_err() && !saved_read {
                take_saved(saved_task.await, Finality::Final);
            }
            outcome
        };
        let error = match fresh {
            Ok(Fresh { value, changed }) => {
                // `changed` compares with the saved page or record, which
                // is what was sent only when a saved page was.
                let changed = if sent == Some(true) { changed } else { None };
                send(Answer::Fresh { value, changed }, Finality::Final);
                return Ok(ReadEnd::Fresh);
            }
            Err(error) => error,
        };
        let Some(because) = StaleReason::of(&error) else {
            return Err(error);
        };
        match (sent, saved_problem) {
            (Some(_), _) => Ok(ReadEnd::KeptSaved { because, error }),
            (None, Some(problem)) => Err(problem),
            (None, None) => Ok(ReadEnd::NothingSaved { because, error }),
        }
    }
}

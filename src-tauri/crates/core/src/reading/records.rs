//! What the commands over the lists of every resource do: schemas, pages,
//! one record, and the views kept per resource (in the settings).

use serde::Serialize;
use specta::Type;
use workdesk_api::{JsonRecord, ListView, Page, ResourceName};
use workdesk_sync::overview::DrillDown;
use workdesk_sync::{Answer, Finality, ReadEnd};

use crate::channel::Channel;
use crate::error::Error;
use crate::guard::{guarded, guarded_sync};
use crate::reading::changes::ChangeCause;
use crate::reading::schema::{resource_schema, ResourceSchema};
use crate::reading::views::{add_ready_views, ListViews, ReadyNames};
use crate::settings::store::{NamedView, VIEW_NAME_MAX_CHARS};
use crate::state::AppState;
use crate::ui_error::UiError;
use crate::workspace::session::Workspace;

/// One message of a list's opening read ([`open_list`]).
///
/// JSON: `{"opened": ListViews}` first, then answers as `read_list` sends
/// them (`{"kind": "saved" | "fresh", ...}`).
#[derive(Debug, Serialize, Type)]
#[serde(untagged)]
pub enum ListMessage {
    /// The views the list opens with; its `current` is the view read.
    Opened {
        /// The resource's views, fitted.
        opened: ListViews,
    },
    /// An answer to the read of the opened view.
    Answer(Answer<Page<JsonRecord>>),
}

/// The field schemas of all eight resources, in the order the app lists
/// them: columns, sortable fields and the operators each field takes.
/// Never fails (a `Result` like every command, for the UI's one `call`).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn resource_schemas() -> Result<Vec<ResourceSchema>, UiError> {
    Ok(ResourceName::ALL.into_iter().map(resource_schema).collect())
}

/// Checks `view` of `resource` as `read_list` does before it sends
/// anything (the query engine's rules: fields, operators, values of the
/// right type and within the service's bounds, sort keys, page size): the
/// one authority the filter builder asks as the user types. Needs no
/// workspace and sends nothing. Answers the view as it is read today: each
/// relative period (`@this_month`) of a condition worked out into its
/// dates, in this computer's time zone.
///
/// Errors: `invalid_input` with `field_errors` keyed `filters.<index>`,
/// `fields`, `sort`, `page`, `take` or `widths`, exactly as `read_list`
/// would answer for the same view.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub fn check_view(resource: ResourceName, view: ListView) -> Result<ListView, UiError> {
    guarded_sync(|| checked(resource, &view))
}

/// `Ok` when `view` reads over `resource` (what `list_records` would
/// send, and widths within bounds for its fields), so that no view kept in
/// the settings is one the list cannot show: the view as it is read
/// today, each relative period (`@this_month`) of its conditions worked
/// out into the dates it stands for in this computer's time zone
/// ([`ListView::dated_on`]), what a filter shows beside the period.
///
/// # Errors
/// `invalid_input` with `field_errors` keyed by the view's parts.
fn checked(resource: ResourceName, view: &ListView) -> Result<ListView, UiError> {
    let now = chrono::Local::now();
    view.check_on(resource, &now)
        .map(|_| view.dated_on(resource, &now))
        .map_err(|problems| Error::Api(workdesk_api::Error::InvalidQuery(problems)).into())
}

/// How a read ended (`end`), the message it ended with (`last`: an
/// answer), and how many messages it sent over its channel before
/// (`answers`). The last answer (the service's, or the saved one when the
/// service is not asked or did not answer) comes with the reply: a large
/// channel message is handed over by a later fetch, a cost the reply does
/// not pay. A channel's messages reach the window in order among
/// themselves but not with the command's reply, so the window applies
/// `last` and `end` only once `answers` messages have arrived.
#[derive(Debug, Serialize, Type)]
pub struct ReadDone<M> {
    /// The messages sent over the channel before the read ended.
    pub answers: u32,
    /// The message the read ended with, `null` when it ended with none
    /// after the channel's (or sent none).
    pub last: Option<M>,
    /// How the read ended.
    pub end: ReadEnd<UiError>,
}

/// What a read command gathers as its read goes: messages that another
/// may follow go over the window's channel at once; the last is kept for
/// the reply.
struct Reply<'a, M: Serialize> {
    channel: &'a Channel<M>,
    what: &'static str,
    answers: u32,
    last: Option<M>,
}

impl<'a, M: Serialize> Reply<'a, M> {
    fn new(channel: &'a Channel<M>, what: &'static str) -> Self {
        Reply {
            channel,
            what,
            answers: 0,
            last: None,
        }
    }

    fn take(&mut self, message: M, finality: Finality) {
        match finality {
            Finality::Final => self.last = Some(message),
            Finality::Interim => {
                self.answers += 1;
                self.channel.send(message, self.what);
            }
        }
    }

    fn done(self, end: ReadEnd<UiError>) -> ReadDone<M> {
        ReadDone {
            answers: self.answers,
            last: self.last,
            end,
        }
    }
}

/// Reads a list the one way every list is read: `view` of `resource`
/// checked once, then, as soon as each is known, the saved answer
/// (`{"kind": "saved", value, source}`: the page as last
/// seen, or the view answered over every saved record) and the service's
/// (`{"kind": "fresh", value, changed}`; `GET <path>?<query>`, saved for
/// offline use in the background; `changed: false` says it is the saved
/// page just sent). Records are JSON objects (the view's fields, `null`
/// when absent, unknown fields included; decimals as strings). An answer
/// another may follow goes over `answers`; the last comes with the reply
/// ([`ReadDone`]), with how the read ended: `{"end": "fresh"}`, or `kept_saved` /
/// `nothing_saved` with `because` (`working_offline`, `offline`,
/// `service_error`, `rate_limited`: the same verdict as the pushed
/// connection state) and the `error`. With `remember` (the list on
/// screen, not a form's lookup), `view` becomes the resource's current
/// view and `resource` the one shown last, unless a later read of the
/// same resource was asked for meanwhile: written to the settings file
/// after the reply (`list_views`, `open_list`, `workspace_status` and
/// the overview wait for it); a file that cannot be written is logged,
/// and the read still answers.
///
/// Errors: `invalid_input` with `field_errors` keyed `page`, `take`,
/// `fields`, `sort` or `filters.<index>` (nothing was sent, or the saved
/// records cannot answer a view while the service does not);
/// `not_configured`, `unauthorized`, `forbidden`, `not_found` (a page past
/// the last), `keychain_unavailable`, `internal` (saved data unreadable).
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn read_list(
    state: &AppState,
    resource: ResourceName,
    view: ListView,
    remember: bool,
    answers: Channel<Answer<Page<JsonRecord>>>,
) -> Result<ReadDone<Answer<Page<JsonRecord>>>, UiError> {
    let mut reply = Reply::new(&answers, "list");
    let end = guarded(async {
        let workspace = state.workspace().await?;
        read_in(
            state,
            &workspace,
            resource,
            view,
            remember,
            |answer, finality| {
                reply.take(answer, finality);
            },
        )
        .await
    })
    .await?;
    Ok(reply.done(end))
}

/// Reads one record of `resource` with every field, by id, as
/// `read_list` reads a list: the saved copy, then the service's (a
/// customer from `GET /stakeholder/customer/{id}/`, any other from its
/// list filtered by `id`), over `answers` and the reply ([`ReadDone`]). A
/// record the service says is gone is dropped from the saved records, and
/// Rust says its resource's records changed (`records-changed`, cause
/// `record_gone`): a list showing it reads again.
///
/// Errors: `invalid_input` (`field` = `id`: not a record id),
/// `not_found` (`record_not_found`: no such record, or it was deleted),
/// and the errors of `read_list`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn read_record(
    state: &AppState,
    resource: ResourceName,
    id: String,
    answers: Channel<Answer<JsonRecord>>,
) -> Result<ReadDone<Answer<JsonRecord>>, UiError> {
    let mut reply = Reply::new(&answers, "record");
    let end = guarded(read_one(state, resource, id, |answer, finality| {
        reply.take(answer, finality);
    }))
    .await?;
    Ok(reply.done(end))
}

/// Opens the list of `resource` with one read: the first message over
/// `messages` is `{"opened": ListViews}` (the resource's views, each
/// fitted to this build's schema: its `current` is the view read, the
/// one shown last or the default; `left_out` when fitting dropped a
/// column, sort key or condition), then the answers and the reply come as
/// `read_list`'s for that view, which is remembered. The first time the
/// list opens in a workspace its ready-made views (issued this month,
/// overdue…) join its saved views, named as `ready_names` says (the
/// window's words, in its language, by key: `{"overdue": "Vencidas",
/// …}`; a key left out is named by itself). `drill_down` (an overview figure's `opens`, else
/// `null`): the current view takes its conditions and order, from page 1,
/// so the list shows exactly the records the figure counts.
///
/// Errors: `not_configured` (nothing sent), and the errors of
/// `read_list`.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn open_list(
    state: &AppState,
    resource: ResourceName,
    ready_names: ReadyNames,
    drill_down: Option<DrillDown>,
    messages: Channel<ListMessage>,
) -> Result<ReadDone<ListMessage>, UiError> {
    let mut reply = Reply::new(&messages, "list");
    let end = guarded(open(
        state,
        resource,
        &ready_names,
        drill_down,
        |message, finality| {
            reply.take(message, finality);
        },
    ))
    .await?;
    Ok(reply.done(end))
}

/// Reads `view` of `resource` in `workspace` the one way every list is read
/// ([`workdesk_sync::Replica::read_page`]): `send` gets the saved
/// answer, then the service's (each with whether another may follow), unless the workspace on screen changed
/// meanwhile; the end says whether the service answered, or why not.
/// With `remember` (the list on screen, not a form's lookup), `view`
/// becomes the resource's current view once it shows, unless a later
/// read of the same resource was asked for meanwhile, written after the
/// reply ([`read_list`], [`crate::reading::ViewWrites`]).
///
/// # Errors
/// The view's (`invalid_input`), the service's about the request
/// (`forbidden`, `not_found`, `unauthorized`, `invalid_input`), and
/// the saved records' when they had to answer and could not
/// (`invalid_input` keyed by condition, `unauthorized`, `internal`).
async fn read_in(
    state: &AppState,
    workspace: &Workspace,
    resource: ResourceName,
    view: ListView,
    remember: bool,
    mut send: impl FnMut(Answer<Page<JsonRecord>>, Finality) + Send,
) -> Result<ReadEnd<UiError>, UiError> {
    let ticket = remember.then(|| state.reading.view_tickets.issue(&workspace.id, resource));
    let started = std::time::Instant::now();
    let end = workspace
        .replica
        .read_page(resource, &view, |answer, finality| {
            // An answer for the workspace shown before a switch is not shown.
            if state.session.check_shown(workspace).is_ok() {
                send(answer, finality);
            }
        })
        .await;
    log_read(resource, &view, started, &end);
    let end = end.map_err(Error::from)?;
    if let Some(ticket) = ticket.filter(|_| !matches!(end, ReadEnd::NothingSaved { .. })) {
        // Written once the reply is on its way. Only the latest read's view
        // is remembered: an earlier one that ends late is not what the
        // screen shows, and that is checked where no other change of the
        // views can come between.
        let (settings, tickets) = (state.settings.clone(), state.reading.view_tickets.clone());
        let workspace = workspace.id.clone();
        state
            .reading
            .view_writes
            .spawn(move || {
                let latest = || tickets.is_latest(&workspace, resource, ticket);
                if let Err(error) =
                    settings.set_current_view_if(&workspace, resource, &view, latest)
                {
                    log::warn!(
                        "the view of {} shown last was not kept: {error}",
                        resource.as_str()
                    );
                }
            })
            .await;
    }
    state.session.check_shown(workspace)?;
    Ok(end.map_err(|error| UiError::from(Error::from(error))))
}

/// Reads record `id` of `resource` as [`read_list`] reads a
/// list ([`workdesk_sync::Replica::read_record`]): the saved copy, then
/// the service's (a customer from `GET /stakeholder/customer/{id}/`),
/// or the end that says why not (the `read_record` command).
///
/// # Errors
/// `invalid_input` (`field` = `id`: not a record id), `not_found`
/// (`record_not_found`: no such record, or it was deleted), and the
/// errors of [`read_list`].
async fn read_one(
    state: &AppState,
    resource: ResourceName,
    id: String,
    mut send: impl FnMut(Answer<JsonRecord>, Finality) + Send,
) -> Result<ReadEnd<UiError>, UiError> {
    let workspace = state.workspace().await?;
    let mut opened = None;
    let end = workspace
        .replica
        .read_record(resource, &id, |answer, finality| {
            if state.session.check_shown(&workspace).is_ok() {
                let (Answer::Saved { value, .. } | Answer::Fresh { value, .. }) = &answer;
                opened = Some(value.clone());
                send(answer, finality);
            }
        })
        .await;
    if let Some(record) = opened {
        // The command palette's "opened recently", and its pin's title.
        let replica = &workspace.replica;
        if let Some(result) = crate::reading::palette::note_opened(replica, resource, record).await
        {
            crate::reading::pins::retitle(replica, resource, result).await;
        }
    }
    if let Err(err) = &end {
        log::warn!(
            "GET one {} failed: {}",
            resource.as_str(),
            err.log_summary()
        );
    }
    if let Err(workdesk_sync::Error::Api(workdesk_api::Error::NotFound { .. })) = &end {
        // Dropped from the saved records (`Replica::read_record`): the
        // lists showing it read again.
        let gone = ChangeCause::RecordGone;
        state
            .session
            .announce_changes(&workspace.id, vec![resource], gone);
    }
    let end = end.map_err(|e| match e {
        workdesk_sync::Error::Api(api) => Error::record(api, resource.as_str()),
        other => Error::from(other),
    })?;
    state.session.check_shown(&workspace)?;
    Ok(end.map_err(|error| UiError::from(Error::from(error))))
}

/// Opens the list of `resource` with one read (the `open_list`
/// command): `send` gets the resource's views, fitted
/// ([`ListMessage::Opened`]), before anything else; then its current
/// view (or the default) is read and remembered as
/// [`read_list`] reads one, each answer a
/// [`ListMessage::Answer`]. The first time in a workspace, the
/// resource's ready-made views are added to its saved views, named as
/// `ready_names` says ([`crate::reading::views::ready_views`]). With
/// `drill_down` (an overview's figure), the current view takes its
/// conditions and order, from the first page, and that is what is read
/// and remembered.
///
/// # Errors
/// Those of [`read_list`]; nothing is sent when there is no
/// workspace to read (`not_configured`, `keychain_unavailable`) or it
/// changed meanwhile.
async fn open(
    state: &AppState,
    resource: ResourceName,
    ready_names: &ReadyNames,
    drill_down: Option<DrillDown>,
    mut send: impl FnMut(ListMessage, Finality) + Send,
) -> Result<ReadEnd<UiError>, UiError> {
    // One workspace for the views and the read: a switch meanwhile
    // shows neither.
    let workspace = state.workspace().await?;
    // The first time the list opens in this workspace, its ready-made
    // views join the saved ones, named in the window's language. They
    // are shown at once and written while the list is read (settings
    // that cannot be written do not stop the list opening).
    state.reading.view_writes.settled().await;
    let stored = state.settings.views(&workspace.id, resource);
    let first = !stored.ready_added;
    let mut views = stored;
    add_ready_views(&mut views, resource, ready_names);
    let mut opened = ListViews::fitted(resource, views);
    if let Some(DrillDown { filters, sort }) = drill_down {
        // The list behind an overview's figure: its conditions and
        // order over the list's own columns, from the first page.
        let current = &mut opened.current;
        current.page = 1;
        current.filters = filters;
        if !sort.is_empty() {
            current.sort = sort;
        }
        current.search = String::new();
    }
    let view = opened.current.clone();
    state.session.check_shown(&workspace)?;
    send(ListMessage::Opened { opened }, Finality::Interim);
    let keep_ready = async {
        if first {
            let kept = state
                .settings
                .update_views(&workspace.id, resource, |views| {
                    add_ready_views(views, resource, ready_names);
                });
            if let Err(err) = kept {
                log::warn!("the ready-made views could not be kept: {err}");
            }
        }
    };
    let read = read_in(
        state,
        &workspace,
        resource,
        view,
        true,
        |answer, finality| {
            send(ListMessage::Answer(answer), finality);
        },
    );
    let (end, ()) = tokio::join!(read, keep_ready);
    end
}

/// The views of `resource` kept for the workspace on screen, fitted to
/// the schema ([`ListViews::fitted`]).
///
/// # Errors
/// `not_configured` when no workspace is shown.
pub async fn list_views(state: &AppState, resource: ResourceName) -> Result<ListViews, UiError> {
    state.reading.view_writes.settled().await;
    let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
    Ok(ListViews::fitted(
        resource,
        state.settings.views(&workspace, resource),
    ))
}

/// Saves `view` of `resource` under `name` (trimmed; 1 to 80 characters),
/// replacing a saved view of the same name. Returns the resource's views
/// as `open_list` sends them (`ListViews`).
///
/// Errors: `invalid_input` with `field` = `name`, or with `field_errors`
/// keyed as `read_list` keys them (and `widths`) when the view does not
/// read; `not_configured`; `internal` when the settings file cannot be
/// written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn save_view(
    state: &AppState,
    resource: ResourceName,
    name: String,
    view: ListView,
) -> Result<ListViews, UiError> {
    guarded(async move {
        let name = name.trim().to_owned();
        let length = name.chars().count();
        if length == 0 || length > VIEW_NAME_MAX_CHARS {
            return Err(Error::ViewName.into());
        }
        checked(resource, &view)?;
        let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
        let views = state.settings.update_views(&workspace, resource, |views| {
            match views.saved.iter_mut().find(|saved| saved.name == name) {
                Some(saved) => saved.view = view,
                None => views.saved.push(NamedView { name, view }),
            }
        })?;
        Ok(ListViews::fitted(resource, views))
    })
    .await
}

/// Remembers `view` as `resource`'s current view without loading it: what
/// changes only the screen (a column moved or resized) and needs no
/// request. Returns nothing.
///
/// Errors: `invalid_input` with `field_errors` keyed as `list_records`
/// keys them (and `widths`) when the view does not read (nothing kept);
/// `not_configured`; `internal` when the settings file cannot be written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn remember_view(
    state: &AppState,
    resource: ResourceName,
    view: ListView,
) -> Result<(), UiError> {
    guarded(async move {
        checked(resource, &view)?;
        let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
        // A list request under way must not overwrite this with its older view.
        state.reading.view_tickets.issue(&workspace, resource);
        state
            .settings
            .set_current_view(&workspace, resource, &view)?;
        Ok(())
    })
    .await
}

/// Deletes the saved view `name` of `resource` (nothing if there is none).
/// Returns the resource's views as `open_list` sends them (`ListViews`).
///
/// Errors: `not_configured`; `internal` when the settings file cannot be
/// written.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn delete_view(
    state: &AppState,
    resource: ResourceName,
    name: String,
) -> Result<ListViews, UiError> {
    guarded(async move {
        let workspace = state.shown().await.ok_or(Error::NotConfigured)?;
        let views = state.settings.update_views(&workspace, resource, |views| {
            views.saved.retain(|saved| saved.name != name);
        })?;
        Ok(ListViews::fitted(resource, views))
    })
    .await
}

/// One line in the log for a list read: what was asked (never a filter's
/// value) and how it ended.
fn log_read(
    resource: ResourceName,
    view: &ListView,
    started: std::time::Instant,
    end: &workdesk_sync::Result<ReadEnd<workdesk_sync::Error>>,
) {
    let asked = format!(
        "{} page={} take={} filters={}",
        resource.as_str(),
        view.page,
        view.take.rows(),
        view.filters.len()
    );
    let ms = started.elapsed().as_millis();
    match end {
        Ok(ReadEnd::Fresh) => log::info!("GET {asked} -> answered in {ms} ms"),
        Ok(ReadEnd::KeptSaved { because, error } | ReadEnd::NothingSaved { because, error }) => {
            log::warn!(
                "GET {asked} -> not answered ({because:?}: {}) in {ms} ms",
                error.log_summary()
            );
        }
        Err(err) => log::warn!("GET {asked} failed: {}", err.log_summary()),
    }
}

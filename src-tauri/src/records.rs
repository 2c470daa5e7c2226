//! Commands over the lists of every resource: schemas, pages, one record,
//! and the views kept per resource. Each is one line over
//! `workdesk-core` ([`AppState`]'s methods, [`workdesk_core::records`]).

use serde::Serialize;
use specta::Type;
use tauri::ipc::Channel;
use tauri::State;
use workdesk_api::{JsonRecord, ListView, Page, ResourceName};
use workdesk_core::guard::{guarded, guarded_sync};
use workdesk_core::records::ListMessage;
use workdesk_core::schema::ResourceSchema;
use workdesk_core::settings::LanguageChoice;
use workdesk_core::state::AppState;
use workdesk_core::ui_error::UiError;
use workdesk_core::views::ListViews;
use workdesk_sync::overview::{DrillDown, Overview, Part};
use workdesk_sync::Progress;
use workdesk_sync::{Answer, ReadEnd, Then};

/// The field schemas of all eight resources, in the order the app lists
/// them: columns, sortable fields and the operators each field takes.
/// Never fails (a `Result` like every command, for the UI's one `call`).
#[tauri::command]
#[specta::specta]
pub fn resource_schemas() -> Result<Vec<ResourceSchema>, UiError> {
    guarded_sync(|| Ok(workdesk_core::records::resource_schemas()))
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

    fn take(&mut self, message: M, then: Then) {
        match then {
            Then::Ends => self.last = Some(message),
            Then::MayFollow => {
                self.answers += 1;
                crate::send(self.channel, message, self.what);
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
/// same resource was asked for meanwhile.
///
/// Errors: `invalid_input` with `field_errors` keyed `page`, `take`,
/// `fields`, `sort` or `filters.<index>` (nothing was sent, or the saved
/// records cannot answer a view while the service does not);
/// `not_configured`, `unauthorized`, `forbidden`, `not_found` (a page past
/// the last), `keychain_unavailable`, `internal` (saved data unreadable).
#[tauri::command]
#[specta::specta]
pub async fn read_list(
    state: State<'_, AppState>,
    resource: ResourceName,
    view: ListView,
    remember: bool,
    answers: Channel<Answer<Page<JsonRecord>>>,
) -> Result<ReadDone<Answer<Page<JsonRecord>>>, UiError> {
    let mut reply = Reply::new(&answers, "list");
    let end = guarded(state.read_list(resource, view, remember, |answer, then| {
        reply.take(answer, then);
    }))
    .await?;
    Ok(reply.done(end))
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
#[tauri::command]
#[specta::specta]
pub fn check_view(resource: ResourceName, view: ListView) -> Result<ListView, UiError> {
    guarded_sync(|| workdesk_core::records::check_view(resource, &view))
}

/// Reads one record of `resource` with every field, by id, as
/// `read_list` reads a list: the saved copy, then the service's (a
/// customer from `GET /stakeholder/customer/{id}/`, any other from its
/// list filtered by `id`), over `answers` and the reply ([`ReadDone`]). A
/// record the service says is gone is dropped from the saved records.
///
/// Errors: `invalid_input` (`field` = `id`: not a record id),
/// `not_found` (`record_not_found`: no such record, or it was deleted),
/// and the errors of `read_list`.
#[tauri::command]
#[specta::specta]
pub async fn read_record(
    state: State<'_, AppState>,
    resource: ResourceName,
    id: String,
    answers: Channel<Answer<JsonRecord>>,
) -> Result<ReadDone<Answer<JsonRecord>>, UiError> {
    let mut reply = Reply::new(&answers, "record");
    let end = guarded(state.read_record(resource, id, |answer, then| {
        reply.take(answer, then);
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
/// list opens in a workspace its ready-made views ("Issued this month",
/// "Overdue"…) join its saved views, named in `language`, the window's
/// (`en` or `es`). `drill_down` (an overview figure's `opens`, else
/// `null`): the current view takes its conditions and order, from page 1,
/// so the list shows exactly the records the figure counts.
///
/// Errors: `not_configured` (nothing sent), and the errors of
/// `read_list`.
#[tauri::command]
#[specta::specta]
pub async fn open_list(
    state: State<'_, AppState>,
    resource: ResourceName,
    language: LanguageChoice,
    drill_down: Option<DrillDown>,
    messages: Channel<ListMessage>,
) -> Result<ReadDone<ListMessage>, UiError> {
    let mut reply = Reply::new(&messages, "list");
    let end = guarded(
        state.open_list(resource, language, drill_down, |message, then| {
            reply.take(message, then);
        }),
    )
    .await?;
    Ok(reply.done(end))
}

/// Saves `view` of `resource` under `name` (trimmed; 1 to 80 characters),
/// replacing a saved view of the same name. Returns the resource's views
/// as `open_list` sends them (`ListViews`).
///
/// Errors: `invalid_input` with `field` = `name`, or with `field_errors`
/// keyed as `read_list` keys them (and `widths`) when the view does not
/// read; `not_configured`; `internal` when the settings file cannot be
/// written.
#[tauri::command]
#[specta::specta]
pub async fn save_view(
    state: State<'_, AppState>,
    resource: ResourceName,
    name: String,
    view: ListView,
) -> Result<ListViews, UiError> {
    guarded(state.save_view(resource, name, view)).await
}

/// Remembers `view` as `resource`'s current view without loading it: what
/// changes only the screen (a column moved or resized) and needs no
/// request. Returns nothing.
///
/// Errors: `invalid_input` with `field_errors` keyed as `list_records`
/// keys them (and `widths`) when the view does not read (nothing kept);
/// `not_configured`; `internal` when the settings file cannot be written.
#[tauri::command]
#[specta::specta]
pub async fn remember_view(
    state: State<'_, AppState>,
    resource: ResourceName,
    view: ListView,
) -> Result<(), UiError> {
    guarded(state.remember_view(resource, view)).await
}

/// Deletes the saved view `name` of `resource` (nothing if there is none).
/// Returns the resource's views as `open_list` sends them (`ListViews`).
///
/// Errors: `not_configured`; `internal` when the settings file cannot be
/// written.
#[tauri::command]
#[specta::specta]
pub async fn delete_view(
    state: State<'_, AppState>,
    resource: ResourceName,
    name: String,
) -> Result<ListViews, UiError> {
    guarded(state.delete_view(resource, name)).await
}

/// The workspace at a glance: supplier and customer invoices per month
/// (the last 13, this computer's time zone) and operation status, those in
/// error or draft, tasks overdue, due this week and done this month, leads
/// by status and month. Each resource's part says where its figures come
/// from: every saved record of a list made available offline (exact, with
/// sums), the service's counts (`take=1` requests, at most 26 in all, no
/// sums; never the key's last 10 %), or why none (working offline and not
/// saved, the key's reserve, the service's failure as a UI error). Each
/// figure carries the conditions of the list behind it (`opens`, for
/// `open_list`). Remembered as the section shown last. A part whose
/// amounts `overview_amounts` added up this session shows them (with
/// their time) in place of the counts, unless `refresh` (the Refresh
/// button), which asks again.
///
/// Errors: `not_configured`; a part's failure is inside the answer.
#[tauri::command]
#[specta::specta]
pub async fn overview(
    state: State<'_, AppState>,
    refresh: bool,
) -> Result<Overview<UiError>, UiError> {
    guarded(state.overview(refresh)).await
}

/// The overview's part of `resource` (supplier or customer invoices) with
/// every figure and its exact sum, from the service's records: those of
/// the 13 months read and those in error or provisional, walked 200 a page
/// (as many requests as the overview's `amounts` said), sending
/// [`Progress`] (phase `summing`) on `progress` after every page and pause;
/// it pauses before the last 10 % of the key's budget and goes on after
/// the reset. `cancel_download` with the same resource stops it.
///
/// Errors: `cancelled`; `offline` ("Work offline" is on); `invalid_input`
/// when a download of that list is already running, or for a resource
/// without amounts; the errors of `list_records`.
#[tauri::command]
#[specta::specta]
pub async fn overview_amounts(
    state: State<'_, AppState>,
    resource: ResourceName,
    progress: Channel<Progress>,
) -> Result<Part<UiError>, UiError> {
    guarded(state.overview_amounts(resource, |step| {
        crate::send(&progress, step.clone(), "overview amounts");
    }))
    .await
}

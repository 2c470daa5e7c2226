//! What the commands for the service's single-record operations do
//! (`docs/service.md`, "Endpoints"): create a task, read and patch a lead,
//! create, read and delete a stakeholder, read a customer. None is retried
//! once it may have reached the service; an outcome that is unknown (a
//! timeout or broken connection after sending, a gateway's 502 or 504, an
//! unreadable 2xx) is `unknown_outcome`, so the UI can offer to check.
//! Each write updates what it touches in the offline cache (the record
//! created or changed is saved, a deleted one goes from its pages).
//!
//! **While the service cannot be reached** a write is kept in the outbox
//! instead ([`Written::Kept`]): when "Work offline" is on, when the last
//! exchange with the service found it unreachable, or when this write
//! could not reach it and the service surely did nothing (no connection,
//! a 503). The outbox's sender sends it later, exactly once
//! ([`crate::outbox`]).

use serde::Serialize;
use workdesk_api::{
    json_record_of, Connection, Lead, LeadPatch, NewStakeholder, NewTask, ResourceName,
    Stakeholder, Task,
};
use workdesk_sync::{Change, Replica};

use crate::error::Error;
use crate::outbox::Written;
use crate::state::AppState;
use crate::ui_error::UiError;

/// Whether a write goes to the outbox without trying the service:
/// "Work offline" is on, or the last exchange found it unreachable.
fn keeps_at_once(replica: &Replica) -> bool {
    replica.working_offline() || replica.client().connection() == Connection::Offline
}

/// Whether a write that failed with `err` is kept in the outbox: the
/// service was not reached (or said it did nothing: a 503) and the change
/// surely was not applied.
fn kept_after(err: &workdesk_api::Error) -> bool {
    err.connection() == Some(Connection::Offline) && !err.outcome_unknown()
}

impl AppState {
    /// `POST /task/task/`: creates `task` and returns it as created, or
    /// keeps it in the outbox while the service cannot be reached.
    ///
    /// # Errors
    /// `invalid_input` (the task's bounds, checked before sending or
    /// keeping); the service's 400 by field; `unknown_outcome`; the
    /// service's others.
    pub async fn create_task(&self, task: NewTask) -> Result<Written<Task>, UiError> {
        let change = Change::CreateTask { task: task.clone() };
        self.create(ResourceName::Task, "task", change, async |client| {
            client.create_task(&task).await
        })
        .await
    }

    /// `POST /stakeholder/stakeholder/`: creates `stakeholder`; returns it,
    /// or keeps it in the outbox while the service cannot be reached.
    ///
    /// # Errors
    /// As [`AppState::create_task`].
    pub async fn create_stakeholder(
        &self,
        stakeholder: NewStakeholder,
    ) -> Result<Written<Stakeholder>, UiError> {
        let change = Change::CreateStakeholder {
            stakeholder: stakeholder.clone(),
        };
        self.create(
            ResourceName::Stakeholder,
            "stakeholder",
            change,
            async |client| client.create_stakeholder(&stakeholder).await,
        )
        .await
    }

    /// A record created on the service with `send` (`what` names it in the
    /// log and the errors: `task`), saved as a new record of `resource`;
    /// or `change` kept in the outbox.
    async fn create<T: Serialize>(
        &self,
        resource: ResourceName,
        what: &str,
        change: Change,
        send: impl AsyncFnOnce(&workdesk_api::Client) -> workdesk_api::Result<T>,
    ) -> Result<Written<T>, UiError> {
        let workspace = self.workspace().await?;
        let replica = &workspace.replica;
        if keeps_at_once(replica) {
            return self.keep_change(replica, &change).await;
        }
        let result = send(replica.client()).await;
        log_write(&format!("POST {what}"), &result);
        match result {
            Ok(made) => {
                if let Some(record) = json_record_of(&made) {
                    replica.created(resource, record);
                }
                Ok(Written::Sent { record: made })
            }
            Err(err) if kept_after(&err) => self.keep_change(replica, &change).await,
            Err(err) => Err(Error::write(err, what).into()),
        }
    }

    /// `GET /crm/lead/{id}/` (assumed): the lead with its current values.
    ///
    /// # Errors
    /// `invalid_input` (`id`), `not_found`, the errors of reads.
    pub async fn get_lead(&self, id: String) -> Result<Lead, UiError> {
        self.fetch_one(ResourceName::Lead, "lead", async |client| {
            client.get_lead(&id).await
        })
        .await
    }

    /// One record read straight from the service with `fetch` (`what`
    /// names it in a 404: `lead`), saved as the newest copy of
    /// `resource`'s record; dropped if the workspace on screen changed
    /// meanwhile.
    async fn fetch_one<T: Serialize>(
        &self,
        resource: ResourceName,
        what: &str,
        fetch: impl AsyncFnOnce(&workdesk_api::Client) -> workdesk_api::Result<T>,
    ) -> Result<T, UiError> {
        let workspace = self.workspace().await?;
        let client = workspace.replica.service().map_err(Error::from)?;
        let record = fetch(client).await.map_err(|e| Error::record(e, what))?;
        if let Some(json) = json_record_of(&record) {
            workspace.replica.changed(resource, json);
        }
        self.check_shown(&workspace)?;
        Ok(record)
    }

    /// `PATCH /crm/lead/{id}/`: sends only the fields present in `patch`
    /// (`null` clears one); returns the updated lead. While the service
    /// cannot be reached the edit is kept in the outbox, based on the
    /// lead's saved copy (the one the form showed): a field changed on the
    /// service meanwhile is a conflict the user settles, never overwritten.
    ///
    /// # Errors
    /// As [`AppState::create_task`], plus `invalid_input` (`id`) and
    /// `not_found`.
    pub async fn patch_lead(&self, id: String, patch: LeadPatch) -> Result<Written<Lead>, UiError> {
        let workspace = self.workspace().await?;
        let replica = &workspace.replica;
        let change = || lead_edit(replica, &id, &patch);
        if keeps_at_once(replica) {
            return self.keep_change(replica, &change()).await;
        }
        let result = replica.client().patch_lead(&id, &patch).await;
        log_write("PATCH lead", &result);
        match result {
            Ok(lead) => {
                if let Some(record) = json_record_of(&lead) {
                    replica.changed(ResourceName::Lead, record);
                }
                Ok(Written::Sent { record: lead })
            }
            Err(err) if kept_after(&err) => self.keep_change(replica, &change()).await,
            Err(err) => Err(Error::write(err, "lead").into()),
        }
    }

    /// `DELETE /stakeholder/stakeholder/{id}/`: gone from the saved
    /// records too (also when it was gone already: a 404). While the
    /// service cannot be reached the deletion is kept in the outbox.
    ///
    /// # Errors
    /// As [`AppState::patch_lead`].
    pub async fn delete_stakeholder(&self, id: String) -> Result<Written<()>, UiError> {
        let workspace = self.workspace().await?;
        let replica = &workspace.replica;
        let change = || Change::DeleteStakeholder {
            id: id.clone(),
            label: replica
                .saved_record(ResourceName::Stakeholder, &id)
                .ok()
                .flatten()
                .and_then(|saved| saved.value.get("name")?.as_str().map(str::to_owned)),
        };
        if keeps_at_once(replica) {
            return self.keep_change(replica, &change()).await;
        }
        let result = replica.client().delete_stakeholder(&id).await;
        log_write("DELETE stakeholder", &result);
        match result {
            // Gone either way: deleted now, or already (404).
            Ok(()) | Err(workdesk_api::Error::NotFound { .. }) => {
                replica.deleted(ResourceName::Stakeholder, &id);
            }
            Err(_) => {}
        }
        match result {
            Ok(()) => Ok(Written::Sent { record: () }),
            Err(err) if kept_after(&err) => self.keep_change(replica, &change()).await,
            Err(err) => Err(Error::write(err, "stakeholder").into()),
        }
    }
}

/// The outbox's change for `patch` of lead `id`: based on the values of
/// the patched fields in the lead's saved copy with the edits still to
/// send laid over it, as the form showed it (a field the copy lacks is
/// unknown, so any other value on the service is a conflict).
fn lead_edit(replica: &Replica, id: &str, patch: &LeadPatch) -> Change {
    let saved = replica
        .pending_record(ResourceName::Lead, id)
        .ok()
        .flatten()
        .unwrap_or_default();
    let based_on = json_record_of(patch)
        .unwrap_or_default()
        .keys()
        .filter_map(|field| Some((field.clone(), saved.get(field)?.clone())))
        .collect();
    Change::PatchLead {
        id: id.to_owned(),
        patch: patch.clone(),
        based_on,
        label: None,
    }
}

fn log_write<T>(what: &str, result: &workdesk_api::Result<T>) {
    match result {
        Ok(_) => log::info!("{what}: done"),
        Err(err) => log::warn!("{what} failed: {}", err.log_summary()),
    }
}

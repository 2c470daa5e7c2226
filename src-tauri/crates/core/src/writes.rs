//! What the commands for the service's single-record operations do
//! (`docs/service.md`, "Endpoints"): create a task, read and patch a lead,
//! create, read and delete a stakeholder, read a customer. None is retried
//! once it may have reached the service; an outcome that is unknown (a
//! timeout or broken connection after sending, a gateway's 502 or 504, an
//! unreadable 2xx) is `unknown_outcome`, so the UI can offer to check.
//! Each write updates what it touches in the offline cache (the record
//! created or changed is saved, a deleted one goes from its pages); while
//! "Work offline" is on nothing is sent (`offline`).

use serde::Serialize;
use workdesk_api::{
    JsonRecord, Lead, LeadPatch, NewStakeholder, NewTask, ResourceName, Stakeholder, Task,
};

use crate::error::Error;
use crate::state::AppState;
use crate::ui_error::UiError;

/// A typed record as the JSON object the cache keeps.
fn as_json(record: &impl Serialize) -> Option<JsonRecord> {
    match serde_json::to_value(record) {
        Ok(serde_json::Value::Object(map)) => Some(map),
        _ => None,
    }
}

impl AppState {
    /// `POST /task/task/`: creates `task` and returns it as created.
    ///
    /// # Errors
    /// The service's 400 by field; `unknown_outcome`; the service's others.
    pub async fn create_task(&self, task: NewTask) -> Result<Task, UiError> {
        self.create(ResourceName::Task, "task", async |client| {
            client.create_task(&task).await
        })
        .await
    }

    /// `POST /stakeholder/stakeholder/`: creates `stakeholder`; returns it.
    ///
    /// # Errors
    /// As [`AppState::create_task`].
    pub async fn create_stakeholder(
        &self,
        stakeholder: NewStakeholder,
    ) -> Result<Stakeholder, UiError> {
        self.create(ResourceName::Stakeholder, "stakeholder", async |client| {
            client.create_stakeholder(&stakeholder).await
        })
        .await
    }

    /// A record created on the service with `send` (`what` names it in the
    /// log and the errors: `task`), saved as a new record of `resource`.
    async fn create<T: Serialize>(
        &self,
        resource: ResourceName,
        what: &str,
        send: impl AsyncFnOnce(&workdesk_api::Client) -> workdesk_api::Result<T>,
    ) -> Result<T, UiError> {
        let workspace = self.workspace().await?;
        let client = workspace.replica.service().map_err(Error::from)?;
        let result = send(client).await;
        log_write(&format!("POST {what}"), &result);
        let made = result.map_err(|e| Error::write(e, what))?;
        if let Some(record) = as_json(&made) {
            workspace.replica.created(resource, record);
        }
        Ok(made)
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
        if let Some(json) = as_json(&record) {
            workspace.replica.changed(resource, json);
        }
        self.check_shown(&workspace)?;
        Ok(record)
    }

    /// `PATCH /crm/lead/{id}/`: sends only the fields present in `patch`
    /// (`null` clears one); returns the updated lead.
    ///
    /// # Errors
    /// As [`AppState::create_task`], plus `invalid_input` (`id`) and
    /// `not_found`.
    pub async fn patch_lead(&self, id: String, patch: LeadPatch) -> Result<Lead, UiError> {
        let workspace = self.workspace().await?;
        let result = workspace
            .replica
            .service()
            .map_err(Error::from)?
            .patch_lead(&id, &patch)
            .await;
        log_write("PATCH lead", &result);
        let lead = result.map_err(|e| Error::write(e, "lead"))?;
        if let Some(record) = as_json(&lead) {
            workspace.replica.changed(ResourceName::Lead, record);
        }
        Ok(lead)
    }

    /// `DELETE /stakeholder/stakeholder/{id}/`: gone from the saved
    /// records too (also when it was gone already: a 404).
    ///
    /// # Errors
    /// As [`AppState::patch_lead`].
    pub async fn delete_stakeholder(&self, id: String) -> Result<(), UiError> {
        let workspace = self.workspace().await?;
        let result = workspace
            .replica
            .service()
            .map_err(Error::from)?
            .delete_stakeholder(&id)
            .await;
        log_write("DELETE stakeholder", &result);
        match result {
            // Gone either way: deleted now, or already (404).
            Ok(()) | Err(workdesk_api::Error::NotFound { .. }) => {
                workspace.replica.deleted(ResourceName::Stakeholder, &id);
            }
            Err(_) => {}
        }
        Ok(result.map_err(|e| Error::write(e, "stakeholder"))?)
    }
}

fn log_write<T>(what: &str, result: &workdesk_api::Result<T>) {
    match result {
        Ok(_) => log::info!("{what}: done"),
        Err(err) => log::warn!("{what} failed: {}", err.log_summary()),
    }
}

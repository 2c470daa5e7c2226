//! The service's operations as methods of [`Client`] (`docs/service.md`,
//! "Endpoints", plus the reads the sandbox assumes): the list of any
//! resource by [`ResourceName`], as a [`ListView`] asks for it, and one
//! record by id, with records as [`JsonRecord`]s; the writes and the lead
//! they edit as typed records.

use reqwest::Method;

use crate::client::Client;
use crate::error::{Error, Result};
use crate::input::{LeadPatch, NewStakeholder, NewTask};
use crate::list::{Page, Take};
use crate::list_view::{CheckedView, FilterSpec, ListView};
use crate::records::json_record::{read_fields, JsonRecord};
use crate::records::{Lead, Resource, Stakeholder, Task};
use crate::resource_name::ResourceName;

impl Client {
    /// One page of `view`'s resource (`GET {path}?{query}`), records as
    /// JSON objects read by the schema's types
    /// ([`read_fields`](crate::records): decimals exact strings, a bad
    /// value `null`, unknown fields kept), each with the view's fields
    /// (`null` when absent) or, without `fields`, every field of its
    /// resource. Sends the checked query as it is: nothing is checked
    /// again.
    ///
    /// # Errors
    /// [`Error::Unauthorized`], [`Error::NotFound`] (a page past the last),
    /// [`Error::Validation`] (its field errors keyed `filters.<index>` for
    /// the condition they name, as [`ListView::check`] keys its own),
    /// [`Error::Forbidden`], [`Error::RateLimited`], [`Error::Server`],
    /// [`Error::Network`], [`Error::Timeout`], [`Error::Decode`] (after the
    /// retries of [`RetryPolicy`](crate::RetryPolicy)).
    pub async fn list_checked(&self, view: &CheckedView) -> Result<Page<JsonRecord>> {
        let schema = view.resource().schema();
        let mut url = self.url(schema.path);
        let query = view.to_query_string();
        if !query.is_empty() {
            url.set_query(Some(&query));
        }
        let mut page: Page<JsonRecord> = self
            .send(Method::GET, &url, None, |answer| answer.data())
            .await
            .map_err(|err| view.key_problems(err))?;
        let only = view.query().fields.as_deref();
        for record in &mut page.results {
            read_fields(schema, record, only);
        }
        Ok(page)
    }

    /// One page of `resource` as `view` asks for it: [`ListView::check`],
    /// then [`Client::list_checked`].
    ///
    /// # Errors
    /// [`Error::InvalidQuery`] keyed as [`ListView::check`] keys its
    /// problems, before anything is sent; then those of
    /// [`Client::list_checked`].
    pub async fn list_view(
        &self,
        resource: ResourceName,
        view: &ListView,
    ) -> Result<Page<JsonRecord>> {
        let checked = view.check(resource).map_err(Error::InvalidQuery)?;
        self.list_checked(&checked).await
    }

    /// One record of `resource` with every field, by id, read as
    /// [`Client::list_checked`] reads them: a customer through
    /// `GET /stakeholder/customer/{id}/`, any other through its list with
    /// `id__exact=<id>` (`take=1`), which every list endpoint filters on.
    ///
    /// # Errors
    /// [`Error::InvalidId`] before sending; [`Error::NotFound`] when no
    /// record has the id; the errors of [`Client::list_checked`].
    pub async fn get_record(&self, resource: ResourceName, id: &str) -> Result<JsonRecord> {
        let id = uuid::Uuid::try_parse(id.trim())
            .map_err(|_| Error::InvalidId(id.to_owned()))?
            .hyphenated()
            .to_string();
        let schema = resource.schema();
        if resource == ResourceName::Customer {
            let mut record: JsonRecord = self.get_one(schema.path, &id).await?;
            read_fields(schema, &mut record, None);
            return Ok(record);
        }
        let view = ListView {
            take: Take::Count(1),
            filters: vec![FilterSpec {
                or: false,
                not: false,
                field: "id".to_owned(),
                operator: workdesk_query::Operator::Exact,
                values: vec![id.clone()],
            }],
            ..ListView::default()
        };
        let page = self.list_view(resource, &view).await?;
        page.results
            .into_iter()
            .next()
            .ok_or_else(|| Error::NotFound {
                message: format!("No {} has the id {id}.", resource.label()),
            })
    }

    /// `GET /crm/lead/{id}/` (assumed): one lead.
    ///
    /// # Errors
    /// [`Error::InvalidId`] before sending, [`Error::NotFound`], and those
    /// of [`Client::list_checked`].
    pub async fn get_lead(&self, id: &str) -> Result<Lead> {
        self.get_one(Lead::schema().path, id).await
    }

    /// `POST /task/task/`: creates a task; returns it as created (any 2xx
    /// with an envelope). Never retried once it may have been sent.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] before sending, for a task outside the
    /// service's bounds ([`NewTask::check`]); [`Error::Validation`]
    /// (400/422, field → messages), and
    /// [`Error::Timeout`] / [`Error::Network`] with `may_have_applied`
    /// when the task may or may not have been created; the other errors
    /// of [`Client::list_checked`].
    pub async fn create_task(&self, task: &NewTask) -> Result<Task> {
        task.check().map_err(Error::InvalidInput)?;
        let payload = self.payload(task)?;
        let url = self.url(Task::schema().path);
        self.send(Method::POST, &url, Some(&payload), |answer| answer.data())
            .await
    }

    /// `PATCH /crm/lead/{id}/`: changes only the fields of `patch` that are
    /// not [`Patch::Keep`](crate::Patch::Keep); returns the updated lead.
    ///
    /// # Errors
    /// [`Error::InvalidId`] before sending, [`Error::NotFound`], and the
    /// errors of [`Client::create_task`].
    pub async fn patch_lead(&self, id: &str, patch: &LeadPatch) -> Result<Lead> {
        let url = self.record_url(Lead::schema().path, id)?;
        let payload = self.payload(patch)?;
        self.send(Method::PATCH, &url, Some(&payload), |answer| answer.data())
            .await
    }

    /// `POST /stakeholder/stakeholder/`: creates a stakeholder; returns it.
    ///
    /// # Errors
    /// As [`Client::create_task`] (a duplicate document is a
    /// [`Error::Validation`] under `non_field_errors`).
    pub async fn create_stakeholder(&self, stakeholder: &NewStakeholder) -> Result<Stakeholder> {
        let payload = self.payload(stakeholder)?;
        let url = self.url(Stakeholder::schema().path);
        self.send(Method::POST, &url, Some(&payload), |answer| answer.data())
            .await
    }

    /// `DELETE /stakeholder/stakeholder/{id}/`. Any 2xx is success: 200
    /// with `data` `{}`, or 204 with an empty body (docs/service.md,
    /// "Tolerance").
    ///
    /// # Errors
    /// [`Error::InvalidId`] before sending, [`Error::NotFound`] (unknown or
    /// already deleted), and the errors of [`Client::create_task`].
    pub async fn delete_stakeholder(&self, id: &str) -> Result<()> {
        let url = self.record_url(Stakeholder::schema().path, id)?;
        self.send(Method::DELETE, &url, None, |answer| answer.done())
            .await
    }

    async fn get_one<T: serde::de::DeserializeOwned>(&self, path: &str, id: &str) -> Result<T> {
        let url = self.record_url(path, id)?;
        self.send(Method::GET, &url, None, |answer| answer.data())
            .await
    }

    /// `{path}{id}/` for a UUID `id` (written in lower case).
    fn record_url(&self, path: &str, id: &str) -> Result<url::Url> {
        let id = uuid::Uuid::try_parse(id.trim()).map_err(|_| Error::InvalidId(id.to_owned()))?;
        Ok(self.url(&format!(
            "{}{}/",
            path.trim_start_matches('/'),
            id.hyphenated()
        )))
    }
}

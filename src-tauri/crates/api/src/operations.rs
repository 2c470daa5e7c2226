//! The service's operations as typed methods of [`Client`]
//! (`docs/service.md`, "Endpoints", plus the reads the sandbox assumes),
//! and the same lists and reads for any resource by [`ResourceName`], as a
//! [`ListView`] asks for them, with records as [`JsonRecord`]s.

use reqwest::Method;
use workdesk_query::Operator;

use crate::client::Client;
use crate::error::{Error, Result};
use crate::input::{LeadPatch, NewStakeholder, NewTask};
use crate::list::{Page, Take};
use crate::list_request::ListRequest;
use crate::list_view::{key_by_condition, ListView};
use crate::records::json_record::{to_json, JsonRecord};
use crate::records::{
    Customer, CustomerInvoice, Lead, Product, Resource, SalesQuote, Stakeholder, SupplierInvoice,
    Task,
};
use crate::resource_name::{with_record_type, ResourceName};

/// Path of the customer endpoints (`GET /stakeholder/customer/{id}/`).
const CUSTOMER_PATH: &str = "stakeholder/customer/";

impl Client {
    /// One page of any resource's list (`GET {schema.path}?{query}`), after
    /// [`ListRequest::validate`]. The `list_*` methods are this for one type.
    ///
    /// # Errors
    /// [`Error::InvalidQuery`] before sending; then [`Error::Unauthorized`],
    /// [`Error::NotFound`] (a page past the last), [`Error::Validation`],
    /// [`Error::RateLimited`], [`Error::Server`], [`Error::Network`],
    /// [`Error::Timeout`], [`Error::Decode`] (after the retries of
    /// [`RetryPolicy`](crate::RetryPolicy)).
    pub async fn list<T: Resource>(&self, request: &ListRequest<T>) -> Result<Page<T>> {
        request.validate()?;
        let mut url = self.url(T::schema().path);
        let query = request.to_query_string();
        if !query.is_empty() {
            url.set_query(Some(&query));
        }
        self.get_page(&url).await
    }

    /// `GET url` of a list page (a first page or a `next` link).
    pub(crate) async fn get_page<T: Resource>(&self, url: &url::Url) -> Result<Page<T>> {
        self.send(Method::GET, url, None, |answer| answer.data())
            .await
    }

    /// `GET /account_payable/invoice/`: a page of supplier invoices.
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_supplier_invoices(
        &self,
        request: &ListRequest<SupplierInvoice>,
    ) -> Result<Page<SupplierInvoice>> {
        self.list(request).await
    }

    /// `GET /account_receivable/invoice/`: a page of customer invoices.
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_customer_invoices(
        &self,
        request: &ListRequest<CustomerInvoice>,
    ) -> Result<Page<CustomerInvoice>> {
        self.list(request).await
    }

    /// `GET /order/sales_quote/`: a page of sales quotes (fields assumed).
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_sales_quotes(
        &self,
        request: &ListRequest<SalesQuote>,
    ) -> Result<Page<SalesQuote>> {
        self.list(request).await
    }

    /// `GET /inventory/product/`: a page of products (fields assumed).
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_products(&self, request: &ListRequest<Product>) -> Result<Page<Product>> {
        self.list(request).await
    }

    /// `GET /task/task/` (assumed): a page of tasks.
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_tasks(&self, request: &ListRequest<Task>) -> Result<Page<Task>> {
        self.list(request).await
    }

    /// `GET /crm/lead/` (assumed): a page of leads.
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_leads(&self, request: &ListRequest<Lead>) -> Result<Page<Lead>> {
        self.list(request).await
    }

    /// `GET /stakeholder/stakeholder/` (assumed): a page of stakeholders.
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_stakeholders(
        &self,
        request: &ListRequest<Stakeholder>,
    ) -> Result<Page<Stakeholder>> {
        self.list(request).await
    }

    /// `GET /stakeholder/customer/` (assumed): a page of customers.
    ///
    /// # Errors
    /// As [`Client::list`].
    pub async fn list_customers(&self, request: &ListRequest<Customer>) -> Result<Page<Customer>> {
        self.list(request).await
    }

    /// One page of `resource` as `view` asks for it, records as JSON
    /// objects (read through the typed records, so decimals stay exact
    /// strings and unknown fields are kept).
    ///
    /// # Errors
    /// [`Error::InvalidQuery`] keyed as [`ListView::request`] before
    /// anything is sent; then the errors of [`Client::list`].
    pub async fn list_view(
        &self,
        resource: ResourceName,
        view: &ListView,
    ) -> Result<Page<JsonRecord>> {
        with_record_type!(resource, T => {
            let request = view.request::<T>().map_err(Error::InvalidQuery)?;
            let page = self.list(&request).await.map_err(|err| {
                let parameters: Vec<String> =
                    request.query().filters.iter().map(|c| c.parameter()).collect();
                key_by_condition(err, &parameters)
            })?;
            Ok(Page {
                count: page.count,
                next: page.next,
                previous: page.previous,
                results: page.results.iter().map(to_json).collect::<Result<_>>()?,
            })
        })
    }

    /// One record of `resource` with every field, by id: a customer through
    /// `GET /stakeholder/customer/{id}/`, any other through its list with
    /// `id=<id>` (`take=1`), which every list endpoint filters on.
    ///
    /// # Errors
    /// [`Error::InvalidId`] before sending; [`Error::NotFound`] when no
    /// record has that id (or it is another workspace's); the errors of
    /// [`Client::list`].
    pub async fn get_record(&self, resource: ResourceName, id: &str) -> Result<JsonRecord> {
        let id = uuid::Uuid::try_parse(id.trim())
            .map_err(|_| Error::InvalidId(id.to_owned()))?
            .hyphenated()
            .to_string();
        if resource == ResourceName::Customer {
            return to_json(&self.get_customer(&id).await?);
        }
        with_record_type!(resource, T => {
            let request = ListRequest::<T>::new()
                .take(Take::Count(1))
                .filter("id", Operator::Exact, id.as_str());
            let page = self.list(&request).await?;
            match page.results.first() {
                Some(record) => to_json(record),
                None => Err(Error::NotFound {
                    message: format!("No {} has the id {id}.", resource.as_str().replace('_', " ")),
                }),
            }
        })
    }

    /// `GET /stakeholder/customer/{id}/`: one customer.
    ///
    /// # Errors
    /// [`Error::InvalidId`] before sending; [`Error::NotFound`] for an
    /// unknown id (or another workspace's); the other errors of reads.
    pub async fn get_customer(&self, id: &str) -> Result<Customer> {
        self.get_one(CUSTOMER_PATH, id).await
    }

    /// `GET /crm/lead/{id}/` (assumed): one lead.
    ///
    /// # Errors
    /// As [`Client::get_customer`].
    pub async fn get_lead(&self, id: &str) -> Result<Lead> {
        self.get_one(Lead::schema().path, id).await
    }

    /// `GET /task/task/{id}/` (assumed): one task.
    ///
    /// # Errors
    /// As [`Client::get_customer`].
    pub async fn get_task(&self, id: &str) -> Result<Task> {
        self.get_one(Task::schema().path, id).await
    }

    /// `GET /stakeholder/stakeholder/{id}/` (assumed): one stakeholder.
    ///
    /// # Errors
    /// As [`Client::get_customer`].
    pub async fn get_stakeholder(&self, id: &str) -> Result<Stakeholder> {
        self.get_one(Stakeholder::schema().path, id).await
    }

    /// `POST /task/task/`: creates a task; returns it as created (any 2xx
    /// with an envelope). Never retried once it may have been sent.
    ///
    /// # Errors
    /// [`Error::Validation`] (400/422, field → messages), and
    /// [`Error::Timeout`] / [`Error::Network`] with `may_have_applied`
    /// when the task may or may not have been created; the other errors
    /// of [`Client::list`].
    pub async fn create_task(&self, task: &NewTask) -> Result<Task> {
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

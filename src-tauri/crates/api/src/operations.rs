//! The service's operations as typed methods of [`Client`]
//! (`docs/service.md`, "Endpoints", plus the reads the sandbox assumes).

use reqwest::Method;

use crate::{
    Client, Customer, CustomerInvoice, Error, Lead, LeadPatch, ListRequest, NewStakeholder,
    NewTask, Page, Product, Resource, Result, SalesQuote, Stakeholder, SupplierInvoice, Task,
};

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

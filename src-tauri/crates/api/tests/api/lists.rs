//! Every list endpoint and the query builder against the sandbox.

use std::time::Duration;

use chrono::Utc;
use workdesk_api::{
    Error, ListRequest, OperationStatus, Operator, Order, Product, SalesQuote, SupplierInvoice,
    Take, Task,
};
use workdesk_sandbox::{Config, RateLimit};

use crate::common::Sandbox;

#[tokio::test]
async fn every_list_operation_returns_typed_records() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let first = |ids: Vec<Option<String>>| {
        assert_eq!(ids.len(), 20);
        assert!(ids.iter().all(Option::is_some));
    };
    let page = client
        .list_supplier_invoices(&ListRequest::new())
        .await
        .unwrap();
    first(page.results.iter().map(|r| r.id.clone()).collect());
    let page = client
        .list_customer_invoices(&ListRequest::new())
        .await
        .unwrap();
    assert!(page
        .results
        .iter()
        .all(|r| r.total.is_some() && r.invoice_status.is_some()));
    first(page.results.into_iter().map(|r| r.id).collect());
    let page = client.list_sales_quotes(&ListRequest::new()).await.unwrap();
    assert_eq!(page.count, 420);
    first(page.results.into_iter().map(|r| r.id).collect());
    let page = client.list_products(&ListRequest::new()).await.unwrap();
    assert_eq!(page.count, 150);
    assert!(page
        .results
        .iter()
        .all(|r| r.unit_price.is_some() && r.code.is_some()));
    first(page.results.into_iter().map(|r| r.id).collect());
    let page = client.list_tasks(&ListRequest::new()).await.unwrap();
    assert_eq!(page.count, 120);
    first(page.results.into_iter().map(|r| r.id).collect());
    let page = client.list_leads(&ListRequest::new()).await.unwrap();
    assert_eq!(page.count, 80);
    first(page.results.into_iter().map(|r| r.id).collect());
    let page = client.list_stakeholders(&ListRequest::new()).await.unwrap();
    assert_eq!(page.count, 180);
    first(page.results.into_iter().map(|r| r.id).collect());
    let page = client.list_customers(&ListRequest::new()).await.unwrap();
    assert_eq!(page.count, 60);
    assert!(page.results.iter().all(|r| r.credit_limit.is_some()));
    first(page.results.into_iter().map(|r| r.id).collect());
    // The sandbox serves exactly the schema's fields: nothing lands in `extra`.
    let quotes: ListRequest<SalesQuote> = ListRequest::new().take(Take::All);
    assert!(client
        .list(&quotes)
        .await
        .unwrap()
        .results
        .iter()
        .all(|r| r.extra.is_empty()));
    let products: ListRequest<Product> = ListRequest::new();
    assert!(client
        .list(&products)
        .await
        .unwrap()
        .results
        .iter()
        .all(|r| r.extra.is_empty()));
}

#[tokio::test]
async fn pages_have_a_count_links_and_the_requested_size() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let first = client
        .list_supplier_invoices(&ListRequest::new())
        .await
        .unwrap();
    assert_eq!(first.count, 2437);
    assert!(first.previous.is_none());
    assert!(first.next.as_deref().unwrap().contains("page=2"));
    let middle = client
        .list_supplier_invoices(&ListRequest::new().page(3).take(Take::Count(50)))
        .await
        .unwrap();
    assert_eq!(middle.results.len(), 50);
    assert!(middle.previous.is_some() && middle.next.is_some());
    let all = client
        .list_supplier_invoices(&ListRequest::new().take(Take::All))
        .await
        .unwrap();
    assert_eq!(all.results.len(), 200);
    let last = client
        .list_supplier_invoices(&ListRequest::new().page(13).take(Take::Count(200)))
        .await
        .unwrap();
    assert_eq!(last.results.len(), 2437 - 12 * 200);
    assert!(last.next.is_none());
    let past = client
        .list_supplier_invoices(&ListRequest::new().page(14).take(Take::Count(200)))
        .await
        .unwrap_err();
    assert!(matches!(past, Error::NotFound { .. }), "{past:?}");
}

#[tokio::test]
async fn filters_sort_and_fields_reach_the_service_as_built() {
    let sandbox = Sandbox::start().await;
    let request = ListRequest::<SupplierInvoice>::new()
        .take(Take::All)
        .fields(["id", "total", "operation_status", "supplier"])
        .sort("total", Order::Descending)
        .filter("operation_status", Operator::In, ["PR", "ER"])
        .filter("total", Operator::Range, ("100", "5000.50"))
        .not_filter("supplier__name", Operator::Icontains, "peña");
    let page = sandbox
        .client()
        .list_supplier_invoices(&request)
        .await
        .unwrap();
    assert!(!page.results.is_empty());
    let totals: Vec<_> = page.results.iter().map(|r| r.total.unwrap()).collect();
    assert!(
        totals.windows(2).all(|w| w[0] >= w[1]),
        "sorted by total descending"
    );
    for invoice in &page.results {
        assert!(matches!(
            invoice.operation_status,
            Some(OperationStatus::PR | OperationStatus::ER)
        ));
        let total = invoice.total.unwrap();
        assert!(total >= "100".parse().unwrap() && total <= "5000.50".parse().unwrap());
        assert_eq!(invoice.name, None, "fields not asked for are absent");
        assert_eq!(invoice.issue_date, None);
    }
    let journal = sandbox.journal().await;
    assert_eq!(
        journal[0]["query"],
        "take=all&fields=id,total,operation_status,supplier&sort=-total\
         &operation_status__in=PR,ER&total__range=100,5000.50\
         &not__supplier__name__icontains=pe%C3%B1a"
    );
}

#[tokio::test]
async fn an_invalid_query_is_refused_before_any_request() {
    let sandbox = Sandbox::start().await;
    let request = ListRequest::<Task>::new()
        .take(Take::Count(250))
        .filter("colour", Operator::Exact, "red")
        .filter("status", Operator::In, ["done", "a,b"])
        .filter("priority", Operator::Range, "1");
    let err = sandbox.client().list_tasks(&request).await.unwrap_err();
    let Error::InvalidQuery(errors) = &err else {
        panic!("{err:?}")
    };
    for parameter in ["take", "colour__exact", "status__in", "priority__range"] {
        assert!(errors.get(parameter).is_some(), "{parameter}: {err}");
    }
    assert!(sandbox.journal().await.is_empty(), "nothing was sent");
}

#[tokio::test]
async fn decimals_arrive_exact() {
    let sandbox = Sandbox::start().await;
    let page = sandbox
        .client()
        .list_supplier_invoices(&ListRequest::new().take(Take::All))
        .await
        .unwrap();
    for invoice in &page.results {
        let expected = invoice.subtotal.unwrap()
            - invoice.discount_value.unwrap()
            - invoice.other_discount_value.unwrap()
            + invoice.vat_value_included.unwrap();
        assert_eq!(invoice.total.unwrap(), expected, "{:?}", invoice.name);
        assert!(invoice.issue_date.as_ref().unwrap().to_utc().is_some());
    }
}

#[tokio::test]
async fn every_response_updates_the_rate_limit_state() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    assert_eq!(client.rate_limit(), workdesk_api::RateLimit::default());
    let mut changes = client.subscribe_rate_limit();
    client.list_leads(&ListRequest::new()).await.unwrap();
    assert!(changes.has_changed().unwrap());
    let state = *changes.borrow_and_update();
    assert_eq!((state.limit, state.remaining), (Some(1000), Some(999)));
    let reset = state.reset.unwrap() - Utc::now();
    assert!((3590..=3601).contains(&reset.num_seconds()), "{reset}");
    // A 404 of a recognised key carries the headers too.
    client
        .get_lead("00000000-0000-4000-8000-000000000000")
        .await
        .unwrap_err();
    assert_eq!(client.rate_limit().remaining, Some(998));
    // Clones share the state.
    assert_eq!(client.clone().rate_limit().remaining, Some(998));
}

#[tokio::test]
async fn an_exhausted_budget_is_rate_limited_at_once_with_the_reset_instant() {
    let sandbox = Sandbox::with(Config {
        rate_limit: RateLimit {
            requests: 2,
            window: Duration::from_secs(3600),
        },
        ..Config::default()
    })
    .await;
    let client = sandbox.client();
    for _ in 0..2 {
        client.list_products(&ListRequest::new()).await.unwrap();
    }
    let err = client.list_products(&ListRequest::new()).await.unwrap_err();
    let Error::RateLimited { reset, retry_after } = &err else {
        panic!("{err:?}")
    };
    let wait = retry_after.unwrap();
    assert!(wait > Duration::from_secs(3500), "{wait:?}");
    let until = reset.unwrap() - Utc::now();
    assert!((3500..=3601).contains(&until.num_seconds()), "{until}");
    assert_eq!(client.rate_limit().remaining, Some(0));
    assert_eq!(
        sandbox.statuses().await.len(),
        3,
        "a far reset is not waited for"
    );
}

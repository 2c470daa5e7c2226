//! The page stream against the sandbox.

use std::collections::HashSet;

use futures_util::{StreamExt, TryStreamExt};
use workdesk_api::{Error, ListRequest, Operator, SupplierInvoice, Take, Task};

use crate::common::Sandbox;

#[tokio::test]
async fn the_stream_walks_every_page_once() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let request = ListRequest::<SupplierInvoice>::new()
        .take(Take::Count(200))
        .fields(["id", "total"]);
    let pages: Vec<_> = client.pages(&request).try_collect().await.unwrap();
    assert_eq!(pages.len(), 13, "2,437 invoices in pages of 200");
    let ids: HashSet<String> = pages
        .iter()
        .flat_map(|page| page.results.iter().map(|r| r.id.clone().unwrap()))
        .collect();
    assert_eq!(ids.len(), 2437);
    let journal = sandbox.journal().await;
    assert_eq!(journal.len(), 13);
    assert_eq!(journal[12]["query"], "take=200&fields=id,total&page=13");
}

#[tokio::test]
async fn the_stream_keeps_filters_and_is_lazy() {
    let sandbox = Sandbox::start().await;
    let request =
        ListRequest::<Task>::new()
            .take(Take::Count(7))
            .filter("priority", Operator::Gte, 0i64);
    let stream = sandbox.client().pages(&request);
    assert!(
        sandbox.journal().await.is_empty(),
        "nothing is fetched before polling"
    );
    let mut stream = std::pin::pin!(stream);
    let first = stream.try_next().await.unwrap().unwrap();
    assert_eq!(sandbox.journal().await.len(), 1);
    let mut seen = first.results.len() as u64;
    while let Some(page) = stream.try_next().await.unwrap() {
        assert!(page.results.iter().all(|t| t.priority.unwrap() >= 0));
        seen += page.results.len() as u64;
    }
    assert_eq!(seen, first.count);
}

#[tokio::test]
async fn an_invalid_request_streams_one_error_and_sends_nothing() {
    let sandbox = Sandbox::start().await;
    let request = ListRequest::<Task>::new().page(0);
    let results: Vec<_> = sandbox.client().pages(&request).collect().await;
    assert_eq!(results.len(), 1);
    assert!(matches!(results[0], Err(Error::InvalidQuery(_))));
    assert!(sandbox.journal().await.is_empty());
}

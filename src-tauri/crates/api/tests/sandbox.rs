//! The API client against the sandbox over loopback HTTP.

use workdesk_api::{ApiKey, BaseUrl, Client, Error, ListQuery, Page, SupplierInvoice, Take};

struct Fixture {
    running: workdesk_sandbox::Running,
}

impl Fixture {
    async fn start() -> Self {
        let running = workdesk_sandbox::start(workdesk_sandbox::Config::default())
            .await
            .expect("sandbox starts");
        Self { running }
    }

    fn client_with(&self, key: &str) -> Client {
        Client::new(
            BaseUrl::parse(self.running.base_url()).unwrap(),
            ApiKey::parse(key).unwrap(),
        )
        .unwrap()
    }

    fn client(&self) -> Client {
        self.client_with(&self.running.keys().workspace_a)
    }

    /// One page with workspace A's key; panics on any error.
    async fn list(&self, query: ListQuery) -> Page<SupplierInvoice> {
        self.client().list_supplier_invoices(&query).await.unwrap()
    }
}

fn q(page: u32, take: Take) -> ListQuery {
    ListQuery { page, take }
}

#[tokio::test]
async fn first_page_has_the_default_size_a_count_and_a_next_link() {
    let sandbox = Fixture::start().await;
    let page = sandbox.list(ListQuery::default()).await;
    assert_eq!(page.results.len(), 20);
    assert!(
        page.count > 1000,
        "a few thousand seeded invoices, got {}",
        page.count
    );
    assert!(page.previous.is_none());
    let next = page.next.expect("a next link");
    assert!(next.contains("page=2"), "{next}");
    let first = &page.results[0];
    assert!(first.id.is_some() && first.total.is_some() && first.issue_date.is_some());
}

#[tokio::test]
async fn a_middle_page_links_both_ways_and_holds_other_rows() {
    let sandbox = Fixture::start().await;
    let client = sandbox.client();
    let first = client
        .list_supplier_invoices(&q(1, Take::Count(50)))
        .await
        .unwrap();
    let middle = client
        .list_supplier_invoices(&q(3, Take::Count(50)))
        .await
        .unwrap();
    assert_eq!(middle.results.len(), 50);
    assert_eq!(middle.count, first.count);
    assert!(middle.previous.is_some() && middle.next.is_some());
    let first_ids: Vec<_> = first.results.iter().map(|r| r.id.clone()).collect();
    assert!(middle.results.iter().all(|r| !first_ids.contains(&r.id)));
}

#[tokio::test]
async fn take_all_returns_one_page_of_200() {
    let sandbox = Fixture::start().await;
    let page = sandbox.list(q(1, Take::All)).await;
    assert_eq!(page.results.len(), 200);
}

#[tokio::test]
async fn the_last_page_has_no_next_link_and_the_rest_of_the_rows() {
    let sandbox = Fixture::start().await;
    let client = sandbox.client();
    let count = client
        .list_supplier_invoices(&q(1, Take::Count(1)))
        .await
        .unwrap()
        .count;
    let take = 200u64;
    let last_page = count.div_ceil(take) as u32;
    let last = client
        .list_supplier_invoices(&q(last_page, Take::Count(200)))
        .await
        .unwrap();
    assert!(last.next.is_none());
    assert!(last.previous.is_some());
    let expected = (count - (u64::from(last_page) - 1) * take) as usize;
    assert_eq!(last.results.len(), expected);
}

#[tokio::test]
async fn a_page_past_the_last_is_not_found() {
    let sandbox = Fixture::start().await;
    let err = sandbox
        .client()
        .list_supplier_invoices(&q(100_000, Take::Count(20)))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
}

#[tokio::test]
async fn a_bad_key_is_unauthorized() {
    let sandbox = Fixture::start().await;
    let wrong = format!("service_{}", "x".repeat(40));
    let err = sandbox
        .client_with(&wrong)
        .list_supplier_invoices(&ListQuery::default())
        .await
        .unwrap_err();
    assert!(
        matches!(err, Error::Unauthorized { ref message } if !message.is_empty()),
        "{err:?}"
    );
    let err = sandbox
        .client_with(&sandbox.running.keys().expired)
        .list_supplier_invoices(&ListQuery::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Unauthorized { .. }), "{err:?}");
}

#[tokio::test]
async fn decimals_arrive_exact() {
    let sandbox = Fixture::start().await;
    let page = sandbox.list(q(1, Take::All)).await;
    for invoice in &page.results {
        let total = invoice.total.unwrap();
        let expected = invoice.subtotal.unwrap()
            - invoice.discount_value.unwrap()
            - invoice.other_discount_value.unwrap()
            + invoice.vat_value_included.unwrap();
        assert_eq!(total, expected, "{:?}", invoice.name);
    }
}

#[tokio::test]
async fn nothing_answers_where_no_server_listens() {
    // Bind a port, then free it, so nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let client = Client::new(
        BaseUrl::parse(&format!("http://127.0.0.1:{port}")).unwrap(),
        ApiKey::parse(&format!("service_{}", "x".repeat(40))).unwrap(),
    )
    .unwrap();
    let err = client
        .list_supplier_invoices(&ListQuery::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Network(_)), "{err:?}");
}

#[test]
fn the_client_debug_output_hides_the_key() {
    let secret = format!("service_{}", "s3cr3t".repeat(7));
    let client = Client::new(
        BaseUrl::parse("https://api.example.com").unwrap(),
        ApiKey::parse(&secret).unwrap(),
    )
    .unwrap();
    let shown = format!("{client:?}");
    assert!(!shown.contains("s3cr3t"), "{shown}");
}

#[tokio::test]
async fn records_of_a_fields_selection_still_parse() {
    let sandbox = Fixture::start().await;
    let url = format!(
        "{}/account_payable/invoice/?fields=id,name,total",
        sandbox.running.base_url()
    );
    let body = reqwest::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
        .get(url)
        .bearer_auth(&sandbox.running.keys().workspace_a)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let envelope: workdesk_api::Envelope<Page<SupplierInvoice>> =
        serde_json::from_slice(&body).unwrap();
    let first = &envelope.data.unwrap().results[0];
    assert!(first.id.is_some() && first.name.is_some() && first.total.is_some());
    assert_eq!(first.subtotal, None, "fields not asked for are absent");
    assert_eq!(first.issue_date, None);
}

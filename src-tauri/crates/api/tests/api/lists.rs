//! Every list endpoint and the list view against the sandbox, and the
//! rules a view is checked by before anything is sent.

use std::collections::{BTreeSet, HashSet};
use std::time::Duration;

use chrono::Utc;
use serde_json::Value;
use workdesk_api::{
    Error, ListView, Operator, ResourceName, SortSpec, Take, Timestamp, ValidationErrors,
};
use workdesk_sandbox::{Config, RateLimit};

use crate::common::{decimal, filter, page_of, view_where, Sandbox};

/// The names of `resource`'s fields.
fn schema_fields(resource: ResourceName) -> BTreeSet<&'static str> {
    resource.schema().fields.iter().map(|f| f.name).collect()
}

fn keys(record: &workdesk_api::JsonRecord) -> BTreeSet<&str> {
    record.keys().map(String::as_str).collect()
}

#[tokio::test]
async fn every_list_returns_records_with_every_field_of_their_schema() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    for resource in ResourceName::ALL {
        let page = client
            .list_view(resource, &ListView::default())
            .await
            .unwrap_or_else(|e| panic!("{resource:?}: {e:?}"));
        assert_eq!(page.results.len(), 20, "{resource:?}");
        let expected = match resource {
            ResourceName::SupplierInvoice => Some(2437),
            ResourceName::SalesQuote => Some(420),
            ResourceName::Product => Some(150),
            ResourceName::Task => Some(120),
            ResourceName::Lead => Some(80),
            ResourceName::Stakeholder => Some(180),
            ResourceName::Customer => Some(60),
            ResourceName::CustomerInvoice => None,
        };
        if let Some(count) = expected {
            assert_eq!(page.count, count, "{resource:?}");
        }
        for record in &page.results {
            let id = record["id"]
                .as_str()
                .unwrap_or_else(|| panic!("{record:?}"));
            uuid::Uuid::try_parse(id).unwrap();
            // The sandbox serves exactly the schema's fields: nothing
            // unknown is kept, nothing is missing.
            assert_eq!(keys(record), schema_fields(resource), "{resource:?}");
        }
        // Fields of each type arrive as the UI formats them.
        for record in &page.results {
            match resource {
                ResourceName::CustomerInvoice => {
                    decimal(record, "total");
                    assert!(record["invoice_status"].is_string(), "{record:?}");
                }
                ResourceName::Product => {
                    decimal(record, "unit_price");
                    assert!(record["code"].is_string(), "{record:?}");
                }
                ResourceName::Customer => {
                    decimal(record, "credit_limit");
                    assert!(record["is_active"].is_boolean(), "{record:?}");
                }
                ResourceName::SupplierInvoice => {
                    assert!(record["invoice_number"].is_i64(), "{record:?}");
                }
                _ => {}
            }
        }
    }
    // Whole pages too: 200 of 420 quotes, all 150 products.
    for (resource, rows) in [
        (ResourceName::SalesQuote, 200),
        (ResourceName::Product, 150),
    ] {
        let all = client
            .list_view(resource, &page_of(1, Take::All))
            .await
            .unwrap();
        assert_eq!(all.results.len(), rows, "{resource:?}");
        assert!(
            all.results
                .iter()
                .all(|r| keys(r) == schema_fields(resource)),
            "{resource:?}"
        );
    }
}

#[tokio::test]
async fn pages_have_a_count_links_and_the_requested_size() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let invoices = ResourceName::SupplierInvoice;
    let first = client
        .list_view(invoices, &ListView::default())
        .await
        .unwrap();
    assert_eq!(first.count, 2437);
    assert!(first.previous.is_none());
    assert!(first.next.as_deref().unwrap().contains("page=2"));
    let middle = client
        .list_view(invoices, &page_of(3, Take::Count(50)))
        .await
        .unwrap();
    assert_eq!(middle.results.len(), 50);
    assert!(middle.previous.is_some() && middle.next.is_some());
    let all = client
        .list_view(invoices, &page_of(1, Take::All))
        .await
        .unwrap();
    assert_eq!(all.results.len(), 200);
    let last = client
        .list_view(invoices, &page_of(13, Take::Count(200)))
        .await
        .unwrap();
    assert_eq!(last.results.len(), 2437 - 12 * 200);
    assert!(last.next.is_none());
    let past = client
        .list_view(invoices, &page_of(14, Take::Count(200)))
        .await
        .unwrap_err();
    assert!(matches!(past, Error::NotFound { .. }), "{past:?}");
}

#[tokio::test]
async fn paging_by_number_visits_every_record_once() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let mut ids = HashSet::new();
    let mut pages = 0;
    loop {
        let view = ListView {
            page: pages + 1,
            take: Take::Count(200),
            fields: Some(vec!["total".into(), "id".into()]),
            ..ListView::default()
        };
        let page = client
            .list_view(ResourceName::SupplierInvoice, &view)
            .await
            .unwrap();
        pages += 1;
        for record in &page.results {
            assert_eq!(keys(record), BTreeSet::from(["id", "total"]));
            assert!(
                ids.insert(record["id"].as_str().unwrap().to_owned()),
                "{record:?} seen twice"
            );
        }
        if page.next.is_none() {
            break;
        }
        assert!(pages < 20, "the pages never end");
    }
    assert_eq!(pages, 13, "2,437 invoices in pages of 200");
    assert_eq!(ids.len(), 2437);
    let journal = sandbox.journal().await;
    assert_eq!(journal.len(), 13);
    assert_eq!(journal[12]["query"], "page=13&take=200&fields=id,total");
}

#[tokio::test]
async fn every_page_keeps_the_filters() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let mut seen = 0u64;
    let mut count = None;
    for page in 1.. {
        let view = ListView {
            page,
            take: Take::Count(7),
            ..view_where(vec![filter("priority", Operator::Gte, &["0"])])
        };
        let found = client.list_view(ResourceName::Task, &view).await.unwrap();
        assert!(found
            .results
            .iter()
            .all(|t| t["priority"].as_i64().unwrap() >= 0));
        seen += found.results.len() as u64;
        assert_eq!(*count.get_or_insert(found.count), found.count);
        if found.next.is_none() {
            break;
        }
    }
    let count = count.unwrap();
    assert_eq!(seen, count);
    assert!(
        count > 7 && count < 120,
        "the filter leaves some out: {count}"
    );
}

#[tokio::test]
async fn filters_sort_and_fields_reach_the_service_as_built() {
    let sandbox = Sandbox::start().await;
    let mut not_pena = filter("supplier__name", Operator::Icontains, &["peña"]);
    not_pena.not = true;
    let view = ListView {
        take: Take::All,
        fields: Some(vec![
            "id".into(),
            "total".into(),
            "operation_status".into(),
            "supplier".into(),
        ]),
        sort: vec![SortSpec {
            field: "total".into(),
            descending: true,
        }],
        filters: vec![
            filter("operation_status", Operator::In, &["PR", "ER"]),
            filter("total", Operator::Range, &["100", "5000.50"]),
            not_pena,
        ],
        ..ListView::default()
    };
    let page = sandbox
        .client()
        .list_view(ResourceName::SupplierInvoice, &view)
        .await
        .unwrap();
    assert!(!page.results.is_empty());
    let totals: Vec<_> = page.results.iter().map(|r| decimal(r, "total")).collect();
    assert!(
        totals.windows(2).all(|w| w[0] >= w[1]),
        "sorted by total descending"
    );
    for invoice in &page.results {
        assert!(
            matches!(invoice["operation_status"].as_str(), Some("PR" | "ER")),
            "{invoice:?}"
        );
        let total = decimal(invoice, "total");
        assert!(total >= "100".parse().unwrap() && total <= "5000.50".parse().unwrap());
        assert_eq!(
            keys(invoice),
            BTreeSet::from(["id", "total", "operation_status", "supplier"]),
            "fields not asked for are absent"
        );
        assert!(invoice["supplier"].is_string(), "{invoice:?}");
    }
    let journal = sandbox.journal().await;
    assert_eq!(
        journal[0]["query"],
        "page=1&take=all&fields=id,operation_status,total,supplier&sort=-total\
         &operation_status__in=PR,ER&total__range=100,5000.50\
         &not__supplier__name__icontains=pe%C3%B1a"
    );
}

/// The problems of `view` over `resource`, as a list of keys and codes.
fn problems(view: &ListView, resource: ResourceName) -> ValidationErrors {
    view.check(resource).map(|_| ()).unwrap_err()
}

fn code<'a>(errors: &'a ValidationErrors, key: &str) -> Option<&'a str> {
    errors
        .reasons()
        .find(|(k, _)| *k == key)
        .and_then(|(_, reason)| reason.code().map(|c| c.name))
}

#[tokio::test]
async fn an_invalid_query_is_refused_before_any_request() {
    let sandbox = Sandbox::start().await;
    let view = ListView {
        page: 0,
        take: Take::Count(250),
        filters: vec![
            filter("colour", Operator::Exact, &["red"]),
            filter("status", Operator::In, &["done", "a,b"]),
            filter("priority", Operator::Range, &["1"]),
            filter("title", Operator::Exact, &[]),
            filter("priority", Operator::Gte, &["1", "2"]),
            filter("custom_fields", Operator::Icontains, &["x"]),
            filter("title", Operator::Icontains, &["fine"]),
            filter("status", Operator::In, &[]),
            filter("priority", Operator::Gte, &["high"]),
        ],
        ..ListView::default()
    };
    let err = sandbox
        .client()
        .list_view(ResourceName::Task, &view)
        .await
        .unwrap_err();
    let Error::InvalidQuery(errors) = &err else {
        panic!("{err:?}")
    };
    for key in [
        "page",
        "take",
        "filters.0",
        "filters.1",
        "filters.2",
        "filters.3",
        "filters.4",
        "filters.5",
        "filters.7",
        "filters.8",
    ] {
        assert!(errors.get(key).is_some(), "{key}: {err}");
    }
    assert!(errors.get("filters.6").is_none(), "a good condition: {err}");
    assert!(
        errors.get("status__in").is_none() && errors.get("colour__exact").is_none(),
        "keyed by the condition's index, not its parameter: {err}"
    );
    assert!(
        errors.get("filters.1").unwrap()[0]
            .code()
            .and_then(|code| code.value("value"))
            == Some("a,b"),
        "the item with a comma is named: {err}"
    );
    assert_eq!(code(errors, "page"), Some("page_from_one"));
    assert_eq!(code(errors, "take"), Some("take_out_of_range"));
    assert_eq!(code(errors, "filters.1"), Some("comma_in_item"));
    assert_eq!(code(errors, "filters.2"), Some("range_ends"));
    assert_eq!(code(errors, "filters.3"), Some("no_value"));
    assert_eq!(code(errors, "filters.4"), Some("no_value"));
    assert_eq!(code(errors, "filters.7"), Some("no_values"));
    // The check the client runs is the view's own.
    assert_eq!(
        problems(&view, ResourceName::Task).to_string(),
        errors.to_string()
    );
    assert!(sandbox.journal().await.is_empty(), "nothing was sent");
    // A take of 0 is as out of range as 201; all and 200 are not.
    for (take, refused) in [
        (Take::Count(0), true),
        (Take::Count(201), true),
        (Take::Count(200), false),
        (Take::All, false),
    ] {
        let result = page_of(1, take).check(ResourceName::Task);
        assert_eq!(
            result
                .err()
                .and_then(|e| code(&e, "take").map(str::to_owned)),
            refused.then(|| "take_out_of_range".to_owned()),
            "{take:?}"
        );
    }
}

#[test]
fn views_are_bound_to_their_resource_schema() {
    // `credit_limit` is a customer field, not a supplier invoice field.
    let view = view_where(vec![filter("credit_limit", Operator::Gte, &["100"])]);
    assert!(view.check(ResourceName::Customer).is_ok());
    let errors = problems(&view, ResourceName::SupplierInvoice);
    assert!(errors.get("filters.0").is_some(), "{errors}");
    // Unknown fields and sort keys, unknown codes, values of another type.
    let view = ListView {
        fields: Some(vec!["id".into(), "colour".into()]),
        sort: vec![SortSpec {
            field: "weight".into(),
            descending: false,
        }],
        filters: vec![
            filter("total", Operator::Gte, &["lots"]),
            filter("operation_status", Operator::Exact, &["XX"]),
            filter("operation_status", Operator::Exact, &["PR"]),
            filter("issue_date", Operator::Lt, &["soon"]),
        ],
        ..ListView::default()
    };
    let errors = problems(&view, ResourceName::SupplierInvoice);
    for key in ["fields", "sort", "filters.0", "filters.1", "filters.3"] {
        assert!(errors.get(key).is_some(), "{key}: {errors}");
    }
    assert!(errors.get("filters.2").is_none(), "{errors}");
}

#[test]
fn every_operator_related_paths_and_prefixes_encode_canonically() {
    let mut or_not = filter("cost_center", Operator::Isnull, &["true"]);
    or_not.or = true;
    or_not.not = true;
    let view = ListView {
        take: Take::All,
        sort: vec![
            SortSpec {
                field: "supplier__name".into(),
                descending: false,
            },
            SortSpec {
                field: "issue_date".into(),
                descending: true,
            },
        ],
        filters: vec![
            filter("name", Operator::Exact, &["FP-1"]),
            filter("supplier__name", Operator::Iexact, &["peña"]),
            filter("description", Operator::Icontains, &["a b"]),
            filter("document_type", Operator::In, &["INV", " CRN "]),
            filter("total", Operator::Gt, &["10.5"]),
            filter("invoice_number", Operator::Gte, &["3"]),
            filter("issue_date", Operator::Lt, &["2025-01-01T00:00:00+02:00"]),
            filter("operation_number", Operator::Lte, &["9"]),
            filter("prefix", Operator::Startswith, &["FP"]),
            filter("subtotal", Operator::Range, &["10", "20.5"]),
            or_not,
        ],
        ..ListView::default()
    };
    let checked = view.check(ResourceName::SupplierInvoice).unwrap();
    assert_eq!(
        checked.to_query_string(),
        "page=1&take=all&sort=supplier__name,-issue_date&name__exact=FP-1\
         &supplier__name__iexact=pe%C3%B1a&description__icontains=a%20b\
         &document_type__in=INV,CRN&total__gt=10.5&invoice_number__gte=3\
         &issue_date__lt=2025-01-01T00:00:00%2B02:00&operation_number__lte=9\
         &prefix__startswith=FP&subtotal__range=10,20.5\
         &or__not__cost_center__isnull=true"
    );
    assert_eq!(checked.resource(), ResourceName::SupplierInvoice);
    assert_eq!(
        view.list_query(ResourceName::SupplierInvoice)
            .unwrap()
            .to_query_string(),
        checked.to_query_string()
    );
}

#[tokio::test]
async fn decimals_arrive_exact() {
    let sandbox = Sandbox::start().await;
    let query = "page=1&take=all";
    let page = sandbox
        .client()
        .list_view(ResourceName::SupplierInvoice, &page_of(1, Take::All))
        .await
        .unwrap();
    assert_eq!(sandbox.journal().await[0]["query"], query);
    // The same page as the service sent it, read by nobody.
    let sent = sandbox
        .raw(&format!("/account_payable/invoice/?{query}"))
        .await;
    let sent = sent["data"]["results"].as_array().unwrap();
    assert_eq!(sent.len(), page.results.len());
    for (invoice, sent) in page.results.iter().zip(sent) {
        let expected = decimal(invoice, "subtotal")
            - decimal(invoice, "discount_value")
            - decimal(invoice, "other_discount_value")
            + decimal(invoice, "vat_value_included");
        assert_eq!(decimal(invoice, "total"), expected, "{:?}", invoice["name"]);
        for field in ["total", "subtotal", "discount_value", "discount_percentage"] {
            assert!(sent[field].is_string(), "{field}: {sent}");
            assert_eq!(invoice[field], sent[field], "{field}: the exact text sent");
        }
        let issued = invoice["issue_date"].as_str().unwrap();
        assert!(Timestamp::from(issued.to_owned()).to_utc().is_some());
        assert_eq!(invoice["id"], sent["id"]);
    }
    assert!(page.results.iter().all(|r| r["total"] != Value::Null));
}

#[tokio::test]
async fn every_response_updates_the_rate_limit_state() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    assert_eq!(client.rate_limit(), workdesk_api::RateLimit::default());
    let mut changes = client.subscribe_rate_limit();
    client
        .list_view(ResourceName::Lead, &ListView::default())
        .await
        .unwrap();
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
    let first_page = ListView::default();
    let products = || client.list_view(ResourceName::Product, &first_page);
    for _ in 0..2 {
        products().await.unwrap();
    }
    let err = products().await.unwrap_err();
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

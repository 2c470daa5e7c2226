//! What the client does with answers the sandbox never gives but a real
//! service or a proxy might (docs/service.md, "Tolerance"), against
//! a wiremock server on loopback.

use std::time::Duration;

use chrono::{TimeZone, Utc};
use serde_json::{json, Value};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use workdesk_api::{
    Client, ClientConfig, Error, JsonRecord, ListView, Operator, Page, ResourceName, RetryPolicy,
};

use crate::common::{client_for, filter, quick_config, view_where};

const KEY: &str = "service_TolerantClientKey0123456789abcdefXYZ";
const INVOICES: &str = "/account_payable/invoice/";
const STAKEHOLDER: &str = "/stakeholder/stakeholder/7c9e6679-7425-40de-944b-e07fc1f90ae7/";

fn client(server: &MockServer) -> Client {
    client_for(&server.uri(), KEY, quick_config())
}

fn envelope(data: Value) -> Value {
    json!({"message": "", "error": false, "data": data})
}

fn page(next: Option<&str>, results: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(envelope(
        json!({"count": 3, "next": next, "previous": null, "results": results}),
    ))
}

/// The first page of supplier invoices, as `client` reads it.
async fn first_page(client: &Client) -> workdesk_api::Result<Page<JsonRecord>> {
    client
        .list_view(ResourceName::SupplierInvoice, &ListView::default())
        .await
}

/// Serves `template` for the supplier invoice list, expecting `times` requests.
async fn serving(template: ResponseTemplate, times: u64) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(INVOICES))
        .respond_with(template)
        .expect(times)
        .named("GET /account_payable/invoice/")
        .mount(&server)
        .await;
    server
}

/// The error the client makes of `template`'s answer to one list request.
async fn failure(template: ResponseTemplate) -> Error {
    let server = serving(template, 1).await;
    first_page(&client(&server)).await.unwrap_err()
}

#[tokio::test]
async fn deletes_accept_204_and_any_2xx() {
    for template in [
        ResponseTemplate::new(204),
        ResponseTemplate::new(200),
        ResponseTemplate::new(202)
            .set_body_json(json!({"message": "Queued", "error": false, "data": null})),
    ] {
        let server = MockServer::start().await;
        Mock::given(method("DELETE"))
            .and(path(STAKEHOLDER))
            .respond_with(template)
            .expect(1)
            .mount(&server)
            .await;
        client(&server)
            .delete_stakeholder("7C9E6679-7425-40DE-944B-E07FC1F90AE7")
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_captive_portal_page_is_no_successful_delete() {
    let server = MockServer::start().await;
    Mock::given(method("DELETE"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("<html>Log in</html>", "text/html"))
        .expect(1)
        .mount(&server)
        .await;
    let err = client(&server)
        .delete_stakeholder("7c9e6679-7425-40de-944b-e07fc1f90ae7")
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Decode { status: 200, .. }), "{err:?}");
}

/// A second origin that must never be asked anything (the key would go there).
async fn untouched_origin() -> MockServer {
    let elsewhere = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .named("any request to the other origin (must never come)")
        .mount(&elsewhere)
        .await;
    elsewhere
}

#[tokio::test]
async fn a_next_link_is_passed_on_as_sent_and_never_followed() {
    let elsewhere = untouched_origin().await;
    let foreign = format!("{}{INVOICES}?page=2", elsewhere.uri());
    for link in [foreign.as_str(), "?page=2", "//evil.example.com/x/?page=2"] {
        // One request: the page asked for, whatever its `next` says.
        let server = serving(page(Some(link), json!([{"id": "a"}])), 1).await;
        let page = first_page(&client(&server)).await.unwrap();
        assert_eq!(page.next.as_deref(), Some(link));
        assert_eq!(page.results.len(), 1);
        server.verify().await;
    }
    elsewhere.verify().await;
}

#[tokio::test]
async fn the_reset_header_is_read_in_every_format() {
    let reset = Utc.with_ymd_and_hms(2031, 1, 2, 3, 4, 5).unwrap();
    for value in [
        reset.timestamp().to_string(),
        "2031-01-02T03:04:05Z".to_owned(),
        "2031-01-02T05:04:05+02:00".to_owned(),
        "Thu, 02 Jan 2031 03:04:05 GMT".to_owned(),
    ] {
        let server = serving(
            page(None, json!([]))
                .append_header("X-RateLimit-Reset", value.as_str())
                .append_header("X-RateLimit-Limit", "1000")
                .append_header("X-RateLimit-Remaining", "17"),
            1,
        )
        .await;
        let client = client(&server);
        first_page(&client).await.unwrap();
        let state = client.rate_limit();
        assert_eq!(state.reset, Some(reset), "{value}");
        assert_eq!((state.limit, state.remaining), (Some(1000), Some(17)));
    }
    // Seconds until the reset, counted from receipt.
    let server = serving(
        page(None, json!([])).append_header("X-RateLimit-Reset", "90"),
        1,
    )
    .await;
    let client = client(&server);
    first_page(&client).await.unwrap();
    let until = client.rate_limit().reset.unwrap() - Utc::now();
    assert!((88..=90).contains(&until.num_seconds()), "{until}");
}

#[tokio::test]
async fn responses_without_rate_headers_keep_the_last_known_state() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(page(None, json!([])).append_header("X-RateLimit-Remaining", "5"))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(page(None, json!([])))
        .mount(&server)
        .await;
    let client = client(&server);
    for _ in 0..2 {
        first_page(&client).await.unwrap();
    }
    assert_eq!(client.rate_limit().remaining, Some(5));
    assert_eq!(client.rate_limit().limit, None);
}

#[tokio::test]
async fn a_429_with_an_http_date_or_no_retry_after() {
    let at = Utc::now() + chrono::Duration::hours(2);
    let date = httpdate::fmt_http_date(at.into());
    let err = failure(ResponseTemplate::new(429).insert_header("Retry-After", date.as_str())).await;
    let wait = err.retry_in().unwrap();
    assert!(wait > Duration::from_secs(7100), "{wait:?}");
    let err = failure(ResponseTemplate::new(429).insert_header("X-RateLimit-Reset", "3600")).await;
    assert!(
        matches!(
            err,
            Error::RateLimited {
                reset: Some(_),
                retry_after: None
            }
        ),
        "{err:?}"
    );
    // Neither header: retried with backoff like a 503, then returned.
    let server = serving(ResponseTemplate::new(429), 4).await;
    let err = first_page(&client(&server)).await.unwrap_err();
    assert!(
        matches!(
            err,
            Error::RateLimited {
                reset: None,
                retry_after: None
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn validation_errors_of_422_in_any_shape() {
    for (data, field, messages) in [
        (json!({"title": ["Too long."]}), "title", vec!["Too long."]),
        (json!({"title": "Too long."}), "title", vec!["Too long."]),
        (
            json!("Bad request."),
            "non_field_errors",
            vec!["Bad request."],
        ),
        (
            json!(["One.", "Two."]),
            "non_field_errors",
            vec!["One.", "Two."],
        ),
    ] {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(422).set_body_json(
                    json!({"message": "Invalid input.", "error": true, "data": data}),
                ),
            )
            .expect(1)
            .mount(&server)
            .await;
        let err = client(&server)
            .create_task(&workdesk_api::NewTask::titled("x"))
            .await
            .unwrap_err();
        let Error::Validation {
            status: 422,
            message,
            fields,
        } = &err
        else {
            panic!("{err:?}")
        };
        assert_eq!(message, "Invalid input.");
        assert_eq!(fields[field], messages);
    }
    for data in [json!({}), Value::Null] {
        let err = failure(
            ResponseTemplate::new(422)
                .set_body_json(json!({"message": "Invalid.", "error": true, "data": data})),
        )
        .await;
        assert!(
            matches!(&err, Error::Validation { fields, .. } if fields.is_empty()),
            "{err:?}"
        );
    }
}

#[tokio::test]
async fn the_service_s_reasons_are_keyed_by_the_condition_they_name() {
    let body = json!({"message": "Invalid filters.", "error": true, "data": {
        "or__not__total__gte": ["Not a number."],
        "take": ["Too many."],
    }});
    let server = serving(ResponseTemplate::new(400).set_body_json(body), 1).await;
    let mut second = filter("total", Operator::Gte, &["5"]);
    second.or = true;
    second.not = true;
    let view = view_where(vec![filter("name", Operator::Icontains, &["x"]), second]);
    let err = client(&server)
        .list_view(ResourceName::SupplierInvoice, &view)
        .await
        .unwrap_err();
    let Error::Validation {
        status: 400,
        fields,
        ..
    } = &err
    else {
        panic!("{err:?}")
    };
    assert_eq!(fields["filters.1"], ["Not a number."]);
    assert_eq!(fields["take"], ["Too many."]);
    assert!(!fields.contains_key("or__not__total__gte"), "{fields:?}");
}

#[tokio::test]
async fn an_html_502_from_a_proxy_is_retried_then_named() {
    let server = serving(
        ResponseTemplate::new(502)
            .set_body_raw("<html><h1>502 Bad Gateway</h1>nginx</html>", "text/html"),
        4,
    )
    .await;
    let err = first_page(&client(&server)).await.unwrap_err();
    assert!(matches!(err, Error::Server { status: 502, .. }), "{err:?}");
    let text = err.to_string();
    assert!(text.contains("502") && text.contains("text/html"), "{text}");
}

#[tokio::test]
async fn a_body_cut_mid_json_or_not_json_is_a_decode_error() {
    let err = failure(
        ResponseTemplate::new(200)
            .set_body_raw(r#"{"message": "ok", "data": {"cou"#, "application/json"),
    )
    .await;
    assert!(
        matches!(&err, Error::Decode { status: 200, snippet, .. } if snippet.starts_with("{\"message\"")),
        "{err:?}"
    );
    let err = failure(
        ResponseTemplate::new(200).set_body_raw("<html>Sign in to Wi-Fi</html>", "text/html"),
    )
    .await;
    assert!(
        matches!(&err, Error::Decode { status: 200, content_type, .. } if content_type == "text/html"),
        "{err:?}"
    );
}

#[tokio::test]
async fn unknown_fields_are_kept_and_odd_values_do_not_fail_the_page() {
    let server = serving(
        page(
            None,
            json!([{"id": "a", "total": "1.50", "colour": "red", "nested": {"x": [1]},
                    "issue_date": "soon", "invoice_number": "17", "subtotal": "N/A"}]),
        ),
        1,
    )
    .await;
    let page = first_page(&client(&server)).await.unwrap();
    let invoice = &page.results[0];
    assert_eq!(invoice["colour"], "red");
    assert_eq!(invoice["nested"]["x"][0], 1);
    assert_eq!(invoice["total"], "1.50");
    assert_eq!(invoice["issue_date"], "soon", "a date-time is kept as sent");
    assert_eq!(invoice["invoice_number"], 17);
    assert_eq!(invoice["subtotal"], Value::Null);
    assert_eq!(
        invoice["supplier"],
        Value::Null,
        "a field the record lacks is there, null"
    );
}

#[tokio::test]
async fn a_view_s_fields_are_there_even_when_the_service_leaves_them_out() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(INVOICES))
        .and(wiremock::matchers::query_param("fields", "id,name,total"))
        .respond_with(page(
            None,
            json!([{"id": "a", "total": 1.5, "colour": "red"}]),
        ))
        .expect(1)
        .mount(&server)
        .await;
    let view = ListView {
        fields: Some(vec!["total".into(), "id".into(), "name".into()]),
        ..ListView::default()
    };
    let page = client(&server)
        .list_view(ResourceName::SupplierInvoice, &view)
        .await
        .unwrap();
    assert_eq!(
        Value::Object(page.results[0].clone()),
        json!({"id": "a", "total": "1.5", "name": null, "colour": "red"}),
        "the fields asked for (null when left out) and the unknown ones, no other"
    );
}

#[tokio::test]
async fn statuses_map_with_or_without_an_envelope() {
    let err =
        failure(ResponseTemplate::new(404).set_body_raw("<h1>Not Found</h1>", "text/html")).await;
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
    let err = failure(ResponseTemplate::new(401)).await;
    assert!(
        matches!(
            err,
            Error::Unauthorized {
                reason: workdesk_api::UnauthorizedReason::Unknown,
                ..
            }
        ),
        "{err:?}"
    );
    let err =
        failure(ResponseTemplate::new(401).set_body_json(json!({"detail": "Missing API key."})))
            .await;
    assert!(
        matches!(
            err,
            Error::Unauthorized {
                reason: workdesk_api::UnauthorizedReason::Missing,
                ..
            }
        ),
        "{err:?}"
    );
    let err = failure(
        ResponseTemplate::new(403)
            .set_body_json(json!({"message": "No access", "error": true, "data": null})),
    )
    .await;
    assert!(
        matches!(err, Error::Forbidden { ref message } if message == "No access"),
        "{err:?}"
    );
    let err = failure(ResponseTemplate::new(403)).await;
    assert!(matches!(err, Error::Forbidden { .. }), "{err:?}");
    let err = failure(ResponseTemplate::new(403).set_body_json(json!({"detail": "Nope"}))).await;
    assert!(matches!(err, Error::Forbidden { .. }), "{err:?}");
    // A proxy's or firewall's page is not the service refusing the key's
    // member: it is named as what it is.
    let err = failure(
        ResponseTemplate::new(403)
            .set_body_raw("<html>Access denied by policy</html>", "text/html"),
    )
    .await;
    assert!(
        matches!(err, Error::Decode { status: 403, ref content_type, .. } if content_type.contains("text/html")),
        "{err:?}"
    );
    let err =
        failure(ResponseTemplate::new(400).set_body_raw("<html>Bad Request</html>", "text/html"))
            .await;
    assert!(matches!(err, Error::Decode { status: 400, .. }), "{err:?}");
}

#[tokio::test]
async fn a_key_echoed_by_the_service_is_masked() {
    let body =
        json!({"message": format!("Unknown key {KEY}"), "error": true, "data": {"key": [KEY]}});
    let err = failure(ResponseTemplate::new(400).set_body_json(body)).await;
    let shown = format!("{err} {err:?}");
    assert!(!shown.contains(&KEY[8..]), "{shown}");
    assert!(shown.contains("service_…fXYZ"), "{shown}");
    let err =
        failure(ResponseTemplate::new(200).set_body_raw(format!("<p>{KEY}</p>"), "text/html"))
            .await;
    let shown = format!("{err} {err:?}");
    assert!(!shown.contains(&KEY[8..]), "{shown}");
}

#[tokio::test]
async fn redirects_are_not_followed_so_the_key_stays_home() {
    let elsewhere = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .named("any request to the redirect target (must never come)")
        .mount(&elsewhere)
        .await;
    let location = format!("{}{INVOICES}", elsewhere.uri());
    let err =
        failure(ResponseTemplate::new(302).insert_header("Location", location.as_str())).await;
    assert!(
        matches!(err, Error::UnexpectedStatus { status: 302, .. }),
        "{err:?}"
    );
    elsewhere.verify().await;
}

#[tokio::test]
async fn the_key_goes_out_as_a_bearer_header() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(INVOICES))
        .and(header("Authorization", format!("Bearer {KEY}").as_str()))
        .respond_with(page(None, json!([])))
        .expect(1)
        .mount(&server)
        .await;
    first_page(&client(&server)).await.unwrap();
}

#[tokio::test]
async fn a_read_timeout_is_not_retried() {
    let server = serving(page(None, json!([])).set_delay(Duration::from_secs(5)), 1).await;
    let client = client_for(
        &server.uri(),
        KEY,
        ClientConfig {
            timeout: Duration::from_millis(200),
            retry: RetryPolicy {
                min_delay: Duration::from_millis(1),
                ..RetryPolicy::default()
            },
            ..ClientConfig::default()
        },
    );
    let err = first_page(&client).await.unwrap_err();
    assert!(
        matches!(
            err,
            Error::Timeout {
                may_have_applied: false
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn an_answer_over_the_size_cap_is_not_read_and_names_the_cap() {
    let config = ClientConfig {
        max_body_bytes: 4096,
        ..quick_config()
    };
    let rows: Vec<Value> = (0..40)
        .map(|n| json!({"id": format!("00000000-0000-4000-8000-{n:012}"), "name": "x".repeat(100)}))
        .collect();
    // Said up front (Content-Length), or found while reading a body sent
    // in chunks with no length: the same error.
    let body =
        envelope(json!({"count": 40, "next": null, "previous": null, "results": rows})).to_string();
    let server = serving(
        ResponseTemplate::new(200).set_body_raw(body.clone(), "application/json"),
        1,
    )
    .await;
    let chunked = chunked_server(body);
    for base_url in [server.uri(), chunked] {
        let err = first_page(&client_for(&base_url, KEY, config.clone()))
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::TooLarge {
                    status: 200,
                    limit_bytes: 4096,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("4096 bytes"), "{err}");
    }
    // Under the cap, read as always.
    let server = serving(page(None, json!(&rows[..5])), 1).await;
    let small = first_page(&client_for(&server.uri(), KEY, config))
        .await
        .unwrap();
    assert_eq!(small.results.len(), 5);
}

/// A server on loopback that answers every request with `body` as a 200,
/// sent in 1 KiB chunks with no `Content-Length`; its base URL.
fn chunked_server(body: String) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                head.push(byte[0]);
            }
            let _ = stream.write_all(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
            );
            for chunk in body.as_bytes().chunks(1024) {
                let _ = write!(stream, "{:x}\r\n", chunk.len());
                let _ = stream.write_all(chunk);
                let _ = stream.write_all(b"\r\n");
            }
            let _ = stream.write_all(b"0\r\n\r\n");
        }
    });
    url
}

/// `[[[…1…]]]`, `levels` deep.
fn deep_array(levels: usize) -> String {
    format!("{}1{}", "[".repeat(levels), "]".repeat(levels))
}

/// What reading each field by its schema type in `list_view` buys the UI
/// (BENCHMARKS.md, "Records decoded twice"): the table formats decimals
/// from exact strings and integers from numbers, whatever spelling the
/// service chose.
#[tokio::test]
async fn list_view_normalises_what_the_ui_formats() {
    let body = r#"{"message": "", "error": false, "data": {"count": 1, "next": null, "previous": null, "results": [
        {"id": "00000000-0000-4000-8000-000000000001", "name": "FP-1", "total": 1234.5,
         "subtotal": "N/A", "discount_value": "0.10", "invoice_number": "17", "is_pay_authorized": "true",
         "brand_new": {"kept": [1]}, "other_discount_value": "1e3", "vat_value_included": 3,
         "operation_number": 17.0, "order_number": 17.5, "description": 42,
         "status_description": {"not": "text"}, "invoice_electronic": false,
         "is_directly_created": 0, "operation_status": "ZZ", "custom_fields": [1, "dos"]}]}}"#;
    let server = serving(
        ResponseTemplate::new(200).set_body_raw(body, "application/json"),
        1,
    )
    .await;
    let page = first_page(&client(&server)).await.unwrap();
    let record = &page.results[0];
    assert_eq!(
        record["total"], "1234.5",
        "a JSON number becomes an exact decimal string"
    );
    assert_eq!(record["discount_value"], "0.10", "the scale is kept");
    assert_eq!(
        record["subtotal"],
        Value::Null,
        "a total that is no number is absent"
    );
    assert_eq!(
        record["invoice_number"], 17,
        "numeric text becomes a number"
    );
    assert_eq!(record["is_pay_authorized"], true);
    assert_eq!(
        record["brand_new"],
        json!({"kept": [1]}),
        "unknown fields are kept"
    );
    assert_eq!(record["other_discount_value"], "1000", "scientific text");
    assert_eq!(record["vat_value_included"], "3", "an integer decimal");
    assert_eq!(record["operation_number"], 17, "an integral float");
    assert_eq!(record["order_number"], Value::Null, "17.5 is no integer");
    assert_eq!(record["description"], "42", "a number as its JSON text");
    assert_eq!(
        record["status_description"],
        Value::Null,
        "an object is no text"
    );
    assert_eq!(record["invoice_electronic"], false);
    assert_eq!(
        record["is_directly_created"],
        Value::Null,
        "0 is no boolean"
    );
    assert_eq!(record["operation_status"], "ZZ", "an unknown code is kept");
    assert_eq!(record["custom_fields"], json!([1, "dos"]), "JSON as sent");
    // Every field of the schema, null when the service left it out.
    for field in ResourceName::SupplierInvoice.schema().fields {
        assert!(record.contains_key(field.name), "{}", field.name);
    }
    assert_eq!(record["supplier"], Value::Null);
}

#[tokio::test]
async fn one_unreadable_value_loses_that_value_never_the_page() {
    let body = format!(
        r#"{{"message": "", "error": false, "data": {{"count": 1e30, "next": null, "previous": null, "results": [
            {{"id": "00000000-0000-4000-8000-000000000001", "name": "FP-1", "total": 1e400, "subtotal": "9.50"}},
            {{"id": "00000000-0000-4000-8000-000000000002", "name": "FP-2", "total": "2.00",
              "custom_fields": {{"deep": {}, "note": "ok"}}}},
            {{"id": "00000000-0000-4000-8000-000000000003", "name": "FP-3", "total": "3.00"}}]}}}}"#,
        deep_array(500)
    );
    let server = serving(
        ResponseTemplate::new(200).set_body_raw(body, "application/json"),
        1,
    )
    .await;
    let page = first_page(&client(&server)).await.unwrap();
    assert_eq!(
        page.count,
        workdesk_api::MAX_COUNT,
        "a count past 2^53 is clamped"
    );
    assert_eq!(page.results.len(), 3, "every record shows");
    let first = &page.results[0];
    assert_eq!(first["name"], "FP-1");
    assert_eq!(first["subtotal"], "9.50");
    assert_eq!(first["total"], Value::Null);
    assert_eq!(
        first[workdesk_api::UNREADABLE],
        json!({"total": "number out of range"})
    );
    let second = &page.results[1];
    assert_eq!(second["total"], "2.00");
    assert!(
        second[workdesk_api::UNREADABLE]["custom_fields"].is_string(),
        "{second:?}"
    );
    assert_eq!(page.results[2]["total"], "3.00");
    assert!(page.results[2].get(workdesk_api::UNREADABLE).is_none());
}

#[tokio::test]
async fn every_exchange_says_whether_the_service_was_reached() {
    use workdesk_api::Connection;
    let cases = [
        (page(None, json!([])), Connection::Online),
        (ResponseTemplate::new(404), Connection::Online),
        (ResponseTemplate::new(401), Connection::KeyRefused),
        (ResponseTemplate::new(500), Connection::ServiceError),
        (
            ResponseTemplate::new(502).set_body_raw("<html>Bad Gateway</html>", "text/html"),
            Connection::Offline,
        ),
        (
            ResponseTemplate::new(200)
                .set_body_raw("<html>Sign in to the Wi-Fi</html>", "text/html"),
            Connection::Offline,
        ),
    ];
    for (template, expected) in cases {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .respond_with(template)
            .mount(&server)
            .await;
        let client = client(&server);
        assert_eq!(client.connection(), Connection::Unknown);
        let mut changes = client.subscribe_connection();
        match first_page(&client).await {
            Ok(_) => assert_eq!(expected, Connection::Online),
            Err(err) => assert_eq!(err.connection(), Some(expected), "{err:?}"),
        }
        assert!(changes.has_changed().unwrap(), "{expected:?}");
        assert_eq!(*changes.borrow_and_update(), expected);
    }
    // Nothing listening: offline; a request refused before sending changes nothing.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let client = client_for(&address, KEY, quick_config());
    let err = first_page(&client).await.unwrap_err();
    assert_eq!(err.connection(), Some(Connection::Offline), "{err:?}");
    assert_eq!(client.connection(), Connection::Offline);
    for resource in [ResourceName::Customer, ResourceName::Task] {
        let err = client.get_record(resource, "not an id").await.unwrap_err();
        assert!(matches!(err, Error::InvalidId(_)), "{err:?}");
        assert_eq!(err.connection(), None, "nothing was sent");
        assert_eq!(client.connection(), Connection::Offline);
    }
    let err = client
        .list_view(
            ResourceName::Task,
            &ListView {
                page: 0,
                ..ListView::default()
            },
        )
        .await
        .unwrap_err();
    assert!(matches!(err, Error::InvalidQuery(_)), "{err:?}");
    assert_eq!(err.connection(), None, "nothing was sent");
    assert_eq!(client.connection(), Connection::Offline);
}

#[tokio::test]
async fn a_refused_key_stays_known_as_refused_whatever_comes_after() {
    use workdesk_api::Connection;
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(401))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(page(None, json!([])))
        .mount(&server)
        .await;
    let client = client(&server);
    assert!(!client.key_refused());
    let _ = first_page(&client).await;
    assert!(client.key_refused());
    // The next exchange succeeds: the connection moves on, the refusal
    // stays known (the saved records it hid stay hidden).
    first_page(&client).await.unwrap();
    assert_eq!(client.connection(), Connection::Online);
    assert!(client.key_refused());
}

//! What the client does with answers the sandbox never gives but a real
//! service or a proxy might (conventions.md, "Client must accept"), against a
//! wiremock server on loopback.

use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use workdesk_api::{ApiKey, BaseUrl, Client, Error, ListQuery};

const KEY: &str = "service_TolerantClientKey0123456789abcdefXYZ";
const PATH: &str = "/account_payable/invoice/";

fn client(server: &MockServer) -> Client {
    Client::new(
        BaseUrl::parse(&server.uri()).unwrap(),
        ApiKey::parse(KEY).unwrap(),
    )
    .unwrap()
}

async fn answer(template: ResponseTemplate) -> Result<usize, Error> {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(PATH))
        .respond_with(template)
        .expect(1)
        .named("GET /account_payable/invoice/")
        .mount(&server)
        .await;
    client(&server)
        .list_supplier_invoices(&ListQuery::default())
        .await
        .map(|page| page.results.len())
}

/// The error the client makes of `template`'s answer.
async fn failure(template: ResponseTemplate) -> Error {
    answer(template).await.unwrap_err()
}

fn page_body() -> serde_json::Value {
    json!({"count": 1, "next": "?page=2", "previous": null, "results": [{"id": "x", "total": "1.50"}]})
}

#[tokio::test]
async fn null_message_and_relative_links_are_fine() {
    let body = json!({"message": null, "error": null, "data": page_body()});
    assert_eq!(
        answer(ResponseTemplate::new(200).set_body_json(body))
            .await
            .unwrap(),
        1
    );
}

#[tokio::test]
async fn a_proxy_page_with_status_200_names_status_and_content_type() {
    let err = failure(
        ResponseTemplate::new(200).set_body_raw("<html>Sign in to Wi-Fi</html>", "text/html"),
    )
    .await;
    assert!(
        matches!(&err, Error::UnexpectedBody { status: 200, content_type, .. } if content_type == "text/html"),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_truncated_body_is_an_error_not_a_crash() {
    let err = failure(
        ResponseTemplate::new(200)
            .set_body_raw(r#"{"message": "ok", "data": {"cou"#, "application/json"),
    )
    .await;
    assert!(
        matches!(err, Error::UnexpectedBody { status: 200, .. }),
        "{err:?}"
    );
}

#[tokio::test]
async fn statuses_map_with_or_without_an_envelope() {
    let err =
        failure(ResponseTemplate::new(404).set_body_raw("<h1>Not Found</h1>", "text/html")).await;
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
    let err = failure(ResponseTemplate::new(401)).await;
    assert!(matches!(err, Error::Unauthorized { .. }), "{err:?}");
    let err = failure(
        ResponseTemplate::new(403)
            .set_body_json(json!({"message": "No access", "error": true, "data": null})),
    )
    .await;
    assert!(
        matches!(err, Error::Forbidden { ref message } if message == "No access"),
        "{err:?}"
    );
    let err = failure(
        ResponseTemplate::new(422)
            .set_body_json(json!({"message": "Bad", "error": true, "data": ["take is wrong"]})),
    )
    .await;
    assert!(
        matches!(err, Error::Validation { status: 422, ref details, .. } if details[0] == "take is wrong"),
        "{err:?}"
    );
    let err =
        failure(ResponseTemplate::new(400).set_body_raw("<html>Bad Request</html>", "text/html"))
            .await;
    assert!(
        matches!(err, Error::UnexpectedBody { status: 400, .. }),
        "{err:?}"
    );
    let err =
        failure(ResponseTemplate::new(502).set_body_raw("<html>Bad gateway</html>", "text/html"))
            .await;
    assert!(
        err.to_string().contains("502") && err.to_string().contains("text/html"),
        "{err}"
    );
}

#[tokio::test]
async fn rate_limits_with_and_without_retry_after() {
    let err = failure(ResponseTemplate::new(429).insert_header("Retry-After", "30")).await;
    assert!(
        matches!(err, Error::RateLimited { retry_after: Some(d) } if d.as_secs() == 30),
        "{err:?}"
    );
    let err = failure(ResponseTemplate::new(429)).await;
    assert!(
        matches!(err, Error::RateLimited { retry_after: None }),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_key_echoed_by_the_service_is_masked() {
    let body =
        json!({"message": format!("Unknown key {KEY}"), "error": true, "data": {"key": [KEY]}});
    let err = failure(ResponseTemplate::new(400).set_body_json(body)).await;
    let shown = format!("{err} {err:?}");
    assert!(!shown.contains(&KEY[8..]), "{shown}");
    assert!(shown.contains("service_…fXYZ"), "{shown}");
}

#[tokio::test]
async fn redirects_are_not_followed_so_the_key_stays_home() {
    let elsewhere = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .named("any request to the redirect target (must never come)")
        .mount(&elsewhere)
        .await;
    let location = format!("{}{PATH}", elsewhere.uri());
    let err =
        failure(ResponseTemplate::new(302).insert_header("Location", location.as_str())).await;
    assert!(matches!(err, Error::Status { status: 302, .. }), "{err:?}");
    elsewhere.verify().await;
}

#[tokio::test]
async fn the_key_goes_out_as_a_bearer_header() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(PATH))
        .and(wiremock::matchers::header(
            "Authorization",
            format!("Bearer {KEY}").as_str(),
        ))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"message": "", "error": false, "data": page_body()})),
        )
        .expect(1)
        .named("GET with the bearer key")
        .mount(&server)
        .await;
    client(&server)
        .list_supplier_invoices(&ListQuery::default())
        .await
        .unwrap();
}

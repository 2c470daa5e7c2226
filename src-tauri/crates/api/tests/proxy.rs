//! A proxy configured in the environment must not see requests to loopback:
//! it would get the key in clear text (and cannot reach this computer's
//! 127.0.0.1 anyway). Own test binary, because it sets process environment.

use workdesk_api::{ApiKey, BaseUrl, Client, ListView, ResourceName};

#[tokio::test]
async fn loopback_requests_bypass_environment_proxies() {
    // Nothing listens on port 9 (discard): a request sent to this proxy fails.
    for name in [
        "HTTP_PROXY",
        "http_proxy",
        "ALL_PROXY",
        "all_proxy",
        "HTTPS_PROXY",
    ] {
        std::env::set_var(name, "http://127.0.0.1:9");
    }
    std::env::remove_var("NO_PROXY");
    std::env::remove_var("no_proxy");
    let sandbox = workdesk_sandbox::start(workdesk_sandbox::Config::default())
        .await
        .unwrap();
    let client = Client::new(
        BaseUrl::parse(sandbox.base_url()).unwrap(),
        ApiKey::parse(&sandbox.keys().workspace_a).unwrap(),
    )
    .unwrap();
    let page = client
        .list_view(ResourceName::SupplierInvoice, &ListView::default())
        .await
        .unwrap();
    assert_eq!(page.results.len(), 20);
}

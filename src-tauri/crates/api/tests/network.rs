//! Company networks, over real HTTPS on loopback: the client trusts what
//! the operating system trusts (on Linux, what `SSL_CERT_FILE` names: here
//! a test certificate authority), refuses a certificate it does not trust
//! by naming the server, and sends HTTPS through the workspace's proxy, or
//! the environment's, with `CONNECT`. Own test binary, because it sets
//! process environment.
//!
//! The certificate tests run on Linux only: on Windows and macOS the
//! system's own verifier checks certificates (rustls-platform-verifier),
//! and a test cannot make it trust a test authority without installing it
//! in the machine's store.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair, KeyUsagePurpose};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use workdesk_api::{
    ApiKey, BaseUrl, CertificateProblem, Client, ClientConfig, Error, ListView, ProxyUrl,
    ResourceName,
};

/// A certificate authority: its certificate and key.
struct Authority {
    cert: rcgen::Certificate,
    key: KeyPair,
}

impl Authority {
    fn new(name: &str) -> Authority {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        let key = KeyPair::generate().unwrap();
        let cert = params.self_signed(&key).unwrap();
        Authority { cert, key }
    }

    /// A server certificate for `host`, signed by this authority, and its key.
    fn issue(&self, host: &str) -> (CertificateDer<'static>, PrivateKeyDer<'static>) {
        let params = CertificateParams::new(vec![host.to_owned()]).unwrap();
        let key = KeyPair::generate().unwrap();
        let cert = params.signed_by(&key, &self.cert, &self.key).unwrap();
        (
            cert.der().clone(),
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
        )
    }
}

/// The authority this computer trusts: its certificate is the only one in
/// the file `SSL_CERT_FILE` names, set once for the whole binary before any
/// client is built.
fn trusted() -> &'static Authority {
    static TRUSTED: OnceLock<Authority> = OnceLock::new();
    TRUSTED.get_or_init(|| {
        let authority = Authority::new("Workdesk test company root");
        let path =
            std::env::temp_dir().join(format!("workdesk-test-ca-{}.pem", std::process::id()));
        std::fs::File::create(&path)
            .unwrap()
            .write_all(authority.cert.pem().as_bytes())
            .unwrap();
        std::env::set_var("SSL_CERT_FILE", &path);
        std::env::remove_var("SSL_CERT_DIR");
        authority
    })
}

/// HTTPS on loopback with `cert`, in front of `backend` (plain HTTP): the
/// TLS is ended here and the bytes passed on both ways.
async fn https_in_front_of(
    backend: SocketAddr,
    cert: (CertificateDer<'static>, PrivateKeyDer<'static>),
) -> u16 {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.0], cert.1)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(socket).await else {
                    return; // the client refused our certificate
                };
                let mut plain = TcpStream::connect(backend).await.unwrap();
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
            });
        }
    });
    port
}

/// A proxy on loopback that records the head of the first request it gets
/// and refuses it (403), so nothing goes further.
async fn recording_proxy() -> (u16, tokio::sync::oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let mut reader = BufReader::new(socket);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).await.unwrap() == 0 || line == "\r\n" {
                break;
            }
            head.push_str(&line);
        }
        let _ = reader
            .get_mut()
            .write_all(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            .await;
        let _ = tx.send(head);
    });
    (port, rx)
}

fn client(base_url: &str, key: &str, config: ClientConfig) -> Client {
    Client::with_config(
        BaseUrl::parse(base_url).unwrap(),
        ApiKey::parse(key).unwrap(),
        config,
    )
    .unwrap()
}

async fn sandbox() -> workdesk_sandbox::Running {
    workdesk_sandbox::start(workdesk_sandbox::Config::default())
        .await
        .unwrap()
}

#[tokio::test]
#[cfg_attr(
    not(target_os = "linux"),
    ignore = "the system's own verifier: a test root would have to be installed in the machine's store"
)]
async fn a_server_signed_by_a_root_this_computer_trusts_works() {
    let authority = trusted();
    let sandbox = sandbox().await;
    let port = https_in_front_of(sandbox.addr(), authority.issue("localhost")).await;
    let client = client(
        &format!("https://localhost:{port}"),
        &sandbox.keys().workspace_a,
        ClientConfig::default(),
    );
    let page = client
        .list_view(ResourceName::SupplierInvoice, &ListView::default())
        .await
        .expect("the list loads over HTTPS");
    assert_eq!(page.results.len(), 20);
    assert!(page.count > 20);
}

#[tokio::test]
#[cfg_attr(
    not(target_os = "linux"),
    ignore = "the system's own verifier: a test root would have to be installed in the machine's store"
)]
async fn an_untrusted_or_wrong_certificate_names_the_server() {
    trusted();
    let sandbox = sandbox().await;
    let stranger = Authority::new("Somebody else's root");
    for (cert, problem) in [
        (stranger.issue("localhost"), CertificateProblem::Untrusted),
        (
            trusted().issue("elsewhere.example"),
            CertificateProblem::WrongHost,
        ),
    ] {
        let port = https_in_front_of(sandbox.addr(), cert).await;
        let client = client(
            &format!("https://localhost:{port}"),
            &sandbox.keys().workspace_a,
            ClientConfig::default(),
        );
        let err = client
            .list_view(ResourceName::SupplierInvoice, &ListView::default())
            .await
            .unwrap_err();
        match &err {
            Error::Certificate {
                host,
                problem: found,
            } => {
                assert_eq!((host.as_str(), *found), ("localhost", problem));
            }
            other => panic!("a certificate error, not {other:?}"),
        }
        assert_eq!(
            err.to_string(),
            format!("the certificate of localhost {problem}")
        );
    }
    assert_eq!(
        CertificateProblem::Untrusted.to_string(),
        "is not trusted by this computer"
    );
}

#[tokio::test]
async fn a_workspace_proxy_gets_a_connect_and_never_the_key() {
    let (port, head) = recording_proxy().await;
    let key = format!("service_{}", "p".repeat(40));
    let client = client(
        "https://books.workdesk.test/api/",
        &key,
        ClientConfig {
            proxy: Some(ProxyUrl::parse(&format!("127.0.0.1:{port}")).unwrap()),
            retry: workdesk_api::RetryPolicy::none(),
            ..ClientConfig::default()
        },
    );
    let err = client
        .list_view(ResourceName::SupplierInvoice, &ListView::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Network { .. }), "{err:?}");
    let head = head.await.unwrap();
    assert!(
        head.starts_with("CONNECT books.workdesk.test:443 HTTP/1.1\r\n"),
        "{head}"
    );
    assert!(
        !head.contains(&key[8..]),
        "the key stays inside the tunnel: {head}"
    );
}

#[tokio::test]
async fn https_proxy_from_the_environment_is_used_unless_no_proxy_names_the_host() {
    let (port, head) = recording_proxy().await;
    std::env::set_var("HTTPS_PROXY", format!("http://127.0.0.1:{port}"));
    std::env::set_var("NO_PROXY", "direct.workdesk.test");
    let key = format!("service_{}", "e".repeat(40));
    let quick = || ClientConfig {
        retry: workdesk_api::RetryPolicy::none(),
        connect_timeout: std::time::Duration::from_secs(2),
        ..ClientConfig::default()
    };
    // NO_PROXY: straight to the host (which does not exist), not the proxy.
    let direct = client("https://direct.workdesk.test/", &key, quick());
    assert!(direct
        .list_view(ResourceName::SupplierInvoice, &ListView::default())
        .await
        .is_err());
    let proxied = client("https://env.workdesk.test/", &key, quick());
    assert!(proxied
        .list_view(ResourceName::SupplierInvoice, &ListView::default())
        .await
        .is_err());
    let head = head.await.unwrap();
    assert!(
        head.starts_with("CONNECT env.workdesk.test:443 HTTP/1.1\r\n"),
        "the first request the proxy saw is the proxied one: {head}"
    );
}

//! The TLS set-up every client shares.
//!
//! reqwest is built with `rustls-no-provider`: the crypto under rustls is
//! chosen here, once per process, rather than by reqwest (whose default,
//! aws-lc-rs, would add a second crypto library in C beside the ring the
//! updater already links). Certificates are checked by the operating
//! system's own verifier (rustls-platform-verifier, reqwest's only one).

/// Makes ring the process's default rustls crypto provider, unless one is
/// already set (then that one stays: it is what every client in the
/// process uses).
///
/// [`Client::new`](crate::Client::new) calls it; anything else in the same
/// process that builds its own `reqwest::Client` (a test's plain client of
/// the sandbox, say) must call it first, or reqwest panics for want of a
/// provider. Cheap after the first call.
pub fn crypto_provider() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // Err means another thread installed one first: that one is used.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}

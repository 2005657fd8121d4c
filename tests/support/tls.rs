//! The stand-in as `https://discord.com`: a certificate authority made when the test process first needs it
//! (rcgen), a certificate for `discord.com` it signs, and a TLS listener serving the stand-in's own router. The
//! bot reaches it exactly as production reaches Discord (serenity's rate limiter on, the host name
//! `discord.com`, TLS), with only the name's address and the trusted authority changed, through its test-only
//! settings `TEENPATTI_TEST_DISCORD_ADDR` and `TEENPATTI_TEST_DISCORD_CA` (see `bot.rs` and docs/testing.md).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

/// The test certificate authority and the `discord.com` certificate it signed.
pub struct TestCa {
    /// The authority's certificate, PEM, in a file the bot is given.
    pub ca_file: PathBuf,
    cert_der: Vec<u8>,
    key_der: Vec<u8>,
}

/// The one authority of this test process (made once: a key pair and two certificates take a few ms).
pub fn test_ca() -> &'static TestCa {
    static CA: OnceLock<TestCa> = OnceLock::new();
    CA.get_or_init(|| {
        use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair, KeyUsagePurpose};
        let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name.push(DnType::CommonName, "teenpatti test authority (tests only)");
        ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
        let ca_key = KeyPair::generate().expect("CA key");
        let ca_cert = ca.self_signed(&ca_key).expect("CA certificate");
        let mut leaf = CertificateParams::new(vec!["discord.com".to_string()]).expect("leaf params");
        leaf.distinguished_name.push(DnType::CommonName, "discord.com");
        let leaf_key = KeyPair::generate().expect("leaf key");
        let leaf_cert = leaf.signed_by(&leaf_key, &ca_cert, &ca_key).expect("leaf certificate");
        // Kept for the life of the process: every bot started by a test reads it.
        let dir = tempfile::Builder::new().prefix("teenpatti-test-ca-").tempdir().expect("temp dir").keep();
        let ca_file = dir.join("ca.pem");
        std::fs::write(&ca_file, ca_cert.pem()).expect("write the CA");
        TestCa { ca_file, cert_der: leaf_cert.der().to_vec(), key_der: leaf_key.serialize_der() }
    })
}

/// Serves `app` over TLS as `discord.com` on `listener` until `shutdown`.
pub async fn serve(listener: TcpListener, app: axum::Router, mut shutdown: oneshot::Receiver<()>) {
    let ca = test_ca();
    let certs = vec![CertificateDer::from(ca.cert_der.clone())];
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(ca.key_der.clone()));
    let mut config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .expect("the discord.com certificate");
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = &mut shutdown => return,
        };
        let Ok((tcp, _)) = accepted else { continue };
        // Discord's edge sends each frame as it is written; without this, Nagle's algorithm holds a gateway event
        // behind the last one's unacknowledged bytes until the bot's delayed ACK (up to 40 ms on Linux).
        let _ = tcp.set_nodelay(true);
        let (acceptor, app) = (acceptor.clone(), app.clone());
        tokio::spawn(async move {
            let Ok(tls) = acceptor.accept(tcp).await else { return };
            let service = hyper_util::service::TowerToHyperService::new(app);
            let _ = hyper_util::server::conn::auto::Builder::new(hyper_util::rt::TokioExecutor::new())
                .serve_connection_with_upgrades(hyper_util::rt::TokioIo::new(tls), service)
                .await;
        });
    }
}

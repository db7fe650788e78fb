//! The bot client over TLS: a TLS-terminating proxy on 127.0.0.1, with a
//! certificate made here, in front of the in-process server. With the
//! CA that signed it given as a CA file, or the self-signed certificate
//! itself, two bots reach the pool through `https://`, are paired and play
//! a rated match to its end; without it, or with a certificate for another
//! host or another one in the file, the client stops at once with the
//! certificate error and does not retry.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common;

use common::{bot_account, expect_rated_matches, rated_draw, server};
use domino_botclient::{BuiltIn, ClientError, Options, Progress};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};
use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;

/// What a TLS server presents: its certificate and key.
struct Identity {
    cert: rcgen::Certificate,
    key: KeyPair,
}

/// A certificate for 127.0.0.1 and localhost signed by a test CA made
/// here, and that CA's PEM.
fn ca_signed() -> (Identity, String) {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "domino test CA");
    let ca = ca.self_signed(&ca_key).unwrap();
    let key = KeyPair::generate().unwrap();
    let mut leaf = CertificateParams::new(vec!["127.0.0.1".into(), "localhost".into()]).unwrap();
    leaf.distinguished_name
        .push(DnType::CommonName, "domino test server");
    let cert = leaf.signed_by(&key, &ca, &ca_key).unwrap();
    (Identity { cert, key }, ca.pem())
}

/// A self-signed certificate for `names`, flagged as a CA as
/// `openssl req -x509` makes it.
fn self_signed(names: &[&str]) -> Identity {
    let key = KeyPair::generate().unwrap();
    let mut params =
        CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>()).unwrap();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params.distinguished_name.push(DnType::CommonName, names[0]);
    let cert = params.self_signed(&key).unwrap();
    Identity { cert, key }
}

/// A TLS proxy to `backend` presenting `served`: its address, and the
/// number of TLS handshakes begun on it.
struct Proxy {
    addr: SocketAddr,
    handshakes: Arc<AtomicUsize>,
}

async fn tls_proxy(backend: SocketAddr, served: &Identity) -> Proxy {
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(
        vec![served.cert.der().clone()],
        PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(served.key.serialize_der())),
    )
    .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let handshakes = Arc::new(AtomicUsize::new(0));
    let counted = handshakes.clone();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            counted.fetch_add(1, Ordering::SeqCst);
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                // A refused certificate ends the handshake: nothing to forward.
                let Ok(mut tls) = acceptor.accept(tcp).await else {
                    return;
                };
                let Ok(mut plain) = TcpStream::connect(backend).await else {
                    return;
                };
                // Copying ends with a close_notify from the proxy's side,
                // as a TLS server's should.
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
            });
        }
    });
    Proxy { addr, handshakes }
}

/// `pem` written as a CA file in `dir`.
fn ca_file(dir: &tempfile::TempDir, pem: &str) -> PathBuf {
    let path = dir.path().join("ca.pem");
    std::fs::write(&path, pem).unwrap();
    path
}

fn options(url: &str, token: &str, ca_file: Option<PathBuf>) -> Options {
    Options {
        ca_file,
        ..rated_draw(url, token)
    }
}

/// Two bots reach the pool through `proxy` (one by IP address, one by
/// name: the certificates name both) trusting `ca_file`, are paired and
/// play a rated match to its end.
async fn two_bots_play_a_rated_match_through(backend: SocketAddr, proxy: &Proxy, ca_file: PathBuf) {
    let tokens = [
        bot_account(backend, "Tlsbot").await,
        bot_account(backend, "Tlsrobo").await,
    ];
    let urls = [
        format!("https://127.0.0.1:{}", proxy.addr.port()),
        format!("https://localhost:{}/", proxy.addr.port()),
    ];
    let policy = Arc::new(BuiltIn::new("heuristic").unwrap());
    let report: domino_botclient::Report = Arc::new(|p: Progress| eprintln!("{p:?}"));
    let runs: Vec<_> = tokens
        .iter()
        .zip(&urls)
        .map(|(token, url)| {
            tokio::spawn(domino_botclient::run(
                options(url, token, Some(ca_file.clone())),
                policy.clone(),
                report.clone(),
            ))
        })
        .collect();
    expect_rated_matches(runs).await;
    assert!(proxy.handshakes.load(Ordering::SeqCst) >= 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_bots_play_a_rated_match_through_https_with_a_ca_file() {
    let backend = server().await;
    let (served, ca_pem) = ca_signed();
    let proxy = tls_proxy(backend, &served).await;
    let dir = tempfile::tempdir().unwrap();
    two_bots_play_a_rated_match_through(backend, &proxy, ca_file(&dir, &ca_pem)).await;
}

/// A self-signed server (a CA's certificate, as `openssl req -x509` makes
/// by default) is reached by giving its own certificate as the CA file.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_bots_play_through_a_self_signed_server_given_its_certificate() {
    let backend = server().await;
    let served = self_signed(&["localhost", "127.0.0.1"]);
    let proxy = tls_proxy(backend, &served).await;
    let dir = tempfile::tempdir().unwrap();
    two_bots_play_a_rated_match_through(backend, &proxy, ca_file(&dir, &served.cert.pem())).await;
}

/// A bot at `proxy` trusting `ca_file` (if any) is refused at the first
/// handshake and stops, without retrying: the host and reason it gives.
async fn refused(backend: SocketAddr, proxy: &Proxy, ca_file: Option<PathBuf>) -> (String, String) {
    let token = bot_account(backend, "Untrusted").await;
    let retries = Arc::new(Mutex::new(Vec::new()));
    let seen = retries.clone();
    let report: domino_botclient::Report = Arc::new(move |p: Progress| {
        if let Progress::Retrying { what, error, .. } = p {
            seen.lock().unwrap().push(format!("{what}: {error}"));
        }
    });
    let url = format!("https://127.0.0.1:{}", proxy.addr.port());
    let run = domino_botclient::run(
        options(&url, &token, ca_file),
        Arc::new(BuiltIn::new("random").unwrap()),
        report,
    );
    let r = tokio::time::timeout(Duration::from_secs(10), run)
        .await
        .expect("a certificate error must stop the client, not loop");
    let Err(e @ ClientError::Certificate { .. }) = r else {
        panic!("{r:?}")
    };
    assert!(e.to_string().contains("--ca-file"), "{e}");
    assert!(retries.lock().unwrap().is_empty(), "{:?}", retries);
    // The events socket and at most the first seek: no reconnecting.
    let tries = proxy.handshakes.load(Ordering::SeqCst);
    assert!((1..=2).contains(&tries), "{tries} handshakes");
    let ClientError::Certificate { host, reason } = e else {
        unreachable!()
    };
    (host, reason)
}

#[tokio::test]
async fn without_the_ca_the_certificate_is_refused_once_and_not_retried() {
    let backend = server().await;
    let (served, _) = ca_signed();
    let proxy = tls_proxy(backend, &served).await;
    let (host, reason) = refused(backend, &proxy, None).await;
    assert_eq!(host, "127.0.0.1");
    assert!(reason.contains("not signed by a trusted CA"), "{reason}");
}

#[tokio::test]
async fn a_self_signed_certificate_given_is_refused_for_another_host() {
    let backend = server().await;
    let served = self_signed(&["example.org"]);
    let proxy = tls_proxy(backend, &served).await;
    let dir = tempfile::tempdir().unwrap();
    let (host, reason) = refused(backend, &proxy, Some(ca_file(&dir, &served.cert.pem()))).await;
    assert_eq!(host, "127.0.0.1");
    assert!(
        reason.contains("not valid for name") && reason.contains("example.org"),
        "{reason}"
    );
}

#[tokio::test]
async fn another_self_signed_certificate_in_the_ca_file_is_refused() {
    let backend = server().await;
    let served = self_signed(&["localhost", "127.0.0.1"]);
    let proxy = tls_proxy(backend, &served).await;
    let other = self_signed(&["localhost", "127.0.0.1"]);
    let dir = tempfile::tempdir().unwrap();
    let (_, reason) = refused(backend, &proxy, Some(ca_file(&dir, &other.cert.pem()))).await;
    assert_eq!(
        reason,
        "it is a CA's own certificate, and not one in the CA file"
    );
}

//! The connection under every request and socket: plain TCP for `http://`
//! and `ws://`, TLS (rustls) for `https://` and `wss://`. The roots are
//! Mozilla's, compiled in, plus the certificates of a CA file when given
//! (a private CA, or a test's).

use std::fmt::Debug;
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

use crate::error::ClientError;

/// A byte stream to the server, plain or TLS.
pub trait Conn: AsyncRead + AsyncWrite + Unpin + Send + Debug {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + Debug> Conn for T {}

pub type Stream = Box<dyn Conn>;

/// How a client reaches TLS servers: the roots it trusts.
#[derive(Clone)]
pub struct Tls {
    config: Arc<ClientConfig>,
}

impl Debug for Tls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tls")
    }
}

impl Tls {
    /// Mozilla's roots, and the certificates in the PEM file `ca_file`.
    pub fn new(ca_file: Option<&Path>) -> Result<Tls, ClientError> {
        let mut roots = RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        if let Some(path) = ca_file {
            for cert in read_ca_file(path)? {
                roots
                    .add(cert)
                    .map_err(|e| ca_error(path, &e.to_string()))?;
            }
        }
        // The ring provider by name: the process-wide default is unset
        // when no crate picked one, and aws-lc-rs is not built at all.
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| ClientError::Options(format!("TLS: {e}")))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Tls {
            config: Arc::new(config),
        })
    }
}

/// The certificates of a PEM file: at least one, or a clear refusal.
fn read_ca_file(path: &Path) -> Result<Vec<CertificateDer<'static>>, ClientError> {
    let certs = CertificateDer::pem_file_iter(path)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| ca_error(path, &e.to_string()))?;
    if certs.is_empty() {
        return Err(ca_error(path, "no PEM certificate in it"));
    }
    Ok(certs)
}

fn ca_error(path: &Path, why: &str) -> ClientError {
    ClientError::Options(format!("the CA file {}: {why}", path.display()))
}

/// A connection to `host:port`, through TLS when `tls` is given: the
/// certificate must be valid for `host` (a name, or an IP address).
pub async fn connect(host: &str, port: u16, tls: Option<&Tls>) -> Result<Stream, ClientError> {
    let tcp = TcpStream::connect((host, port)).await?;
    let Some(tls) = tls else {
        return Ok(Box::new(tcp));
    };
    let name = ServerName::try_from(host.to_string())
        .map_err(|_| ClientError::BadUrl(format!("{host}: not a host name for TLS")))?;
    let stream = TlsConnector::from(tls.config.clone())
        .connect(name, tcp)
        .await
        .map_err(|e| handshake_error(host, e))?;
    Ok(Box::new(stream))
}

/// A certificate that does not verify is [`ClientError::Certificate`]
/// (no retry helps); any other failure stays a connection error.
fn handshake_error(host: &str, e: std::io::Error) -> ClientError {
    match e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>())
    {
        Some(rustls::Error::InvalidCertificate(why)) => ClientError::Certificate {
            host: host.to_string(),
            reason: describe(why),
        },
        Some(other) => ClientError::Io(std::io::Error::new(
            e.kind(),
            format!("TLS with {host}: {other}"),
        )),
        None => e.into(),
    }
}

/// A certificate's fault in words: the common ones in plain words,
/// the rest in rustls's (which name the dates or names involved).
fn describe(why: &rustls::CertificateError) -> String {
    use rustls::CertificateError as C;
    match why {
        C::UnknownIssuer => "it is not signed by a trusted CA".into(),
        C::Expired => "it has expired".into(),
        C::NotValidYet => "it is not valid yet".into(),
        C::NotValidForName => "it is not valid for this host name".into(),
        // A self-signed certificate made as a CA (openssl's default).
        C::Other(e) if e.to_string() == "CaUsedAsEndEntity" => {
            "it is a CA's certificate, not one a CA signed for the server".into()
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn certificate_faults_are_told_in_words() {
        let e = handshake_error(
            "h.test",
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer),
            ),
        );
        let ClientError::Certificate { host, reason } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(
            (host.as_str(), reason.as_str()),
            ("h.test", "it is not signed by a trusted CA")
        );
        assert!(e.is_fatal());
        let other = handshake_error(
            "h.test",
            std::io::Error::new(std::io::ErrorKind::InvalidData, rustls::Error::DecryptError),
        );
        assert!(
            matches!(other, ClientError::Io(_)) && !other.is_fatal(),
            "{other:?}"
        );
        assert!(other.to_string().contains("h.test"), "{other}");
    }

    #[test]
    fn a_ca_file_without_certificates_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ca.pem");
        std::fs::write(&path, "not a certificate\n").unwrap();
        let e = Tls::new(Some(&path)).unwrap_err();
        assert!(matches!(e, ClientError::Options(_)), "{e:?}");
        assert!(e.to_string().contains("ca.pem"), "{e}");
        let missing = dir.path().join("missing.pem");
        assert!(Tls::new(Some(&missing)).is_err());
        assert!(Tls::new(None).is_ok());
    }
}

//! The connection under every request and socket: plain TCP for `http://`
//! and `ws://`, TLS (rustls) for `https://` and `wss://`. The roots are
//! Mozilla's, compiled in, plus the certificates of a CA file when given
//! (a private CA, or a test's); a certificate of that file is also trusted
//! when the server presents it as its own (a self-signed server).

use std::fmt::Debug;
use std::path::Path;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::client::{verify_server_cert_signed_by_trust_anchor, verify_server_name};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::server::ParsedCertificate;
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
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
    /// Mozilla's roots, and the certificates in the PEM file `ca_file`
    /// (as roots, and as servers' own).
    pub fn new(ca_file: Option<&Path>) -> Result<Tls, ClientError> {
        let ca_certs = match ca_file {
            Some(path) => read_ca_file(path)?,
            None => Vec::new(),
        };
        // The ring provider by name: the process-wide default is unset
        // when no crate picked one, and aws-lc-rs is not built at all.
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verifier = Pinning::new(ca_certs, &provider).map_err(|e| match ca_file {
            // Only a certificate of the file can be refused here.
            Some(path) => ca_error(path, &e.to_string()),
            None => tls_error(&e),
        })?;
        let config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| tls_error(&e))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_no_client_auth();
        Ok(Tls {
            config: Arc::new(config),
        })
    }
}

/// What the client trusts: a certificate that chains to the roots (webpki,
/// as rustls checks it by default), or one of the CA file's certificates
/// presented as is by the server. Giving the very certificate the server
/// presents is a user's word to trust it: that is how a self-signed
/// server (`openssl req -x509`, flagged as a CA) is reached, which webpki
/// refuses as an end entity. It must still be within its dates and valid
/// for the host, and the handshake's signatures are checked as always.
#[derive(Debug)]
struct Pinning {
    roots: Arc<WebPkiServerVerifier>,
    pinned: Vec<CertificateDer<'static>>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl Pinning {
    /// Mozilla's roots and `ca_certs` as roots, and `ca_certs` pinned.
    fn new(
        ca_certs: Vec<CertificateDer<'static>>,
        provider: &Arc<CryptoProvider>,
    ) -> Result<Pinning, rustls::Error> {
        let mut roots = RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        for cert in &ca_certs {
            roots.add(cert.clone())?;
        }
        let roots = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
            .build()
            .map_err(|e| rustls::Error::General(e.to_string()))?;
        Ok(Pinning {
            roots,
            pinned: ca_certs,
            algorithms: provider.signature_verification_algorithms,
        })
    }

    /// The checks a pinned certificate still passes. webpki is run again
    /// with the certificate as its only root, and only its refusal of a
    /// CA as the end entity is let through: webpki checks the end
    /// entity's dates before its CA flag, so the dates have been checked
    /// (a unit test below holds it to that); the chain itself needs no
    /// check, the bytes being the ones trusted. The name is webpki's check.
    fn verify_pinned(
        &self,
        cert: &CertificateDer<'_>,
        server_name: &ServerName<'_>,
        now: UnixTime,
    ) -> Result<(), rustls::Error> {
        let parsed = ParsedCertificate::try_from(cert)?;
        let mut itself = RootCertStore::empty();
        itself.add(cert.clone().into_owned())?;
        match verify_server_cert_signed_by_trust_anchor(
            &parsed,
            &itself,
            &[],
            now,
            self.algorithms.all,
        ) {
            Err(rustls::Error::InvalidCertificate(why)) if is_ca_as_end_entity(&why) => {}
            other => other?,
        }
        verify_server_name(&parsed, server_name)
    }
}

/// webpki's refusal of a CA's certificate as a server's own.
fn is_ca_as_end_entity(why: &CertificateError) -> bool {
    matches!(
        why,
        CertificateError::Other(other)
            if matches!(other.0.downcast_ref::<webpki::Error>(), Some(webpki::Error::CaUsedAsEndEntity))
    )
}

impl ServerCertVerifier for Pinning {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let refused = match self.roots.verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        ) {
            Ok(verified) => return Ok(verified),
            Err(e) => e,
        };
        if !self
            .pinned
            .iter()
            .any(|c| c.as_ref() == end_entity.as_ref())
        {
            return Err(refused);
        }
        self.verify_pinned(end_entity, server_name, now)?;
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.roots.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.roots.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.roots.supported_verify_schemes()
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

fn tls_error(e: &dyn std::fmt::Display) -> ClientError {
    ClientError::Options(format!("TLS: {e}"))
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
        // A CA file's certificate of the same name but another key (a
        // server's self-signed certificate made again, say).
        C::BadSignature => {
            "its signature does not match the key of the certificate it names as its issuer".into()
        }
        // A self-signed certificate made as a CA (openssl's default)
        // that is not in the CA file.
        why if is_ca_as_end_entity(why) => {
            "it is a CA's own certificate, and not one in the CA file".into()
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

    /// A self-signed certificate for `names`: flagged as a CA (as
    /// `openssl req -x509` makes it) or not, valid from `dates` (default:
    /// rcgen's, 1975 to 4096).
    fn self_signed(names: &[&str], ca: bool, dates: Option<(i32, i32)>) -> CertificateDer<'static> {
        use rcgen::{date_time_ymd, BasicConstraints, CertificateParams, IsCa, KeyPair};
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let mut params = CertificateParams::new(names).unwrap();
        if ca {
            params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        }
        if let Some((from, to)) = dates {
            params.not_before = date_time_ymd(from, 1, 1);
            params.not_after = date_time_ymd(to, 1, 1);
        }
        let key = KeyPair::generate().unwrap();
        params.self_signed(&key).unwrap().der().clone()
    }

    fn verifier(ca_file: &[&CertificateDer<'static>]) -> Pinning {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        Pinning::new(ca_file.iter().map(|c| (*c).clone()).collect(), &provider).unwrap()
    }

    /// `cert` as the server `host` presents it: the verdict, or the reason
    /// in the words a user sees.
    fn presented(verifier: &Pinning, cert: &CertificateDer<'_>, host: &str) -> Result<(), String> {
        let name = ServerName::try_from(host.to_string()).unwrap();
        match verifier.verify_server_cert(cert, &[], &name, &[], UnixTime::now()) {
            Ok(_) => Ok(()),
            Err(rustls::Error::InvalidCertificate(why)) => Err(describe(&why)),
            Err(e) => panic!("{e:?}"),
        }
    }

    #[test]
    fn a_self_signed_certificate_in_the_ca_file_is_trusted_as_the_servers_own() {
        for ca in [true, false] {
            let cert = self_signed(&["127.0.0.1", "localhost"], ca, None);
            let pinned = verifier(&[&cert]);
            assert_eq!(presented(&pinned, &cert, "127.0.0.1"), Ok(()), "CA: {ca}");
            assert_eq!(presented(&pinned, &cert, "localhost"), Ok(()), "CA: {ca}");
            // Not in the file, or another one of the same name in it (a
            // certificate made again): refused as before.
            let ca_reason = "it is a CA's own certificate, and not one in the CA file";
            let another = self_signed(&["127.0.0.1"], ca, None);
            for (ca_file, not_ca_reason) in [
                (vec![], "it is not signed by a trusted CA"),
                (
                    vec![&another],
                    "its signature does not match the key of the certificate it names as its issuer",
                ),
            ] {
                let why = presented(&verifier(&ca_file), &cert, "127.0.0.1").unwrap_err();
                assert_eq!(why, if ca { ca_reason } else { not_ca_reason });
            }
        }
    }

    #[test]
    fn a_pinned_certificate_must_be_valid_for_the_host_and_within_its_dates() {
        for ca in [true, false] {
            let elsewhere = self_signed(&["example.org"], ca, None);
            let why = presented(&verifier(&[&elsewhere]), &elsewhere, "127.0.0.1").unwrap_err();
            assert!(
                why.contains("only valid for DnsName(\"example.org\")"),
                "{why}"
            );
            // webpki checks the dates before the CA flag that is let
            // through for a pinned certificate: this holds it to that.
            let expired = self_signed(&["127.0.0.1"], ca, Some((2000, 2001)));
            let why = presented(&verifier(&[&expired]), &expired, "127.0.0.1").unwrap_err();
            assert!(why.contains("certificate expired"), "{why}");
            let not_yet = self_signed(&["127.0.0.1"], ca, Some((3000, 3001)));
            let why = presented(&verifier(&[&not_yet]), &not_yet, "127.0.0.1").unwrap_err();
            assert!(why.contains("not valid yet"), "{why}");
        }
    }
}

//! The few HTTP requests a bot makes (seeks, challenges), over an
//! HTTP/1.1 connection per request (plain, or TLS for https): the workspace has no HTTP client, and
//! a bot asks rarely enough that keeping connections open gains nothing.

use std::time::Duration;

use serde_json::Value;
use std::path::Path;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::error::ClientError;
use crate::pace::Pace;
use crate::tls::{self, Stream, Tls};

/// How long one request may take, connection to last byte.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
/// The largest answer read: the API's answers are small.
const MAX_ANSWER: u64 = 4 << 20;

/// A server and the token every request carries (none for a client that
/// only plays seats it holds tokens for, as a page without a profile does).
#[derive(Clone, Debug)]
pub struct Server {
    host: String,
    port: u16,
    /// The path the server is mounted under ("" at the root).
    prefix: String,
    token: Option<String>,
    /// Shared by every connection made from this value and its clones.
    pace: Pace,
    /// For an https server: the roots its certificate is checked against.
    tls: Option<Tls>,
}

/// A server's URL, read.
#[derive(Debug, PartialEq)]
struct Address {
    secure: bool,
    /// Without the brackets of an IPv6 address.
    host: String,
    port: u16,
    prefix: String,
}

impl Address {
    fn parse(url: &str) -> Option<Address> {
        let (secure, rest) = [
            ("http://", false),
            ("ws://", false),
            ("https://", true),
            ("wss://", true),
        ]
        .iter()
        .find_map(|(scheme, secure)| Some((*secure, url.strip_prefix(scheme)?)))?;
        let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let (host, port) = match authority.strip_prefix('[') {
            Some(bracketed) => {
                let (host, after) = bracketed.split_once(']')?;
                (
                    host,
                    if after.is_empty() {
                        None
                    } else {
                        Some(after.strip_prefix(':')?)
                    },
                )
            }
            None => match authority.rsplit_once(':') {
                // An IPv6 address needs its brackets.
                Some((host, _)) if host.contains(':') => return None,
                Some((host, port)) => (host, Some(port)),
                None => (authority, None),
            },
        };
        if host.is_empty() {
            return None;
        }
        let port = match port {
            Some(p) => p.parse().ok()?,
            None if secure => 443,
            None => 80,
        };
        Some(Address {
            secure,
            host: host.into(),
            port,
            prefix: path.trim_end_matches('/').into(),
        })
    }
}

impl Server {
    /// `url` is `http://` or `https://HOST[:PORT][/PATH]` (`ws://` and
    /// `wss://` are taken as well); an https server's certificate is
    /// checked against Mozilla's roots.
    pub fn new(url: &str, token: &str) -> Result<Server, ClientError> {
        Server::with_ca_file(url, token, None)
    }

    /// As [`Server::new`], trusting as well the CA certificates in the PEM
    /// file `ca_file` (for https only: with http it is refused, since it
    /// would silently do nothing).
    pub fn with_ca_file(
        url: &str,
        token: &str,
        ca_file: Option<&Path>,
    ) -> Result<Server, ClientError> {
        let address = Address::parse(url).ok_or_else(|| ClientError::BadUrl(url.to_string()))?;
        if token.is_empty() || token.chars().any(|c| c.is_control()) {
            return Err(ClientError::BadToken);
        }
        let tls = match (address.secure, ca_file) {
            (true, ca_file) => Some(Tls::new(ca_file)?),
            (false, None) => None,
            (false, Some(_)) => {
                return Err(ClientError::Options(format!(
                    "a CA file is for https:// servers, not {url}"
                )))
            }
        };
        Ok(Server {
            host: address.host,
            port: address.port,
            prefix: address.prefix,
            token: Some(token.into()),
            pace: Pace::default(),
            tls,
        })
    }

    /// The WebSocket address of the server's `/ws`.
    pub fn ws_url(&self) -> String {
        let scheme = if self.tls.is_some() { "wss" } else { "ws" };
        format!("{scheme}://{}/ws", self.authority_and_prefix())
    }

    /// A new connection to the server, TLS for https.
    pub(crate) async fn connect(&self) -> Result<Stream, ClientError> {
        tls::connect(&self.host, self.port, self.tls.as_ref()).await
    }

    /// The server at `url`, asked without a token: enough to play a seat
    /// by its seat token ([`crate::table::play`]), not to use the bot API.
    pub fn without_token(url: &str) -> Result<Server, ClientError> {
        let mut server = Server::new(url, "-")?;
        server.token = None;
        Ok(server)
    }

    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The client's turns to send (see [`Pace`]).
    pub(crate) fn pace(&self) -> &Pace {
        &self.pace
    }

    /// `HOST:PORT`, as the `Host` header gives it.
    fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    fn authority_and_prefix(&self) -> String {
        format!("{}{}", self.authority(), self.prefix)
    }

    /// `METHOD path` with `body` as JSON: the answer's JSON (null when it
    /// has none), or the server's refusal as [`ClientError::Refused`].
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Value, ClientError> {
        self.pace.wait().await;
        tokio::time::timeout(REQUEST_TIMEOUT, self.exchange(method, path, body))
            .await
            .map_err(|_| {
                ClientError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    format!("{method} {path}: no answer in {REQUEST_TIMEOUT:?}"),
                ))
            })?
    }

    /// `POST path` with `body`, one of the protocol's request bodies.
    pub async fn post<T: serde::Serialize>(
        &self,
        path: &str,
        body: &T,
    ) -> Result<Value, ClientError> {
        let body = serde_json::to_value(body)
            .map_err(|e| ClientError::Protocol(format!("a body that does not write: {e}")))?;
        self.request("POST", path, Some(&body)).await
    }

    async fn exchange(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Value, ClientError> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let head = format!(
            "{method} {}{path} HTTP/1.1\r\nHost: {}\r\n{}\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.prefix,
            self.authority(),
            self.token
                .as_ref()
                .map(|t| format!("Authorization: Bearer {t}\r\n"))
                .unwrap_or_default(),
            body.len()
        );
        let mut stream = self.connect().await?;
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        let mut answer = Vec::new();
        match stream.take(MAX_ANSWER).read_to_end(&mut answer).await {
            Ok(_) => {}
            // Many TLS servers close after `Connection: close` without a
            // close_notify: what came is the answer.
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof && !answer.is_empty() => {}
            Err(e) => return Err(e.into()),
        }
        let (status, json) = parse_answer(&answer)?;
        if (200..300).contains(&status) {
            return Ok(json);
        }
        if status == 401 {
            return Err(ClientError::BadToken);
        }
        let text = |k: &str| {
            json.get(k)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        Err(ClientError::Refused {
            status,
            code: text("code"),
            message: text("message"),
        })
    }
}

/// The status and the JSON body of an HTTP/1.1 answer read to its end.
fn parse_answer(raw: &[u8]) -> Result<(u16, Value), ClientError> {
    let bad = |why: &str| ClientError::Protocol(format!("HTTP answer: {why}"));
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| bad("no end of headers"))?;
    let head = std::str::from_utf8(&raw[..split]).map_err(|_| bad("headers not UTF-8"))?;
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status line"))?;
    let chunked = lines.any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("transfer-encoding:") && l.contains("chunked")
    });
    let body = &raw[split + 4..];
    let body = if chunked {
        dechunk(body).ok_or_else(|| bad("bad chunked body"))?
    } else {
        body.to_vec()
    };
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok((status, Value::Null));
    }
    let json = serde_json::from_slice(&body).unwrap_or_else(|_| {
        // A refusal from something in front of the server (a proxy's
        // HTML page): keep its words for the error.
        serde_json::json!({"code": "", "message": String::from_utf8_lossy(&body)})
    });
    Ok((status, json))
}

/// A chunked body's bytes.
fn dechunk(mut body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&body[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        body = &body[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(body.get(..size)?);
        body = body.get(size + 2..)?;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn addresses_are_read_with_their_port_and_path() {
        let s = Server::new("http://127.0.0.1:8080", "dbt_x").unwrap();
        assert_eq!(s.ws_url(), "ws://127.0.0.1:8080/ws");
        let s = Server::new("http://example.test/domino/", "dbt_x").unwrap();
        assert_eq!(s.ws_url(), "ws://example.test:80/domino/ws");
        let s = Server::new("http://[::1]:9000", "dbt_x").unwrap();
        assert_eq!(s.ws_url(), "ws://[::1]:9000/ws");
        let s = Server::new("https://example.test/domino", "dbt_x").unwrap();
        assert_eq!(s.ws_url(), "wss://example.test:443/domino/ws");
        let s = Server::new("wss://[::1]", "dbt_x").unwrap();
        assert_eq!(s.ws_url(), "wss://[::1]:443/ws");
        assert!(matches!(
            Server::new("ftp://example.test", "t"),
            Err(ClientError::BadUrl(_))
        ));
        assert!(matches!(
            Server::new("http://h:port", "t"),
            Err(ClientError::BadUrl(_))
        ));
        assert!(matches!(
            Server::new("http://h:1", "a\r\nb"),
            Err(ClientError::BadToken)
        ));
    }

    #[test]
    fn urls_give_tls_and_the_default_port_by_scheme() {
        let a = |url: &str| Address::parse(url).map(|a| (a.secure, a.host, a.port, a.prefix));
        let t = |secure, host: &str, port, prefix: &str| {
            Some((secure, host.to_string(), port, prefix.to_string()))
        };
        assert_eq!(a("https://example.test"), t(true, "example.test", 443, ""));
        assert_eq!(
            a("wss://example.test:8443/d/"),
            t(true, "example.test", 8443, "/d")
        );
        assert_eq!(a("http://example.test"), t(false, "example.test", 80, ""));
        assert_eq!(a("ws://10.0.0.1:81"), t(false, "10.0.0.1", 81, ""));
        assert_eq!(a("https://[::1]"), t(true, "::1", 443, ""));
        assert_eq!(
            a("https://[2001:db8::2]:9443/x"),
            t(true, "2001:db8::2", 9443, "/x")
        );
        assert_eq!(a("http://[::1]"), t(false, "::1", 80, ""));
        for bad in [
            "https://",
            "https://[::1",
            "https://[::1]x",
            "http://::1",
            "https://h:",
            "https://h:99999",
            "HTTPS://h",
        ] {
            assert_eq!(a(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_ca_file_is_refused_for_a_plain_server() {
        let e = Server::with_ca_file("http://h:1", "t", Some(Path::new("ca.pem"))).unwrap_err();
        assert!(matches!(e, ClientError::Options(_)), "{e:?}");
    }

    #[test]
    fn answers_are_read_plain_or_chunked() {
        let plain = b"HTTP/1.1 201 Created\r\ncontent-length: 9\r\n\r\n{\"id\":1}\n";
        assert_eq!(parse_answer(plain).unwrap(), (201, json!({"id": 1})));
        let chunked =
            b"HTTP/1.1 429 Too Many\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"cod\r\n10\r\ne\":\"rate\",\"x\":1}\r\n0\r\n\r\n";
        assert_eq!(
            parse_answer(chunked).unwrap(),
            (429, json!({"code": "rate", "x": 1}))
        );
        let empty = b"HTTP/1.1 204 No Content\r\n\r\n";
        assert_eq!(parse_answer(empty).unwrap(), (204, Value::Null));
        assert!(parse_answer(b"garbage").is_err());
    }
}

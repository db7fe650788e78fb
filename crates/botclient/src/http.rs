//! The few HTTP requests a bot makes (seeks, challenges), over a plain
//! HTTP/1.1 connection per request: the workspace has no HTTP client, and
//! a bot asks rarely enough that keeping connections open gains nothing.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::error::ClientError;
use crate::pace::Pace;

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
}

impl Server {
    /// `url` is `http://HOST[:PORT][/PATH]` (`ws://` is taken as well).
    pub fn new(url: &str, token: &str) -> Result<Server, ClientError> {
        let bad = || ClientError::BadUrl(url.to_string());
        let rest = url
            .strip_prefix("http://")
            .or_else(|| url.strip_prefix("ws://"))
            .ok_or_else(bad)?;
        let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) if !h.ends_with(']') || authority.starts_with('[') => {
                (h, p.parse().map_err(|_| bad())?)
            }
            _ => (authority, 80),
        };
        if host.is_empty() || token.is_empty() || token.chars().any(|c| c.is_control()) {
            return Err(if host.is_empty() {
                bad()
            } else {
                ClientError::BadToken
            });
        }
        Ok(Server {
            host: host.trim_start_matches('[').trim_end_matches(']').into(),
            port,
            prefix: path.trim_end_matches('/').into(),
            token: Some(token.into()),
            pace: Pace::default(),
        })
    }

    /// The WebSocket address of the server's `/ws`.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.authority_and_prefix())
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
        let mut stream = TcpStream::connect((self.host.as_str(), self.port)).await?;
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        let mut answer = Vec::new();
        stream.take(MAX_ANSWER).read_to_end(&mut answer).await?;
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
        assert!(matches!(
            Server::new("https://example.test", "t"),
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

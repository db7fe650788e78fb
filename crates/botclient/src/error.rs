//! What can go wrong for a bot client, as values a caller can act on.

use thiserror::Error;

/// Why the client stopped, or why one request failed.
#[derive(Debug, Error)]
pub enum ClientError {
    #[error("the server address `{0}` is not http(s)://HOST[:PORT][/PATH]")]
    BadUrl(String),
    #[error("the server does not know this token (401 bad_token): it is unknown or revoked")]
    BadToken,
    #[error("the token was revoked: the server closed its connections")]
    Revoked,
    #[error("the server refused: {status} {code}: {message}")]
    Refused {
        status: u16,
        code: String,
        message: String,
    },
    #[error("bad options: {0}")]
    Options(String),
    #[error("no bot `{0}`: give a level (random, heavy, count, heuristic, expert) or a bot spec")]
    UnknownBot(String),
    /// The server's TLS certificate does not verify: trying again cannot
    /// help until it, or the client's roots, change.
    #[error("the TLS certificate of {host} is not trusted: {reason} (a private CA's certificate, or the server's own, can be given as a CA file: `domino bot --ca-file`, or `ca_file=` in Python)")]
    Certificate { host: String, reason: String },
    #[error("connection: {0}")]
    Io(#[from] std::io::Error),
    #[error("WebSocket: {0}")]
    Socket(Box<tokio_tungstenite::tungstenite::Error>),
    #[error("the server's answer is not what the bot API says: {0}")]
    Protocol(String),
    #[error("the policy failed: {0}")]
    Policy(String),
}

impl From<tokio_tungstenite::tungstenite::Error> for ClientError {
    fn from(e: tokio_tungstenite::tungstenite::Error) -> ClientError {
        use tokio_tungstenite::tungstenite::Error as E;
        match &e {
            E::Http(r) if r.status().as_u16() == 401 => ClientError::BadToken,
            _ => ClientError::Socket(Box::new(e)),
        }
    }
}

impl ClientError {
    /// Whether trying again later cannot help: the token is dead, the
    /// options are wrong, the server's certificate does not verify, or no
    /// player could be made for a table. (A player that fails at a
    /// decision does not stop the client: a legal action is played
    /// instead, and reported.) Everything else (a lost connection, a
    /// refusal for now) is retried with backoff.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            ClientError::BadToken
                | ClientError::Revoked
                | ClientError::BadUrl(_)
                | ClientError::Certificate { .. }
                | ClientError::Options(_)
                | ClientError::UnknownBot(_)
                | ClientError::Policy(_)
        ) || matches!(self, ClientError::Refused { status: 401, .. })
    }

    /// The refusal's code, for a refusal.
    pub fn code(&self) -> Option<&str> {
        match self {
            ClientError::Refused { code, .. } => Some(code),
            _ => None,
        }
    }
}

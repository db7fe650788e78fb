//! A `/ws` connection opened with the bot's token, and the JSON messages
//! sent and read on it.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::error::ClientError;
use crate::http::Server;
use crate::pace::Pace;
use crate::tls::Stream;
use domino_protocol::socket::Sent;

/// The close code the server ends a revoked token's connections with.
pub const REVOKED_CLOSE: u16 = 4001;

/// One open `/ws`.
#[derive(Debug)]
pub struct Socket {
    ws: WebSocketStream<Stream>,
    pace: Pace,
}

impl Socket {
    /// Open `/ws` (`wss` for an https server; with `Authorization:
    /// Bearer` when the server value has a token); a refused token is
    /// [`ClientError::BadToken`].
    pub async fn open(server: &Server) -> Result<Socket, ClientError> {
        let mut request = server.ws_url().into_client_request()?;
        if let Some(token) = server.token() {
            let bearer = HeaderValue::from_str(&format!("Bearer {token}"))
                .map_err(|_| ClientError::BadToken)?;
            request.headers_mut().insert("authorization", bearer);
        }
        let stream = server.connect().await?;
        let (ws, _) = tokio_tungstenite::client_async(request, stream).await?;
        Ok(Socket {
            ws,
            pace: server.pace().clone(),
        })
    }

    pub async fn send(&mut self, message: &Sent) -> Result<(), ClientError> {
        let text = serde_json::to_string(message)
            .map_err(|e| ClientError::Protocol(format!("a request that does not write: {e}")))?;
        self.pace.wait().await;
        self.ws.send(Message::text(text)).await?;
        Ok(())
    }

    /// The next JSON message; `None` once the server closed the socket
    /// (a revoked token's close is [`ClientError::Revoked`]).
    pub async fn next(&mut self) -> Result<Option<Value>, ClientError> {
        while let Some(frame) = self.ws.next().await {
            match frame? {
                Message::Text(text) => {
                    let v = serde_json::from_str(text.as_str())
                        .map_err(|e| ClientError::Protocol(format!("not JSON: {e}")))?;
                    return Ok(Some(v));
                }
                Message::Close(Some(close)) if u16::from(close.code) == REVOKED_CLOSE => {
                    return Err(ClientError::Revoked)
                }
                Message::Close(_) => return Ok(None),
                // Pings are answered by tungstenite itself.
                _ => {}
            }
        }
        Ok(None)
    }

    /// Close politely; the socket is gone either way.
    pub async fn close(mut self) {
        let _ = self
            .ws
            .close(Some(tokio_tungstenite::tungstenite::protocol::CloseFrame {
                code: CloseCode::Normal,
                reason: "".into(),
            }))
            .await;
    }
}

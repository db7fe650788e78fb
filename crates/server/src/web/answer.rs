//! HTTP answers in one shape: a handler returns `Result<T, HttpRefusal>`,
//! and every refusal (the handler's own, a store that failed, a body that
//! does not parse) is its status with `{"code", "message"}` as the body.

use axum::body::Bytes;
use axum::extract::{FromRequest, OptionalFromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use domino_league::name::NameError;
use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::strict;

/// A refused HTTP request: its status, and the refusal as its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRefusal {
    pub status: StatusCode,
    pub refusal: Refusal,
    /// What exactly was refused, as facts a page says in its own language
    /// (a score sheet's hand: `{"kind", "facts"}`); sent as `reason`.
    pub reason: Option<serde_json::Value>,
}

/// The body of a refusal that carries a reason.
#[derive(serde::Serialize)]
struct WithReason<'a> {
    #[serde(flatten)]
    refusal: &'a Refusal,
    reason: &'a serde_json::Value,
}

impl HttpRefusal {
    pub fn new(status: StatusCode, code: Code, message: impl std::fmt::Display) -> HttpRefusal {
        HttpRefusal {
            status,
            refusal: Refusal::new(code, message.to_string()),
            reason: None,
        }
    }

    /// The refusal with `reason`'s facts beside its message (the message
    /// stays for clients that only read it).
    pub fn with_reason(mut self, reason: &impl serde::Serialize) -> HttpRefusal {
        self.reason = serde_json::to_value(reason).ok();
        self
    }

    /// A fault of the server's own (the store could not say, a stored
    /// value does not read back): logged, and answered 500 `internal`.
    pub fn internal(e: impl std::fmt::Display) -> HttpRefusal {
        tracing::error!("answering 500: {e}");
        HttpRefusal::new(StatusCode::INTERNAL_SERVER_ERROR, Code::Internal, e)
    }
}

/// A refusal answered with its code's status.
impl From<Refusal> for HttpRefusal {
    fn from(refusal: Refusal) -> HttpRefusal {
        HttpRefusal {
            status: refusal.code.status(),
            refusal,
            reason: None,
        }
    }
}

/// A refused display name: 400 `bad_name`.
impl From<NameError> for HttpRefusal {
    fn from(e: NameError) -> HttpRefusal {
        HttpRefusal::from(Refusal::from(e))
    }
}

impl IntoResponse for HttpRefusal {
    fn into_response(self) -> Response {
        match &self.reason {
            Some(reason) => (
                self.status,
                axum::Json(WithReason {
                    refusal: &self.refusal,
                    reason,
                }),
            )
                .into_response(),
            None => (self.status, axum::Json(self.refusal)).into_response(),
        }
    }
}

impl From<sqlx::Error> for HttpRefusal {
    fn from(e: sqlx::Error) -> HttpRefusal {
        HttpRefusal::internal(e)
    }
}

/// A stored JSON column that does not read back is the server's fault.
impl From<serde_json::Error> for HttpRefusal {
    fn from(e: serde_json::Error) -> HttpRefusal {
        HttpRefusal::internal(format!("a stored value does not read: {e}"))
    }
}

/// A refusal answered over HTTP: `status`, with `{"code", "message"}` as
/// its body.
pub fn http_refusal(status: StatusCode, code: Code, message: impl std::fmt::Display) -> Response {
    HttpRefusal::new(status, code, message).into_response()
}

/// The answer to an HTTP request that failed on the server's side (see
/// [`HttpRefusal::internal`]).
pub fn internal(e: impl std::fmt::Display) -> Response {
    HttpRefusal::internal(e).into_response()
}

/// A JSON body, read like axum's `Json` but strictly (a struct only from a
/// JSON object, `domino_protocol::strict`) and refused in the API's shape:
/// a body that does not parse (bad syntax, or a value of the wrong type)
/// is 400 `bad_json` with serde's words and the path to the bad value; one
/// too large keeps its 413; one without `Content-Type: application/json`
/// ([`is_json`]) is 415 `not_json`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

/// Answered as axum's `Json` is.
impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// The body is JSON (`application/json`, parameters allowed): what the
/// guard in front of every route (`web::trust`) asks of a write, and what
/// a JSON body is read from.
pub(crate) fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

async fn read<T: DeserializeOwned, S: Send + Sync>(
    req: Request,
    state: &S,
) -> Result<Json<T>, HttpRefusal> {
    if !is_json(req.headers()) {
        return Err(HttpRefusal::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Code::NotJson,
            "send the body as JSON (Content-Type: application/json)",
        ));
    }
    let bytes = Bytes::from_request(req, state).await.map_err(|r| {
        let status = r.status();
        let code = if status == StatusCode::PAYLOAD_TOO_LARGE {
            Code::TooLarge
        } else {
            Code::BadRequest
        };
        HttpRefusal::new(status, code, r.body_text())
    })?;
    strict::from_slice(&bytes).map(Json).map_err(|e| {
        let what = if e.syntax {
            "the body is not JSON"
        } else {
            "the body's JSON does not fit"
        };
        HttpRefusal::new(
            StatusCode::BAD_REQUEST,
            Code::BadJson,
            format!("{what}: {e}"),
        )
    })
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = HttpRefusal;

    async fn from_request(req: Request, state: &S) -> Result<Json<T>, HttpRefusal> {
        read(req, state).await
    }
}

/// As an `Option`: no body (no content type) is `None`, as with axum's.
impl<T: DeserializeOwned, S: Send + Sync> OptionalFromRequest<S> for Json<T> {
    type Rejection = HttpRefusal;

    async fn from_request(req: Request, state: &S) -> Result<Option<Json<T>>, HttpRefusal> {
        if req.headers().get(CONTENT_TYPE).is_none() {
            return Ok(None);
        }
        read(req, state).await.map(Some)
    }
}

/// A query string, read like axum's `Query` but refused in the API's
/// shape: one that does not parse (a field missing or unknown, a value of
/// the wrong type) is 400 `bad_request` with serde's words, as JSON.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> axum::extract::FromRequestParts<S> for Query<T> {
    type Rejection = HttpRefusal;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Query<T>, HttpRefusal> {
        match <axum::extract::Query<T> as axum::extract::FromRequestParts<S>>::from_request_parts(
            parts, state,
        )
        .await
        {
            Ok(axum::extract::Query(v)) => Ok(Query(v)),
            Err(r) => Err(HttpRefusal::new(
                StatusCode::BAD_REQUEST,
                Code::BadRequest,
                r.body_text(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use axum::body::Body;

    #[derive(serde::Deserialize, Debug)]
    struct Counts {
        #[allow(dead_code)]
        counts: Vec<u16>,
    }

    async fn body_of(r: Response) -> (StatusCode, serde_json::Value) {
        let status = r.status();
        let bytes = axum::body::to_bytes(r.into_body(), 1 << 16).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    fn post(body: &'static str) -> Request {
        Request::builder()
            .method("POST")
            .header("content-type", "application/json")
            .body(Body::from(body))
            .unwrap()
    }

    #[tokio::test]
    async fn a_body_that_does_not_parse_is_refused_in_the_api_shape() {
        for body in [r#"{"counts":[-1,2,3,4]}"#, "{not json"] {
            let r = <Json<Counts> as FromRequest<()>>::from_request(post(body), &())
                .await
                .unwrap_err();
            let (status, v) = body_of(r.into_response()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(v["code"], "bad_json", "{body}");
            assert!(v["message"].as_str().unwrap().contains("JSON"), "{v}");
        }
        // A list where an object is asked (serde alone reads `[[1]]` as
        // `{"counts": [1]}`), and a body sent as something other than JSON.
        let r = <Json<Counts> as FromRequest<()>>::from_request(post("[[1]]"), &())
            .await
            .unwrap_err();
        let (status, v) = body_of(r.into_response()).await;
        assert_eq!(
            (status, v["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_json"))
        );
        assert!(
            v["message"]
                .as_str()
                .unwrap()
                .contains("invalid type: sequence"),
            "{v}"
        );
        let text = Request::builder()
            .method("POST")
            .header("content-type", "text/plain")
            .body(Body::from(r#"{"counts": [1]}"#))
            .unwrap();
        let r = <Json<Counts> as FromRequest<()>>::from_request(text, &())
            .await
            .unwrap_err();
        assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        // Only `application/json`, as the guard in front of every route
        // asks: another type of the JSON family is refused alike.
        let json_family = Request::builder()
            .method("POST")
            .header("content-type", "application/vnd.x+json; charset=utf-8")
            .body(Body::from(r#"{"counts": [1]}"#))
            .unwrap();
        let r = <Json<Counts> as FromRequest<()>>::from_request(json_family, &())
            .await
            .unwrap_err();
        assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let none = Request::builder()
            .method("POST")
            .body(Body::empty())
            .unwrap();
        let got = <Json<Counts> as OptionalFromRequest<()>>::from_request(none, &()).await;
        assert!(matches!(got, Ok(None)));
    }
}

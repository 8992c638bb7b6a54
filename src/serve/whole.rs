//! When a request is whole: its head is in (hyper's [`super::HEADER_TIMEOUT`]) and its body
//! too, read here within [`super::BODY_TIMEOUT`] before the request takes a render slot, so a
//! report whose body never comes holds nothing but its own connection, and that only until
//! the timeout (docs/room-page.md#budgets). The connection hears that its first request is
//! whole ([`Arrived`]) and stops counting as half-open (`per_client`).

use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::oneshot;

/// Tells a connection that a whole request arrived on it (a request extension).
#[derive(Clone)]
pub struct Arrived(Arc<Mutex<Option<oneshot::Sender<()>>>>);

impl Arrived {
    /// The signal a connection's requests carry, and what the connection waits on.
    pub fn new() -> (Arrived, oneshot::Receiver<()>) {
        let (tx, rx) = oneshot::channel();
        (Arrived(Arc::new(Mutex::new(Some(tx)))), rx)
    }

    fn fire(&self) {
        let sender = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(tx) = sender {
            let _ = tx.send(());
        }
    }
}

/// Reads a request's body (the guard lets only a report's through) within the body timeout,
/// then passes the request on whole: 408 and the connection closed when the body is late,
/// 413 when it is too large.
pub async fn layer(req: Request, next: Next) -> Response {
    let arrived = req.extensions().get::<Arrived>().cloned();
    let has_body = req.headers().contains_key(header::TRANSFER_ENCODING)
        || req
            .headers()
            .get(header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0");
    if !has_body {
        if let Some(a) = &arrived {
            a.fire();
        }
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let read =
        tokio::time::timeout(super::BODY_TIMEOUT, axum::body::to_bytes(body, usize::MAX)).await;
    let bytes = match read {
        Err(_) => {
            let mut r = (
                StatusCode::REQUEST_TIMEOUT,
                "the request's body came too slowly\n",
            )
                .into_response();
            r.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return r;
        }
        Ok(Err(_)) => {
            return (
                StatusCode::PAYLOAD_TOO_LARGE,
                "the request's body is too large\n",
            )
                .into_response();
        }
        Ok(Ok(b)) => b,
    };
    if let Some(a) = &arrived {
        a.fire();
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

//! The guard every request passes: the methods and bodies allowed, and the headers that keep
//! the pages private to the hall.

use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// GET and HEAD only, and a player's report (`POST /report`); no request body but the
/// report's; headers that keep the pages private to the hall.
pub(super) async fn guard(req: Request, next: Next) -> Response {
    let report = req.uri().path() == "/report";
    let post = report && req.method() == Method::POST;
    if req.method() != Method::GET && req.method() != Method::HEAD && !post {
        let allow = if report {
            "GET, HEAD, POST"
        } else {
            "GET, HEAD"
        };
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, allow)],
            if report {
                "GET, HEAD and POST only\n"
            } else {
                "GET and HEAD only\n"
            },
        )
            .into_response();
    }
    let has_body = req.headers().contains_key(header::TRANSFER_ENCODING)
        || req
            .headers()
            .get(header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0");
    if has_body && !post {
        return (StatusCode::PAYLOAD_TOO_LARGE, "requests carry no body\n").into_response();
    }
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    // Nothing is kept by a browser but a finished round at its versioned address.
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:",
        ),
    );
    res
}

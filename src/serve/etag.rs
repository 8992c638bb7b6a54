//! Entity tags of the room page's answers (docs/room-page.md#budgets): every page, fragment
//! and API answer carries a weak `ETag` made from its bytes, and a request whose
//! `If-None-Match` names it gets `304 Not Modified` and no body. A phone that polls its page
//! (no live stream for it) then costs a few hundred bytes while nothing changed. The tag is
//! of the bytes before compression, so it is weak (`W/"…"`): gzip, brotli and plain of one
//! page share it. Pages kept by `cache` bring their tag along; the rest are hashed here.

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The largest answer tagged (a page of a 1,000-board round is a few hundred KB).
const MAX_BYTES: usize = 8 << 20;

/// The weak tag of `body`: the first 64 bits of its SHA-256, in hex.
pub fn of(body: &[u8]) -> HeaderValue {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(body);
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    let hex = u64::from_be_bytes(first);
    HeaderValue::from_str(&format!("W/\"{hex:016x}\""))
        .unwrap_or(HeaderValue::from_static("W/\"\""))
}

/// Whether `If-None-Match` in `headers` names `tag` (weak comparison, `*` names any).
pub fn matches(headers: &HeaderMap, tag: &HeaderValue) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let Ok(ours) = tag.to_str().map(bare) else {
        return false;
    };
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || bare(t) == ours)
}

/// `304 Not Modified` for `tag`.
pub fn not_modified(tag: HeaderValue) -> Response {
    (
        StatusCode::NOT_MODIFIED,
        [
            (header::ETAG, tag),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ],
    )
        .into_response()
}

/// The middleware: tags every 200 answer to a GET or HEAD (not the live stream), and answers
/// 304 when the request already holds that tag.
pub async fn layer(req: Request, next: Next) -> Response {
    let tagged = (req.method() == Method::GET || req.method() == Method::HEAD)
        && req.uri().path() != "/events";
    if !tagged {
        return next.run(req).await;
    }
    let asked = req.headers().clone();
    let res = next.run(req).await;
    if res.status() != StatusCode::OK {
        return res;
    }
    if let Some(tag) = res.headers().get(header::ETAG).cloned() {
        return if matches(&asked, &tag) {
            not_modified(tag)
        } else {
            res
        };
    }
    let (mut parts, body) = res.into_parts();
    let Ok(bytes): Result<Bytes, _> = axum::body::to_bytes(body, MAX_BYTES).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let tag = of(&bytes);
    if matches(&asked, &tag) {
        return not_modified(tag);
    }
    parts.headers.insert(header::ETAG, tag);
    Response::from_parts(parts, Body::from(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asking(v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
        h
    }

    #[test]
    fn a_tag_is_of_the_bytes_and_compared_weakly() {
        let a = of(b"page one");
        assert_eq!(a, of(b"page one"));
        assert_ne!(a, of(b"page two"));
        let bare = a.to_str().unwrap().trim_start_matches("W/").to_string();
        assert!(matches(&asking(a.to_str().unwrap()), &a));
        assert!(
            matches(&asking(&bare), &a),
            "a strong spelling matches weakly"
        );
        assert!(
            matches(&asking(&format!("\"x\", {bare}")), &a),
            "one of a list"
        );
        assert!(matches(&asking("*"), &a));
        assert!(!matches(&asking("W/\"0000\""), &a));
        assert!(!matches(&HeaderMap::new(), &a));
    }
}

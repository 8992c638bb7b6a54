//! Rendered pages kept per log version. When a result comes in, every open phone re-fetches
//! its page at once; the first request of each page renders it and the rest get the same
//! bytes, until the next change. The wall (clocks move) and searches are not kept. Each page
//! is kept with its entity tag (`etag`), so a phone asking whether its copy is still current
//! gets its 304 without a render or a hash.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::follow::Feed;

/// Distinct pages kept for one version (languages × pages × players).
const MAX_PAGES: usize = 2048;
/// The largest page kept.
const MAX_BYTES: usize = 4 << 20;

#[derive(Default)]
struct Inner {
    version: u64,
    pages: HashMap<String, Kept>,
}

/// A page as rendered, with its tag.
#[derive(Clone, Debug, PartialEq)]
struct Kept {
    page: Bytes,
    tag: HeaderValue,
    /// What the page said about keeping it (a finished round's versioned address).
    keep: Option<HeaderValue>,
}

/// The shared store.
#[derive(Clone, Default)]
pub struct Cache(Arc<Mutex<Inner>>);

impl Cache {
    fn get(&self, version: u64, key: &str) -> Option<Kept> {
        let inner = self.0.lock().ok()?;
        (inner.version == version)
            .then(|| inner.pages.get(key).cloned())
            .flatten()
    }

    /// Keeps `page` as rendered at `version`; a page of an older version than the store's is
    /// dropped, a newer one starts the store afresh.
    fn put(&self, version: u64, key: String, page: Kept) {
        let Ok(mut inner) = self.0.lock() else { return };
        if version < inner.version {
            return;
        }
        if version > inner.version {
            inner.pages.clear();
            inner.version = version;
        }
        if inner.pages.len() < MAX_PAGES {
            inner.pages.insert(key, page);
        }
    }
}

/// Whether `path` is a page that depends on the log alone.
fn cacheable(path: &str) -> bool {
    matches!(
        path,
        "/" | "/standings" | "/crosstable" | "/teams" | "/prizes"
    ) || path.starts_with("/round/")
        || path.starts_with("/player/")
}

/// The middleware: serve a kept page, or render, keep and serve it.
pub async fn layer(
    State((feed, cache)): State<(Feed, Cache)>,
    req: Request,
    next: Next,
) -> Response {
    if req.method() != Method::GET || !cacheable(req.uri().path()) {
        return next.run(req).await;
    }
    let key = req.uri().to_string();
    // Read before rendering: the page is at least this fresh.
    let version = feed.current().version;
    if let Some(kept) = cache.get(version, &key) {
        if super::etag::matches(req.headers(), &kept.tag) {
            return super::etag::not_modified(kept.tag);
        }
        let mut res = (
            StatusCode::OK,
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/html; charset=utf-8"),
                ),
                (header::ETAG, kept.tag),
            ],
            kept.page,
        )
            .into_response();
        if let Some(keep) = kept.keep {
            res.headers_mut().insert(header::CACHE_CONTROL, keep);
        }
        return res;
    }
    let res = next.run(req).await;
    if res.status() != StatusCode::OK {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    match axum::body::to_bytes(body, MAX_BYTES).await {
        Ok(bytes) => {
            let tag = super::etag::of(&bytes);
            parts.headers.insert(header::ETAG, tag.clone());
            let kept = Kept {
                page: bytes.clone(),
                tag,
                keep: parts.headers.get(header::CACHE_CONTROL).cloned(),
            };
            cache.put(version, key, kept);
            Response::from_parts(parts, Body::from(bytes))
        }
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_version_starts_afresh_and_an_older_one_is_dropped() {
        let c = Cache::default();
        let kept = |b: &'static [u8]| Kept {
            page: Bytes::from_static(b),
            tag: crate::serve::etag::of(b),
            keep: None,
        };
        c.put(2, "/".into(), kept(b"v2"));
        assert_eq!(c.get(2, "/"), Some(kept(b"v2")));
        assert_eq!(c.get(3, "/"), None, "stale for version 3");
        c.put(1, "/standings".into(), kept(b"v1"));
        assert_eq!(c.get(2, "/standings"), None, "an older render is not kept");
        c.put(3, "/standings".into(), kept(b"v3"));
        assert_eq!(c.get(2, "/"), None, "version 2's pages are gone");
        assert_eq!(c.get(3, "/standings"), Some(kept(b"v3")));
    }

    #[test]
    fn only_pages_of_the_log_are_kept() {
        assert!(cacheable("/") && cacheable("/player/3") && cacheable("/round/2"));
        assert!(!cacheable("/wall") && !cacheable("/find") && !cacheable("/api/all"));
    }
}

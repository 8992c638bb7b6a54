//! The live stream (`/events`): server-sent versions, each client and the server holding
//! a bounded share of the streams.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Extension, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast::error::RecvError;

use super::App;
use crate::serve::per_client;

/// The live stream: the current version at once, then each new one. A stream that falls
/// behind (a phone asleep, a slow link) gets `resync` instead of the versions it missed.
/// A stream over its client's share or the server's is refused and its connection closed,
/// so the refusal holds no connection a page could use (the page's script then reads the
/// page every few seconds, and asks for a stream again later: docs/room-page.md#budgets).
pub(super) async fn events(
    State(app): State<App>,
    peer: Option<Extension<per_client::Peer>>,
) -> Response {
    let refused = || {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONNECTION, "close"), (header::RETRY_AFTER, "30")],
            "too many live streams\n",
        )
            .into_response()
    };
    let ticket = match &peer {
        Some(Extension(p)) => match p.stream() {
            Some(t) => Some(t),
            None => return refused(),
        },
        None => None,
    };
    let Ok(permit) = Arc::clone(&app.streams).try_acquire_owned() else {
        return refused();
    };
    let first = app.feed.current().version;
    let rx = app.feed.changes.subscribe();
    Sse::new(versions(rx, first, (permit, ticket)))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

fn update(v: u64) -> SseEvent {
    SseEvent::default().event("update").data(v.to_string())
}

/// The stream's versions; `permit` (the stream's place on the server and its client's)
/// is held until the stream ends.
fn versions<H: Send + 'static>(
    rx: tokio::sync::broadcast::Receiver<u64>,
    first: u64,
    permit: H,
) -> impl Stream<Item = Result<SseEvent, Infallible>> {
    stream::unfold(
        (rx, Some(first), permit),
        |(mut rx, first, permit)| async move {
            if let Some(v) = first {
                return Some((Ok(update(v)), (rx, None, permit)));
            }
            let ev = match rx.recv().await {
                Ok(v) => update(v),
                Err(RecvError::Lagged(_)) => SseEvent::default().event("resync").data("lagged"),
                Err(RecvError::Closed) => return None,
            };
            Some((Ok(ev), (rx, None, permit)))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt;
    use tokio::sync::Semaphore;
    use tokio::sync::broadcast;

    fn name_of(e: &SseEvent) -> String {
        format!("{e:?}")
    }

    #[tokio::test]
    async fn a_stream_that_falls_behind_is_told_to_resync() {
        let (tx, rx) = broadcast::channel(4);
        let permit = Arc::new(Semaphore::new(1))
            .try_acquire_owned()
            .expect("a permit");
        let s = versions(rx, 1, permit);
        futures_util::pin_mut!(s);
        let first = s.next().await.expect("first").expect("infallible");
        assert!(name_of(&first).contains("update"));
        // Ten changes while this client reads nothing: more than the backlog holds.
        for v in 2..12 {
            tx.send(v).expect("a receiver");
        }
        let next = s.next().await.expect("next").expect("infallible");
        assert!(name_of(&next).contains("resync"), "{next:?}");
        // Then it carries on with what is still held.
        let after = s.next().await.expect("after").expect("infallible");
        assert!(name_of(&after).contains("update"));
        drop(tx);
        // The server's side closed: the stream ends once drained.
        let mut rest = 0;
        while s.next().await.is_some() {
            rest += 1;
        }
        assert!(rest <= 4);
    }

    #[tokio::test]
    async fn the_stream_permit_is_released_when_a_stream_ends() {
        let sem = Arc::new(Semaphore::new(1));
        let (tx, rx) = broadcast::channel(4);
        let permit = Arc::clone(&sem).try_acquire_owned().expect("a permit");
        assert!(
            Arc::clone(&sem).try_acquire_owned().is_err(),
            "only one stream"
        );
        drop(versions(rx, 1, permit));
        drop(tx);
        assert!(sem.try_acquire_owned().is_ok(), "the permit came back");
    }
}

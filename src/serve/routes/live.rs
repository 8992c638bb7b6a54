//! The live stream (`/events`): server-sent versions, each client and the server holding
//! a bounded share of the streams.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Extension, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt as _;
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast::error::RecvError;

use serde::Deserialize;

use super::App;
use crate::serve::delta::{self, Change, Start, Step};
use crate::serve::per_client;
use crate::serve::topic::Topic;

/// The live stream: the current version at once, then each new one. A stream that falls
/// behind (a phone asleep, a slow link) gets `resync` instead of the versions it missed.
/// A stream over its client's share or the server's is refused and its connection closed,
/// so the refusal holds no connection a page could use (the page's script then reads the
/// page every few seconds, and asks for a stream again later: docs/room-page.md#budgets).
/// What a stream may ask for: the page it is on and its language (`serve::delta`), and the
/// event id it last had when it cannot send `Last-Event-ID` (a new `EventSource`).
#[derive(Debug, Default, Deserialize)]
pub(super) struct Follow {
    page: Option<String>,
    no: Option<String>,
    round: Option<String>,
    q: Option<String>,
    lang: Option<String>,
    last: Option<String>,
}

impl Follow {
    fn topic(&self) -> Option<Topic> {
        Topic::parse(
            self.page.as_deref()?,
            self.no.as_deref(),
            self.round.as_deref(),
            self.q.as_deref(),
            self.lang.as_deref(),
        )
    }
}

pub(super) async fn events(
    State(app): State<App>,
    peer: Option<Extension<per_client::Peer>>,
    Query(follow): Query<Follow>,
    headers: HeaderMap,
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
    let run = app.deltas.run;
    if let Some(topic) = follow.topic() {
        // The header when the browser reconnects by itself, else what the page said it holds.
        let last = headers
            .get("last-event-id")
            .and_then(|v| v.to_str().ok())
            .or(follow.last.as_deref())
            .and_then(delta::parse_id);
        let text = crate::serve::topic::find_key(follow.q.as_deref().unwrap_or("")).0;
        let (rx, following, start) = app.deltas.subscribe(last, topic, text);
        let first: Vec<SseEvent> = match start {
            Start::Current => Vec::new(),
            Start::Replay(steps) => steps
                .iter()
                .filter_map(|s| step_event(run, s, topic))
                .collect(),
            Start::Full => vec![update(run, app.feed.current().version)],
        };
        return Sse::new(steps(rx, first, topic, run, (permit, ticket, following)))
            .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
            .into_response();
    }
    let first = app.feed.current().version;
    let rx = app.feed.changes.subscribe();
    Sse::new(versions(rx, first, run, (permit, ticket)))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

/// `update`: the page is to be read again; its id `RUN.VERSION`.
fn update(run: u64, v: u64) -> SseEvent {
    SseEvent::default()
        .event("update")
        .id(format!("{run}.{v}"))
        .data(v.to_string())
}

/// A step as `topic`'s page gets it: `delta` with what changed, `update`, or nothing when
/// the page did not change.
fn step_event(run: u64, s: &Step, topic: Topic) -> Option<SseEvent> {
    match s.change(topic) {
        Change::Same => None,
        Change::Set(json) => Some(
            SseEvent::default()
                .event("delta")
                .id(format!("{run}.{}", s.to))
                .data(json.as_str()),
        ),
        Change::Full => Some(update(run, s.to)),
    }
}

/// The stream of a page that gets deltas: `first` (what it missed), then each step. One that
/// falls behind gets `resync` and reads its page again.
fn steps<H: Send + 'static>(
    rx: tokio::sync::broadcast::Receiver<Arc<Step>>,
    first: Vec<SseEvent>,
    topic: Topic,
    run: u64,
    permit: H,
) -> impl Stream<Item = Result<SseEvent, Infallible>> {
    let first = stream::iter(first.into_iter().map(Ok));
    let rest = stream::unfold((rx, permit), move |(mut rx, permit)| async move {
        // A step that left the page as it was sends nothing.
        let ev = loop {
            match rx.recv().await {
                Ok(s) => {
                    if let Some(ev) = step_event(run, &s, topic) {
                        break ev;
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    break SseEvent::default().event("resync").data("lagged");
                }
                Err(RecvError::Closed) => return None,
            }
        };
        Some((Ok(ev), (rx, permit)))
    });
    first.chain(rest)
}

/// The stream's versions; `permit` (the stream's place on the server and its client's)
/// is held until the stream ends.
fn versions<H: Send + 'static>(
    rx: tokio::sync::broadcast::Receiver<u64>,
    first: u64,
    run: u64,
    permit: H,
) -> impl Stream<Item = Result<SseEvent, Infallible>> {
    stream::unfold(
        (rx, Some(first), permit),
        move |(mut rx, first, permit)| async move {
            if let Some(v) = first {
                return Some((Ok(update(run, v)), (rx, None, permit)));
            }
            let ev = match rx.recv().await {
                Ok(v) => update(run, v),
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
        let s = versions(rx, 1, 0, permit);
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
        drop(versions(rx, 1, 0, permit));
        drop(tx);
        assert!(sem.try_acquire_owned().is_ok(), "the permit came back");
    }
}

//! The routes of the room page and their guards. Every handler reads the latest snapshot;
//! nothing a request carries is used but the language, the search text and a number (no
//! path of a request ever reaches the file system). The one request with a body is a
//! player's report (`POST /report`, docs/self-report.md), a small form.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{Extension, Path, Query, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use chrono::{Timelike, Utc};
use futures_util::stream::{self, Stream};
use maud::Markup;
use serde::Deserialize;
use tokio::sync::Semaphore;
use tokio::sync::broadcast::error::RecvError;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::follow::{Feed, Snapshot};
use super::pages::{self, Ctx, Tab};
use super::{api, per_client, view};
use crate::domain::rules::Lang;
use crate::domain::zone::EventZone;
use crate::domain::{PlayerNo, Round};
use crate::export::{awards, rows};

/// Limits of one server (the defaults suit a hall: a few hundred phones and a TV).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Pages and API answers rendered at once; more wait their turn.
    pub renders: usize,
    /// Event streams open at once; more get 503 (the page still reads without them).
    pub streams: usize,
    /// Longest time a page may take.
    pub page_timeout: Duration,
    /// Largest request body accepted (only a report's form carries one).
    pub body_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            renders: 32,
            streams: super::MAX_STREAMS,
            page_timeout: Duration::from_secs(10),
            body_bytes: 1024,
        }
    }
}

#[derive(Clone)]
pub(super) struct App {
    pub(super) feed: Feed,
    streams: Arc<Semaphore>,
    /// Wrong report codes per client (docs/self-report.md).
    pub(super) guesses: super::report::Guesses,
}

/// The query words a page understands; any other is ignored.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Params {
    pub(super) lang: Option<String>,
    /// `main`: only the page's main part, for the live script.
    pub(super) part: Option<String>,
    pub(super) q: Option<String>,
}

impl Params {
    fn lang(&self, snap: &Snapshot) -> Lang {
        match self.lang.as_deref() {
            Some("en") => Lang::En,
            Some("zh") => Lang::Zh,
            _ => snap.tournament.rules.lang.unwrap_or(Lang::Zh),
        }
    }

    fn fragment(&self) -> bool {
        self.part.as_deref() == Some("main")
    }
}

pub(super) fn ctx(snap: &Snapshot, p: &Params) -> Ctx {
    let lang = p.lang(snap);
    Ctx {
        lang,
        title: snap.tournament.title.clone(),
        damage: snap
            .damage
            .as_ref()
            .map(|d| crate::i18n::errors::damage(d, lang)),
        replaced: snap
            .replaced_at
            .filter(|t| {
                (chrono::Utc::now() - *t).to_std().unwrap_or_default()
                    < super::follow::REPLACED_SHOWN
            })
            .map(|t| {
                crate::domain::zone::EventZone::of(&snap.tournament.rules).format(t, "%H:%M:%S")
            }),
        version: snap.version,
    }
}

pub(super) fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// The page, or with `part=main` the warning (one line) and `main` for the live script.
fn respond(ctx: &Ctx, p: &Params, tab: Tab, path: &str, heading: &str, main: &Markup) -> Response {
    respond_with(StatusCode::OK, ctx, p, tab, path, heading, main)
}

fn respond_with(
    status: StatusCode,
    ctx: &Ctx,
    p: &Params,
    tab: Tab,
    path: &str,
    heading: &str,
    main: &Markup,
) -> Response {
    if p.fragment() {
        let warning = pages::warning(ctx).into_string().replace('\n', " ");
        return html(status, format!("{warning}\n{}", main.0));
    }
    html(
        status,
        pages::layout(ctx, tab, path, heading, main).into_string(),
    )
}

async fn round_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let t = &snap.tournament;
    let v = view::round(t, t.current_round(), ctx.lang);
    let heading = pages::round::heading(&ctx, v.as_ref());
    let main = pages::round::page(&ctx, v.as_ref());
    // A team event: the round's matches, team v team with the live score, above the boards.
    let main = maud::html! { (pages::team::summary(&ctx, t, t.current_round())) (main) };
    respond(&ctx, &p, Tab::Round, "/", &heading, &main)
}

async fn team_page(
    State(app): State<App>,
    Path(no): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let Some((heading, main)) = no
        .parse::<u32>()
        .ok()
        .and_then(|n| pages::team::team_page(&ctx, &snap.tournament, crate::domain::TeamNo(n)))
    else {
        return missing(&ctx, &p);
    };
    respond(
        &ctx,
        &p,
        Tab::Teams,
        &format!("/team/{no}"),
        &heading,
        &main,
    )
}

async fn match_page(
    State(app): State<App>,
    Path((round, k)): Path<(String, String)>,
    Query(p): Query<Params>,
) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let found = match (round.parse::<u32>(), k.parse::<u32>()) {
        (Ok(r), Ok(k)) => pages::team::match_page(&ctx, &snap.tournament, Round(r), k),
        _ => None,
    };
    let Some((heading, main)) = found else {
        return missing(&ctx, &p);
    };
    respond(
        &ctx,
        &p,
        Tab::Round,
        &format!("/match/{round}/{k}"),
        &heading,
        &main,
    )
}

async fn past_round_page(
    State(app): State<App>,
    Path(n): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let t = &snap.tournament;
    let Some(v) = n
        .parse::<u32>()
        .ok()
        .and_then(|n| view::round(t, Round(n), ctx.lang))
    else {
        return missing(&ctx, &p);
    };
    let heading = pages::round::heading(&ctx, Some(&v));
    let main = pages::round::page(&ctx, Some(&v));
    let main = maud::html! { (pages::team::summary(&ctx, t, Round(v.round))) (main) };
    respond(
        &ctx,
        &p,
        Tab::Round,
        &format!("/round/{n}"),
        &heading,
        &main,
    )
}

async fn find_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    // A search is a few characters: the rest of an over-long one is ignored.
    let q: String = p.q.as_deref().unwrap_or("").chars().take(40).collect();
    // What the page says it searched for is shown escaped, as the names are.
    let q = crate::domain::text::escape(&q).into_owned();
    let hits = view::find(&snap.tournament, &q, ctx.lang);
    let main = pages::round::find(&ctx, &q, &hits);
    let heading = ctx.t("查找我的台次", "Find my board");
    respond(&ctx, &p, Tab::Find, "/find", heading, &main)
}

async fn standings_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let t = &snap.tournament;
    let (after, s) = rows::standings_for(t, None);
    let r = rows::standings(t, after, &s, ctx.lang);
    let main = pages::tables::page(&ctx, Some(&r), ("还没有棋手。", "No players yet."));
    respond(&ctx, &p, Tab::Standings, "/standings", &r.title, &main)
}

async fn crosstable_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let t = &snap.tournament;
    let (after, s) = rows::standings_for(t, None);
    let r = crate::export::crosstable(t, after, &s, ctx.lang);
    let main = pages::tables::page(&ctx, Some(&r), ("还没有棋手。", "No players yet."));
    respond(&ctx, &p, Tab::Crosstable, "/crosstable", &r.title, &main)
}

async fn teams_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let t = &snap.tournament;
    if t.rules.format.team().is_some() {
        let main = pages::team::teams(&ctx, t);
        let heading = ctx.t("团体成绩", "Team standings");
        return respond(&ctx, &p, Tab::Teams, "/teams", heading, &main);
    }
    let has_teams = t.players.iter().any(|pl| !pl.entry.team.is_empty());
    let r = has_teams.then(|| awards::teams_report(t, ctx.lang));
    let main = pages::tables::page(
        &ctx,
        r.as_ref(),
        ("本赛事没有团体成绩。", "This event has no team standings."),
    );
    let heading = ctx.t("团体成绩", "Team standings");
    respond(&ctx, &p, Tab::Teams, "/teams", heading, &main)
}

async fn prizes_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let t = &snap.tournament;
    let r = view::event_over(t).then(|| {
        let (after, s) = rows::standings_for(t, None);
        awards::prizes_report(t, &s, after.0, ctx.lang)
    });
    let main = pages::tables::page(
        &ctx,
        r.as_ref(),
        (
            "比赛结束后公布获奖名单。",
            "Prizes are shown once the event is over.",
        ),
    );
    let heading = ctx.t("获奖名单", "Prizes");
    respond(&ctx, &p, Tab::Prizes, "/prizes", heading, &main)
}

async fn player_page(
    State(app): State<App>,
    Path(no): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let Some(card) = no
        .parse::<u32>()
        .ok()
        .and_then(|n| view::card(&snap.tournament, PlayerNo(n), ctx.lang))
    else {
        return missing(&ctx, &p);
    };
    let main = pages::player::page(&ctx, &card);
    let heading = pages::player::heading(&card);
    respond(
        &ctx,
        &p,
        Tab::Player,
        &format!("/player/{no}"),
        &heading,
        &main,
    )
}

async fn wall_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&snap, &p);
    let t = &snap.tournament;
    let now = Utc::now();
    let v = view::round(t, t.current_round(), ctx.lang);
    let clocks = view::clocks(t, now);
    let data = pages::wall::WallData {
        round: v.as_ref(),
        clocks: &clocks,
        late: view::late(t, now, ctx.lang),
        time: EventZone::of(&t.rules).format(now, "%H:%M"),
        day_ms: u64::from(
            EventZone::of(&t.rules)
                .local(now)
                .time()
                .num_seconds_from_midnight(),
        ) * 1000,
        final_standings: crate::serve::final_standings::final_standings(
            t,
            pages::wall::ROWS * pages::wall::COLUMNS,
            ctx.lang,
        ),
    };
    let main = pages::wall::main(&ctx, &data);
    if p.fragment() {
        let warning = pages::warning(&ctx).into_string().replace('\n', " ");
        return html(StatusCode::OK, format!("{warning}\n{}", main.0));
    }
    html(StatusCode::OK, pages::wall::page(&ctx, &main).into_string())
}

async fn api_index() -> Response {
    let v = serde_json::json!({
        "routes": api::NAMES.iter().map(|n| format!("/api/{n}")).collect::<Vec<_>>(),
        "events": "/events",
    });
    json(StatusCode::OK, &v)
}

async fn api_route(State(app): State<App>, Path(name): Path<String>) -> Response {
    let Some(what) = api::what(&name) else {
        return json(
            StatusCode::NOT_FOUND,
            &serde_json::json!({"error": "no such route", "routes": api::NAMES}),
        );
    };
    let snap = app.feed.current();
    match api::value(&snap.tournament, what, Utc::now()) {
        Ok(v) => {
            let mut r = json(StatusCode::OK, &v);
            if let Ok(h) = HeaderValue::from_str(&snap.version.to_string()) {
                r.headers_mut().insert("x-bianpai-version", h);
            }
            r
        }
        Err(e) => json(StatusCode::NOT_FOUND, &serde_json::json!({"error": e})),
    }
}

fn json(status: StatusCode, v: &serde_json::Value) -> Response {
    let body = serde_json::to_string(v).unwrap_or_else(|_| "null".into());
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}

/// The live stream: the current version at once, then each new one. A stream that falls
/// behind (a phone asleep, a slow link) gets `resync` instead of the versions it missed.
/// A stream over its client's share or the server's is refused and its connection closed,
/// so the refusal holds no connection a page could use (the page reads on without it).
async fn events(State(app): State<App>, peer: Option<Extension<per_client::Peer>>) -> Response {
    let refused = || {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONNECTION, "close")],
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

fn missing(ctx: &Ctx, p: &Params) -> Response {
    let main = pages::not_found(ctx);
    let heading = ctx.t("找不到", "Not found");
    respond_with(
        StatusCode::NOT_FOUND,
        ctx,
        p,
        Tab::Round,
        "/",
        heading,
        &main,
    )
}

async fn fallback(State(app): State<App>, Query(p): Query<Params>, req: Request) -> Response {
    if req.uri().path().starts_with("/api/") {
        return json(
            StatusCode::NOT_FOUND,
            &serde_json::json!({"error": "no such route", "routes": api::NAMES}),
        );
    }
    let snap = app.feed.current();
    missing(&ctx(&snap, &p), &p)
}

/// GET and HEAD only, and a player's report (`POST /report`); no request body but the
/// report's; headers that keep the pages private to the hall.
async fn guard(req: Request, next: Next) -> Response {
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
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
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

/// The whole application.
pub fn router(feed: Feed, limits: Limits) -> Router<()> {
    let cache_state = (feed.clone(), super::cache::Cache::default());
    let app = App {
        feed,
        streams: Arc::new(Semaphore::new(limits.streams)),
        guesses: super::report::Guesses::default(),
    };
    let pages = Router::new()
        .route("/", get(round_page))
        .route("/round/{n}", get(past_round_page))
        .route("/find", get(find_page))
        .route("/standings", get(standings_page))
        .route("/crosstable", get(crosstable_page))
        .route("/teams", get(teams_page))
        .route("/prizes", get(prizes_page))
        .route("/player/{no}", get(player_page))
        .route("/team/{no}", get(team_page))
        .route("/match/{round}/{k}", get(match_page))
        .route("/wall", get(wall_page))
        .route(
            "/report",
            get(super::report::form_page).post(super::report::submit),
        )
        .route("/api", get(api_index))
        .route("/api/{name}", get(api_route))
        .fallback(fallback)
        .layer(middleware::from_fn_with_state(
            cache_state,
            super::cache::layer,
        ))
        // The timeout wraps the wait for a render slot too: a queue never grows unbounded.
        .layer(GlobalConcurrencyLimitLayer::new(limits.renders))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            limits.page_timeout,
        ));
    Router::new()
        .route("/events", get(events))
        .merge(pages)
        .layer(middleware::from_fn(guard))
        .layer(RequestBodyLimitLayer::new(limits.body_bytes))
        .with_state(app)
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt;
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

//! The routes of the room page and their guards. Every handler reads the latest snapshot;
//! nothing a request carries is used but the language, the search text and a number (no
//! path of a request ever reaches the file system). The one request with a body is a
//! player's report (`POST /report`, docs/self-report.md), a small form. The pages' handlers
//! are in `handlers`, the JSON API's in `json`, the live stream in `live`, the guard every
//! request passes in `guard`.

mod guard;
mod handlers;
mod json;
mod live;

pub(crate) use handlers::{find_main, page_main, wall_main};

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{Query, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::Markup;
use serde::Deserialize;
use tokio::sync::Semaphore;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::api;
use super::follow::{Feed, Snapshot};
use super::pages::{self, Ctx, Tab};
use crate::domain::rules::Lang;

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
    /// A phone's wait between reads of its page when it has no stream (jittered up to twice).
    pub poll: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            renders: 32,
            streams: super::MAX_STREAMS,
            page_timeout: Duration::from_secs(10),
            body_bytes: 1024,
            poll: Duration::from_secs(super::POLL_SECS),
        }
    }
}

#[derive(Clone)]
pub(super) struct App {
    pub(super) feed: Feed,
    streams: Arc<Semaphore>,
    /// Wrong report codes per client (docs/self-report.md).
    pub(super) guesses: super::report::Guesses,
    /// What pages tell their script: the wait between reads without a stream.
    poll_ms: u64,
    /// What changed at each step, for the round page's streams (`serve::delta`).
    pub(super) deltas: super::delta::Deltas,
}

/// The query words a page understands; any other is ignored.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Params {
    pub(super) lang: Option<String>,
    /// `main`: only the page's main part, for the live script.
    pub(super) part: Option<String>,
    pub(super) q: Option<String>,
    /// A finished round's tag (`/round/N?v=TAG`, `serve::finished`).
    pub(super) v: Option<String>,
}

impl Params {
    fn lang(&self, snap: &Snapshot) -> Lang {
        match self.lang.as_deref() {
            Some("en") => Lang::En,
            Some("zh") => Lang::Zh,
            _ => snap.tournament.rules.event_lang(),
        }
    }

    fn fragment(&self) -> bool {
        self.part.as_deref() == Some("main")
    }
}

pub(super) fn ctx(app: &App, snap: &Snapshot, p: &Params) -> Ctx {
    ctx_of(snap, p.lang(snap), app.poll_ms, app.deltas.run)
}

/// What a page in `lang` needs besides its own data; `run` is this run of the server's
/// number (`serve::delta`).
pub(crate) fn ctx_of(snap: &Snapshot, lang: Lang, poll_ms: u64, run: u64) -> Ctx {
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
        poll_ms,
        run,
        events: None,
        teams: {
            let t = &snap.tournament;
            t.rules.format.is_team() || t.rules.teams.is_some() || t.has_team_entries()
        },
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

fn missing(ctx: &Ctx, p: &Params) -> Response {
    let main = pages::not_found(ctx);
    let heading = ctx.label(crate::i18n::room::Label::NotFound);
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
        return json::json(
            StatusCode::NOT_FOUND,
            &serde_json::json!({"error": "no such route", "routes": api::NAMES}),
        );
    }
    let snap = app.feed.current();
    missing(&ctx(&app, &snap, &p), &p)
}

/// The whole application.
pub fn router(feed: Feed, limits: Limits) -> Router<()> {
    let cache_state = (feed.clone(), super::cache::Cache::default());
    let poll_ms = u64::try_from(limits.poll.as_millis()).unwrap_or(u64::MAX);
    let app = App {
        deltas: super::delta::start(&feed, poll_ms),
        feed,
        streams: Arc::new(Semaphore::new(limits.streams)),
        guesses: super::report::Guesses::default(),
        poll_ms,
    };
    let pages = Router::new()
        .route("/", get(handlers::round_page))
        .route("/round/{n}", get(handlers::past_round_page))
        .route("/find", get(handlers::find_page))
        .route("/standings", get(handlers::standings_page))
        .route("/crosstable", get(handlers::crosstable_page))
        .route("/teams", get(handlers::teams_page))
        .route("/prizes", get(handlers::prizes_page))
        .route("/player/{no}", get(handlers::player_page))
        .route("/team/{no}", get(handlers::team_page))
        .route("/match/{round}/{k}", get(handlers::match_page))
        .route("/wall", get(handlers::wall_page))
        .route(
            "/report",
            get(super::report::form_page).post(super::report::submit),
        )
        .route("/api", get(json::api_index))
        .route("/api/{name}", get(json::api_route))
        .fallback(fallback)
        .layer(middleware::from_fn_with_state(
            cache_state,
            super::cache::layer,
        ))
        // Outside the cache: a page kept there carries its tag already.
        .layer(middleware::from_fn(super::etag::layer))
        // gzip or brotli when the client accepts it (`Vary: Accept-Encoding`); the tag is of
        // the bytes before, so it holds for every encoding (docs/room-page.md#budgets).
        .layer(CompressionLayer::new().gzip(true).br(true))
        // The timeout wraps the wait for a render slot too: a queue never grows unbounded.
        .layer(GlobalConcurrencyLimitLayer::new(limits.renders))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            limits.page_timeout,
        ));
    Router::new()
        .route("/events", get(live::events))
        .merge(pages)
        // After the guard (only a report has a body), before the render slots.
        .layer(middleware::from_fn(super::whole::layer))
        .layer(middleware::from_fn(guard::guard))
        .layer(RequestBodyLimitLayer::new(limits.body_bytes))
        .with_state(app)
}

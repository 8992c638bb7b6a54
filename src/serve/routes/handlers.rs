//! The room page's pages: the current round, a past round, find-my-board, standings,
//! crosstable, teams, a team, a match, prizes, a player's card and the wall for the TV.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{Timelike, Utc};

use super::{App, Params, ctx, html, missing, respond};
use crate::domain::zone::EventZone;
use crate::domain::{PlayerNo, Round};
use crate::export::{awards, rows};
use crate::i18n::room::Label;
use crate::serve::pages::{self, Tab};
use crate::serve::topic::{Page, Topic, find_key};
use crate::serve::{finished, view};

pub(super) async fn round_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let mut ctx = ctx(&app, &snap, &p);
    // Its stream carries what changed (`serve::delta`).
    ctx.events = Some(Topic::new(Page::Round, ctx.lang).address(""));
    let (heading, main) = round_main(&ctx, &snap);
    respond(&ctx, &p, Tab::Round, "/", &heading, &main)
}

/// The current round page's heading and main part: the page and its deltas
/// (`serve::delta`) are drawn by this one function.
pub(crate) fn round_main(
    ctx: &pages::Ctx,
    snap: &crate::serve::follow::Snapshot,
) -> (String, maud::Markup) {
    let t = &snap.tournament;
    let v = view::round(t, t.current_round(), ctx.lang).map(|mut v| {
        v.tags = finished::tags(t, snap.damage.is_some());
        v
    });
    let heading = pages::round::heading(ctx, v.as_ref());
    let main = pages::round::page(ctx, v.as_ref());
    // A team event: the round's matches, team v team with the live score, above the boards.
    let main = maud::html! { (pages::team::summary(ctx, t, t.current_round())) (main) };
    (heading, main)
}

pub(super) async fn team_page(
    State(app): State<App>,
    Path(no): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let page = no.parse().ok().map(Page::Team);
    live_page(&app, &p, page, Tab::Teams, &format!("/team/{no}"))
}

pub(super) async fn match_page(
    State(app): State<App>,
    Path((round, k)): Path<(String, String)>,
    Query(p): Query<Params>,
) -> Response {
    let page = match (round.parse(), k.parse()) {
        (Ok(r), Ok(k)) => Some(Page::Match(r, k)),
        _ => None,
    };
    live_page(&app, &p, page, Tab::Round, &format!("/match/{round}/{k}"))
}

/// A page that follows its own stream of deltas (`serve::delta`), or the page that says
/// there is no such page.
fn live_page(app: &App, p: &Params, page: Option<Page>, tab: Tab, path: &str) -> Response {
    let snap = app.feed.current();
    let mut ctx = ctx(app, &snap, p);
    let Some((page, (heading, main))) =
        page.and_then(|page| Some((page, page_main(&ctx, &snap, page)?)))
    else {
        return missing(&ctx, p);
    };
    ctx.events = Some(Topic::new(page, ctx.lang).address(""));
    respond(&ctx, p, tab, path, &heading, &main)
}

/// The heading and main part of `page` as `snap` shows it, `None` for a page that is not
/// there: the page and its stream's deltas (`serve::delta`) are drawn by this one function.
/// The wall is drawn for a moment ([`wall_main`]) and the find page for its search text
/// ([`find_main`]), so neither is drawn here.
pub(crate) fn page_main(
    ctx: &pages::Ctx,
    snap: &crate::serve::follow::Snapshot,
    page: Page,
) -> Option<(String, maud::Markup)> {
    let t = &snap.tournament;
    let table =
        |r: Option<&crate::export::Report>, empty: Label| pages::tables::page(ctx, r, empty);
    match page {
        Page::Round => Some(round_main(ctx, snap)),
        Page::Wall | Page::Find(_) => None,
        Page::PastRound(n) => {
            let mut v = view::round(t, Round(n), ctx.lang)?;
            v.tags = finished::tags(t, snap.damage.is_some());
            let heading = pages::round::heading(ctx, Some(&v));
            let main = pages::round::page(ctx, Some(&v));
            let main = maud::html! { (pages::team::summary(ctx, t, Round(n))) (main) };
            Some((heading, main))
        }
        Page::Player(no) => {
            let card = view::card(t, PlayerNo(no), ctx.lang)?;
            Some((
                pages::player::heading(&card),
                pages::player::page(ctx, &card),
            ))
        }
        Page::Team(no) => pages::team::team_page(ctx, t, crate::domain::TeamNo(no)),
        Page::Match(r, k) => pages::team::match_page(ctx, t, Round(r), k),
        Page::Standings => {
            let (after, s) = rows::standings_for(t, None);
            let r = rows::standings(t, after, &s, ctx.lang);
            Some((r.title.clone(), table(Some(&r), Label::NoPlayersYet)))
        }
        Page::Crosstable => {
            let (after, s) = rows::standings_for(t, None);
            let r = crate::export::crosstable(t, after, &s, ctx.lang);
            Some((r.title.clone(), table(Some(&r), Label::NoPlayersYet)))
        }
        Page::Teams => {
            let heading = ctx.label(Label::TeamStandings).to_string();
            if t.rules.format.is_team() {
                return Some((heading, pages::team::teams(ctx, t)));
            }
            let r = t
                .has_team_entries()
                .then(|| awards::teams_report(t, ctx.lang));
            Some((heading, table(r.as_ref(), Label::NoTeamStandings)))
        }
        Page::Prizes => {
            let r = view::event_over(t).then(|| {
                let (after, s) = rows::standings_for(t, None);
                awards::prizes_report(t, &s, after.0, ctx.lang)
            });
            let heading = ctx.label(Label::Prizes).to_string();
            Some((heading, table(r.as_ref(), Label::PrizesAfterEvent)))
        }
    }
}

pub(super) async fn past_round_page(
    State(app): State<App>,
    Path(n): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let page = n.parse().ok().map(Page::PastRound);
    let mut res = live_page(&app, &p, page, Tab::Round, &format!("/round/{n}"));
    // A finished round asked for by its tag is kept by the phone (`serve::finished`).
    let snap = app.feed.current();
    let t = &snap.tournament;
    let keep = res.status() == StatusCode::OK
        && p.v.is_some()
        && n.parse::<u32>().is_ok_and(|r| {
            finished::current(
                &finished::tags(t, snap.damage.is_some()),
                Round(r),
                p.v.as_deref(),
            )
        });
    if keep {
        res.headers_mut().insert(
            axum::http::header::CACHE_CONTROL,
            axum::http::HeaderValue::from_static(finished::IMMUTABLE),
        );
    }
    res
}

pub(super) async fn find_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let mut ctx = ctx(&app, &snap, &p);
    let raw = p.q.as_deref().unwrap_or("");
    let (q, key) = find_key(raw);
    // Its own stream: a seat moves only when a round is paired or started (`serve::topic`).
    ctx.events = Some(Topic::new(Page::Find(key), ctx.lang).address(raw));
    let main = find_main(&ctx, &snap, &q);
    let heading = ctx.label(Label::FindHeading);
    respond(&ctx, &p, Tab::Find, "/find", heading, &main)
}

/// The find page's main part for the search `q` as [`find_key`] gives it (cut short and
/// escaped, as the names are): the page and its stream's deltas are drawn by this one
/// function.
pub(crate) fn find_main(
    ctx: &pages::Ctx,
    snap: &crate::serve::follow::Snapshot,
    q: &str,
) -> maud::Markup {
    let hits = view::find(&snap.tournament, q);
    pages::round::find(ctx, q, &hits)
}

pub(super) async fn standings_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    live_page(
        &app,
        &p,
        Some(Page::Standings),
        Tab::Standings,
        "/standings",
    )
}

pub(super) async fn crosstable_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    live_page(
        &app,
        &p,
        Some(Page::Crosstable),
        Tab::Crosstable,
        "/crosstable",
    )
}

pub(super) async fn teams_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    live_page(&app, &p, Some(Page::Teams), Tab::Teams, "/teams")
}

pub(super) async fn prizes_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    live_page(&app, &p, Some(Page::Prizes), Tab::Prizes, "/prizes")
}

pub(super) async fn player_page(
    State(app): State<App>,
    Path(no): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let page = no.parse().ok().map(Page::Player);
    live_page(&app, &p, page, Tab::Player, &format!("/player/{no}"))
}

pub(super) async fn wall_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let mut ctx = ctx(&app, &snap, &p);
    ctx.events = Some(Topic::new(Page::Wall, ctx.lang).address(""));
    let main = wall_main(&ctx, &snap, Utc::now());
    if p.fragment() {
        let warning = pages::warning(&ctx).into_string().replace('\n', " ");
        return html(StatusCode::OK, format!("{warning}\n{}", main.0));
    }
    html(StatusCode::OK, pages::wall::page(&ctx, &main).into_string())
}

/// The wall's main part at `now`: the page and its deltas (`serve::delta`) are drawn by this
/// one function.
pub(crate) fn wall_main(
    ctx: &pages::Ctx,
    snap: &crate::serve::follow::Snapshot,
    now: chrono::DateTime<Utc>,
) -> maud::Markup {
    let ctx = ctx.clone();
    let t = &snap.tournament;
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
    pages::wall::main(&ctx, &data)
}

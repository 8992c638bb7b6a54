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
use crate::serve::{finished, view};

pub(super) async fn round_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let mut ctx = ctx(&app, &snap, &p);
    // Its stream carries what changed (`serve::delta`).
    ctx.events = Some(format!("/events?page=round&lang={}", lang_code(ctx.lang)));
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
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
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

pub(super) async fn match_page(
    State(app): State<App>,
    Path((round, k)): Path<(String, String)>,
    Query(p): Query<Params>,
) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
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

pub(super) async fn past_round_page(
    State(app): State<App>,
    Path(n): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
    let t = &snap.tournament;
    let Some(mut v) = n
        .parse::<u32>()
        .ok()
        .and_then(|n| view::round(t, Round(n), ctx.lang))
    else {
        return missing(&ctx, &p);
    };
    v.tags = finished::tags(t, snap.damage.is_some());
    let keep = finished::current(&v.tags, Round(v.round), p.v.as_deref());
    let heading = pages::round::heading(&ctx, Some(&v));
    let main = pages::round::page(&ctx, Some(&v));
    let main = maud::html! { (pages::team::summary(&ctx, t, Round(v.round))) (main) };
    let mut res = respond(
        &ctx,
        &p,
        Tab::Round,
        &format!("/round/{n}"),
        &heading,
        &main,
    );
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
    let ctx = ctx(&app, &snap, &p);
    // A search is a few characters: the rest of an over-long one is ignored.
    let q: String = p.q.as_deref().unwrap_or("").chars().take(40).collect();
    // What the page says it searched for is shown escaped, as the names are.
    let q = crate::domain::text::escape(&q).into_owned();
    let hits = view::find(&snap.tournament, &q);
    let main = pages::round::find(&ctx, &q, &hits);
    let heading = ctx.label(Label::FindHeading);
    respond(&ctx, &p, Tab::Find, "/find", heading, &main)
}

pub(super) async fn standings_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
    let t = &snap.tournament;
    let (after, s) = rows::standings_for(t, None);
    let r = rows::standings(t, after, &s, ctx.lang);
    let main = pages::tables::page(&ctx, Some(&r), Label::NoPlayersYet);
    respond(&ctx, &p, Tab::Standings, "/standings", &r.title, &main)
}

pub(super) async fn crosstable_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
    let t = &snap.tournament;
    let (after, s) = rows::standings_for(t, None);
    let r = crate::export::crosstable(t, after, &s, ctx.lang);
    let main = pages::tables::page(&ctx, Some(&r), Label::NoPlayersYet);
    respond(&ctx, &p, Tab::Crosstable, "/crosstable", &r.title, &main)
}

pub(super) async fn teams_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
    let t = &snap.tournament;
    if t.rules.format.is_team() {
        let main = pages::team::teams(&ctx, t);
        let heading = ctx.label(Label::TeamStandings);
        return respond(&ctx, &p, Tab::Teams, "/teams", heading, &main);
    }
    let r = t
        .has_team_entries()
        .then(|| awards::teams_report(t, ctx.lang));
    let main = pages::tables::page(&ctx, r.as_ref(), Label::NoTeamStandings);
    let heading = ctx.label(Label::TeamStandings);
    respond(&ctx, &p, Tab::Teams, "/teams", heading, &main)
}

pub(super) async fn prizes_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
    let t = &snap.tournament;
    let r = view::event_over(t).then(|| {
        let (after, s) = rows::standings_for(t, None);
        awards::prizes_report(t, &s, after.0, ctx.lang)
    });
    let main = pages::tables::page(&ctx, r.as_ref(), Label::PrizesAfterEvent);
    let heading = ctx.label(Label::Prizes);
    respond(&ctx, &p, Tab::Prizes, "/prizes", heading, &main)
}

pub(super) async fn player_page(
    State(app): State<App>,
    Path(no): Path<String>,
    Query(p): Query<Params>,
) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
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

pub(super) async fn wall_page(State(app): State<App>, Query(p): Query<Params>) -> Response {
    let snap = app.feed.current();
    let mut ctx = ctx(&app, &snap, &p);
    ctx.events = Some(format!("/events?page=wall&lang={}", lang_code(ctx.lang)));
    let main = wall_main(&ctx, &snap, Utc::now());
    if p.fragment() {
        let warning = pages::warning(&ctx).into_string().replace('\n', " ");
        return html(StatusCode::OK, format!("{warning}\n{}", main.0));
    }
    html(StatusCode::OK, pages::wall::page(&ctx, &main).into_string())
}

/// `zh` or `en`, as a stream's address names a page's language.
fn lang_code(lang: crate::domain::rules::Lang) -> &'static str {
    match lang {
        crate::domain::rules::Lang::En => "en",
        crate::domain::rules::Lang::Zh => "zh",
    }
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

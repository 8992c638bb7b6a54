//! The room pages of a team match event (团体赛, R2011 chapter 13): the round's matches (team v
//! team with the live score) above the boards, a team's page (roster in board order, each
//! round's match and lineup) and a match's page (its boards). The rows are the printouts' own
//! (`export::team_match`).

use maud::{Markup, html};

use super::{Ctx, report};
use crate::domain::side::Side;
use crate::domain::team::matches::bye_team;
use crate::domain::{Round, TeamNo, Tournament};
use crate::export::rows::name;
use crate::export::team_match::{
    MatchRow, board_score, match_rows, match_score, standings_report, standings_round, team_name,
};
use crate::i18n::room::{Label, Msg};

fn match_href(ctx: &Ctx, round: Round, m: &MatchRow) -> String {
    ctx.href(&format!("/match/{round}/{}", m.index))
}

/// A board's seat: the player with a link to their page, or 缺台 where the team fielded nobody.
fn seat(ctx: &Ctx, t: &Tournament, no: Option<crate::domain::PlayerNo>) -> Markup {
    if let Some(no) = no {
        html! { a href=(ctx.href(&format!("/player/{no}"))) { (no) " " (name(t, no)) } }
    } else {
        html! { span.muted { (crate::i18n::vacant::seat(ctx.lang)) } }
    }
}

fn team_link(ctx: &Ctx, no: TeamNo, name: &str) -> Markup {
    html! { a href=(ctx.href(&format!("/team/{no}"))) { (name) } }
}

/// The matches of `round` as a table: match, first team, live score, second team.
pub fn summary(ctx: &Ctx, t: &Tournament, round: Round) -> Markup {
    let rows = match_rows(t, round);
    if rows.is_empty() {
        return html! {};
    }
    html! {
        h2 { (ctx.text(&Msg::TeamMatches { round })) }
        div.scroll { table {
            thead { tr {
                th.num { (ctx.label(Label::HeadMatch)) }
                th { (ctx.label(Label::HeadFirstTeam)) }
                th.res { (ctx.label(Label::HeadScore)) }
                th { (ctx.label(Label::HeadSecondTeam)) }
                th.num { (ctx.label(Label::HeadBoards)) }
            } }
            tbody {
                @for m in &rows {
                    tr id=(format!("m{}", m.index)) {
                        td.num { a href=(match_href(ctx, round, m)) { (m.index) } }
                        td { (team_link(ctx, m.first, &m.first_name)) }
                        td.res.playing[!m.score.is_final()] { a href=(match_href(ctx, round, m)) { (match_score(&m.score, ctx.lang)) } }
                        td { (team_link(ctx, m.second, &m.second_name)) }
                        td.num { (board_range(m)) }
                    }
                }
            }
        } }
        @if let Some(bye) = bye_team(t, round) {
            p.muted { (ctx.label(Label::ByeIs)) (team_link(ctx, bye, &team_name(t, bye))) }
        }
    }
}

fn board_range(m: &MatchRow) -> String {
    match (m.boards.first(), m.boards.last()) {
        (Some(a), Some(b)) => format!("{}–{}", a.board, b.board),
        _ => String::new(),
    }
}

/// The `/teams` page of a team event: the team standings, then every team's page.
pub fn teams(ctx: &Ctx, t: &Tournament) -> Markup {
    let r = standings_report(t, standings_round(t, None), ctx.lang);
    html! {
        (report(&r))
        h3 { (ctx.label(Label::TeamList)) }
        ul {
            @for x in &t.team_event.teams {
                li { (x.no) " " (team_link(ctx, x.no, &x.name)) }
            }
        }
        (summary(ctx, t, t.current_round()))
    }
}

/// A match's page: heading and `main`.
pub fn match_page(ctx: &Ctx, t: &Tournament, round: Round, k: u32) -> Option<(String, Markup)> {
    let m = match_rows(t, round).into_iter().find(|m| m.index == k)?;
    let heading = ctx.text(&Msg::MatchHeading {
        round,
        k,
        first: m.first_name.clone(),
        second: m.second_name.clone(),
    });
    let side = |s: Side| ctx.label(Label::SideShort(s));
    let main = html! {
        h2 { (heading) }
        p.found #k-score { span.seat { (team_link(ctx, m.first, &m.first_name)) " " (match_score(&m.score, ctx.lang)) " " (team_link(ctx, m.second, &m.second_name)) } }
        div.scroll { table {
            thead { tr {
                th.num { (ctx.label(Label::HeadBoardNo)) }
                th { (m.first_name) }
                th { (ctx.label(Label::HeadSide)) }
                th.res { (ctx.label(Label::HeadScore)) }
                th { (m.second_name) }
            } }
            tbody {
                @for b in &m.boards {
                    tr id=(format!("b{}", b.board)) {
                        td.num { (b.board) }
                        td.red[b.first_side == Side::Red] { (seat(ctx, t, b.first)) }
                        td { (side(b.first_side)) }
                        td.res.playing[b.result.is_none()] { (board_score(b, ctx.lang)) }
                        td.red[b.first_side == Side::Black] { (seat(ctx, t, b.second)) }
                    }
                }
            }
        } }
        p.muted { (ctx.label(Label::FirstMoveNote)) }
    };
    Some((heading, main))
}

/// A team's page: its roster in board order and each round's match.
pub fn team_page(ctx: &Ctx, t: &Tournament, no: TeamNo) -> Option<(String, Markup)> {
    let team = t.team_event.team(no)?;
    let heading = ctx.text(&Msg::TeamHeading {
        no,
        name: team.name.clone(),
    });
    // A place only once a round has finished: before that every team stands level.
    let after = standings_round(t, None);
    let standing = (after.0 > 0)
        .then(|| crate::domain::team::standings(t, after))
        .into_iter()
        .flatten()
        .find(|s| s.tally.team == no);
    let main = html! {
        h2 { (heading) }
        @if let Some(s) = &standing {
            p.found {
                (ctx.label(Label::RankIs)) span.seat { (s.rank) }
                (ctx.label(Label::MatchPointsAre)) (s.tally.match_points)
                (ctx.label(Label::GamePointsAre)) (s.tally.game_points)
            }
        }
        h3 { (ctx.label(Label::BoardOrder)) }
        ol {
            @for p in &team.players { li { a href=(ctx.href(&format!("/player/{p}"))) { (p) " " (name(t, *p)) } } }
        }
        @if !team.reserves.is_empty() {
            h3 { (ctx.label(Label::Reserves)) }
            ul { @for p in &team.reserves { li { a href=(ctx.href(&format!("/player/{p}"))) { (p) " " (name(t, *p)) } } } }
        }
        h3 { (ctx.label(Label::Matches)) }
        div.scroll { table {
            thead { tr {
                th.num { (ctx.label(Label::HeadRound)) }
                th { (ctx.label(Label::HeadOpponent)) }
                th { (ctx.label(Label::HeadFirst)) }
                th.res { (ctx.label(Label::HeadScore)) }
                th { (ctx.label(Label::HeadLineup)) }
            } }
            tbody #k-matches {
                @for r in &t.rounds {
                    @let round = r.round;
                    @if let Some(m) = match_rows(t, round).into_iter().find(|m| m.first == no || m.second == no) {
                        @let first = m.first == no;
                        @let (opp, opp_name) = if first { (m.second, m.second_name.clone()) } else { (m.first, m.first_name.clone()) };
                        @let score = if first { (m.score.first, m.score.second) } else { (m.score.second, m.score.first) };
                        @let lineup: Vec<String> = m.boards.iter().map(|b| (if first { b.first } else { b.second }).map_or_else(|| crate::i18n::vacant::seat(ctx.lang).to_string(), |p| p.to_string())).collect();
                        tr {
                            td.num { (round) }
                            td { (team_link(ctx, opp, &opp_name)) }
                            td { @if first { (ctx.label(Label::Yes)) } }
                            td.res[!m.score.is_final()] { a href=(match_href(ctx, round, &m)) { (score.0) " : " (score.1) } }
                            td { (lineup.join(", ")) }
                        }
                    } @else if r.games.is_empty() || bye_team(t, round) == Some(no) {
                        tr { td.num { (round) } td colspan="4" { (ctx.label(Label::Bye)) } }
                    }
                }
            }
        } }
    };
    Some((heading, main))
}

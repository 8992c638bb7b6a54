//! A player's card: every round's board, colour, opponent, result and running points.

use maud::{Markup, html};

use super::Ctx;
use crate::domain::Side;
use crate::i18n::room::Label;
use crate::serve::view::Card;

/// The card's heading: "12 张三".
pub fn heading(c: &Card) -> String {
    format!("{} {}", c.no, c.name)
}

/// The card page's `main`. Its parts marked `k-…` are sent on their own when they change
/// (docs/room-page.md#deltas): the line under the name, the report link, the games.
pub fn page(ctx: &Ctx, c: &Card) -> Markup {
    html! {
        h2 { (heading(c)) }
        p.muted #k-about {
            @for (i, part) in [&c.club, &c.team, &c.group].into_iter().filter(|s| !s.is_empty()).enumerate() {
                @if i > 0 { " · " }
                (part)
            }
            @if c.withdrawn { " · " (ctx.label(Label::Withdrawn)) }
        }
        div #k-report { @if let Some(r) = &c.report {
            div.card-report {
                @if let Some(s) = &r.status { p { b { (s) } } }
                a href=(ctx.href(&format!("/report?round={}&board={}", r.round, r.board))) {
                    @if r.status.is_some() {
                        (ctx.label(Label::ChangeSignature))
                    } @else {
                        (ctx.label(Label::SignAfterGame))
                    }
                }
            }
        } }
        @if c.lines.is_empty() {
            p.muted { (ctx.label(Label::NoGamesYet)) }
        } @else {
            div.scroll {
                table.card {
                    thead { tr {
                        th.num { (ctx.label(Label::HeadRound)) }
                        th.num { (ctx.label(Label::HeadBoard)) }
                        th { (ctx.label(Label::HeadColour)) }
                        th { (ctx.label(Label::HeadOpponent)) }
                        th.res { (ctx.label(Label::HeadResult)) }
                        th.num { (ctx.label(Label::HeadPoints)) }
                    } }
                    tbody #k-lines {
                        @for l in &c.lines {
                            tr {
                                td.num { (l.round) }
                                td.num { (l.board.map_or(String::new(), |b| b.to_string())) }
                                td.red[l.side == Some(Side::Red)] { (l.colour) }
                                td {
                                    @if let Some((no, name)) = &l.opponent {
                                        a href=(ctx.href(&format!("/player/{no}"))) { (no) " " (name) }
                                    }
                                    @if let Some(s) = &l.stage { span.stage { (s) } }
                                }
                                @if l.result.is_empty() {
                                    td.res.playing { (ctx.label(Label::Playing)) }
                                } @else {
                                    td.res { (l.result) }
                                }
                                td.num { (l.running.map_or(String::new(), |p| p.to_string())) }
                            }
                        }
                    }
                }
            }
        }
        p { a href=(ctx.href("/standings")) {
            (ctx.label(Label::ToStandings))
        } }
    }
}

//! A player's card: every round's board, colour, opponent, result and running points.

use maud::{Markup, html};

use super::Ctx;
use crate::domain::rules::Lang;
use crate::serve::view::Card;

/// The card's heading: "12 张三".
pub fn heading(c: &Card) -> String {
    format!("{} {}", c.no, c.name)
}

/// The card page's `main`.
pub fn page(ctx: &Ctx, c: &Card) -> Markup {
    html! {
        h2 { (heading(c)) }
        p.muted {
            @for (i, part) in [&c.club, &c.team, &c.group].into_iter().filter(|s| !s.is_empty()).enumerate() {
                @if i > 0 { " · " }
                (part)
            }
            @if c.withdrawn { " · " (ctx.t("已退赛", "withdrawn")) }
        }
        @if let Some(r) = &c.report {
            div.card-report {
                @if let Some(s) = &r.status { p { b { (s) } } }
                a href=(ctx.href(&format!("/report?round={}&board={}", r.round, r.board))) {
                    @if r.status.is_some() {
                        (ctx.t("查看或更改签认 →", "See or change the signature →"))
                    } @else {
                        (ctx.t("对局结束后在此签认结果 →", "Sign the result here after the game →"))
                    }
                }
            }
        }
        @if c.lines.is_empty() {
            p.muted { (ctx.t("还没有对局。", "No games yet.")) }
        } @else {
            div.scroll {
                table.card {
                    thead { tr {
                        th.num { (ctx.t("轮次", "Rd")) }
                        th.num { (ctx.t("台次", "Bd")) }
                        th { (ctx.t("执", "Colour")) }
                        th { (ctx.t("对手", "Opponent")) }
                        th.res { (ctx.t("结果", "Result")) }
                        th.num { (ctx.t("积分", "Pts")) }
                    } }
                    tbody {
                        @for l in &c.lines {
                            tr {
                                td.num { (l.round) }
                                td.num { (l.board.map_or(String::new(), |b| b.to_string())) }
                                td.red[l.colour == ctx.t("红", "red")] { (l.colour) }
                                td {
                                    @if let Some((no, name)) = &l.opponent {
                                        a href=(ctx.href(&format!("/player/{no}"))) { (no) " " (name) }
                                    }
                                    @if let Some(s) = &l.stage { span.stage { (s) } }
                                }
                                @if l.result.is_empty() {
                                    td.res.playing { (ctx.t("进行中", "playing")) }
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
            (match ctx.lang { Lang::Zh => "查看排名", Lang::En => "Standings" })
        } }
    }
}

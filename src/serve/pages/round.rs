//! The round page (the pairing of the current round, results as they come in; with several
//! sections, each under its heading; an empty seat marked 缺席) and the
//! find-my-board page.

use maud::{Markup, html};

use super::Ctx;
use crate::domain::rules::Lang;
use crate::serve::view::{BoardLine, Found, RoundView, Who};

fn round_heading(ctx: &Ctx, round: u32) -> String {
    match ctx.lang {
        Lang::Zh => format!("第{round}轮 对阵"),
        Lang::En => format!("Round {round} pairings"),
    }
}

/// The heading of the round page.
pub fn heading(ctx: &Ctx, view: Option<&RoundView>) -> String {
    view.map_or_else(
        || ctx.t("对阵", "Pairings").to_string(),
        |v| round_heading(ctx, v.round),
    )
}

/// The search box; `q` is what was typed.
pub fn find_form(ctx: &Ctx, q: &str) -> Markup {
    html! {
        form.find method="get" action="/find" role="search" {
            @if ctx.lang == Lang::En { input type="hidden" name="lang" value="en"; }
            input type="search" name="q" value=(q) autocomplete="off"
                placeholder=(ctx.t("输入姓名或序号，查我的台次", "Your name or number"))
                aria-label=(ctx.t("姓名或序号", "Name or number"));
            button type="submit" { (ctx.t("查找", "Find")) }
        }
    }
}

fn player(ctx: &Ctx, w: &Who) -> Markup {
    html! {
        a href=(ctx.href(&format!("/player/{}", w.no))) { (w.name) }
        @if w.absent { " " span.absent { (ctx.t("缺席", "absent")) } }
        @if !w.club.is_empty() { span.club { (w.club) } }
    }
}

fn line(ctx: &Ctx, l: &BoardLine) -> Markup {
    let id = l.board.map(|b| format!("b{b}"));
    html! {
        tr id=[id] {
            td.num { (l.board.map_or(String::new(), |b| b.to_string())) }
            td.red { (player(ctx, &l.red)) @if let Some(s) = &l.stage { span.stage { (s) } } }
            td.num { (l.red.points) }
            @match &l.result {
                Some(r) => td.res { (r) },
                None => td.res.playing { (ctx.t("进行中", "playing")) },
            }
            @if let Some(b) = &l.black {
                td.num { (b.points) }
                td { (player(ctx, b)) }
            } @else {
                td {} td {}
            }
        }
    }
}

/// The pairing table of a round: one table, or one per section under its heading.
pub fn table(ctx: &Ctx, v: &RoundView) -> Markup {
    let mut groups: Vec<(Option<&str>, Vec<&BoardLine>)> = Vec::new();
    for l in &v.lines {
        match groups.last_mut() {
            Some((s, ls)) if *s == l.section.as_deref() => ls.push(l),
            _ => groups.push((l.section.as_deref(), vec![l])),
        }
    }
    html! {
        @for (section, lines) in &groups {
            @if let Some(s) = section { h3.section { (s) } }
            div.scroll {
                table.pairings {
                    thead { tr {
                        th.num { (ctx.t("台次", "Bd")) }
                        th { (ctx.t("红方", "Red")) span.club { (ctx.t("单位", "Club")) } }
                        th.num { (ctx.t("积分", "Pts")) }
                        th.res { (ctx.t("结果", "Result")) }
                        th.num { (ctx.t("积分", "Pts")) }
                        th { (ctx.t("黑方", "Black")) span.club { (ctx.t("单位", "Club")) } }
                    } }
                    tbody { @for l in lines { (line(ctx, l)) } }
                }
            }
        }
    }
}

/// The round page's `main`.
pub fn page(ctx: &Ctx, view: Option<&RoundView>) -> Markup {
    html! {
        (find_form(ctx, ""))
        @match view {
            None => p.muted { (ctx.t("还没有编排对阵。", "No round has been paired yet.")) },
            Some(v) => {
                h2 { (round_heading(ctx, v.round)) }
                p.muted {
                    @if !v.started { (ctx.t("本轮尚未开始。", "Not started yet.")) " " }
                    (match ctx.lang {
                        Lang::Zh => format!("已出结果 {}/{} 台", v.reported, v.boards),
                        Lang::En => format!("{} of {} boards finished", v.reported, v.boards),
                    })
                }
                (table(ctx, v))
                @if v.paired > 1 {
                    p.rounds {
                        (ctx.t("各轮对阵：", "Rounds: "))
                        @for r in 1..=v.paired {
                            @if r == v.round { b { (r) } } @else {
                                a href=(ctx.href(&format!("/round/{r}"))) { (r) }
                            }
                            " "
                        }
                    }
                }
            }
        }
    }
}

/// The find page's `main`: the box and what it found.
pub fn find(ctx: &Ctx, q: &str, hits: &[Found]) -> Markup {
    html! {
        (find_form(ctx, q))
        @if !q.trim().is_empty() && hits.is_empty() {
            p.muted { (ctx.t("没有找到这位棋手。", "No player found.")) }
        }
        @for f in hits {
            div.found {
                div {
                    a href=(ctx.href(&format!("/player/{}", f.no))) { (f.no) " " (f.name) }
                    @if !f.club.is_empty() { span.club { (f.club) } }
                }
                @if let Some((board, colour, opponent)) = &f.seat {
                    div.seat {
                        a href=(format!("{}#b{board}", ctx.href("/"))) {
                            (match ctx.lang {
                                Lang::Zh => format!("第{board}台 {colour}"),
                                Lang::En => format!("Board {board}, {colour}"),
                            })
                        }
                    }
                    div.muted { (ctx.t("对手：", "Opponent: ")) (opponent) }
                } @else if f.bye {
                    div.seat { (ctx.t("本轮轮空", "Bye this round")) }
                } @else {
                    div.muted { (ctx.t("本轮没有对局", "Not paired this round")) }
                }
            }
        }
    }
}

//! The round page (the pairing of the current round, results as they come in; with several
//! sections, each under its heading; an empty seat marked 缺席) and the
//! find-my-board page.

use maud::{Markup, html};

use super::Ctx;
use crate::i18n::room::{Label, Msg, url_lang};
use crate::serve::view::{BoardLine, Found, RoundView, Who};

fn round_heading(ctx: &Ctx, round: u32) -> String {
    ctx.text(&Msg::RoundPairings { round })
}

/// The heading of the round page.
pub fn heading(ctx: &Ctx, view: Option<&RoundView>) -> String {
    view.map_or_else(
        || ctx.label(Label::Pairings).to_string(),
        |v| round_heading(ctx, v.round),
    )
}

/// The search box; `q` is what was typed.
pub fn find_form(ctx: &Ctx, q: &str) -> Markup {
    html! {
        form.find method="get" action="/find" role="search" {
            @if let Some(v) = url_lang(ctx.lang) { input type="hidden" name="lang" value=(v); }
            input type="search" name="q" value=(q) autocomplete="off"
                placeholder=(ctx.label(Label::FindPlaceholder))
                aria-label=(ctx.label(Label::NameOrNumber));
            button type="submit" { (ctx.label(Label::Find)) }
        }
    }
}

fn player(ctx: &Ctx, w: &Who) -> Markup {
    html! {
        a href=(ctx.href(&format!("/player/{}", w.no))) { (w.name) }
        @if w.absent { " " span.absent { (ctx.label(Label::Absent)) } }
        @if !w.club.is_empty() { span.club { (w.club) } }
    }
}

fn line(ctx: &Ctx, l: &BoardLine) -> Markup {
    let id = l.board.map(|b| format!("b{b}"));
    html! {
        tr.lot[l.lot_pending] id=[id] {
            td.num { (l.board.map_or(String::new(), |b| b.to_string())) }
            td.red { (player(ctx, &l.red)) @if let Some(s) = &l.stage { span.stage { (s) } } }
            td.num { (l.red.points) }
            @if let Some(b) = &l.black {
                @match &l.result {
                    Some(r) => td.res { (r) },
                    None if l.lot_pending => td.res.lot {
                        (crate::export::knockout_text::lot_pending_word(ctx.lang))
                    },
                    None => td.res.playing { (ctx.label(Label::Playing)) },
                }
                td.num { (b.points) }
                td { (player(ctx, b)) }
            } @else {
                // A bye has no black side: its word (`requested bye (half point)`) takes the
                // black columns too and wraps, so it never widens the result column off a
                // phone's screen (docs/room-page.md).
                td.res.alone colspan="3" { (l.result.as_deref().unwrap_or_default()) }
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
                        th.num { (ctx.label(Label::HeadBoard)) }
                        th { (ctx.label(Label::HeadRed)) span.club { (ctx.label(Label::HeadClub)) } }
                        th.num { (ctx.label(Label::HeadPoints)) }
                        th.res { (ctx.label(Label::HeadResult)) }
                        th.num { (ctx.label(Label::HeadPoints)) }
                        th { (ctx.label(Label::HeadBlack)) span.club { (ctx.label(Label::HeadClub)) } }
                    } }
                    tbody { @for l in lines { (line(ctx, l)) } }
                }
            }
        }
    }
}

/// A round's address: with its tag once finished (`serve::finished`), so a phone keeps it.
fn round_link(v: &RoundView, r: u32) -> String {
    match v.tags.get(r as usize - 1) {
        Some(Some(tag)) => format!("/round/{r}?v={tag}"),
        _ => format!("/round/{r}"),
    }
}

/// The round page's `main`.
pub fn page(ctx: &Ctx, view: Option<&RoundView>) -> Markup {
    html! {
        (find_form(ctx, ""))
        @match view {
            None => p.muted { (ctx.label(Label::NotPairedYet)) },
            Some(v) => {
                h2 { (round_heading(ctx, v.round)) }
                p.muted #count {
                    @if !v.started { (ctx.label(Label::NotStartedYet)) " " }
                    (ctx.text(&Msg::BoardsFinished { reported: v.reported, boards: v.boards }))
                }
                (table(ctx, v))
                @if v.paired > 1 {
                    p.rounds {
                        (ctx.label(Label::RoundLinks))
                        @for r in 1..=v.paired {
                            @if r == v.round { b { (r) } } @else {
                                a href=(ctx.href(&round_link(v, r))) { (r) }
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
            p.muted { (ctx.label(Label::NoPlayerFound)) }
        }
        @for f in hits {
            div.found {
                div {
                    a href=(ctx.href(&format!("/player/{}", f.no))) { (f.no) " " (f.name) }
                    @if !f.club.is_empty() { span.club { (f.club) } }
                }
                @if let Some((board, side, opponent)) = &f.seat {
                    div.seat {
                        a href=(format!("{}#b{board}", ctx.href("/"))) {
                            (ctx.text(&Msg::Seat { board: *board, side: *side }))
                        }
                    }
                    div.muted { (ctx.label(Label::OpponentIs)) (opponent) }
                } @else if f.bye {
                    div.seat { (ctx.label(Label::ByeThisRound)) }
                } @else {
                    div.muted { (ctx.label(Label::NotPairedThisRound)) }
                }
            }
        }
    }
}

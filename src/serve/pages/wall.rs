//! Wall mode (`/wall`) for a TV in the hall: large type, the boards a screenful at a time
//! (the script turns the pages; without it every board is listed and the page reloads), the
//! late-window countdown with the empty seats, and each running board's clock.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::{Ctx, warning};
use crate::domain::Side;
use crate::domain::clock::format_ms;
use crate::domain::rules::Lang;
use crate::serve::view::{BoardLine, ClockLine, RoundView};

/// Boards on one screen of the wall.
pub const PER_PAGE: usize = 10;

const CSS: &str = include_str!("wall.css");
const WALL_JS: &str = include_str!("wall.js");

/// What the wall shows besides the boards.
pub struct WallData<'a> {
    pub round: Option<&'a RoundView>,
    pub clocks: &'a [ClockLine],
    /// Milliseconds left in the late window and the empty seats.
    pub late: Option<(u64, Vec<String>)>,
    /// The event's local time, for the corner, and the same as milliseconds since local
    /// midnight (the script keeps the corner going from there).
    pub time: String,
    pub day_ms: u64,
}

fn clock_cell(c: &ClockLine, side: Side) -> Markup {
    let (ms, on) = match side {
        Side::Red => (c.red_ms, c.running == Some(Side::Red)),
        Side::Black => (c.black_ms, c.running == Some(Side::Black)),
    };
    let flag = c.flag == Some(side);
    html! {
        span.clock.run[on].flag[flag] data-ms=(ms) data-run=(if on { "1" } else { "0" }) {
            (format_ms(ms))
        }
    }
}

fn row(ctx: &Ctx, l: &BoardLine, clocks: &[ClockLine]) -> Markup {
    let clock = l.board.and_then(|b| clocks.iter().find(|c| c.board == b));
    html! {
        tr {
            td.bd { (l.board.map_or(String::new(), |b| b.to_string())) }
            td.red { (l.red.name) @if let Some(s) = &l.stage { span.stage { (s) } } }
            td.mid {
                @match (&l.result, clock) {
                    (Some(r), _) => span.res { (r) },
                    (None, Some(c)) => { (clock_cell(c, Side::Red)) " " (clock_cell(c, Side::Black)) },
                    (None, None) => span.playing { (ctx.t("对局中", "playing")) },
                }
            }
            td.black { @if let Some(b) = &l.black { (b.name) } }
        }
    }
}

/// The wall's `main`: the header line and the pages of boards.
pub fn main(ctx: &Ctx, w: &WallData) -> Markup {
    html! {
        div.top {
            span.round {
                @match w.round {
                    Some(v) => (match ctx.lang {
                        Lang::Zh => format!("第{}轮", v.round),
                        Lang::En => format!("Round {}", v.round),
                    }),
                    None => (ctx.t("等待编排", "Waiting for the pairing")),
                }
            }
            @if let Some(v) = w.round {
                span.count { (match ctx.lang {
                    Lang::Zh => format!("已完成 {}/{}", v.reported, v.boards),
                    Lang::En => format!("{}/{} finished", v.reported, v.boards),
                }) }
            }
            span.time data-day-ms=(w.day_ms) { (w.time) }
        }
        @if let Some((left, seats)) = &w.late {
            div.late {
                (ctx.t("迟到判负倒计时 ", "Late window closes in "))
                span.countdown data-ms=(left) data-run="1" { (format_ms(*left)) }
                div.seats { (seats.join("　")) }
            }
        }
        @if let Some(v) = w.round {
            @let pages = v.lines.chunks(PER_PAGE).count();
            @for (i, chunk) in v.lines.chunks(PER_PAGE).enumerate() {
                section.wpage data-page=(i) {
                    table {
                        thead { tr {
                            th.bd { (ctx.t("台次", "Bd")) }
                            th.red { (ctx.t("红方", "Red")) }
                            th.mid {}
                            th.black { (ctx.t("黑方", "Black")) }
                        } }
                        tbody { @for l in chunk { (row(ctx, l, w.clocks)) } }
                    }
                    @if pages > 1 { p.pageno { (i + 1) " / " (pages) } }
                }
            }
        }
    }
}

/// The whole wall page.
pub fn page(ctx: &Ctx, main_html: &Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(match ctx.lang { Lang::Zh => "zh-CN", Lang::En => "en" }) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                noscript { meta http-equiv="refresh" content="30"; }
                title { (ctx.t("大屏", "Wall")) " · " (ctx.title) }
                style { (PreEscaped(CSS)) }
            }
            body.wall {
                h1 { (ctx.title) }
                div #warning { (warning(ctx)) }
                main #main data-version=(ctx.version) { (main_html) }
                span #live {}
                script { (PreEscaped(super::live_script(ctx))) }
                script { (PreEscaped(WALL_JS)) }
            }
        }
    }
}

//! Wall mode (`/wall`) for the hall's TV (1920×1080; ): the boards in two columns,
//! 26 a screen at a size read from across the hall, each section under its heading, both
//! players' numbers (序号), empty seats marked (docs/rules.md#4-late-arrival-forfeits-withdrawal, late arrival); the script turns
//! the pages (without it every board is listed and the page reloads). Above them the
//! late-window countdown with the empty seats, and each running board's clock. Once the
//! event is over the wall stops paging and shows the final standings.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::{Ctx, warning};
use crate::domain::Side;
use crate::domain::clock::format_ms;
use crate::i18n::room::{Label, Msg, html_lang};
use crate::serve::final_standings::{Place, SectionPlaces};
use crate::serve::view::{BoardLine, ClockLine, RoundView, Who};

/// Rows in one column of the wall (a section heading takes one).
pub const ROWS: usize = 13;
/// Columns side by side.
pub const COLUMNS: usize = 2;

/// Between the empty seats of the late window, in both languages.
const IDEOGRAPHIC_SPACE: &str = "\u{3000}";

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
    /// Once the event is over: the final standings (`final_standings(t, ROWS * COLUMNS)`).
    pub final_standings: Option<Vec<SectionPlaces>>,
}

/// A row of a column: a section's heading (`true` when it continues from the column
/// before), or an entry of that section.
enum Item<'a, T> {
    Heading(&'a str, bool),
    Entry(&'a T),
}

/// Lays `groups` (a section's name and its entries, in order) out in columns of `ROWS`
/// rows, each section under its heading, repeated at the top of a column it continues in;
/// a heading never ends a column.
fn columns<'a, T>(groups: &[(Option<&'a str>, Vec<&'a T>)]) -> Vec<Vec<Item<'a, T>>> {
    let mut cols = Vec::new();
    let mut col: Vec<Item<T>> = Vec::new();
    for (name, entries) in groups {
        for (i, e) in entries.iter().enumerate() {
            let heading = name.is_some() && (i == 0 || col.is_empty());
            if col.len() + usize::from(heading) + 1 > ROWS {
                cols.push(std::mem::take(&mut col));
            }
            if let Some(n) = name
                && (i == 0 || col.is_empty())
            {
                col.push(Item::Heading(n, i > 0));
            }
            col.push(Item::Entry(e));
        }
    }
    if !col.is_empty() {
        cols.push(col);
    }
    cols
}

/// Consecutive lines of one section, in order.
fn by_section(lines: &[BoardLine]) -> Vec<(Option<&str>, Vec<&BoardLine>)> {
    let mut groups: Vec<(Option<&str>, Vec<&BoardLine>)> = Vec::new();
    for l in lines {
        match groups.last_mut() {
            Some((s, v)) if *s == l.section.as_deref() => v.push(l),
            _ => groups.push((l.section.as_deref(), vec![l])),
        }
    }
    groups
}

fn heading_row(ctx: &Ctx, name: &str, continued: bool, span: u8) -> Markup {
    html! {
        tr.sec { td colspan=(span) {
            (name) @if continued { span.cont { (ctx.label(Label::Continued)) } }
        } }
    }
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

/// A player's name, marked when their seat is empty.
fn seat(ctx: &Ctx, w: &Who) -> Markup {
    html! {
        span.name { (w.name) }
        @if w.absent { span.absent { (ctx.label(Label::Absent)) } }
    }
}

fn row(ctx: &Ctx, l: &BoardLine, clocks: &[ClockLine]) -> Markup {
    let clock = l.board.and_then(|b| clocks.iter().find(|c| c.board == b));
    let empty = l.red.absent || l.black.as_ref().is_some_and(|b| b.absent);
    let id = l.board.map(|b| format!("b{b}"));
    html! {
        tr.board.empty[empty].lot[l.lot_pending] id=[id] {
            td.bd { (l.board.map_or(String::new(), |b| b.to_string())) }
            td.no { (l.red.no) }
            td.red { (seat(ctx, &l.red)) @if let Some(s) = &l.stage { span.stage { (s) } } }
            td.mid {
                @match (&l.result, clock) {
                    (Some(r), _) => span.res { (r) },
                    // Before the armageddon's lot: no colours, no clocks, 待抽签.
                    (None, _) if l.lot_pending => span.lot {
                        (crate::export::knockout_text::lot_pending_word(ctx.lang))
                    },
                    (None, Some(c)) => { (clock_cell(c, Side::Red)) " " (clock_cell(c, Side::Black)) },
                    (None, None) => span.playing { (ctx.label(Label::InPlay)) },
                }
            }
            td.no { @if let Some(b) = &l.black { (b.no) } }
            td.black { @if let Some(b) = &l.black { (seat(ctx, b)) } }
        }
    }
}

fn boards_column(ctx: &Ctx, col: &[Item<BoardLine>], clocks: &[ClockLine]) -> Markup {
    html! {
        table.col {
            thead { tr {
                th.bd { (ctx.label(Label::HeadBoard)) }
                th.no { (ctx.label(Label::HeadNo)) }
                th.red { (ctx.label(Label::HeadRed)) }
                th.mid { (ctx.label(Label::HeadResult)) }
                th.no { (ctx.label(Label::HeadNo)) }
                th.black { (ctx.label(Label::HeadBlack)) }
            } }
            tbody { @for it in col { @match it {
                Item::Heading(n, cont) => (heading_row(ctx, n, *cont, 6)),
                Item::Entry(l) => (row(ctx, l, clocks)),
            } } }
        }
    }
}

fn places_column(ctx: &Ctx, col: &[Item<Place>]) -> Markup {
    html! {
        table.col {
            thead { tr {
                th.bd { (ctx.label(Label::HeadRank)) }
                th.no { (ctx.label(Label::HeadNo)) }
                th { (ctx.label(Label::HeadName)) }
                th { (ctx.label(Label::HeadClub)) }
                th.pts { (ctx.label(Label::HeadPoints)) }
                th.remark { (ctx.label(Label::HeadRemark)) }
            } }
            tbody { @for it in col { @match it {
                Item::Heading(n, cont) => (heading_row(ctx, n, *cont, 6)),
                Item::Entry(p) => tr.place {
                    td.bd { (p.rank) }
                    td.no { (p.no) }
                    td.name { (p.name) }
                    td.club { (p.club) }
                    td.pts { (p.points) }
                    td.remark { (p.remark) }
                },
            } } }
        }
    }
}

/// The final standings, one screen, not paged.
fn final_page(ctx: &Ctx, sections: &[SectionPlaces]) -> Markup {
    let groups: Vec<(Option<&str>, Vec<&Place>)> = sections
        .iter()
        .map(|s| (s.name.as_deref(), s.places.iter().collect()))
        .collect();
    let more: usize = sections.iter().map(|s| s.more).sum();
    // With the knockout's note under it, the rows are a little lower so the note fits.
    let noted = sections.iter().any(|s| s.note.is_some());
    html! {
        section.wpage.final.noted[noted] data-page="0" {
            h2.over { (ctx.label(Label::EventOver)) }
            div.cols {
                @for col in columns(&groups).iter().take(COLUMNS) { (places_column(ctx, col)) }
            }
            // Why place 5 may have more points than place 1, as on the printouts.
            @for note in sections.iter().filter_map(|s| s.note.as_ref()) {
                p.note { (note) }
            }
            @if more > 0 {
                p.pageno { (ctx.text(&Msg::MorePlaces { more })) }
            }
        }
    }
}

/// The wall's `main`: the header line and the pages of boards, or the final standings.
pub fn main(ctx: &Ctx, w: &WallData) -> Markup {
    html! {
        div.top {
            span.round {
                @match w.round {
                    Some(v) => (ctx.text(&Msg::WallRound { round: v.round })),
                    None => (ctx.label(Label::WaitingForPairing)),
                }
            }
            @if let Some(v) = w.round {
                span.count #count { (ctx.text(&Msg::WallFinished { reported: v.reported, boards: v.boards })) }
            }
            span.time data-day-ms=(w.day_ms) { (w.time) }
        }
        @if let Some((left, seats)) = &w.late {
            div.late {
                (ctx.label(Label::LateWindow))
                span.countdown data-ms=(left) data-run="1" { (format_ms(*left)) }
                span.seats { (seats.join(IDEOGRAPHIC_SPACE)) }
            }
        }
        @if let Some(f) = &w.final_standings {
            (final_page(ctx, f))
        } @else if let Some(v) = w.round {
            @let cols = columns(&by_section(&v.lines));
            @let pages = cols.chunks(COLUMNS).count();
            @for (i, page) in cols.chunks(COLUMNS).enumerate() {
                section.wpage data-page=(i) {
                    div.cols { @for col in page { (boards_column(ctx, col, w.clocks)) } }
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
        html lang=(html_lang(ctx.lang)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                noscript { meta http-equiv="refresh" content="30"; }
                title { (ctx.label(Label::Wall)) " · " (ctx.title) }
                style { (PreEscaped(CSS)) }
            }
            body.wall {
                h1 { (ctx.title) }
                div #warning { (warning(ctx)) }
                main #main data-version=(ctx.version) data-run=(ctx.run) data-events=[ctx.events.as_deref()] data-poll=(ctx.poll_ms) { (main_html) }
                span #live {}
                script { (PreEscaped(super::live_script(ctx))) }
                script { (PreEscaped(WALL_JS)) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of each column: `A` for a heading, `A+` continued, `.` an entry.
    fn shape(groups: &[(Option<&str>, Vec<&u32>)]) -> Vec<String> {
        columns(groups)
            .iter()
            .map(|c| {
                c.iter()
                    .map(|it| match it {
                        Item::Heading(n, false) => (*n).to_string(),
                        Item::Heading(n, true) => format!("{n}+"),
                        Item::Entry(_) => ".".to_string(),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn sections_head_their_rows_and_a_heading_never_ends_a_column() {
        let n: Vec<u32> = (0..40).collect();
        let r = |k: usize| n[..k].iter().collect::<Vec<_>>();
        let dots = |k: usize| ".".repeat(k);
        // One section of 15: a heading, 12 boards; continued with the other 3.
        assert_eq!(
            shape(&[(Some("A"), r(15)), (Some("B"), r(3))]),
            [
                format!("A{}", dots(12)),
                format!("A+{}B{}", dots(3), dots(3))
            ]
        );
        // 11 boards leave one row: B's heading goes to the next column with its board.
        assert_eq!(
            shape(&[(Some("A"), r(11)), (Some("B"), r(2))]),
            [format!("A{}", dots(11)), format!("B{}", dots(2))]
        );
        // No sections: 13 boards a column, 26 a screen.
        let plain = shape(&[(None, r(30))]);
        assert_eq!(plain, [dots(ROWS), dots(ROWS), dots(4)]);
    }
}

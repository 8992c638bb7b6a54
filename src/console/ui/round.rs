//! The round view: header and the boards, in columns when the terminal is wide, scrolling
//! when there are more boards than fit.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::console::app::App;
use crate::console::view_model::{BoardRow, ClockState, SideCell};
use crate::export::text::{pad, rpad, width};

/// The narrowest column a board row is laid out in before a second column is added.
pub const COLUMN_MIN: u16 = 59;

/// Columns and rows of the board grid for `boards` boards in `w`×`h` cells, each column at
/// least `column_min` cells wide ([`column_min`]).
pub fn grid(boards: usize, w: u16, h: u16, column_min: u16) -> (usize, usize) {
    let rows = usize::from(h.max(1));
    let max_cols = usize::from((w / column_min.max(1)).max(1));
    let needed = boards.div_ceil(rows).max(1);
    (max_cols.min(needed), rows)
}

/// The narrowest column of boards: [`COLUMN_MIN`], and in a knockout round room for the
/// stage column too, so that no width drops the stage labels (a 120-column terminal then
/// shows the round in one column, 160 in two).
pub fn column_min(app: &App) -> u16 {
    let stage = stage_width(app);
    COLUMN_MIN + u16::try_from(stage + usize::from(stage > 0)).unwrap_or(0)
}

/// The stage column's width: the round's widest stage label, 0 in a Swiss round.
fn stage_width(app: &App) -> usize {
    app.round_view
        .rows
        .iter()
        .filter_map(|r| r.stage.as_deref())
        .map(width)
        .max()
        .unwrap_or(0)
}

/// The first board shown, given the scroll offset and the board being typed.
pub fn first_shown(app: &App, boards: usize, capacity: usize) -> usize {
    if boards <= capacity {
        return 0;
    }
    let max_start = boards - capacity;
    let mut start = app.scroll[0].min(max_start);
    if let Some(k) = app.mode.digits().and_then(|d| d.parse::<usize>().ok())
        && (1..=boards).contains(&k)
        && (k - 1 < start || k > start + capacity)
    {
        start = (k - 1).saturating_sub(capacity / 2).min(max_start);
    }
    start
}

pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    let head_h = if area.height > 8 { 2 } else { 1 };
    // Team matches (团体赛): one line per match under the boards, with the bye line.
    let foot_lines = app.round_view.matches.len() + usize::from(!app.round_view.byes.is_empty());
    let byes = if area.height > 10 {
        u16::try_from(foot_lines).unwrap_or(0).min(area.height / 3)
    } else {
        0
    };
    // The bye line sits right under the boards, not at the bottom of a tall terminal.
    let room = area.height.saturating_sub(head_h + byes);
    let (cols, per_col) = grid(
        app.round_view.rows.len(),
        area.width,
        room.saturating_sub(1),
        column_min(app),
    );
    let needed = app.round_view.rows.len().div_ceil(cols).min(per_col) + 1;
    let body_h = u16::try_from(needed).unwrap_or(room).min(room);
    let [head, body, foot, _] = Layout::vertical([
        Constraint::Length(head_h),
        Constraint::Length(body_h),
        Constraint::Length(byes),
        Constraint::Min(0),
    ])
    .areas(area);
    let range = draw_boards(frame, app, body);
    draw_header(frame, app, head, range);
    if app.round_view.rows.is_empty() && app.log.state().current().is_none() && body.height > 0 {
        // The empty first screen says what comes next, to those who may pair.
        let pair = crate::domain::Command::PairNextRound;
        if pair.allowed(app.role()) {
            let text = Span::styled(app.s.empty_press_p, app.theme.info);
            frame.render_widget(Paragraph::new(Line::from(text)), body);
        }
    }
    if byes > 0 {
        let mut lines: Vec<Line> = app
            .round_view
            .matches
            .iter()
            .map(|m| Line::from(Span::styled(m.clone(), app.theme.header)))
            .collect();
        if !app.round_view.byes.is_empty() {
            lines.push(Line::from(Span::styled(
                app.round_view.byes.join("  "),
                app.theme.dim,
            )));
        }
        frame.render_widget(Paragraph::new(lines), foot);
    }
}

fn draw_header(frame: &mut Frame, app: &App, area: Rect, range: Option<String>) {
    let h = &app.round_view.header;
    let th = &app.theme;
    let mut first = vec![
        Span::styled(h.title.clone(), th.title),
        Span::raw("  "),
        Span::styled(h.round.clone(), th.header),
    ];
    for part in [&h.started, &h.elapsed] {
        if !part.is_empty() {
            first.push(Span::raw("  "));
            first.push(Span::styled(part.clone(), th.header));
        }
    }
    let mut second = Vec::new();
    if let Some(past) = &h.past {
        second.push(Span::styled(past.clone(), th.pending));
        second.push(Span::raw("  "));
    }
    if let Some((late, urgent)) = &h.late {
        second.push(Span::styled(
            late.clone(),
            if *urgent { th.urgent } else { th.low_time },
        ));
        second.push(Span::raw("  "));
    }
    if !h.reported.is_empty() {
        second.push(Span::styled(h.reported.clone(), th.header));
        second.push(Span::raw("  "));
    }
    if let Some((text, urgent)) = &h.signed {
        // The players' reports (docs/self-report.md): 待确认 3  待核对 2.
        let style = if *urgent { th.urgent } else { th.header };
        second.push(Span::styled(text.clone(), style));
        second.push(Span::raw("  "));
    }
    if !h.next_round.is_empty() {
        second.push(Span::styled(h.next_round.clone(), th.header));
        second.push(Span::raw("  "));
    }
    if let Some(r) = range {
        second.push(Span::styled(r, th.header));
        second.push(Span::raw("  "));
    }
    second.push(Span::styled(h.who.clone(), th.dim));
    let lines = if area.height >= 2 {
        vec![Line::from(first), Line::from(second)]
    } else {
        first.push(Span::raw("  "));
        first.extend(second);
        vec![Line::from(first)]
    };
    frame.render_widget(Paragraph::new(lines), area);
}

/// The widths of a board row's columns (board, player number, name, points, clock, result)
/// and the column heads over them: the printouts' names (台次 / 序号 / 积分, Board / No / Pts)
/// whenever the row has room for them, the short forms only where two columns of boards would
/// not fit otherwise (two columns at 120 wide).
///
/// Names are whole where the column has room (杭州棋手1 and 杭州棋手2 stay apart): the name
/// columns take the round's longest name, the short heads giving way first. How many columns
/// of boards there are is decided before (`grid`, on 8-cell names): the whole room on one
/// screen comes first. A name is cut, and marked `…`, only where a column of boards is
/// narrower than the row with whole names and its first note (a foul count, a flag), and
/// never to fewer than 8 cells.
#[derive(Clone, Copy)]
pub struct RowLayout {
    pub board: usize,
    pub no: usize,
    /// Each name column: 8 cells, or the round's longest name where it fits.
    pub name: usize,
    pub points: usize,
    pub clock: usize,
    /// The result column: six cells, wider when a result word needs it (红不战胜, an
    /// armageddon's 和（黑胜）).
    pub result: usize,
    /// Board, number, red, points, red's clock, result, black's clock, black.
    pub heads: &'static [&'static str; 8],
    /// The knockout's stage column after the black player's number, 0 without one.
    pub stage: usize,
}

/// The name columns' width when no name is longer.
const NAME_MIN: usize = 8;

impl RowLayout {
    /// The row's width with these columns.
    pub fn width(&self) -> usize {
        self.board
            + 2 * self.no
            + 2 * self.points
            + 2 * self.name
            + 2 * self.clock
            + self.result
            + 9
            + if self.stage > 0 { self.stage + 1 } else { 0 }
    }

    /// The layout for a column `w` cells wide.
    pub fn for_width(app: &App, w: usize) -> RowLayout {
        let rows = &app.round_view.rows;
        let full = &app.s.board_cols;
        let result = rows
            .iter()
            .map(|r| width(&r.result))
            .max()
            .unwrap_or(0)
            .max(6);
        let wide = RowLayout {
            board: width(full[0]).max(3),
            no: width(full[1]).max(3),
            name: NAME_MIN,
            points: width(full[3]).max(2),
            clock: width(full[4]).max(width(full[6])).max(7),
            result,
            heads: full,
            stage: stage_width(app),
        };
        let mut short = RowLayout {
            board: 3,
            no: 3,
            name: NAME_MIN,
            points: 2,
            clock: 7,
            result,
            heads: &app.s.board_cols_short,
            stage: stage_width(app),
        };
        let longest = rows
            .iter()
            .flat_map(|r| [width(&r.red.name), width(&r.black.name)])
            .max()
            .unwrap_or(0);
        if longest <= NAME_MIN {
            return if wide.width() <= w { wide } else { short };
        }
        // Room kept after the row for the first note of a board (a foul count, a flag):
        // it matters more than a name's last characters. A team match's tag keeps none.
        let note = rows
            .iter()
            .filter_map(|r| r.notes.first())
            .map(|n| width(&n.text) + 1)
            .max()
            .unwrap_or(0);
        for mut l in [wide, short] {
            l.name = longest;
            if l.width() + note <= w {
                return l;
            }
        }
        // Too narrow for whole names: they share what is left after the short heads.
        let others = short.width() - 2 * short.name;
        short.name = (w.saturating_sub(others + note) / 2).clamp(NAME_MIN, longest);
        short
    }
}

/// `name` in `w` cells: whole and padded where it fits, else cut and marked `…`.
fn name_cell(name: &str, w: usize) -> String {
    if width(name) <= w {
        return pad(name, w);
    }
    let mut cut = pad(name, w.saturating_sub(1)).trim_end().to_string();
    cut.push('…');
    pad(&cut, w)
}

/// The column heads of a board row, aligned like `board_line`.
fn column_heads(l: &RowLayout) -> String {
    let c = l.heads;
    format!(
        "{} {} {} {} {} {} {} {} {} {}",
        rpad(c[0], l.board),
        rpad(c[1], l.no),
        pad(c[2], l.name),
        rpad(c[3], l.points),
        pad(c[4], l.clock),
        pad(c[5], l.result),
        pad(c[6], l.clock),
        rpad(c[3], l.points),
        pad(c[7], l.name),
        rpad(c[1], l.no),
    )
}

/// Draws the boards; returns which are shown when not all are (`1–68/500 ↑↓`).
fn draw_boards(frame: &mut Frame, app: &App, area: Rect) -> Option<String> {
    let rows = &app.round_view.rows;
    if rows.is_empty() || area.height < 2 || area.width == 0 {
        return None;
    }
    let (cols, per_col) = grid(rows.len(), area.width, area.height - 1, column_min(app));
    let capacity = cols * per_col;
    let start = first_shown(app, rows.len(), capacity);
    let end = rows.len().min(start + capacity);
    let shown = &rows[start..end];
    let per_col = shown.len().div_ceil(cols).max(1);
    let col_w = area.width / cols as u16;
    let typed = app.mode.digits().and_then(|d| d.parse::<u32>().ok());
    // One layout for every column of boards (the narrowest decides).
    let layout = RowLayout::for_width(app, usize::from(col_w.saturating_sub(1)).max(1));
    let heads = column_heads(&layout);
    for (c, chunk) in shown.chunks(per_col).enumerate() {
        let x = area.x + c as u16 * col_w;
        let w = if c + 1 == cols {
            area.width - c as u16 * col_w
        } else {
            col_w.saturating_sub(1)
        };
        let mut lines = vec![Line::from(Span::styled(heads.clone(), app.theme.dim))];
        lines.extend(
            chunk
                .iter()
                .map(|r| board_line(app, r, &layout, usize::from(w), typed == Some(r.board.0))),
        );
        let rect = Rect::new(x, area.y, w, area.height);
        frame.render_widget(Paragraph::new(lines), rect);
    }
    (start > 0 || end < rows.len()).then(|| format!("{}–{}/{} ↑↓", start + 1, end, rows.len()))
}

fn clock_style(app: &App, cell: &SideCell, late_urgent: bool) -> Style {
    let th = &app.theme;
    match cell.state {
        ClockState::None | ClockState::Stopped => th.text,
        ClockState::Running => th.running,
        ClockState::Low => th.low_time,
        ClockState::Fallen => th.urgent,
        ClockState::Absent if late_urgent => th.urgent,
        ClockState::Absent => th.attention,
    }
}

/// One board as a line `w` columns wide.
fn board_line<'a>(app: &App, r: &'a BoardRow, l: &RowLayout, w: usize, typed: bool) -> Line<'a> {
    let th = &app.theme;
    let late_urgent = app.round_view.header.late.as_ref().is_some_and(|l| l.1);
    let base = if r.finished { th.dim } else { th.text };
    // An armageddon before its lot has no red and black yet: its names in the plain style.
    let side = |s: Style| {
        if r.finished {
            th.dim
        } else if r.colours_pending {
            base
        } else {
            s
        }
    };
    let board_style = if typed {
        th.pending
    } else if r.changed_by.is_some() {
        th.highlight
    } else if r.attention {
        th.attention
    } else {
        base
    };
    let mut spans = vec![
        Span::styled(rpad(&r.board.to_string(), l.board), board_style),
        Span::styled(format!(" {} ", rpad(&r.red.no, l.no)), base),
        Span::styled(name_cell(&r.red.name, l.name), side(th.red)),
        Span::styled(format!(" {} ", rpad(&r.red.points, l.points)), base),
        Span::styled(
            pad(&r.red.clock, l.clock),
            clock_style(app, &r.red, late_urgent),
        ),
        Span::styled(
            format!(" {} ", pad(&r.result, l.result)),
            if r.finished { th.text } else { base },
        ),
        Span::styled(
            pad(&r.black.clock, l.clock),
            clock_style(app, &r.black, late_urgent),
        ),
        Span::styled(format!(" {} ", rpad(&r.black.points, l.points)), base),
        Span::styled(name_cell(&r.black.name, l.name), side(th.black)),
        Span::styled(format!(" {}", rpad(&r.black.no, l.no)), base),
    ];
    if l.stage > 0 {
        // The knockout's stage and game, in a column the grid keeps room for.
        let stage = r.stage.as_deref().unwrap_or("");
        spans.push(Span::styled(format!(" {}", pad(stage, l.stage)), th.header));
    }
    let used: usize = spans.iter().map(|s| width(&s.content)).sum();
    let mut room = w.saturating_sub(used);
    let mut notes: Vec<(String, Style)> = r
        .match_tag
        .iter()
        .map(|m| (m.clone(), base))
        .chain(
            r.notes
                .iter()
                .map(|n| (n.text.clone(), if n.urgent { th.urgent } else { base })),
        )
        .collect();
    if let Some(by) = &r.changed_by {
        // Who changed the board goes after its notes: where room is short, a foul count or a
        // flag stays and the name gives way (the board number is highlighted anyway).
        notes.push((format!("← {by}"), th.highlight));
    }
    for (text, style) in notes {
        let need = width(&text) + 1;
        if need > room {
            break;
        }
        spans.push(Span::raw(" "));
        spans.push(Span::styled(text, style));
        room -= need;
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forty_boards_fit_a_120_by_40_terminal() {
        // 40 rows minus tabs, header and status leave 35 rows for boards.
        let (cols, rows) = grid(40, 120, 35, COLUMN_MIN);
        assert!(cols * rows >= 40, "{cols}×{rows}");
        assert_eq!(cols, 2);
    }

    #[test]
    fn narrow_terminals_get_one_column() {
        assert_eq!(grid(40, 80, 18, COLUMN_MIN).0, 1);
        assert_eq!(grid(40, 20, 4, COLUMN_MIN).0, 1);
        assert_eq!(grid(0, 20, 0, COLUMN_MIN), (1, 1));
    }

    #[test]
    fn a_name_is_whole_where_it_fits_and_else_cut_with_a_mark() {
        assert_eq!(name_cell("杭州棋手1", 9), "杭州棋手1");
        assert_eq!(name_cell("杭州棋手1", 10), "杭州棋手1 ");
        assert_eq!(name_cell("杭州棋手1", 8), "杭州棋… ");
        assert_eq!(name_cell("欧阳天宇45", 9), "欧阳天宇…");
        assert_eq!(name_cell("Wang Weilong", 8), "Wang We…");
        assert_eq!(width(&name_cell("王五", 8)), 8);
    }

    #[test]
    fn few_boards_stay_in_one_wide_column() {
        assert_eq!(grid(10, 200, 40, COLUMN_MIN).0, 1);
        assert_eq!(grid(500, 240, 40, COLUMN_MIN).0, 4);
        // A knockout round's stage column: one column at 120, two at 160.
        assert_eq!(grid(40, 120, 20, COLUMN_MIN + 14).0, 1);
        assert_eq!(grid(40, 160, 20, COLUMN_MIN + 14).0, 2);
    }
}

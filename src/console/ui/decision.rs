//! The pairing-decision panel: drawn over the screen's body while the head
//! arbiter decides how to pair a round that has no legal pairing. The prompt itself (what is
//! typed) stays in the status line below.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::console::app::App;
use crate::console::decision::PairPanel;
use crate::domain::PlayerNo;
use crate::i18n::screen::fill;

fn name(app: &App, no: PlayerNo) -> String {
    app.state()
        .player(no)
        .map_or(String::new(), |p| p.entry.name.clone())
}

/// The panel's lines (also what the tests read).
pub fn lines(app: &App, p: &PairPanel) -> Vec<Line<'static>> {
    let s = app.s;
    let th = &app.theme;
    let lang = app.lang;
    let mut out = Vec::new();
    let who = p
        .players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(s.list_sep);
    let who = match &p.section {
        Some(sec) => format!("{sec}: {who}"),
        None => who,
    };
    out.push(Line::from(Span::styled(
        fill(s.pp_players, &[&who]),
        th.error,
    )));
    out.push(Line::raw(""));
    match (&p.relax, &p.manual) {
        (Some(r), _) => {
            out.push(Line::raw(s.pp_relax_title.to_string()));
            for g in &r.games {
                out.push(Line::raw(format!(
                    "  {:>3}  {:>3} {}  {}  {:>3} {}",
                    g.board,
                    g.red,
                    name(app, g.red),
                    s.vs,
                    g.black,
                    name(app, g.black)
                )));
            }
            for b in &r.byes {
                out.push(Line::raw(format!("  {}: {b} {}", s.bye, name(app, *b))));
            }
            out.push(Line::raw(s.pp_breaks.to_string()));
            if r.breaks.is_empty() {
                out.push(Line::raw(format!("  {}", s.pp_none)));
            }
            for b in &r.breaks {
                out.push(Line::from(Span::styled(
                    format!("  - {}", crate::i18n::explain::colour_break(*b, lang)),
                    th.pending,
                )));
            }
        }
        (None, Some(m)) => {
            out.push(Line::raw(s.pp_manual_title.to_string()));
            if !m.games.is_empty() {
                out.push(Line::raw(s.pp_manual_typed.to_string()));
                for (k, (red, black)) in m.games.iter().enumerate() {
                    out.push(Line::raw(format!(
                        "  {:>3}  {:>3} {}  {}  {:>3} {}",
                        k + 1,
                        red,
                        name(app, *red),
                        s.vs,
                        black,
                        name(app, *black)
                    )));
                }
                for b in &m.byes {
                    out.push(Line::raw(format!("  {}: {b} {}", s.bye, name(app, *b))));
                }
            }
            if let Some(w) = &m.warnings {
                out.push(Line::raw(s.pp_manual_hard.to_string()));
                if w.is_empty() {
                    out.push(Line::raw(format!("  {}", s.pp_none)));
                }
                for x in w {
                    out.push(Line::from(Span::styled(format!("  - {x}"), th.pending)));
                }
            }
        }
        (None, None) => {
            out.push(Line::raw(s.pp_choice_relax.to_string()));
            out.push(Line::raw(s.pp_choice_manual.to_string()));
        }
    }
    if let Some(e) = &p.error {
        out.push(Line::raw(""));
        out.push(Line::from(Span::styled(e.clone(), th.error)));
    }
    out.push(Line::raw(""));
    out.push(Line::from(Span::styled(s.pp_esc.to_string(), th.dim)));
    out
}

/// Draws the panel over `body`: its full width (no wide character of the screen below is cut
/// at its edges), as tall as its lines.
pub fn draw(frame: &mut Frame, app: &App, p: &PairPanel, body: Rect) {
    if body.width < 8 || body.height < 3 {
        return;
    }
    let text = lines(app, p);
    let inner = usize::from(body.width - 2).max(1);
    let rows: usize = text
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner) + usize::from(l.width() > inner))
        .sum();
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX).min(body.height);
    let rect = Rect { height, ..body };
    let title = format!(" {} ", fill(app.s.pp_title, &[&p.round]));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(title)),
        rect,
    );
}

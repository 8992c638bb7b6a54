//! The `Q` overlay: the QR code of the room page (`bianpai serve`) for players to scan from
//! the arbiters' screen, with its address written under it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::console::app::App;
use crate::domain::rules::Lang;

/// Draws the code centred over whatever is on screen.
pub fn draw(frame: &mut Frame, app: &App, url: &str, lines: &[String]) {
    let area = frame.area();
    let code_w = lines.first().map_or(0, |l| l.chars().count()) as u16;
    let w = (code_w.max(url.chars().count() as u16) + 4).min(area.width);
    let h = (lines.len() as u16 + 4).min(area.height);
    let rect = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    let title = match app.lang {
        Lang::Zh => " 房间页面 · 扫码查看对阵 (Q 关闭) ",
        Lang::En => " Room page · scan for pairings (Q closes) ",
    };
    let mut text: Vec<Line> = lines
        .iter()
        .map(|l| Line::from(l.as_str()).centered())
        .collect();
    text.push(Line::from(url).centered());
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text).block(Block::default().borders(Borders::ALL).title(title)),
        rect,
    );
}

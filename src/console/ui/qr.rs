//! The `Q` overlay: the QR code of the room page (`bianpai serve`) for players to scan from
//! the arbiters' screen, with its address written under it, shown only while a server of
//! this log runs; otherwise the command that starts one. The box is as wide as
//! its widest line, title included, so nothing is cut off.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::console::app::{App, RoomPage};
use crate::i18n::screen::fill;

/// Draws the overlay centred over whatever is on screen.
pub fn draw(frame: &mut Frame, app: &App, room: &RoomPage) {
    let (title, text): (&str, Vec<Line>) = match room {
        RoomPage::Served { url, code } => {
            let mut text: Vec<Line> = code
                .iter()
                .map(|l| Line::from(l.as_str()).centered())
                .collect();
            text.push(Line::from(url.as_str()).centered());
            (app.s.room_title, text)
        }
        RoomPage::NotServed { log } => (
            app.s.room_off_title,
            app.s
                .room_off
                .iter()
                .map(|t| Line::from(fill(t, &[log])))
                .collect(),
        ),
    };
    let title_line = Line::from(title);
    let widest = text
        .iter()
        .map(Line::width)
        .chain([title_line.width()])
        .max()
        .unwrap_or(0);
    let area = frame.area();
    let w = u16::try_from(widest + 4)
        .unwrap_or(u16::MAX)
        .min(area.width);
    let h = u16::try_from(text.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(title_line)),
        rect,
    );
}

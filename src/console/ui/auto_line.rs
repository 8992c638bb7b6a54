//! The event line (docs/console.md#the-event-line): the automatic acts not yet read, in one
//! line over the status line — how many, the key that marks them read, then the acts newest
//! first, as many as fit, `…` for the rest.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::console::app::App;
use crate::export::text::width;
use crate::i18n::screen::AUTO_SEPARATOR;

/// The acts after `head` in `w` cells: whole acts while they fit, then `…`.
pub fn fit(head: &str, acts: &[String], w: usize) -> String {
    let mut out = head.to_string();
    for (i, a) in acts.iter().enumerate() {
        let sep = if i == 0 { "" } else { AUTO_SEPARATOR };
        let more = i + 1 < acts.len();
        // Room for this act, and for the mark that more follow.
        let tail = if more { width(AUTO_SEPARATOR) + 1 } else { 0 };
        if width(&out) + width(sep) + width(a) + tail > w {
            if i == 0 {
                // Not even the newest act whole: as much of it as fits.
                let room = w.saturating_sub(width(&out) + 1);
                out.push_str(&cut(a, room));
            } else {
                out.push_str(AUTO_SEPARATOR);
            }
            out.push('…');
            return out;
        }
        out.push_str(sep);
        out.push_str(a);
    }
    out
}

/// The first `w` cells of `text`.
fn cut(text: &str, w: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if width(&out) + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) > w {
            break;
        }
        out.push(c);
    }
    out
}

pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    let Some((head, acts)) = app.auto_line() else {
        return;
    };
    let text = fit(&head, &acts, usize::from(area.width));
    let line = Line::from(Span::styled(text, app.theme.pending));
    frame.render_widget(Paragraph::new(line), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_acts_while_they_fit_then_a_mark() {
        let acts: Vec<String> = [
            "第4轮已自动编排",
            "第3台 张三 迟到判负",
            "第5台 李四 迟到判负",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
        let all = fit("自动 3 (A 已读): ", &acts, 200);
        assert!(all.ends_with("李四 迟到判负"), "{all}");
        for w in [30, 40, 50, 60] {
            let some = fit("自动 3 (A 已读): ", &acts, w);
            assert!(width(&some) <= w, "{w}: {some}");
            assert!(some.ends_with('…'), "{w}: {some}");
            assert!(some.contains("第4轮"), "the newest first: {some}");
        }
        // Narrower than the newest act: cut, never wider.
        let tiny = fit("自动 3 (A 已读): ", &acts, 22);
        assert!(width(&tiny) <= 22, "{tiny}");
    }
}

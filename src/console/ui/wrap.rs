//! A sentence in lines of a given width, never cut off: a table's notes, the status line's
//! messages (docs/console.md#the-status-line).

use crate::export::text::width;

/// A note as lines at most `w` cells wide (a note is a sentence: it is never cut off), the
/// lines after the first indented by two cells.
pub fn wrap(text: &str, w: usize) -> Vec<String> {
    if w < 8 || width(text) <= w {
        return vec![text.to_string()];
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for c in text.chars() {
        let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + cw > w {
            // Break after the last space or comma of the line when it is not too far back.
            let cut = line
                .char_indices()
                .filter(|(_, ch)| crate::i18n::screen::breaks_after(*ch))
                .map(|(i, ch)| i + ch.len_utf8())
                .next_back()
                .filter(|&i| width(&line[..i]) > w / 2)
                .unwrap_or(line.len());
            let rest = line.split_off(cut);
            lines.push(line.trim_end().to_string());
            line = format!("  {}", rest.trim_start());
            used = width(&line);
        }
        line.push(c);
        used += cw;
    }
    if line.trim().is_empty() {
        return lines;
    }
    lines.push(line);
    lines
}

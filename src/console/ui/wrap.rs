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
            // Never after a key's letter standing alone (`t flag`): the key stays with its word.
            let cut = line
                .char_indices()
                .filter(|(_, ch)| crate::i18n::screen::breaks_after(*ch))
                .filter(|&(i, _)| !lone_letter_before(&line, i))
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

/// Whether the word just before byte `i` of `line` is one letter alone (a key: `t` of
/// `t flag`).
fn lone_letter_before(line: &str, i: usize) -> bool {
    let mut back = line[..i].chars().rev();
    match (back.next(), back.next()) {
        (Some(c), None) => c.is_ascii_alphanumeric(),
        (Some(c), Some(b)) => c.is_ascii_alphanumeric() && b == ' ',
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn a_key_stays_with_its_word() {
        let text = "round 3 board 3_  r red b black d draw f forfeit a absent i arrived x foul t flag n limit";
        let lines = wrap(text, 80);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].ends_with(" x foul"), "{lines:?}");
        assert_eq!(lines[1], "  t flag n limit");
    }
}

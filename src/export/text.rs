//! Plain-text printouts aligned by display width, so CJK names line up (a Chinese character
//! takes two columns).

use unicode_width::UnicodeWidthStr;

use crate::domain::rules::Lang;
use crate::domain::{Round, Tournament};

/// Display width of a string in terminal columns.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// Pads (or cuts) `s` to exactly `w` columns, left-aligned.
pub fn pad(s: &str, w: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for ch in s.chars() {
        let cw = unicode_width::UnicodeWidthChar::width(ch).unwrap_or(0);
        if used + cw > w {
            break;
        }
        out.push(ch);
        used += cw;
    }
    out.push_str(&" ".repeat(w - used));
    out
}

/// Right-aligns `s` in `w` columns.
pub fn rpad(s: &str, w: usize) -> String {
    let sw = width(s);
    if sw >= w {
        s.to_string()
    } else {
        format!("{}{s}", " ".repeat(w - sw))
    }
}

/// Lays out rows as aligned columns; `right[i]` right-aligns column i.
pub fn table(header: &[String], rows: &[Vec<String>], right: &[bool]) -> String {
    let n = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate().take(n) {
            widths[i] = widths[i].max(width(c));
        }
    }
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate().take(n) {
            if i > 0 {
                s.push_str("  ");
            }
            if right.get(i).copied().unwrap_or(false) {
                s.push_str(&rpad(c, widths[i]));
            } else if i + 1 == n {
                s.push_str(c);
            } else {
                s.push_str(&pad(c, widths[i]));
            }
        }
        s.trim_end().to_string()
    };
    let mut out = line(header);
    out.push('\n');
    let total: usize = widths.iter().sum::<usize>() + 2 * n.saturating_sub(1);
    out.push_str(&"-".repeat(total));
    out.push('\n');
    for r in rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    out
}

/// The pairing of a round (对阵表) as text.
pub fn pairings(t: &Tournament, round: Round, lang: Lang) -> String {
    let rows = super::rows::pairings(t, round);
    let h = super::rows::pairings_header(lang);
    let mut out = super::rows::heading(t, lang, super::rows::Report::Pairings, Some(round));
    out.push('\n');
    out.push_str(&table(
        &h,
        &rows,
        &[true, true, false, true, true, true, false, true],
    ));
    out
}

/// The explanation lines for a round's pairing, recomputed from the state before it.
pub fn explanation(t: &Tournament, round: Round, _lang: Lang) -> Vec<String> {
    let mut before = t.clone();
    before.rounds.truncate(round.index());
    match crate::domain::pairing::propose(&before) {
        Ok(p) if p.round == round => p.explanation,
        Ok(_) => vec![format!("round {round}: no explanation available")],
        Err(e) => vec![format!("round {round}: {e}")],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_names_align() {
        assert_eq!(width("王伟"), 4);
        assert_eq!(pad("王伟", 6), "王伟  ");
        assert_eq!(pad("Li", 6), "Li    ");
        assert_eq!(width(&pad("欧阳建国", 5)), 5);
    }
}

//! Free text typed by a person: names, clubs, teams, groups, titles, notes and
//! reasons. One sanitiser decides what a field may hold, and one escape makes whatever an
//! older log holds safe to print.
//!
//! A field is refused, naming it, when it holds:
//! - a control character (a line break, a tab, an escape: `ESC ] 0 ; … BEL` retitles a
//!   terminal), or a line or paragraph separator (U+2028, U+2029);
//! - a bidirectional override, embedding, isolate or mark (U+202A–U+202E, U+2066–U+2069,
//!   U+200E, U+200F, U+061C): they reorder what is shown around them;
//! - a character that shows nothing and lets two equal-looking names differ (zero-width
//!   space U+200B, word joiner U+2060–U+2064, U+FEFF, U+180E, soft hyphen U+00AD, tag
//!   characters U+E0000–U+E007F, interlinear annotation U+FFF9–U+FFFB);
//! - only invisible characters (joiners, variation selectors, filler letters, with or without
//!   blanks) while not blank (blank text counts as empty: the field's owner trims it);
//! - more characters than the field allows (a name 40, a club or team 60, a title 120, a note
//!   or reason 500).
//!
//! Joiners (U+200C, U+200D) and variation selectors stay allowed inside visible text: scripts
//! and emoji need them.
//!
//! The Unicode properties of [`super::invisible`]: any other
//! `Default_Ignorable_Code_Point` or format character (Cf), a joiner or variation selector out
//! of its place, a braille blank at either end, more than four stacked combining marks.

use std::borrow::Cow;
use std::fmt::Write as _;

/// The longest text each kind of field accepts, in characters.
pub const NAME_MAX: usize = 40;
pub const CLUB_MAX: usize = 60;
pub const GROUP_MAX: usize = 40;
pub const TITLE_MAX: usize = 120;
pub const NOTE_MAX: usize = 500;

/// Why a free-text field was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A character that may not appear (its code point).
    Forbidden(char),
    /// Nothing visible, though not empty.
    Invisible,
    /// Longer than the field allows.
    TooLong { chars: usize, max: usize },
    /// More combining marks on one character than [`super::invisible::MARKS_MAX`].
    TooManyMarks { max: usize },
}

/// A refused field: which one and why; `i18n::faults` words it (its `Display`, the English
/// words, is there too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextFault {
    /// The field's name as the command line spells it (`club`, `reason`, …).
    pub field: String,
    pub fault: Fault,
}

/// What kind of character a forbidden one is, as a refusal names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharKind {
    Control,
    Direction,
    LineSeparator,
    Invisible,
}

impl CharKind {
    pub fn of(c: char) -> CharKind {
        if c.is_control() {
            CharKind::Control
        } else if is_bidi(c) {
            CharKind::Direction
        } else if matches!(c, '\u{2028}' | '\u{2029}') {
            CharKind::LineSeparator
        } else {
            CharKind::Invisible
        }
    }
}

/// Bidirectional controls: overrides, embeddings, isolates and marks.
fn is_bidi(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Characters no field may hold.
fn is_forbidden(c: char) -> bool {
    c.is_control()
        || is_bidi(c)
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{00AD}'
                | '\u{180E}'
                | '\u{200B}'
                | '\u{2060}'..='\u{2064}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// Characters that show nothing by themselves (allowed between visible ones).
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || is_forbidden(c)
        || matches!(
            c,
            '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200C}'
                | '\u{200D}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FFA0}'
                | '\u{E0100}'..='\u{E01EF}'
        )
        || super::invisible::is_default_ignorable(c)
        || super::invisible::is_format(c)
        || super::invisible::is_combining(c)
}

/// Checks one free-text field: `field` names it in the refusal, `max` is its length limit
/// in characters. Empty text passes (whether a field may be empty is its owner's rule).
///
/// # Errors
/// The first fault found, naming the field.
pub fn check(field: &str, value: &str, max: usize) -> Result<(), TextFault> {
    let fault = |fault| {
        Err(TextFault {
            field: field.to_string(),
            fault,
        })
    };
    // Counting stops past the limit: a 30 MB field costs no more than a long one.
    let chars = value.chars().take(max.saturating_add(1)).count();
    if chars > max {
        return fault(Fault::TooLong {
            chars: value.chars().count(),
            max,
        });
    }
    if let Some(c) = value.chars().find(|c| is_forbidden(*c)) {
        return fault(Fault::Forbidden(c));
    }
    // Blank text is empty text (the owner trims it); text of invisible characters is not.
    if !value.trim().is_empty() && value.chars().all(is_invisible) {
        return fault(Fault::Invisible);
    }
    match super::invisible::first_misplaced(value.trim()) {
        Some(super::invisible::Misplaced::Char(c)) => fault(Fault::Forbidden(c)),
        Some(super::invisible::Misplaced::Marks) => fault(Fault::TooManyMarks {
            max: super::invisible::MARKS_MAX,
        }),
        None => Ok(()),
    }
}

/// What may be printed of a stored text: control characters (but line ends and tabs), direction
/// controls and line separators are shown as `\u{…}`, so text written before the sanitiser
/// existed cannot move the cursor, retitle the terminal or reorder a line. A `\r` is kept only
/// before `\n` (CSV line ends). Every text writer (the command line, txt, csv) goes through
/// this.
pub fn escape(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let dangerous = |i: usize, c: char| match c {
        '\n' | '\t' => false,
        '\r' => bytes.get(i + 1) != Some(&b'\n'),
        c => c.is_control() || is_bidi(c) || matches!(c, '\u{2028}' | '\u{2029}'),
    };
    if !text.char_indices().any(|(i, c)| dangerous(i, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (i, c) in text.char_indices() {
        if dangerous(i, c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(value: &str) -> Option<Fault> {
        check("club", value, CLUB_MAX).err().map(|f| f.fault)
    }

    #[test]
    fn ordinary_text_passes() {
        for ok in [
            "",
            "杭州棋院",
            "Club d'échecs",
            "王 天一",
            "👨\u{200D}👩\u{200D}👧",
            "１２３",
        ] {
            assert_eq!(fault(ok), None, "{ok:?}");
        }
    }

    #[test]
    fn controls_direction_marks_and_separators_are_refused() {
        for (bad, c) in [
            ("a\u{1b}]0;pwned\u{7}", '\u{1b}'),
            ("a\nb", '\n'),
            ("a\tb", '\t'),
            ("\u{85}x", '\u{85}'),
            ("abc\u{202E}fed", '\u{202E}'),
            ("x\u{2067}y", '\u{2067}'),
            ("x\u{200F}", '\u{200F}'),
            ("张\u{2028}三", '\u{2028}'),
            ("张\u{200B}三", '\u{200B}'),
            ("a\u{E0041}", '\u{E0041}'),
        ] {
            assert_eq!(fault(bad), Some(Fault::Forbidden(c)), "{bad:?}");
        }
    }

    #[test]
    fn invisible_only_text_is_refused() {
        for bad in ["\u{200D}\u{200C}", "\u{3164}", "\u{FE0F} ", " \u{2800}"] {
            assert_eq!(fault(bad), Some(Fault::Invisible), "{bad:?}");
        }
    }

    #[test]
    fn length_is_bounded_and_named() {
        let long = "棋".repeat(30_000);
        let f = check("club", &long, CLUB_MAX).unwrap_err();
        assert_eq!(
            f.fault,
            Fault::TooLong {
                chars: 30_000,
                max: CLUB_MAX
            }
        );
        assert_eq!(fault(&"棋".repeat(CLUB_MAX)), None);
    }

    #[test]
    fn a_forbidden_character_is_named_by_its_kind() {
        assert_eq!(CharKind::of('\u{1b}'), CharKind::Control);
        assert_eq!(CharKind::of('\u{202E}'), CharKind::Direction);
        assert_eq!(CharKind::of('\u{2028}'), CharKind::LineSeparator);
        assert_eq!(CharKind::of('\u{200B}'), CharKind::Invisible);
    }

    #[test]
    fn escape_leaves_plain_text_alone_and_shows_the_rest() {
        assert!(matches!(escape("王五\t杭州\r\n"), Cow::Borrowed(_)));
        assert_eq!(escape("a\u{1b}]0;x\u{7}b"), "a\\u{1b}]0;x\\u{7}b");
        assert_eq!(escape("a\rb"), "a\\u{d}b");
        assert_eq!(escape("x\u{202E}y\u{2028}"), "x\\u{202e}y\\u{2028}");
        assert_eq!(escape("\u{feff}成绩表"), "\u{feff}成绩表");
    }
}

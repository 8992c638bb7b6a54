//! Characters that show nothing, decided by Unicode properties rather
//! than a hand list of code points:
//!
//! - `Default_Ignorable_Code_Point` (DerivedCoreProperties.txt, Unicode 16; the table below
//!   is that file's ranges, copied whole): fillers (U+115F, U+1160, U+3164, U+FFA0), the
//!   combining grapheme joiner U+034F, Khmer inherent vowels U+17B4/U+17B5, the deprecated
//!   format controls U+206A–U+206F, musical beam controls U+1D173–U+1D17A, tags, …;
//! - general category Cf (format characters: U+0600 Arabic number sign, U+06DD, U+110BD, …)
//!   from the `finl_unicode` crate's category table;
//! - general categories Mn and Me (combining marks), of which at most [`MARKS_MAX`] may stack
//!   on one base character (Vietnamese and Thai need two or three; a "Zalgo" name forty).
//!
//! Three `Default_Ignorable` kinds that writing systems need stay allowed where they do work:
//! the joiners U+200C/U+200D between two visible characters that are not ASCII (emoji
//! sequences, Indic and Arabic shaping), and variation selectors directly after a symbol,
//! an ideograph or a Mongolian letter (emoji presentation, ideographic variants). Everywhere
//! else they are refused. The braille blank U+2800 (a symbol, not an ignorable) looks like a
//! space: it may not begin or end a field.
//!
//! [`same_visible`] backs the registration refusal of a name that prints exactly like a
//! registered one (docs/rules.md#9-registration: duplicate entries are refused; extends "same name" to
//! "prints the same").

use finl_unicode::categories::CharacterCategories;

/// How many combining marks may follow one base character.
pub const MARKS_MAX: usize = 4;

/// `Default_Ignorable_Code_Point=Yes`, Unicode 16.0 DerivedCoreProperties.txt.
const DEFAULT_IGNORABLE: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
];

/// `Default_Ignorable_Code_Point` (see the table's source above).
pub fn is_default_ignorable(c: char) -> bool {
    let c = u32::from(c);
    DEFAULT_IGNORABLE
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// General category Cf.
pub fn is_format(c: char) -> bool {
    c.is_format()
}

/// General categories Mn and Me (combining marks that take no space of their own).
pub fn is_combining(c: char) -> bool {
    c.is_mark_nonspacing() || c.is_mark_enclosing()
}

/// The zero-width joiner and non-joiner.
pub fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// Variation selectors (standard, ideographic, Mongolian free variation selectors).
pub fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' | '\u{180B}'..='\u{180D}' | '\u{180F}')
}

/// A character a variation selector may follow: a symbol (emoji), an ideograph, a
/// Mongolian letter.
fn takes_variation(c: char) -> bool {
    c.is_symbol_other()
        || c.is_symbol_math()
        || matches!(c, '\u{1800}'..='\u{18AF}')
        || (c.is_letter_other() && !c.is_ascii() && u32::from(c) >= 0x2E80)
}

/// A visible character a joiner may stand next to: not ASCII, not blank, not ignorable.
fn joinable(c: char) -> bool {
    !c.is_ascii() && !c.is_whitespace() && !is_default_ignorable(c) && !is_format(c)
}

/// What is wrong with one character in its place, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misplaced {
    /// A character no field may hold here.
    Char(char),
    /// More than [`MARKS_MAX`] combining marks on one base.
    Marks,
}

/// The first invisible character out of place in `text`, or a stack of too many marks.
pub fn first_misplaced(text: &str) -> Option<Misplaced> {
    let chars: Vec<char> = text.chars().collect();
    let mut marks = 0;
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        if is_combining(c) && !is_default_ignorable(c) {
            marks += 1;
            if marks > MARKS_MAX {
                return Some(Misplaced::Marks);
            }
            continue;
        }
        marks = 0;
        let ok = if is_joiner(c) {
            before.is_some_and(joinable) && after.is_some_and(joinable)
        } else if is_variation_selector(c) {
            before.is_some_and(takes_variation)
        } else if c == '\u{2800}' {
            before.is_some() && after.is_some()
        } else {
            !is_default_ignorable(c) && !is_format(c)
        };
        if !ok {
            return Some(Misplaced::Char(c));
        }
    }
    None
}

/// `text` without what shows nothing (ignorables, format characters, combining grapheme
/// joiners): two names with the same key print the same.
pub fn visible_key(text: &str) -> String {
    text.chars()
        .filter(|&c| !is_default_ignorable(c) && !is_format(c) && !c.is_whitespace())
        .collect()
}

/// True when `a` and `b` have the same [`visible_key`] (without allocating).
pub fn same_visible(a: &str, b: &str) -> bool {
    let shown = |c: &char| !is_default_ignorable(*c) && !is_format(*c) && !c.is_whitespace();
    a.chars().filter(shown).eq(b.chars().filter(shown))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_disjoint() {
        for w in DEFAULT_IGNORABLE.windows(2) {
            assert!(w[0].0 <= w[0].1 && w[0].1 < w[1].0, "{w:x?}");
        }
    }

    #[test]
    fn properties_of_known_characters() {
        for c in [
            '\u{034F}',
            '\u{3164}',
            '\u{17B4}',
            '\u{115F}',
            '\u{FE0F}',
            '\u{1D173}',
            '\u{206F}',
        ] {
            assert!(is_default_ignorable(c), "{c:?}");
        }
        assert!(!is_default_ignorable('a') && !is_default_ignorable('张'));
        assert!(is_format('\u{0600}') && is_format('\u{200D}') && !is_format('a'));
        assert!(is_combining('\u{0301}') && is_combining('\u{20DD}') && !is_combining('e'));
    }

    #[test]
    fn what_writing_needs_stays() {
        for ok in [
            "Nguyễn Văn Hải",
            "e\u{0301}\u{0323}",
            "👨\u{200D}👩\u{200D}👧",
            "❤\u{FE0F}",
            "葛\u{E0100}城",
            "⠁⠀⠃",
        ] {
            assert_eq!(first_misplaced(ok), None, "{ok:?}");
        }
    }

    #[test]
    fn invisible_and_stacked_are_found() {
        assert_eq!(
            first_misplaced("选手1\u{FE0F}"),
            Some(Misplaced::Char('\u{FE0F}'))
        );
        assert_eq!(
            first_misplaced("a\u{200D}"),
            Some(Misplaced::Char('\u{200D}'))
        );
        assert_eq!(
            first_misplaced("张三\u{2800}"),
            Some(Misplaced::Char('\u{2800}'))
        );
        let zalgo = format!("a{}", "\u{0301}".repeat(MARKS_MAX + 1));
        assert_eq!(first_misplaced(&zalgo), Some(Misplaced::Marks));
        assert_eq!(visible_key("选手1\u{034F}"), "选手1");
        assert_eq!(visible_key("王 五\u{200D}"), "王五");
        assert!(same_visible("选手1\u{034F}", "选手1") && !same_visible("选手1", "选手2"));
    }
}

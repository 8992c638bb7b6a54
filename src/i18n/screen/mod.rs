//! The console's words (gitui's `strings.rs`): its labels, hints, prompts and status words
//! (`labels`), what a key does (`keys::Deed`), and the theme's faults (`theme`). Every word is
//! declared once with its Chinese and its English side by side, so the two consoles stay in
//! step; the console hands over values (a role, a result, a `Deed`, a `ThemeFault`) and never
//! holds a word itself. Templates take their values in `{}` order through [`fill`].

/// Declares the console's label table: each field once, `name = zh, en;` (with `: Type`
/// after the name where the field is not one `&'static str`), and builds the `Strings` struct
/// and its two tables `ZH` and `EN` from it, so no field can exist in one language only.
macro_rules! table {
    ($( $(#[$doc:meta])* $field:ident $(: $ty:ty)? = $zh:expr, $en:expr; )*) => {
        /// The console's words in one language ([`strings`](super::strings)).
        pub struct Strings {
            pub(super) lang: $crate::domain::rules::Lang,
            $( $(#[$doc])* pub $field: table!(@ty $($ty)?), )*
        }

        pub static ZH: Strings = Strings {
            lang: $crate::domain::rules::Lang::Zh,
            $( $field: $zh, )*
        };

        pub static EN: Strings = Strings {
            lang: $crate::domain::rules::Lang::En,
            $( $field: $en, )*
        };

        /// Every field's name with its Chinese and its English texts (an array's cells).
        #[cfg(test)]
        pub(super) fn fields() -> Vec<(&'static str, Vec<&'static str>, Vec<&'static str>)> {
            use super::Cells as _;
            vec![$( (stringify!($field), ZH.$field.cells(), EN.$field.cells()), )*]
        }
    };
    (@ty) => { &'static str };
    (@ty $ty:ty) => { $ty };
}

mod auto_acts;
mod keys;
mod labels;
mod theme;

pub use auto_acts::{AutoAct, SEPARATOR as AUTO_SEPARATOR, act as auto_act, head as auto_head};
pub use keys::Deed;
pub use labels::{EN, Strings, ZH};
pub use theme::{ThemeFault, theme_fault};

use crate::domain::event::Cause;
use crate::domain::rules::{FoulKind, Lang};
use crate::domain::tournament::Status;
use crate::domain::{GameResult, Role, Side};

/// The console's words in `lang`.
pub fn strings(lang: Lang) -> &'static Strings {
    words!(lang, &ZH, &EN)
}

/// Replaces each `{}` of `template` by the next of `args`.
pub fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut parts = template.split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for (i, p) in parts.enumerate() {
        if let Some(a) = args.get(i) {
            out.push_str(&a.to_string());
        }
        out.push_str(p);
    }
    out
}

/// Where a note of either language may break when it is wrapped: after a space, a comma
/// (`,` `，` `、`) or a semicolon (`;` `；`).
pub fn breaks_after(c: char) -> bool {
    matches!(c, ' ' | ',' | '，' | '、' | ';' | '；')
}

impl Strings {
    /// The language of these words.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The role's name, the catalog's (`i18n::role`).
    pub fn role(&self, r: Role) -> &'static str {
        super::role(r, self.lang)
    }

    /// The side's name, the catalog's (`i18n::side`).
    pub fn side(&self, s: Side) -> &'static str {
        super::side(s, self.lang)
    }

    /// The result's name, the catalog's (`i18n::result_word`).
    pub fn result(&self, r: GameResult) -> &'static str {
        super::result_word(r, self.lang)
    }

    /// The foul's kind, the catalog's (`i18n::foul_kind`).
    pub fn foul_kind(&self, k: FoulKind) -> &'static str {
        super::foul_kind(k, self.lang)
    }

    /// Why a game ended so, as the round view tags it (nothing for the arbiter's entry).
    pub fn cause(&self, c: Cause) -> &'static str {
        match c {
            Cause::Arbiter => "",
            Cause::LateWindow => words!(self.lang, "迟到", "late"),
            Cause::Fouls | Cause::FoulClaimed => words!(self.lang, "犯规", "fouls"),
            Cause::Time => words!(self.lang, "超时", "time"),
            Cause::Confirmed | Cause::Reported => words!(self.lang, "签认", "signed"),
        }
    }

    /// A player's status on the players screen.
    pub fn status(&self, s: Status) -> &'static str {
        match s {
            Status::Active => words!(self.lang, "在赛", "active"),
            Status::Withdrawn { by_rule: false } => words!(self.lang, "退赛", "withdrawn"),
            Status::Withdrawn { by_rule: true } => words!(self.lang, "判退", "withdrawn (rule)"),
        }
    }
}

/// A field's texts, one per cell of an array (for the tests over every field).
#[cfg(test)]
trait Cells {
    fn cells(&self) -> Vec<&'static str>;
}

#[cfg(test)]
impl Cells for &'static str {
    fn cells(&self) -> Vec<&'static str> {
        vec![*self]
    }
}

#[cfg(test)]
impl<const N: usize> Cells for [&'static str; N] {
    fn cells(&self) -> Vec<&'static str> {
        self.to_vec()
    }
}

#[cfg(test)]
impl Cells for &'static [&'static str] {
    fn cells(&self) -> Vec<&'static str> {
        self.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_places_values_in_order() {
        assert_eq!(fill(ZH.round_of, &[&3, &9]), "第3轮/共9轮");
        assert_eq!(fill(EN.round_of, &[&3, &9]), "Round 3 of 9");
        assert_eq!(fill("{} and {}", &[&1]), "1 and ");
    }

    /// Every field has as many cells and as many `{}` in each cell in both languages (the
    /// values are filled in the same order), and no Chinese cell is empty where the English
    /// is not.
    #[test]
    fn both_languages_have_the_same_placeholders() {
        let pairs = [
            (ZH.pending, EN.pending),
            (ZH.unknown_board, EN.unknown_board),
            (ZH.has_result, EN.has_result),
            (ZH.prompt_reason, EN.prompt_reason),
            (ZH.correct_what, EN.correct_what),
            (ZH.n_flag, EN.n_flag),
            (ZH.entry_foul, EN.entry_foul),
        ];
        for (zh, en) in pairs {
            assert_eq!(
                zh.matches("{}").count(),
                en.matches("{}").count(),
                "{zh} / {en}"
            );
        }
        for (name, zh, en) in labels::fields() {
            assert_eq!(zh.len(), en.len(), "{name}");
            for (z, e) in zh.iter().zip(&en) {
                assert_eq!(
                    z.matches("{}").count(),
                    e.matches("{}").count(),
                    "{name}: {z} / {e}"
                );
                assert_eq!(z.is_empty(), e.is_empty(), "{name}");
            }
        }
        assert_eq!(strings(Lang::Zh).side(Side::Red), "红方");
        assert_eq!(strings(Lang::En).side(Side::Red), "red");
        assert_eq!(strings(Lang::En).lang(), Lang::En);
    }
}

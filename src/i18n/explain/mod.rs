//! The explanation of a pairing (`pair --explain`, the console's preview) in words: the
//! engine's lines (`domain::pairing::explain`) once per language, Chinese by default, English
//! as an option (docs/rules.md#3-pairing names the criteria and colour steps they cite).

mod en;
mod zh;

use crate::domain::ids::Round;
use crate::domain::pairing::explain::{Break, Criterion, Line};
use crate::domain::rules::Lang;
use crate::domain::swiss::colour::Reason;
use crate::domain::tournament::Tournament;

/// Which criterion settled a choice.
pub fn criterion(c: Criterion, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => zh::criterion(c),
        Lang::En => en::criterion(c),
    }
}

/// A colour rule broken (rules 4–5).
pub fn colour_break(b: Break, lang: Lang) -> String {
    match lang {
        Lang::Zh => zh::colour_break(b),
        Lang::En => en::colour_break(b),
    }
}

/// The colour step's words.
pub fn reason(r: Reason, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => zh::reason(r),
        Lang::En => en::reason(r),
    }
}

/// One line of the explanation.
pub fn line(l: &Line, lang: Lang) -> String {
    match lang {
        Lang::Zh => zh::line(l),
        Lang::En => en::line(l),
    }
}

/// Every line, in order.
pub fn lines(ls: &[Line], lang: Lang) -> Vec<String> {
    ls.iter().map(|l| line(l, lang)).collect()
}

/// The explanation of a paired round (`domain::pairing::explain_round_lines`) in `lang`.
pub fn round(t: &Tournament, round: Round, lang: Lang) -> Vec<String> {
    lines(&crate::domain::pairing::explain_round_lines(t, round), lang)
}

fn list(players: &[crate::domain::ids::PlayerNo]) -> String {
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::PlayerNo;
    use crate::domain::side::Side;

    #[test]
    fn every_line_has_both_languages_and_no_english_in_chinese() {
        let lines = [
            Line::Groups(vec![(4, 3), (2, 5)]),
            Line::FloatsDown {
                score: 4,
                players: vec![PlayerNo(3)],
                why: Criterion::Rank,
            },
            Line::Bye {
                to: PlayerNo(9),
                passed_over: vec![PlayerNo(8)],
            },
            Line::Board {
                red: PlayerNo(1),
                black: PlayerNo(2),
                scores: (4, 2),
                repeat_float: true,
                colour: Reason::Balance,
                breaks: vec![Break::ThirdInRow(PlayerNo(2), Side::Black)],
            },
            Line::Relaxed(vec![Break::Difference(PlayerNo(5), Side::Red)]),
        ];
        for l in &lines {
            let zh = line(l, Lang::Zh);
            let en = line(l, Lang::En);
            assert_ne!(zh, en);
            let latin = zh.chars().filter(char::is_ascii_alphabetic).count();
            assert!(latin <= 1, "English words in {zh}");
        }
    }
}

//! The hard rules a pairing made or changed by hand breaks (`domain::breaks::RuleBreak`,
//! docs/rules.md#3-pairing), in words.

use crate::domain::refusal::{RuleBreak, Who};
use crate::domain::rules::Lang;

/// A hard rule a hand-made pairing breaks. The English is also the break's record text, the
/// words the log keeps in the pairing's warnings (the domain's `Display`, held equal by a
/// test).
pub fn rule_break(b: &RuleBreak, lang: Lang) -> String {
    let who = |w: &Who| {
        let (no, name) = (w.no, &w.name);
        words!(lang, format!("{no}号{name}"), format!("{no} ({name})"))
    };
    match b {
        RuleBreak::PairedTwice { who: w, boards } => {
            let w = who(w);
            let boards = boards
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(words!(lang, "、", ", "));
            words!(
                lang,
                format!("{w}被编排了两次 (第{boards}台)"),
                format!("player {w} is paired twice (boards {boards})")
            )
        }
        RuleBreak::NotPaired { who: w } => {
            let w = who(w);
            words!(
                lang,
                format!("{w}没有被编排"),
                format!("player {w} is not paired")
            )
        }
        RuleBreak::NotEligible {
            board,
            who: w,
            round,
        } => {
            let w = who(w);
            words!(
                lang,
                format!("第{board}台: {w}不能参加第{round}轮"),
                format!("board {board}: player {w} is not eligible for round {round}")
            )
        }
        RuleBreak::DifferentSections {
            board,
            red,
            red_section,
            black,
            black_section,
        } => {
            let (red, black) = (who(red), who(black));
            words!(
                lang,
                format!(
                    "第{board}台: {red} ({red_section}) 与{black} ({black_section}) 不在同一组别"
                ),
                format!(
                    "board {board}: {red} ({red_section}) and {black} ({black_section}) are in different sections"
                )
            )
        }
        RuleBreak::AlreadyMet { board, red, black } => {
            let (red, black) = (who(red), who(black));
            words!(
                lang,
                format!("第{board}台: {red}与{black}已经交过手"),
                format!("board {board}: {red} and {black} have already met")
            )
        }
        RuleBreak::ThirdInRow {
            board,
            who: w,
            side,
        } => {
            let (w, side) = (who(w), super::super::side(*side, lang));
            words!(
                lang,
                format!("第{board}台: {w}将连续第三次执{side}"),
                format!("board {board}: {w} would have {side} a third time in a row")
            )
        }
        RuleBreak::Difference {
            board,
            who: w,
            reds,
            blacks,
        } => {
            let w = who(w);
            words!(
                lang,
                format!("第{board}台: {w}的先后手差将达到 3 (红{reds}次, 黑{blacks}次)"),
                format!(
                    "board {board}: {w} would reach a colour difference of 3 (reds {reds}, blacks {blacks})"
                )
            )
        }
        RuleBreak::ByeNotEligible { who: w, round } => {
            let w = who(w);
            words!(
                lang,
                format!("轮空: {w}不能参加第{round}轮"),
                format!("bye: player {w} is not eligible for round {round}")
            )
        }
        RuleBreak::SecondBye { who: w } => {
            let w = who(w);
            words!(
                lang,
                format!("轮空: {w}将第二次轮空"),
                format!("bye: player {w} would get a second bye")
            )
        }
        RuleBreak::ByeAlsoPlays { who: w } => {
            let w = who(w);
            words!(
                lang,
                format!("轮空: {w}同时还有对局"),
                format!("bye: player {w} also plays")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Board, PlayerNo, Round, Side};

    fn who(no: u32, name: &str) -> Who {
        Who {
            no: PlayerNo(no),
            name: name.into(),
        }
    }

    #[test]
    fn a_break_reads_in_chinese_and_keeps_its_record_text_in_english() {
        let b = RuleBreak::ThirdInRow {
            board: Board(2),
            who: who(5, "李四"),
            side: Side::Red,
        };
        assert_eq!(rule_break(&b, Lang::Zh), "第2台: 5号李四将连续第三次执红方");
        assert_eq!(
            rule_break(&b, Lang::En),
            "board 2: 5 (李四) would have red a third time in a row"
        );
        let b = RuleBreak::PairedTwice {
            who: who(3, "王五"),
            boards: vec![Board(1), Board(4)],
        };
        assert_eq!(rule_break(&b, Lang::Zh), "3号王五被编排了两次 (第1、4台)");
        assert_eq!(
            rule_break(&b, Lang::En),
            "player 3 (王五) is paired twice (boards 1, 4)"
        );
        let b = RuleBreak::ByeNotEligible {
            who: who(7, "赵六"),
            round: Round(3),
        };
        assert_eq!(rule_break(&b, Lang::Zh), "轮空: 7号赵六不能参加第3轮");
    }

    /// The log keeps a break's English as its record text (the domain's `Display`, which
    /// writes the warnings): the catalog's English is the same, break for break.
    #[test]
    fn the_english_is_the_record_text() {
        let all = [
            RuleBreak::PairedTwice {
                who: who(3, "王五"),
                boards: vec![Board(1), Board(4)],
            },
            RuleBreak::NotPaired { who: who(2, "b") },
            RuleBreak::NotEligible {
                board: Board(2),
                who: who(5, "c"),
                round: Round(3),
            },
            RuleBreak::DifferentSections {
                board: Board(2),
                red: who(1, "a"),
                red_section: "A".into(),
                black: who(2, "b"),
                black_section: "B".into(),
            },
            RuleBreak::AlreadyMet {
                board: Board(1),
                red: who(1, "a"),
                black: who(2, "b"),
            },
            RuleBreak::ThirdInRow {
                board: Board(1),
                who: who(1, "a"),
                side: Side::Black,
            },
            RuleBreak::Difference {
                board: Board(1),
                who: who(1, "a"),
                reds: 1,
                blacks: 4,
            },
            RuleBreak::ByeNotEligible {
                who: who(9, "d"),
                round: Round(2),
            },
            RuleBreak::SecondBye { who: who(9, "d") },
            RuleBreak::ByeAlsoPlays { who: who(9, "d") },
        ];
        for b in &all {
            assert_eq!(rule_break(b, Lang::En), b.to_string(), "{b:?}");
        }
    }
}

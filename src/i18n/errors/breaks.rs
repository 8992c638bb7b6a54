//! The hard rules a pairing made or changed by hand breaks (`domain::breaks::RuleBreak`,
//! docs/rules.md#3-pairing), in words.

use crate::domain::refusal::{RuleBreak, Who};
use crate::domain::rules::Lang;

/// A hard rule a hand-made pairing breaks. The English is the break's record text, the words
/// the log keeps in the pairing's warnings.
pub fn rule_break(b: &RuleBreak, lang: Lang) -> String {
    match lang {
        Lang::En => b.to_string(),
        Lang::Zh => zh(b),
    }
}

fn zh(b: &RuleBreak) -> String {
    let who = |w: &Who| format!("{}号{}", w.no, w.name);
    match b {
        RuleBreak::PairedTwice { who: w, boards } => format!(
            "{}被编排了两次 (第{}台)",
            who(w),
            boards
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("、")
        ),
        RuleBreak::NotPaired { who: w } => format!("{}没有被编排", who(w)),
        RuleBreak::NotEligible {
            board,
            who: w,
            round,
        } => format!("第{board}台: {}不能参加第{round}轮", who(w)),
        RuleBreak::DifferentSections {
            board,
            red,
            red_section,
            black,
            black_section,
        } => format!(
            "第{board}台: {} ({red_section}) 与{} ({black_section}) 不在同一组别",
            who(red),
            who(black)
        ),
        RuleBreak::AlreadyMet { board, red, black } => {
            format!("第{board}台: {}与{}已经交过手", who(red), who(black))
        }
        RuleBreak::ThirdInRow {
            board,
            who: w,
            side,
        } => format!(
            "第{board}台: {}将连续第三次执{}",
            who(w),
            super::super::side(*side, Lang::Zh)
        ),
        RuleBreak::Difference {
            board,
            who: w,
            reds,
            blacks,
        } => format!(
            "第{board}台: {}的先后手差将达到 3 (红{reds}次, 黑{blacks}次)",
            who(w)
        ),
        RuleBreak::ByeNotEligible { who: w, round } => {
            format!("轮空: {}不能参加第{round}轮", who(w))
        }
        RuleBreak::SecondBye { who: w } => format!("轮空: {}将第二次轮空", who(w)),
        RuleBreak::ByeAlsoPlays { who: w } => format!("轮空: {}同时还有对局", who(w)),
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
}

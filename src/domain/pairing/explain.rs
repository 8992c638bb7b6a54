//! The explanation of a pairing as data (`pair --explain`, the console's preview), rendered in
//! the event's language: Chinese by default, English as an option. Nothing here decides; the
//! engine fills these in as it pairs.

use std::fmt::Write as _;

use crate::domain::breaks::RuleBreak;
use crate::domain::event::Stage;
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::rules::Lang;
use crate::domain::side::Side;
use crate::domain::swiss::colour::Reason;

/// Which criterion of docs/rules.md#3-pairing settled a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// Hard rules 1–5: no other choice was legal.
    Legal,
    /// 6: score structure.
    Score,
    /// 7: colour balance.
    Colour,
    /// 8: float history.
    FloatHistory,
    /// 9: who floats (bottom of the group down, top of the group up).
    Rank,
}

pub use crate::domain::breaks::Break;

/// One line of the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The score groups: (score, players) from the top.
    Groups(Vec<(u32, usize)>),
    /// Players of a score group paired with a lower score, and what settled who.
    FloatsDown {
        score: u32,
        players: Vec<PlayerNo>,
        why: Criterion,
    },
    /// The bye, and the players of lower standing passed over because their bye would have
    /// left no legal pairing.
    Bye {
        to: PlayerNo,
        passed_over: Vec<PlayerNo>,
    },
    /// One board: the pair, their scores, whether the higher floated down last round too,
    /// the colour step, and colour rules broken.
    Board {
        red: PlayerNo,
        black: PlayerNo,
        scores: (u32, u32),
        repeat_float: bool,
        colour: Reason,
        breaks: Vec<Break>,
    },
    /// Colour rules 4–5 broken in this round (all boards).
    Relaxed(Vec<Break>),
    /// Round 1 by number (docs/rules.md#2-player-numbers-and-round-1).
    Round1 {
        red: PlayerNo,
        black: PlayerNo,
        halves: bool,
    },
    /// Round 1 with an odd field: the highest number has the bye.
    Round1Bye(PlayerNo),
    /// A round-robin board: the Berger table's round `table_round`, colours swapped in the
    /// second cycle of a double round robin.
    Berger {
        red: PlayerNo,
        black: PlayerNo,
        table_round: u32,
        swapped: bool,
    },
    /// The round robin's bye (odd field): the seat drawn against the phantom seat.
    BergerBye(PlayerNo),
    /// A round-robin game left off the boards: `absent` withdrew (R2011 ch.14); annulled
    /// (成绩取消) or lost by forfeit (对手不战胜).
    OpponentWithdrew {
        present: PlayerNo,
        absent: PlayerNo,
        annulled: bool,
    },
    /// A knockout board.
    Knockout {
        red: PlayerNo,
        black: PlayerNo,
        stage: Stage,
    },
    /// A line numbered by its board.
    OnBoard(Board, Box<Line>),
    /// A line about one section of several.
    InSection(String, Box<Line>),
    /// The round has not been paired yet.
    NotPaired(Round),
    /// The boards played differ from the engine's proposal (a hand change or a knockout
    /// colour choice).
    HandChanged(Round),
    /// An override accepted by the head arbiter: the rule it breaks.
    Override(Overridden),
    /// The head arbiter paired this round with colour rules relaxed, or by hand; the reason.
    Decision { manual: bool, reason: String },
    /// A team match (团体赛): its number, the team with 先走, the other team, and whether the
    /// Berger table (else the Swiss by match points) paired it.
    TeamMatch {
        index: u32,
        first: String,
        second: String,
        berger: bool,
    },
    /// The team with the bye of a team round.
    TeamBye(String),
    /// Teams that handed in no lineup: they play their registered board order.
    DefaultLineups(Vec<String>),
}

/// What an accepted override broke: the rule as data (shown in the reader's language), or
/// the English words an older log recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overridden {
    Break(RuleBreak),
    Words(String),
}

fn list(players: &[PlayerNo]) -> String {
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Criterion {
    pub fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Criterion::Legal, Lang::Zh) => "硬性规则（不重复相遇、不连三、不多三）",
            (Criterion::Legal, Lang::En) => "the hard rules (no rematch, colour rules 4–5)",
            (Criterion::Score, Lang::Zh) => "第6条 同分、近分相遇",
            (Criterion::Score, Lang::En) => "criterion 6, score structure",
            (Criterion::Colour, Lang::Zh) => "第7条 先后手平衡",
            (Criterion::Colour, Lang::En) => "criterion 7, colour balance",
            (Criterion::FloatHistory, Lang::Zh) => "第8条 不连续两轮浮动",
            (Criterion::FloatHistory, Lang::En) => "criterion 8, float history",
            (Criterion::Rank, Lang::Zh) => "第9条 组内名次最低者下浮",
            (Criterion::Rank, Lang::En) => "criterion 9, lowest-ranked floats",
        }
    }
}

impl Break {
    pub fn text(self, lang: Lang) -> String {
        match (self, lang) {
            (Break::ThirdInRow(p, s), Lang::Zh) => format!("{p}号连续第三次执{}", side_zh(s)),
            (Break::ThirdInRow(p, s), Lang::En) => format!("{p} gets {s} a third time in a row"),
            (Break::Difference(p, s), Lang::Zh) => {
                format!("{p}号执{}后先后手差达到3", side_zh(s))
            }
            (Break::Difference(p, s), Lang::En) => {
                format!("{p} reaches a colour difference of 3 with {s}")
            }
        }
    }
}

fn side_zh(s: Side) -> &'static str {
    match s {
        Side::Red => "先手（红）",
        Side::Black => "后手（黑）",
    }
}

/// The colour step's words.
pub fn reason_text(r: Reason, lang: Lang) -> &'static str {
    match (r, lang) {
        (Reason::Balance, Lang::Zh) => "先后手规则1（先手少者执先）",
        (Reason::Balance, Lang::En) => "colour step 1 (balance)",
        (Reason::BlackStreak, Lang::Zh) => "先后手规则1（连续后手多者执先）",
        (Reason::BlackStreak, Lang::En) => "colour step 1 (longer black streak)",
        (Reason::History, Lang::Zh) => "先后手规则2（最近不同的一轮执后者执先）",
        (Reason::History, Lang::En) => "colour step 2 (latest differing game)",
        (Reason::Identical, Lang::Zh) => "先后手规则3（历史相同：按轮次奇偶与序号）",
        (Reason::Identical, Lang::En) => "colour step 3 (same history: round parity and number)",
        (Reason::HigherScore, Lang::Zh) => "先后手规则4（最后三轮高分者优先）",
        (Reason::HigherScore, Lang::En) => "colour step 4 (higher score's need, last three rounds)",
        (Reason::Forced, Lang::Zh) => "先后手受限（避免连三或多三）",
        (Reason::Forced, Lang::En) => "colour forced (no third in a row, no difference of 3)",
    }
}

impl Line {
    /// The line in `lang`; `board` numbers a board line.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Line::Groups(groups), Lang::Zh) => {
                let mut s = String::from("积分组（积分：人数）：");
                for (score, n) in groups {
                    let _ = write!(s, " {score}分：{n}人");
                }
                s
            }
            (Line::Groups(groups), Lang::En) => {
                let mut s = String::from("score groups (points: players):");
                for (score, n) in groups {
                    let _ = write!(s, " {score}: {n}");
                }
                s
            }
            (
                Line::FloatsDown {
                    score,
                    players,
                    why,
                },
                Lang::Zh,
            ) => format!(
                "{score}分组：{} 下浮（人数由第6条决定；人选由{}决定）",
                list(players),
                why.text(lang)
            ),
            (
                Line::FloatsDown {
                    score,
                    players,
                    why,
                },
                Lang::En,
            ) => format!(
                "score group {score}: {} float{} down (how many: criterion 6; who: {})",
                list(players),
                if players.len() == 1 { "s" } else { "" },
                why.text(lang)
            ),
            (Line::Bye { to, passed_over }, Lang::Zh) => {
                let mut s = format!("轮空：{to}号（最低分组中轮空后其余选手仍可合法编排者）");
                if !passed_over.is_empty() {
                    let _ = write!(s, "；{} 轮空将无法合法编排，跳过", list(passed_over));
                }
                s
            }
            (Line::Bye { to, passed_over }, Lang::En) => {
                let mut s = format!(
                    "bye: {to} (lowest score without a bye whose removal leaves a legal pairing)"
                );
                if !passed_over.is_empty() {
                    let _ = write!(
                        s,
                        "; {} passed over (no legal pairing without them)",
                        list(passed_over)
                    );
                }
                s
            }
            (
                Line::Board {
                    red,
                    black,
                    scores,
                    repeat_float,
                    colour,
                    breaks,
                },
                _,
            ) => board_text(*red, *black, *scores, *repeat_float, *colour, breaks, lang),
            (Line::Relaxed(breaks), Lang::Zh) => format!(
                "先后手规则放宽：{}（不放宽则无法编排或积分组结果更差）",
                breaks
                    .iter()
                    .map(|b| b.text(lang))
                    .collect::<Vec<_>>()
                    .join("；")
            ),
            (Line::Round1 { red, black, halves }, Lang::Zh) => format!(
                "{red}号对{black}号：第一轮按序号编排（{}）",
                if *halves {
                    "上下半区"
                } else {
                    "相邻序号"
                }
            ),
            (Line::Round1 { red, black, halves }, Lang::En) => format!(
                "{red} v {black}: round 1 by number ({})",
                if *halves { "halves" } else { "adjacent" }
            ),
            (
                Line::Berger {
                    red,
                    black,
                    table_round,
                    swapped,
                },
                Lang::Zh,
            ) => format!(
                "{red}号对{black}号：贝格尔编排表第{table_round}轮{}",
                if *swapped {
                    "（第二循环，先后手互换）"
                } else {
                    ""
                }
            ),
            (
                Line::Berger {
                    red,
                    black,
                    table_round,
                    swapped,
                },
                Lang::En,
            ) => format!(
                "{red} v {black}: Berger table round {table_round}{}",
                if *swapped {
                    " (second cycle, colours swapped)"
                } else {
                    ""
                }
            ),
            (Line::BergerBye(p), Lang::Zh) => format!("人数为奇数：按贝格尔编排表{p}号轮空"),
            (Line::BergerBye(p), Lang::En) => format!("odd field: {p} has the Berger table's bye"),
            (
                Line::OpponentWithdrew {
                    present,
                    absent,
                    annulled,
                },
                Lang::Zh,
            ) => {
                if *annulled {
                    format!(
                        "{present}号的对手{absent}号已退赛（已赛不足一半，成绩全部取消）：本轮不赛，{present}号不得分"
                    )
                } else {
                    format!(
                        "{present}号的对手{absent}号已退赛（已赛满一半，其余各局判负）：本局{present}号对手不战胜"
                    )
                }
            }
            (
                Line::OpponentWithdrew {
                    present,
                    absent,
                    annulled,
                },
                Lang::En,
            ) => {
                if *annulled {
                    format!(
                        "{present}'s opponent {absent} withdrew before playing half of the games: all of {absent}'s results are annulled; no game, no points for {present} this round"
                    )
                } else {
                    format!(
                        "{present}'s opponent {absent} withdrew after playing half or more: {present} wins this game by forfeit"
                    )
                }
            }
            (Line::Round1Bye(p), Lang::Zh) => format!("人数为奇数：最大序号{p}号轮空"),
            (Line::Round1Bye(p), Lang::En) => {
                format!("odd field: the highest number {p} has the bye")
            }
            (Line::Knockout { red, black, stage }, Lang::Zh) => {
                let name = match stage {
                    Stage::SemiFinal => "半决赛",
                    Stage::Final => "决赛",
                    Stage::ThirdPlace => "三四名决赛",
                    Stage::Swiss => "积分编排",
                };
                format!("{red}号对{black}号：淘汰赛{name}")
            }
            (Line::Knockout { red, black, stage }, Lang::En) => {
                format!("{red} v {black}: {} knockout", stage.word())
            }
            (Line::OnBoard(board, line), Lang::Zh) => format!("第{board}台：{}", line.text(lang)),
            (Line::OnBoard(board, line), Lang::En) => {
                format!("board {board}: {}", line.text(lang))
            }
            (Line::InSection(name, line), _) => format!("{name}: {}", line.text(lang)),
            (Line::NotPaired(r), Lang::Zh) => format!("第{r}轮尚未编排"),
            (Line::NotPaired(r), Lang::En) => format!("round {r} has not been paired"),
            (Line::HandChanged(r), Lang::Zh) => {
                format!("注意：第{r}轮的对阵与上述程序编排不同（人工调整或淘汰赛选先）")
            }
            (Line::HandChanged(r), Lang::En) => format!(
                "note: the boards of round {r} differ from the engine's proposal explained above (changed by hand or by a knockout colour choice)"
            ),
            (
                Line::TeamMatch {
                    index,
                    first,
                    second,
                    berger,
                },
                Lang::Zh,
            ) => format!(
                "第{index}场：{first}（先走，单数台执红）— {second}{}",
                if *berger {
                    "（贝格尔编排）"
                } else {
                    "（按场分编排）"
                }
            ),
            (
                Line::TeamMatch {
                    index,
                    first,
                    second,
                    berger,
                },
                Lang::En,
            ) => format!(
                "match {index}: {first} (first move, red on odd boards) v {second}{}",
                if *berger {
                    " (Berger table)"
                } else {
                    " (Swiss by match points)"
                }
            ),
            (Line::TeamBye(t), Lang::Zh) => format!("轮空：{t}"),
            (Line::TeamBye(t), Lang::En) => format!("bye: {t}"),
            (Line::DefaultLineups(v), Lang::Zh) => {
                format!("未提交出场名单，按报名台次顺序出场：{}", v.join("、"))
            }
            (Line::DefaultLineups(v), Lang::En) => format!(
                "no lineup handed in, registered board order played: {}",
                v.join(", ")
            ),
            (Line::Override(Overridden::Break(b)), Lang::Zh) => {
                format!("已接受的人工调整：{}", b.zh())
            }
            (Line::Override(Overridden::Words(w)), Lang::Zh) => {
                format!("已接受的人工调整：{w}")
            }
            (Line::Override(Overridden::Break(b)), Lang::En) => format!("accepted override: {b}"),
            (Line::Override(Overridden::Words(w)), Lang::En) => {
                format!("accepted override: {w}")
            }
            (Line::Decision { manual, reason }, Lang::Zh) => format!(
                "裁判长决定：{}；理由：{reason}",
                if *manual {
                    "人工编排本轮"
                } else {
                    "放宽先后手规则编排"
                }
            ),
            (Line::Decision { manual, reason }, Lang::En) => format!(
                "head arbiter's decision: {}; reason: {reason}",
                if *manual {
                    "round paired by hand"
                } else {
                    "paired with the colour rules relaxed"
                }
            ),
            (Line::Relaxed(breaks), Lang::En) => format!(
                "colour rules relaxed: {} (keeping them would leave the round unpairable or the score groups worse)",
                breaks
                    .iter()
                    .map(|b| b.text(lang))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        }
    }
}

fn board_text(
    red: PlayerNo,
    black: PlayerNo,
    (sr, sb): (u32, u32),
    repeat: bool,
    colour: Reason,
    breaks: &[Break],
    lang: Lang,
) -> String {
    let mut s = match lang {
        Lang::Zh => format!("{red}号对{black}号："),
        Lang::En => format!("{red} v {black}: "),
    };
    let (hi, lo) = if sr >= sb { (red, black) } else { (black, red) };
    let (hs, ls) = (sr.max(sb), sr.min(sb));
    match lang {
        Lang::Zh => {
            if hs == ls {
                let _ = write!(s, "{hs}分组内");
            } else {
                let _ = write!(s, "{hi}号下浮（{hs}分对{ls}分，{lo}号上浮）");
                if repeat {
                    s.push_str("，连续两轮浮动");
                }
            }
            let _ = write!(s, "；{}", reason_text(colour, lang));
            for b in breaks {
                let _ = write!(s, "；放宽：{}", b.text(lang));
            }
        }
        Lang::En => {
            if hs == ls {
                let _ = write!(s, "score group {hs}");
            } else {
                let _ = write!(s, "{hi} floated down ({hs} v {ls})");
                if repeat {
                    s.push_str(", also floated down last round");
                }
            }
            let _ = write!(s, "; {}", reason_text(colour, lang));
            for b in breaks {
                let _ = write!(s, "; colour rule relaxed: {}", b.text(lang));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let zh = l.text(Lang::Zh);
            let en = l.text(Lang::En);
            assert_ne!(zh, en);
            let latin = zh.chars().filter(char::is_ascii_alphabetic).count();
            assert!(latin <= 1, "English words in {zh}");
        }
    }
}

//! The explanation of a pairing (`pair --explain`, the console's preview) in words: the
//! engine's lines (`domain::pairing::explain`), one exhaustive `match` each with the Chinese
//! and the English side by side (docs/rules.md#3-pairing names the criteria and colour steps
//! they cite).

use std::fmt::Write as _;

use crate::domain::event::Stage;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::pairing::explain::{Break, Criterion, Line, Overridden};
use crate::domain::rules::Lang;
use crate::domain::side::Side;
use crate::domain::swiss::colour::Reason;
use crate::domain::tournament::Tournament;

/// Which criterion settled a choice.
pub fn criterion(c: Criterion, lang: Lang) -> &'static str {
    match c {
        Criterion::Legal => words!(
            lang,
            "硬性规则（不重复相遇、不连三、不多三）",
            "the hard rules (no rematch, colour rules 4–5)"
        ),
        Criterion::Score => words!(lang, "第6条 同分、近分相遇", "criterion 6, score structure"),
        Criterion::Colour => words!(lang, "第7条 先后手平衡", "criterion 7, colour balance"),
        Criterion::FloatHistory => {
            words!(lang, "第8条 不连续两轮浮动", "criterion 8, float history")
        }
        Criterion::Rank => words!(
            lang,
            "第9条 组内名次最低者下浮",
            "criterion 9, lowest-ranked floats"
        ),
    }
}

/// A colour rule broken (rules 4–5).
pub fn colour_break(b: Break, lang: Lang) -> String {
    match b {
        Break::ThirdInRow(p, s) => {
            let s = colour(s, lang);
            words!(
                lang,
                format!("{p}号连续第三次执{s}"),
                format!("{p} gets {s} a third time in a row")
            )
        }
        Break::Difference(p, s) => {
            let s = colour(s, lang);
            words!(
                lang,
                format!("{p}号执{s}后先后手差达到3"),
                format!("{p} reaches a colour difference of 3 with {s}")
            )
        }
    }
}

/// A colour as the colour rules name it: 先手（红） / "red".
fn colour(s: Side, lang: Lang) -> &'static str {
    match s {
        Side::Red => words!(lang, "先手（红）", super::side(s, lang)),
        Side::Black => words!(lang, "后手（黑）", super::side(s, lang)),
    }
}

/// The colour step's words.
pub fn reason(r: Reason, lang: Lang) -> &'static str {
    match r {
        Reason::Balance => words!(
            lang,
            "先后手规则1（先手少者执先）",
            "colour step 1 (balance)"
        ),
        Reason::BlackStreak => words!(
            lang,
            "先后手规则1（连续后手多者执先）",
            "colour step 1 (longer black streak)"
        ),
        Reason::History => words!(
            lang,
            "先后手规则2（最近不同的一轮执后者执先）",
            "colour step 2 (latest differing game)"
        ),
        Reason::Identical => words!(
            lang,
            "先后手规则3（历史相同：按轮次奇偶与序号）",
            "colour step 3 (same history: round parity and number)"
        ),
        Reason::HigherScore => words!(
            lang,
            "先后手规则4（最后三轮高分者优先）",
            "colour step 4 (higher score's need, last three rounds)"
        ),
        Reason::Forced => words!(
            lang,
            "先后手受限（避免连三或多三）",
            "colour forced (no third in a row, no difference of 3)"
        ),
    }
}

/// The knockout stage a line names: in Chinese its name in the pairing's words, in English
/// the one word of the stage (`i18n::stage`).
fn knockout_stage(s: Stage, lang: Lang) -> &'static str {
    match s {
        Stage::QuarterFinal | Stage::SemiFinal | Stage::Final => super::stage(s, lang),
        Stage::ThirdPlace => words!(lang, "三四名决赛", super::stage(s, lang)),
        Stage::Swiss => words!(lang, "积分编排", "Swiss"),
    }
}

/// One line of the explanation.
pub fn line(l: &Line, lang: Lang) -> String {
    match l {
        Line::Groups(groups) => {
            let mut s = words!(
                lang,
                "积分组（积分：人数）：",
                "score groups (points: players):"
            )
            .to_string();
            for (score, n) in groups {
                let _ = words!(
                    lang,
                    write!(s, " {score}分：{n}人"),
                    write!(s, " {score}: {n}")
                );
            }
            s
        }
        Line::FloatsDown {
            score,
            players,
            why,
        } => {
            let (players_list, why) = (list(players), criterion(*why, lang));
            words!(
                lang,
                format!("{score}分组：{players_list} 下浮（人数由第6条决定；人选由{why}决定）"),
                format!(
                    "score group {score}: {players_list} float{} down (how many: criterion 6; who: {why})",
                    if players.len() == 1 { "s" } else { "" }
                )
            )
        }
        Line::Bye { to, passed_over } => {
            let mut s = words!(
                lang,
                format!("轮空：{to}号（最低分组中轮空后其余选手仍可合法编排者）"),
                format!(
                    "bye: {to} (lowest score without a bye whose removal leaves a legal pairing)"
                )
            );
            if !passed_over.is_empty() {
                let passed = list(passed_over);
                let _ = words!(
                    lang,
                    write!(s, "；{passed} 轮空将无法合法编排，跳过"),
                    write!(s, "; {passed} passed over (no legal pairing without them)")
                );
            }
            s
        }
        Line::Board {
            red,
            black,
            scores,
            repeat_float,
            colour,
            breaks,
        } => board(*red, *black, *scores, *repeat_float, *colour, breaks, lang),
        Line::Relaxed(breaks) => {
            let breaks = breaks
                .iter()
                .map(|b| colour_break(*b, lang))
                .collect::<Vec<_>>()
                .join(words!(lang, "；", "; "));
            words!(
                lang,
                format!("先后手规则放宽：{breaks}（不放宽则无法编排或积分组结果更差）"),
                format!(
                    "colour rules relaxed: {breaks} (keeping them would leave the round unpairable or the score groups worse)"
                )
            )
        }
        Line::Round1 { red, black, halves } => {
            let how = if *halves {
                words!(lang, "上下半区", "halves")
            } else {
                words!(lang, "相邻序号", "adjacent")
            };
            words!(
                lang,
                format!("{red}号对{black}号：第一轮按序号编排（{how}）"),
                format!("{red} v {black}: round 1 by number ({how})")
            )
        }
        Line::Round1Bye(p) => words!(
            lang,
            format!("人数为奇数：最大序号{p}号轮空"),
            format!("odd field: the highest number {p} has the bye")
        ),
        Line::Berger {
            red,
            black,
            table_round,
            swapped,
        } => {
            let swapped = if *swapped {
                words!(
                    lang,
                    "（第二循环，先后手互换）",
                    " (second cycle, colours swapped)"
                )
            } else {
                ""
            };
            words!(
                lang,
                format!("{red}号对{black}号：贝格尔编排表第{table_round}轮{swapped}"),
                format!("{red} v {black}: Berger table round {table_round}{swapped}")
            )
        }
        Line::BergerBye(p) => words!(
            lang,
            format!("人数为奇数：按贝格尔编排表{p}号轮空"),
            format!("odd field: {p} has the Berger table's bye")
        ),
        Line::OpponentWithdrew {
            present,
            absent,
            annulled,
        } => {
            if *annulled {
                words!(
                    lang,
                    format!(
                        "{present}号的对手{absent}号已退赛（已赛不足一半，成绩全部取消）：本轮不赛，{present}号不得分"
                    ),
                    format!(
                        "{present}'s opponent {absent} withdrew before playing half of the games: all of {absent}'s results are annulled; no game, no points for {present} this round"
                    )
                )
            } else {
                words!(
                    lang,
                    format!(
                        "{present}号的对手{absent}号已退赛（已赛满一半，其余各局判负）：本局{present}号对手不战胜"
                    ),
                    format!(
                        "{present}'s opponent {absent} withdrew after playing half or more: {present} wins this game by forfeit"
                    )
                )
            }
        }
        Line::Knockout { red, black, stage } => {
            let stage = knockout_stage(*stage, lang);
            words!(
                lang,
                format!("{red}号对{black}号：淘汰赛{stage}"),
                format!("{red} v {black}: {stage} knockout")
            )
        }
        Line::OnBoard(board, l) => {
            let l = line(l, lang);
            words!(
                lang,
                format!("第{board}台：{l}"),
                format!("board {board}: {l}")
            )
        }
        Line::InSection(name, l) => format!("{name}: {}", line(l, lang)),
        Line::NotPaired(r) => words!(
            lang,
            format!("第{r}轮尚未编排"),
            format!("round {r} has not been paired")
        ),
        Line::HandChanged(r) => words!(
            lang,
            format!("注意：第{r}轮的对阵与上述程序编排不同（人工调整或淘汰赛选先）"),
            format!(
                "note: the boards of round {r} differ from the engine's proposal explained above (changed by hand or by a knockout colour choice)"
            )
        ),
        Line::TeamMatch {
            index,
            first,
            second,
            berger,
        } => {
            let how = if *berger {
                words!(lang, "（贝格尔编排）", " (Berger table)")
            } else {
                words!(lang, "（按场分编排）", " (Swiss by match points)")
            };
            words!(
                lang,
                format!("第{index}场：{first}（先走，单数台执红）— {second}{how}"),
                format!("match {index}: {first} (first move, red on odd boards) v {second}{how}")
            )
        }
        Line::TeamBye(t) => words!(lang, format!("轮空：{t}"), format!("bye: {t}")),
        Line::DefaultLineups(v) => words!(
            lang,
            format!("未提交出场名单，按报名台次顺序出场：{}", v.join("、")),
            format!(
                "no lineup handed in, registered board order played: {}",
                v.join(", ")
            )
        ),
        Line::ShortTeam { team, boards } => crate::i18n::vacant::short_team(team, boards, lang),
        Line::Override(o) => {
            let what = match o {
                Overridden::Break(b) => crate::i18n::errors::rule_break(b, lang),
                Overridden::Words(w) => w.clone(),
            };
            words!(
                lang,
                format!("已接受的人工调整：{what}"),
                format!("accepted override: {what}")
            )
        }
        Line::Decision { manual, reason } => {
            let what = if *manual {
                words!(lang, "人工编排本轮", "round paired by hand")
            } else {
                words!(
                    lang,
                    "放宽先后手规则编排",
                    "paired with the colour rules relaxed"
                )
            };
            words!(
                lang,
                format!("裁判长决定：{what}；理由：{reason}"),
                format!("head arbiter's decision: {what}; reason: {reason}")
            )
        }
    }
}

/// A board of the explanation: the players, the float, the colour step and any colour rule
/// relaxed.
fn board(
    red: PlayerNo,
    black: PlayerNo,
    (sr, sb): (u32, u32),
    repeat: bool,
    colour: Reason,
    breaks: &[Break],
    lang: Lang,
) -> String {
    let mut s = words!(
        lang,
        format!("{red}号对{black}号："),
        format!("{red} v {black}: ")
    );
    let (hi, lo) = if sr >= sb { (red, black) } else { (black, red) };
    let (hs, ls) = (sr.max(sb), sr.min(sb));
    if hs == ls {
        let _ = words!(lang, write!(s, "{hs}分组内"), write!(s, "score group {hs}"));
    } else {
        let _ = words!(
            lang,
            write!(s, "{hi}号下浮（{hs}分对{ls}分，{lo}号上浮）"),
            write!(s, "{hi} floated down ({hs} v {ls})")
        );
        if repeat {
            s.push_str(words!(
                lang,
                "，连续两轮浮动",
                ", also floated down last round"
            ));
        }
    }
    let _ = words!(
        lang,
        write!(s, "；{}", reason(colour, lang)),
        write!(s, "; {}", reason(colour, lang))
    );
    for b in breaks {
        let b = colour_break(*b, lang);
        let _ = words!(
            lang,
            write!(s, "；放宽：{b}"),
            write!(s, "; colour rule relaxed: {b}")
        );
    }
    s
}

/// Every line, in order.
pub fn lines(ls: &[Line], lang: Lang) -> Vec<String> {
    ls.iter().map(|l| line(l, lang)).collect()
}

/// The explanation of a paired round (`domain::pairing::explain_round_lines`) in `lang`.
pub fn round(t: &Tournament, round: Round, lang: Lang) -> Vec<String> {
    lines(&crate::domain::pairing::explain_round_lines(t, round), lang)
}

fn list(players: &[PlayerNo]) -> String {
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
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
            let zh = line(l, Lang::Zh);
            let en = line(l, Lang::En);
            assert_ne!(zh, en);
            let latin = zh.chars().filter(char::is_ascii_alphabetic).count();
            assert!(latin <= 1, "English words in {zh}");
        }
    }
}

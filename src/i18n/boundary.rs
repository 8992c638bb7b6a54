//! The texts of a correction across a round boundary: the way forward printed
//! after the correction, and the re-pair preview (the boards that would change), in Chinese
//! and English.

use crate::domain::Tournament;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::repair::RepairPreview;
use crate::domain::rules::Lang;
use crate::domain::tournament::RoundState;

/// `薛平 5 – 罗军 3`: a board with each player's score before the round.
fn pair_text(t: &Tournament, round: Round, (red, black): (PlayerNo, PlayerNo)) -> String {
    let scores = crate::domain::standings::points_before(t, round);
    let one = |no: PlayerNo| {
        format!(
            "{} {}",
            super::name(t, no),
            scores.get(&no).copied().unwrap_or(0)
        )
    };
    format!("{} – {}", one(red), one(black))
}

/// The way forward after a correction outdated round `r` (the current round): re-pair it while
/// it has no result, or record the decision to keep it.
pub fn outdated_hint(r: &RoundState, lang: Lang) -> String {
    let round = r.round;
    if r.has_any_result() {
        words!(
            lang,
            format!(
                "第{round}轮已有结果, 不能再重新编排; 请记录保留现编排的决定: bianpai pair 日志 --keep --reason 理由 (控制台: 裁判长按 K)"
            ),
            format!(
                "round {round} already has results and can no longer be re-paired; record the decision to keep it: `bianpai pair LOG --keep --reason TEXT` (console: head arbiter key K)"
            )
        )
    } else {
        words!(
            lang,
            format!(
                "第{round}轮尚无结果, 可重新编排: 先看变化 bianpai pair 日志 --preview, 再 bianpai unpair 日志 --reason 理由 与 bianpai pair 日志 (控制台: 裁判长按 R); 或保留现编排: bianpai pair 日志 --keep --reason 理由 (控制台 K)"
            ),
            format!(
                "round {round} has no result yet and can be re-paired: see what changes with `bianpai pair LOG --preview`, then `bianpai unpair LOG --reason TEXT` and `bianpai pair LOG` (console: head arbiter key R); or keep it: `bianpai pair LOG --keep --reason TEXT` (console K)"
            )
        )
    }
}

/// The preview of a re-pair: a headline, then one line per board that would change.
pub fn preview_lines(t: &Tournament, p: &RepairPreview, lang: Lang) -> Vec<String> {
    let round = p.round;
    let corrected = p
        .corrected
        .iter()
        .map(|(r, b)| {
            words!(
                lang,
                format!("第{r}轮第{b}台"),
                format!("round {r} board {b}")
            )
        })
        .collect::<Vec<_>>()
        .join(words!(lang, "、", ", "));
    let (removed, added, moved, unchanged) =
        (p.removed.len(), p.added.len(), p.moved.len(), p.unchanged);
    let mut out = vec![words!(
        lang,
        format!(
            "第{round}轮按更正前的结果编排 ({corrected} 已更正); 按更正后的结果重新编排: 取消{removed}台, 新增{added}台, 移台{moved}台, {unchanged}台不变"
        ),
        format!(
            "round {round} was paired on old results ({corrected} corrected); re-paired on the corrected results: {removed} board(s) go, {added} come, {moved} move, {unchanged} stay"
        )
    )];
    let pair = |x| pair_text(t, round, x);
    for (b, x) in &p.removed {
        let x = pair(*x);
        out.push(words!(
            lang,
            format!("  取消 第{b}台 {x}"),
            format!("  goes  board {b}: {x}")
        ));
    }
    for (b, x) in &p.added {
        let x = pair(*x);
        out.push(words!(
            lang,
            format!("  新增 第{b}台 {x}"),
            format!("  comes board {b}: {x}")
        ));
    }
    for (x, from, to) in &p.moved {
        let x = pair(*x);
        out.push(words!(
            lang,
            format!("  移台 {x} 第{from}台 → 第{to}台"),
            format!("  moves {x}: board {from} -> board {to}")
        ));
    }
    if p.byes_now != p.byes_then {
        let list = |v: &[PlayerNo]| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.iter()
                    .map(|n| super::name(t, *n))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let (now, then) = (list(&p.byes_now), list(&p.byes_then));
        out.push(words!(
            lang,
            format!("  轮空 {now} → {then}"),
            format!("  bye {now} -> {then}")
        ));
    }
    if p.is_same() {
        out.push(
            words!(
                lang,
                "  编排不变: 可保留现编排 (pair --keep --reason 理由)",
                "  the pairing stays the same: keep it (pair --keep --reason TEXT)"
            )
            .into(),
        );
    }
    out
}

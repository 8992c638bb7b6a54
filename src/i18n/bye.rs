//! The words of requested byes (docs/rules.md#requested-byes): what each scores, the log's
//! lines, the refusals, and the mark a printout or screen shows for the player.

use crate::domain::requested_bye::{ByeFault, ByePoints, ByeRequest};
use crate::domain::rules::Lang;
use crate::domain::tournament::Tournament;

/// 半分 / 零分 / 全分.
pub fn points_word(p: ByePoints, lang: Lang) -> &'static str {
    match p {
        ByePoints::Half => words!(lang, "半分", "half point"),
        ByePoints::Zero => words!(lang, "零分", "zero points"),
        ByePoints::Full => words!(lang, "全分", "full point"),
    }
}

/// What a printout's or screen's result column shows for the player: 请假 (半分).
pub fn mark(p: ByePoints, lang: Lang) -> String {
    let w = points_word(p, lang);
    words!(lang, format!("请假 ({w})"), format!("requested bye ({w})"))
}

/// A crosstable's cell: 请假½ / H (FIDE's letters in English).
pub fn short(p: ByePoints, lang: Lang) -> &'static str {
    match p {
        ByePoints::Half => words!(lang, "请假½", "H"),
        ByePoints::Zero => words!(lang, "请假0", "Z"),
        ByePoints::Full => words!(lang, "请假1", "F"),
    }
}

/// The log's line for `ByeRequested`.
pub fn requested(t: &Tournament, q: &ByeRequest, lang: Lang) -> String {
    let (no, round) = (q.bye.no, q.round);
    let name = t.player(no).map_or("", |p| p.entry.name.as_str());
    let w = points_word(q.bye.points, lang);
    let reason = &q.reason;
    words!(
        lang,
        format!("{no}号 {name} 第{round}轮请假轮空 ({w}), 理由: {reason}"),
        format!("{no} {name}: requested bye in round {round} ({w}), reason: {reason}")
    )
}

/// The log's line for `ByeCancelled`.
pub fn cancelled(
    t: &Tournament,
    round: crate::domain::ids::Round,
    no: crate::domain::ids::PlayerNo,
    reason: &str,
    lang: Lang,
) -> String {
    let name = t.player(no).map_or("", |p| p.entry.name.as_str());
    words!(
        lang,
        format!("{no}号 {name} 撤销第{round}轮请假轮空, 理由: {reason}"),
        format!("{no} {name}: requested bye in round {round} cancelled, reason: {reason}")
    )
}

/// A refusal of `bye`.
pub fn fault(f: &ByeFault, lang: Lang) -> String {
    match f {
        ByeFault::NotAllowed => words!(
            lang,
            "本赛事规程不设请假轮空 (规程字段 requested_byes)".to_string(),
            "this event's rules allow no requested byes (rules field requested_byes)".to_string()
        ),
        ByeFault::Format => words!(
            lang,
            "循环赛和团体赛不设请假轮空".to_string(),
            "a round robin or team match has no requested byes".to_string()
        ),
        ByeFault::Paired(r) => words!(
            lang,
            format!("第{r}轮已编排, 请假轮空须在编排前登记"),
            format!("round {r} is already paired: a requested bye is asked for before the pairing")
        ),
        ByeFault::Beyond { round, rounds } => words!(
            lang,
            format!("本赛事共{rounds}轮, 没有第{round}轮"),
            format!("the event has {rounds} rounds: there is no round {round}")
        ),
        ByeFault::LastRounds { round, not_in_last } => words!(
            lang,
            format!("规程规定最后{not_in_last}轮不得请假轮空 (第{round}轮)"),
            format!(
                "the rules allow no requested bye in the last {not_in_last} rounds (round {round})"
            )
        ),
        ByeFault::Limit { no, name, max } => words!(
            lang,
            format!("{no}号 {name} 已用满规程允许的{max}次请假轮空"),
            format!("{no} {name} has used the requested byes the rules allow ({max})")
        ),
        ByeFault::Twice { no, name, round } => words!(
            lang,
            format!("{no}号 {name} 已登记第{round}轮请假轮空 (先用 --cancel 撤销)"),
            format!(
                "{no} {name} already has a requested bye in round {round} (cancel it first with --cancel)"
            )
        ),
        ByeFault::NoRequest { no, name, round } => words!(
            lang,
            format!("{no}号 {name} 没有第{round}轮的请假轮空可撤销"),
            format!("{no} {name} has no requested bye in round {round} to cancel")
        ),
        ByeFault::Finalist { no, name, round } => words!(
            lang,
            format!("{no}号 {name} 是淘汰赛决赛选手, 第{round}轮不能请假轮空"),
            format!("{no} {name} plays the knockout finals: no requested bye in round {round}")
        ),
        ByeFault::Seated { no, name, round } => words!(
            lang,
            format!("{no}号 {name} 第{round}轮请假轮空, 不能编入对局 (先用 bye --cancel 撤销)"),
            format!(
                "{no} {name} is on a requested bye in round {round}: not to be paired (cancel it first with bye --cancel)"
            )
        ),
    }
}

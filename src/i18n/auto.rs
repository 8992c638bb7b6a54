//! Automatic acts said as automatic: a late-window forfeit, a withdrawal after
//! consecutive forfeits and a foul-limit loss are the rules acting (docs/rules.md#4-late-arrival-forfeits-withdrawal, §5), not the
//! person whose console ticked. The audit, the console's event line and the exports name the
//! rule (`自动（迟到超时）`) and keep who triggered it as a detail.

use crate::domain::Side;
use crate::domain::event::{AutoRule, Event};
use crate::domain::ids::Board;
use crate::domain::rules::Lang;
use crate::log::Record;

/// `自动（迟到超时）` / `automatic (late window)`.
pub fn label(rule: AutoRule, lang: Lang) -> &'static str {
    match rule {
        AutoRule::LateWindow => words!(lang, "自动（迟到超时）", "automatic (late window)"),
        AutoRule::ForfeitLimit => {
            words!(lang, "自动（连续弃权）", "automatic (consecutive forfeits)")
        }
        AutoRule::FoulLimit => words!(lang, "自动（犯规超限）", "automatic (foul limit)"),
        AutoRule::SelfReport => words!(lang, "自动（棋手签认）", "automatic (the players signed)"),
        AutoRule::Advance => words!(lang, "自动（全部完赛）", "automatic (round complete)"),
    }
}

/// Who a record is by, as the audit and the event line say it: the player for a report from
/// the room page, the rule for an automatic act, else the user.
pub fn who(by: &str, ev: &Event, lang: Lang) -> String {
    who_as(by, ev, ev.automatic(), lang)
}

/// Who a record is by, given the rule that acted (`rules_of`), if any.
pub fn who_as(by: &str, ev: &Event, rule: Option<AutoRule>, lang: Lang) -> String {
    if let Some(player) = super::self_report::reporter(ev, lang) {
        // A player's report through the room page (docs/self-report.md).
        return player;
    }
    rule.map_or_else(|| by.to_string(), |r| label(r, lang).to_string())
}

/// The detail kept for an automatic act: whose console triggered it; for a result both
/// players signed, who accepted it (docs/self-report.md); empty otherwise.
pub fn trigger(by: &str, ev: &Event, lang: Lang) -> String {
    trigger_as(by, ev, ev.automatic(), lang)
}

/// The detail kept for an automatic act, given the rule that acted (`rules_of`).
pub fn trigger_as(by: &str, ev: &Event, rule: Option<AutoRule>, lang: Lang) -> String {
    if let Some(d) = super::self_report::detail(by, ev, lang) {
        return d;
    }
    match rule {
        None => String::new(),
        Some(_) => words!(
            lang,
            format!("（由 {by} 的终端触发）"),
            format!(" (triggered by {by}'s terminal)")
        ),
    }
}

/// The rule behind each of `records`: the record's own (a late forfeit, a withdrawal by
/// rule, a foul-limit loss) or, for every record of an append the automatic advance wrote
/// (the pairing, a note, the start, its `AutoAdvanced` last), the advance. An append is the
/// records up to one whose `more` is 0.
pub fn rules_of(records: &[Record]) -> Vec<Option<AutoRule>> {
    let mut out: Vec<Option<AutoRule>> = records.iter().map(|r| r.ev.automatic()).collect();
    let mut start = 0;
    for (i, r) in records.iter().enumerate() {
        if r.more != 0 {
            continue;
        }
        let batch = start..=i;
        start = i + 1;
        if records[batch.clone()]
            .iter()
            .any(|r| matches!(r.ev, Event::AutoAdvanced { .. }))
        {
            for rule in &mut out[batch] {
                rule.get_or_insert(AutoRule::Advance);
            }
        }
    }
    out
}

/// What the assistant's screen says when a foul decides the game: `第5台 红方第2次犯规，判负`;
/// where the opponent must claim the loss, the claim the console then asks to confirm.
pub fn foul_decides(board: Board, side: Side, nth: usize, claim: bool, lang: Lang) -> String {
    let s = super::side(side, lang);
    let o = super::side(side.other(), lang);
    if claim {
        words!(
            lang,
            format!("第{board}台 {s}第{nth}次犯规，已达判负次数，经{o}提出判负"),
            format!("board {board}: {s}'s foul no. {nth} reaches the limit; {o} claims the loss")
        )
    } else {
        words!(
            lang,
            format!("第{board}台 {s}第{nth}次犯规，判负"),
            format!("board {board}: {s}'s foul no. {nth}, the game is lost")
        )
    }
}

//! A refusal (`domain::refusal::Refusal`) in words, times in the event's zone: one exhaustive
//! `match`, the Chinese and the English of each refusal side by side, so a new refusal makes
//! the compiler ask for both. The floor's reasons (seats, clocks, fouls, flags) are in
//! `floor.rs`.

mod floor;
#[cfg(test)]
mod samples;

use super::{EventZone, result_word, role, stage};
use crate::domain::refusal::{ReasonFor, Refusal};
use crate::domain::rules::Lang;

/// A refusal in `lang`; times in `zone`.
pub fn refusal(r: &Refusal, lang: Lang, zone: EventZone) -> String {
    let hms = |t| zone.format(t, "%H:%M:%S");
    match r {
        Refusal::Amend(f) => super::amend::fault(f, lang),
        Refusal::Signed {
            round,
            board,
            result,
            by,
            names,
        } => super::self_report::kept(*round, *board, *result, *by, names, lang),
        Refusal::Report { round, board, why } => {
            let why = super::self_report::why(why, lang);
            words!(
                lang,
                format!("第{round}轮第{board}台: {why}"),
                format!("round {round} board {board}: {why}")
            )
        }
        Refusal::NotAllowed { user, role: r, what } => {
            let what = super::deed::deed(*what, lang);
            words!(
                lang,
                format!("{user} 以{}身份无权{what}", role_word(r, lang)),
                format!("{user} acting as {r} may not {what}")
            )
        }
        Refusal::UnknownBoard { round, board } => words!(
            lang,
            format!("第{round}轮没有第{board}台"),
            format!("round {round}: there is no board {board}")
        ),
        Refusal::VacantBoard { round, board } => {
            let why = super::vacant::refused(*board, lang);
            words!(
                lang,
                format!("第{round}轮{why}"),
                format!("round {round}: {why}")
            )
        }
        Refusal::UnknownPlayer(no) => words!(
            lang,
            format!("没有{no}号棋手"),
            format!("there is no player number {no}")
        ),
        Refusal::NoRound => words!(lang, "尚未编排任何一轮", "no round has been paired yet").into(),
        Refusal::UnknownRound(round) => words!(
            lang,
            format!("第{round}轮尚未编排"),
            format!("round {round} has not been paired")
        ),
        Refusal::HasResult {
            round,
            board,
            existing,
        } => {
            let existing = result_word(*existing, lang);
            words!(
                lang,
                format!(
                    "第{round}轮第{board}台已有结果: {existing}; 更正须由裁判长填写理由 (--correct --reason 理由)"
                ),
                format!(
                    "round {round} board {board} already has a result: {existing}; only the head arbiter can correct it (--correct --reason TEXT)"
                )
            )
        }
        Refusal::RoundIncomplete {
            round,
            missing,
            first,
        } => words!(
            lang,
            format!("第{round}轮还有{missing}台没有结果 (首台: 第{first}台)"),
            format!("round {round}: {missing} board(s) without a result (first: board {first})")
        ),
        Refusal::Pairing(m) => words!(lang, format!("无法编排: {m}"), format!("pairing failed: {m}")),
        Refusal::Registration(f) => {
            let f = super::errors::registration(f, lang);
            words!(
                lang,
                format!("报名被拒: {f}"),
                format!("registration refused: {f}")
            )
        }
        // The rule's own text, as the caller gave it.
        Refusal::Rule(m) => m.clone(),
        Refusal::FlagBeforeClockInput {
            round,
            board,
            since,
            at,
        } => {
            let (since, at) = (hms(*since), hms(*at));
            words!(
                lang,
                format!(
                    "第{round}轮第{board}台: 棋钟最后一次输入的时间是 {since}, 晚于本次确认 ({at}); 是否有棋钟输入用错了时区? 请先按棋盘上的钟校正 (clock set) 再确认超时"
                ),
                format!(
                    "round {round} board {board}: the clock's last input is stamped {since}, after this confirmation ({at}); a clock input in the wrong time zone? Set the clock from the board (clock set) before confirming a flag"
                )
            )
        }
        Refusal::CorrectionWithoutTime => words!(
            lang,
            "--correction 须与时间 (--at) 一起使用: 此命令不带时间",
            "--correction goes with a time (--at): this command carries none"
        )
        .into(),
        Refusal::CorrectionWithoutReason => words!(
            lang,
            "--correction 须写明理由 (--correction 理由)",
            "--correction needs a reason (--correction REASON)"
        )
        .into(),
        Refusal::Text(f) => super::faults::text_fault(f, lang),
        Refusal::Team(f) => super::errors::team_fault(f, lang),
        Refusal::Bye(f) => super::bye::fault(f, lang),
        Refusal::Skew(s) => super::faults::time_skew(s, lang),
        Refusal::RoundNotStarted { round } => words!(
            lang,
            format!(
                "第{round}轮尚未开始, 不能录入结果: 请先开始本轮 (控制台 S 开始本轮, 或 bianpai start LOG), 或在规则中设 auto_advance: pair_and_start"
            ),
            format!(
                "round {round} has not started: start it first (`bianpai start LOG`, console key S), or set auto_advance: pair_and_start"
            )
        ),
        Refusal::RoundChanged { typed, current } => words!(
            lang,
            format!(
                "录入的是第{typed}轮, 但现在已是第{current}轮: 未记录 (请在第{current}轮重新输入)"
            ),
            format!(
                "the entry was for round {typed}, but round {current} is now on: nothing recorded"
            )
        ),
        Refusal::NumbersNotDrawn => words!(
            lang,
            "尚未抽签排序号: 请先运行 bianpai draw LOG (或在规则中设 numbers_by_registration: true 按报名顺序编号)",
            "player numbers have not been drawn: run `bianpai draw LOG` first (or set numbers_by_registration: true in the rules)"
        )
        .into(),
        Refusal::AlreadyStarted { round, at } => {
            let at = zone.format(*at, "%Y-%m-%d %H:%M:%S");
            words!(
                lang,
                format!("第{round}轮已于 {at} 开始"),
                format!("round {round} already started at {at}")
            )
        }
        Refusal::NotStartedYet(round) => words!(
            lang,
            format!("第{round}轮尚未开始, 没有开始时间可更正"),
            format!("round {round} has not started: there is no start time to correct")
        ),
        Refusal::AlreadyWithdrawn { no, name } => words!(
            lang,
            format!("{no}号{name}已退赛"),
            format!("player {no} ({name}) has already withdrawn")
        ),
        Refusal::NotWithdrawn { no, name } => words!(
            lang,
            format!("{no}号{name}并未退赛"),
            format!("player {no} ({name}) is not withdrawn")
        ),
        Refusal::ReasonNeeded(what) => reason_for(*what, lang).into(),
        Refusal::DrawAfterPairing => words!(
            lang,
            "第1轮已编排公布, 不能再抽签排序号",
            "numbers can only be drawn before round 1 is paired (round 1 is published)"
        )
        .into(),
        Refusal::NoPlayers => words!(lang, "尚无棋手报名", "no players are registered yet").into(),
        Refusal::ResultsEntered(round) => words!(
            lang,
            format!("第{round}轮已录入结果, 编排不能再更改"),
            format!(
                "round {round}: results have been entered; the pairing can no longer be changed"
            )
        ),
        Refusal::AllRoundsPaired(n) => words!(
            lang,
            format!("全部{n}轮均已编排, 比赛已结束"),
            format!("all {n} rounds have been paired")
        ),
        Refusal::Unpairable { section, players } => {
            let section = section
                .as_ref()
                .map(|s| format!("{s}: "))
                .unwrap_or_default();
            let players = players
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(words!(lang, "、", ", "));
            words!(
                lang,
                format!(
                    "无合规编排: {section}{players}号无法在不重复对局、不二次轮空、(末轮前)不违反颜色规则的前提下编对; 请裁判长决定: `bianpai pair 日志 --relax colours --reason 理由` (颜色违规最少) 或 `bianpai pair 日志 --manual \"3-8,5-1,…\" [--bye 序号] --reason 理由` (手工编排)"
                ),
                format!(
                    "no legal pairing: {section}players {players} cannot be paired without a rematch, a second bye or (before the last round) a colour rule broken; the head arbiter decides: `bianpai pair LOG --relax colours --reason TEXT` (fewest colour-rule breaks) or `bianpai pair LOG --manual \"3-8,5-1,…\" [--bye N] --reason TEXT` (the round entered by hand)"
                )
            )
        }
        Refusal::NoneEligible(round) => words!(
            lang,
            format!("第{round}轮没有可编排的棋手"),
            format!("round {round}: no players are eligible")
        ),
        Refusal::RelaxNotNeeded => words!(
            lang,
            "存在不违反任何规则的编排, 请正常编排 (不加 --relax)",
            "a pairing that keeps every rule exists: pair normally"
        )
        .into(),
        Refusal::RelaxInLastRound => words!(
            lang,
            "末轮在需要时会自动放宽颜色规则, 请正常编排",
            "the last round relaxes colour rules 4–5 by itself when needed: pair it normally"
        )
        .into(),
        Refusal::SwapSelf(board) => words!(
            lang,
            format!("第{board}台不能与自己交换"),
            format!("board {board}: cannot swap a board with itself")
        ),
        Refusal::BreaksRule(breaks) => {
            let breaks = breaks
                .iter()
                .map(|b| super::errors::rule_break(b, lang))
                .collect::<Vec<_>>()
                .join("; ");
            words!(
                lang,
                format!("此更改违反规则: {breaks}; 如确需更改, 加 --force --reason 理由"),
                format!(
                    "the change breaks a rule: {breaks}; repeat with --force --reason TEXT to accept"
                )
            )
        }
        Refusal::SameResult {
            round,
            board,
            result,
        } => {
            let result = result_word(*result, lang);
            words!(
                lang,
                format!("第{round}轮第{board}台的结果已是{result}, 无需更正"),
                format!("round {round} board {board}: the result is already {result}")
            )
        }
        Refusal::NoLotDue(round) => words!(
            lang,
            format!("第{round}轮没有等待抽签定先后手的超快棋"),
            format!(
                "round {round}: no knockout game waits for a colour lot (an armageddon game without a result)"
            )
        ),
        Refusal::LotFirst { round, board } => words!(
            lang,
            format!(
                "第{round}轮第{board}台是超快棋, 须先抽签定先后手再录入结果: 请先录入抽签结果 (裁判长或编排: 控制台按 L, 或 bianpai pair 日志 --lot red|black --board {board})"
            ),
            format!(
                "round {round} board {board}: the armageddon's colours are drawn by lot first: enter the lot (`bianpai pair LOG --lot red|black --board {board}`, console key L), then the result"
            )
        ),
        Refusal::NotOutdated(round) => words!(
            lang,
            format!("第{round}轮编排后没有更正过前面轮次的结果, 无需保留或重新编排"),
            format!(
                "round {round}: no earlier result was corrected after it was paired; nothing to keep or re-pair"
            )
        ),
        Refusal::OutdatedIsTheHeads { round, heads } => {
            let heads = if heads.is_empty() {
                String::new()
            } else {
                format!(" ({})", heads.join(words!(lang, "、", ", ")))
            };
            words!(
                lang,
                format!(
                    "第{round}轮的编排已因更正前面轮次的结果而过时: 只有裁判长{heads}能决定重新编排 (撤销后重新编排) 或保留 (bianpai pair 日志 --keep --reason 理由)"
                ),
                format!(
                    "round {round}'s pairing is outdated by a corrected result: only the head arbiter{heads} decides it (re-pair: unpair and pair; keep: pair --keep --reason TEXT)"
                )
            )
        }
        Refusal::PressBeforeLast {
            round,
            board,
            at,
            last,
        } => {
            let (at, last) = (hms(*at), hms(*last));
            words!(
                lang,
                format!(
                    "第{round}轮第{board}台: 这次按钟的时间 {at} 早于该台上一次按钟的时间 {last}; 按钟须按时间顺序录入"
                ),
                format!(
                    "round {round} board {board}: a press at {at} is before the board's last press at {last}; presses are recorded in order"
                )
            )
        }
        Refusal::OutdatedHasResults(round) => words!(
            lang,
            format!(
                "第{round}轮已有结果, 不能重新编排; 如保留现编排, 请记录决定: bianpai pair 日志 --keep --reason 理由 (控制台按 K)"
            ),
            format!(
                "round {round} already has results and cannot be re-paired; record the decision to keep it: `bianpai pair LOG --keep --reason TEXT` (console key K)"
            )
        ),
        Refusal::Floor { round, board, why } => {
            let why = floor::floor(why, lang, zone);
            words!(
                lang,
                format!("第{round}轮第{board}台: {why}"),
                format!("round {round} board {board}: {why}")
            )
        }
        Refusal::FloorGeneral(why) => floor::floor(why, lang, zone),
        Refusal::TooFewFinalists {
            found,
            after,
            needed,
        } => words!(
            lang,
            format!("淘汰赛: 第{after}轮后只有{found}名棋手可进入决赛阶段, 需要{needed}名"),
            format!("knockout: {found} eligible finalists after round {after}, {needed} needed")
        ),
        Refusal::MatchOpen { stage, a, b } => {
            let stage = super::stage(*stage, lang);
            words!(
                lang,
                format!("淘汰赛: {stage} {a}号 对 {b}号 尚未决出胜负"),
                format!("knockout: the {stage} {a} v {b} is not decided yet")
            )
        }
        Refusal::ColourChoiceDue { round, due } => {
            let due = due
                .iter()
                .map(|d| {
                    let (hi, hi_name, lo, lo_name) = (d.higher, &d.higher_name, d.lower, &d.lower_name);
                    words!(
                        lang,
                        format!(
                            "{}{hi}号{hi_name} 对 {lo}号{lo_name} (由{hi}号{hi_name}选择)",
                            stage(d.stage, lang)
                        ),
                        format!("{hi} {hi_name} v {lo} {lo_name} (chosen by {hi})")
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            words!(
                lang,
                format!(
                    "第{round}轮淘汰赛: {due}; 双方前面轮次先后手次数相同, 由名次列前者选择先后手, 未选择不编排: bianpai pair 日志 --choose red|black (每场一个, 按此顺序; 或 --choose 序号=red), 控制台按 P"
                ),
                format!(
                    "round {round}: the colour counts are level in {due}; the higher-ranked player chooses the colours: `bianpai pair LOG --choose red|black` (one per match, in this order; or --choose NO=red), console key P"
                )
            )
        }
    }
}

/// The role a refusal names, in the one word of each role (裁判长 / head arbiter); a word no
/// role has is shown as it came.
fn role_word(word: &str, lang: Lang) -> String {
    word.parse::<crate::domain::Role>()
        .map_or_else(|_| word.to_string(), |r| role(r, lang).to_string())
}

/// What a reason was missing for (`Refusal::ReasonNeeded`).
fn reason_for(r: ReasonFor, lang: Lang) -> &'static str {
    match r {
        ReasonFor::Correction => words!(
            lang,
            "更正结果须填写理由 (--reason 理由)",
            "a correction (--reason TEXT) needs a reason"
        ),
        ReasonFor::Reinstatement => words!(
            lang,
            "恢复参赛须填写理由",
            "reinstating a player needs a reason"
        ),
        ReasonFor::StartCorrection => words!(
            lang,
            "更正开始时间须填写理由 (--reason 理由)",
            "correcting a start time (--reason TEXT) needs a reason"
        ),
        ReasonFor::RelaxedPairing => words!(
            lang,
            "放宽颜色规则编排须填写理由 (--reason 理由)",
            "pairing with relaxed colour rules (--reason TEXT) needs a reason"
        ),
        ReasonFor::ManualPairing => words!(
            lang,
            "手工编排须填写理由 (--reason 理由)",
            "a pairing entered by hand (--reason TEXT) needs a reason"
        ),
        ReasonFor::KeptPairing => words!(
            lang,
            "保留按更正前结果所作的编排须填写理由 (--reason 理由)",
            "keeping a pairing made on an old result (--reason TEXT) needs a reason"
        ),
        ReasonFor::RequestedBye => words!(
            lang,
            "请假轮空须填写理由 (--reason 理由)",
            "a requested bye (--reason TEXT) needs a reason"
        ),
        ReasonFor::Amendment => super::amend::reason_needed(lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    /// Every refusal in English and in Chinese, times in the event's zone (Beijing): the
    /// English was checked byte for byte against the words the domain's `Display` gave before
    /// they moved here. The snapshot keeps the name it had when the English lived in
    /// `en_refusal.rs`.
    #[test]
    fn every_refusal_in_both_languages() {
        let zone = EventZone::parse("Asia/Shanghai").unwrap();
        let mut out = String::new();
        for r in samples::samples() {
            let en = refusal(&r, Lang::En, zone);
            let zh = refusal(&r, Lang::Zh, zone);
            assert!(!en.is_empty() && !zh.is_empty(), "{r:?}");
            // Words, never the developer's `Display` of the value.
            assert_ne!(en, r.to_string());
            let _ = write!(out, "en: {en}\nzh: {zh}\n\n");
        }
        insta::with_settings!({ prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(
                "bianpai__i18n__en_refusal__tests__every_refusal_in_both_languages",
                out
            );
        });
    }
}

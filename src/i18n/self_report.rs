//! The words of the players' reports (docs/self-report.md), once per language: why a report
//! was refused, the audit's lines, a board's signatures (待确认 / 待核对) for the console and the
//! room page.

use crate::domain::event::{Cause, Event};
use crate::domain::rules::Lang;
use crate::domain::self_report::{ReportWhy, SignedBy};
use crate::domain::{GameResult, Side};

use super::{result_word, side};

pub use super::kept::{kept, override_prompt};
pub use super::signing::{board_mark, card_status, public_status};

/// A refused report in `lang`.
pub fn why(w: &ReportWhy, lang: Lang) -> String {
    let r = |x: GameResult| result_word(x, lang);
    match w {
        ReportWhy::Off => words!(
            lang,
            "本赛事未开启棋手签认 (规则 self_report: off)",
            "players do not report results in this event (rules: self_report: off)"
        )
        .into(),
        ReportWhy::NotStarted => words!(
            lang,
            "本轮尚未开始, 不能签认结果",
            "the round has not started"
        )
        .into(),
        ReportWhy::NoCodes => {
            words!(lang, "本轮没有签认码", "this round has no report codes").into()
        }
        ReportWhy::WrongCode => words!(
            lang,
            "签认码不对 (不是本轮本台的签认码)",
            "the code is not this board's"
        )
        .into(),
        ReportWhy::NotReportable(x) => {
            let x = r(*x);
            words!(
                lang,
                format!("{x}不由棋手签认, 弃权由裁判录入"),
                format!("{x} is not reported by the players; an arbiter records forfeits")
            )
        }
        ReportWhy::Absent(s) => {
            let s = side(*s, lang);
            words!(
                lang,
                format!("{s}被标记缺席, 请举手请裁判处理"),
                format!("{s} is marked absent; an arbiter records this board")
            )
        }
        ReportWhy::FlagDown(s) => {
            let s = side(*s, lang);
            words!(
                lang,
                format!("{s}超时落旗, 超时负须由裁判确认, 请举手"),
                format!("{s}'s flag is down; a loss on time is confirmed by an arbiter")
            )
        }
        ReportWhy::FoulLimit(s) => {
            let s = side(*s, lang);
            words!(
                lang,
                format!("{s}犯规已达判负次数, 请举手请裁判处理"),
                format!("{s} reached a foul limit; an arbiter records this board")
            )
        }
        ReportWhy::LotFirst => words!(
            lang,
            "超快棋须先抽签定先后手, 请裁判录入",
            "the armageddon's colours are drawn by lot first; an arbiter records this board"
        )
        .into(),
        ReportWhy::Finished(x) => {
            let x = r(*x);
            words!(
                lang,
                format!("本台已有结果: {x}"),
                format!("the board already has a result: {x}")
            )
        }
        ReportWhy::AwaitingArbiter(x, SignedBy::Both) => {
            let x = r(*x);
            words!(
                lang,
                format!("双方已签认{x}, 等待裁判确认"),
                format!("both players signed {x}; it waits for an arbiter's acceptance")
            )
        }
        ReportWhy::AwaitingArbiter(x, SignedBy::Winner(_)) => {
            let x = r(*x);
            words!(
                lang,
                format!("胜方已签认{x}, 等待裁判确认"),
                format!("the winner signed {x}; it waits for an arbiter's acceptance")
            )
        }
        ReportWhy::NothingPending { red, black } => {
            let one = |x: &Option<GameResult>| x.map_or(words!(lang, "未签认", "none"), r);
            let (red, black) = (one(red), one(black));
            words!(
                lang,
                format!(
                    "没有双方一致的签认可以确认 (红方: {red}, 黑方: {black}); 请核对后直接录入结果"
                ),
                format!("no two matching reports to accept (red: {red}, black: {black})")
            )
        }
        ReportWhy::Locked => locked(lang),
        ReportWhy::NotLocked => words!(
            lang,
            "本台没有签认码错误记录, 无需解锁",
            "the board has no wrong code to unlock"
        )
        .into(),
    }
}

/// A board locked after wrong codes: what the phone says, and the arbiter's refusal.
pub fn locked(lang: Lang) -> String {
    let n = crate::domain::self_report::WRONG_CODE_LIMIT;
    words!(
        lang,
        format!("此台签认已锁定，请找裁判 (签认码错误已达{n}次)"),
        format!("Reports for this board are locked after {n} wrong codes; see the arbiter")
    )
}

/// The console's mark of a locked board: `签认已锁定`.
pub fn locked_mark(lang: Lang) -> &'static str {
    words!(lang, "签认已锁定", "reports locked")
}

/// `红方签认` / `red signed`.
pub fn signed(s: Side, lang: Lang) -> String {
    let s = side(s, lang);
    words!(lang, format!("{s}签认"), format!("{s} signed"))
}

/// What a result recorded from the players' signatures adds to its line: ` · 红方签认 · 黑方签认`,
/// or the winner's alone (` · 红方签认`) when the winner's signature made it.
pub fn cause_words(c: Cause, by: SignedBy, lang: Lang) -> Option<String> {
    matches!(c, Cause::Confirmed | Cause::Reported).then(|| {
        by.sides().into_iter().fold(String::new(), |mut out, s| {
            out.push_str(" · ");
            out.push_str(&signed(s, lang));
            out
        })
    })
}

/// The audit's line of the two events of a report, `None` for any other event.
pub fn describe(
    ev: &Event,
    name: &dyn Fn(crate::domain::PlayerNo) -> String,
    lang: Lang,
) -> Option<String> {
    Some(match ev {
        Event::CodesIssued { round, .. } => words!(
            lang,
            format!("第{round}轮签认码已生成 (只有裁判长和编排可以查看: export --what codes)"),
            format!(
                "round {round}: players' report codes issued (head arbiter and organizer only: export --what codes)"
            )
        ),
        Event::ResultReported {
            round,
            board,
            side: s,
            player,
            result,
            ..
        } => {
            let (signed, result, name) =
                (signed(*s, lang), result_word(*result, lang), name(*player));
            words!(
                lang,
                format!("第{round}轮第{board}台: {signed} {result} ({player}号{name})"),
                format!("round {round} board {board}: {signed} {result} ({player} {name})")
            )
        }
        Event::WrongCodeGiven { round, board } => words!(
            lang,
            format!("第{round}轮第{board}台: 签认码错误"),
            format!("round {round} board {board}: wrong report code")
        ),
        Event::SignaturesOverridden {
            round,
            board,
            signed,
            sides,
        } => {
            let signed = result_word(*signed, lang);
            let sides = sides
                .iter()
                .map(|s| self::signed(*s, lang))
                .collect::<Vec<_>>()
                .join(words!(lang, "、", ", "));
            words!(
                lang,
                format!("第{round}轮第{board}台: 裁判长推翻棋手签认 ({sides} {signed})"),
                format!(
                    "round {round} board {board}: the head arbiter overrode the signatures ({sides} {signed})"
                )
            )
        }
        Event::ReportsUnlocked { round, board } => words!(
            lang,
            format!("第{round}轮第{board}台: 解除签认锁定, 签认码错误次数清零"),
            format!("round {round} board {board}: reports unlocked, wrong codes reset")
        ),
        _ => return None,
    })
}

/// The audit's line of a run of wrong codes on one board: how many, and whether the board
/// locked (docs/self-report.md: the audit counts them per board, not one line each).
pub fn wrong_codes_line(round: u32, board: u32, n: u32, locked: bool, lang: Lang) -> String {
    let lock = if locked {
        words!(lang, ", 签认已锁定", "; reports locked")
    } else {
        ""
    };
    words!(
        lang,
        format!("第{round}轮第{board}台: 签认码错误 {n}次{lock}"),
        format!("round {round} board {board}: {n} wrong report codes{lock}")
    )
}

/// Who a player's report is by, as the audit names it: `红方棋手` / `red player`; a wrong
/// code is the room page's (nobody's code was given).
pub fn reporter(ev: &Event, lang: Lang) -> Option<String> {
    if let Event::WrongCodeGiven { .. } = ev {
        return Some(words!(lang, "房间页面", "room page").into());
    }
    let Event::ResultReported { side: s, .. } = ev else {
        return None;
    };
    let s = side(*s, lang);
    Some(words!(lang, format!("{s}棋手"), format!("{s} player")))
}

/// Who accepted a signed result, after its line: ` · li 确认`; for one recorded at once, the
/// room page that wrote it; for a report, the room page and who runs it.
pub fn detail(by: &str, ev: &Event, lang: Lang) -> Option<String> {
    if let Event::WrongCodeGiven { .. } = ev {
        return Some(words!(
            lang,
            format!(" (由 {by} 运行)"),
            format!(" (run by {by})")
        ));
    }
    if let Event::ResultReported { .. } = ev {
        return Some(words!(
            lang,
            format!(" (房间页面, 由 {by} 运行)"),
            format!(" (room page run by {by})")
        ));
    }
    let Event::ResultRecorded { cause, .. } = ev else {
        return None;
    };
    Some(match cause {
        Cause::Confirmed => words!(
            lang,
            format!(" · {by} 确认"),
            format!(" · accepted by {by}")
        ),
        Cause::Reported => words!(
            lang,
            format!(" · 自动记录 (由 {by} 运行的房间页面写入)"),
            format!(" · recorded at once (by the room page {by} runs)")
        ),
        _ => return None,
    })
}

/// The room page's answers to a report (docs/self-report.md).
pub fn recorded_report(s: Side, result: GameResult, lang: Lang) -> String {
    let (signed, result) = (signed(s, lang), result_word(result, lang));
    words!(
        lang,
        format!("已记录: {signed} {result}"),
        format!("Recorded: {signed} {result}")
    )
}

/// A result recorded with the report (`self_report: auto`): both signed the same, or the
/// winner signed (`self_report_signers: winner`).
pub fn recorded_result(result: GameResult, by: SignedBy, lang: Lang) -> String {
    let result = result_word(result, lang);
    match by {
        SignedBy::Both => words!(
            lang,
            format!("双方签认一致, 结果已记录: {result}"),
            format!("Both signed the same; the result is recorded: {result}")
        ),
        SignedBy::Winner(_) => words!(
            lang,
            format!("胜方已签认, 结果已记录: {result}"),
            format!("The winner signed; the result is recorded: {result}")
        ),
    }
}

/// The same report a second time: nothing new is written.
pub fn signed_before(s: Side, result: GameResult, lang: Lang) -> String {
    let (s, result) = (side(s, lang), result_word(result, lang));
    words!(
        lang,
        format!("{s}此前已签认 {result}, 未重复记录"),
        format!("{s} had signed {result} already; nothing new was recorded")
    )
}

pub fn unknown_board(round: u32, board: u32, lang: Lang) -> String {
    words!(
        lang,
        format!("第{round}轮没有第{board}台"),
        format!("round {round} has no board {board}")
    )
}

pub fn too_many(lang: Lang) -> String {
    words!(
        lang,
        "签认码错误次数过多, 请10分钟后再试, 或举手请裁判录入",
        "Too many wrong codes: try again in 10 minutes, or raise your hand for the arbiter"
    )
    .into()
}

pub fn bad_form(lang: Lang) -> String {
    words!(
        lang,
        "请先打开台次 (扫描记录单上的二维码, 或输入台号)",
        "Open your board first (scan the QR code on your slip, or type the board)"
    )
    .into()
}

pub fn choose_result(lang: Lang) -> String {
    words!(
        lang,
        "请选择本局结果 (红胜、和棋或黑胜)",
        "Choose the result (red wins, draw or black wins)"
    )
    .into()
}

/// The room page could not write (the log's own words after).
pub fn not_written(detail: &str, lang: Lang) -> String {
    let sep = if detail.is_empty() { "" } else { ": " };
    words!(
        lang,
        format!("暂时无法记录, 请举手请裁判录入{sep}{detail}"),
        format!("Could not record it; raise your hand for the arbiter{sep}{detail}")
    )
}

/// `serve` is run by a user who may not write the log.
pub fn no_writer(lang: Lang) -> String {
    words!(
        lang,
        "房间页面无权写入日志 (运行 bianpai serve 的用户在本赛事没有角色), 请举手请裁判录入",
        "The room page may not write the log (the user running bianpai serve holds no role in this event); raise your hand for the arbiter"
    )
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::self_report::Signing;
    use std::fmt::Write as _;

    /// Every refused report in both languages, as a snapshot: the English was checked byte
    /// for byte against the words the domain's `Display` gave before they moved here.
    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let mut out = String::new();
        let all = [
            ReportWhy::Off,
            ReportWhy::NotStarted,
            ReportWhy::NoCodes,
            ReportWhy::WrongCode,
            ReportWhy::NotReportable(GameResult::DoubleForfeit),
            ReportWhy::Absent(Side::Red),
            ReportWhy::FlagDown(Side::Black),
            ReportWhy::FoulLimit(Side::Red),
            ReportWhy::LotFirst,
            ReportWhy::Finished(GameResult::Draw),
            ReportWhy::AwaitingArbiter(GameResult::RedWin, SignedBy::Both),
            ReportWhy::AwaitingArbiter(GameResult::BlackWin, SignedBy::Winner(Side::Black)),
            ReportWhy::NothingPending {
                red: Some(GameResult::Draw),
                black: None,
            },
            ReportWhy::Locked,
            ReportWhy::NotLocked,
        ];
        for w in &all {
            let zh = why(w, Lang::Zh);
            assert!(
                !zh.chars().any(|c| c.is_ascii_alphabetic()) || zh.contains("self_report"),
                "English inside the Chinese line: {zh}"
            );
            assert!(why(w, Lang::En).is_ascii(), "{w:?}");
            let _ = write!(
                out,
                "en: {}\nzh: {}\n\n",
                why(w, Lang::En),
                why(w, Lang::Zh)
            );
        }
        insta::assert_snapshot!(out);
    }

    #[test]
    fn marks_say_what_the_arbiter_does() {
        assert_eq!(
            board_mark(
                Signing::Agreed {
                    result: GameResult::RedWin,
                    by: SignedBy::Both
                },
                Lang::Zh
            )
            .as_deref(),
            Some("待确认 红胜")
        );
        assert_eq!(
            board_mark(
                Signing::Disagree {
                    red: GameResult::RedWin,
                    black: GameResult::Draw
                },
                Lang::Zh
            )
            .as_deref(),
            Some("待核对 红:红胜 黑:和")
        );
        // A lone signature is not a contradiction.
        for (awaited, word) in [(false, "待对方签认 黑:和"), (true, "待胜方签认 黑:和")]
        {
            let lone = Signing::Lone {
                side: Side::Black,
                result: GameResult::Draw,
                winner_awaited: awaited,
            };
            assert_eq!(board_mark(lone, Lang::Zh).as_deref(), Some(word));
            assert!(
                public_status(lone, Lang::Zh)
                    .unwrap()
                    .starts_with(&word[..15])
            );
        }
        assert_eq!(board_mark(Signing::Unsigned, Lang::En), None);
        let lone = Signing::Lone {
            side: Side::Black,
            result: GameResult::Draw,
            winner_awaited: false,
        };
        assert!(
            card_status(lone, Side::Black, Lang::Zh)
                .unwrap()
                .contains("等待对方")
        );
        assert!(
            card_status(lone, Side::Red, Lang::Zh)
                .unwrap()
                .contains("对方已签认")
        );
    }
}

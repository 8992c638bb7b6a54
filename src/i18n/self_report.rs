//! The words of the players' reports (docs/self-report.md), once per language: why a report
//! was refused, the audit's lines, a board's signatures (待确认 / 待核对) for the console and the
//! room page.

use crate::domain::event::{Cause, Event};
use crate::domain::rules::Lang;
use crate::domain::self_report::{ReportWhy, Signing};
use crate::domain::{GameResult, Side};

use super::{result_word, side};

/// A refused report in `lang`.
pub fn why(w: &ReportWhy, lang: Lang) -> String {
    let r = |x: GameResult| result_word(x, lang);
    match lang {
        Lang::En => why_en(w),
        Lang::Zh => match w {
            ReportWhy::Off => "本赛事未开启棋手签认 (规则 self_report: off)".into(),
            ReportWhy::NotStarted => "本轮尚未开始, 不能签认结果".into(),
            ReportWhy::NoCodes => "本轮没有签认码".into(),
            ReportWhy::WrongCode => "签认码不对 (不是本轮本台的签认码)".into(),
            ReportWhy::NotReportable(x) => format!("{}不由棋手签认, 弃权由裁判录入", r(*x)),
            ReportWhy::Absent(s) => format!("{}被标记缺席, 请举手请裁判处理", side(*s, lang)),
            ReportWhy::FlagDown(s) => {
                format!("{}超时落旗, 超时负须由裁判确认, 请举手", side(*s, lang))
            }
            ReportWhy::FoulLimit(s) => {
                format!("{}犯规已达判负次数, 请举手请裁判处理", side(*s, lang))
            }
            ReportWhy::LotFirst => "超快棋须先抽签定先后手, 请裁判录入".into(),
            ReportWhy::Finished(x) => format!("本台已有结果: {}", r(*x)),
            ReportWhy::AwaitingArbiter(x) => format!("双方已签认{}, 等待裁判确认", r(*x)),
            ReportWhy::NothingPending { red, black } => {
                let one = |x: &Option<GameResult>| x.map_or("未签认", r);
                format!(
                    "没有双方一致的签认可以确认 (红方: {}, 黑方: {}); 请核对后直接录入结果",
                    one(red),
                    one(black)
                )
            }
        },
    }
}

/// A refused report in English.
fn why_en(w: &ReportWhy) -> String {
    match w {
        ReportWhy::Off => {
            "players do not report results in this event (rules: self_report: off)".into()
        }
        ReportWhy::NotStarted => "the round has not started".into(),
        ReportWhy::NoCodes => "this round has no report codes".into(),
        ReportWhy::WrongCode => "the code is not this board's".into(),
        ReportWhy::NotReportable(r) => {
            format!("{r} is not reported by the players; an arbiter records forfeits")
        }
        ReportWhy::Absent(s) => {
            format!("{s} is marked absent; an arbiter records this board")
        }
        ReportWhy::FlagDown(s) => {
            format!("{s}'s flag is down; a loss on time is confirmed by an arbiter")
        }
        ReportWhy::FoulLimit(s) => {
            format!("{s} reached a foul limit; an arbiter records this board")
        }
        ReportWhy::LotFirst => {
            "the armageddon's colours are drawn by lot first; an arbiter records this board".into()
        }
        ReportWhy::Finished(r) => format!("the board already has a result: {r}"),
        ReportWhy::AwaitingArbiter(r) => {
            format!("both players signed {r}; it waits for an arbiter's acceptance")
        }
        ReportWhy::NothingPending { red, black } => format!(
            "no two matching reports to accept (red: {}, black: {})",
            red.map_or("none", GameResult::word),
            black.map_or("none", GameResult::word)
        ),
    }
}

/// `红方签认` / `red signed`.
pub fn signed(s: Side, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{}签认", side(s, lang)),
        Lang::En => format!("{} signed", side(s, lang)),
    }
}

/// What a result recorded from two signatures adds to its line: ` · 红方签认 · 黑方签认`.
pub fn cause_words(c: Cause, lang: Lang) -> Option<String> {
    matches!(c, Cause::Confirmed | Cause::Reported).then(|| {
        format!(
            " · {} · {}",
            signed(Side::Red, lang),
            signed(Side::Black, lang)
        )
    })
}

/// The audit's line of the two events of a report, `None` for any other event.
pub fn describe(
    ev: &Event,
    name: &dyn Fn(crate::domain::PlayerNo) -> String,
    lang: Lang,
) -> Option<String> {
    Some(match (ev, lang) {
        (Event::CodesIssued { round, .. }, Lang::Zh) => {
            format!("第{round}轮签认码已生成 (只有裁判长和编排可以查看: export --what codes)")
        }
        (Event::CodesIssued { round, .. }, Lang::En) => format!(
            "round {round}: players' report codes issued (head arbiter and organizer only: export --what codes)"
        ),
        (
            Event::ResultReported {
                round,
                board,
                side: s,
                player,
                result,
                ..
            },
            Lang::Zh,
        ) => format!(
            "第{round}轮第{board}台: {} {} ({player}号{})",
            signed(*s, lang),
            result_word(*result, lang),
            name(*player)
        ),
        (
            Event::ResultReported {
                round,
                board,
                side: s,
                player,
                result,
                ..
            },
            Lang::En,
        ) => format!(
            "round {round} board {board}: {} {} ({player} {})",
            signed(*s, lang),
            result.word(),
            name(*player)
        ),
        _ => return None,
    })
}

/// Who a player's report is by, as the audit names it: `红方棋手` / `red player`.
pub fn reporter(ev: &Event, lang: Lang) -> Option<String> {
    let Event::ResultReported { side: s, .. } = ev else {
        return None;
    };
    Some(match lang {
        Lang::Zh => format!("{}棋手", side(*s, lang)),
        Lang::En => format!("{} player", side(*s, lang)),
    })
}

/// Who accepted a signed result, after its line: ` · li 确认`; for one recorded at once, the
/// room page that wrote it; for a report, the room page and who runs it.
pub fn detail(by: &str, ev: &Event, lang: Lang) -> Option<String> {
    if let Event::ResultReported { .. } = ev {
        return Some(match lang {
            Lang::Zh => format!(" (房间页面, 由 {by} 运行)"),
            Lang::En => format!(" (room page run by {by})"),
        });
    }
    let Event::ResultRecorded { cause, .. } = ev else {
        return None;
    };
    Some(match (cause, lang) {
        (Cause::Confirmed, Lang::Zh) => format!(" · {by} 确认"),
        (Cause::Confirmed, Lang::En) => format!(" · accepted by {by}"),
        (Cause::Reported, Lang::Zh) => format!(" · 自动记录 (由 {by} 运行的房间页面写入)"),
        (Cause::Reported, Lang::En) => {
            format!(" · recorded at once (by the room page {by} runs)")
        }
        _ => return None,
    })
}

/// A board's signatures for the arbiters: `待确认 红胜`, `待核对 红:红胜`, `待核对 红:红胜 黑:和`;
/// `None` when nobody signed.
pub fn board_mark(s: Signing, lang: Lang) -> Option<String> {
    let short = |x: Side| match (x, lang) {
        (Side::Red, Lang::Zh) => "红",
        (Side::Black, Lang::Zh) => "黑",
        (Side::Red, Lang::En) => "red",
        (Side::Black, Lang::En) => "black",
    };
    let r = |x: GameResult| super::result_short(x, lang);
    Some(match (s, lang) {
        (Signing::Unsigned, _) => return None,
        (Signing::Agreed(x), Lang::Zh) => format!("待确认 {}", r(x)),
        (Signing::Agreed(x), Lang::En) => format!("to accept: {}", r(x)),
        (Signing::Lone { side: sd, result }, Lang::Zh) => {
            format!("待核对 {}:{}", short(sd), r(result))
        }
        (Signing::Lone { side: sd, result }, Lang::En) => {
            format!("to check {}:{}", short(sd), r(result))
        }
        (Signing::Disagree { red, black }, Lang::Zh) => format!(
            "待核对 {}:{} {}:{}",
            short(Side::Red),
            r(red),
            short(Side::Black),
            r(black)
        ),
        (Signing::Disagree { red, black }, Lang::En) => format!(
            "to check {}:{} {}:{}",
            short(Side::Red),
            r(red),
            short(Side::Black),
            r(black)
        ),
    })
}

/// What the player's own card says once they signed: 已签认 红胜, then who is awaited.
pub fn card_status(s: Signing, me: Side, lang: Lang) -> Option<String> {
    let r = |x: GameResult| result_word(x, lang);
    Some(match (s, lang) {
        (Signing::Unsigned, _) => return None,
        (Signing::Agreed(x), Lang::Zh) => format!("双方已签认 {}, 等待裁判确认", r(x)),
        (Signing::Agreed(x), Lang::En) => {
            format!("both signed {}; waiting for the arbiter", r(x))
        }
        (Signing::Lone { side: sd, result }, Lang::Zh) if sd == me => {
            format!("已签认 {}, 等待对方签认", r(result))
        }
        (Signing::Lone { side: sd, result }, Lang::En) if sd == me => {
            format!("signed {}; waiting for the opponent", r(result))
        }
        (Signing::Lone { result, .. }, Lang::Zh) => {
            format!("对方已签认 {}, 请核对后签认", r(result))
        }
        (Signing::Lone { result, .. }, Lang::En) => {
            format!("the opponent signed {}; check it and sign", r(result))
        }
        (Signing::Disagree { red, black }, Lang::Zh) => format!(
            "双方签认不一致 (红方: {}, 黑方: {}), 请找裁判核对",
            r(red),
            r(black)
        ),
        (Signing::Disagree { red, black }, Lang::En) => format!(
            "the signatures differ (red: {}, black: {}); see the arbiter",
            r(red),
            r(black)
        ),
    })
}

/// Where a board's signatures stand, for anyone reading the room page.
pub fn public_status(s: Signing, lang: Lang) -> Option<String> {
    let r = |x: GameResult| result_word(x, lang);
    Some(match (s, lang) {
        (Signing::Unsigned, _) => return None,
        (Signing::Agreed(x), Lang::Zh) => format!("双方已签认 {}, 等待裁判确认", r(x)),
        (Signing::Agreed(x), Lang::En) => format!("both signed {}; waiting for the arbiter", r(x)),
        (Signing::Lone { side: sd, result }, Lang::Zh) => format!(
            "{}已签认 {}, 等待{}签认",
            side(sd, lang),
            r(result),
            side(sd.other(), lang)
        ),
        (Signing::Lone { side: sd, result }, Lang::En) => format!(
            "{} signed {}; waiting for {}",
            side(sd, lang),
            r(result),
            side(sd.other(), lang)
        ),
        (Signing::Disagree { .. }, _) => return card_status(s, Side::Red, lang),
    })
}

/// The room page's answers to a report (docs/self-report.md).
pub fn recorded_report(s: Side, result: GameResult, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("已记录: {} {}", signed(s, lang), result_word(result, lang)),
        Lang::En => format!(
            "Recorded: {} {}",
            signed(s, lang),
            result_word(result, lang)
        ),
    }
}

/// A result recorded with the report (`self_report: auto`).
pub fn recorded_result(result: GameResult, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("双方签认一致, 结果已记录: {}", result_word(result, lang)),
        Lang::En => format!(
            "Both signed the same; the result is recorded: {}",
            result_word(result, lang)
        ),
    }
}

/// The same report a second time: nothing new is written.
pub fn signed_before(s: Side, result: GameResult, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "{}此前已签认 {}, 未重复记录",
            side(s, lang),
            result_word(result, lang)
        ),
        Lang::En => format!(
            "{} had signed {} already; nothing new was recorded",
            side(s, lang),
            result_word(result, lang)
        ),
    }
}

pub fn unknown_board(round: u32, board: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{round}轮没有第{board}台"),
        Lang::En => format!("round {round} has no board {board}"),
    }
}

pub fn too_many(lang: Lang) -> String {
    match lang {
        Lang::Zh => "签认码错误次数过多, 请10分钟后再试, 或举手请裁判录入".into(),
        Lang::En => {
            "Too many wrong codes: try again in 10 minutes, or raise your hand for the arbiter"
                .into()
        }
    }
}

pub fn bad_form(lang: Lang) -> String {
    match lang {
        Lang::Zh => "请先打开台次 (扫描记录单上的二维码, 或输入台号)".into(),
        Lang::En => {
            "Open your board first (scan the QR code on your slip, or type the board)".into()
        }
    }
}

pub fn choose_result(lang: Lang) -> String {
    match lang {
        Lang::Zh => "请选择本局结果 (红胜、和棋或黑胜)".into(),
        Lang::En => "Choose the result (red wins, draw or black wins)".into(),
    }
}

/// The room page could not write (the log's own words after).
pub fn not_written(detail: &str, lang: Lang) -> String {
    let sep = if detail.is_empty() { "" } else { ": " };
    match lang {
        Lang::Zh => format!("暂时无法记录, 请举手请裁判录入{sep}{detail}"),
        Lang::En => format!("Could not record it; raise your hand for the arbiter{sep}{detail}"),
    }
}

/// `serve` is run by a user who may not write the log.
pub fn no_writer(lang: Lang) -> String {
    match lang {
        Lang::Zh => "房间页面无权写入日志 (运行 bianpai serve 的用户在本赛事没有角色), 请举手请裁判录入".into(),
        Lang::En => "The room page may not write the log (the user running bianpai serve holds no role in this event); raise your hand for the arbiter".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            ReportWhy::AwaitingArbiter(GameResult::RedWin),
            ReportWhy::NothingPending {
                red: Some(GameResult::Draw),
                black: None,
            },
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
            board_mark(Signing::Agreed(GameResult::RedWin), Lang::Zh).as_deref(),
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
        assert_eq!(board_mark(Signing::Unsigned, Lang::En), None);
        let lone = Signing::Lone {
            side: Side::Black,
            result: GameResult::Draw,
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

//! A floor refusal (`domain::refusal::FloorWhy`: seats, clocks, fouls, flags, move limits) in
//! words, times in the event's zone.

use super::super::{EventZone, result_word, side};
use crate::domain::refusal::{FloorWhy, OverFor};
use crate::domain::rules::Lang;

pub(super) fn floor(why: &FloorWhy, lang: Lang, zone: EventZone) -> String {
    let hms = |t| zone.format(t, "%H:%M:%S");
    match why {
        FloorWhy::GameOver { existing, what } => {
            let existing = result_word(*existing, lang);
            let what = match what {
                OverFor::Clock => words!(lang, ", 棋钟输入不予记录", "; clock input ignored"),
                OverFor::Foul => words!(
                    lang,
                    ", 犯规须在对局中记录",
                    "; fouls are recorded during play"
                ),
                OverFor::Note => "",
            };
            words!(
                lang,
                format!("对局已结束 ({existing}){what}"),
                format!("the game is over ({existing}){what}")
            )
        }
        FloorWhy::ClockOverADay => words!(lang, "棋钟读数超过一天", "a clock reading over a day").into(),
        FloorWhy::NoClockData => words!(
            lang,
            "本台没有棋钟数据, 无从依据棋钟确认; 裁判亲见落旗时: bianpai flag 日志 台号 方 --observed (控制台: 台号 t 方 确认)",
            "no clock data for this board; a flag the arbiter saw fall is recorded with `flag LOG BOARD SIDE --observed` (console: board, t, side, confirm)"
        )
        .into(),
        FloorWhy::HasClockData => words!(
            lang,
            "本台有棋钟数据, 超时负依据棋钟确认 (bianpai flag 日志 台号 方, 不加 --observed)",
            "this board has clock data: the time loss is confirmed from the clock (`flag` without --observed)"
        )
        .into(),
        FloorWhy::WrongFlag { fallen, side: s } => {
            let (fallen, s) = (side(*fallen, lang), side(*s, lang));
            words!(
                lang,
                format!("落旗的是{fallen}, 不是{s}"),
                format!("it is {fallen}'s flag that fell, not {s}'s")
            )
        }
        FloorWhy::FlagNotFallen {
            side: s,
            left_ms,
            at,
        } => {
            let (s, at) = (side(*s, lang), hms(*at));
            let left = crate::domain::clock::format_ms(*left_ms);
            words!(
                lang,
                format!("{s}尚未落旗 ({at} 时还剩 {left})"),
                format!("{s}'s flag has not fallen ({left} left at {at})")
            )
        }
        FloorWhy::ReverseIsAnArrival => words!(
            lang,
            "撤销弃权须以到场办理 (arrive --reverse 理由)",
            "a forfeit is reversed by an arrival (arrive --reverse)"
        )
        .into(),
        FloorWhy::ArrivedAfterWindow { side: s } => {
            let s = side(*s, lang);
            words!(
                lang,
                format!("{s}在迟到时限过后才到场, 弃权有效, 除非裁判长撤销 (arrive --reverse 理由)"),
                format!(
                    "{s} arrived after the late window closed; the forfeit stands unless the head arbiter reverses it (arrive --reverse REASON)"
                )
            )
        }
        FloorWhy::AlreadyMarked { side: s, present } => {
            let s = side(*s, lang);
            let mark = if *present {
                words!(lang, "到场", "present")
            } else {
                words!(lang, "缺席", "absent")
            };
            words!(
                lang,
                format!("{s}已标记为{mark}"),
                format!("{s} is already marked {mark}")
            )
        }
        FloorWhy::ArrivalTooLate {
            side: s,
            at,
            deadline,
        } => {
            let (s, at, deadline) = (side(*s, lang), hms(*at), hms(*deadline));
            words!(
                lang,
                format!(
                    "{s}于 {at} 到场, 迟到时限已于 {deadline} 截止; 将判弃权 (下次计时检查记录), 除非裁判长撤销 (arrive --reverse 理由)"
                ),
                format!(
                    "{s} arrived at {at}, after the late window closed at {deadline}; the forfeit is due (the next tick records it) unless the head arbiter reverses it (arrive --reverse REASON)"
                )
            )
        }
        FloorWhy::ReverseNeedsReason => words!(
            lang,
            "撤销弃权须填写理由 (--reverse 理由)",
            "reversing a forfeit needs a reason (--reverse REASON)"
        )
        .into(),
        FloorWhy::NotMarkedAbsent { side: s } => {
            let s = side(*s, lang);
            words!(
                lang,
                format!("{s}未被标记缺席, 没有迟到弃权可撤销"),
                format!("{s} is not marked absent; there is no late forfeit to reverse")
            )
        }
        FloorWhy::WindowStillOpen => words!(
            lang,
            "迟到时限尚未截止; 直接标记到场即可停止倒计时",
            "the late window is still open; a plain `arrive` stops the countdown"
        )
        .into(),
        FloorWhy::NotAForfeitAgainst { side: s, existing } => {
            let s = side(*s, lang);
            let existing =
                existing.map_or(words!(lang, "无", "none"), |r| result_word(r, lang));
            words!(
                lang,
                format!("本台结果 ({existing}) 不是{s}弃权; 请用 result --correct 更正"),
                format!(
                    "the result ({existing}) is not a forfeit against {s}; correct it with `result --correct`"
                )
            )
        }
        FloorWhy::NoteNeedsText => words!(lang, "限着说明不能为空", "a move-limit note needs a text").into(),
        FloorWhy::FoulLimitNotReached { side: s } => {
            let s = side(*s, lang);
            words!(
                lang,
                format!("{s}本局犯规未达判负次数, 无从提出判负"),
                format!(
                    "{s} has not reached a foul limit in this game; there is no foul loss to claim"
                )
            )
        }
    }
}

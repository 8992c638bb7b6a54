//! The scoresheets' words (记录单): where the game is played, its time control, the labels of
//! the lines to fill in and sign, the result boxes, and the code stubs of the players'
//! signed reports and the players' signing slips (docs/self-report.md).

use crate::domain::Side;
use crate::domain::rules::{Lang, TimeControl};

/// A label on a scoresheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlipLabel {
    /// 用时： / Time control: .
    TimeControl,
    /// 结果： / Result: .
    Result,
    /// 裁判员签名： / Arbiter: .
    Arbiter,
    /// 签名： / Signature: (a player's line, plain text).
    Signature,
    /// 红方 / Red: the seat a line or a stub belongs to.
    Seat(Side),
    /// 签认码 / " code" (after the seat, on a stub).
    Code,
    /// 签认码： / " code: " (after the seat, plain text).
    CodeLine,
    /// 签认地址： / Report at: .
    ReportAt,
    /// 扫码签认本局结果 / Scan to sign the result.
    Scan,
    /// 在房间页面签认本局结果 / Sign the result on the room page.
    SignOnRoomPage,
    /// 和棋黑胜 / Draw = black wins: an armageddon's draw box.
    ArmageddonDraw,
}

/// A scoresheet label in `lang`.
pub fn slip_label(l: SlipLabel, lang: Lang) -> &'static str {
    match l {
        SlipLabel::TimeControl => words!(lang, "用时：", "Time control: "),
        SlipLabel::Result => words!(lang, "结果：", "Result: "),
        SlipLabel::Arbiter => words!(lang, "裁判员签名：", "Arbiter: "),
        SlipLabel::Signature => words!(lang, "签名：", "Signature: "),
        SlipLabel::Seat(Side::Red) => words!(lang, "红方", "Red"),
        SlipLabel::Seat(Side::Black) => words!(lang, "黑方", "Black"),
        SlipLabel::Code => words!(lang, "签认码", " code"),
        SlipLabel::CodeLine => words!(lang, "签认码：", " code: "),
        SlipLabel::ReportAt => words!(lang, "签认地址：", "Report at: "),
        SlipLabel::Scan => words!(lang, "扫码签认本局结果", "Scan to sign the result"),
        SlipLabel::SignOnRoomPage => words!(
            lang,
            "在房间页面签认本局结果",
            "Sign the result on the room page"
        ),
        SlipLabel::ArmageddonDraw => words!(lang, "和棋黑胜", "Draw = black wins"),
    }
}

/// "第3轮　第12台" / "Round 3, board 12", then the stage when there is one
/// ("第3轮　第1台　决赛 快棋" / "Round 3, board 1 · final rapid").
pub fn slip_where(round: u32, board: u32, stage: &str, lang: Lang) -> String {
    let mut w = words!(
        lang,
        format!("第{round}轮　第{board}台"),
        format!("Round {round}, board {board}")
    );
    if !stage.is_empty() {
        w.push_str(words!(lang, "　", " · "));
        w.push_str(stage);
    }
    w
}

/// Where a code stub's player sits: "第3轮第12台 17号" / "round 3, board 12, no. 17".
pub fn stub_place(round: u32, board: u32, no: u32, lang: Lang) -> String {
    words!(
        lang,
        format!("第{round}轮第{board}台 {no}号"),
        format!("round {round}, board {board}, no. {no}")
    )
}

/// A player's line on their signing slip: "红方　17号　王天一" / "Red · no. 17 · 王天一".
pub fn slip_player(colour: &str, no: u32, name: &str, lang: Lang) -> String {
    words!(
        lang,
        format!("{colour}　{no}号　{name}"),
        format!("{colour} · no. {no} · {name}")
    )
}

/// "每方60分钟，每步加30秒" / "60 min each + 30 s per move"; unequal bases (armageddon) per
/// side.
pub fn time_control(tc: TimeControl, lang: Lang) -> String {
    let min = |s: u32| {
        if s.is_multiple_of(60) {
            format!("{}", s / 60)
        } else {
            format!("{:.1}", f64::from(s) / 60.0)
        }
    };
    let (red, black) = (min(tc.red_base_s), min(tc.black_base_s));
    let base = if tc.red_base_s == tc.black_base_s {
        words!(lang, format!("每方{red}分钟"), format!("{red} min each"))
    } else {
        words!(
            lang,
            format!("红方{red}分钟，黑方{black}分钟"),
            format!("red {red} min, black {black} min")
        )
    };
    match tc.increment_s {
        0 => base,
        inc => words!(
            lang,
            format!("{base}，每步加{inc}秒"),
            format!("{base} + {inc} s per move")
        ),
    }
}

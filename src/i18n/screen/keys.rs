//! What a key of the console does (`Deed`), for the help screen and for "your role may not
//! …" messages: the keymap (`console::keymap`) names a deed for each binding, and the words
//! for it are here, Chinese and English side by side.

use super::Strings;

/// What a binding does, for the help screen and for "your role may not …" messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deed {
    Quit,
    Help,
    Screens,
    Scroll,
    EnterResult,
    Forfeit,
    MarkAbsent,
    MarkArrived,
    Foul,
    Flag,
    MoveLimit,
    Pair,
    Start,
    Unpair,
    Withdraw,
    Lot,
    /// Hand in a team's lineup (团体赛).
    Lineup,
    Submit,
    Cancel,
    /// Keys without a help line of their own (typing, choosing a side).
    Edit,
    /// Show the room page's QR code.
    RoomQr,
    /// Re-pair the round an earlier correction outdated.
    Repair,
    /// Keep the round an earlier correction outdated.
    Keep,
    /// Accept a result both players signed on their phones (docs/self-report.md).
    AcceptSigned,
    /// Unlock a board's reports after wrong codes locked it (docs/self-report.md).
    UnlockReports,
    /// Show an earlier round (to correct a result after the next was paired), or come back.
    Rounds,
    /// Mark the event line's automatic acts read (docs/console.md#the-event-line).
    AcknowledgeAuto,
}

impl Strings {
    /// What a key does, for the help screen and "may not" messages.
    pub fn deed(&self, d: Deed) -> &'static str {
        match d {
            Deed::Quit => words!(self.lang, "退出", "quit"),
            Deed::Help => words!(self.lang, "帮助", "help"),
            Deed::Screens => words!(self.lang, "切换画面", "switch screens"),
            Deed::Scroll => words!(self.lang, "翻页", "scroll"),
            Deed::EnterResult => words!(self.lang, "录入结果", "enter results"),
            Deed::Forfeit => words!(self.lang, "录入弃权", "enter forfeits"),
            Deed::MarkAbsent => words!(self.lang, "标记缺席", "mark a seat absent"),
            Deed::MarkArrived => words!(self.lang, "标记到场", "mark a player arrived"),
            Deed::Foul => words!(self.lang, "记录犯规", "record a foul"),
            Deed::Flag => words!(self.lang, "确认超时负", "confirm a time loss"),
            Deed::MoveLimit => words!(self.lang, "注明限着", "note a move limit"),
            Deed::Pair => words!(self.lang, "编排下一轮", "pair the next round"),
            Deed::Start => words!(self.lang, "开始本轮", "start the round"),
            Deed::Unpair => words!(self.lang, "撤销本轮编排", "discard the pairing"),
            Deed::Withdraw => words!(self.lang, "办理棋手退赛", "withdraw a player"),
            Deed::Lot => words!(self.lang, "录入超快棋抽签", "enter an armageddon lot"),
            Deed::Lineup => words!(self.lang, "提交团体出场名单", "hand in a team lineup"),
            Deed::Submit => words!(self.lang, "记录", "record"),
            Deed::Cancel => words!(self.lang, "取消", "cancel"),
            Deed::Edit => words!(self.lang, "输入", "type"),
            Deed::RoomQr => words!(self.lang, "房间页面二维码", "room page QR code"),
            Deed::Repair => words!(self.lang, "更正后重排", "re-pair (correction)"),
            Deed::Keep => words!(self.lang, "保留现编排", "keep the pairing"),
            Deed::AcceptSigned => words!(self.lang, "接受双方签认", "accept a signed result"),
            Deed::Rounds => words!(self.lang, "往轮 (更正)", "earlier rounds"),
            Deed::UnlockReports => words!(self.lang, "解除签认锁定", "unlock a board's reports"),
            Deed::AcknowledgeAuto => words!(self.lang, "自动事件已读", "automatic acts read"),
        }
    }
}

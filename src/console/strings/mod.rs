//! Every user-facing string of the console, once per language (gitui's `strings.rs`), so the
//! Chinese and English consoles stay in step. Templates take their values in `{}` order
//! through [`fill`].

use super::action::Deed;
use crate::domain::event::Cause;
use crate::domain::rules::{FoulKind, Lang, Tiebreak};
use crate::domain::tournament::Status;
use crate::domain::{GameResult, Role, Side};

mod en;
mod zh;

pub use en::EN;
pub use zh::ZH;

/// The strings of one language.
pub struct Strings {
    /// Chinese (the role, side, result … names below switch on it).
    pub zh: bool,
    pub round_of: &'static str,
    pub no_round: &'static str,
    pub not_started: &'static str,
    pub started_at: &'static str,
    pub elapsed: &'static str,
    pub late: &'static str,
    pub reported: &'static str,
    pub next_round: &'static str,
    pub last_two: &'static str,
    pub absent: &'static str,
    pub arrived: &'static str,
    pub foul: &'static str,
    pub limit: &'static str,
    pub flag: &'static str,
    pub vs: &'static str,
    pub screens: [&'static str; 6],
    pub hint_normal: &'static str,
    pub hint_viewer: &'static str,
    pub pending: &'static str,
    pub entry_board: &'static str,
    pub entry_side: &'static str,
    pub entry_foul: &'static str,
    pub confirm: &'static str,
    pub unknown_board: &'static str,
    pub has_result: &'static str,
    pub has_result_head: &'static str,
    pub not_permitted: &'static str,
    pub read_only: &'static str,
    pub recorded: &'static str,
    pub nothing_due: &'static str,
    pub no_flag: &'static str,
    pub cancelled: &'static str,
    pub refused: &'static str,
    /// The header when the log is damaged (the line), and when a write waits for the lock.
    pub log_torn: &'static str,
    pub log_damaged: &'static str,
    pub log_waiting: &'static str,
    pub prompt_reason: &'static str,
    pub prompt_note: &'static str,
    pub prompt_withdraw_no: &'static str,
    pub prompt_withdraw_reason: &'static str,
    pub prompt_unpair_reason: &'static str,
    /// The knockout's colour choice: round, stage, the higher-ranked player's number and
    /// name, the other's, and the chooser's name again.
    pub prompt_choose: &'static str,
    pub bad_choose: &'static str,
    /// "{}号{}选{}" in the confirm step: number, name, side.
    pub chose_part: &'static str,
    pub choose_what: &'static str,
    /// What other roles read when the advance waits for a colour choice.
    pub choose_others: &'static str,
    /// Between the items of a list ("、" / ", ").
    pub list_sep: &'static str,
    /// The header of an earlier round on the round screen: the current round.
    pub past_round: &'static str,
    /// The head arbiter's footer when a decision waits: the round paired on an old result
    /// (re-pair or keep; keep only once it has results), a lot, a round to pair, a choice.
    pub hint_decide_outdated: &'static str,
    pub hint_decide_keep: &'static str,
    pub hint_decide_lot: &'static str,
    pub hint_decide_pair: &'static str,
    pub hint_decide_choice: &'static str,
    /// The preview while the round that selects the knockout is on: next round, how many
    /// go through, the selecting round.
    pub preview_knockout_wait: &'static str,
    /// The note of an armageddon before its lot.
    pub lot_pending_note: &'static str,
    pub correct_what: &'static str,
    pub withdraw_what: &'static str,
    pub unpair_what: &'static str,
    pub unknown_player: &'static str,
    pub changed_by: &'static str,
    pub n_round_complete: &'static str,
    pub n_round_paired: &'static str,
    pub n_late_closed: &'static str,
    pub n_flag: &'static str,
    pub standings_after: &'static str,
    pub standings_head: [&'static str; 5],
    pub preview_title: &'static str,
    pub preview_incomplete: &'static str,
    pub preview_none: &'static str,
    pub players_head: [&'static str; 6],
    pub audit_head: [&'static str; 5],
    pub help_title: &'static str,
    pub help_entry: &'static [&'static str],
    pub scroll: &'static str,
    /// Column heads of a board row: board, number, red, points, red's clock, result, black's
    /// clock, black — the printouts' names (the pairing sheet, `export::rows::pairings`, and
    /// the clock sheet, `export::roster::clocks`).
    pub board_cols: [&'static str; 8],
    /// The same, short, where two columns of boards would not fit otherwise.
    pub board_cols_short: [&'static str; 8],
    pub bye: &'static str,
    pub entry_round: &'static str,
    pub pair_what: &'static str,
    pub start_what: &'static str,
    pub prompt_start_time: &'static str,
    pub prompt_start_reason: &'static str,
    pub correct_start_what: &'static str,
    pub bad_time: &'static str,
    pub reason_needed: &'static str,
    pub prompt_lot: &'static str,
    pub bad_lot: &'static str,
    pub lot_what: &'static str,
    pub event_over: &'static str,
    pub preview_over: &'static str,
    pub final_standings: &'static str,
    pub knockout_place: &'static str,
    pub lot_due: &'static str,
    pub prize_col: &'static str,
    pub last_round: &'static str,
    /// The pairing-decision panel.
    pub pp_title: &'static str,
    pub pp_players: &'static str,
    pub pp_choice_relax: &'static str,
    pub pp_choice_manual: &'static str,
    pub pp_esc: &'static str,
    pub pp_choose: &'static str,
    pub pp_relax_title: &'static str,
    pub pp_breaks: &'static str,
    pub pp_none: &'static str,
    pub pp_relax_reason: &'static str,
    pub pp_relax_what: &'static str,
    pub pp_relax_failed: &'static str,
    pub pp_manual_title: &'static str,
    pub pp_manual_typed: &'static str,
    pub pp_manual_pairs: &'static str,
    pub pp_manual_bye: &'static str,
    pub pp_manual_hard: &'static str,
    pub pp_manual_reason: &'static str,
    pub pp_manual_what: &'static str,
    pub pp_manual_force: &'static str,
    pub pp_bad_pair: &'static str,
    pub pp_no_pairs: &'static str,
    pub pp_bad_bye: &'static str,
    pub pp_others: &'static str,
    pub pp_head_key: &'static str,
    // setup helper: the `Q` overlay.
    pub room_title: &'static str,
    pub room_off_title: &'static str,
    /// Lines of the overlay when no `serve` runs; `{}` is the log's path.
    pub room_off: [&'static str; 4],
    // edgesa: a correction across a round boundary, the floor without clocks.
    /// The banner after a correction outdated the current round: round, corrected round and
    /// board, then the head arbiter's way forward.
    pub n_outdated: &'static str,
    pub outdated_keys_repair: &'static str,
    pub outdated_keys_keep: &'static str,
    pub outdated_others: &'static str,
    pub repair_title: &'static str,
    pub repair_what: &'static str,
    pub repair_reason: &'static str,
    pub prompt_keep_reason: &'static str,
    pub keep_what: &'static str,
    pub time_what: &'static str,
    /// After an automatic act: who triggered it (the audit's detail).
    pub by_rule: &'static str,
    /// The header while the current round rests on an old result.
    pub hdr_outdated: &'static str,
    // edgesb (points 9–10): the organizer's footer, the empty first screen, the
    // standings before round 1, the foul kinds in help.
    pub hint_organizer: &'static str,
    pub empty_press_p: &'static str,
    pub standings_before: &'static str,
    pub help_fouls: &'static str,
    // team (团体赛): the round view's match lines and board tags
    /// "第{}场 {} {} {}": match, first team, score, second team.
    pub team_match_line: &'static str,
    /// "第{}场 {}–{}" on the first board of a match.
    pub team_match_tag: &'static str,
    /// "(已完成{}/{})" after a score still in play.
    pub team_match_done: &'static str,
    pub prompt_lineup_team: &'static str,
    /// "「{}」第{}轮出场名单 …": team, round, registered order.
    pub prompt_lineup_players: &'static str,
    pub not_team_event: &'static str,
    pub unknown_team: &'static str,
    pub bad_numbers: &'static str,
    // The players' reports (docs/self-report.md): the header's counts, the key's entry.
    /// "待确认 {}": boards whose two reports wait for an arbiter.
    pub to_accept: &'static str,
    /// "待核对 {}": boards with a lone report or two that disagree.
    pub to_check: &'static str,
    /// "接受签认 {}" in the entry line: the result both players signed.
    pub accept_what: &'static str,
    pub nothing_to_accept: &'static str,
}

/// The strings of `lang`.
pub fn of(lang: Lang) -> &'static Strings {
    match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    }
}

/// Replaces each `{}` of `template` by the next of `args`.
pub fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut parts = template.split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for (i, p) in parts.enumerate() {
        if let Some(a) = args.get(i) {
            out.push_str(&a.to_string());
        }
        out.push_str(p);
    }
    out
}

impl Strings {
    fn zh(&self) -> bool {
        self.zh
    }

    /// The language of these strings.
    pub fn lang(&self) -> Lang {
        if self.zh { Lang::Zh } else { Lang::En }
    }

    pub fn role(&self, r: Role) -> &'static str {
        match (r, self.zh()) {
            (Role::Head, true) => "裁判长",
            (Role::Assistant, true) => "裁判",
            (Role::Organizer, true) => "编排",
            (Role::Viewer, true) => "观看",
            (Role::Head, false) => "head",
            (Role::Assistant, false) => "assistant",
            (Role::Organizer, false) => "organizer",
            (Role::Viewer, false) => "viewer",
        }
    }

    pub fn side(&self, s: Side) -> &'static str {
        match (s, self.zh()) {
            (Side::Red, true) => "红方",
            (Side::Black, true) => "黑方",
            (Side::Red, false) => "red",
            (Side::Black, false) => "black",
        }
    }

    pub fn result(&self, r: GameResult) -> &'static str {
        match (r, self.zh()) {
            (r, true) => crate::i18n::result_word(r, Lang::Zh),
            (GameResult::RedWin, false) => "red wins",
            (GameResult::BlackWin, false) => "black wins",
            (GameResult::Draw, false) => "draw",
            (GameResult::RedWinForfeit, false) => "red wins by forfeit",
            (GameResult::BlackWinForfeit, false) => "black wins by forfeit",
            (GameResult::DoubleForfeit, false) => "double forfeit",
        }
    }

    pub fn cause(&self, c: Cause) -> &'static str {
        match (c, self.zh()) {
            (Cause::Arbiter, _) => "",
            (Cause::LateWindow, true) => "迟到",
            (Cause::Fouls | Cause::FoulClaimed, true) => "犯规",
            (Cause::Time, true) => "超时",
            (Cause::LateWindow, false) => "late",
            (Cause::Fouls | Cause::FoulClaimed, false) => "fouls",
            (Cause::Time, false) => "time",
            (Cause::Confirmed | Cause::Reported, true) => "签认",
            (Cause::Confirmed | Cause::Reported, false) => "signed",
        }
    }

    pub fn foul_kind(&self, k: FoulKind) -> &'static str {
        match (k, self.zh()) {
            (FoulKind::MoveRule, true) => "违规着法",
            (FoulKind::Phone, true) => "手机",
            (FoulKind::LeavingSeat, true) => "离座",
            (FoulKind::DisturbedPieces, true) => "碰乱棋子",
            (FoulKind::Other, true) => "其他",
            (FoulKind::MoveRule, false) => "move rule",
            (FoulKind::Phone, false) => "phone",
            (FoulKind::LeavingSeat, false) => "leaving seat",
            (FoulKind::DisturbedPieces, false) => "disturbed pieces",
            (FoulKind::Other, false) => "other",
        }
    }

    pub fn status(&self, s: Status) -> &'static str {
        match (s, self.zh()) {
            (Status::Active, true) => "在赛",
            (Status::Withdrawn { by_rule: false }, true) => "退赛",
            (Status::Withdrawn { by_rule: true }, true) => "判退",
            (Status::Active, false) => "active",
            (Status::Withdrawn { by_rule: false }, false) => "withdrawn",
            (Status::Withdrawn { by_rule: true }, false) => "withdrawn (rule)",
        }
    }

    /// What a key does, for the help screen and "may not" messages.
    pub fn deed(&self, d: Deed) -> &'static str {
        match (d, self.zh()) {
            (Deed::Quit, true) => "退出",
            (Deed::Help, true) => "帮助",
            (Deed::Screens, true) => "切换画面",
            (Deed::Scroll, true) => "翻页",
            (Deed::EnterResult, true) => "录入结果",
            (Deed::Forfeit, true) => "录入弃权",
            (Deed::MarkAbsent, true) => "标记缺席",
            (Deed::MarkArrived, true) => "标记到场",
            (Deed::Foul, true) => "记录犯规",
            (Deed::Flag, true) => "确认超时负",
            (Deed::MoveLimit, true) => "注明限着",
            (Deed::Pair, true) => "编排下一轮",
            (Deed::Start, true) => "开始本轮",
            (Deed::Unpair, true) => "撤销本轮编排",
            (Deed::Withdraw, true) => "办理棋手退赛",
            (Deed::Lot, true) => "录入超快棋抽签",
            (Deed::Lineup, true) => "提交团体出场名单",
            (Deed::Lineup, false) => "hand in a team lineup",
            (Deed::Submit, true) => "记录",
            (Deed::Cancel, true) => "取消",
            (Deed::Edit, true) => "输入",
            (Deed::Quit, false) => "quit",
            (Deed::Help, false) => "help",
            (Deed::Screens, false) => "switch screens",
            (Deed::Scroll, false) => "scroll",
            (Deed::EnterResult, false) => "enter results",
            (Deed::Forfeit, false) => "enter forfeits",
            (Deed::MarkAbsent, false) => "mark a seat absent",
            (Deed::MarkArrived, false) => "mark a player arrived",
            (Deed::Foul, false) => "record a foul",
            (Deed::Flag, false) => "confirm a time loss",
            (Deed::MoveLimit, false) => "note a move limit",
            (Deed::Pair, false) => "pair the next round",
            (Deed::Start, false) => "start the round",
            (Deed::Unpair, false) => "discard the round's pairing",
            (Deed::Withdraw, false) => "withdraw a player",
            (Deed::Lot, false) => "enter an armageddon lot",
            (Deed::Submit, false) => "record",
            (Deed::Cancel, false) => "cancel",
            (Deed::Edit, false) => "type",
            (Deed::RoomQr, true) => "房间页面二维码",
            (Deed::RoomQr, false) => "room page QR code",
            (Deed::Repair, true) => "更正后重排",
            (Deed::Keep, true) => "保留现编排",
            (Deed::Repair, false) => "re-pair (correction)",
            (Deed::Keep, false) => "keep the pairing",
            (Deed::AcceptSigned, true) => "接受双方签认",
            (Deed::AcceptSigned, false) => "accept a signed result",
            (Deed::Rounds, true) => "往轮 (更正)",
            (Deed::Rounds, false) => "earlier rounds",
        }
    }

    pub fn tiebreak(&self, t: Tiebreak) -> &'static str {
        match (t, self.zh()) {
            (Tiebreak::OpponentScore, true) => "对手分",
            (Tiebreak::Progressive, true) => "累进分",
            (Tiebreak::Wins, true) => "胜局",
            (Tiebreak::Fouls, true) => "犯规",
            (Tiebreak::BlackGames, true) => "后手局",
            (Tiebreak::BlackWins, true) => "后胜",
            (Tiebreak::DirectEncounter, true) => "直胜",
            (Tiebreak::PreviousRoundRank, true) => "上轮名",
            (Tiebreak::PreviousRoundPoints, true) => "上轮分",
            (Tiebreak::DrawNumber, true) => "序号",
            (Tiebreak::OpponentScore, false) => "Opp",
            (Tiebreak::Progressive, false) => "Prog",
            (Tiebreak::Wins, false) => "Wins",
            (Tiebreak::Fouls, false) => "Fouls",
            (Tiebreak::BlackGames, false) => "BlkG",
            (Tiebreak::BlackWins, false) => "BlkW",
            (Tiebreak::DirectEncounter, false) => "H2H",
            (Tiebreak::PreviousRoundRank, false) => "PrRk",
            (Tiebreak::PreviousRoundPoints, false) => "PrPt",
            (Tiebreak::DrawNumber, false) => "DrNo",
            // rr: 小分 (Sonneborn–Berger).
            (Tiebreak::SonnebornBerger, true) => "小分",
            (Tiebreak::SonnebornBerger, false) => "SB",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_places_values_in_order() {
        assert_eq!(fill(ZH.round_of, &[&3, &9]), "第3轮/共9轮");
        assert_eq!(fill(EN.round_of, &[&3, &9]), "Round 3 of 9");
        assert_eq!(fill("{} and {}", &[&1]), "1 and ");
    }

    #[test]
    fn both_languages_have_the_same_placeholders() {
        let pairs = [
            (ZH.pending, EN.pending),
            (ZH.unknown_board, EN.unknown_board),
            (ZH.has_result, EN.has_result),
            (ZH.prompt_reason, EN.prompt_reason),
            (ZH.correct_what, EN.correct_what),
            (ZH.n_flag, EN.n_flag),
            (ZH.entry_foul, EN.entry_foul),
        ];
        for (zh, en) in pairs {
            assert_eq!(
                zh.matches("{}").count(),
                en.matches("{}").count(),
                "{zh} / {en}"
            );
        }
        assert_eq!(of(Lang::Zh).side(Side::Red), "红方");
        assert_eq!(of(Lang::En).side(Side::Red), "red");
    }
}

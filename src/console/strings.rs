//! Every user-facing string of the console, once per language (gitui's `strings.rs`), so the
//! Chinese and English consoles stay in step. Templates take their values in `{}` order
//! through [`fill`].

use super::action::Deed;
use crate::domain::event::Cause;
use crate::domain::rules::{FoulKind, Lang, Tiebreak};
use crate::domain::tournament::Status;
use crate::domain::{GameResult, Role, Side};

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

pub static ZH: Strings = Strings {
    zh: true,
    round_of: "第{}轮/共{}轮",
    no_round: "尚未编排",
    not_started: "未开始",
    started_at: "开始 {}",
    elapsed: "已用 {}",
    late: "迟到判负 {}",
    reported: "已报 {}/{}",
    next_round: "下轮 {}",
    last_two: "最后两台",
    absent: "缺",
    arrived: "迟到",
    foul: "犯",
    limit: "限着",
    flag: "超时",
    vs: "对",
    screens: ["对阵", "排名", "预排", "棋手", "日志", "帮助"],
    hint_normal: "数字+r/b/d 录入结果  Tab 切换  ? 帮助  q 退出",
    hint_viewer: "只读  Tab 切换  ? 帮助  q 退出",
    pending: "第{}台: {}  Enter 记录  Esc 取消",
    entry_board: "第{}台_  r红胜 b黑胜 d和 f弃权 a缺席 i到场 x犯规 t超时 n限着",
    entry_side: "第{}台 {}: r红方 b黑方",
    entry_foul: "第{}台 {}犯规: 1违规着法 2手机 3离座 4碰乱棋子 5其他",
    confirm: "{}? y 确认 / n 取消",
    unknown_board: "第{}轮没有第{}台",
    has_result: "第{}台已有结果: {} (更正须裁判长)",
    has_result_head: "第{}台已有结果: {}",
    not_permitted: "{}无权{}",
    read_only: "只读: 不能写入",
    recorded: "已记录: {}",
    nothing_due: "无需操作",
    no_flag: "第{}台没有落旗",
    cancelled: "已取消",
    refused: "拒绝: {}",
    log_torn: "日志第{}行写入中断: 显示最后完好的状态, 请运行 bianpai repair",
    log_damaged: "日志第{}行损坏: 显示最后完好的状态, 请运行 bianpai verify",
    log_waiting: "等待写入: {}",
    prompt_reason: "更正第{}轮第{}台 {} → {} 理由: ",
    prompt_note: "第{}台限着说明: ",
    prompt_withdraw_no: "退赛棋手序号: ",
    prompt_withdraw_reason: "{}号{}退赛原因: ",
    prompt_unpair_reason: "撤销第{}轮编排的理由: ",
    prompt_choose: "第{}轮{}: {}号{} (名次列前) 对 {}号{}, 前面轮次先后手次数相同, 由{}选择: r 执红 / b 执黑 (Esc 取消) ",
    bad_choose: "'{}': 请按 r (执红) 或 b (执黑)",
    chose_part: "{}号{}选{}",
    choose_what: "编排第{}轮 ({})",
    choose_others: "{} (待裁判长或编排输入)",
    list_sep: "、",
    past_round: "往轮 (裁判长可更正结果) · ] 回到第{}轮",
    hint_decide_outdated: "第{}轮待决定: v 看变化  R 重新编排  K 保留",
    hint_decide_keep: "第{}轮待决定: K 保留 (已有结果)",
    hint_decide_lot: "超快棋待抽签: L 录入",
    hint_decide_pair: "待编排: P 编排第{}轮",
    hint_decide_choice: "第{}轮淘汰赛待选择先后手: P",
    preview_knockout_wait: "第{}轮起前{}名进行淘汰赛: 第{}轮全部完赛后才能确定是哪几名, 届时再预排",
    lot_pending_note: "先后手待抽签: L 录入",
    correct_what: "更正第{}轮第{}台 {} → {} ({})",
    withdraw_what: "{}号{}退赛",
    unpair_what: "撤销第{}轮编排",
    unknown_player: "没有{}号棋手",
    changed_by: "{} ({}): {}",
    n_round_complete: "第{}轮全部完赛",
    n_round_paired: "第{}轮已编排",
    n_late_closed: "迟到时限已过: 共{}盘迟到判负",
    n_flag: "第{}台 {}落旗",
    standings_after: "第{}轮后排名",
    standings_head: ["名次", "序号", "姓名", "组别", "积分"],
    preview_title: "第{}轮预排",
    preview_incomplete: "本轮尚未完赛: 预排按目前成绩计算",
    preview_none: "无法预排: {}",
    players_head: ["序号", "姓名", "单位", "组别", "状态", "积分"],
    audit_head: ["序", "时间", "用户", "角色", "事件"],
    help_title: "按键",
    help_entry: &[
        "录入: 台号数字, 然后 r 红胜 / b 黑胜 / d 和",
        "      f 再按 r/b 为不战胜, f f 或 f d 双方弃权",
        "      a 缺席 / i 到场 + r/b 方; x 犯规 + 方 + 种类; t 确认超时负",
        "      Enter 记录, Esc 取消; 已有结果的台由裁判长填理由更正",
        "      c 接受双方签认的结果 (待确认的第一台; 台号 + c 指定台)",
    ],
    scroll: "↑↓ 翻页",
    board_cols: [
        "台次",
        "序号",
        "红方",
        "积分",
        "红方时间",
        "结果",
        "黑方时间",
        "黑方",
    ],
    board_cols_short: ["台", "序", "红方", "分", "时钟", "结果", "时钟", "黑方"],
    bye: "轮空",
    entry_round: "第{}轮 ",
    pair_what: "编排第{}轮",
    start_what: "开始第{}轮 (迟到时限由此起算)",
    prompt_start_time: "更正第{}轮开始时间 (现为 {}), 新时间 HH:MM: ",
    prompt_start_reason: "第{}轮开始时间改为 {} 的理由: ",
    correct_start_what: "第{}轮开始时间更正为 {} ({})",
    bad_time: "'{}' 不是时间 (HH:MM 或 2024-07-06 08:30)",
    reason_needed: "须填写理由",
    prompt_lot: "第{}台超快棋抽签: {}号{}抽到 r 红 / b 黑: ",
    bad_lot: "'{}': 请输入 r (红) 或 b (黑)",
    lot_what: "第{}台抽签: 名次列前者执{}",
    event_over: "比赛结束: 最终排名见 s, 获奖见排名表",
    preview_over: "全部轮次已结束, 比赛已结束, 没有下一轮",
    final_standings: "最终排名",
    knockout_place: "备注",
    lot_due: "第{}台超快棋待抽签定先后手: L 录入",
    prize_col: "奖项",
    last_round: "本轮是最后一轮, 没有下一轮",
    pp_title: "第{}轮无合规编排 · 裁判长决定",
    pp_players: "{}号无法在不重复对局、不二次轮空、不违反先后手规则4–5的前提下编对",
    pp_choice_relax: "1  放宽先后手规则4–5编排 (违规最少): 先看预览, 再填理由并确认",
    pp_choice_manual: "2  手工编排本轮: 逐条列出违反的规则, 填理由并明确确认",
    pp_esc: "Esc 随时取消, 不写入任何内容",
    pp_choose: "选择 1 或 2 (Esc 取消): ",
    pp_relax_title: "放宽先后手规则后的编排预览:",
    pp_breaks: "违反的先后手规则:",
    pp_none: "无",
    pp_relax_reason: "放宽编排的理由 (记入日志): ",
    pp_relax_what: "放宽先后手规则编排第{}轮 (理由: {})",
    pp_relax_failed: "放宽先后手规则后仍无法编排: {}",
    pp_manual_title: "手工编排: 按 红-黑 序号输入对阵, 逗号分隔, 如 3-8,5-1",
    pp_manual_typed: "已输入的对阵:",
    pp_manual_pairs: "对阵 (红-黑, 逗号分隔): ",
    pp_manual_bye: "轮空序号 (没有则直接回车): ",
    pp_manual_hard: "违反的硬性规则:",
    pp_manual_reason: "手工编排的理由 (记入日志): ",
    pp_manual_what: "手工编排第{}轮 (理由: {})",
    pp_manual_force: "手工编排第{}轮, 明知违反{}条规则仍编排 (理由: {})",
    pp_bad_pair: "第{}对 '{}': 应为 红-黑 两个序号, 如 3-8",
    pp_no_pairs: "没有输入对阵 (如 3-8,5-1)",
    pp_bad_bye: "轮空 '{}': 不是棋手序号",
    pp_others: "第{}轮无合规编排: {}号无法编对; 须由裁判长决定 (放宽先后手规则或手工编排)",
    pp_head_key: "; 按 P 决定",
    // setup helper
    room_title: " 房间页面 · 扫码查看对阵 (Q 关闭) ",
    room_off_title: " 房间页面未开启 (Q 关闭) ",
    room_off: [
        "房间页面 (棋手手机扫码看对阵) 还没有开启。",
        "在另一个终端运行:",
        "bianpai serve {} --bind 0.0.0.0:8080",
        "开启后再按 Q, 这里就显示它的二维码。",
    ],
    // edgesa
    n_outdated: "第{}轮是按第{}轮第{}台更正前的结果编排的",
    outdated_keys_repair: ": 裁判长按 v 看变化, R 重新编排, K 保留",
    outdated_keys_keep: ": 本轮已有结果, 裁判长按 K 记录保留的决定",
    outdated_others: ": 待裁判长决定重新编排或保留",
    repair_title: "第{}轮重新编排预览",
    repair_what: "按更正后的结果重新编排第{}轮 (取消{}台 新增{}台 移台{}台)",
    repair_reason: "更正第{}轮第{}台后重新编排",
    prompt_keep_reason: "保留第{}轮编排的理由 (记入日志): ",
    keep_what: "保留第{}轮编排 (理由: {})",
    time_what: "第{}台 {}超时 → {}",
    by_rule: "{} ({} 的终端触发): {}",
    hdr_outdated: "第{}轮按更正前结果编排",
    // edgesb
    hint_organizer: "P 编排  S 开始  W 退赛  L 抽签  Tab 切换  ? 帮助  q 退出",
    empty_press_p: "尚未编排。按 P 编排第1轮",
    standings_before: "赛前名单 (按序号)",
    help_fouls: "犯规种类 (x 之后):",
    // team (团体赛)
    team_match_line: "第{}场  {}  {}  {}",
    team_match_tag: "第{}场 {}–{}",
    team_match_done: "(已完成{}/{})",
    prompt_lineup_team: "出场名单 — 队号或队名: ",
    prompt_lineup_players: "「{}」第{}轮出场名单, 序号按台次, 第1台在前 (报名顺序 {}): ",
    not_team_event: "本赛事不是团体赛",
    unknown_team: "没有队伍 '{}'",
    bad_numbers: "'{}' 不是棋手序号",
    to_accept: "待确认 {}",
    to_check: "待核对 {}",
    accept_what: "接受双方签认 {}",
    nothing_to_accept: "没有待确认的签认结果",
};

pub static EN: Strings = Strings {
    zh: false,
    round_of: "Round {} of {}",
    no_round: "no round paired yet",
    not_started: "not started",
    started_at: "started {}",
    elapsed: "elapsed {}",
    late: "late forfeit in {}",
    reported: "reported {}/{}",
    next_round: "next round {}",
    last_two: "last two",
    absent: "abs",
    arrived: "late",
    foul: "F",
    limit: "limit",
    flag: "FLAG",
    vs: "v",
    screens: ["Round", "Standings", "Preview", "Players", "Audit", "Help"],
    hint_normal: "digits+r/b/d result  Tab screens  ? help  q quit",
    hint_viewer: "read-only  Tab screens  ? help  q quit",
    pending: "board {}: {}  Enter records  Esc cancels",
    entry_board: "board {}_  r red b black d draw f forfeit a absent i arrived x foul t flag n limit",
    entry_side: "board {} {}: r red / b black",
    entry_foul: "board {} foul by {}: 1 move rule 2 phone 3 leaving seat 4 pieces 5 other",
    confirm: "{}? y confirm / n cancel",
    unknown_board: "round {}: there is no board {}",
    has_result: "board {} already has a result: {} (corrections are the head arbiter's)",
    has_result_head: "board {} already has a result: {}",
    not_permitted: "{} may not {}",
    read_only: "read-only: nothing can be written",
    recorded: "recorded: {}",
    nothing_due: "nothing to do",
    no_flag: "board {}: no flag has fallen",
    cancelled: "cancelled",
    refused: "refused: {}",
    log_torn: "LOG TORN at line {}: showing the last good state; run bianpai repair",
    log_damaged: "LOG DAMAGED at line {}: showing the last good state; run bianpai verify",
    log_waiting: "waiting to write: {}",
    prompt_reason: "correct round {} board {} {} → {}, reason: ",
    prompt_note: "board {} move limit note: ",
    prompt_withdraw_no: "withdraw player number: ",
    prompt_withdraw_reason: "withdraw {} {}, reason: ",
    prompt_unpair_reason: "discard round {} pairing, reason: ",
    prompt_choose: "round {} {}: {} {} (higher-ranked) v {} {}, colour counts level, {} chooses: r red / b black (Esc cancels) ",
    bad_choose: "'{}': type r (red) or b (black)",
    chose_part: "{} {} takes {}",
    choose_what: "pair round {} ({})",
    choose_others: "{} (the head arbiter or the organizer enters it)",
    list_sep: ", ",
    past_round: "earlier round (the head arbiter corrects results) · ] back to round {}",
    hint_decide_outdated: "round {} to decide: v changes  R re-pair  K keep",
    hint_decide_keep: "round {} to decide: K keep (it has results)",
    hint_decide_lot: "armageddon lot due: L",
    hint_decide_pair: "to pair: P pairs round {}",
    hint_decide_choice: "round {} knockout colour choice: P",
    preview_knockout_wait: "round {} starts the knockout for the top {}: they are known once every board of round {} has reported; preview then",
    lot_pending_note: "colours by lot, not drawn yet: L",
    correct_what: "correct round {} board {}: {} → {} ({})",
    withdraw_what: "withdraw player {} {}",
    unpair_what: "discard the pairing of round {}",
    unknown_player: "there is no player number {}",
    changed_by: "{} ({}): {}",
    n_round_complete: "round {} complete",
    n_round_paired: "round {} paired",
    n_late_closed: "late window closed: {} game(s) forfeited",
    n_flag: "board {}: {} flag fell",
    standings_after: "Standings after round {}",
    standings_head: ["Rank", "No", "Name", "Group", "Points"],
    preview_title: "Round {} preview",
    preview_incomplete: "the round is not complete: the preview uses the results so far",
    preview_none: "no preview: {}",
    players_head: ["No", "Name", "Club", "Group", "Status", "Points"],
    audit_head: ["Seq", "Time", "User", "Role", "Event"],
    help_title: "Keys",
    help_entry: &[
        "Entry: board number, then r red wins / b black wins / d draw",
        "       f then r/b for a forfeit win, f f or f d double forfeit",
        "       a absent / i arrived + r/b side; x foul + side + kind; t confirm flag",
        "       Enter records, Esc cancels; the head arbiter corrects with a reason",
        "       c accepts a result both players signed (the first to accept; board + c)",
    ],
    scroll: "↑↓ scroll",
    board_cols: [
        "Board",
        "No",
        "Red",
        "Pts",
        "Red time",
        "Result",
        "Black time",
        "Black",
    ],
    board_cols_short: ["Bd", "No", "Red", "Pt", "Clock", "Res", "Clock", "Black"],
    bye: "bye",
    entry_round: "round {} ",
    pair_what: "pair round {}",
    start_what: "start round {} (the late window runs from now)",
    prompt_start_time: "correct the start of round {} (now {}), new time HH:MM: ",
    prompt_start_reason: "reason for starting round {} at {}: ",
    correct_start_what: "correct the start of round {} to {} ({})",
    bad_time: "'{}' is not a time (HH:MM or 2024-07-06 08:30)",
    reason_needed: "a reason is needed",
    prompt_lot: "board {} armageddon lot: player {} {} drew r red / b black: ",
    bad_lot: "'{}': type r (red) or b (black)",
    lot_what: "board {} lot: the higher-ranked player takes {}",
    event_over: "the event is over: final standings on s, prizes in the standings",
    preview_over: "every round has been played: the event is over, there is no next round",
    final_standings: "Final standings",
    knockout_place: "Remark",
    lot_due: "board {} armageddon waits for its colour lot: L to enter it",
    prize_col: "Prize",
    last_round: "this is the last round: there is no next round",
    pp_title: "Round {}: no legal pairing · the head arbiter decides",
    pp_players: "players {} cannot be paired without a rematch, a second bye or a broken colour rule 4–5",
    pp_choice_relax: "1  pair with colour rules 4–5 relaxed (fewest breaks): preview, then a reason and a confirm",
    pp_choice_manual: "2  enter the round by hand: every rule broken listed, a reason and an explicit confirm",
    pp_esc: "Esc cancels at any step: nothing is written",
    pp_choose: "choose 1 or 2 (Esc cancels): ",
    pp_relax_title: "Preview with colour rules 4–5 relaxed:",
    pp_breaks: "Colour rules broken:",
    pp_none: "none",
    pp_relax_reason: "reason for relaxing (recorded in the log): ",
    pp_relax_what: "pair round {} with colour rules relaxed (reason: {})",
    pp_relax_failed: "no pairing even with colour rules relaxed: {}",
    pp_manual_title: "By hand: pairs as red-black numbers, separated by commas, e.g. 3-8,5-1",
    pp_manual_typed: "Pairs typed:",
    pp_manual_pairs: "pairs (red-black, commas): ",
    pp_manual_bye: "bye number (Enter for none): ",
    pp_manual_hard: "Hard rules broken:",
    pp_manual_reason: "reason for the pairing by hand (recorded in the log): ",
    pp_manual_what: "enter round {} by hand (reason: {})",
    pp_manual_force: "enter round {} by hand, breaking {} rule(s) knowingly (reason: {})",
    pp_bad_pair: "pair {} '{}': expected red-black numbers like 3-8",
    pp_no_pairs: "no pairs typed (e.g. 3-8,5-1)",
    pp_bad_bye: "bye '{}': not a player number",
    pp_others: "round {}: no legal pairing: players {} cannot be paired; the head arbiter must decide (relax colour rules or pair by hand)",
    pp_head_key: "; press P to decide",
    // setup helper
    room_title: " Room page · scan for pairings (Q closes) ",
    room_off_title: " Room page not running (Q closes) ",
    room_off: [
        "The room page (players scan it for their board) is not running.",
        "In another terminal, run:",
        "bianpai serve {} --bind 0.0.0.0:8080",
        "Then press Q again to show its QR code here.",
    ],
    // edgesa
    n_outdated: "round {} was paired on the old result of round {} board {}",
    outdated_keys_repair: ": head arbiter: v shows what changes, R re-pairs, K keeps it",
    outdated_keys_keep: ": the round has results; head arbiter: K records keeping it",
    outdated_others: ": the head arbiter decides to re-pair or keep it",
    repair_title: "Round {} re-pair preview",
    repair_what: "re-pair round {} on the corrected results ({} go, {} come, {} move)",
    repair_reason: "re-paired after the correction of round {} board {}",
    prompt_keep_reason: "reason to keep round {}'s pairing (logged): ",
    keep_what: "keep round {}'s pairing (reason: {})",
    time_what: "board {}: {} lost on time -> {}",
    by_rule: "{} (triggered by {}'s terminal): {}",
    hdr_outdated: "round {} paired on old results",
    // edgesb
    hint_organizer: "P pair  S start  W withdraw  L lot  Tab screens  ? help  q quit",
    empty_press_p: "No round paired yet. Press P to pair round 1",
    standings_before: "Before round 1 (by number)",
    help_fouls: "Foul kinds:",
    // team (团体赛)
    team_match_line: "match {}  {}  {}  {}",
    team_match_tag: "match {} {}–{}",
    team_match_done: "({}/{} done)",
    prompt_lineup_team: "lineup — team number or name: ",
    prompt_lineup_players: "{} round {} lineup, numbers board 1 first (registered order {}): ",
    not_team_event: "this is not a team match event",
    unknown_team: "there is no team '{}'",
    bad_numbers: "'{}' is not a player number",
    to_accept: "to accept {}",
    to_check: "to check {}",
    accept_what: "accept both signatures: {}",
    nothing_to_accept: "no signed result waits for acceptance",
};

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

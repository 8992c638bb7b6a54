//! The console's label table: every field once, its Chinese and its English side by side
//! (`field = zh, en;`, a type after the name where it is not one `&'static str`), built by
//! `table!` into the two tables `ZH` and `EN`. Templates take their values in `{}` order
//! through [`fill`](super::fill); both languages hold the same number of `{}` (tested).

table! {
    round_of = "第{}轮/共{}轮", "Round {} of {}";
    no_round = "尚未编排", "no round paired yet";
    not_started = "未开始", "not started";
    started_at = "开始 {}", "started {}";
    elapsed = "已用 {}", "elapsed {}";
    late = "迟到判负 {}", "late forfeit in {}";
    reported = "已报 {}/{}", "reported {}/{}";
    next_round = "下轮 {}", "next round {}";
    last_two = "最后两台", "last two";
    absent = "缺", "abs";
    arrived = "迟到", "late";
    foul = "犯", "F";
    limit = "限着", "limit";
    flag = "超时", "FLAG";
    vs = "对", "v";
    screens: [&'static str; 6] =
        ["对阵", "排名", "预排", "棋手", "日志", "帮助"],
        ["Round", "Standings", "Preview", "Players", "Audit", "Help"];
    hint_normal =
        "数字+r/b/d 录入结果  Tab 切换  ? 帮助  q 退出",
        "digits+r/b/d result  Tab screens  ? help  q quit";
    hint_viewer = "只读  Tab 切换  ? 帮助  q 退出", "read-only  Tab screens  ? help  q quit";
    pending = "第{}台: {}  Enter 记录  Esc 取消", "board {}: {}  Enter records  Esc cancels";
    entry_board =
        "第{}台_  r红胜 b黑胜 d和 f弃权 a缺席 i到场 x犯规 t超时 n限着",
        "board {}_  r red b black d draw f forfeit a absent i arrived x foul t flag n limit";
    entry_side = "第{}台 {}: r红方 b黑方", "board {} {}: r red / b black";
    entry_foul =
        "第{}台 {}犯规: 1违规着法 2手机 3离座 4碰乱棋子 5其他",
        "board {} foul by {}: 1 move rule 2 phone 3 leaving seat 4 pieces 5 other";
    confirm = "{}? y 确认 / n 取消", "{}? y confirm / n cancel";
    unknown_board = "第{}轮没有第{}台", "round {}: there is no board {}";
    has_result =
        "第{}台已有结果: {} (更正须裁判长)",
        "board {} already has a result: {} (corrections are the head arbiter's)";
    has_result_head = "第{}台已有结果: {}", "board {} already has a result: {}";
    not_permitted = "{}无权{}", "{} may not {}";
    read_only = "只读: 不能写入", "read-only: nothing can be written";
    recorded = "已记录: {}", "recorded: {}";
    nothing_due = "无需操作", "nothing to do";
    no_flag = "第{}台没有落旗", "board {}: no flag has fallen";
    cancelled = "已取消", "cancelled";
    refused = "拒绝: {}", "refused: {}";
    /// The header when the log is damaged (the line), and when a write waits for the lock.
    log_torn =
        "日志第{}行写入中断: 显示最后完好的状态, 请运行 bianpai repair",
        "LOG TORN at line {}: showing the last good state; run bianpai repair";
    log_damaged =
        "日志第{}行损坏: 显示最后完好的状态, 请运行 bianpai verify",
        "LOG DAMAGED at line {}: showing the last good state; run bianpai verify";
    log_waiting = "等待写入: {}", "waiting to write: {}";
    prompt_reason =
        "更正第{}轮第{}台 {} → {} 理由: ",
        "correct round {} board {} {} → {}, reason: ";
    prompt_note = "第{}台限着说明: ", "board {} move limit note: ";
    prompt_withdraw_no = "退赛棋手序号: ", "withdraw player number: ";
    prompt_withdraw_reason = "{}号{}退赛原因: ", "withdraw {} {}, reason: ";
    prompt_unpair_reason = "撤销第{}轮编排的理由: ", "discard round {} pairing, reason: ";
    /// The knockout's colour choice: round, stage, the higher-ranked player's number and
    /// name, the other's, and the chooser's name again.
    prompt_choose =
        "第{}轮{}: {}号{} (名次列前) 对 {}号{}, 前面轮次先后手次数相同, 由{}选择: r 执红 / b 执黑 (Esc 取消) ",
        "round {} {}: {} {} (higher-ranked) v {} {}, colour counts level, {} chooses: r red / b black (Esc cancels) ";
    bad_choose = "'{}': 请按 r (执红) 或 b (执黑)", "'{}': type r (red) or b (black)";
    /// The chooser in the confirm step: number, name, side.
    chose_part = "{}号{}选{}", "{} {} takes {}";
    choose_what = "编排第{}轮 ({})", "pair round {} ({})";
    /// What other roles read when the advance waits for a colour choice.
    choose_others = "{} (待裁判长或编排输入)", "{} (the head arbiter or the organizer enters it)";
    /// Between the items of a list.
    list_sep = "、", ", ";
    /// The header of an earlier round on the round screen: the current round.
    past_round =
        "往轮 (裁判长可更正结果) · ] 回到第{}轮",
        "earlier round (the head arbiter corrects results) · ] back to round {}";
    /// The head arbiter's footer when a decision waits: the round paired on an old result
    /// (re-pair or keep; keep only once it has results), a lot, a round to pair, a choice.
    hint_decide_outdated =
        "第{}轮待决定: v 看变化  R 重新编排  K 保留",
        "round {} to decide: v changes  R re-pair  K keep";
    hint_decide_keep =
        "第{}轮待决定: K 保留 (已有结果)",
        "round {} to decide: K keep (it has results)";
    hint_decide_lot = "超快棋待抽签: L 录入", "armageddon lot due: L";
    hint_decide_pair = "待编排: P 编排第{}轮", "to pair: P pairs round {}";
    hint_decide_choice = "第{}轮淘汰赛待选择先后手: P", "round {} knockout colour choice: P";
    /// The preview while the round that selects the knockout is on: next round, how many
    /// go through, the selecting round.
    preview_knockout_wait =
        "第{}轮起前{}名进行淘汰赛: 第{}轮全部完赛后才能确定是哪几名, 届时再预排",
        "round {} starts the knockout for the top {}: they are known once every board of round {} has reported; preview then";
    /// The note of an armageddon before its lot.
    lot_pending_note = "先后手待抽签: L 录入", "colours by lot, not drawn yet: L";
    correct_what = "更正第{}轮第{}台 {} → {} ({})", "correct round {} board {}: {} → {} ({})";
    withdraw_what = "{}号{}退赛", "withdraw player {} {}";
    unpair_what = "撤销第{}轮编排", "discard the pairing of round {}";
    unknown_player = "没有{}号棋手", "there is no player number {}";
    changed_by = "{} ({}): {}", "{} ({}): {}";
    n_round_complete = "第{}轮全部完赛", "round {} complete";
    n_round_paired = "第{}轮已编排", "round {} paired";
    n_late_closed = "迟到时限已过: 共{}盘迟到判负", "late window closed: {} game(s) forfeited";
    n_flag = "第{}台 {}落旗", "board {}: {} flag fell";
    standings_after = "第{}轮后排名", "Standings after round {}";
    standings_head: [&'static str; 5] =
        ["名次", "序号", "姓名", "组别", "积分"],
        ["Rank", "No", "Name", "Group", "Points"];
    preview_title = "第{}轮预排", "Round {} preview";
    preview_incomplete =
        "本轮尚未完赛: 预排按目前成绩计算",
        "the round is not complete: the preview uses the results so far";
    preview_none = "无法预排: {}", "no preview: {}";
    players_head: [&'static str; 6] =
        ["序号", "姓名", "单位", "组别", "状态", "积分"],
        ["No", "Name", "Club", "Group", "Status", "Points"];
    audit_head: [&'static str; 5] =
        ["序", "时间", "用户", "角色", "事件"],
        ["Seq", "Time", "User", "Role", "Event"];
    help_title = "按键", "Keys";
    help_entry: &'static [&'static str] =
        &[
            "录入: 台号数字, 然后 r 红胜 / b 黑胜 / d 和",
            "      f 再按 r/b 为不战胜, f f 或 f d 双方弃权",
            "      a 缺席 / i 到场 + r/b 方; x 犯规 + 方 + 种类; t 确认超时负",
            "      Enter 记录, Esc 取消; 已有结果的台由裁判长填理由更正",
            "      c 接受双方签认的结果 (待确认的第一台; 台号 + c 指定台)",
        ],
        &[
            "Entry: board number, then r red wins / b black wins / d draw",
            "       f then r/b for a forfeit win, f f or f d double forfeit",
            "       a absent / i arrived + r/b side; x foul + side + kind; t confirm flag",
            "       Enter records, Esc cancels; the head arbiter corrects with a reason",
            "       c accepts a result both players signed (the first to accept; board + c)",
        ];
    scroll = "↑↓ 翻页", "↑↓ scroll";
    /// Column heads of a board row: board, number, red, points, red's clock, result, black's
    /// clock, black — the printouts' names (the pairing sheet, `export::rows::pairings`, and
    /// the clock sheet, `export::roster::clocks`).
    board_cols: [&'static str; 8] =
        ["台次", "序号", "红方", "积分", "红方时间", "结果", "黑方时间", "黑方"],
        ["Board", "No", "Red", "Pts", "Red time", "Result", "Black time", "Black"];
    /// The same, short, where two columns of boards would not fit otherwise.
    board_cols_short: [&'static str; 8] =
        ["台", "序", "红方", "分", "时钟", "结果", "时钟", "黑方"],
        ["Bd", "No", "Red", "Pt", "Clock", "Res", "Clock", "Black"];
    bye = "轮空", "bye";
    entry_round = "第{}轮 ", "round {} ";
    pair_what = "编排第{}轮", "pair round {}";
    start_what = "开始第{}轮 (迟到时限由此起算)", "start round {} (the late window runs from now)";
    prompt_start_time =
        "更正第{}轮开始时间 (现为 {}), 新时间 HH:MM: ",
        "correct the start of round {} (now {}), new time HH:MM: ";
    prompt_start_reason = "第{}轮开始时间改为 {} 的理由: ", "reason for starting round {} at {}: ";
    correct_start_what = "第{}轮开始时间更正为 {} ({})", "correct the start of round {} to {} ({})";
    bad_time =
        "'{}' 不是时间 (HH:MM 或 2024-07-06 08:30)",
        "'{}' is not a time (HH:MM or 2024-07-06 08:30)";
    reason_needed = "须填写理由", "a reason is needed";
    prompt_lot =
        "第{}台超快棋抽签: {}号{}抽到 r 红 / b 黑: ",
        "board {} armageddon lot: player {} {} drew r red / b black: ";
    bad_lot = "'{}': 请输入 r (红) 或 b (黑)", "'{}': type r (red) or b (black)";
    /// The lot's confirmation: board, the higher-ranked player's number and name, the side.
    lot_what =
        "第{}台抽签: {}号{} (名次列前) 执{}",
        "board {} lot: {} {} (the higher-ranked player) takes {}";
    /// A foul before Enter: side, kind.
    foul_what = "{}犯规 ({})", "{} foul ({})";
    event_over =
        "比赛结束: 最终排名见 s, 获奖见排名表",
        "the event is over: final standings on s, prizes in the standings";
    preview_over =
        "全部轮次已结束, 比赛已结束, 没有下一轮",
        "every round has been played: the event is over, there is no next round";
    final_standings = "最终排名", "Final standings";
    knockout_place = "备注", "Remark";
    lot_due =
        "第{}台超快棋待抽签定先后手: L 录入",
        "board {} armageddon waits for its colour lot: L to enter it";
    prize_col = "奖项", "Prize";
    last_round = "本轮是最后一轮, 没有下一轮", "this is the last round: there is no next round";
    /// The pairing-decision panel.
    pp_title =
        "第{}轮无合规编排 · 裁判长决定",
        "Round {}: no legal pairing · the head arbiter decides";
    pp_players =
        "{}号无法在不重复对局、不二次轮空、不违反先后手规则4–5的前提下编对",
        "players {} cannot be paired without a rematch, a second bye or a broken colour rule 4–5";
    pp_choice_relax =
        "1  放宽先后手规则4–5编排 (违规最少): 先看预览, 再填理由并确认",
        "1  pair with colour rules 4–5 relaxed (fewest breaks): preview, then a reason and a confirm";
    pp_choice_manual =
        "2  手工编排本轮: 逐条列出违反的规则, 填理由并明确确认",
        "2  enter the round by hand: every rule broken listed, a reason and an explicit confirm";
    pp_esc = "Esc 随时取消, 不写入任何内容", "Esc cancels at any step: nothing is written";
    pp_choose = "选择 1 或 2 (Esc 取消): ", "choose 1 or 2 (Esc cancels): ";
    pp_relax_title = "放宽先后手规则后的编排预览:", "Preview with colour rules 4–5 relaxed:";
    pp_breaks = "违反的先后手规则:", "Colour rules broken:";
    pp_none = "无", "none";
    pp_relax_reason = "放宽编排的理由 (记入日志): ", "reason for relaxing (recorded in the log): ";
    pp_relax_what =
        "放宽先后手规则编排第{}轮 (理由: {})",
        "pair round {} with colour rules relaxed (reason: {})";
    pp_relax_failed =
        "放宽先后手规则后仍无法编排: {}",
        "no pairing even with colour rules relaxed: {}";
    pp_manual_title =
        "手工编排: 按 红-黑 序号输入对阵, 逗号分隔, 如 3-8,5-1",
        "By hand: pairs as red-black numbers, separated by commas, e.g. 3-8,5-1";
    pp_manual_typed = "已输入的对阵:", "Pairs typed:";
    pp_manual_pairs = "对阵 (红-黑, 逗号分隔): ", "pairs (red-black, commas): ";
    pp_manual_bye = "轮空序号 (没有则直接回车): ", "bye number (Enter for none): ";
    pp_manual_hard = "违反的硬性规则:", "Hard rules broken:";
    pp_manual_reason =
        "手工编排的理由 (记入日志): ",
        "reason for the pairing by hand (recorded in the log): ";
    pp_manual_what = "手工编排第{}轮 (理由: {})", "enter round {} by hand (reason: {})";
    pp_manual_force =
        "手工编排第{}轮, 明知违反{}条规则仍编排 (理由: {})",
        "enter round {} by hand, breaking {} rule(s) knowingly (reason: {})";
    pp_bad_pair =
        "第{}对 '{}': 应为 红-黑 两个序号, 如 3-8",
        "pair {} '{}': expected red-black numbers like 3-8";
    pp_no_pairs = "没有输入对阵 (如 3-8,5-1)", "no pairs typed (e.g. 3-8,5-1)";
    pp_bad_bye = "轮空 '{}': 不是棋手序号", "bye '{}': not a player number";
    pp_others =
        "第{}轮无合规编排: {}号无法编对; 须由裁判长决定 (放宽先后手规则或手工编排)",
        "round {}: no legal pairing: players {} cannot be paired; the head arbiter must decide (relax colour rules or pair by hand)";
    pp_head_key = "; 按 P 决定", "; press P to decide";
    // The room page's overlay (`Q`).
    room_title = " 房间页面 · 扫码查看对阵 (Q 关闭) ", " Room page · scan for pairings (Q closes) ";
    room_off_title = " 房间页面未开启 (Q 关闭) ", " Room page not running (Q closes) ";
    /// Lines of the overlay when no `serve` runs; `{}` is the log's path.
    room_off: [&'static str; 4] =
        [
            "房间页面 (棋手手机扫码看对阵) 还没有开启。",
            "在另一个终端运行:",
            "bianpai serve {} --bind 0.0.0.0:8080",
            "开启后再按 Q, 这里就显示它的二维码。",
        ],
        [
            "The room page (players scan it for their board) is not running.",
            "In another terminal, run:",
            "bianpai serve {} --bind 0.0.0.0:8080",
            "Then press Q again to show its QR code here.",
        ];
    // A correction across a round boundary, the floor without clocks.
    /// The banner after a correction outdated the current round: round, corrected round and
    /// board, then the head arbiter's way forward.
    n_outdated =
        "第{}轮是按第{}轮第{}台更正前的结果编排的",
        "round {} was paired on the old result of round {} board {}";
    outdated_keys_repair =
        ": 裁判长按 v 看变化, R 重新编排, K 保留",
        ": head arbiter: v shows what changes, R re-pairs, K keeps it";
    outdated_keys_keep =
        ": 本轮已有结果, 裁判长按 K 记录保留的决定",
        ": the round has results; head arbiter: K records keeping it";
    outdated_others =
        ": 待裁判长决定重新编排或保留",
        ": the head arbiter decides to re-pair or keep it";
    repair_title = "第{}轮重新编排预览", "Round {} re-pair preview";
    repair_what =
        "按更正后的结果重新编排第{}轮 (取消{}台 新增{}台 移台{}台)",
        "re-pair round {} on the corrected results ({} go, {} come, {} move)";
    repair_reason =
        "更正第{}轮第{}台后重新编排",
        "re-paired after the correction of round {} board {}";
    prompt_keep_reason =
        "保留第{}轮编排的理由 (记入日志): ",
        "reason to keep round {}'s pairing (logged): ";
    keep_what = "保留第{}轮编排 (理由: {})", "keep round {}'s pairing (reason: {})";
    time_what = "第{}台 {}超时 → {}", "board {}: {} lost on time -> {}";
    /// After an automatic act: who triggered it (the audit's detail).
    by_rule = "{} ({} 的终端触发): {}", "{} (triggered by {}'s terminal): {}";
    /// The header while the current round rests on an old result.
    hdr_outdated = "第{}轮按更正前结果编排", "round {}: old results";
    // The organizer's footer, the empty first screen, the standings before round 1, the foul
    // kinds in help.
    hint_organizer =
        "P 编排  S 开始  W 退赛  L 抽签  Tab 切换  ? 帮助  q 退出",
        "P pair  S start  W withdraw  L lot  Tab screens  ? help  q quit";
    empty_press_p = "尚未编排。按 P 编排第1轮", "No round paired yet. Press P to pair round 1";
    standings_before = "赛前名单 (按序号)", "Before round 1 (by number)";
    help_fouls = "犯规种类 (x 之后):", "Foul kinds:";
    /// A line of the round robin's summary under its crosstable: the key, the value.
    summary_line = "{}：{}", "{}：{}";
    /// The title of a desktop notification.
    notify_title = "编排 bianpai", "编排 bianpai";
    // Team events: the round view's match lines and board tags, the lineup.
    /// The match, the first team, the score, the second team.
    team_match_line = "第{}场  {}  {}  {}", "match {}  {}  {}  {}";
    /// On the first board of a match: the match and its two teams.
    team_match_tag = "第{}场 {}–{}", "match {} {}–{}";
    /// After a score still in play: the boards finished, of all.
    team_match_done = "(已完成{}/{})", "({}/{} done)";
    prompt_lineup_team = "出场名单 — 队号或队名: ", "lineup — team number or name: ";
    /// The team, the round, the registered order.
    prompt_lineup_players =
        "「{}」第{}轮出场名单, 序号按台次, 第1台在前 (报名顺序 {}): ",
        "{} round {} lineup, numbers board 1 first (registered order {}): ";
    not_team_event = "本赛事不是团体赛", "this is not a team match event";
    unknown_team = "没有队伍 '{}'", "there is no team '{}'";
    bad_numbers = "'{}' 不是棋手序号", "'{}' is not a player number";
    // The players' reports (docs/self-report.md): the header's counts, the key's entry.
    /// Boards whose two reports wait for an arbiter.
    to_accept = "待确认 {}", "to accept {}";
    /// The confirm step of a correction that overrides the players' signatures.
    override_signatures = "推翻棋手签认", "overriding the players' signatures";
    /// Boards whose two reports disagree.
    to_check = "待核对 {}", "to check {}";
    /// Boards with one signature that wait for another (not a contradiction).
    to_await = "待对方签认 {}", "awaiting the other signature {}";
    /// In the entry line: the result both players signed.
    accept_what = "接受棋手签认 {}", "accept the signed result: {}";
    nothing_to_accept = "没有待确认的签认结果", "no signed result waits for acceptance";
    /// Wrong codes given this round on the room page, every board together.
    wrong_codes = "错码 {}", "wrong codes {}";
    /// A board's wrong codes, before it locks.
    board_wrong_codes = "错码{}", "wrong codes {}";
    /// Boards locked after too many wrong codes.
    locked_boards = "签认已锁定 {}台", "reports locked on {} boards";
    /// In the entry line: unlock the board's reports.
    unlock_what = "解除签认锁定 (错码 {} 次清零)", "unlock reports (wrong codes {} reset)";
}

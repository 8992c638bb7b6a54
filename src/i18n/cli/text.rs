//! The command line's messages in words: one arm per message, the Chinese and the English
//! side by side.

use super::Msg;
use crate::domain::rules::Lang;

/// Renders a command-line message in `lang`.
#[allow(clippy::too_many_lines)]
pub fn text(m: &Msg, lang: Lang) -> String {
    match m {
        Msg::NotBoard(t) => words!(
            lang,
            format!("台号 '{t}': 不是台号 (1, 2, 3, …)"),
            format!("board '{t}': not a board number (1, 2, 3, …)"),
        ),
        Msg::NotPlayer(t) => words!(
            lang,
            format!("序号 '{t}': 不是棋手序号 (1, 2, 3, …)"),
            format!("player '{t}': not a player number (1, 2, 3, …)"),
        ),
        Msg::RoundZero => words!(
            lang,
            "--round 0: 轮次从1开始",
            "--round 0: rounds are numbered from 1",
        ).to_string(),
        Msg::NotTime(t) => words!(
            lang,
            format!(
                "--at '{t}': 不是时间 (当地时间 2024-07-06T08:30:00 或 2024-07-06 08:30, 或带时区 2024-07-06T08:30:00+08:00)"
            ),
            format!(
                "--at '{t}': not a time (local 2024-07-06T08:30:00 or 2024-07-06 08:30, or RFC 3339 with an offset)"
            ),
        ),
        Msg::UnknownResult(w) => words!(
            lang,
            format!(
                "结果 '{w}': 无法识别 (可写 红胜, 黑胜, 和, 红不战胜, 黑不战胜, 双方弃权, 或 red_win, black_win, draw, red_win_forfeit, black_win_forfeit, double_forfeit)"
            ),
            format!(
                "unknown result '{w}' (expected red_win, black_win, draw, red_win_forfeit, black_win_forfeit or double_forfeit)"
            ),
        ),
        Msg::UnknownSide(w) => words!(
            lang,
            format!("方 '{w}': 无法识别 (红方 red 或 黑方 black)"),
            format!("unknown side '{w}' (expected red or black)"),
        ),
        Msg::UnknownByePoints(w) => words!(
            lang,
            format!("请假轮空计分 '{w}': 无法识别 (half 半分, zero 零分, full 全分)"),
            format!("unknown requested-bye points '{w}' (expected half, zero or full)"),
        ),
        Msg::UnknownFoulKind(w) => words!(
            lang,
            format!(
                "犯规类型 '{w}': 无法识别 (move_rule 违规着法, phone 手机, leaving_seat 离座, disturbed_pieces 碰乱棋子, other 其他)"
            ),
            format!(
                "unknown foul kind '{w}' (expected move_rule, phone, leaving_seat, disturbed_pieces or other)"
            ),
        ),
        Msg::UnknownRole(w) => words!(
            lang,
            format!(
                "--role '{w}': 没有这个角色 (head 裁判长, assistant 裁判, organizer 编排, viewer 观看)"
            ),
            format!("unknown role '{w}' (expected head, assistant, organizer or viewer)"),
        ),
        Msg::UnknownGender(w) => words!(
            lang,
            format!("--gender '{w}': 无法识别 (m 男 或 f 女)"),
            format!("--gender: unknown gender '{w}' (expected m or f)"),
        ),
        Msg::BadBirth { text, why } => words!(
            lang,
            format!("--birth '{text}': 不是日期 (如 1990-01-02)"),
            format!("--birth: {why}"),
        ),
        Msg::BirthInFuture(d) => words!(
            lang,
            format!("--birth: {d} 在今天之后"),
            format!("--birth: {d} is in the future"),
        ),
        Msg::BadDate(d) => words!(
            lang,
            format!("--date '{d}': 不是日期 (年-月-日, 如 2024-07-06)"),
            format!("--date '{d}': not a date (YYYY-MM-DD)"),
        ),
        Msg::NoRole { user, role, held } => {
            let held_zh = if held.is_empty() {
                "无".to_string()
            } else {
                held.join("、")
            };
            let held_en = if held.is_empty() {
                "none".to_string()
            } else {
                held.join(", ")
            };
            words!(
                lang,
                format!("用户 {user} 在本赛事中不担任 {role} (担任: {held_zh})"),
                format!(
                    "user {user} does not hold the role {role} in this tournament (holds: {held_en})"
                ),
            )
        }
        Msg::DropRights(e) => words!(
            lang,
            format!("无法放弃安装组的权限: {e}"),
            format!("cannot drop the installed group's rights: {e}"),
        ),

        Msg::ManualNotPair { board, part } => words!(
            lang,
            format!("--manual 第{board}台: '{part}' 不是 红-黑 序号对 (如 3-8)"),
            format!("--manual, board {board}: '{part}' is not a pair like 3-8 (red-black)"),
        ),
        Msg::ManualEmpty => words!(
            lang,
            "--manual: 没有给出对阵 (\"3-8,5-1,…\")",
            "--manual: no pairs given (\"3-8,5-1,…\")",
        ).to_string(),
        Msg::RelaxOnlyColours(k) => words!(
            lang,
            format!("--relax '{k}': 只能放宽颜色规则 (colours)"),
            format!("--relax '{k}': only `colours` can be relaxed"),
        ),
        Msg::RelaxNeedsReason => words!(
            lang,
            "--relax colours 须填写理由 --reason 理由 (记入日志)",
            "--relax colours needs --reason TEXT (recorded in the log)",
        ).to_string(),
        Msg::ManualNeedsReason => words!(
            lang,
            "--manual 须填写理由 --reason 理由 (记入日志)",
            "--manual needs --reason TEXT (recorded in the log)",
        ).to_string(),
        Msg::ForceNeedsReason => words!(
            lang,
            "--force 须填写理由 --reason 理由 (与强制编排一同记入日志)",
            "--force needs --reason TEXT (recorded with the override)",
        ).to_string(),
        Msg::CorrectNeedsReason => words!(
            lang,
            "--correct 须填写理由 --reason 理由",
            "--correct needs --reason TEXT",
        ).to_string(),
        // edgesa
        Msg::KeepNeedsReason => words!(
            lang,
            "--keep 须填写理由 --reason 理由 (保留按更正前结果所作编排的决定, 记入日志)",
            "--keep needs --reason TEXT (the decision to keep the pairing, recorded in the log)",
        ).to_string(),
        Msg::ByeWithoutManual => words!(lang, "--bye 须与 --manual 同用", "--bye goes with --manual").to_string(),
        Msg::PreviewManual => words!(
            lang,
            "--preview 不能预览手工编排",
            "--preview cannot show a pairing entered by hand",
        ).to_string(),
        Msg::SwapNeedsTwo => words!(lang, "--swap 须给出两个台号", "--swap needs two board numbers").to_string(),
        Msg::ReverseWithArrive => words!(lang, "--reverse 须与 arrive 同用", "--reverse goes with `arrive`").to_string(),

        Msg::ChoiceDefaulted { round, choosers } => {
            let example = format!("{}=black", choosers.first().map_or("", String::as_str));
            words!(
                lang,
                format!(
                    "第{round}轮淘汰赛先后手次数相同, 未用 --choose 给出选择: 按惯例由名次列前者执红 ({}); 要改选: bianpai unpair 日志 --reason 理由, 再 bianpai pair 日志 --choose {example}",
                    choosers
                        .iter()
                        .map(|n| format!("{n}号"))
                        .collect::<Vec<_>>()
                        .join("、")
                ),
                format!(
                    "round {round}: the knockout colour counts are level and no --choose was given: the higher-ranked player takes red as usual ({}); to change it: bianpai unpair LOG --reason R, then bianpai pair LOG --choose {example}",
                    choosers.join(", ")
                )
            )
        }
        Msg::ClockState { flag, running } => match (flag, running) {
            (Some(s), _) => {
                let s = crate::i18n::side(*s, lang);
                words!(lang, format!("{s}落旗"), format!("{s}'s flag has fallen"))
            }
            (None, Some(s)) => {
                let s = crate::i18n::side(*s, lang);
                words!(lang, format!("{s}走时"), format!("{s} running"))
            }
            (None, None) => words!(lang, "停钟", "stopped").to_string(),
        },
        Msg::PressWhichSide => words!(
            lang,
            "clock press: 哪一方? (press red|black)",
            "clock press: which side? (press red|black)",
        ).to_string(),
        Msg::SetNeedsReadings => words!(
            lang,
            "clock set: 须给出 --red M:SS 和 --black M:SS",
            "clock set: give --red M:SS and --black M:SS",
        ).to_string(),
        Msg::NotReading { flag, text } => words!(
            lang,
            format!("{flag} '{text}': 不是棋钟读数 (应为 M:SS)"),
            format!("{flag}: '{text}' is not a clock reading (expected M:SS)"),
        ),
        Msg::UnknownClockAction(w) => words!(
            lang,
            format!("clock: 未知动作 '{w}' (press, set, pause 或 resume)"),
            format!("clock: unknown action '{w}' (press, set, pause or resume)"),
        ),
        Msg::FeedNoAction => words!(
            lang,
            "台号后缺少动作 (press, set, pause, resume)",
            "expected an action after the board (press, set, pause, resume)",
        ).to_string(),
        Msg::FeedNotTime(t) => words!(
            lang,
            format!("'{t}' 不是带时区的时间 (如 2024-07-06T09:12:03.250+08:00)"),
            format!("'{t}' is not an RFC 3339 time (e.g. 2024-07-06T09:12:03.250+08:00)"),
        ),
        Msg::FeedExtraWords(w) => words!(
            lang,
            format!("动作后有多余的词: {w}"),
            format!("unexpected words after the action: {w}"),
        ),
        Msg::FeedLine { n, why } => words!(
            lang,
            format!("标准输入第{n}行: {why}"),
            format!("stdin line {n}: {why}"),
        ),
        Msg::FeedNotUtf8 => words!(lang, "不是有效的 UTF-8 文本", "not valid UTF-8").to_string(),
        Msg::FeedLineTooLong(max) => words!(
            lang,
            format!("一行超过{max}字节, 不是棋钟输入"),
            format!("longer than {max} bytes: not a clock line"),
        ),
        Msg::FeedCannotRead(e) => words!(lang, format!("无法读取: {e}"), format!("cannot read: {e}")),
        Msg::FeedStopped { why, written } => words!(
            lang,
            format!("{why} (已记录{written}个棋钟事件; 其余输入未读)"),
            format!(
                "{why} (after {written} clock event(s) recorded; the rest of the input was not read)"
            ),
        ),
        Msg::FeedSummary {
            written,
            ignored,
            refused,
        } => words!(
            lang,
            format!(
                "feed: 已记录{written}个棋钟事件, 忽略{ignored}个 (对局已结束), 拒绝{refused}行"
            ),
            format!(
                "feed: {written} clock event(s) recorded, {ignored} ignored (game over), {refused} line(s) refused"
            ),
        ),
        Msg::FeedRefused(n) => words!(
            lang,
            format!("feed: 拒绝{n}行"),
            format!("feed: {n} line(s) refused"),
        ),

        Msg::NewNeedsRules => words!(
            lang,
            "new: 须给出 --preset 预设名 或 --rules 规程文件.ron (见 bianpai presets)",
            "new: give --preset NAME or --rules FILE.ron (see `bianpai presets`)",
        ).to_string(),
        Msg::NewBoth => words!(
            lang,
            "new: --preset 与 --rules 只能给一个",
            "new: give either --preset or --rules, not both",
        ).to_string(),
        Msg::NeedsTitle => words!(
            lang,
            "new: 赛事须有标题 (--title)",
            "new: the tournament needs a title (--title)",
        ).to_string(),
        // setup helper
        Msg::NoZone(file) => words!(
            lang,
            format!(
                "new: 规程文件 {file} 没有 time_zone (比赛时区): 在文件中加一行 time_zone: Some(\"Asia/Shanghai\"), 或加 --zone Asia/Shanghai; 不会默认使用本机时区"
            ),
            format!(
                "new: the rules file {file} has no time_zone: add the line time_zone: Some(\"Asia/Shanghai\"), or give --zone Asia/Shanghai; the machine's zone is never assumed"
            ),
        ),
        Msg::BadZone(z) => words!(
            lang,
            format!("--zone '{z}': 不是时区 (如 Asia/Shanghai 或 +08:00)"),
            format!("--zone '{z}': not a time zone (e.g. Asia/Shanghai or +08:00)"),
        ),
        Msg::OldDateUsed { date, from, today } => words!(
            lang,
            format!(
                "比赛日期: {date} (取自 {from}, 早于今天 {today}); 若不对, 删除日志后用 --date {today} 重新创建"
            ),
            format!(
                "event date: {date} (from {from}, before today {today}); if wrong, delete the log and create it again with --date {today}"
            ),
        ),
        Msg::Created(path) => words!(lang, format!("已创建 {path}"), format!("created {path}")),
        Msg::ImportedTrf { file, players, rounds } => words!(
            lang,
            format!("{file}: 导入 {players} 名棋手, 重放 {rounds} 轮"),
            format!("{file}: {players} players imported, {rounds} rounds replayed"),
        ),
        Msg::TrfUnreadable { file, why } => words!(
            lang,
            format!("{file}: 无法读取: {why}"),
            format!("{file}: cannot read: {why}"),
        ),
        Msg::TrfNeedsSwiss => words!(
            lang,
            "new --trf: 团体赛不能从 TRF 导入 (文件中没有各轮的队伍对阵和出场名单): 请用个人赛 (积分编排或循环赛) 的预设或规程文件",
            "new --trf: a team match cannot be imported from TRF (the file holds no team pairings or lineups): give an individual (Swiss or round robin) preset or rules file",
        ).to_string(),
        Msg::Intact { path, records } => words!(
            lang,
            format!("{path}: 完好, {records}条记录"),
            format!("{path}: intact, {records} records"),
        ),
        Msg::Repaired { path, side } => words!(
            lang,
            format!("{path}: 残缺的末行已移至 {side}; 日志止于最后一条完整记录"),
            format!("{path}: torn tail moved to {side}; the log ends at its last whole record"),
        ),
        Msg::NothingToRepair(path) => words!(
            lang,
            format!("{path}: 完好, 无需修复"),
            format!("{path}: intact, nothing to repair"),
        ),

        Msg::Registered { no, name, group } => words!(
            lang,
            format!("已登记 {no}号 {name} ({group})"),
            format!("registered {no} {name} ({group})"),
        ),
        Msg::RenumberedOne => words!(
            lang,
            "序号已抽定: 新棋手排在本组最后一名之后, 其后的序号依次后移一位 (见 player list)",
            "numbers had been drawn: the new player takes the place after the last of the section; the numbers after it moved up by one (see `player list`)",
        ).to_string(),
        Msg::Withdrawn(no) => words!(
            lang,
            format!("{no}号棋手自下一轮起退赛"),
            format!("player {no} withdrawn from the next round on"),
        ),
        Msg::WithdrawnByOrganizer => words!(lang, "组织方宣布退赛", "withdrawn by the organizer").to_string(),
        Msg::Reinstated(no) => words!(
            lang,
            format!("{no}号棋手恢复参赛"),
            format!("player {no} reinstated"),
        ),
        Msg::Active => words!(lang, "在赛", "active").to_string(),
        Msg::WithdrawnStatus => words!(lang, "已退赛", "withdrawn").to_string(),
        Msg::ImportNote { file, note } => words!(
            lang,
            format!("{file}: 注: {note}"),
            format!("{file}: note: {note}"),
        ),
        Msg::ChooseNoneDue(round) => words!(
            lang,
            format!("--choose: 第{round}轮没有须由名次列前者选择先后手的淘汰赛"),
            format!("--choose: no knockout match of round {round} waits for a colour choice"),
        ),
        Msg::ChooseNotChooser { no, choosers } => words!(
            lang,
            format!(
                "--choose {no}=…: {no}号不是须选择先后手的名次列前者 (须选择的: {})",
                choosers
                    .iter()
                    .map(|c| format!("{c}号"))
                    .collect::<Vec<_>>()
                    .join("、")
            ),
            format!(
                "--choose {no}=…: player {no} does not choose colours (the choosers: {})",
                choosers.join(", ")
            ),
        ),
        Msg::ChooseTooMany { round, due } => words!(
            lang,
            format!("--choose: 第{round}轮只有{due}场须选择先后手"),
            format!("--choose: only {due} match(es) of round {round} wait for a colour choice"),
        ),
        Msg::TeamsOnlyInClub { file } => words!(
            lang,
            format!(
                "{file}: 本赛事计团体成绩, 但表中没有团队 (团队/队名) 列, 只有单位: 照此导入团体成绩将为空; 以单位为团队请加 --team-from-club, 不计团体请加 --no-teams; 未导入任何棋手"
            ),
            format!(
                "{file}: this event has team standings, but the sheet names no team (团队/队名 column), only clubs (单位): imported as it is, the team standings would be empty; add --team-from-club to take each club as the team, or --no-teams to import without teams; nothing was imported"
            ),
        ),
        Msg::NoTeams => words!(
            lang,
            "本赛事计团体成绩, 但表中没有团队 (团队/队名) 列: 团体成绩将为空",
            "this event has team standings, but the sheet names no team (团队/队名 column): the team standings will be empty",
        ).to_string(),
        Msg::TeamFromClub(n) => words!(
            lang,
            format!("以单位为团队: {n}名棋手"),
            format!("club taken as the team: {n} player(s)"),
        ),
        Msg::NoGroupColumn(section) => words!(
            lang,
            format!("没有组别列: 全部棋手编入 {section}"),
            format!("no group (组别) column: every player joins {section}"),
        ),
        Msg::ImportInvalid { file, bad, rows } => words!(
            lang,
            format!(
                "{file}: {rows}行中有{bad}行无效; 未导入任何棋手 (请改正, 或用 --skip-invalid 只导入有效行)"
            ),
            format!(
                "{file}: {bad} of {rows} row(s) invalid; nothing imported (fix them, or use --skip-invalid to import the valid rows)"
            ),
        ),
        Msg::Imported { file, count } => words!(
            lang,
            format!("已从 {file} 导入{count}名棋手"),
            format!("imported {count} player(s) from {file}"),
        ),
        Msg::RenumberedMany => words!(
            lang,
            "序号已抽定: 后报名的棋手排入本组序号范围, 其后的序号依次后移; 新序号如下:",
            "numbers had been drawn: late entries were slotted into their sections' ranges and later numbers moved up; the new numbers:",
        ).to_string(),
        Msg::SkippedRows(n) => words!(
            lang,
            format!("跳过{n}行无效数据 (见上)"),
            format!("skipped {n} invalid row(s), listed above"),
        ),
        Msg::Drawn { seed, records } => words!(
            lang,
            format!("已抽签排序号, 种子 {seed} ({records}条记录)"),
            format!("numbers drawn with seed {seed} ({records} records)"),
        ),

        Msg::SimTitle { title, seed } => words!(
            lang,
            format!("{title} (模拟, 种子 {seed})"),
            format!("{title} (simulated, seed {seed})"),
        ),
        Msg::SimPlayers => words!(
            lang,
            "simulate: --players 至少为 2",
            "simulate: --players must be at least 2",
        ).to_string(),
        Msg::SimRounds => words!(
            lang,
            "simulate: --rounds 至少为 1",
            "simulate: --rounds must be at least 1",
        ).to_string(),
        Msg::ImportWhoMay { why, who } if who.is_empty() => words!(
            lang,
            format!("{why}; 导入名单须由裁判长或组织者操作 (--role head 或 --role organizer)"),
            format!(
                "{why}; an entry list is imported by the head arbiter or the organizer (--role head or --role organizer)"
            ),
        ),
        Msg::ImportWhoMay { why, who } => words!(
            lang,
            format!("{why}; 可导入名单的用户: {}", who.join("、")),
            format!("{why}; users who may import the list: {}", who.join(", ")),
        ),
        Msg::SimNeedsRules => words!(
            lang,
            "simulate: 须给出 --preset 预设名 或 --rules 规程文件.ron, 只能给一个",
            "simulate: give --preset NAME or --rules FILE.ron, one of them",
        ).to_string(),
        Msg::SimPlayedBeyond { played, rounds } => words!(
            lang,
            format!("simulate: --rounds-played {played} 超过本赛事的 {rounds} 轮"),
            format!("simulate: --rounds-played {played} is more than the event's {rounds} rounds"),
        ),
        Msg::SimWithdrawal => words!(lang, "模拟退赛", "simulated withdrawal").to_string(),
        Msg::SimCannotPair { round, why } => words!(
            lang,
            format!("第{round}轮无法编排: {why}"),
            format!("round {round} cannot be paired: {why}"),
        ),
        Msg::SimDone {
            players,
            rounds,
            out,
        } => words!(
            lang,
            format!("已模拟 {players}名棋手, {rounds}轮, 写入 {out}"),
            format!("simulated {players} players, {rounds} rounds into {out}"),
        ),
        Msg::SimStopped(why) => words!(
            lang,
            format!("simulate: 提前停止: {why}"),
            format!("simulate: stopped early: {why}"),
        ),
        Msg::SimRefused(why) => words!(lang, format!("simulate: {why}"), format!("simulate: {why}")),

        Msg::Team(t) => super::team::text(t, lang),
        Msg::Install(m) => super::install::text(m, lang),
    }
}

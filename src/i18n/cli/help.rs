//! `--help` in Chinese: the about line of every command and the help of every argument
//! (the English is the doc comments of `cli::args`), and clap's own words.

/// The Chinese `about` line of a command, by its path (`""` for the program, `player add`).
pub fn about_zh(path: &str) -> Option<&'static str> {
    Some(match path {
        "" => "编排 bianpai: 象棋积分编排赛的现场控制台与命令行",
        "presets" => "列出内置的规程预设",
        "new" => "创建赛事日志",
        "player" => "登记、导入、退赛或恢复棋手",
        "player add" => "登记一名棋手",
        "player import" => "从 .csv 或 .xlsx 文件登记棋手",
        "player withdraw" => "棋手自下一轮起退赛",
        "player reinstate" => "恢复已退赛的棋手 (裁判长)",
        "player list" => "列出棋手",
        "draw" => "随机抽签排定棋手序号",
        "pair" => "编排下一轮并打印; 或更改本轮的对阵",
        "unpair" => "在录入任何结果之前撤销本轮编排",
        "amend" => {
            "裁判长: 自尚未编排的轮次起修改一项运行规则 (self_report, self_report_signers, auto_advance)"
        }
        "start" => "开始本轮: 棋钟与迟到时限从此时起算",
        "result" => "按台号录入结果",
        "absent" => "标记棋手缺席",
        "arrive" => "标记棋手到场",
        "foul" => "记录犯规",
        "clock" => "一台的棋钟操作: press red|black, set --red M:SS --black M:SS, pause, resume",
        "flag" => "确认落旗为该方超时负 (有棋钟数据时须显示落旗; 无棋钟数据时用 --observed)",
        "claim" => "对方提出: 已达犯规判负次数的一方判负 (规程要求经对方提出时)",
        "unlock" => "签认码错误次数过多而锁定的一台, 重新接受棋手签认 (裁判长或裁判员)",
        "limit" => "记录一台的限着 (裁判长)",
        "bye" => "登记棋手请假轮空 (编排, 须在该轮编排之前): 编排时不排此人; --cancel 撤销",
        "feed" => "从标准输入逐行读取棋钟事件 (见 docs/cli.md)",
        "tick" => "执行所有到期的时限规则 (迟到判负、退赛)",
        "export" => "输出对阵、名次、交叉表、团体、奖项、棋手或棋钟",
        "verify" => "从头到尾检查日志的完整性",
        "repair" => "把残缺的末行移入旁文件, 日志截至最后一条完整记录",
        "audit" => "显示谁在何时做了什么 (审计日志)",
        "simulate" => "用真实的编排引擎和日志, 以随机结果下完整场比赛",
        "console" => "现场控制台",
        "demo" => "内置示例赛事的控制台 (同不带参数运行)",
        "install" => {
            "以 root 运行: 把日志交给无成员的写入组, 并以该组 setgid 安装本程序, 使日志只能经本程序写入 (见 docs/trust.md 的威胁模型)"
        }
        "serve" => "只读的赛场页面: 供手机和大屏查看的实时对阵和名次",
        // team (团体赛)
        "team" => "团体赛: 登记参赛队 (台次顺序与替补), 更改名单, 列出参赛队",
        "team add" => {
            "登记一支参赛队: 台次顺序与替补 (棋手序号). 不给 --players 时, 取以此队名登记 (player add --team) 的棋手, 按序号顺序: 前几名 (台数) 为台次顺序, 其余为替补"
        }
        "team change" => {
            "更改已报名参赛队的名单, 须写明理由: 增补一名替补, 或更换一名尚未为本队出场的队员"
        }
        "team list" => "列出参赛队及其队员",
        "lineup" => "提交一队下一轮的出场名单, 第1台在前",
        _ => return None,
    })
}

/// The Chinese help of an argument, by its command's path and its id.
pub fn arg_help_zh(path: &str, id: &str) -> Option<&'static str> {
    Some(match (path, id) {
        (_, "lang") => "控制台与打印的语言 (默认中文 zh)",
        (_, "role") => "以此角色操作 (须是系统用户在本赛事规程中担任的角色)",
        (_, "correction") => {
            "裁判长: 所给 --at 时间是有意的更正, 早于现在超过 clock_skew_seconds; 理由记入日志"
        }
        (_, "allow_damaged") => "显示损坏的日志至损坏处 (附警告), 而不是拒绝",
        (_, "log") => "赛事日志文件",
        ("presets", "show") => "以 RON 打印该预设的完整规程",
        ("bye", "round") => "轮次 (默认: 下一轮待编排的轮次)",
        ("bye", "points") => {
            "请假轮空计分: half 半分 (即红方和棋分), zero 零分, full 全分 (红方胜分)"
        }
        ("bye", "reason") => "理由 (记入日志, 仅裁判可见)",
        ("bye", "cancel") => "撤销这一轮的请假轮空",
        ("new", "preset") => "规程预设名 (见 bianpai presets)",
        ("new", "rules") => "规程文件 (.ron)",
        ("new", "title") => "赛事标题",
        ("new", "date") => "比赛日期 年-月-日 (年龄规则据此计算)",
        ("new", "trf") => "FIDE 赛事报告文件 (TRF16 或 TRF-2026): 导入其中的棋手和每一轮",
        ("new", "rounds") => "轮数, 用于没有写明轮数 (XXR / 142) 的 TRF 文件",
        ("new", "zone") => "比赛时区 (如 Asia/Shanghai 或 +08:00), 规程文件没有 time_zone 时必填",
        ("player add", "name") => "姓名",
        ("player add", "gender") => "性别 (m 男 / f 女)",
        ("player add", "birth") => "出生日期 (如 1990-01-02)",
        ("player add", "club") => "单位",
        ("player add", "team") => "团体",
        ("player add", "group") => "组别",
        ("player add", "local") => "本地棋手",
        ("player import", "file") => "棋手名单文件 (.csv 或 .xlsx)",
        ("player import", "skip_invalid") => "导入有效行, 并列出其余各行",
        ("player import", "team_from_club") => "团队列为空的棋手以单位为团队 (团队只写在单位列时)",
        ("player import", "no_teams") => "明知团体成绩将为空, 仍导入没有团队的名单",
        (_, "no") => "棋手序号",
        (_, "reason") => "理由 (记入日志)",
        ("draw", "seed") => "抽签的随机种子 (不给则取自时钟并记入日志)",
        ("draw", "in_order") => "不抽签, 按报名顺序排定序号 (照此记录)",
        ("pair", "explain") => "说明编排: 分数组、升降、先后手理由",
        ("pair", "preview") => "只显示下一轮将得到的编排, 不写入",
        ("pair", "swap") => "交换本轮两台的黑方棋手",
        ("pair", "flip") => "交换本轮一台的先后手",
        ("pair", "red") => "淘汰赛: 先后手次数相同时此棋手选红 (可重复)",
        ("pair", "choose") => {
            "淘汰赛, 先后手次数相同: 名次列前者选择的先后手, 每场一个按顺序 (red 或 black), 或指明选择者 (序号=red); 可重复"
        }
        ("pair", "force") => "接受违反硬规则的更改 (须 --reason)",
        ("pair", "lot") => {
            "淘汰赛超快棋: 赛场抽签时排名较高者抽到的颜色 (red 或 black); 在录入结果前填写"
        }
        ("pair", "board") => "与 --lot 同用: 有多台待抽签时, 指定超快棋台号",
        ("pair", "relax") => {
            "裁判长, 最后一轮前无合法编排时: 放宽颜色规则编排 (colours: 违规最少, 其次照常). 须 --reason"
        }
        ("pair", "manual") => {
            "裁判长: 手工输入下一轮, 按台次的 红-黑 序号对 (\"3-8,5-1,…\"). 须 --reason; 违反硬规则还须 --force"
        }
        ("pair", "bye") => "与 --manual 同用: 轮空的棋手 (可重复)",
        ("pair", "keep") => "裁判长: 前面轮次的结果在本轮编排后被更正, 仍保留本轮编排; 须 --reason",
        ("flag", "observed") => "无棋钟数据的台次: 裁判亲见落旗, 据此录入超时负",
        ("start", "at") => "赛事时区的当地时间 (2024-07-06T08:30:00) 或带时区的时间",
        ("start", "correct") => "更正已开始轮次的开始时间 (裁判长); 须 --reason",
        ("result", "correct") => "更正已有结果 (裁判长); 须 --reason",
        ("result", "despite_signatures") => {
            "与 --correct 同用: 裁判长更正棋手已签认的结果, 推翻签认 (记入日志)"
        }
        ("amend", "field") => "规则项: self_report, self_report_signers 或 auto_advance",
        ("amend", "value") => {
            "新值 (self_report: off/confirm/auto; self_report_signers: both/winner; auto_advance: off/pair/pair_and_start)"
        }
        ("result", "confirm") => "接受双方棋手在手机上签认的结果 (self_report: confirm)",
        ("export", "url") => "记录单二维码所用的房间页面地址 (默认: 正在运行的 bianpai serve)",
        (_, "board") => "台号",
        ("result", "result") => {
            "结果: 红胜 / 黑胜 / 和 / 红不战胜 / 黑不战胜 / 双方弃权, 或 red_win, black_win, draw, red_win_forfeit, black_win_forfeit, double_forfeit"
        }
        ("lineup", "round") => "轮次 (默认下一轮)",
        (_, "round") => "轮次 (默认本轮)",
        (_, "side") => "红方 red 或 黑方 black",
        (_, "at") => "时间 (当地时间或带时区); 默认现在",
        ("absent" | "arrive", "reverse") => "迟到时限过后: 撤销判负 (裁判长), 附此理由",
        ("foul", "kind") => "犯规类型: move_rule, phone, leaving_seat, disturbed_pieces, other",
        ("clock", "action") => "动作: press, set, pause, resume",
        ("clock", "red") => "红方读数 M:SS",
        ("clock", "black") => "黑方读数 M:SS",
        ("limit", "note") => "限着说明",
        ("export", "format") => "格式",
        ("export", "what") => "内容",
        ("export", "out") => "输出文件或目录",
        ("export", "by") => "对阵表按台号 (默认) 或按姓名 (拼音顺序) 排列",
        ("audit", "last") => "只显示最后 N 条记录",
        ("simulate", "preset") => "规程预设名",
        ("simulate", "players") => "棋手人数",
        ("simulate", "rounds") => "轮数 (默认按规程)",
        ("simulate", "rules") => "规程文件 (.ron), 代替 --preset",
        ("simulate", "rounds_played") => "只下完前 K 轮就停, 留下进行中的赛事接着手工操作",
        ("simulate", "seed") => "随机种子",
        ("simulate", "out") => "写入的日志文件",
        (_, "theme") => "配色主题",
        ("install", "group") => "写入组 (不存在则创建; 必须没有成员)",
        ("install", "bin") => "setgid 程序的安装位置",
        ("serve", "bind") => "监听的 地址:端口; 0.0.0.0:8080 向赛场局域网开放",
        ("serve", "demo") => "提供内置示例的副本, 本轮实时回放",
        ("serve", "max_streams") => "全场同时打开的实时推送数上限 (超出的手机改为定时刷新)",
        ("serve", "poll") => "手机无实时推送时每隔几秒读取一次 (随机延长至两倍以内)",
        // rr: the demo's sample.
        ("demo", "sample") => "示例赛事: swiss (积分编排, 默认) 或 round-robin (十人单循环)",
        // team (团体赛)
        ("team add", "name") => "队名",
        ("team add", "players") => "按台次顺序的棋手序号 (\"3,7,9,12\")",
        ("team add", "reserves") => "替补棋手序号, 按替补顺序 (\"15,16\")",
        ("team change", "add_reserve") => "增补为替补的棋手序号",
        ("team change", "replace") => "离队的棋手序号和接替他的棋手序号",
        ("lineup" | "team change", "team") => "队伍: 队号或队名",
        ("lineup", "players") => "按台次顺序的出场棋手序号 (\"3,7,9,12\")",
        ("demo", "team") => "团体赛演示: 8队4台循环赛, 一轮正在进行",
        ("simulate", "teams") => "团体赛 (预设或规程文件): 参赛队数 (每队台数加一名替补)",
        _ => return None,
    })
}

/// The Chinese help of one value of an argument that describes its values (the English is
/// the doc comment of the enum's variant), by command path, argument id and value.
pub fn value_help_zh(path: &str, id: &str, value: &str) -> Option<&'static str> {
    Some(match (path, id, value) {
        ("export", "what", "scoresheets") => "每台一张成绩单, 供双方棋手和裁判签名 (不含签认码)",
        ("export", "what", "schedule") => "循环赛的全部轮次表 (贝格尔编排), 第一轮前即可打印",
        ("export", "what", "matches") => "团体赛: 团体对阵表 (每场比赛及其各台) 与团体名次",
        ("export", "format", "trf") => "FIDE 赛事报告文件 (TRF-2026, 可按 TRF16 读): 整个赛事",
        ("export", "what", "codes") => "一轮中每位棋手的签认码 (只限裁判长和编排)",
        ("export", "what", "slips") => {
            "每位棋手一张签认条: 本人的签认码和本台签认地址 (二维码), 只限裁判长和编排"
        }
        _ => return None,
    })
}

/// The Chinese placeholder of an argument's value (`<LOG>` → `<日志文件>` in the usage line and
/// the argument lists of `--help`, and the name clap's errors give a positional argument).
/// Literal values (`red|black`, `colours`) are what the user types and stay as they are.
pub fn placeholder_zh(name: &str) -> Option<&'static str> {
    Some(match name {
        "LOG" => "日志文件",
        "FIELD" => "规则项",
        "VALUE" => "值",
        "BOARD" | "FLIP" => "台号",
        "RESULT" => "结果",
        "SIDE" => "方",
        "KIND" => "犯规类型",
        "ACTION" => "动作",
        "NOTE" => "说明",
        "NO" | "N" => "序号",
        "FILE" => "文件",
        "TRF" => "TRF文件",
        "REASON" | "REVERSE" => "理由",
        "ROLE" => "角色",
        "LANG" => "语言",
        "AT" => "时间",
        "ROUND" => "轮次",
        "ROUNDS" => "轮数",
        "ROUNDS_PLAYED" => "已下轮数",
        "PRESET" | "SHOW" => "预设",
        "OUT" => "输出文件",
        "THEME" => "主题",
        "SEED" => "种子",
        "RED" => "红方",
        "BLACK" => "黑方",
        "PLAYERS" => "人数",
        "NAME" => "姓名",
        "GROUP" => "组别",
        "TEAM" => "队名",
        "CLUB" => "单位",
        "GENDER" => "性别",
        "BIRTH" => "出生日期",
        "DATE" => "日期",
        "ZONE" => "时区",
        "TITLE" => "标题",
        "RULES" => "规程文件",
        "PAIRS" => "对阵",
        "LAST" => "条数",
        "FORMAT" => "格式",
        "B1" => "台号1",
        "B2" => "台号2",
        "BY" => "排序",
        "WHAT" => "内容",
        "BIND" => "地址:端口",
        "MAX_STREAMS" => "推送数",
        "POLL" => "秒数",
        "URL" => "地址",
        "BIN" => "安装路径",
        "SAMPLE" => "示例",
        // team (团体赛)
        "NOS" => "序号表",
        "OLD" => "原序号",
        "NEW" => "新序号",
        "TEAMS" => "队数",
        "[NO=]red|black" => "[序号=]red|black",
        _ => return None,
    })
}

/// The program's `about` line in English (its Chinese is `about_zh("")`).
pub const ABOUT_EN: &str =
    "编排 bianpai: a live console and command line for Xiangqi Swiss tournaments";

/// A help or version text as clap wrote it (in English), with clap's own words in Chinese for
/// Chinese.
pub fn help_words(text: &str, lang: crate::domain::rules::Lang) -> String {
    words!(
        lang,
        HELP_WORDS_ZH
            .iter()
            .fold(text.to_string(), |t, (en, zh)| t.replace(en, zh)),
        text.to_string()
    )
}

/// clap's own words in a help text, in Chinese.
const HELP_WORDS_ZH: &[(&str, &str)] = &[
    ("Usage:", "用法:"),
    ("Commands:", "命令:"),
    ("Arguments:", "参数:"),
    ("Options:", "选项:"),
    (
        "Print this message or the help of the given subcommand(s)",
        "显示本帮助或所给子命令的帮助",
    ),
    (
        "Print help (see more with '--help')",
        "显示帮助 (--help 显示更多)",
    ),
    (
        "Print help (see a summary with '-h')",
        "显示帮助 (-h 显示摘要)",
    ),
    ("Print help", "显示帮助"),
    ("Print version", "显示版本"),
    ("[OPTIONS]", "[选项]"),
    ("<COMMAND>", "<命令>"),
    ("[COMMAND]", "[命令]"),
    ("[default: ", "[默认: "),
    ("[possible values: ", "[可选: "),
    ("Possible values:", "可选:"),
];

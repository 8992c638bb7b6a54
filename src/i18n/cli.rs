//! The command line's own texts (issue 13): argument errors (clap's and ours), the lines of
//! `new`, `verify`, `repair`, `install`, `player`, `feed`, `simulate` and the rest — Chinese
//! and English side by side, one arm per language. The domain's refusals are in `i18n::refusal`,
//! the errors from below the command line (log, rules, import) in their own module.

use crate::domain::rules::Lang;

/// What was wrong with the words of a command line, as the parser found it. Argument names
/// come as clap writes them (`--round <ROUND>`, `<BOARD>`); `arg` renders them per language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// An option or word the command does not take; a similar one when there is.
    UnknownArgument {
        arg: String,
        suggested: Option<String>,
    },
    /// A command that does not exist.
    UnknownCommand {
        cmd: String,
        suggested: Option<String>,
    },
    /// A value outside a fixed list (`--lang fr`, `--format pdf`).
    InvalidValue {
        arg: String,
        value: String,
        valid: Vec<String>,
    },
    /// A value that is not a number where one is needed (`--round abc`); `why` is the
    /// parser's own reason (shown in English only).
    NotANumber {
        arg: String,
        value: String,
        why: String,
    },
    /// Arguments that must be given.
    Missing { args: Vec<String> },
    /// Two arguments that cannot go together.
    Conflict { arg: String, other: Option<String> },
    /// Too many or too few values for one argument (`--swap 2`).
    WrongCount { arg: String },
    /// The same option twice.
    Repeated { arg: String },
    /// A command that needs a subcommand (`player`).
    MissingCommand { cmd: String },
    /// Bytes that are not UTF-8 in an argument.
    NotUtf8,
    /// Anything else the parser refuses.
    Other { detail: String },
}

/// Renders an argument error as one line, ending with where to look for help.
pub fn arg_error(e: &ArgError, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let a = |raw: &str| arg(raw, lang);
    let line = match e {
        ArgError::UnknownArgument { arg: x, suggested } => {
            let tip = suggested.as_deref().map(&a);
            match (zh, tip) {
                (true, Some(t)) => format!("不认识的参数 '{x}' (是否想用 {t}?)"),
                (true, None) => format!("不认识的参数 '{x}'"),
                (false, Some(t)) => format!("unexpected argument '{x}' (a similar one: {t})"),
                (false, None) => format!("unexpected argument '{x}'"),
            }
        }
        ArgError::UnknownCommand { cmd, suggested } => match (zh, suggested) {
            (true, Some(s)) => format!("没有命令 '{cmd}' (是否想用 {s}?)"),
            (true, None) => format!("没有命令 '{cmd}'"),
            (false, Some(s)) => format!("unrecognized command '{cmd}' (a similar one: {s})"),
            (false, None) => format!("unrecognized command '{cmd}'"),
        },
        ArgError::InvalidValue {
            arg: x,
            value,
            valid,
        } => {
            let list = valid.join(", ");
            if zh {
                format!("{}: 无效的值 '{value}' (可选: {list})", a(x))
            } else {
                format!(
                    "invalid value '{value}' for {} (possible values: {list})",
                    a(x)
                )
            }
        }
        ArgError::NotANumber { arg: x, value, why } => {
            if zh {
                format!("{}: '{value}' 不是有效的数 (0, 1, 2, …)", a(x))
            } else {
                format!("invalid value '{value}' for {}: {why}", a(x))
            }
        }
        ArgError::Missing { args } => {
            let names: Vec<String> = args.iter().map(|x| a(x)).collect();
            if zh {
                format!("缺少参数: {}", names.join("、"))
            } else {
                format!(
                    "the following required arguments were not provided: {}",
                    names.join(" ")
                )
            }
        }
        ArgError::Conflict { arg: x, other } => match (zh, other) {
            (true, Some(o)) => format!("{} 不能与 {} 同用", a(x), a(o)),
            (true, None) => format!("{} 不能与其他参数同用", a(x)),
            (false, Some(o)) => format!("the argument {} cannot be used with {}", a(x), a(o)),
            (false, None) => format!(
                "the argument {} cannot be used with one or more of the other arguments",
                a(x)
            ),
        },
        ArgError::WrongCount { arg: x } => {
            if zh {
                format!("{}: 值的个数不对", a(x))
            } else {
                format!("{}: wrong number of values", a(x))
            }
        }
        ArgError::Repeated { arg: x } => {
            if zh {
                format!("{} 只能给一次", a(x))
            } else {
                format!("the argument {} cannot be used multiple times", a(x))
            }
        }
        ArgError::MissingCommand { cmd } => {
            if zh {
                format!("{cmd} 需要一个子命令")
            } else {
                format!("'{cmd}' requires a subcommand")
            }
        }
        ArgError::NotUtf8 => {
            if zh {
                "参数含有无效的 UTF-8 字节".to_string()
            } else {
                "invalid UTF-8 was detected in one or more arguments".to_string()
            }
        }
        ArgError::Other { detail } => {
            if zh {
                "命令行参数有误".to_string()
            } else {
                detail.clone()
            }
        }
    };
    if zh {
        format!("{line} (见 bianpai --help)")
    } else {
        format!("{line} (see bianpai --help)")
    }
}

/// An argument's name as clap writes it, for `lang`: in Chinese a positional `<BOARD>` is
/// named by its meaning (台号) and an option by its flag (`--round`); English keeps clap's.
pub fn arg(raw: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return raw.to_string();
    }
    let raw = raw.trim();
    if let Some(name) = raw.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
        let name = name.trim_end_matches("...");
        return placeholder(name).map_or_else(|| raw.to_string(), str::to_string);
    }
    if raw.starts_with('-') {
        return raw.split([' ', '=']).next().unwrap_or(raw).to_string();
    }
    raw.to_string()
}

/// The Chinese name of a positional argument's placeholder.
fn placeholder(name: &str) -> Option<&'static str> {
    Some(match name {
        "LOG" => "日志文件",
        "BOARD" => "台号",
        "RESULT" => "结果",
        "SIDE" => "方",
        "KIND" => "犯规类型",
        "ACTION" => "动作",
        "NOTE" => "说明",
        "NO" => "序号",
        "FILE" => "文件",
        _ => return None,
    })
}

/// A message of the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    // Words typed on the command line.
    NotBoard(String),
    NotPlayer(String),
    RoundZero,
    NotTime(String),
    UnknownResult(String),
    UnknownSide(String),
    UnknownFoulKind(String),
    UnknownRole(String),
    UnknownGender(String),
    /// `--birth`: the text typed and the reader's own reason (English).
    BadBirth {
        text: String,
        why: String,
    },
    BirthInFuture(String),
    BadDate(String),
    BadBind(String),
    NoRole {
        user: String,
        role: String,
        held: Vec<String>,
    },
    DropRights(String),

    // pair
    ManualNotPair {
        board: usize,
        part: String,
    },
    ManualEmpty,
    RelaxOnlyColours(String),
    RelaxNeedsReason,
    ManualNeedsReason,
    ForceNeedsReason,
    CorrectNeedsReason,
    ByeWithoutManual,
    PreviewManual,
    SwapNeedsTwo,
    ReverseWithArrive,

    // clock and feed
    PressWhichSide,
    SetNeedsReadings,
    /// A clock reading that does not read: the flag (`--red`) and the text.
    NotReading {
        flag: String,
        text: String,
    },
    UnknownClockAction(String),
    FeedNoAction,
    FeedNotTime(String),
    FeedExtraWords(String),
    FeedLine {
        n: usize,
        why: String,
    },
    FeedNotUtf8,
    FeedCannotRead(String),
    FeedStopped {
        why: String,
        written: usize,
    },
    FeedSummary {
        written: usize,
        ignored: usize,
        refused: usize,
    },
    FeedRefused(usize),

    // new, verify, repair
    NewNeedsRules,
    NewBoth,
    NeedsTitle,
    CannotRead {
        path: String,
        why: String,
    },
    NotUtf8File {
        path: String,
        byte: usize,
    },
    Created(String),
    Intact {
        path: String,
        records: usize,
    },
    Repaired {
        path: String,
        side: String,
    },
    NothingToRepair(String),

    // player
    Registered {
        no: String,
        name: String,
        group: String,
    },
    RenumberedOne,
    Withdrawn(String),
    WithdrawnByOrganizer,
    Reinstated(String),
    Active,
    WithdrawnStatus,
    ImportNote {
        file: String,
        note: String,
    },
    NoGroupColumn(String),
    ImportInvalid {
        file: String,
        bad: usize,
        rows: usize,
    },
    Imported {
        file: String,
        count: usize,
    },
    RenumberedMany,
    SkippedRows(usize),
    Drawn {
        seed: u64,
        records: usize,
    },

    // simulate
    SimTitle {
        title: String,
        seed: u64,
    },
    SimPlayers,
    SimRounds,
    SimWithdrawal,
    SimCannotPair {
        round: u32,
        why: String,
    },
    SimDone {
        players: usize,
        rounds: usize,
        out: String,
    },
    SimStopped(String),
    SimRefused(String),

    // install
    InstallNotRoot,
    InstallBadGroup(String),
    InstallIo {
        path: String,
        why: String,
    },
    InstallDamaged {
        log: String,
        damage: String,
    },
    InstallNoRoles(String),
    InstallDirOwner {
        dir: String,
        uid: u32,
    },
    InstallDirWritable {
        dir: String,
        mode: u32,
    },
    InstallNotFile(String),
    InstallGroupadd {
        group: String,
        why: String,
    },
    InstallGroupMissing(String),
    InstallMembers {
        group: String,
        members: String,
    },
    Installed {
        log: String,
        bin: String,
        group: String,
        roles: String,
    },
}

/// `zh` or `en` by `lang`.
fn pick(lang: Lang, zh: String, en: String) -> String {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Renders a command-line message in `lang`.
#[allow(clippy::too_many_lines)]
pub fn text(m: &Msg, lang: Lang) -> String {
    let p = |zh: String, en: String| pick(lang, zh, en);
    let s = |zh: &str, en: &str| pick(lang, zh.to_string(), en.to_string());
    match m {
        Msg::NotBoard(t) => p(
            format!("台号 '{t}': 不是台号 (1, 2, 3, …)"),
            format!("board '{t}': not a board number (1, 2, 3, …)"),
        ),
        Msg::NotPlayer(t) => p(
            format!("序号 '{t}': 不是棋手序号 (1, 2, 3, …)"),
            format!("player '{t}': not a player number (1, 2, 3, …)"),
        ),
        Msg::RoundZero => s(
            "--round 0: 轮次从1开始",
            "--round 0: rounds are numbered from 1",
        ),
        Msg::NotTime(t) => p(
            format!(
                "--at '{t}': 不是时间 (当地时间 2024-07-06T08:30:00 或 2024-07-06 08:30, 或带时区 2024-07-06T08:30:00+08:00)"
            ),
            format!(
                "--at '{t}': not a time (local 2024-07-06T08:30:00 or 2024-07-06 08:30, or RFC 3339 with an offset)"
            ),
        ),
        Msg::UnknownResult(w) => p(
            format!(
                "结果 '{w}': 无法识别 (可写 红胜, 黑胜, 和, 或 red_win, black_win, draw, red_win_forfeit, black_win_forfeit, double_forfeit)"
            ),
            format!(
                "unknown result '{w}' (expected red_win, black_win, draw, red_win_forfeit, black_win_forfeit or double_forfeit)"
            ),
        ),
        Msg::UnknownSide(w) => p(
            format!("方 '{w}': 无法识别 (红方 red 或 黑方 black)"),
            format!("unknown side '{w}' (expected red or black)"),
        ),
        Msg::UnknownFoulKind(w) => p(
            format!(
                "犯规类型 '{w}': 无法识别 (move_rule 违规着法, phone 手机, leaving_seat 离座, disturbed_pieces 碰乱棋子, other 其他)"
            ),
            format!(
                "unknown foul kind '{w}' (expected move_rule, phone, leaving_seat, disturbed_pieces or other)"
            ),
        ),
        Msg::UnknownRole(w) => p(
            format!(
                "--role '{w}': 没有这个角色 (head 裁判长, assistant 裁判, organizer 编排, viewer 观看)"
            ),
            format!("unknown role '{w}' (expected head, assistant, organizer or viewer)"),
        ),
        Msg::UnknownGender(w) => p(
            format!("--gender '{w}': 无法识别 (m 男 或 f 女)"),
            format!("--gender: unknown gender '{w}' (expected m or f)"),
        ),
        Msg::BadBirth { text, why } => p(
            format!("--birth '{text}': 不是日期 (如 1990-01-02)"),
            format!("--birth: {why}"),
        ),
        Msg::BirthInFuture(d) => p(
            format!("--birth: {d} 在今天之后"),
            format!("--birth: {d} is in the future"),
        ),
        Msg::BadDate(d) => p(
            format!("--date '{d}': 不是日期 (年-月-日, 如 2024-07-06)"),
            format!("--date '{d}': not a date (YYYY-MM-DD)"),
        ),
        Msg::BadBind(t) => p(
            format!("--bind '{t}': 应为 地址:端口, 如 127.0.0.1:8080 或 0.0.0.0:8080"),
            format!("--bind {t}: expected ADDR:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080"),
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
            p(
                format!("用户 {user} 在本赛事中不担任 {role} (担任: {held_zh})"),
                format!(
                    "user {user} does not hold the role {role} in this tournament (holds: {held_en})"
                ),
            )
        }
        Msg::DropRights(e) => p(
            format!("无法放弃安装组的权限: {e}"),
            format!("cannot drop the installed group's rights: {e}"),
        ),

        Msg::ManualNotPair { board, part } => p(
            format!("--manual 第{board}台: '{part}' 不是 红-黑 序号对 (如 3-8)"),
            format!("--manual, board {board}: '{part}' is not a pair like 3-8 (red-black)"),
        ),
        Msg::ManualEmpty => s(
            "--manual: 没有给出对阵 (\"3-8,5-1,…\")",
            "--manual: no pairs given (\"3-8,5-1,…\")",
        ),
        Msg::RelaxOnlyColours(k) => p(
            format!("--relax '{k}': 只能放宽颜色规则 (colours)"),
            format!("--relax '{k}': only `colours` can be relaxed"),
        ),
        Msg::RelaxNeedsReason => s(
            "--relax colours 须填写理由 --reason 理由 (记入日志)",
            "--relax colours needs --reason TEXT (recorded in the log)",
        ),
        Msg::ManualNeedsReason => s(
            "--manual 须填写理由 --reason 理由 (记入日志)",
            "--manual needs --reason TEXT (recorded in the log)",
        ),
        Msg::ForceNeedsReason => s(
            "--force 须填写理由 --reason 理由 (与强制编排一同记入日志)",
            "--force needs --reason TEXT (recorded with the override)",
        ),
        Msg::CorrectNeedsReason => s(
            "--correct 须填写理由 --reason 理由",
            "--correct needs --reason TEXT",
        ),
        Msg::ByeWithoutManual => s("--bye 须与 --manual 同用", "--bye goes with --manual"),
        Msg::PreviewManual => s(
            "--preview 不能预览手工编排",
            "--preview cannot show a pairing entered by hand",
        ),
        Msg::SwapNeedsTwo => s("--swap 须给出两个台号", "--swap needs two board numbers"),
        Msg::ReverseWithArrive => s("--reverse 须与 arrive 同用", "--reverse goes with `arrive`"),

        Msg::PressWhichSide => s(
            "clock press: 哪一方? (press red|black)",
            "clock press: which side? (press red|black)",
        ),
        Msg::SetNeedsReadings => s(
            "clock set: 须给出 --red M:SS 和 --black M:SS",
            "clock set: give --red M:SS and --black M:SS",
        ),
        Msg::NotReading { flag, text } => p(
            format!("{flag} '{text}': 不是棋钟读数 (应为 M:SS)"),
            format!("{flag}: '{text}' is not a clock reading (expected M:SS)"),
        ),
        Msg::UnknownClockAction(w) => p(
            format!("clock: 未知动作 '{w}' (press, set, pause 或 resume)"),
            format!("clock: unknown action '{w}' (press, set, pause or resume)"),
        ),
        Msg::FeedNoAction => s(
            "台号后缺少动作 (press, set, pause, resume)",
            "expected an action after the board (press, set, pause, resume)",
        ),
        Msg::FeedNotTime(t) => p(
            format!("'{t}' 不是带时区的时间 (如 2024-07-06T09:12:03.250+08:00)"),
            format!("'{t}' is not an RFC 3339 time (e.g. 2024-07-06T09:12:03.250+08:00)"),
        ),
        Msg::FeedExtraWords(w) => p(
            format!("动作后有多余的词: {w}"),
            format!("unexpected words after the action: {w}"),
        ),
        Msg::FeedLine { n, why } => p(
            format!("标准输入第{n}行: {why}"),
            format!("stdin line {n}: {why}"),
        ),
        Msg::FeedNotUtf8 => s("不是有效的 UTF-8 文本", "not valid UTF-8"),
        Msg::FeedCannotRead(e) => p(format!("无法读取: {e}"), format!("cannot read: {e}")),
        Msg::FeedStopped { why, written } => p(
            format!("{why} (已记录{written}个棋钟事件; 其余输入未读)"),
            format!(
                "{why} (after {written} clock event(s) recorded; the rest of the input was not read)"
            ),
        ),
        Msg::FeedSummary {
            written,
            ignored,
            refused,
        } => p(
            format!(
                "feed: 已记录{written}个棋钟事件, 忽略{ignored}个 (对局已结束), 拒绝{refused}行"
            ),
            format!(
                "feed: {written} clock event(s) recorded, {ignored} ignored (game over), {refused} line(s) refused"
            ),
        ),
        Msg::FeedRefused(n) => p(
            format!("feed: 拒绝{n}行"),
            format!("feed: {n} line(s) refused"),
        ),

        Msg::NewNeedsRules => s(
            "new: 须给出 --preset 预设名 或 --rules 规程文件.ron (见 bianpai presets)",
            "new: give --preset NAME or --rules FILE.ron (see `bianpai presets`)",
        ),
        Msg::NewBoth => s(
            "new: --preset 与 --rules 只能给一个",
            "new: give either --preset or --rules, not both",
        ),
        Msg::NeedsTitle => s(
            "new: 赛事须有标题 (--title)",
            "new: the tournament needs a title (--title)",
        ),
        Msg::CannotRead { path, why } => {
            p(format!("{path}: 无法读取: {why}"), format!("{path}: {why}"))
        }
        Msg::NotUtf8File { path, byte } => p(
            format!("{path}: 不是 UTF-8 文本 (第{byte}字节)"),
            format!("{path}: not UTF-8 text (byte {byte})"),
        ),
        Msg::Created(path) => p(format!("已创建 {path}"), format!("created {path}")),
        Msg::Intact { path, records } => p(
            format!("{path}: 完好, {records}条记录"),
            format!("{path}: intact, {records} records"),
        ),
        Msg::Repaired { path, side } => p(
            format!("{path}: 残缺的末行已移至 {side}; 日志止于最后一条完整记录"),
            format!("{path}: torn tail moved to {side}; the log ends at its last whole record"),
        ),
        Msg::NothingToRepair(path) => p(
            format!("{path}: 完好, 无需修复"),
            format!("{path}: intact, nothing to repair"),
        ),

        Msg::Registered { no, name, group } => p(
            format!("已登记 {no}号 {name} ({group})"),
            format!("registered {no} {name} ({group})"),
        ),
        Msg::RenumberedOne => s(
            "序号已抽定: 新棋手排在本组最后一名之后, 其后的序号依次后移一位 (见 player list)",
            "numbers had been drawn: the new player takes the place after the last of the section; the numbers after it moved up by one (see `player list`)",
        ),
        Msg::Withdrawn(no) => p(
            format!("{no}号棋手自下一轮起退赛"),
            format!("player {no} withdrawn from the next round on"),
        ),
        Msg::WithdrawnByOrganizer => s("组织方宣布退赛", "withdrawn by the organizer"),
        Msg::Reinstated(no) => p(
            format!("{no}号棋手恢复参赛"),
            format!("player {no} reinstated"),
        ),
        Msg::Active => s("在赛", "active"),
        Msg::WithdrawnStatus => s("已退赛", "withdrawn"),
        Msg::ImportNote { file, note } => p(
            format!("{file}: 注: {note}"),
            format!("{file}: note: {note}"),
        ),
        Msg::NoGroupColumn(section) => p(
            format!("没有组别列: 全部棋手编入 {section}"),
            format!("no group (组别) column: every player joins {section}"),
        ),
        Msg::ImportInvalid { file, bad, rows } => p(
            format!(
                "{file}: {rows}行中有{bad}行无效; 未导入任何棋手 (请改正, 或用 --skip-invalid 只导入有效行)"
            ),
            format!(
                "{file}: {bad} of {rows} row(s) invalid; nothing imported (fix them, or use --skip-invalid to import the valid rows)"
            ),
        ),
        Msg::Imported { file, count } => p(
            format!("已从 {file} 导入{count}名棋手"),
            format!("imported {count} player(s) from {file}"),
        ),
        Msg::RenumberedMany => s(
            "序号已抽定: 后报名的棋手排入本组序号范围, 其后的序号依次后移; 新序号如下:",
            "numbers had been drawn: late entries were slotted into their sections' ranges and later numbers moved up; the new numbers:",
        ),
        Msg::SkippedRows(n) => p(
            format!("跳过{n}行无效数据 (见上)"),
            format!("skipped {n} invalid row(s), listed above"),
        ),
        Msg::Drawn { seed, records } => p(
            format!("已抽签排序号, 种子 {seed} ({records}条记录)"),
            format!("numbers drawn with seed {seed} ({records} records)"),
        ),

        Msg::SimTitle { title, seed } => p(
            format!("{title} (模拟, 种子 {seed})"),
            format!("{title} (simulated, seed {seed})"),
        ),
        Msg::SimPlayers => s(
            "simulate: --players 至少为 2",
            "simulate: --players must be at least 2",
        ),
        Msg::SimRounds => s(
            "simulate: --rounds 至少为 1",
            "simulate: --rounds must be at least 1",
        ),
        Msg::SimWithdrawal => s("模拟退赛", "simulated withdrawal"),
        Msg::SimCannotPair { round, why } => p(
            format!("第{round}轮无法编排: {why}"),
            format!("round {round} cannot be paired: {why}"),
        ),
        Msg::SimDone {
            players,
            rounds,
            out,
        } => p(
            format!("已模拟 {players}名棋手, {rounds}轮, 写入 {out}"),
            format!("simulated {players} players, {rounds} rounds into {out}"),
        ),
        Msg::SimStopped(why) => p(
            format!("simulate: 提前停止: {why}"),
            format!("simulate: stopped early: {why}"),
        ),
        Msg::SimRefused(why) => p(format!("simulate: {why}"), format!("simulate: {why}")),

        Msg::InstallNotRoot => s(
            "install: 须以 root 运行 (它创建用户组, 把日志交给该组, 并安装 setgid 程序)",
            "install: run as root (it creates a group, gives the log to it and installs a setgid binary)",
        ),
        Msg::InstallBadGroup(g) => p(
            format!("install: --group '{g}' 不是用户组名"),
            format!("install: --group '{g}' is not a group name"),
        ),
        Msg::InstallIo { path, why } => p(
            format!("install: {path}: {why}"),
            format!("install: {path}: {why}"),
        ),
        Msg::InstallDamaged { log, damage } => p(
            format!("install: {log}: 日志已损坏 ({damage}); 请先修复 (bianpai repair)"),
            format!("install: {log}: the log is damaged ({damage}); repair it first"),
        ),
        Msg::InstallNoRoles(log) => p(
            format!(
                "install: {log}: 规程没有 roles 表, 人人担任全部角色; 请用带 roles 表 (系统用户 → 角色) 的规程创建赛事"
            ),
            format!(
                "install: {log}: the rules have no roles map, so every user holds every role; create the event with a roles map (OS user → roles)"
            ),
        ),
        Msg::InstallDirOwner { dir, uid } => p(
            format!(
                "install: {dir} 属于 uid {uid}, 此人可以把别的文件放到日志的位置; 请用属于 root 的目录 (如 mkdir -m 755 /srv/bianpai)"
            ),
            format!(
                "install: {dir} belongs to uid {uid}, who could put another file in the log's place; use a directory owned by root (e.g. mkdir -m 755 /srv/bianpai)"
            ),
        ),
        Msg::InstallDirWritable { dir, mode } => p(
            format!(
                "install: {dir} 的组或其他人可写 (权限 {mode:o}), 他们可以把别的文件放到日志的位置; 请 chmod go-w"
            ),
            format!(
                "install: {dir} can be written by its group or others (mode {mode:o}), who could put another file in the log's place; chmod go-w it"
            ),
        ),
        Msg::InstallNotFile(bin) => p(
            format!("install: --bin {bin}: 不是文件路径"),
            format!("install: --bin {bin}: not a file path"),
        ),
        Msg::InstallGroupadd { group, why } => p(
            format!("install: groupadd {group}: {why}"),
            format!("install: groupadd {group}: {why}"),
        ),
        Msg::InstallGroupMissing(g) => p(
            format!("install: groupadd 之后仍找不到用户组 {g}"),
            format!("install: group {g} not found after groupadd"),
        ),
        Msg::InstallMembers { group, members } => p(
            format!(
                "install: 用户组 {group} 有成员 ({members}), 他们可以直接写日志; 写入组必须没有成员"
            ),
            format!(
                "install: group {group} has members ({members}), who could write the log directly; the writer group must have none"
            ),
        ),
        Msg::Installed {
            log,
            bin,
            group,
            roles,
        } => p(
            format!(
                "已安装: {log} 为 root:{group} 0660; {bin} 为 root:{group} 2755 (setgid)\n角色: {roles}\n用户只能通过 {bin} 写日志; 不要把任何人加入用户组 {group}"
            ),
            format!(
                "installed: {log} is root:{group} 0660; {bin} is root:{group} 2755 (setgid)\nroles: {roles}\nusers write the log only through {bin}; keep them out of the group {group}"
            ),
        ),
    }
}

/// An operating-system error in `lang`: the common kinds in words, else the system's text.
pub fn io_error(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    if lang == Lang::En {
        return e.to_string();
    }
    match e.kind() {
        K::NotFound => "文件或目录不存在".into(),
        K::PermissionDenied => "没有权限".into(),
        K::AlreadyExists => "已存在".into(),
        K::IsADirectory => "是目录, 不是文件".into(),
        K::NotADirectory => "路径中有一项不是目录".into(),
        K::ReadOnlyFilesystem => "文件系统只读".into(),
        K::StorageFull => "磁盘已满".into(),
        K::InvalidData => "数据无效".into(),
        _ => e
            .raw_os_error()
            .map_or_else(|| "系统错误".into(), |n| format!("系统错误 {n}")),
    }
}

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
        "start" => "开始本轮: 棋钟与迟到时限从此时起算",
        "result" => "按台号录入结果",
        "absent" => "标记棋手缺席",
        "arrive" => "标记棋手到场",
        "foul" => "记录犯规",
        "clock" => "一台的棋钟操作: press red|black, set --red M:SS --black M:SS, pause, resume",
        "flag" => "确认落旗为该方超时负 (棋钟未显示落旗则拒绝)",
        "limit" => "记录一台的限着 (裁判长)",
        "feed" => "从标准输入逐行读取棋钟事件 (见 README)",
        "tick" => "执行所有到期的时限规则 (迟到判负、退赛)",
        "export" => "输出对阵、名次、交叉表、团体、奖项、棋手或棋钟",
        "verify" => "从头到尾检查日志的完整性",
        "repair" => "把残缺的末行移入旁文件, 日志截至最后一条完整记录",
        "audit" => "显示谁在何时做了什么 (审计日志)",
        "simulate" => "用真实的编排引擎和日志, 以随机结果下完整场比赛",
        "console" => "现场控制台",
        "demo" => "内置示例赛事的控制台 (同不带参数运行)",
        "install" => {
            "以 root 运行: 把日志交给无成员的写入组, 并以该组 setgid 安装本程序, 使日志只能经本程序写入 (见 README 的威胁模型)"
        }
        "serve" => "只读的赛场页面: 供手机和大屏查看的实时对阵和名次",
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
        ("new", "preset") => "规程预设名 (见 bianpai presets)",
        ("new", "rules") => "规程文件 (.ron)",
        ("new", "title") => "赛事标题",
        ("new", "date") => "比赛日期 年-月-日 (年龄规则据此计算)",
        ("player add", "name") => "姓名",
        ("player add", "gender") => "性别 (m 男 / f 女)",
        ("player add", "birth") => "出生日期 (如 1990-01-02)",
        ("player add", "club") => "单位",
        ("player add", "team") => "团体",
        ("player add", "group") => "组别",
        ("player add", "local") => "本地棋手",
        ("player import", "file") => "棋手名单文件 (.csv 或 .xlsx)",
        ("player import", "skip_invalid") => "导入有效行, 并列出其余各行",
        (_, "no") => "棋手序号",
        (_, "reason") => "理由 (记入日志)",
        ("draw", "seed") => "抽签的随机种子 (不给则取自时钟并记入日志)",
        ("draw", "in_order") => "不抽签, 按报名顺序排定序号 (照此记录)",
        ("pair", "explain") => "说明编排: 分数组、升降、先后手理由",
        ("pair", "preview") => "只显示下一轮将得到的编排, 不写入",
        ("pair", "swap") => "交换本轮两台的黑方棋手",
        ("pair", "flip") => "交换本轮一台的先后手",
        ("pair", "red") => "淘汰赛: 先后手次数相同时此棋手选红 (可重复)",
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
        ("start", "at") => "赛事时区的当地时间 (2024-07-06T08:30:00) 或带时区的时间",
        ("start", "correct") => "更正已开始轮次的开始时间 (裁判长); 须 --reason",
        ("result", "correct") => "更正已有结果 (裁判长); 须 --reason",
        (_, "board") => "台号",
        ("result", "result") => {
            "结果: 红胜 / 黑胜 / 和, 或 red_win, black_win, draw, red_win_forfeit, black_win_forfeit, double_forfeit"
        }
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
        ("simulate", "seed") => "随机种子",
        ("simulate", "out") => "写入的日志文件",
        (_, "theme") => "配色主题",
        ("install", "group") => "写入组 (不存在则创建; 必须没有成员)",
        ("install", "bin") => "setgid 程序的安装位置",
        ("serve", "bind") => "监听的 地址:端口; 0.0.0.0:8080 向赛场局域网开放",
        ("serve", "demo") => "提供内置示例的副本, 本轮实时回放",
        _ => return None,
    })
}

/// clap's own words in a help text, in Chinese.
pub const HELP_WORDS_ZH: &[(&str, &str)] = &[
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
    // The one value with its own help (`export --what scoresheets`).
    (
        "scoresheets: One result slip per board of a round, for both players and the arbiter to sign",
        "scoresheets: 每台一张成绩单, 供双方棋手和裁判签名",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positional_arguments_are_named_in_chinese() {
        assert_eq!(arg("<BOARD>", Lang::Zh), "台号");
        assert_eq!(arg("<BOARD>", Lang::En), "<BOARD>");
        assert_eq!(arg("--round <ROUND>", Lang::Zh), "--round");
        assert_eq!(arg("<B1>", Lang::Zh), "<B1>");
        let e = ArgError::Missing {
            args: vec!["<BOARD>".into(), "<RESULT>".into()],
        };
        assert_eq!(
            arg_error(&e, Lang::Zh),
            "缺少参数: 台号、结果 (见 bianpai --help)"
        );
        assert!(arg_error(&e, Lang::En).contains("<BOARD> <RESULT>"));
    }

    #[test]
    fn every_message_has_both_languages() {
        for m in [
            Msg::NotBoard("x".into()),
            Msg::FeedSummary {
                written: 1,
                ignored: 2,
                refused: 3,
            },
            Msg::Created("a.log".into()),
            Msg::InstallNotRoot,
        ] {
            let (zh, en) = (text(&m, Lang::Zh), text(&m, Lang::En));
            assert_ne!(zh, en, "{m:?}");
            let cjk = |t: &str| t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            assert!(cjk(&zh) && !cjk(&en), "{m:?}: {zh} / {en}");
        }
    }
}

//! The catalog of errors from below the command line: the log (damage, locks,
//! permissions, `verify` and `repair`), rules files, entry-file imports, registration
//! refusals and the hard-rule breaks of a hand-made pairing. Chinese and English side by
//! side; the English texts are the types' `Display` texts (scripts and tests read them).

use crate::domain::id_number::IdError;
use crate::domain::refusal::RuleBreak;
use crate::domain::registration::RegistrationFault;
use crate::domain::rules::{Lang, RulesError, RulesFault};
use crate::domain::zone::EventZone;
use crate::import::{FieldFault, IdFault, ImportError, ImportNote, RowFault, ValueFault};
use crate::log::record::DecodeError;
use crate::log::{Damage, Log, LogError};

/// An operating-system error on a file, in words (the OS's own text is English).
pub fn io(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    if lang == Lang::En {
        return e.to_string();
    }
    if let Some(limit) = crate::platform::TooLarge::of(e) {
        return format!("文件太大 (超过 {} MB 上限)", limit.megabytes());
    }
    let what = match e.kind() {
        _ if crate::platform::is_not_regular(e) => {
            "不是普通文件 (设备、管道、套接字或目录不能读取)"
        }
        K::NotFound => "文件不存在",
        K::PermissionDenied => "没有权限 (当前用户不能读写此文件)",
        K::AlreadyExists => "文件已存在",
        K::IsADirectory => "这是一个目录, 不是文件",
        K::NotADirectory => "路径中有一段不是目录",
        K::StorageFull => "磁盘已满",
        K::ReadOnlyFilesystem => "文件系统只读",
        K::InvalidData => "内容无效",
        K::UnexpectedEof => "文件意外结束",
        K::Interrupted => "操作被中断",
        K::FileTooLarge => "文件太大",
        K::QuotaExceeded => "磁盘配额已满",
        K::ResourceBusy => "文件正被占用",
        _ => "",
    };
    match (what, e.raw_os_error()) {
        ("", Some(code)) => format!("读写失败 (系统错误 {code})"),
        ("", None) => "读写失败".to_string(),
        (w, _) => w.to_string(),
    }
}

/// Why a log line could not be read.
pub fn decode(e: &DecodeError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        DecodeError::NoHash => "行尾没有 hash 字段".into(),
        DecodeError::BadHash => "hash 与该行内容不符 (该行被改动过)".into(),
        DecodeError::Syntax { column, code } => {
            format!(
                "无法读取记录: 第{column}列: {}",
                ron_in(code, Lang::Zh, false)
            )
        }
        DecodeError::Version(v) => format!("格式版本 {v} 比本程序所识别的更新"),
        DecodeError::BatchCount { more, before } => {
            format!("无法读取记录: 本次写入的记录计数 (more) 在 {before} 之后为 {more}, 不连续")
        }
        DecodeError::SecondCreated => "无法读取记录: 出现第二条创建比赛的记录".into(),
        DecodeError::WrittenOnto => "无法读取记录: 另一条记录被写到了这一行的末尾".into(),
        DecodeError::TooLong { max_mb } => {
            format!("该行超过{max_mb} MB, 比任何记录都长 (不再往下读)")
        }
    }
}

/// Where and how a log is damaged.
pub fn damage(d: &Damage, lang: Lang) -> String {
    if lang == Lang::En {
        return d.to_string();
    }
    match d {
        Damage::Torn { line, from } => {
            let cause = if line == from {
                "一次写入在行中途中断".to_string()
            } else {
                format!("从第{from}行开始的一次写入在最后一条记录前中断")
            };
            format!("第{line}行: 尾部残缺 ({cause}); 请运行 bianpai repair")
        }
        Damage::Bad { line, error } => format!("第{line}行: {}", decode(error, lang)),
        Damage::Sequence {
            line,
            expected,
            found,
        } => {
            format!("第{line}行: 序号 (seq) 为 {found}, 应为 {expected} (有记录被删除、插入或移动)")
        }
        Damage::Chain { line } => {
            format!("第{line}行: 哈希链断开 (上一条记录被改动、删除或移动)")
        }
        Damage::NotCreated => "第1行: 第一条记录必须是创建比赛".into(),
        Damage::Encoding { line } => format!("第{line}行: 不是有效的 UTF-8 文本"),
        Damage::Shrunk { line } => {
            format!("第{line}行: 日志在打开期间被截短 (已读取的记录不见了)")
        }
    }
}

/// A log error; refusals through the refusal catalog, times in `zone`.
pub fn log(e: &LogError, lang: Lang, zone: EventZone) -> String {
    if let LogError::Refused(r) = e {
        return super::refusal(r, lang, zone);
    }
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        LogError::Io { path, source } => format!("{path}: {}", io(source, lang)),
        LogError::Exists { path } => format!("{path}: 已存在, 不会覆盖"),
        LogError::Damaged { path, damage: d } => {
            format!("{path}: 损坏于{}; 未写入任何内容", damage(d, lang))
        }
        LogError::Empty { path } => format!("{path}: 空日志 (没有比赛)"),
        LogError::Shortened { path, damage: d } => format!(
            "{path}: 损坏于{}; 其后的记录都无法读取, 比赛会显得比实际短 (见 bianpai verify; 加 --allow-damaged 仍可查看)",
            damage(d, lang)
        ),
        LogError::Cancelled { path } => format!("{path}: 等待文件锁时放弃; 未写入任何内容"),
        LogError::ReadOnly { path } => format!("{path}: 当前用户对此日志只读; 未写入任何内容"),
        // sec
        LogError::NoRole { path, user } => {
            format!("{path}: 用户 {user} 在本赛事中没有角色 (规则 roles); 未加锁, 未写入任何内容")
        }
        LogError::LockHeld { path, holder } => {
            let waited = crate::log::LOCK_WAIT.as_secs();
            match holder {
                Some(h) => format!(
                    "{path}: 写锁被用户 {} 占用 (进程 {}, {}); 等待 {waited} 秒后放弃, 未写入任何内容 (该用户或 root 可结束它: kill {})",
                    h.user,
                    h.pid,
                    match (h.since, h.since_start) {
                        (Some(t), false) =>
                            format!("自 {} 起", zone.format(t, "%Y-%m-%d %H:%M:%S")),
                        (Some(t), true) => {
                            format!("该进程启动于 {}", zone.format(t, "%Y-%m-%d %H:%M:%S"))
                        }
                        (None, _) => "起始时间不明".to_string(),
                    },
                    h.pid
                ),
                None => {
                    format!("{path}: 写锁被另一进程占用; 等待 {waited} 秒后放弃, 未写入任何内容")
                }
            }
        }
        LogError::Replaced { path } => format!(
            "{path}: 日志文件在打开期间被另一个文件替换; 已从该路径上的新文件重新读取, 其间的操作未记入日志 (请核对后重做)"
        ),
        LogError::Unfinished {
            path,
            line,
            no_lock,
        } => format!(
            "{path}: 第{line}行不完整 (正在写入, 或写入中断留下的残尾); {}, 这份日志没有核验通过 (稍后再运行 verify, 或由裁判长运行 repair)",
            if *no_lock {
                "当前用户不能取得日志的锁来判定"
            } else {
                "日志的锁一直被占用, 无法判定"
            }
        ),
        LogError::RepairRefused { path } => format!(
            "{path}: 安装模式下的日志只能由 root 或主裁修复, 残尾存入其状态目录 (.bianpai); 未作任何改动"
        ),
        LogError::Refused(_) => unreachable_refusal(),
    }
}

/// `LogError::Refused` is handled first; this keeps the match total without a panic.
fn unreachable_refusal() -> String {
    String::new()
}

/// The warning a reader prints before showing a damaged log (`--allow-damaged`).
pub fn damage_warning(log: &Log, lang: Lang) -> Option<String> {
    if lang == Lang::En {
        return log.damage_warning();
    }
    log.damage().map(|d| {
        format!(
            "警告: {}: 损坏于{}; 只显示第{}行之前的记录",
            log.path().display(),
            damage(d, lang),
            d.line()
        )
    })
}

/// A RON parser finding (rules files, log lines). The few findings without a Chinese text
/// keep the parser's words as a quoted detail.
pub fn ron(e: &ron::Error, lang: Lang) -> String {
    ron_in(e, lang, true)
}

/// A RON finding; `list` names the words that were possible (a rules file's fields and
/// values: the way forward), or not (a log line: the event names help nobody at a table).
/// The program's type names (`outer`) are left out: the line and column place the fault.
fn ron_in(e: &ron::Error, lang: Lang, list: bool) -> String {
    use ron::Error as E;
    if lang == Lang::En {
        return e.to_string();
    }
    let one_of = |xs: &[&str]| {
        if !list {
            String::new()
        } else if xs.is_empty() {
            " (可用: 无)".to_string()
        } else {
            format!(" (可用: {})", xs.join(", "))
        }
    };
    match e {
        E::Eof => "文件意外结束 (括号或引号没有闭合?)".into(),
        E::ExpectedArray => "此处应为列表 [ … ]".into(),
        E::ExpectedArrayEnd => "此处应为列表结束 ]".into(),
        E::ExpectedBoolean => "此处应为 true 或 false".into(),
        E::ExpectedComma => "此处应为逗号".into(),
        E::ExpectedFloat => "此处应为小数".into(),
        E::ExpectedInteger => "此处应为整数".into(),
        E::ExpectedOption => "此处应为 Some(…) 或 None".into(),
        E::ExpectedOptionEnd => "此处应为 Some(…) 的右括号".into(),
        E::ExpectedMap => "此处应为映射 { … }".into(),
        E::ExpectedMapColon => "此处应为冒号".into(),
        E::ExpectedMapEnd => "此处应为映射结束 }".into(),
        E::ExpectedStructLike | E::ExpectedNamedStructLike(_) => "此处应为结构 ( … )".into(),
        E::ExpectedStructLikeEnd => "此处应为结构结束 )".into(),
        E::ExpectedUnit => "此处应为 ()".into(),
        E::ExpectedString => "此处应为带引号的文字 \"…\"".into(),
        E::ExpectedStringEnd => "文字缺少结束引号".into(),
        E::ExpectedIdentifier => "此处应为字段名或取值名".into(),
        E::IntegerOutOfBounds => "数值超出范围".into(),
        E::InvalidIntegerDigit { digit, .. } => format!("数字中有无效字符 '{digit}'"),
        E::UnclosedBlockComment | E::UnclosedLineComment => "注释没有结束".into(),
        E::UnexpectedChar(c) => format!("意外的字符 '{c}'"),
        E::Utf8Error(_) => "不是有效的 UTF-8 文本".into(),
        E::TrailingCharacters => "内容结束后还有多余的字符".into(),
        E::ExceededRecursionLimit => "嵌套太深".into(),
        E::InvalidValueForType { expected, found } => {
            format!("取值 {found} 无效 (应为: {})", kind_zh(expected))
        }
        E::ExpectedDifferentLength { expected, found } => {
            format!("有 {found} 项 (应为: {})", kind_zh(expected))
        }
        E::NoSuchEnumVariant {
            expected, found, ..
        } => format!("未知取值 '{found}'{}", one_of(expected)),
        E::NoSuchStructField {
            expected, found, ..
        } => format!("未知字段 '{found}'{}", one_of(expected)),
        E::MissingStructField { field, .. } => format!("缺少字段 {field}"),
        E::DuplicateStructField { field, .. } => format!("字段 {field} 出现两次"),
        E::Message(m) => message_zh(m),
        other => format!("格式错误 (解析器: \"{other}\")"),
    }
}

/// What serde expected, in Chinese where the words are known.
fn kind_zh(expected: &str) -> String {
    let e = expected.trim();
    if e.contains("u32") || e.contains("u64") || e.contains("integer") {
        "非负整数".into()
    } else if e.contains("string") {
        "带引号的文字".into()
    } else if e.contains("bool") {
        "true 或 false".into()
    } else if let Some(n) = e.strip_suffix(" elements").or(e.strip_suffix(" element")) {
        format!("{n} 项")
    } else {
        format!("\"{e}\"")
    }
}

/// Messages our own deserializers and chrono's give.
fn message_zh(m: &str) -> String {
    if let Some(rest) = m.strip_prefix("roles: user '")
        && let Some((user, _)) = rest.split_once("' appears twice")
    {
        return format!("roles: 用户 '{user}' 出现两次 (每个用户只给一个角色列表)");
    }
    if m.contains("out of range") || m.contains("invalid") || m.contains("premature end") {
        return "不是有效的日期或时间 (应如 \"2024-07-06\")".into();
    }
    format!("取值无效 (解析器: \"{m}\")")
}

/// A rules-file error: the file, line and column, and the field.
pub fn rules(e: &RulesError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        RulesError::Syntax {
            origin,
            line,
            column,
            code,
        } => format!("{origin}: 第{line}行第{column}列: {}", ron(code, Lang::Zh)),
        RulesError::Invalid {
            origin,
            at,
            field,
            fault,
        } => {
            let place = match (origin, at) {
                (Some(o), Some((line, col))) => format!("{o}: 第{line}行第{col}列: "),
                (Some(o), None) => format!("{o}: "),
                (None, _) => "规则: ".to_string(),
            };
            format!("{place}{field}: {}", rules_fault(fault))
        }
        RulesError::UnknownPreset(name) => {
            format!("没有名为 '{name}' 的预设 (见 bianpai presets)")
        }
        RulesError::Read {
            origin,
            kind,
            os_code,
            ..
        } => {
            let e = match os_code {
                Some(c) => std::io::Error::from_raw_os_error(*c),
                None => std::io::Error::from(*kind),
            };
            format!("{origin}: 无法读取规则文件: {}", io(&e, lang))
        }
        RulesError::NotUtf8 { origin, byte } => {
            format!("{origin}: 不是 UTF-8 文本 (第{byte}字节处); 请以 UTF-8 编码保存")
        }
    }
}

fn rules_fault(f: &RulesFault) -> String {
    match f {
        RulesFault::MoreThan { value, max } => format!("{value} 超过上限 {max}"),
        RulesFault::AtLeastOne => "至少为 1".into(),
        RulesFault::RoundsRange => "应在 1 到 99 之间".into(),
        RulesFault::EmptyChain => "不能为空 (以 draw_number 结尾)".into(),
        RulesFault::Twice(what) => format!("{what} 出现两次"),
        RulesFault::NoSections => "至少需要一个组别".into(),
        RulesFault::SectionWithoutName => "组别需要名称".into(),
        RulesFault::NotAZone(t) => {
            format!("'{t}' 不是时区 (应为 IANA 名称如 Asia/Shanghai, 或时差如 +08:00)")
        }
        RulesFault::LateWindowOverADay => "最多一天 (1440 分钟)".into(),
        RulesFault::KnockoutPlayers => "只支持 4 人 (半决赛 1 对 4, 2 对 3)".into(),
        // rr: no knockout finals after a round robin.
        RulesFault::KnockoutAfterRoundRobin => {
            "淘汰赛只接在积分编排轮次之后; 循环赛按全部选手排名 (删去 knockout 或改用 system: swiss)".into()
        }
        RulesFault::KnockoutInTeamMatch => {
            "淘汰赛只用于个人积分编排赛, 团体赛不设淘汰赛 (删去 knockout)".into()
        }
        RulesFault::OrderWithoutRoundRobin => {
            "这是双循环的轮次顺序, 积分编排赛没有此项 (删去 round_robin_order)".into()
        }
        RulesFault::KnockoutAfterRound => "应为本赛事的某一轮瑞士制".into(),
        RulesFault::NotARange { from, to } => format!("名次 {from}..{to} 不是有效范围"),
        RulesFault::UnknownSection(s) => format!("未知组别 '{s}'"),
        RulesFault::CategorySection { category, section } => {
            format!("奖项类别 '{category}' 指向未知组别 '{section}'")
        }
        RulesFault::BaseTimeZero => "基本用时必须大于 0".into(),
        RulesFault::BoardsRange => "应在 2 到 8 之间".into(),
        RulesFault::EmptyUser => "用户名为空".into(),
        RulesFault::RoleTwice { user, role } => {
            format!("用户 '{user}' 被给了两次角色 {role}")
        }
        RulesFault::Text(t) => {
            let text = t.text(Lang::Zh);
            let own = format!("{}：", t.field);
            text.strip_prefix(&own).unwrap_or(&text).to_string()
        }
    }
}

/// Why an entry was refused (the player and the field).
pub fn registration(f: &RegistrationFault, lang: Lang) -> String {
    use RegistrationFault as R;
    if lang == Lang::En {
        return f.to_string();
    }
    match f {
        R::NameControl(n) => format!("姓名: {n:?} 含有控制字符 (换行或制表符)"),
        R::NameEmpty => "姓名: 不能为空".into(),
        R::NotAName(n) => format!("姓名: '{n}' 不是棋手姓名"),
        R::TooLate { name, rounds } => format!("{name}: 报名太晚: 全部{rounds}轮均已编排"),
        // rr: the round robin's field is fixed at round 1.
        R::RoundRobinStarted(name) => {
            format!(
                "{name}: 报名太晚: 循环赛第一轮已编排，参赛名单已固定（贝格尔编排表按全部选手排定）"
            )
        }
        R::Full { name, cap } => format!("{name}: 报名已满 (已有{cap}人, 限额{cap}人)"),
        R::UnknownGroup { name, group, known } => format!(
            "{name}: 组别: 没有 '{group}' 这个组别 (现有: {})",
            known.join("、")
        ),
        R::BirthRequired(name) => format!("{name}: 出生日期: 必须填写"),
        R::BornAfterEvent { name, birth, date } => {
            format!("{name}: 出生日期: {birth} 晚于比赛日期 {date}")
        }
        R::TooOld {
            name,
            birth,
            age,
            date,
            born_after,
        } => format!(
            "{name}: 出生日期: {birth} 出生, 须在 {date} 未满{age}岁 ({born_after} 之后出生)"
        ),
        R::TooOldForSection {
            name,
            birth,
            section,
            age,
            date,
        } => format!("{name}: 出生日期: {birth} 出生, 超出{section}年龄 (须在 {date} 未满{age}岁)"),
        R::BornTooEarly { name, birth, min } => {
            format!("{name}: 出生日期: {birth} 出生, 须在 {min} 或之后出生")
        }
        R::SameId { name, no, id } => {
            format!("{name}: 已报名, 为{no}号棋手 (身份证号 {id} 相同)")
        }
        R::SameNameAndBirth {
            name,
            no,
            birth: Some(b),
        } => format!("{name}: 已报名, 为{no}号棋手 (姓名和出生日期 {b} 相同)"),
        R::SameNameAndBirth {
            name,
            no,
            birth: None,
        } => format!("{name}: 已报名, 为{no}号棋手 (请填写出生日期以区分同名棋手)"),
        // sec
        R::LooksLike { name, no, other } => {
            format!("{name:?}: 与{no}号棋手 {other:?} 打印出来完全相同 (只差不可见字符)")
        }
    }
}

/// A hard rule a hand-made pairing breaks.
pub fn rule_break(b: &RuleBreak, lang: Lang) -> String {
    match lang {
        Lang::En => b.to_string(),
        Lang::Zh => b.zh(),
    }
}

/// Why an entry file was refused as a whole (the row's own faults are listed per row).
pub fn import(e: &ImportError, lang: Lang) -> String {
    use ImportError as I;
    if lang == Lang::En {
        return e.to_string();
    }
    let unit = |u: &str| if u == "line" { "行" } else { "行 (表格)" };
    match e {
        I::Read { kind, os_code, .. } => {
            let e = match os_code {
                Some(c) => std::io::Error::from_raw_os_error(*c),
                None => std::io::Error::from(*kind),
            };
            format!("无法读取文件: {}", io(&e, lang))
        }
        I::TooLarge { bytes, limit_mb } => format!(
            "文件有 {:.1} MB; 报名文件最大 {limit_mb} MB (请拆分, 或删去图片和其他工作表)",
            *bytes as f64 / 1_048_576.0
        ),
        I::UnknownType(ext) if ext.is_empty() => {
            "文件没有扩展名, 无法识别类型: 请提供 .csv 或 .xlsx 文件".into()
        }
        I::UnknownType(ext) => format!("未知文件类型 '{ext}': 请提供 .csv 或 .xlsx 文件"),
        I::Empty => "文件是空的".into(),
        I::WorkbookNamedCsv => "这是 Excel 工作簿, 却以 .csv 命名: 请改名为 .xlsx".into(),
        I::BadBom(enc) => {
            format!("文件以 {enc} 标记开头, 但内容不是有效的 {enc}: 请另存为 \"CSV UTF-8\"")
        }
        I::NotText => {
            "既不是 UTF-8 也不是 GBK 文本: 请在 Excel 中选择 \"另存为\" > \"CSV UTF-8 (逗号分隔)\""
                .into()
        }
        I::TooManyCells { line, max } => {
            format!("第{line}行: 文件中的单元格超过 {max} 个; 报名文件最多 {max} 个")
        }
        I::UnclosedQuote(line) => format!("第{line}行: 带引号的字段 (\"…) 没有结束引号"),
        I::TwoColumns {
            chinese,
            first,
            second,
            ..
        } => format!("有两列都是{chinese}: '{first}' 和 '{second}'; 请只保留一列"),
        I::NoNameColumn(found) => format!(
            "没有姓名列: 表头需要有 \"姓名\" 一列; 找到的是: {}",
            if found.is_empty() {
                "(空)".to_string()
            } else {
                found.join("、")
            }
        ),
        I::NoPlayers { unit: u, line } => format!("表头 (第{line}{}) 下面没有棋手", unit(u)),
        I::TooManyRows { rows, max } => {
            format!("有 {rows} 行棋手; 报名文件最多 {max} 行")
        }
        I::TooManyParts { parts, max } => {
            format!("工作簿有 {parts} 个部件; 报名文件最多 {max} 个")
        }
        I::Unreadable { part, .. } => format!(
            "无法读取的电子表格{}; 请另存为 .xlsx 或 CSV UTF-8",
            part.as_ref().map(|p| format!(" ({p})")).unwrap_or_default()
        ),
        I::Unpacked { mb, part } => format!(
            "工作簿解压后超过 {mb} MB (在 {part} 处); 报名文件解压后最多 {mb} MB: 这确实是报名表吗?"
        ),
        I::SheetCells { part, max } => {
            format!("{part}: 单元格超过 {max} 个; 报名工作表最多 {max} 个")
        }
        I::SheetSpan {
            part,
            rows,
            cols,
            max,
        } => format!(
            "{part}: 单元格跨 {rows} 行 × {cols} 列, 超过 {max} 个位置: 请删去远在下方或右侧的零散单元格"
        ),
        I::NoSheets => "工作簿里没有工作表".into(),
        I::Sheet { sheet, .. } => format!("工作表 '{sheet}': 无法读取"),
    }
}

/// Why a cell's value was not read.
pub fn value(v: &ValueFault, lang: Lang) -> String {
    use ValueFault as V;
    if lang == Lang::En {
        return v.to_string();
    }
    match v {
        V::EmptyDate => "日期为空".into(),
        V::NotADate(t) => format!("'{t}' 不是日期 (例如 2010-07-06)"),
        V::NoDate(t) => format!("{t} 不是日期"),
        V::YearNotFirst(t) => {
            format!("'{t}': 请把年份写在前面 (例如 2010-07-06), 日-月-年的写法有歧义")
        }
        V::TwoDigitYear(t) => format!("'{t}': 年份请写四位数"),
        V::NoDay(t) => format!("'{t}' 没有日: 请写出年、月、日 (例如 2010-07-06)"),
        V::OnlyYear(t) => format!("'{t}' 只有年份: 请写出年、月、日 (例如 2010-07-06)"),
        V::NotAGender(t) => format!("'{t}' 不是性别 (男/女, m/f)"),
        V::NotYesNo(t) => format!("'{t}' 不是 是/否 (是/否, y/n, 1/0)"),
    }
}

fn id_error(e: &IdError) -> String {
    match e {
        IdError::Length(n) => format!("身份证号应为 18 位 (旧号 15 位数字), 不是 {n} 位"),
        IdError::Characters => "身份证号应为数字, 只有第 18 位可以是 X".into(),
        IdError::Date(d) => format!("号码中的出生日期 {d} 不是真实日期"),
        IdError::Checksum { expected } => {
            format!("校验位不对 (前 17 位算出应为 {expected}): 有数字输错了")
        }
    }
}

fn field_fault(f: &FieldFault, lang: Lang) -> String {
    const ID: &str = "身份证号";
    let gender = |g: &crate::domain::rules::Gender| match g {
        crate::domain::rules::Gender::M => "男",
        crate::domain::rules::Gender::F => "女",
    };
    match f {
        FieldFault::CellError { field, .. } => {
            format!("{}: 单元格显示错误值", field.chinese())
        }
        FieldFault::EmptyName { rest } => {
            format!("姓名: 为空 (该行有: {})", rest.join("、"))
        }
        FieldFault::Gender(e) => format!("性别: {}", value(e, lang)),
        FieldFault::Birth(e) => format!("出生日期: {}", value(e, lang)),
        FieldFault::BirthInFuture(d) => format!("出生日期: {d} 在今天之后"),
        FieldFault::IdNumber(IdFault::Bad(e)) => format!("{ID}: {}", id_error(e)),
        FieldFault::IdNumber(IdFault::StoredAsNumber) => {
            format!("{ID}: 以数字形式保存, 只保留了 15 位: 请把该列设为文本格式后重新输入")
        }
        FieldFault::IdNumber(IdFault::NotText(t)) => format!("{ID}: '{t}' 不是身份证号"),
        FieldFault::IdBirthInFuture(d) => format!("{ID}: 其中的出生日期 {d} 在今天之后"),
        FieldFault::BirthDisagrees { given, from_id } => {
            format!("出生日期: {given}, 但{ID}中为 {from_id}")
        }
        FieldFault::GenderDisagrees { given, from_id } => {
            format!("性别: {}, 但{ID}中为{}", gender(given), gender(from_id))
        }
        FieldFault::Local(e) => format!("本地: {}", value(e, lang)),
    }
}

/// Why a row of an entry file is not an entry (the player, then every field at fault).
pub fn row(r: &RowFault, lang: Lang) -> String {
    if lang == Lang::En {
        return r.to_string();
    }
    match r {
        RowFault::Fields { name, faults } => {
            let all: Vec<String> = faults.iter().map(|f| field_fault(f, lang)).collect();
            if name.is_empty() {
                all.join("; ")
            } else {
                format!("{name}: {}", all.join("; "))
            }
        }
        RowFault::Duplicate {
            name, first, birth, ..
        } => format!(
            "{name}: 与第{first}行重复 (姓名和出生日期{}相同)",
            birth.map(|b| format!(" {b} ")).unwrap_or_default()
        ),
    }
}

/// A note on how an entry file was read.
pub fn note(n: &ImportNote, lang: Lang) -> String {
    if lang == Lang::En {
        return n.to_string();
    }
    match n {
        ImportNote::ReadAs(enc) => format!("按 {enc} 编码读取"),
        ImportNote::ReadAsGbk => {
            "文件不是 UTF-8, 已按 GBK 读取 (中文 Windows 上 Excel 保存的 CSV)".into()
        }
        ImportNote::SkippedAbove { count, line, .. } => {
            format!("跳过了表头 (第{line}行) 上方的 {count} 行")
        }
        ImportNote::IgnoredColumns(c) => format!("未使用的列: {}", c.join("、")),
        ImportNote::ReadSheet(name) => format!("读取了工作表 '{name}' (第一个有姓名列的工作表)"),
    }
}

/// A terminal that fails (no terminal, a closed pseudo-terminal) when the console starts or
/// draws.
pub fn terminal(e: &std::io::Error, lang: Lang) -> String {
    let word = match lang {
        Lang::Zh => "终端",
        Lang::En => "terminal",
    };
    format!("{word}: {}", io(e, lang))
}

/// The scoresheets' codes are printed without a QR code: the room page's address is unknown.
pub fn no_room_url(lang: Lang) -> String {
    match lang {
        Lang::Zh => "记录单未印二维码: 房间页面未运行; 请先运行 bianpai serve 日志 --bind 0.0.0.0:8080, 或用 --url 地址 指明房间页面".into(),
        Lang::En => "the scoresheets carry no QR codes: no room page is running; start bianpai serve LOG --bind 0.0.0.0:8080 first, or give its address with --url".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::refusal::Who;

    #[test]
    fn damage_names_the_line_in_both_languages() {
        let d = Damage::Chain { line: 7 };
        assert!(damage(&d, Lang::Zh).starts_with("第7行"));
        assert!(damage(&d, Lang::En).starts_with("line 7"));
        let d = Damage::Bad {
            line: 3,
            error: DecodeError::BadHash,
        };
        assert!(damage(&d, Lang::Zh).contains("第3行") && damage(&d, Lang::Zh).contains("hash"));
    }

    #[test]
    fn io_errors_have_chinese_words() {
        let e = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(io(&e, Lang::Zh), "文件不存在");
        let e = std::io::Error::from_raw_os_error(5);
        assert!(io(&e, Lang::Zh).contains("系统错误 5"));
    }

    #[test]
    fn rules_errors_name_line_column_and_field_in_chinese() {
        let text = crate::domain::Rules::preset("qigu-2024-07")
            .unwrap()
            .to_ron()
            .replacen("rounds: 9", "rounds: 0", 1);
        let e = crate::domain::Rules::from_ron(&text, "r.ron").unwrap_err();
        let line = text.lines().position(|l| l.contains("rounds: 0")).unwrap() + 1;
        assert_eq!(
            rules(&e, Lang::Zh),
            format!("r.ron: 第{line}行第5列: rounds: 应在 1 到 99 之间")
        );
        assert!(rules(&e, Lang::En).starts_with(&format!("r.ron: line {line}, column 5: rounds")));
        let text = text.replacen("rounds: 0", "roundz: 9", 1);
        let e = crate::domain::Rules::from_ron(&text, "r.ron").unwrap_err();
        let zh = rules(&e, Lang::Zh);
        assert!(
            zh.contains("未知字段 'roundz'") && zh.contains("rounds"),
            "{zh}"
        );
    }

    #[test]
    fn registration_and_rule_breaks_in_chinese() {
        let f = RegistrationFault::SameNameAndBirth {
            name: "张三".into(),
            no: crate::domain::PlayerNo(1),
            birth: chrono::NaiveDate::from_ymd_opt(1990, 5, 1),
        };
        assert_eq!(
            registration(&f, Lang::Zh),
            "张三: 已报名, 为1号棋手 (姓名和出生日期 1990-05-01 相同)"
        );
        assert!(registration(&f, Lang::En).contains("already registered as player 1"));
        let b = RuleBreak::ThirdInRow {
            board: crate::domain::Board(2),
            who: Who {
                no: crate::domain::PlayerNo(5),
                name: "李四".into(),
            },
            side: crate::domain::Side::Red,
        };
        assert_eq!(rule_break(&b, Lang::Zh), "第2台: 5号李四将连续第三次执红方");
        assert_eq!(
            rule_break(&b, Lang::En),
            "board 2: 5 (李四) would have red a third time in a row"
        );
    }
}

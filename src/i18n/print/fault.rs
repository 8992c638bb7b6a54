//! A refused `export` (`ExportFault`): the fault with its values, and its words in Chinese and
//! English side by side. `src/export/` decides the fault and hands it over.

use crate::domain::Round;
use crate::domain::rules::Lang;

/// A refused export. `what` is the `--what` word as typed (`pairings`, `standings` …), the
/// same in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportFault {
    /// `--by name` with another list than the pairings.
    ByNameNotPairings { what: &'static str },
    /// `--by name` with `--format json`.
    ByNameJson,
    /// Scoresheets in a format that does not print.
    ScoresheetsFormat,
    /// `--what schedule` for a Swiss event (the schedule is a round robin's).
    ScheduleNotRoundRobin,
    /// `--round` outside the paired rounds.
    RoundOutside { round: Round, paired: usize },
    /// A per-round report before any round was paired.
    NothingPaired { what: &'static str },
    /// `--format xlsx` without `--out`.
    XlsxNeedsOut,
    /// `--what matches` for an event without teams.
    NotTeamEvent,
    /// `--out` names the log itself.
    OutIsLog(String),
    /// Writing the output failed.
    Write { place: String, cause: String },
    /// The spreadsheet library refused the workbook (its words as the cause).
    Xlsx { cause: String },
    /// `--what codes` in another format than json.
    CodesFormat,
    /// The players' codes for a user who is neither the head arbiter nor the organizer
    /// (empty: a path that never reads codes).
    CodesNotAllowed { user: String },
    /// `--what codes` or `--what slips` for an event without `self_report`.
    CodesOff { what: &'static str },
    /// Signing slips in a format that does not print.
    SlipsFormat,
}

impl ExportFault {
    /// The refusal in `lang`'s words.
    pub fn text(&self, lang: Lang) -> String {
        fault(self, lang)
    }
}

/// The refusal in `lang`'s words.
pub fn fault(f: &ExportFault, lang: Lang) -> String {
    match f {
        ExportFault::ByNameNotPairings { what } => words!(
            lang,
            format!("--by name: 只有对阵表 (--what pairings) 可按姓名排序, --what {what} 不行"),
            format!(
                "--by name: only the pairing list (--what pairings) is sorted by name, not --what {what}"
            )
        ),
        ExportFault::ByNameJson => words!(
            lang,
            "--by name: 用于打印件 (txt、html、csv、xlsx); json 对阵按台次",
            "--by name: a printout (txt, html, csv, xlsx); the json pairing is by board"
        )
        .to_string(),
        ExportFault::ScheduleNotRoundRobin => words!(
            lang,
            "--what schedule: 轮次表用于循环赛 (规程 system: round_robin 或 double_round_robin); 积分编排每轮按成绩编排, 请用 --what pairings",
            "--what schedule: the schedule is a round robin's (rules system: round_robin or double_round_robin); a Swiss pairs each round by score, see --what pairings"
        )
        .to_string(),
        ExportFault::ScoresheetsFormat => words!(
            lang,
            "--what scoresheets: 记录单是打印件, 请用 --format html 或 --format txt",
            "--what scoresheets: slips to print, in --format html or --format txt"
        )
        .to_string(),
        ExportFault::RoundOutside { round, paired } => words!(
            lang,
            format!("--round {round}: 本赛事已编排{paired}轮"),
            format!("--round {round}: the event has {paired} paired round(s)")
        ),
        ExportFault::NothingPaired { what } => words!(
            lang,
            format!("--what {what}: 尚未编排任何一轮"),
            format!("--what {what}: no round has been paired yet")
        ),
        ExportFault::XlsxNeedsOut => words!(
            lang,
            "--format xlsx: 电子表格须用 --out 文件 写入文件",
            "--format xlsx: a spreadsheet needs --out FILE"
        )
        .to_string(),
        ExportFault::NotTeamEvent => words!(
            lang,
            "--what matches: 本赛事不是团体赛 (规则中没有 team_match)",
            "--what matches: this event is not a team match event (no team_match in its rules)"
        )
        .to_string(),
        ExportFault::OutIsLog(o) => words!(
            lang,
            format!("--out {o}: 这是日志文件本身, 请换一个文件"),
            format!("--out {o}: that is the log itself; choose another file")
        ),
        ExportFault::Write { place, cause } => words!(
            lang,
            format!("{place}: 写入失败: {cause}"),
            format!("{place}: {cause}")
        ),
        ExportFault::Xlsx { cause } => words!(
            lang,
            format!("--format xlsx: 无法生成 Excel 工作簿 ({cause}); 请改用 --format csv 或 html"),
            format!("--format xlsx: {cause}")
        ),
        ExportFault::CodesFormat => words!(
            lang,
            "--what codes: 签认码以 --format json 输出; 打印请用 --what slips --format html",
            "--what codes: the codes come as --format json; to print them, --what slips --format html"
        )
        .to_string(),
        ExportFault::CodesNotAllowed { user } => words!(
            lang,
            format!(
                "{}无权查看签认码: 只有裁判长和编排可以查看 (export --what codes, --what slips)",
                if user.is_empty() {
                    String::new()
                } else {
                    format!("{user} ")
                }
            ),
            format!(
                "{}may not read the players' codes: only the head arbiter and the organizer may (export --what codes, --what slips)",
                if user.is_empty() { "this reader" } else { user }
            )
        ),
        ExportFault::CodesOff { what } => words!(
            lang,
            format!("--what {what}: 本赛事未开启棋手签认 (规则 self_report: off)"),
            format!(
                "--what {what}: players do not report results in this event (rules: self_report: off)"
            )
        ),
        ExportFault::SlipsFormat => words!(
            lang,
            "--what slips: 签认条是打印件, 请用 --format html 或 --format txt",
            "--what slips: slips to print, in --format html or --format txt"
        )
        .to_string(),
    }
}

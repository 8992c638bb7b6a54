//! A refused `export` (`ExportFault`) in words, Chinese and English side by side: the export
//! words its own faults (the catalog below it words the domain's data).

use super::{ExportFault, what_word};
use crate::domain::rules::Lang;

pub fn text(f: &ExportFault, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match f {
        ExportFault::ByNameNotPairings(w) if zh => format!(
            "--by name: 只有对阵表 (--what pairings) 可按姓名排序, --what {} 不行",
            what_word(*w)
        ),
        ExportFault::ByNameNotPairings(w) => format!(
            "--by name: only the pairing list (--what pairings) is sorted by name, not --what {}",
            what_word(*w)
        ),
        ExportFault::ByNameJson if zh => {
            "--by name: 用于打印件 (txt、html、csv、xlsx); json 对阵按台次".to_string()
        }
        ExportFault::ByNameJson => {
            "--by name: a printout (txt, html, csv, xlsx); the json pairing is by board".to_string()
        }
        // rr: the schedule is a round robin's.
        ExportFault::ScheduleNotRoundRobin if zh => {
            "--what schedule: 轮次表用于循环赛 (规程 system: round_robin 或 double_round_robin); 积分编排每轮按成绩编排, 请用 --what pairings".to_string()
        }
        ExportFault::ScheduleNotRoundRobin => {
            "--what schedule: the schedule is a round robin's (rules system: round_robin or double_round_robin); a Swiss pairs each round by score, see --what pairings".to_string()
        }
        ExportFault::ScoresheetsFormat if zh => {
            "--what scoresheets: 记录单是打印件, 请用 --format html 或 --format txt".to_string()
        }
        ExportFault::ScoresheetsFormat => {
            "--what scoresheets: slips to print, in --format html or --format txt".to_string()
        }
        ExportFault::RoundOutside { round, paired } if zh => {
            format!("--round {round}: 本赛事已编排{paired}轮")
        }
        ExportFault::RoundOutside { round, paired } => {
            format!("--round {round}: the event has {paired} paired round(s)")
        }
        ExportFault::NothingPaired(w) if zh => {
            format!("--what {}: 尚未编排任何一轮", what_word(*w))
        }
        ExportFault::NothingPaired(w) => {
            format!("--what {}: no round has been paired yet", what_word(*w))
        }
        ExportFault::XlsxNeedsOut if zh => {
            "--format xlsx: 电子表格须用 --out 文件 写入文件".to_string()
        }
        ExportFault::XlsxNeedsOut => "--format xlsx: a spreadsheet needs --out FILE".to_string(),
        ExportFault::NotTeamEvent if zh => {
            "--what matches: 本赛事不是团体赛 (规则中没有 team_match)".to_string()
        }
        ExportFault::NotTeamEvent => {
            "--what matches: this event is not a team match event (no team_match in its rules)"
                .to_string()
        }
        ExportFault::OutIsLog(o) if zh => format!("--out {o}: 这是日志文件本身, 请换一个文件"),
        ExportFault::OutIsLog(o) => {
            format!("--out {o}: that is the log itself; choose another file")
        }
        ExportFault::Write { place, cause } if zh => format!("{place}: 写入失败: {cause}"),
        ExportFault::Write { place, cause } => format!("{place}: {cause}"),
        ExportFault::Xlsx { cause } if zh => {
            format!("--format xlsx: 无法生成 Excel 工作簿 ({cause}); 请改用 --format csv 或 html")
        }
        ExportFault::Xlsx { cause } => format!("--format xlsx: {cause}"),
        ExportFault::CodesFormat if zh => {
            "--what codes: 签认码以 --format json 输出; 打印请用 --what scoresheets --format html"
                .to_string()
        }
        ExportFault::CodesFormat => {
            "--what codes: the codes come as --format json; to print them, --what scoresheets --format html"
                .to_string()
        }
        ExportFault::CodesNotAllowed { user } if zh => format!(
            "{}无权查看签认码: 只有裁判长和编排可以查看 (export --what codes, 带签认码的记录单)",
            if user.is_empty() { String::new() } else { format!("{user} ") }
        ),
        ExportFault::CodesNotAllowed { user } => format!(
            "{}may not read the players' codes: only the head arbiter and the organizer may (export --what codes, scoresheets with codes)",
            if user.is_empty() { "this reader".to_string() } else { user.clone() }
        ),
        ExportFault::CodesOff if zh => {
            "--what codes: 本赛事未开启棋手签认 (规则 self_report: off)".to_string()
        }
        ExportFault::CodesOff => {
            "--what codes: players do not report results in this event (rules: self_report: off)"
                .to_string()
        }
    }
}

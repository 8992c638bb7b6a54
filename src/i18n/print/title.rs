//! The printouts' titles (the line under the event title) and their short names (a
//! spreadsheet's tab), Chinese and English side by side.

use crate::domain::Round;
use crate::domain::rules::Lang;

/// The reports a printout can hold (`--what`), by their name: a report's short name and the
/// first word of its title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pairings,
    Standings,
    Crosstable,
    Teams,
    Prizes,
    Players,
    Clocks,
    Knockout,
}

impl Kind {
    /// The report's name: 成绩表 / Standings.
    pub fn title(self, lang: Lang) -> &'static str {
        match self {
            Kind::Pairings => words!(lang, "对阵表", "Pairings"),
            Kind::Standings => words!(lang, "成绩表", "Standings"),
            Kind::Crosstable => words!(lang, "交叉表", "Crosstable"),
            Kind::Teams => words!(lang, "团体成绩", "Team standings"),
            Kind::Prizes => words!(lang, "获奖名单", "Prizes"),
            Kind::Players => words!(lang, "报名名单", "Players"),
            Kind::Clocks => words!(lang, "棋钟", "Clocks"),
            Kind::Knockout => words!(lang, "淘汰赛", "Knockout"),
        }
    }
}

/// A report's full title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Title<'a> {
    /// 对阵表 第3轮 / Pairings, round 3.
    Round(Kind, Round),
    /// 成绩表 第3轮后 / Standings after round 3; 成绩表 赛前 / Standings before round 1 for
    /// round 0.
    After(Kind, Round),
    /// 获奖名单 第3轮后 / Prizes after round 3, round 0 as any other (the prizes and the team
    /// standings of an individual event).
    Counted(Kind, u32),
    /// 对阵表 第3轮（按姓名） / Pairings, round 3 (by name).
    ByName(Round),
    /// 棋钟 第3轮 (2024-07-06 14:30:00) / Clocks, round 3 (at 2024-07-06 14:30:00).
    Clocks { round: Round, at: &'a str },
    /// 团体对阵表 第3轮 / Team matches, round 3.
    TeamMatches(Round),
    /// 轮次表（贝格尔编排，共9轮） / Schedule (Berger table, 9 rounds).
    Schedule { rounds: u32 },
    /// 轮次表（团体贝格尔编排，共7轮） / Schedule (Berger table of teams, 7 rounds).
    TeamSchedule { rounds: u32 },
    /// 循环赛成绩表 第3轮后 / Round-robin crosstable after round 3 (赛前 / before round 1).
    RoundRobin(Round),
    /// 记录单 第3轮 / Scoresheets, round 3.
    Scoresheets(Round),
    /// 签认条 第3轮 / Signing slips, round 3 (one per player, with the player's code).
    Slips(Round),
    /// 淘汰赛 / Knockout, with places 1–2 (a final alone) or 1–4 once decided (each "number name").
    Knockout(Option<&'a [String]>),
}

/// A report's full title in `lang`.
pub fn title(t: Title<'_>, lang: Lang) -> String {
    match t {
        Title::Round(kind, round) => words!(
            lang,
            format!("{} 第{round}轮", kind.title(lang)),
            format!("{}, round {round}", kind.title(lang))
        ),
        Title::After(kind, Round(0)) => {
            format!(
                "{} {}",
                kind.title(lang),
                words!(lang, "赛前", "before round 1")
            )
        }
        Title::After(kind, round) => title(Title::Counted(kind, round.0), lang),
        Title::Counted(kind, round) => words!(
            lang,
            format!("{} 第{round}轮后", kind.title(lang)),
            format!("{} after round {round}", kind.title(lang))
        ),
        Title::ByName(round) => {
            let of_round = title(Title::Round(Kind::Pairings, round), lang);
            words!(
                lang,
                format!("{of_round}（按姓名）"),
                format!("{of_round} (by name)")
            )
        }
        Title::Clocks { round, at } => {
            let of_round = title(Title::Round(Kind::Clocks, round), lang);
            words!(
                lang,
                format!("{of_round} ({at})"),
                format!("{of_round} (at {at})")
            )
        }
        Title::TeamMatches(round) => words!(
            lang,
            format!("团体对阵表 第{round}轮"),
            format!("Team matches, round {round}")
        ),
        Title::Schedule { rounds } => words!(
            lang,
            format!("轮次表（贝格尔编排，共{rounds}轮）"),
            format!("Schedule (Berger table, {rounds} rounds)")
        ),
        Title::TeamSchedule { rounds } => words!(
            lang,
            format!("轮次表（团体贝格尔编排，共{rounds}轮）"),
            format!("Schedule (Berger table of teams, {rounds} rounds)")
        ),
        Title::RoundRobin(Round(0)) => words!(
            lang,
            "循环赛成绩表 赛前",
            "Round-robin crosstable before round 1"
        )
        .to_string(),
        Title::RoundRobin(after) => words!(
            lang,
            format!("循环赛成绩表 第{after}轮后"),
            format!("Round-robin crosstable after round {after}")
        ),
        Title::Scoresheets(round) => words!(
            lang,
            format!("记录单 第{round}轮"),
            format!("Scoresheets, round {round}")
        ),
        Title::Slips(round) => words!(
            lang,
            format!("签认条 第{round}轮"),
            format!("Signing slips, round {round}")
        ),
        Title::Knockout(Some([first, second])) => words!(
            lang,
            format!("决赛 冠军 {first} 亚军 {second}"),
            format!("Final: champion {first}, runner-up {second}")
        ),
        Title::Knockout(Some([first, second, third, fourth, ..])) => words!(
            lang,
            format!("淘汰赛 冠军 {first} 亚军 {second} 季军 {third} 第四名 {fourth}"),
            format!(
                "Knockout: champion {first}, runner-up {second}, third place {third}, fourth place {fourth}"
            )
        ),
        Title::Knockout(_) => Kind::Knockout.title(lang).to_string(),
    }
}

/// A report's short name (a spreadsheet's tab) where it is not its `Kind`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    /// 对阵表按姓名 / Pairings by name.
    ByName,
    /// 团体对阵 第3轮 / Matches R3.
    TeamMatches(Round),
    /// 轮次表 / Schedule.
    Schedule,
    /// 循环赛成绩表 / Crosstable.
    RoundRobin,
}

/// A report's short name in `lang`.
pub fn sheet(s: Sheet, lang: Lang) -> String {
    match s {
        Sheet::ByName => words!(lang, "对阵表按姓名", "Pairings by name").to_string(),
        Sheet::TeamMatches(round) => words!(
            lang,
            format!("团体对阵 第{round}轮"),
            format!("Matches R{round}")
        ),
        Sheet::Schedule => words!(lang, "轮次表", "Schedule").to_string(),
        Sheet::RoundRobin => words!(lang, "循环赛成绩表", "Crosstable").to_string(),
    }
}

//! The rows of every report, computed once and shared by the txt, csv, html and xlsx writers.

use crate::domain::rules::Lang;
use crate::domain::standings::{self, Standing};
use crate::domain::tournament::Status;
use crate::domain::{PlayerNo, Round, Tournament};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    Pairings,
    Standings,
    Crosstable,
    Teams,
    Prizes,
    Players,
    Clocks,
}

impl Report {
    pub fn title(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Report::Pairings, Lang::Zh) => "对阵表",
            (Report::Pairings, Lang::En) => "Pairings",
            (Report::Standings, Lang::Zh) => "成绩表",
            (Report::Standings, Lang::En) => "Standings",
            (Report::Crosstable, Lang::Zh) => "交叉表",
            (Report::Crosstable, Lang::En) => "Crosstable",
            (Report::Teams, Lang::Zh) => "团体成绩",
            (Report::Teams, Lang::En) => "Team standings",
            (Report::Prizes, Lang::Zh) => "获奖名单",
            (Report::Prizes, Lang::En) => "Prizes",
            (Report::Players, Lang::Zh) => "报名名单",
            (Report::Players, Lang::En) => "Players",
            (Report::Clocks, Lang::Zh) => "棋钟",
            (Report::Clocks, Lang::En) => "Clocks",
        }
    }
}

/// "Title — 对阵表 第3轮".
pub fn heading(t: &Tournament, lang: Lang, report: Report, round: Option<Round>) -> String {
    let r = match (round, lang) {
        (Some(r), Lang::Zh) => format!(" 第{r}轮"),
        (Some(r), Lang::En) => format!(", round {r}"),
        (None, _) => String::new(),
    };
    format!("{}\n{}{r}", t.title, report.title(lang))
}

pub fn name(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map(|p| p.entry.name.clone())
        .unwrap_or_default()
}

pub fn pairings_header(lang: Lang) -> Vec<String> {
    let h: &[&str] = match lang {
        Lang::Zh => &[
            "台次", "序号", "红方", "积分", "结果", "积分", "黑方", "序号",
        ],
        Lang::En => &["Board", "No", "Red", "Pts", "Result", "Pts", "Black", "No"],
    };
    h.iter().map(|s| (*s).to_string()).collect()
}

/// Board, red no, red name, red points before the round, result, black points, black name, black no.
pub fn pairings(t: &Tournament, round: Round) -> Vec<Vec<String>> {
    let Some(r) = t.round(round) else {
        return Vec::new();
    };
    let scores = crate::domain::pairing::swiss_scores(t, round);
    let pts = |no: PlayerNo| scores.get(&no).copied().unwrap_or(0).to_string();
    let mut rows: Vec<Vec<String>> = r
        .games
        .iter()
        .map(|g| {
            vec![
                g.board.to_string(),
                g.red.to_string(),
                name(t, g.red),
                pts(g.red),
                g.result
                    .map_or(String::new(), |r| r.score_text().to_string()),
                pts(g.black),
                name(t, g.black),
                g.black.to_string(),
            ]
        })
        .collect();
    for b in &r.byes {
        rows.push(vec![
            String::new(),
            b.to_string(),
            name(t, *b),
            pts(*b),
            "轮空 bye".to_string(),
            String::new(),
            String::new(),
            String::new(),
        ]);
    }
    rows
}

/// Standings after `round` (the last finished round by default).
pub fn standings_for(t: &Tournament, round: Option<Round>) -> (Round, Vec<Standing>) {
    let r = round.unwrap_or(Round(t.completed_rounds()));
    (r, standings::standings(t, r))
}

pub fn status_word(s: Status) -> &'static str {
    match s {
        Status::Active => "active",
        Status::Withdrawn { .. } => "withdrawn",
    }
}

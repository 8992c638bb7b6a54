//! The award reports: team standings (团体成绩, RULES.md §8), the prize list (获奖名单) and the
//! knockout bracket (淘汰赛, §7), as tables for every format and as JSON.

use serde_json::{Value, json};

use super::report::{Cell, Report, header, pick};
use super::rows::{Kind, club, game_result_text, name};
use crate::domain::event::{GameKind, Stage};
use crate::domain::prizes::{self, AwardKind};
use crate::domain::rules::Lang;
use crate::domain::standings::Standing;
use crate::domain::{Tournament, knockout, teams};

fn after_title(kind: Kind, lang: Lang, round: u32) -> String {
    match lang {
        Lang::Zh => format!("{} 第{round}轮后", kind.title(lang)),
        Lang::En => format!("{} after round {round}", kind.title(lang)),
    }
}

/// Team standings after the team rules' counting round.
pub fn teams_report(t: &Tournament, lang: Lang) -> Report {
    let cfg = teams::settings(t);
    let round = teams::counting_round(t, &cfg).0;
    let h = header(
        lang,
        &[
            ("名次", "Rank"),
            ("队名", "Team"),
            ("积分", "Points"),
            ("名次和", "Rank sum"),
            ("最好名次", "Best rank"),
            ("队员", "Members"),
        ],
    );
    let rows = teams::standings(t)
        .iter()
        .map(|s| {
            let members = s
                .members
                .iter()
                .map(|m| {
                    let mark = if m.counted { "" } else { "*" };
                    format!("{}{mark} {} ({})", m.no, name(t, m.no), m.points)
                })
                .collect::<Vec<_>>()
                .join(", ");
            vec![
                Cell::from(s.rank),
                Cell::from(s.team.clone()),
                Cell::from(s.points),
                Cell::from(s.rank_sum),
                Cell::from(s.best_rank),
                Cell::from(members),
            ]
        })
        .collect();
    Report::single(
        Kind::Teams.title(lang),
        after_title(Kind::Teams, lang, round),
        h,
        rows,
    )
}

pub fn teams_json(t: &Tournament) -> Value {
    let cfg = teams::settings(t);
    Value::Array(
        teams::standings(t)
            .iter()
            .map(|s| {
                json!({
                    "rank": s.rank,
                    "team": s.team,
                    "points": s.points,
                    "rank_sum": s.rank_sum,
                    "best_rank": s.best_rank,
                    "after_round": teams::counting_round(t, &cfg).0,
                    "members": s.members.iter().map(|m| json!({
                        "no": m.no.0, "name": name(t, m.no), "points": m.points,
                        "rank": m.rank, "counted": m.counted,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

fn kind_word(kind: &AwardKind) -> &'static str {
    match kind {
        AwardKind::Place => "place",
        AwardKind::Lucky => "lucky",
        AwardKind::Category(_) => "category",
        AwardKind::Team => "team",
    }
}

/// The prize list against a standings table, with the club (单位) of each winner and under
/// it the total amount per section (组别; team prizes on their own line) and overall.
pub fn prizes_report(t: &Tournament, standings: &[Standing], after: u32, lang: Lang) -> Report {
    let h = header(
        lang,
        &[
            ("奖项", "Prize"),
            ("组别", "Group"),
            ("名次", "Place"),
            ("序号", "No"),
            ("姓名/队名", "Name / team"),
            ("单位", "Club"),
            ("奖金(元)", "Amount (yuan)"),
        ],
    );
    let awards = prizes::award(t, standings);
    let rows = awards
        .iter()
        .map(|a| {
            vec![
                Cell::from(a.label.clone()),
                Cell::from(
                    a.section
                        .map_or(String::new(), |s| t.section_name(s).to_string()),
                ),
                Cell::from(a.place),
                a.no.map_or(Cell::Empty, |n| Cell::from(n.0)),
                Cell::from(match (&a.no, &a.team) {
                    (Some(n), _) => name(t, *n),
                    (None, Some(team)) => team.clone(),
                    (None, None) => String::new(),
                }),
                Cell::from(a.no.map(|n| club(t, n)).unwrap_or_default()),
                Cell::from(a.amount),
            ]
        })
        .collect();
    let mut report = Report::single(
        Kind::Prizes.title(lang),
        after_title(Kind::Prizes, lang, after),
        h,
        rows,
    );
    report.tables[0].summary = prize_totals(t, &awards, lang);
    report
}

/// The prize money per section (in the rules' order; team prizes apart) and overall.
fn prize_totals(t: &Tournament, awards: &[prizes::Award], lang: Lang) -> Vec<(String, Cell)> {
    let sum = |keep: &dyn Fn(&prizes::Award) -> bool| -> i64 {
        awards
            .iter()
            .filter(|a| keep(a))
            .map(|a| i64::from(a.amount))
            .sum()
    };
    let mut out = Vec::new();
    let sections = t.rules.sections.len();
    let teams = awards.iter().any(|a| a.section.is_none());
    if sections > 1 || teams {
        for s in 0..sections.max(1) {
            if awards.iter().any(|a| a.section == Some(s)) {
                let label = match lang {
                    Lang::Zh => format!("{} 奖金小计(元)", t.section_name(s)),
                    Lang::En => format!("{} subtotal (yuan)", t.section_name(s)),
                };
                out.push((label, Cell::Int(sum(&|a| a.section == Some(s)))));
            }
        }
        if teams {
            out.push((
                pick(lang, "团体 奖金小计(元)", "Teams subtotal (yuan)").to_string(),
                Cell::Int(sum(&|a| a.section.is_none())),
            ));
        }
    }
    out.push((
        pick(lang, "奖金总计(元)", "Total prize money (yuan)").to_string(),
        Cell::Int(sum(&|_| true)),
    ));
    out
}

pub fn prizes_json(t: &Tournament, standings: &[Standing]) -> Value {
    Value::Array(
        prizes::award(t, standings)
            .iter()
            .map(|a| {
                json!({
                    "kind": kind_word(&a.kind),
                    "category": match &a.kind { AwardKind::Category(c) => Some(c.clone()), _ => None },
                    "label": a.label,
                    "prize": a.label,
                    "group": a.section.map(|s| t.section_name(s).to_string()),
                    "place": a.place,
                    "no": a.no.map(|n| n.0),
                    "name": a.no.map(|n| name(t, n)),
                    "team": a.team,
                    "amount": a.amount,
                })
            })
            .collect(),
    )
}

fn stage_label(stage: Stage, lang: Lang) -> &'static str {
    match stage {
        Stage::Swiss => pick(lang, "积分编排", "Swiss"),
        Stage::SemiFinal => pick(lang, "半决赛", "Semi-final"),
        Stage::Final => pick(lang, "决赛", "Final"),
        Stage::ThirdPlace => pick(lang, "三四名", "Third place"),
    }
}

fn game_label(game: GameKind, lang: Lang) -> &'static str {
    match game {
        GameKind::Slow => pick(lang, "慢棋", "slow"),
        GameKind::Rapid => pick(lang, "快棋", "rapid"),
        GameKind::Armageddon => pick(lang, "附加赛", "armageddon"),
    }
}

/// The knockout bracket: every knockout game in order, with the match winner; `None` when the
/// event has no knockout game yet.
pub fn bracket_report(t: &Tournament, lang: Lang) -> Option<Report> {
    let h = header(
        lang,
        &[
            ("轮次", "Round"),
            ("阶段", "Stage"),
            ("对局", "Game"),
            ("台次", "Board"),
            ("红方", "Red"),
            ("黑方", "Black"),
            ("结果", "Result"),
            ("胜者", "Winner"),
        ],
    );
    let mut rows = Vec::new();
    for r in &t.rounds {
        for g in r.games.iter().filter(|g| g.stage != Stage::Swiss) {
            let winner = knockout::match_result(t, r.round, g.stage, g.red, g.black)
                .map(|(w, _)| format!("{} {}", w, name(t, w)));
            rows.push(vec![
                Cell::from(r.round.0),
                Cell::from(stage_label(g.stage, lang)),
                Cell::from(game_label(g.game, lang)),
                Cell::from(g.board.0),
                Cell::from(format!("{} {}", g.red, name(t, g.red))),
                Cell::from(format!("{} {}", g.black, name(t, g.black))),
                game_result_text(g, lang).map_or(Cell::Empty, Cell::from),
                Cell::from(winner.unwrap_or_default()),
            ]);
        }
    }
    if rows.is_empty() {
        return None;
    }
    let mut title = Kind::Knockout.title(lang).to_string();
    if let Some(places) = knockout::final_places(t) {
        let names: Vec<String> = places
            .iter()
            .map(|p| format!("{p} {}", name(t, *p)))
            .collect();
        let podium = match lang {
            Lang::Zh => format!(
                " 冠军 {} 亚军 {} 季军 {} 第四名 {}",
                names[0], names[1], names[2], names[3]
            ),
            Lang::En => format!(
                ": 1st {}, 2nd {}, 3rd {}, 4th {}",
                names[0], names[1], names[2], names[3]
            ),
        };
        title.push_str(&podium);
    }
    Some(Report::single(Kind::Knockout.title(lang), title, h, rows))
}

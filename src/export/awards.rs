//! The award reports: team standings (团体成绩, docs/rules.md#8-teams-groups-prizes), the prize list (获奖名单) and the
//! knockout bracket (淘汰赛, §7), as tables for every format and as JSON.

use serde_json::{Value, json};

use super::knockout_text::game_result_text;
use super::report::{Cell, Report};
use super::rows::{Kind, club, name};
use crate::domain::event::Stage;
use crate::domain::prizes::{self, AwardKind};
use crate::domain::rules::Lang;
use crate::domain::standings::Standing;
use crate::domain::{Tournament, knockout, teams};
use crate::i18n::print::{
    Header, Label, Note, Prize, Summary, Title, bracket_game, bracket_stage, headers, label,
    listing, note, prize, summary, title,
};
use crate::i18n::read::{given_items, place_in_label, promises_money, split_label};

/// Team standings after the team rules' counting round.
pub fn teams_report(t: &Tournament, lang: Lang) -> Report {
    let cfg = teams::settings(t);
    let round = teams::counting_round(t, &cfg).0;
    let h = headers(
        &[
            Header::Rank,
            Header::Team,
            Header::Points,
            Header::RankSum,
            Header::BestRank,
            Header::Members,
        ],
        lang,
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
                Cell::ratio(Some(i64::from(s.points)), t.rules.points.per_point()),
                Cell::from(s.rank_sum),
                Cell::from(s.best_rank),
                Cell::from(members),
            ]
        })
        .collect::<Vec<_>>();
    let empty = rows.is_empty();
    let mut report = Report::single(
        Kind::Teams.title(lang),
        title(Title::Counted(Kind::Teams, round), lang),
        h,
        rows,
    );
    if empty && t.players.iter().all(|p| p.entry.team.trim().is_empty()) {
        // Never an empty table without the reason: no player was registered with a team.
        report.tables[0].notes.push(note(Note::NoTeams, lang));
    }
    report
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

/// The prize list against a standings table, as a treasurer pays from it: the prize's own
/// name (第3名, 团体第1名, 本地组第2名: never a range label such as `前6名(奖金, 证书)`), the club
/// (单位) of each winner, the amount or what is given instead (`证书`, `奖状`, or `—`, never a
/// `0`), a 领奖人签名 column, and under it the totals and, when the one-prize rule moved a
/// category prize down, the rule and the places it went to.
pub fn prizes_report(t: &Tournament, standings: &[Standing], after: u32, lang: Lang) -> Report {
    let h = headers(
        &[
            Header::Prize,
            Header::Group,
            Header::Place,
            Header::No,
            Header::NameOrTeam,
            Header::Club,
            Header::Amount,
            Header::AlsoGiven,
            Header::Receipt,
        ],
        lang,
    );
    let awards = prizes::award(t, standings);
    let rows = awards
        .iter()
        .map(|a| {
            vec![
                Cell::from(prize_name(&awards, a, lang)),
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
                money_cell(a, lang),
                given_cell(a, lang),
                Cell::Empty,
            ]
        })
        .collect();
    let mut report = Report::single(
        Kind::Prizes.title(lang),
        title(Title::Counted(Kind::Prizes, after), lang),
        h,
        rows,
    );
    report.tables[0].summary = prize_totals(t, &awards, lang);
    report.tables[0].notes = moved_down_notes(t, standings, &awards, lang);
    report
}

/// The name of one prize as printed: a place prize over a range of places is named by its
/// place (第7名), a single-place one by its label (冠军) — but a label that only numbers the
/// place (`第一名`) is written `第1名` like the places after it, so a list reads one way; a
/// team prize 团体第1名; a category prize 本地组第2名; a lucky prize by its label.
pub fn prize_name(all: &[prizes::Award], a: &prizes::Award, lang: Lang) -> String {
    let place = |p: u32| prize(Prize::Place(p), lang);
    match &a.kind {
        AwardKind::Team => prize(Prize::Team(a.place), lang),
        AwardKind::Category(c) => prize(Prize::Category(c, a.place), lang),
        AwardKind::Place => {
            let shared = all
                .iter()
                .filter(|b| b.kind == AwardKind::Place && b.section == a.section)
                .filter(|b| b.label == a.label)
                .count()
                > 1;
            let (bare, _) = split_label(&a.label);
            if shared || bare.is_empty() || place_in_label(bare) == Some(a.place) {
                place(a.place)
            } else {
                bare.to_string()
            }
        }
        AwardKind::Lucky => {
            let (bare, _) = split_label(&a.label);
            bare.to_string()
        }
    }
}

/// The amount, or when there is no money what is given instead: the label's own word
/// (`奖状`, `奖牌`, `证书`), a certificate for a team, `—` otherwise; never a 0 to pay (the
/// console's prize column, where one cell says what a player won).
pub fn amount_cell(a: &prizes::Award, lang: Lang) -> Cell {
    if a.amount > 0 {
        return Cell::from(a.amount);
    }
    match given_cell(a, lang) {
        Cell::Empty => money_cell(a, lang),
        given => given,
    }
}

/// The label's words for what is given besides money (`第9-12名(奖状)` → 奖状), 奖金 apart.
fn given_words(a: &prizes::Award) -> Vec<&str> {
    let (_, given) = split_label(&a.label);
    given_items(given.unwrap_or(""))
        .filter(|w| !promises_money(w))
        .collect()
}

/// Whether the label promises money without the rules giving its amount (`前6名(奖金, 证书)`).
fn money_unstated(a: &prizes::Award) -> bool {
    a.amount == 0 && split_label(&a.label).1.is_some_and(promises_money)
}

/// The prize list's 奖金(元) cell: money only — the amount, `待定` where the label promises
/// money the rules do not state, `—` where there is none; never 证书 or another thing given.
pub fn money_cell(a: &prizes::Award, lang: Lang) -> Cell {
    if a.amount > 0 {
        Cell::from(a.amount)
    } else if money_unstated(a) {
        Cell::from(label(Label::ToBeSet, lang))
    } else {
        Cell::from("—")
    }
}

/// The prize list's 其他奖励 cell: what is given besides money (证书, 奖状 …; a team's
/// certificate), empty where nothing is.
pub fn given_cell(a: &prizes::Award, lang: Lang) -> Cell {
    if a.kind == AwardKind::Team {
        return Cell::from(label(Label::Certificate, lang));
    }
    let words = given_words(a);
    if words.is_empty() {
        Cell::Empty
    } else {
        Cell::from(listing(&words))
    }
}

/// The one-prize-per-player rule (docs/rules.md#8-teams-groups-prizes), printed under the list for each category it
/// moved down: a better-placed player of the category already held a prize, so the prize
/// went further down the table.
fn moved_down_notes(
    t: &Tournament,
    standings: &[Standing],
    awards: &[prizes::Award],
    lang: Lang,
) -> Vec<String> {
    let mut notes = Vec::new();
    for c in t.rules.prizes.categories.iter().filter(|c| !c.stacks) {
        for s in 0..t.rules.sections.len().max(1) {
            let won: Vec<&prizes::Award> = awards
                .iter()
                .filter(|a| a.section == Some(s))
                .filter(|a| matches!(&a.kind, AwardKind::Category(n) if *n == c.name))
                .collect();
            let rank_of = |no| {
                standings
                    .iter()
                    .find(|r| r.no == no)
                    .map_or(u32::MAX, |r| r.rank)
            };
            let ranks: Vec<u32> = won.iter().filter_map(|a| a.no).map(rank_of).collect();
            let Some(last) = ranks.iter().copied().max() else {
                continue;
            };
            let passed = standings.iter().any(|r| {
                r.section == s
                    && r.rank < last
                    && !won.iter().any(|a| a.no == Some(r.no))
                    && t.player(r.no).is_some_and(|p| prizes::eligible(t, c, p))
            });
            if !passed {
                continue;
            }
            notes.push(note(
                Note::MovedDown {
                    category: &c.name,
                    group: (t.rules.sections.len() > 1).then(|| t.section_name(s)),
                    places: &ranks,
                },
                lang,
            ));
        }
    }
    notes
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
                out.push((
                    summary(Summary::SectionSubtotal(t.section_name(s)), lang),
                    Cell::Int(sum(&|a| a.section == Some(s))),
                ));
            }
        }
        if teams {
            out.push((
                summary(Summary::TeamsSubtotal, lang),
                Cell::Int(sum(&|a| a.section.is_none())),
            ));
        }
    }
    out.push((
        summary(Summary::TotalPrizeMoney, lang),
        Cell::Int(sum(&|_| true)),
    ));
    // The total counts money only: prizes whose amount the rules leave open are said apart.
    let open = awards.iter().filter(|a| money_unstated(a)).count();
    if open > 0 {
        out.push((summary(Summary::MoneyToBeSet, lang), Cell::Int(open as i64)));
    }
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

/// The knockout bracket: every knockout game in order, with the match winner; `None` when the
/// event has no knockout game yet.
pub fn bracket_report(t: &Tournament, lang: Lang) -> Option<Report> {
    let h = headers(
        &[
            Header::Round,
            Header::Phase,
            Header::Game,
            Header::Board,
            Header::Red,
            Header::Black,
            Header::Result,
            Header::Winner,
        ],
        lang,
    );
    let mut rows = Vec::new();
    for r in &t.rounds {
        for g in r.games.iter().filter(|g| g.stage != Stage::Swiss) {
            let winner = knockout::match_result(t, r.round, g.stage, g.red, g.black)
                .map(|(w, _)| format!("{} {}", w, name(t, w)));
            rows.push(vec![
                Cell::from(r.round.0),
                Cell::from(bracket_stage(g.stage, lang)),
                Cell::from(bracket_game(g.game, lang)),
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
    let places: Option<Vec<String>> = knockout::final_places(t).map(|p| {
        p.into_iter()
            .map(|no| format!("{no} {}", name(t, no)))
            .collect()
    });
    Some(Report::single(
        Kind::Knockout.title(lang),
        title(Title::Knockout(places.as_deref()), lang),
        h,
        rows,
    ))
}

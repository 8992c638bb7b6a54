//! The printouts and JSON of a team match event (团体赛, R2011 chapter 13): the team match table
//! (团体对阵表: each match, team v team, with its boards and score) and the team standings
//! (团体成绩: match points, game points and the team tiebreaks). `export --what matches`; the
//! console and the room page show the same rows (`match_rows`).

use serde_json::{Value, json};

use super::report::{Cell, Report, Table, round_time};
use super::rows::{name, result_text};
use crate::domain::rules::Lang;
use crate::domain::side::Side;
use crate::domain::team::matches::{Score, bye_team};
use crate::domain::team::{Match, TeamStanding, TeamTiebreak, round_matches, standings};
use crate::domain::{Board, GameResult, PlayerNo, Round, TeamNo, Tournament};
use crate::i18n::print::{
    Header, Kind, Label, Sheet, Summary, Title, headers, label, sheet, summary, title,
};

/// One board of a match as every surface shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    pub board: Board,
    /// The first team's (先走) player and side on this board; `None` in a vacant seat (缺台).
    pub first: Option<PlayerNo>,
    pub first_side: Side,
    pub second: Option<PlayerNo>,
    pub result: Option<GameResult>,
    /// Game points of the first and the second team on this board, once finished.
    pub points: Option<(u32, u32)>,
}

/// One match as every surface shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    pub index: u32,
    pub first: TeamNo,
    pub first_name: String,
    pub second: TeamNo,
    pub second_name: String,
    pub score: Score,
    pub boards: Vec<BoardRow>,
}

/// The name of team `no`.
pub fn team_name(t: &Tournament, no: TeamNo) -> String {
    t.team_event
        .team(no)
        .map(|x| x.name.clone())
        .unwrap_or_default()
}

/// A seat as the printouts show it: "17 张三", or 缺台 where the team fielded nobody.
pub fn seat_text(t: &Tournament, no: Option<PlayerNo>, lang: Lang) -> String {
    match no {
        Some(no) => format!("{no} {}", name(t, no)),
        None => crate::i18n::vacant::seat(lang).to_string(),
    }
}

/// The matches of `round` with their boards and live scores.
pub fn match_rows(t: &Tournament, round: Round) -> Vec<MatchRow> {
    round_matches(t, round)
        .iter()
        .map(|m| match_row(t, round, m))
        .collect()
}

fn match_row(t: &Tournament, round: Round, m: &Match) -> MatchRow {
    let pts = &t.rules.points;
    let boards = m
        .results(t, round)
        .into_iter()
        .map(|(board, result, side)| {
            let seat = |s: Side| match t.round(round).and_then(|r| r.vacant_board(board)) {
                Some(v) => *v.players.get(s),
                None => t.game(round, board).map(|g| g.player(s)),
            };
            BoardRow {
                board,
                first: seat(side),
                first_side: side,
                second: seat(side.other()),
                result,
                points: result.map(|r| (pts.for_result(r, side), pts.for_result(r, side.other()))),
            }
        })
        .collect();
    MatchRow {
        index: m.index,
        first: m.first,
        first_name: team_name(t, m.first),
        second: m.second,
        second_name: team_name(t, m.second),
        score: m.score(t, round),
        boards,
    }
}

/// The team match table of `round`: a row per board, and under each match its total.
pub fn matches_report(t: &Tournament, round: Round, lang: Lang) -> Report {
    let h = headers(
        &[
            Header::Match,
            Header::Board,
            Header::FirstTeam,
            Header::Player,
            Header::Side,
            Header::Score,
            Header::Player,
            Header::Side,
            Header::SecondTeam,
        ],
        lang,
    );
    let mut rows = Vec::new();
    for m in match_rows(t, round) {
        for (k, b) in m.boards.iter().enumerate() {
            let first_row = k == 0;
            rows.push(vec![
                if first_row {
                    Cell::from(m.index)
                } else {
                    Cell::Empty
                },
                Cell::from(b.board.0),
                if first_row {
                    Cell::from(m.first_name.clone())
                } else {
                    Cell::Empty
                },
                Cell::from(seat_text(t, b.first, lang)),
                Cell::from(label(Label::Side(b.first_side), lang)),
                Cell::from(board_score(b, lang)),
                Cell::from(seat_text(t, b.second, lang)),
                Cell::from(label(Label::Side(b.first_side.other()), lang)),
                if first_row {
                    Cell::from(m.second_name.clone())
                } else {
                    Cell::Empty
                },
            ]);
        }
        rows.push(vec![
            Cell::Empty,
            Cell::from(label(Label::Total, lang)),
            Cell::from(m.first_name.clone()),
            Cell::Empty,
            Cell::Empty,
            Cell::from(match_score(&m.score, lang)),
            Cell::Empty,
            Cell::Empty,
            Cell::from(m.second_name.clone()),
        ]);
    }
    let mut report = Report::single(
        sheet(Sheet::TeamMatches(round), lang),
        title(Title::TeamMatches(round), lang),
        h,
        rows,
    );
    if let Some(bye) = bye_team(t, round)
        && let Some(table) = report.tables.first_mut()
    {
        table
            .summary
            .push((summary(Summary::Bye, lang), Cell::from(team_name(t, bye))));
    }
    report
}

/// 轮次表 of a round robin of teams: every round's matches in table order (先走队 first), the
/// bye, the time, and the match score once played. Printable before round 1.
pub fn schedule(t: &Tournament, lang: Lang) -> Report {
    let h = headers(
        &[
            Header::Round,
            Header::Time,
            Header::Match,
            Header::FirstTeam,
            Header::SecondTeam,
            Header::Score,
        ],
        lang,
    );
    let mut rows = Vec::new();
    for round in schedule_rounds(t) {
        let played = match_rows(t, round.round);
        for (k, &(a, b)) in round.pairs.iter().enumerate() {
            let score = played
                .iter()
                .find(|m| m.first == a && m.second == b)
                .map(|m| match_score(&m.score, lang))
                .unwrap_or_default();
            rows.push(vec![
                Cell::from(round.round.0),
                Cell::from(round_time(t, round.round.0)),
                Cell::from(k as u32 + 1),
                Cell::from(team_name(t, a)),
                Cell::from(team_name(t, b)),
                Cell::from(score),
            ]);
        }
        if let Some(bye) = round.bye {
            rows.push(vec![
                Cell::from(round.round.0),
                Cell::from(round_time(t, round.round.0)),
                Cell::Empty,
                Cell::from(team_name(t, bye)),
                Cell::from(label(Label::Bye, lang)),
                Cell::Empty,
            ]);
        }
    }
    Report::single(
        sheet(Sheet::Schedule, lang),
        title(
            Title::TeamSchedule {
                rounds: t.rules.rounds,
            },
            lang,
        ),
        h,
        rows,
    )
}

/// One round of a team round robin's table.
pub struct ScheduledRound {
    pub round: Round,
    /// (先走队, 后走队) in table order.
    pub pairs: Vec<(TeamNo, TeamNo)>,
    pub bye: Option<TeamNo>,
}

/// The rounds of a team round robin's table, 1..=`rules.rounds`; empty for any other format.
pub fn schedule_rounds(t: &Tournament) -> Vec<ScheduledRound> {
    let crate::domain::format::Format::Team {
        schedule: crate::domain::format::TeamSchedule::RoundRobin(rr),
        ..
    } = t.rules.format
    else {
        return Vec::new();
    };
    let n = t.team_event.teams.len() as u32;
    (1..=t.rules.rounds)
        .map_while(|r| {
            let (pairs, bye) = crate::domain::team::pairing::round_robin(n, rr, Round(r)).ok()?;
            Some(ScheduledRound {
                round: Round(r),
                pairs,
                bye,
            })
        })
        .collect()
}

/// The team schedule as JSON (`export --what schedule` of a team round robin).
pub fn schedule_json(t: &Tournament) -> Value {
    Value::Array(
        schedule_rounds(t)
            .into_iter()
            .map(|r| {
                json!({
                    "round": r.round.0,
                    "time": Some(round_time(t, r.round.0)).filter(|s| !s.is_empty()),
                    "matches": r.pairs.iter().map(|(a, b)| json!({"first": a.0, "second": b.0})).collect::<Vec<_>>(),
                    "bye": r.bye.map(|b| b.0),
                })
            })
            .collect(),
    )
}

/// "2 : 0" for a finished board (the first team's game points first), else "—".
pub fn board_score(b: &BoardRow, lang: Lang) -> String {
    match (b.points, b.result) {
        (Some((a, c)), Some(r)) if r.is_forfeit() => {
            format!("{a} : {c} ({})", label(Label::Forfeit, lang))
        }
        (Some((a, c)), _) => format!("{a} : {c}"),
        _ => "—".to_string(),
    }
}

/// "5 : 3" once final, "3 : 1 (2/4)" while boards are still playing.
pub fn match_score(s: &Score, lang: Lang) -> String {
    if s.is_final() {
        format!("{} : {}", s.first, s.second)
    } else {
        format!(
            "{} : {} ({}{}/{})",
            s.first,
            s.second,
            label(Label::Done, lang),
            s.finished,
            s.boards
        )
    }
}

/// "5-4-3-2": game points board by board.
fn boards_text(v: &[u32]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// The team standings after `after`.
pub fn standings_report(t: &Tournament, after: Round, lang: Lang) -> Report {
    let chain: Vec<TeamTiebreak> = t
        .rules
        .format
        .team()
        .map(|c| c.tiebreaks.clone())
        .unwrap_or_default();
    let mut h = headers(
        &[
            Header::Rank,
            Header::TeamNo,
            Header::Team,
            Header::Played,
            Header::Won,
            Header::Drawn,
            Header::Lost,
            Header::MatchPoints,
        ],
        lang,
    );
    h.extend(
        chain
            .iter()
            .map(|tb| crate::i18n::print::team_tiebreak(*tb, lang).to_string()),
    );
    let rows = standings(t, after)
        .iter()
        .map(|s| {
            let x = &s.tally;
            let mut row = vec![
                Cell::from(s.rank),
                Cell::from(x.team.0),
                Cell::from(team_name(t, x.team)),
                Cell::from(x.played),
                Cell::from(x.wins),
                Cell::from(x.draws),
                Cell::from(x.losses),
                Cell::from(x.match_points),
            ];
            for (tb, v) in &s.tiebreaks {
                row.push(match (tb, v) {
                    (_, None) => Cell::Empty,
                    (TeamTiebreak::BoardPoints, Some(v)) => Cell::from(boards_text(v)),
                    (_, Some(v)) => Cell::from(v.first().copied().unwrap_or(0)),
                });
            }
            row
        })
        .collect();
    Report::single(
        Kind::Teams.title(lang),
        title(Title::After(Kind::Teams, after), lang),
        h,
        rows,
    )
}

/// The round the team standings are after: `--round` (or the last finished round), never past
/// the last finished round (a round in play has matches still open).
pub fn standings_round(t: &Tournament, round: Option<Round>) -> Round {
    let done = Round(t.completed_rounds());
    round.map_or(done, |r| r.min(done))
}

/// `export --what matches`: the match table of `--round` (else of every paired round), then
/// the team standings after the last finished round (or `--round`).
pub fn reports(t: &Tournament, round: Option<Round>, lang: Lang) -> Vec<Report> {
    let mut out: Vec<Report> = match round {
        Some(r) => vec![matches_report(t, r, lang)],
        None => t
            .rounds
            .iter()
            .map(|r| matches_report(t, r.round, lang))
            .collect(),
    };
    out.push(standings_report(t, standings_round(t, round), lang));
    out
}

/// A table with nothing but a header, for an event without teams.
pub fn empty_table(lang: Lang) -> Table {
    Table::new(headers(&[Header::Team], lang))
}

fn team_json(t: &Tournament, no: TeamNo) -> Value {
    json!({"no": no.0, "name": team_name(t, no)})
}

/// One standing line as JSON: tiebreaks by key (board points as a list, 直胜 null when the team
/// was not tied).
fn standing_json(t: &Tournament, s: &TeamStanding) -> Value {
    let x = &s.tally;
    let mut tb = serde_json::Map::new();
    for (k, v) in &s.tiebreaks {
        let value = match (k, v) {
            (_, None) => Value::Null,
            (TeamTiebreak::BoardPoints, Some(v)) => json!(v),
            (_, Some(v)) => json!(v.first().copied().unwrap_or(0)),
        };
        tb.insert(k.word().to_string(), value);
    }
    json!({
        "rank": s.rank,
        "no": x.team.0,
        "name": team_name(t, x.team),
        "played": x.played,
        "wins": x.wins,
        "draws": x.draws,
        "losses": x.losses,
        "byes": x.byes,
        "match_points": x.match_points,
        "game_points": x.game_points,
        "board_points": x.boards,
        "tiebreaks": tb,
    })
}

/// The JSON of `export --what matches` (and the `team_match` key of `--what all`): settings,
/// teams with rosters, every round's matches with their boards, and the team standings after
/// `after`. `Null` for an individual event.
pub fn json(t: &Tournament, round: Option<Round>) -> Value {
    let Some(cfg) = t.rules.format.team() else {
        return Value::Null;
    };
    let annulled = crate::domain::team::withdrawal::annulled(t);
    let teams: Vec<Value> = t
        .team_event
        .teams
        .iter()
        .map(|x| {
            json!({
                "no": x.no.0,
                "name": x.name,
                "players": x.players.iter().map(|p| p.0).collect::<Vec<_>>(),
                "reserves": x.reserves.iter().map(|p| p.0).collect::<Vec<_>>(),
                // A whole team's withdrawal (docs/rules.md#11-team-matches).
                "withdrawn": crate::domain::team::withdrawn::has_withdrawn(t, x),
                "annulled": annulled.contains(&x.no),
            })
        })
        .collect();
    let rounds: Vec<Value> = t
        .rounds
        .iter()
        .filter(|r| round.is_none_or(|want| want == r.round))
        .map(|r| {
            let matches: Vec<Value> = match_rows(t, r.round)
                .iter()
                .map(|m| {
                    json!({
                        "match": m.index,
                        "first": team_json(t, m.first),
                        "second": team_json(t, m.second),
                        "score": {"first": m.score.first, "second": m.score.second},
                        "finished": m.score.is_final(),
                        "boards": m.boards.iter().map(|b| {
                            let (red, black) = match b.first_side {
                                Side::Red => (b.first, b.second),
                                Side::Black => (b.second, b.first),
                            };
                            json!({
                                "board": b.board.0,
                                "red": red.map(|p| p.0),
                                "black": black.map(|p| p.0),
                                "first_side": b.first_side.word(),
                                "result": b.result.map(GameResult::word),
                            })
                        }).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let lineups: Vec<Value> = t
                .team_event
                .teams
                .iter()
                .map(|x| {
                    json!({
                        "team": x.no.0,
                        "handed_in": crate::domain::team::lineup::handed_in(t, x.no, r.round),
                    })
                })
                .collect();
            json!({
                "round": r.round.0,
                "matches": matches,
                "bye": bye_team(t, r.round).map(|b| team_json(t, b)),
                "lineups": lineups,
            })
        })
        .collect();
    let after = standings_round(t, round);
    let standings: Vec<Value> = standings(t, after)
        .iter()
        .map(|s| standing_json(t, s))
        .collect();
    json!({
        "system": t.rules.format.system().word(),
        "boards": cfg.boards,
        "match_points": {"win": cfg.match_points.win, "draw": cfg.match_points.draw, "loss": cfg.match_points.loss},
        "tiebreaks": cfg.tiebreaks.iter().map(|t| t.word()).collect::<Vec<_>>(),
        "teams": teams,
        "rounds": rounds,
        "standings_after_round": after.0,
        "standings": standings,
    })
}

/// The result cell of a board in the event's words (for the console and the room page).
pub fn result_cell(r: Option<GameResult>, lang: Lang) -> String {
    r.map_or_else(String::new, |r| result_text(r, lang).to_string())
}

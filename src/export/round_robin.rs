//! The round robin's printouts: the whole schedule (轮次表, printable before round 1) and the
//! square crosstable (循环赛成绩表: number, name and 单位, then rows and columns by number, each
//! cell the row player's game score against the column player, then 积分, 小分 and the 胜局 and
//! 直胜 the rules rank by, 名次), the main printout of a round robin. Withdrawals are explained under the table by the rule of R2011 ch.14
//! (`domain::round_robin::withdrawal`). Every format renders these `Report`s; `*_json` are the data.

use serde_json::{Value, json};

use super::report::{Cell, Report, Table, round_time};
use super::rows::{name, result_text};
use crate::domain::result::{GameResult, Outcome};
use crate::domain::round_robin::schedule::{self, Scheduled};
use crate::domain::round_robin::withdrawal::{self, Verdict, Withdrawal};
use crate::domain::rules::{Lang, Tiebreak};
use crate::domain::standings::Standing;
use crate::domain::{PlayerNo, Round, Side, Tournament};
use crate::i18n::print::{
    Header, Label, Note, Sheet, Summary, Title, headers, label, note, sheet, summary, tiebreak,
    title,
};

/// The sections to print: every section with a field.
fn sections(t: &Tournament) -> Vec<usize> {
    (0..t.rules.sections.len().max(1))
        .filter(|s| !t.table_field(*s).is_empty())
        .collect()
}

fn caption(t: &Tournament, s: usize) -> Option<String> {
    (t.rules.sections.len() > 1).then(|| t.section_name(s).to_string())
}

/// One game of the schedule as it stands: the board and result once played.
struct Slot {
    round: u32,
    board: Option<u32>,
    red: PlayerNo,
    black: Option<PlayerNo>,
    result: Option<GameResult>,
    /// Not on a board: a withdrawal (R2011 ch.14).
    unplayed: Option<Verdict>,
    /// A paired round's game that is on no board and that no withdrawal decides: one side
    /// was out then and has since been reinstated (the game is simply not played).
    skipped: bool,
    /// The table's rest (`black` is none) of a player who was out of the event that round.
    out: bool,
}

fn slots(t: &Tournament, s: usize, w: &[Withdrawal]) -> Vec<Slot> {
    let mut out = Vec::new();
    for (i, games) in table(t, s).into_iter().enumerate() {
        let round = Round(i as u32 + 1);
        let state = t.round(round);
        let unplayed = withdrawal::unplayed_with(t, round, w);
        for (pos, g) in games.into_iter().enumerate() {
            let board = state.and_then(|r| {
                r.games
                    .iter()
                    .find(|b| b.red == g.red && Some(b.black) == g.black)
            });
            let gone = unplayed
                .iter()
                .find(|u| u.red == g.red && Some(u.black) == g.black);
            out.push(Slot {
                round: round.0,
                // Before the round is paired, the table's order is the board order.
                board: board
                    .map(|b| b.board.0)
                    .or_else(|| state.is_none().then_some(pos as u32 + 1)),
                red: g.red,
                black: g.black,
                result: board
                    .and_then(|b| b.result)
                    .or(gone.and_then(withdrawal::Unplayed::result)),
                unplayed: gone.map(|u| u.verdict),
                skipped: state.is_some() && g.black.is_some() && board.is_none() && gone.is_none(),
                out: g.black.is_none()
                    && match state {
                        Some(r) => !r.byes.contains(&g.red),
                        None => t
                            .player(g.red)
                            .and_then(|p| p.withdrawn_from)
                            .is_some_and(|from| from <= round),
                    },
            });
        }
    }
    out
}

/// 轮次表: every round of the schedule, its boards in table order and the bye; results where
/// played. Printable before round 1 (numbers drawn).
pub fn schedule(t: &Tournament, lang: Lang) -> Report {
    let h = headers(
        &[
            Header::Round,
            Header::Time,
            Header::Board,
            Header::No,
            Header::Red,
            Header::No,
            Header::Black,
            Header::Result,
        ],
        lang,
    );
    let w = withdrawal::withdrawals(t);
    let tables = sections(t)
        .into_iter()
        .map(|s| {
            let rows = slots(t, s, &w)
                .into_iter()
                .map(|g| {
                    let result = match (g.unplayed, g.result) {
                        (Some(Verdict::Annulled), _) => {
                            label(Label::WithdrawnAnnulled, lang).to_string()
                        }
                        (Some(Verdict::Forfeits), _) => {
                            label(Label::WithdrawnForfeits, lang).to_string()
                        }
                        (None, Some(r)) => result_text(r, lang).to_string(),
                        (None, None) if g.skipped => label(Label::NotPlayed, lang).to_string(),
                        (None, None) => String::new(),
                    };
                    let rest = if g.out { Label::Withdrawn } else { Label::Bye };
                    match g.black {
                        Some(b) => vec![
                            Cell::from(g.round),
                            Cell::from(round_time(t, g.round)),
                            g.board.map_or(Cell::Empty, Cell::from),
                            Cell::from(g.red.0),
                            Cell::from(name(t, g.red)),
                            Cell::from(b.0),
                            Cell::from(name(t, b)),
                            Cell::from(result),
                        ],
                        None => vec![
                            Cell::from(g.round),
                            Cell::from(round_time(t, g.round)),
                            Cell::Empty,
                            Cell::from(g.red.0),
                            Cell::from(name(t, g.red)),
                            Cell::Empty,
                            Cell::from(label(rest, lang)),
                            Cell::Empty,
                        ],
                    }
                })
                .collect();
            Table {
                caption: caption(t, s),
                rows,
                ..Table::new(h.clone())
            }
        })
        .collect();
    Report {
        name: sheet(Sheet::Schedule, lang),
        title: title(
            Title::Schedule {
                rounds: t.rules.rounds,
            },
            lang,
        ),
        tables,
    }
}

/// The row player's score in one game against the column player: the points, "+"/"−" for a
/// forfeit won/lost, "=" for a double forfeit; in parentheses when annulled (R2011 ch.14).
fn score_text(t: &Tournament, result: GameResult, side: Side, annulled: bool) -> String {
    let text = if result == GameResult::DoubleForfeit {
        "=".to_string()
    } else if result.is_forfeit() {
        if result.outcome(side) == Outcome::Win {
            "+".to_string()
        } else {
            "−".to_string()
        }
    } else {
        t.rules.points.for_result(result, side).to_string()
    };
    if annulled { format!("({text})") } else { text }
}

/// The games between `a` and `b` up to `after`, from `a`'s side, in round order.
fn meetings(t: &Tournament, a: PlayerNo, b: PlayerNo, after: Round, w: &[Withdrawal]) -> String {
    let annulled = |no: PlayerNo| {
        w.iter()
            .any(|x| x.no == no && x.verdict == Verdict::Annulled)
    };
    let void = annulled(a) || annulled(b);
    let mut cells = Vec::new();
    for r in t.rounds.iter().take(after.0 as usize) {
        for g in r
            .games
            .iter()
            .filter(|g| (g.red == a && g.black == b) || (g.red == b && g.black == a))
        {
            if let Some(res) = g.result {
                let side = if g.red == a { Side::Red } else { Side::Black };
                cells.push(score_text(t, res, side, void));
            }
        }
        for u in withdrawal::unplayed_with(t, r.round, w) {
            if (u.red == a && u.black == b) || (u.red == b && u.black == a) {
                let side = if u.red == a { Side::Red } else { Side::Black };
                if let Some(res) = u.result() {
                    cells.push(score_text(t, res, side, false));
                }
            }
        }
    }
    cells.join(" ")
}

/// A withdrawal explained, for print and screen.
pub fn withdrawal_line(t: &Tournament, w: &Withdrawal, lang: Lang) -> String {
    note(
        Note::Withdrawal {
            no: w.no,
            name: &name(t, w.no),
            // The rounds the player was in the event for: the count of games played
            // (forfeit wins over an earlier withdrawal included) never exceeds it.
            after: t
                .player(w.no)
                .and_then(|p| p.withdrawn_from)
                .map_or(0, |r| r.0.saturating_sub(1)),
            played: w.played,
            scheduled: w.scheduled,
            verdict: w.verdict,
        },
        lang,
    )
}

/// The value of 小分 as a JSON number (divided by the win points; .5 where it falls).
fn sb_number(t: &Tournament, st: &Standing) -> Option<Value> {
    let den = i64::from(Tiebreak::SonnebornBerger.divisor(&t.rules.points));
    let v = st.value(Tiebreak::SonnebornBerger)?;
    Some(if v % den == 0 {
        json!(v / den)
    } else {
        json!(v as f64 / den as f64)
    })
}

/// The tiebreak columns after 积分: 小分 always (the round robin's own measure), and 胜局 and
/// 直胜 where the rules' chain ranks by them, in the chain's order.
fn tiebreak_columns(t: &Tournament) -> Vec<Tiebreak> {
    let shown = [
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::DirectEncounter,
    ];
    let chain = &t.rules.tiebreaks;
    let mut out: Vec<Tiebreak> = Vec::new();
    if !chain.contains(&Tiebreak::SonnebornBerger) {
        out.push(Tiebreak::SonnebornBerger);
    }
    out.extend(chain.iter().copied().filter(|tb| shown.contains(tb)));
    out
}

fn club(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map(|p| p.entry.club.clone())
        .unwrap_or_default()
}

/// The square crosstable after `after`: one table per section, rows and columns by number.
pub fn crosstable(t: &Tournament, after: Round, rows: &[Standing], lang: Lang) -> Report {
    let w = withdrawal::withdrawals(t);
    let columns = tiebreak_columns(t);
    let tables = sections(t)
        .into_iter()
        .map(|s| {
            let seats = t.table_field(s);
            let mut h = headers(&[Header::No, Header::Name, Header::Club], lang);
            h.extend(seats.iter().map(|n| n.0.to_string()));
            h.extend(headers(&[Header::Points], lang));
            h.extend(columns.iter().map(|tb| tiebreak(*tb, lang).to_string()));
            h.extend(headers(&[Header::Rank, Header::Remark], lang));
            let body = seats
                .iter()
                .map(|&a| {
                    let st = rows.iter().find(|r| r.no == a);
                    let mut row = vec![
                        Cell::from(a.0),
                        Cell::from(name(t, a)),
                        Cell::from(club(t, a)),
                    ];
                    row.extend(seats.iter().map(|&b| {
                        if a == b {
                            Cell::from("×")
                        } else {
                            Cell::from(meetings(t, a, b, after, &w))
                        }
                    }));
                    let remark = match w.iter().find(|x| x.no == a).map(|x| x.verdict) {
                        Some(Verdict::Annulled) => label(Label::WithdrawnAnnulled, lang),
                        Some(Verdict::Forfeits) => label(Label::Withdrawn, lang),
                        None => "",
                    };
                    row.push(st.map_or(Cell::Empty, |r| Cell::from(r.points)));
                    // Blank where the criterion gives no value (直胜 outside a tie).
                    row.extend(columns.iter().map(|tb| {
                        st.map_or(Cell::Empty, |r| {
                            Cell::ratio(r.value(*tb), tb.divisor(&t.rules.points))
                        })
                    }));
                    row.push(st.map_or(Cell::Empty, |r| Cell::from(r.rank)));
                    row.push(Cell::from(remark));
                    row
                })
                .collect();
            let summary = w
                .iter()
                .filter(|x| t.player(x.no).is_some_and(|p| p.section == s))
                .map(|x| {
                    (
                        summary(Summary::Withdrawal, lang),
                        Cell::from(withdrawal_line(t, x, lang)),
                    )
                })
                .collect();
            Table {
                caption: caption(t, s),
                rows: body,
                summary,
                ..Table::new(h)
            }
        })
        .collect();
    Report {
        name: sheet(Sheet::RoundRobin, lang),
        title: title(Title::RoundRobin(after), lang),
        tables,
    }
}

/// The schedule as data: per section, every round's games in table order.
pub fn schedule_json(t: &Tournament) -> Value {
    let w = withdrawal::withdrawals(t);
    Value::Array(
        sections(t)
            .into_iter()
            .map(|s| {
                let slots = slots(t, s, &w);
                let rounds: Vec<Value> = (1..=t.rules.rounds)
                    .filter_map(|r| {
                        let games: Vec<&Slot> = slots.iter().filter(|g| g.round == r).collect();
                        (!games.is_empty()).then(|| {
                            json!({
                                "round": r,
                                "time": Some(round_time(t, r)).filter(|s| !s.is_empty()),
                                "games": games.iter().filter_map(|g| g.black.map(|b| json!({
                                    "board": g.board,
                                    "red": g.red.0,
                                    "black": b.0,
                                    "result": g.result.map(GameResult::word),
                                    "withdrawal": g.unplayed.map(verdict_word),
                                }))).collect::<Vec<_>>(),
                                "bye": games.iter().find(|g| g.black.is_none()).map(|g| g.red.0),
                            })
                        })
                    })
                    .collect();
                json!({
                    "group": t.section_name(s),
                    "system": t.rules.format.system().word(),
                    "field": t.table_field(s).iter().map(|n| n.0).collect::<Vec<_>>(),
                    "rounds": rounds,
                })
            })
            .collect(),
    )
}

pub fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Annulled => "annulled",
        Verdict::Forfeits => "forfeits",
    }
}

/// The withdrawals as data (`--what all`): number, games played and scheduled, verdict.
pub fn withdrawals_json(t: &Tournament) -> Value {
    Value::Array(
        withdrawal::withdrawals(t)
            .iter()
            .map(|w| {
                json!({
                    "no": w.no.0,
                    "played": w.played,
                    "scheduled": w.scheduled,
                    "verdict": verdict_word(w.verdict),
                })
            })
            .collect(),
    )
}

/// The square crosstable as data: per section, each player's row with the score cells
/// against every other player (as printed), club, points, 小分, the printed tiebreak columns
/// by key (`tiebreaks`, null where a criterion gives no value) and rank.
pub fn crosstable_json(t: &Tournament, after: Round, rows: &[Standing]) -> Value {
    let w = withdrawal::withdrawals(t);
    let columns = tiebreak_columns(t);
    Value::Array(
        sections(t)
            .into_iter()
            .map(|s| {
                let seats = t.table_field(s);
                let players: Vec<Value> = seats
                    .iter()
                    .map(|&a| {
                        let st = rows.iter().find(|r| r.no == a);
                        let cells: Map = seats
                            .iter()
                            .filter(|b| **b != a)
                            .map(|&b| (b.0.to_string(), json!(meetings(t, a, b, after, &w))))
                            .collect();
                        let tiebreaks: Map = columns
                            .iter()
                            .map(|tb| {
                                let v = match tb {
                                    Tiebreak::SonnebornBerger => st.and_then(|r| sb_number(t, r)),
                                    _ => st.and_then(|r| r.value(*tb)).map(|v| json!(v)),
                                };
                                (tb.word().to_string(), v.unwrap_or(Value::Null))
                            })
                            .collect();
                        json!({
                            "no": a.0,
                            "name": name(t, a),
                            "club": club(t, a),
                            "rank": st.map(|r| r.rank),
                            "points": st.map(|r| r.points),
                            "sonneborn_berger": st.and_then(|r| sb_number(t, r)),
                            "tiebreaks": tiebreaks,
                            "cells": cells,
                        })
                    })
                    .collect();
                json!({
                    "group": t.section_name(s),
                    "after_round": after.0,
                    "field": seats.iter().map(|n| n.0).collect::<Vec<_>>(),
                    "players": players,
                })
            })
            .collect(),
    )
}

/// The schedule of section `s` (轮次表), empty when the event is no round robin.
fn table(t: &Tournament, s: usize) -> Vec<Vec<Scheduled>> {
    t.rules
        .format
        .round_robin()
        .map_or_else(Vec::new, |rr| schedule::schedule(t, rr, s))
}

type Map = serde_json::Map<String, Value>;

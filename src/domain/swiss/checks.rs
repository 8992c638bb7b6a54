//! The hard rules and colour rules checked on a pairing made by hand or changed by the
//! head arbiter (`pair --manual`, `--swap`, `--flip`).

use super::colour::ColourState;
use crate::domain::breaks::{RuleBreak, Who};
use crate::domain::event::{Pairing, Stage};
use crate::domain::ids::Board;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::pairing::explain::Break;
use crate::domain::pairing::input::{Entrant, entrants};
use crate::domain::side::Side;
use crate::domain::tournament::Tournament;
use std::collections::HashMap;

/// Lists the hard rules a hand-made pairing of `round` breaks (rematches, third colour in a
/// row, colour difference of three, players of different sections).
pub fn check_hard_rules(t: &Tournament, round: Round, games: &[Pairing]) -> Vec<RuleBreak> {
    let byes: Vec<PlayerNo> = t.round(round).map(|r| r.byes.clone()).unwrap_or_default();
    check_hard_rules_with(t, round, games, &byes)
}

/// Lists the hard rules a round entered by hand breaks: those of `check_hard_rules`, and a
/// bye to a player who had one, who is not eligible, or who also plays.
pub fn check_manual(
    t: &Tournament,
    round: Round,
    games: &[Pairing],
    byes: &[PlayerNo],
) -> Vec<RuleBreak> {
    let mut out = check_hard_rules_with(t, round, games, byes);
    let sections = entrants(t, round);
    let entrant = by_number(&sections);
    let who = |no: PlayerNo| named_player(t, no);
    for &b in byes {
        match entrant.get(&b) {
            None => out.push(RuleBreak::ByeNotEligible { who: who(b), round }),
            Some(e) if e.had_bye => out.push(RuleBreak::SecondBye { who: who(b) }),
            Some(_) => {}
        }
        if games.iter().any(|g| g.red == b || g.black == b) {
            out.push(RuleBreak::ByeAlsoPlays { who: who(b) });
        }
    }
    out
}

/// The colour rules 4–5 a pairing of `round` breaks, per player.
pub fn colour_breaks(t: &Tournament, round: Round, games: &[Pairing]) -> Vec<Break> {
    let sections = entrants(t, round);
    let entrant = by_number(&sections);
    let mut out = Vec::new();
    for g in games.iter().filter(|g| g.stage == Stage::Swiss) {
        for (no, side) in [(g.red, Side::Red), (g.black, Side::Black)] {
            if let Some(e) = entrant.get(&no) {
                out.extend(breaks_of(no, &ColourState::of(&e.colours), side));
            }
        }
    }
    out
}

/// The entrants of every section of a round, by number.
fn by_number(sections: &[Vec<Entrant>]) -> HashMap<PlayerNo, &Entrant> {
    sections.iter().flatten().map(|e| (e.no, e)).collect()
}

/// A player as a rule break names them: number and name.
fn named_player(t: &Tournament, no: PlayerNo) -> Who {
    Who {
        no,
        name: t
            .player(no)
            .map_or("?", |p| p.entry.name.as_str())
            .to_string(),
    }
}

/// The colour rules a player with colours `st` breaks by taking `side`.
pub(super) fn breaks_of(no: PlayerNo, st: &ColourState, side: Side) -> Vec<Break> {
    let mut out = Vec::new();
    if st.last == Some(side) && st.streak >= 2 {
        out.push(Break::ThirdInRow(no, side));
    }
    let delta = if side == Side::Red { 1 } else { -1 };
    if (st.balance() + delta).abs() >= 3 {
        out.push(Break::Difference(no, side));
    }
    out
}

fn check_hard_rules_with(
    t: &Tournament,
    round: Round,
    games: &[Pairing],
    byes: &[PlayerNo],
) -> Vec<RuleBreak> {
    let mut out = Vec::new();
    let sections = entrants(t, round);
    let entrant = by_number(&sections);
    let who = |no: PlayerNo| named_player(t, no);
    let last = round.0 >= t.rules.rounds;
    let mut boards: HashMap<PlayerNo, Vec<Board>> = HashMap::new();
    for g in games {
        for no in [g.red, g.black] {
            boards.entry(no).or_default().push(g.board);
        }
    }
    let mut twice: Vec<(&PlayerNo, &Vec<Board>)> =
        boards.iter().filter(|(_, b)| b.len() > 1).collect();
    twice.sort();
    for (no, b) in twice {
        out.push(RuleBreak::PairedTwice {
            who: who(*no),
            boards: b.clone(),
        });
    }
    let mut missing: Vec<PlayerNo> = entrant
        .keys()
        .copied()
        .filter(|no| !boards.contains_key(no) && !byes.contains(no))
        .collect();
    missing.sort();
    for no in missing {
        out.push(RuleBreak::NotPaired { who: who(no) });
    }
    for g in games.iter().filter(|g| g.stage == Stage::Swiss) {
        let board = g.board;
        let (Some(er), Some(eb)) = (entrant.get(&g.red), entrant.get(&g.black)) else {
            for no in [g.red, g.black] {
                if !entrant.contains_key(&no) {
                    out.push(RuleBreak::NotEligible {
                        board,
                        who: who(no),
                        round,
                    });
                }
            }
            continue;
        };
        let (sr, sb) = (
            t.player(g.red).map_or(0, |p| p.section),
            t.player(g.black).map_or(0, |p| p.section),
        );
        if sr != sb {
            out.push(RuleBreak::DifferentSections {
                board,
                red: who(g.red),
                red_section: t.section_name(sr).to_string(),
                black: who(g.black),
                black_section: t.section_name(sb).to_string(),
            });
        }
        if er.has_met(g.black) || eb.has_met(g.red) {
            out.push(RuleBreak::AlreadyMet {
                board,
                red: who(g.red),
                black: who(g.black),
            });
        }
        if last {
            continue;
        }
        for (e, side) in [(er, Side::Red), (eb, Side::Black)] {
            let st = ColourState::of(&e.colours);
            if st.last == Some(side) && st.streak >= 2 {
                out.push(RuleBreak::ThirdInRow {
                    board,
                    who: who(e.no),
                    side,
                });
            }
            let delta = if side == Side::Red { 1 } else { -1 };
            if (st.balance() + delta).abs() >= 3 {
                out.push(RuleBreak::Difference {
                    board,
                    who: who(e.no),
                    reds: st.reds + i32::from(side == Side::Red),
                    blacks: st.blacks + i32::from(side == Side::Black),
                });
            }
        }
    }
    out
}

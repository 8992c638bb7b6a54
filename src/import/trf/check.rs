//! The checked conversion from the file's records to a tournament bianpai can replay: every
//! pairing held by both sides, one colour each, results that fit together, every declared
//! total what its results give under the file's scoring, each start number once. The only
//! way to a [`Trf`] is [`check`].

use std::collections::HashMap;

use super::fault::{TrfFault, TrfFaultKind};
use super::record::{Cell, Colour, Mark, POINTS_COLUMN, PlayerLine, Records, Scoring};

/// A game of a round, both sides agreeing: indices into [`Trf::players`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfGame {
    /// The side with `w` (bianpai's red).
    pub white: usize,
    pub black: usize,
    pub white_mark: Mark,
    pub black_mark: Mark,
}

/// A round of a player without a game: a bye letter (`U H F Z`), or a forfeit letter without
/// an opponent, or blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfBye {
    pub player: usize,
    pub mark: Mark,
}

/// One round as the file holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfRound {
    pub games: Vec<TrfGame>,
    pub byes: Vec<TrfBye>,
}

/// A checked TRF tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trf {
    /// The tournament records (their `players` are those below).
    pub records: Records,
    /// The players in the order of their start numbers.
    pub players: Vec<PlayerLine>,
    /// The rounds the event has (142 / XXR, or `--rounds`).
    pub rounds: u32,
    /// The rounds the file holds, first to last played.
    pub played: Vec<TrfRound>,
    pub scoring: Scoring,
}

fn at(p: &PlayerLine, column: usize, kind: TrfFaultKind) -> TrfFault {
    TrfFault {
        line: p.line,
        column,
        kind,
    }
}

/// Do two sides' results of one game fit together?
fn agree(a: Mark, b: Mark) -> bool {
    use Mark as M;
    matches!(
        (a, b),
        (M::Win | M::UnratedWin, M::Loss | M::UnratedLoss)
            | (M::Loss | M::UnratedLoss, M::Win | M::UnratedWin)
            | (M::Draw | M::UnratedDraw, M::Draw | M::UnratedDraw)
            | (M::ForfeitWin, M::ForfeitLoss)
            | (M::ForfeitLoss, M::ForfeitWin | M::ForfeitLoss)
            | (M::Blank, M::Blank)
    )
}

/// Checks the records (`rounds`: `--rounds`, used when the file does not say).
///
/// # Errors
/// The first defect, at its line and column.
pub fn check(mut records: Records, rounds: Option<u32>) -> Result<Trf, TrfFault> {
    let mut players = std::mem::take(&mut records.players);
    if players.is_empty() {
        return Err(TrfFault {
            line: 1,
            column: 1,
            kind: TrfFaultKind::NoPlayers,
        });
    }
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for p in &players {
        if let Some(first) = seen.insert(p.no, p.line) {
            return Err(at(
                p,
                5,
                TrfFaultKind::StartNumberTwice {
                    no: p.no,
                    first_line: first,
                },
            ));
        }
    }
    // The count: `--rounds`, else the file's XXR / 142, else one round date (132) a round.
    let dated = u32::try_from(records.round_dates.len()).unwrap_or(0);
    let rounds = match (records.rounds, rounds) {
        (Some((n, _)), None) | (_, Some(n)) => n,
        (None, None) if dated > 0 => dated,
        (None, None) => {
            return Err(TrfFault {
                line: 1,
                column: 1,
                kind: TrfFaultKind::NoRoundCount,
            });
        }
    };
    players.sort_by_key(|p| p.no);
    let index: HashMap<u32, usize> = players.iter().enumerate().map(|(i, p)| (p.no, i)).collect();
    let played = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    for p in &players {
        if p.rounds.len() > rounds as usize {
            let c = p.rounds[rounds as usize].column;
            return Err(at(
                p,
                c,
                TrfFaultKind::TooManyRounds {
                    rounds,
                    found: p.rounds.len() as u32,
                },
            ));
        }
    }
    let scoring = records.scoring.unwrap_or_default();
    let blank = |column| Cell {
        opponent: None,
        colour: Colour::None,
        mark: Mark::Blank,
        column,
    };
    let mut out = Vec::with_capacity(played);
    for r in 0..played {
        let round = r as u32 + 1;
        let mut tr = TrfRound::default();
        for (i, p) in players.iter().enumerate() {
            let cell = p.rounds.get(r).copied().unwrap_or(blank(92 + 10 * r));
            let Some(opp_no) = cell.opponent else {
                if cell.mark.needs_opponent() {
                    return Err(at(
                        p,
                        cell.column + 7,
                        TrfFaultKind::ResultWithoutGame {
                            round,
                            result: cell.mark.letter(),
                        },
                    ));
                }
                tr.byes.push(TrfBye {
                    player: i,
                    mark: cell.mark,
                });
                continue;
            };
            if cell.mark.is_bye() {
                return Err(at(
                    p,
                    cell.column + 7,
                    TrfFaultKind::ResultWithoutGame {
                        round,
                        result: cell.mark.letter(),
                    },
                ));
            }
            if opp_no == p.no {
                return Err(at(p, cell.column, TrfFaultKind::PairedWithSelf { round }));
            }
            let Some(&j) = index.get(&opp_no) else {
                return Err(at(
                    p,
                    cell.column,
                    TrfFaultKind::NoSuchOpponent {
                        round,
                        opponent: opp_no,
                    },
                ));
            };
            let q = &players[j];
            let theirs = q.rounds.get(r).copied().unwrap_or(blank(cell.column));
            if theirs.opponent != Some(p.no) {
                return Err(at(
                    p,
                    cell.column,
                    TrfFaultKind::PairingNotHeld {
                        round,
                        no: p.no,
                        opponent: opp_no,
                        theirs: theirs.opponent,
                    },
                ));
            }
            if j < i {
                continue; // the game was taken from the other side's line
            }
            let same = cell.colour == theirs.colour && cell.colour != Colour::None;
            if same {
                return Err(at(
                    p,
                    cell.column + 5,
                    TrfFaultKind::SameColour {
                        round,
                        opponent: opp_no,
                    },
                ));
            }
            if !agree(cell.mark, theirs.mark) {
                return Err(at(
                    p,
                    cell.column + 7,
                    TrfFaultKind::ResultsDisagree {
                        round,
                        opponent: opp_no,
                        mine: cell.mark.letter(),
                        theirs: theirs.mark.letter(),
                    },
                ));
            }
            // A colour on one side only gives the other; none at all (a forfeit written
            // `-`): the lower start number takes white.
            let p_white = match (cell.colour, theirs.colour) {
                (Colour::White, _) | (Colour::None, Colour::Black | Colour::None) => true,
                (Colour::Black, _) | (Colour::None, Colour::White) => false,
            };
            let (white, black, wm, bm) = if p_white {
                (i, j, cell.mark, theirs.mark)
            } else {
                (j, i, theirs.mark, cell.mark)
            };
            tr.games.push(TrfGame {
                white,
                black,
                white_mark: wm,
                black_mark: bm,
            });
        }
        out.push(tr);
    }
    for p in &players {
        let total: u32 = p.rounds.iter().map(|c| scoring.of(c.mark, c.colour)).sum();
        if total != p.points {
            return Err(at(
                p,
                POINTS_COLUMN,
                TrfFaultKind::TotalMismatch {
                    declared: p.points,
                    computed: total,
                },
            ));
        }
    }
    Ok(Trf {
        records,
        players,
        rounds,
        played: out,
        scoring,
    })
}

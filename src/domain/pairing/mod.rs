//! Pairing (编排): round 1 by number (RULES.md §2), later rounds by score (积分编排, §3).
//! This module gathers each section's players and their history, hands them to the engine,
//! and numbers the boards continuously across the room.

pub mod colour;
pub mod cost;
pub mod matching;
mod round1;
pub mod swiss;

use std::collections::HashMap;

use super::event::{GameKind, Pairing, Stage};
use super::ids::{Board, PlayerNo, Round};
use super::knockout;
use super::refusal::Refusal;
use super::side::Side;
use super::tournament::{Status, Tournament};

pub use swiss::{PairingError, SectionPairing, pair_section};

/// Whether a player was paired against a higher (up) or lower (down) score in a past round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    None,
    Up,
    Down,
}

/// One player as the engine sees them: score and history up to the round being paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub no: PlayerNo,
    pub score: u32,
    /// Everyone met so far (forfeited games count as met).
    pub opponents: Vec<PlayerNo>,
    /// Colours of the games paired so far, in round order (forfeits included, byes excluded).
    pub colours: Vec<Side>,
    pub had_bye: bool,
    /// Floats in the past rounds, in round order.
    pub floats: Vec<Float>,
    /// Current rank in the section (1 = best): score, then number.
    pub rank: u32,
}

impl Entrant {
    pub fn reds(&self) -> usize {
        self.colours.iter().filter(|c| **c == Side::Red).count()
    }
    pub fn blacks(&self) -> usize {
        self.colours.len() - self.reds()
    }
    pub fn has_met(&self, other: PlayerNo) -> bool {
        self.opponents.contains(&other)
    }
}

/// Everything the engine needs to pair one section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionInput {
    pub round: Round,
    /// True when this is the event's last round: colour rules may be relaxed (RULES.md §3).
    pub last_round: bool,
    /// True in the last three rounds: the higher-scored player's colour need wins.
    pub late_rounds: bool,
    /// Eligible players, best rank first.
    pub entrants: Vec<Entrant>,
}

/// A proposed pairing for the next round, not yet written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub round: Round,
    pub games: Vec<Pairing>,
    pub byes: Vec<PlayerNo>,
    /// The explanation, one line per board then general notes (`pair --explain`).
    pub explanation: Vec<String>,
}

/// Score of every player from the Swiss games of rounds before `before` (byes included).
pub fn swiss_scores(t: &Tournament, before: Round) -> HashMap<PlayerNo, u32> {
    let mut scores: HashMap<PlayerNo, u32> = t.players.iter().map(|p| (p.no, 0)).collect();
    let pts = &t.rules.points;
    for r in t.rounds.iter().take(before.index()) {
        for g in r.games.iter().filter(|g| g.stage == Stage::Swiss) {
            if let Some(res) = g.result {
                for side in Side::BOTH {
                    *scores.entry(g.player(side)).or_default() += pts.for_result(res, side);
                }
            }
        }
        for b in &r.byes {
            *scores.entry(*b).or_default() += pts.bye_points();
        }
    }
    scores
}

/// Builds the engine's view of the players eligible for `round`, section by section.
pub fn entrants(t: &Tournament, round: Round) -> Vec<Vec<Entrant>> {
    let finalists = knockout::finalists(t, round);
    let scores = swiss_scores(t, round);
    let mut by_section: Vec<Vec<Entrant>> = vec![Vec::new(); t.rules.sections.len()];
    let mut index: HashMap<PlayerNo, (usize, usize)> = HashMap::new();
    for p in &t.players {
        let eligible =
            p.status == Status::Active && p.joins_round <= round && !finalists.contains(&p.no);
        if eligible {
            let s = p.section.min(by_section.len() - 1);
            let list = &mut by_section[s];
            index.insert(p.no, (s, list.len()));
            list.push(Entrant {
                no: p.no,
                score: scores.get(&p.no).copied().unwrap_or(0),
                opponents: Vec::new(),
                colours: Vec::new(),
                had_bye: false,
                floats: Vec::new(),
                rank: 0,
            });
        }
    }
    // History, round by round, with the scores before each round for floats.
    let mut running: HashMap<PlayerNo, u32> = HashMap::new();
    let pts = &t.rules.points;
    for r in t.rounds.iter().take(round.index()) {
        let mut floated: HashMap<PlayerNo, Float> = HashMap::new();
        for g in r.games.iter().filter(|g| g.stage == Stage::Swiss) {
            let (sr, sb) = (
                running.get(&g.red).copied().unwrap_or(0),
                running.get(&g.black).copied().unwrap_or(0),
            );
            let f = |a: u32, b: u32| match a.cmp(&b) {
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Equal => Float::None,
            };
            floated.insert(g.red, f(sr, sb));
            floated.insert(g.black, f(sb, sr));
            for side in Side::BOTH {
                let me = g.player(side);
                if let Some(&(s, i)) = index.get(&me) {
                    let e = &mut by_section[s][i];
                    e.opponents.push(g.player(side.other()));
                    e.colours.push(side);
                }
            }
        }
        for b in &r.byes {
            if let Some(&(s, i)) = index.get(b) {
                by_section[s][i].had_bye = true;
            }
            floated.insert(*b, Float::Down);
        }
        for (&no, &(s, i)) in &index {
            by_section[s][i]
                .floats
                .push(floated.get(&no).copied().unwrap_or(Float::None));
        }
        for g in r.games.iter().filter(|g| g.stage == Stage::Swiss) {
            if let Some(res) = g.result {
                for side in Side::BOTH {
                    *running.entry(g.player(side)).or_default() += pts.for_result(res, side);
                }
            }
        }
        for b in &r.byes {
            *running.entry(*b).or_default() += pts.bye_points();
        }
    }
    for list in &mut by_section {
        list.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
        for (i, e) in list.iter_mut().enumerate() {
            e.rank = i as u32 + 1;
        }
    }
    by_section
}

/// One section's boards: section index, (red, black) pairs in board order, a note per pair.
type SectionBoards = (usize, Vec<(PlayerNo, PlayerNo)>, Vec<String>);

/// The explanation of a paired round: the engine's reasoning recomputed from the state before
/// the round, with a warning when the boards played differ from what the engine proposes
/// (changed by hand with `--swap`/`--flip`, or a knockout colour choice).
pub fn explain_round(t: &Tournament, round: Round) -> Vec<String> {
    let Some(played) = t.round(round) else {
        return vec![format!("round {round} has not been paired")];
    };
    let mut before = t.clone();
    before.rounds.truncate(round.index());
    let proposal = match propose(&before) {
        Ok(p) if p.round == round => p,
        Ok(_) => return vec![format!("round {round}: no explanation available")],
        Err(e) => return vec![format!("round {round}: {e}")],
    };
    let proposed: Vec<_> = proposal.games.iter().map(|g| (g.red, g.black)).collect();
    // Tie-break games added to a knockout match come after the paired boards.
    let actual: Vec<_> = played.games.iter().map(|g| (g.red, g.black)).collect();
    let mut lines = proposal.explanation;
    if !actual.starts_with(&proposed) {
        lines.push(format!(
            "note: the boards of round {round} differ from the engine's proposal explained above (changed by hand or by a knockout colour choice)"
        ));
    }
    lines.extend(
        played
            .override_warnings
            .iter()
            .map(|w| format!("accepted override: {w}")),
    );
    lines
}

/// Proposes the next round's pairing without writing anything.
pub fn propose(t: &Tournament) -> Result<Proposal, Refusal> {
    propose_with(t, &[])
}

/// Like `propose`; `red_choices` are knockout players who chose red where the colour
/// counts are equal (RULES.md §7).
pub fn propose_with(t: &Tournament, red_choices: &[PlayerNo]) -> Result<Proposal, Refusal> {
    let round = Round(t.current_round().0 + 1);
    let sections = entrants(t, round);
    let rules = &t.rules;
    let mut explanation = Vec::new();
    let mut knockout_games = knockout::pairings(t, round, red_choices)?;
    let mut boards: Vec<SectionBoards> = Vec::new();
    let mut byes = Vec::new();
    let scores = swiss_scores(t, round);
    for (s, list) in sections.iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        let name = t.section_name(s).to_string();
        let result = if round.0 == 1 {
            round1::pair(t, list)
        } else {
            let input = SectionInput {
                round,
                last_round: round.0 >= rules.rounds,
                late_rounds: round.0 + 2 >= rules.rounds,
                entrants: list.clone(),
            };
            pair_section(&input).map_err(|e| {
                Refusal::Pairing(if rules.sections.len() > 1 {
                    format!("{name}: {e}")
                } else {
                    e.to_string()
                })
            })?
        };
        if let Some(b) = result.bye {
            byes.push(b);
        }
        let mut pairs: Vec<((PlayerNo, PlayerNo), String)> = result
            .pairs
            .iter()
            .copied()
            .zip(
                result
                    .notes
                    .iter()
                    .cloned()
                    .chain(std::iter::repeat(String::new())),
            )
            .collect();
        // Board order: higher score of the pair, then lower score, then smaller number.
        let key = |(r, b): (PlayerNo, PlayerNo)| {
            let (sr, sb) = (scores[&r], scores[&b]);
            (
                std::cmp::Reverse(sr.max(sb)),
                std::cmp::Reverse(sr.min(sb)),
                r.min(b),
            )
        };
        pairs.sort_by_key(|(p, _)| key(*p));
        let (ps, notes): (Vec<_>, Vec<_>) = pairs.into_iter().unzip();
        explanation.extend(result.general.iter().map(|g| {
            if rules.sections.len() > 1 {
                format!("{name}: {g}")
            } else {
                g.clone()
            }
        }));
        boards.push((s, ps, notes));
    }
    let mut games = Vec::new();
    let mut board_lines = Vec::new();
    for (red, black, stage) in knockout_games.drain(..) {
        let board = Board(games.len() as u32 + 1);
        games.push(Pairing {
            board,
            red,
            black,
            stage,
            game: GameKind::Slow,
        });
        board_lines.push(format!(
            "board {board}: {} knockout, {red} v {black}",
            stage.word()
        ));
    }
    for (_, ps, notes) in boards {
        for ((red, black), note) in ps.into_iter().zip(notes) {
            let board = Board(games.len() as u32 + 1);
            games.push(Pairing {
                board,
                red,
                black,
                stage: Stage::Swiss,
                game: GameKind::Slow,
            });
            board_lines.push(if note.is_empty() {
                format!("board {board}: {red} v {black}")
            } else {
                format!("board {board}: {red} v {black}: {note}")
            });
        }
    }
    for b in &byes {
        board_lines.push(format!(
            "bye: {b} (lowest score without a bye whose removal leaves a legal pairing)"
        ));
    }
    board_lines.extend(explanation);
    if games.is_empty() && byes.is_empty() {
        return Err(Refusal::Pairing(format!(
            "round {round}: no players are eligible"
        )));
    }
    Ok(Proposal {
        round,
        games,
        byes,
        explanation: board_lines,
    })
}

//! What the engines are given to pair one section (docs/rules.md#3-pairing): each player's score
//! and history up to the round being paired, and how it is gathered from the state
//! (`entrants`, which the Swiss engine's checks of a hand-made round read too).

use std::collections::HashMap;

use crate::domain::event::Stage;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::knockout;
use crate::domain::side::Side;
use crate::domain::standings::swiss_scores;
use crate::domain::tournament::{Status, Tournament};

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
    /// True when this is the event's last round: colour rules may be relaxed (docs/rules.md#3-pairing).
    pub last_round: bool,
    /// True in the last three rounds: the higher-scored player's colour need wins.
    pub late_rounds: bool,
    /// The head arbiter relaxed colour rules 4–5 before the last round (`pair --relax
    /// colours`): fewest breaks first, then criteria 6–10.
    pub relax_colours: bool,
    /// Eligible players, best rank first.
    pub entrants: Vec<Entrant>,
}

/// Builds the engine's view of the players eligible for `round`, section by section.
pub fn entrants(t: &Tournament, round: Round) -> Vec<Vec<Entrant>> {
    let finalists = knockout::finalists(t, round);
    let scores = swiss_scores(t, round);
    let mut by_section: Vec<Vec<Entrant>> = vec![Vec::new(); t.rules.sections.len()];
    let mut index: HashMap<PlayerNo, (usize, usize)> = HashMap::new();
    for p in &t.players {
        // A requested bye (docs/rules.md#requested-byes) sits the round out.
        let eligible = p.status == Status::Active
            && p.joins_round <= round
            && !finalists.contains(&p.no)
            && !crate::domain::requested_bye::query::on_bye(t, round, p.no);
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
            *running.entry(*b).or_default() += t.rules.bye_points();
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

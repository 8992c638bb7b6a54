//! Knockout finals for the top four after the configured Swiss round (docs/rules.md#7-knockout, seed 003).
//!
//! After round `after_round` the top four (of the first section, active players) leave the
//! Swiss: semi-finals 1 v 4 and 2 v 3 in the next round, then the final and the third-place
//! match in the round after. Each match is one slow game; if drawn, a rapid game with colours
//! swapped; if drawn again, an armageddon game with colours by lot (a recorded seed), where a
//! draw counts as a black win. Knockout games sit in the same rounds as the Swiss boards of
//! the others and never count for Swiss points (standings add the slow games' points to a
//! finalist's score for opponent score only).

pub mod config;
pub mod placing;
pub mod table;

use sha2::{Digest, Sha256};

use crate::domain::event::{Event, GameKind, Pairing, Stage};
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::refusal::Refusal;
use crate::domain::result::GameResult;
use crate::domain::side::Side;
use crate::domain::standings::calc as swiss_table;
use crate::domain::tournament::{Game, Status, Tournament};

/// The four finalists in seed order (1st to 4th after the Swiss round), once that round is
/// complete; empty before, or when the event has no knockout.
pub fn seeds(t: &Tournament) -> Vec<PlayerNo> {
    let Some(k) = t.rules.format.knockout() else {
        return Vec::new();
    };
    if t.completed_rounds() < k.after_round {
        return Vec::new();
    }
    // The table that selects them, kept in the state once computed (`table`).
    let after = Round(k.after_round);
    let table = t.selecting.get_or(&t.rules, t.players.len(), || {
        swiss_table::without_finals(t, after)
            .into_iter()
            .map(|s| (s.no, s.section))
            .collect()
    });
    // Once the semi-finals are paired the seeds are fixed: a finalist who withdraws later
    // (by hand or by the consecutive-forfeit rule) stays a seed, and the knockout goes on.
    if let Some(first) = t.round(Round(k.after_round + 1)) {
        let semi: Vec<PlayerNo> = first
            .games
            .iter()
            .filter(|g| g.stage == Stage::SemiFinal)
            .flat_map(|g| [g.red, g.black])
            .collect();
        if !semi.is_empty() {
            return table
                .iter()
                .filter(|(no, _)| semi.contains(no))
                .map(|(no, _)| *no)
                .collect();
        }
    }
    table
        .iter()
        .filter(|(_, section)| *section == 0)
        .filter(|(no, _)| t.player(*no).is_some_and(|p| p.status == Status::Active))
        .take(k.players as usize)
        .map(|(no, _)| *no)
        .collect()
}

/// Players who have left the Swiss for the knockout by `round`.
pub fn finalists(t: &Tournament, round: Round) -> Vec<PlayerNo> {
    match t.rules.format.knockout() {
        Some(k) if round.0 > k.after_round => seeds(t),
        _ => Vec::new(),
    }
}

/// Red and black counts over every game a player has been paired in so far.
fn colour_counts(t: &Tournament, no: PlayerNo) -> (i64, i64) {
    let mut counts = (0, 0);
    for g in t.rounds.iter().flat_map(|r| &r.games) {
        match g.side_of(no) {
            Some(Side::Red) => counts.0 += 1,
            Some(Side::Black) => counts.1 += 1,
            None => {}
        }
    }
    counts
}

/// Colours of a slow knockout game between `higher` (the better seed) and `lower`: the
/// player with fewer reds relative to blacks gets red; if equal, the higher-ranked player
/// chooses (`choices` holds players who asked for red); without a choice, red.
fn slow_colours(
    t: &Tournament,
    higher: PlayerNo,
    lower: PlayerNo,
    choices: &[PlayerNo],
) -> (PlayerNo, PlayerNo) {
    let (hr, hb) = colour_counts(t, higher);
    let (lr, lb) = colour_counts(t, lower);
    match (hr - hb).cmp(&(lr - lb)) {
        std::cmp::Ordering::Less => (higher, lower),
        std::cmp::Ordering::Greater => (lower, higher),
        std::cmp::Ordering::Equal => {
            if choices.contains(&lower) && !choices.contains(&higher) {
                (lower, higher)
            } else {
                (higher, lower)
            }
        }
    }
}

/// The games of one match (same stage, same two players) in `round`, in board order.
fn match_games(t: &Tournament, round: Round, stage: Stage, a: PlayerNo, b: PlayerNo) -> Vec<&Game> {
    t.round(round).map_or_else(Vec::new, |r| {
        r.games
            .iter()
            .filter(|g| g.stage == stage && g.side_of(a).is_some() && g.side_of(b).is_some())
            .collect()
    })
}

/// Who won a decided knockout game: an armageddon draw counts as a black win; a double
/// forfeit decides nothing.
fn game_winner(g: &Game) -> Option<PlayerNo> {
    let r = g.result?;
    match r {
        GameResult::RedWin | GameResult::RedWinForfeit => Some(g.red),
        GameResult::BlackWin | GameResult::BlackWinForfeit => Some(g.black),
        GameResult::Draw if g.game == GameKind::Armageddon => Some(g.black),
        GameResult::Draw | GameResult::DoubleForfeit => None,
    }
}

/// The winner and loser of a match, once decided.
pub fn match_result(
    t: &Tournament,
    round: Round,
    stage: Stage,
    a: PlayerNo,
    b: PlayerNo,
) -> Option<(PlayerNo, PlayerNo)> {
    let games = match_games(t, round, stage, a, b);
    for kind in [GameKind::Slow, GameKind::Rapid, GameKind::Armageddon] {
        let g = games.iter().find(|g| g.game == kind)?;
        g.result?;
        if let Some(w) = game_winner(g) {
            return Some((w, if w == a { b } else { a }));
        }
        if g.result == Some(GameResult::DoubleForfeit) {
            // Both absent: the better seed goes through (nothing else decides it).
            let seeds = seeds(t);
            let pos = |p| seeds.iter().position(|s| *s == p).unwrap_or(usize::MAX);
            return Some(if pos(a) <= pos(b) { (a, b) } else { (b, a) });
        }
    }
    None
}

/// The semi-final pairs as (better seed, worse seed): 1 v 4 and 2 v 3.
fn semi_pairs(seeds: &[PlayerNo]) -> Option<[(PlayerNo, PlayerNo); 2]> {
    match seeds {
        [a, b, c, d] => Some([(*a, *d), (*b, *c)]),
        _ => None,
    }
}

/// The knockout boards (red, black, stage) to pair in `round`. `choices` are players who
/// chose red where colour counts are equal.
pub fn pairings(
    t: &Tournament,
    round: Round,
    choices: &[PlayerNo],
) -> Result<Vec<(PlayerNo, PlayerNo, Stage)>, Refusal> {
    let Some(k) = t.rules.format.knockout() else {
        return Ok(Vec::new());
    };
    let seeds = seeds(t);
    let rank = |p: PlayerNo| seeds.iter().position(|s| *s == p).unwrap_or(usize::MAX);
    if round.0 == k.after_round + 1 {
        let Some(semis) = semi_pairs(&seeds) else {
            return Err(Refusal::TooFewFinalists {
                found: seeds.len(),
                after: Round(k.after_round),
            });
        };
        return Ok(semis
            .iter()
            .map(|(a, b)| {
                let (r, bl) = slow_colours(t, *a, *b, choices);
                (r, bl, Stage::SemiFinal)
            })
            .collect());
    }
    if round.0 == k.after_round + 2 {
        let semi_round = Round(k.after_round + 1);
        let Some(semis) = semi_pairs(&seeds) else {
            return Ok(Vec::new());
        };
        let mut winners = Vec::new();
        let mut losers = Vec::new();
        for (a, b) in semis {
            let Some((w, l)) = match_result(t, semi_round, Stage::SemiFinal, a, b) else {
                return Err(Refusal::SemiFinalOpen { a, b });
            };
            winners.push(w);
            losers.push(l);
        }
        let ordered = |x: PlayerNo, y: PlayerNo| if rank(x) <= rank(y) { (x, y) } else { (y, x) };
        let (fa, fb) = ordered(winners[0], winners[1]);
        let (ta, tb) = ordered(losers[0], losers[1]);
        let (fr, fbk) = slow_colours(t, fa, fb, choices);
        let (tr, tbk) = slow_colours(t, ta, tb, choices);
        return Ok(vec![(fr, fbk, Stage::Final), (tr, tbk, Stage::ThirdPlace)]);
    }
    Ok(Vec::new())
}

/// The knockout matches of `round` whose colour counts are equal, so that the higher-ranked
/// player chooses (docs/rules.md#7-knockout): (higher-ranked, lower-ranked) pairs. Empty when no choice is
/// due (or the round cannot be paired yet).
pub fn colour_choices(t: &Tournament, round: Round) -> Vec<(PlayerNo, PlayerNo)> {
    let seeds = seeds(t);
    let rank = |p: PlayerNo| seeds.iter().position(|s| *s == p).unwrap_or(usize::MAX);
    pairings(t, round, &[])
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(r, b, _)| {
            let (rr, rb) = colour_counts(t, r);
            let (br, bb) = colour_counts(t, b);
            (rr - rb == br - bb).then(|| if rank(r) <= rank(b) { (r, b) } else { (b, r) })
        })
        .collect()
}

/// A deterministic lot for the armageddon's colours, derived from the event and the match so
/// that anyone can reproduce it; the seed is recorded in the event.
fn lot_seed(t: &Tournament, round: Round, one: PlayerNo, two: PlayerNo) -> u64 {
    let mut hasher = Sha256::new();
    hasher.update(t.title.as_bytes());
    hasher.update(round.0.to_le_bytes());
    hasher.update(one.0.min(two.0).to_le_bytes());
    hasher.update(one.0.max(two.0).to_le_bytes());
    let d = hasher.finalize();
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&d[..8]);
    u64::from_le_bytes(bytes)
}

/// After a result on a knockout board (`after` already holds it): the tie-break game the
/// match needs next, if any.
pub fn follow_up(after: &Tournament, round: Round, board: Board) -> Option<Event> {
    let g = after.game(round, board)?;
    if g.stage == Stage::Swiss || g.result != Some(GameResult::Draw) {
        return None;
    }
    let games = match_games(after, round, g.stage, g.red, g.black);
    let next = match g.game {
        GameKind::Slow => GameKind::Rapid,
        GameKind::Rapid => GameKind::Armageddon,
        GameKind::Armageddon => return None,
    };
    if games.iter().any(|x| x.game == next) {
        return None;
    }
    let r = after.round(round)?;
    let (red, black, lot) = if next == GameKind::Rapid {
        // Rapid: colours swapped from the slow game.
        (g.black, g.red, None)
    } else {
        let seed = lot_seed(after, round, g.red, g.black);
        let (lo, hi) = (g.red.min(g.black), g.red.max(g.black));
        if seed.is_multiple_of(2) {
            (lo, hi, Some(seed))
        } else {
            (hi, lo, Some(seed))
        }
    };
    Some(Event::GameAdded {
        round,
        game: Pairing {
            board: Board(r.games.len() as u32 + 1),
            red,
            black,
            stage: g.stage,
            game: next,
        },
        lot_seed: lot,
    })
}

/// Places 1–4 from the knockout once the final and the third-place match are decided.
pub fn final_places(t: &Tournament) -> Option<[PlayerNo; 4]> {
    let k = t.rules.format.knockout()?;
    let round = Round(k.after_round + 2);
    let r = t.round(round)?;
    let find = |stage: Stage| {
        r.games
            .iter()
            .find(|g| g.stage == stage && g.game == GameKind::Slow)
    };
    let f = find(Stage::Final)?;
    let third = find(Stage::ThirdPlace)?;
    let (w1, l1) = match_result(t, round, Stage::Final, f.red, f.black)?;
    let (w3, l3) = match_result(t, round, Stage::ThirdPlace, third.red, third.black)?;
    Some([w1, l1, w3, l3])
}

/// The order of the finalists at the top of the first section after `after`: the knockout's
/// places once the final and third-place matches are decided, the seed order before.
/// `None` when the event has no knockout or the Swiss round that selects it is not past.
pub fn places_after(t: &Tournament, after: Round) -> Option<Vec<PlayerNo>> {
    let k = t.rules.format.knockout()?;
    if after.0 <= k.after_round {
        return None;
    }
    if after.0 >= k.after_round + 2
        && let Some(places) = final_places(t)
    {
        return Some(places.to_vec());
    }
    let seeds = seeds(t);
    (!seeds.is_empty()).then_some(seeds)
}

/// Points a finalist scored in slow knockout games up to `after` (for opponent score:
/// docs/rules.md#7-knockout, a drawn slow game still scores the draw points).
pub fn slow_game_points(t: &Tournament, no: PlayerNo, after: Round) -> u32 {
    t.rounds
        .iter()
        .take(after.index() + 1)
        .flat_map(|r| &r.games)
        .filter(|g| g.stage != Stage::Swiss && g.game == GameKind::Slow)
        .filter_map(|g| {
            let side = g.side_of(no)?;
            g.result.map(|res| t.rules.points.for_result(res, side))
        })
        .fold(0, u32::saturating_add)
}

#[cfg(test)]
pub(crate) mod fixture;
#[cfg(test)]
mod tests;

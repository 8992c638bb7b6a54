//! Knockout finals for the top 2, 4 or 8 after the configured Swiss round
//! (docs/rules.md#7-knockout; seed 003 takes four, `wxf-2023` two).
//!
//! After round `after_round` the top `players` (of the first section, active players) leave
//! the Swiss: with eight, quarter-finals 1 v 8, 2 v 7, 3 v 6, 4 v 5; with four (or the eight's
//! winners, keeping the bracket), semi-finals 1 v 4 and 2 v 3; then the final and, after
//! semi-finals, the third-place match (`bracket`). With two, the final alone. Each match is one slow game; if drawn, a rapid game with colours
//! swapped; if drawn again, an armageddon game with colours by lot (a recorded seed), where a
//! draw counts as a black win. Knockout games sit in the same rounds as the Swiss boards of
//! the others and never count for Swiss points (standings add the slow games' points to a
//! finalist's score for opponent score only).

pub mod bracket;
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

/// The finalists in seed order (1st to `players`th after the Swiss round), once that round is
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
    // Once the first knockout round is paired the seeds are fixed: a finalist who withdraws later
    // (by hand or by the consecutive-forfeit rule) stays a seed, and the knockout goes on.
    if let Some(first) = t.round(Round(k.after_round + 1)) {
        let paired: Vec<PlayerNo> = first
            .games
            .iter()
            .filter(|g| g.stage != Stage::Swiss)
            .flat_map(|g| [g.red, g.black])
            .collect();
        if !paired.is_empty() {
            return table
                .iter()
                .filter(|(no, _)| paired.contains(no))
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

/// The matches of knockout round `step` (0 for the first, after the selecting round) as
/// (better seed, worse seed, stage), in board order: by the better seed's rank, the
/// third-place match after the final. Later rounds keep the bracket: the winners of
/// neighbouring matches meet (`bracket::first_round`). Empty when the seeds do not fill the
/// bracket or `step` is past it.
///
/// # Errors
///
/// A match of an earlier knockout round is not decided yet (`MatchOpen`).
fn round_matches(
    t: &Tournament,
    k: &config::Knockout,
    seeds: &[PlayerNo],
    step: u32,
) -> Result<Vec<(PlayerNo, PlayerNo, Stage)>, Refusal> {
    let rank = |p: PlayerNo| seeds.iter().position(|s| *s == p).unwrap_or(usize::MAX);
    let ordered = |x: PlayerNo, y: PlayerNo| if rank(x) <= rank(y) { (x, y) } else { (y, x) };
    let slots = (seeds.len() == k.players as usize)
        .then(|| bracket::first_round(seeds))
        .flatten();
    let Some(mut slots) = slots else {
        return Ok(Vec::new());
    };
    let mut losers = Vec::new();
    for done in 0..step {
        let round = Round(k.after_round + 1 + done);
        let stage = bracket::stage(slots.len() * 2);
        let mut winners = Vec::new();
        losers.clear();
        for &(a, b) in &slots {
            let Some((w, l)) = match_result(t, round, stage, a, b) else {
                return Err(Refusal::MatchOpen { stage, a, b });
            };
            winners.push(w);
            losers.push(l);
        }
        if winners.len() < 2 {
            return Ok(Vec::new());
        }
        slots = winners.chunks(2).map(|w| ordered(w[0], w[1])).collect();
    }
    let stage = bracket::stage(slots.len() * 2);
    let mut out: Vec<(PlayerNo, PlayerNo, Stage)> =
        slots.into_iter().map(|(a, b)| (a, b, stage)).collect();
    out.sort_by_key(|(a, _, _)| rank(*a));
    if stage == Stage::Final
        && let [x, y] = losers[..]
    {
        let (a, b) = ordered(x, y);
        out.push((a, b, Stage::ThirdPlace));
    }
    Ok(out)
}

/// The knockout boards (red, black, stage) to pair in `round`. `choices` are players who
/// chose red where colour counts are equal.
///
/// # Errors
///
/// Too few players to fill the bracket after the selecting round (`TooFewFinalists`), or a
/// match of the knockout round before `round` not decided yet (`MatchOpen`).
pub fn pairings(
    t: &Tournament,
    round: Round,
    choices: &[PlayerNo],
) -> Result<Vec<(PlayerNo, PlayerNo, Stage)>, Refusal> {
    let Some(k) = t.rules.format.knockout() else {
        return Ok(Vec::new());
    };
    if !k.plays(round.0) {
        return Ok(Vec::new());
    }
    let seeds = seeds(t);
    let step = round.0 - k.after_round - 1;
    if step == 0 && seeds.len() != k.players as usize {
        return Err(Refusal::TooFewFinalists {
            found: seeds.len(),
            after: Round(k.after_round),
            needed: k.players,
        });
    }
    Ok(round_matches(t, k, &seeds, step)?
        .into_iter()
        .map(|(a, b, stage)| {
            let (r, bl) = slow_colours(t, a, b, choices);
            (r, bl, stage)
        })
        .collect())
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

/// The losers of knockout round `step` in seed order, once every match of it is decided.
fn losers_of(t: &Tournament, k: &config::Knockout, step: u32) -> Option<Vec<PlayerNo>> {
    let seeds = seeds(t);
    let round = Round(k.after_round + 1 + step);
    let matches = round_matches(t, k, &seeds, step).ok()?;
    if matches.is_empty() {
        return None;
    }
    let mut losers = Vec::new();
    for (a, b, stage) in matches {
        losers.push(match_result(t, round, stage, a, b)?.1);
    }
    losers.sort_by_key(|p| seeds.iter().position(|s| s == p));
    Some(losers)
}

/// The quarter-finals' losers in seed order (the Swiss order of the selecting round), once
/// all four quarter-finals are decided: places 5–8 of finals for eight; `None` for a smaller
/// bracket.
pub fn quarter_final_losers(t: &Tournament) -> Option<Vec<PlayerNo>> {
    let k = t.rules.format.knockout()?;
    (k.depth() == 3).then(|| losers_of(t, k, 0)).flatten()
}

/// The knockout's places once its last round is decided: the final's winner and loser; with
/// four or eight players the third-place match's; with eight the quarter-finals' losers in
/// seed order (places 5–8).
pub fn final_places(t: &Tournament) -> Option<Vec<PlayerNo>> {
    let k = t.rules.format.knockout()?;
    let last = k.depth() - 1;
    let round = Round(k.after_round + 1 + last);
    let matches = round_matches(t, k, &seeds(t), last).ok()?;
    if matches.is_empty() {
        return None;
    }
    let mut places = Vec::new();
    for (a, b, stage) in matches {
        let (w, l) = match_result(t, round, stage, a, b)?;
        places.extend([w, l]);
    }
    places.extend(quarter_final_losers(t).unwrap_or_default());
    Some(places)
}

/// The order of the finalists at the top of the first section after `after`: the knockout's
/// places once its last round is decided; before, the seed order, with the quarter-finals'
/// losers (places 5–8, decided) after the others once all four are known.
/// `None` when the event has no knockout or the Swiss round that selects it is not past.
pub fn places_after(t: &Tournament, after: Round) -> Option<Vec<PlayerNo>> {
    let k = t.rules.format.knockout()?;
    if after.0 <= k.after_round {
        return None;
    }
    if after.0 >= k.last_round()
        && let Some(places) = final_places(t)
    {
        return Some(places);
    }
    let mut seeds = seeds(t);
    if let Some(out) = quarter_final_losers(t) {
        seeds.retain(|p| !out.contains(p));
        seeds.extend(out);
    }
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
#[cfg(test)]
mod tests_sizes;
